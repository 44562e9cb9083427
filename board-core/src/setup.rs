//! The error of a rejected setup, the same in every game.

use core::fmt;

/// A setup that a game's validation rejected: the setup, handed back, and
/// every problem found in it (never empty). Each game crate names it for
/// its own `Setup` and `SetupProblem`:
/// `pub type SetupError = board_core::SetupError<Setup, SetupProblem>;`.
///
/// ```
/// use board_core::SetupError;
/// let err = SetupError { setup: "a board", problems: vec!["a1 is taken twice", "no king"] };
/// assert_eq!(err.to_string(), "invalid setup: a1 is taken twice; no king");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SetupError<S, P> {
    /// The rejected setup.
    pub setup: S,
    /// Every problem, in the order found.
    pub problems: Vec<P>,
}

impl<S, P: fmt::Display> fmt::Display for SetupError<S, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid setup: ")?;
        for (i, problem) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl<S: fmt::Debug, P: fmt::Display + fmt::Debug> std::error::Error for SetupError<S, P> {}

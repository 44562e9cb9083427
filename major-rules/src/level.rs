//! The computer levels: names and documented search budgets. (The
//! searching itself is in the `ai` module.)

use core::fmt;
use core::str::FromStr;

/// A computer level: a search budget.
///
/// | level | depth (plies) | node limit | quiescence |
/// |---|---:|---:|---|
/// | easy | 1 | 10 000 | no |
/// | medium | 3 | 200 000 | yes |
/// | hard | 5 | 1 000 000 | yes |
///
/// Each level beats the one below in self-play on every board (see the
/// crate README for the match results and the command). With the `ai`
/// feature, `Level::limits` gives the budget as `board-search` limits.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// One ply with the evaluation.
    Easy,
    /// Three plies with quiescence.
    Medium,
    /// Five plies with quiescence.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// Whether the level searches captures and edge landings beyond its
    /// depth.
    #[must_use]
    pub const fn quiescence(self) -> bool {
        !matches!(self, Level::Easy)
    }

    /// The name: `easy`, `medium`, `hard`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not `easy`, `medium` or `hard`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{found:?} is not a level (easy, medium, hard)")]
pub struct UnknownLevel {
    /// The text.
    pub found: String,
}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLevel {
                found: s.to_owned(),
            })
    }
}

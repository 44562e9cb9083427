//! What a search reports.

use std::time::Duration;

/// What a score is: the exact value, or a bound on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Bound {
    /// The score is the value.
    #[default]
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

impl Bound {
    /// Whether a stored `score` with this bound settles a node searched with
    /// the window `(alpha, beta)`: an exact score always, a lower bound at or
    /// above `beta`, an upper bound at or below `alpha`.
    ///
    /// ```
    /// use board_search::Bound;
    /// assert!(Bound::Lower.cuts(50, 0, 40));
    /// assert!(!Bound::Upper.cuts(50, 0, 40));
    /// assert!(Bound::Exact.cuts(20, 0, 40));
    /// ```
    #[inline]
    #[must_use]
    pub fn cuts<S: PartialOrd>(self, score: S, alpha: S, beta: S) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// The result of a search, or of one of its iterations (see the progress
/// callbacks).
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult<M, S = i32> {
    /// The best move found; `None` only when the position has no legal move
    /// (the game is over).
    pub best_move: Option<M>,
    /// Its score, from the point of view of the player to move.
    pub score: S,
    /// What the score is.
    pub bound: Bound,
    /// The principal variation: the best move and the expected replies.
    pub pv: Vec<M>,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited by the whole search so far (including an unfinished
    /// iteration).
    pub nodes: u64,
    /// Time spent so far.
    pub elapsed: Duration,
}

impl<M, S> SearchResult<M, S> {
    /// Nodes per second.
    #[must_use]
    pub fn nps(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.nodes as f64 / secs
        } else {
            0.0
        }
    }
}

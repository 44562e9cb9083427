//! Playing strength: each [`Level`] a fixed search [`Budget`] (depth and
//! nodes, never time, so that games replay identically).

use std::time::Duration;

use board_search::Level;

/// A search budget: deterministic for a given position.
///
/// | level | midgame search | exact solve from |
/// |---|---|---|
/// | easy | 1 ply | 4 empties |
/// | medium | 3 plies | 10 empties |
/// | hard | 6 plies | 14 empties |
/// | max | 9 plies, at most 4 M nodes | 18 empties |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Budget {
    /// Midgame search depth, in plies.
    pub depth: u32,
    /// Midgame node limit (the last completed iteration is played).
    pub nodes: Option<u64>,
    /// With at most this many empty squares, the exact solver chooses.
    pub exact_empties: u32,
    /// Midgame time limit; `None` for every level, which stay
    /// deterministic ([`Budget::timed`] sets one).
    pub time: Option<Duration>,
    /// Threads of the midgame search (lazy SMP); 1 for every level.
    pub threads: usize,
}

/// The budget of a level (the table of [`Budget`]).
///
/// ```
/// use reversi_rules::ai::{Level, limits};
/// assert_eq!(limits(Level::Hard).exact_empties, 14);
/// ```
#[must_use]
pub const fn limits(level: Level) -> Budget {
    match level {
        Level::Easy => Budget {
            depth: 1,
            nodes: None,
            exact_empties: 4,
            time: None,
            threads: 1,
        },
        Level::Medium => Budget {
            depth: 3,
            nodes: None,
            exact_empties: 10,
            time: None,
            threads: 1,
        },
        Level::Hard => Budget {
            depth: 6,
            nodes: None,
            exact_empties: 14,
            time: None,
            threads: 1,
        },
        Level::Max => Budget {
            depth: 9,
            nodes: Some(4_000_000),
            exact_empties: 18,
            time: None,
            threads: 1,
        },
    }
}

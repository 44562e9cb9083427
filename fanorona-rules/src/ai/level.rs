//! Levels as fixed search budgets.

use board_search::Limits;

use super::Level;

/// The search limits of a [`Level`]: a fixed budget in whole turns and
/// nodes, never a time, so the same position gets the same answer on every
/// machine:
///
/// | level | depth (whole turns) | node limit |
/// |---|---|---|
/// | easy | 1 | — |
/// | medium | 3 | — |
/// | hard | 6 | — |
/// | max | 9 | 3,000,000 (the last completed depth is played) |
///
/// Each searches with a fresh transposition table (16 MiB) for every move.
///
/// ```
/// use fanorona_rules::ai::{Level, limits};
/// assert_eq!(limits(Level::Hard).depth, Some(6));
/// ```
#[must_use]
pub fn limits(level: Level) -> Limits {
    match level {
        Level::Easy => Limits::depth(1),
        Level::Medium => Limits::depth(3),
        Level::Hard => Limits::depth(6),
        Level::Max => Limits::depth(9).and_nodes(3_000_000),
    }
}

//! The budgets of the computer levels.

use board_search::{Level, Limits};

/// The search limits of a [`Level`], depth and nodes, never time:
///
/// | level | depth (plies) | node limit | quiescence |
/// |---|---:|---:|---|
/// | easy | 1 | 10 000 | no |
/// | medium | 3 | 200 000 | yes |
/// | hard | 5 | 1 000 000 | yes |
/// | max | 7 | 4 000 000 | yes |
///
/// Each level beats the one below in self-play (see the crate README for
/// the match results and the command).
///
/// ```
/// use major_rules::ai::{Level, limits};
/// assert_eq!(limits(Level::Medium).nodes, Some(200_000));
/// ```
#[must_use]
pub fn limits(level: Level) -> Limits {
    match level {
        Level::Easy => Limits::depth(1).and_nodes(10_000),
        Level::Medium => Limits::depth(3).and_nodes(200_000),
        Level::Hard => Limits::depth(5).and_nodes(1_000_000),
        Level::Max => Limits::depth(7).and_nodes(4_000_000),
    }
}

/// Whether a level searches captures and edge landings beyond its depth
/// (every level but easy).
#[must_use]
pub const fn quiescence(level: Level) -> bool {
    !matches!(level, Level::Easy)
}

//! The budgets of the computer levels: nodes and depth, never wall time,
//! so that a level plays the same move in the same game on every machine.

use board_search::{ExpectimaxOptions, Level, Limits};

/// The search limits of a [`Level`] (depth and nodes, no time):
///
/// | level | player | budget per move |
/// |---|---|---|
/// | easy | one ply, greedy over the view's expected material | one ply |
/// | medium | expectimax over the belief game | 2 plies + 4 of quiescence, at most 20 000 nodes |
/// | hard | expectimax over the belief game | at most 400 000 nodes (iterative deepening, 8 plies of quiescence) |
/// | max | expectimax over the belief game, its enemy model read from the enemy's attacks ([`Settings::adapt_enemy_model`](super::Settings::adapt_enemy_model)) | at most 3 000 000 nodes (12 plies of quiescence) |
///
/// The search is Star1/Star2 expectimax with StarETC, killers, history and
/// a table emptied before every move; the node budget ends an iteration,
/// and the best root move it proved (else the last completed iteration's)
/// is played. docs/measurements/stratego.md gives the self-play results
/// between the levels and the depth `hard` reaches.
///
/// ```
/// use stratego_rules::ai::{Level, limits};
/// assert_eq!(limits(Level::Hard).nodes, Some(400_000));
/// assert!(limits(Level::Max).time.is_none());
/// ```
#[must_use]
pub fn limits(level: Level) -> Limits {
    match level {
        Level::Easy => Limits::depth(1),
        Level::Medium => Limits::depth(2).and_nodes(20_000),
        Level::Hard => Limits::nodes(400_000),
        Level::Max => Limits::nodes(3_000_000),
    }
}

/// The expectimax options of a searching level: the quiescence depth, and
/// the table sized to the budget (1, 16 and 64 MiB).
///
/// ```
/// use stratego_rules::ai::{Level, search_options};
/// assert_eq!(search_options(Level::Max).tt_mib, 64);
/// ```
#[must_use]
pub fn search_options(level: Level) -> ExpectimaxOptions {
    ExpectimaxOptions {
        quiescence_plies: match level {
            Level::Easy => 0,
            Level::Medium => 4,
            Level::Hard => 8,
            Level::Max => 12,
        },
        tt_mib: match level {
            Level::Easy | Level::Medium => 1,
            Level::Hard => 16,
            Level::Max => 64,
        },
        ..ExpectimaxOptions::default()
    }
}

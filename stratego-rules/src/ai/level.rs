//! The computer's levels: documented budgets in nodes and depth, never
//! wall time, so that a level plays the same move in the same game on
//! every machine.

use core::fmt;
use core::str::FromStr;

use board_search::{ExpectimaxOptions, Limits};

/// The strength of the computer.
///
/// | level | player | budget per move |
/// |---|---|---|
/// | easy | one ply, greedy over the view's expected material | one ply |
/// | medium | expectimax over the belief game | 2 plies + 4 of quiescence, at most 20 000 nodes |
/// | hard | expectimax over the belief game | at most 400 000 nodes (iterative deepening, 8 plies of quiescence) |
/// | max | expectimax over the belief game | at most 3 000 000 nodes (12 plies of quiescence) |
///
/// The search is Star1/Star2 expectimax with StarETC, killers, history and
/// a table emptied before every move; the node budget ends an iteration,
/// and the best root move it proved (else the last completed iteration's)
/// is played. The crate
/// README gives the self-play results between the levels and the depth
/// `hard` reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Level {
    /// One ply, greedy.
    Easy,
    /// Two plies of expectimax and a short quiescence.
    Medium,
    /// 400 000 nodes of expectimax.
    Hard,
    /// 3 000 000 nodes of expectimax.
    Max,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Max];

    /// The name: `easy`, `medium`, `hard`, `max`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Max => "max",
        }
    }

    /// The search limits of a searching level (depth and nodes, no time).
    #[must_use]
    pub fn limits(self) -> Limits {
        match self {
            Level::Easy => Limits::depth(1),
            Level::Medium => Limits::depth(2).and_nodes(20_000),
            Level::Hard => Limits::nodes(400_000),
            Level::Max => Limits::nodes(3_000_000),
        }
    }

    /// The expectimax options of a searching level (the table sized to
    /// the budget: 1, 16 and 64 MiB).
    #[must_use]
    pub fn search_options(self) -> ExpectimaxOptions {
        ExpectimaxOptions {
            quiescence_plies: match self {
                Level::Easy => 0,
                Level::Medium => 4,
                Level::Hard => 8,
                Level::Max => 12,
            },
            tt_mib: match self {
                Level::Easy | Level::Medium => 1,
                Level::Hard => 16,
                Level::Max => 64,
            },
            ..ExpectimaxOptions::default()
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not `easy`, `medium`, `hard` or `max`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a level (easy, medium, hard or max)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    /// ```
    /// use stratego_rules::ai::Level;
    /// assert_eq!("Hard".parse(), Ok(Level::Hard));
    /// assert!("expert".parse::<Level>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_owned()))
    }
}

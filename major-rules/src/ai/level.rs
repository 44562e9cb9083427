//! The computer levels: names and documented search budgets.

use core::fmt;
use core::str::FromStr;

use board_search::Limits;

/// A computer level: a search budget.
///
/// | level | depth (plies) | node limit | quiescence |
/// |---|---:|---:|---|
/// | easy | 1 | 10 000 | no |
/// | medium | 3 | 200 000 | yes |
/// | hard | 5 | 1 000 000 | yes |
/// | max | 7 | 4 000 000 | yes |
///
/// Each level beats the one below in self-play (see the crate README for
/// the match results and the command). [`Level::limits`] gives the budget
/// as `board-search` limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Level {
    /// One ply with the evaluation.
    Easy,
    /// Three plies with quiescence.
    Medium,
    /// Five plies with quiescence.
    Hard,
    /// Seven plies with quiescence.
    Max,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Max];

    /// Whether the level searches captures and edge landings beyond its
    /// depth.
    #[must_use]
    pub const fn quiescence(self) -> bool {
        !matches!(self, Level::Easy)
    }

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

    /// The level's search limits (see [`Level`] for the table).
    #[must_use]
    pub fn limits(self) -> Limits {
        match self {
            Level::Easy => Limits::depth(1).and_nodes(10_000),
            Level::Medium => Limits::depth(3).and_nodes(200_000),
            Level::Hard => Limits::depth(5).and_nodes(1_000_000),
            Level::Max => Limits::depth(7).and_nodes(4_000_000),
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

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_owned()))
    }
}

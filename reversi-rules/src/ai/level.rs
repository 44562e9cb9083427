//! Playing strength: [`Level`]s as fixed search budgets (depth and nodes,
//! never time, so that games replay identically).

/// A playing level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// 1-ply search; exact play over the last 4 empties.
    Easy,
    /// 3-ply search; exact over the last 10.
    Medium,
    /// 6-ply search; exact over the last 14.
    Hard,
    /// 9-ply search (at most 4 M nodes a move); exact over the last 18.
    Max,
}

/// A search budget: deterministic for a given position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Budget {
    /// Midgame search depth, in plies.
    pub depth: u32,
    /// Midgame node limit (the last completed iteration is played).
    pub nodes: Option<u64>,
    /// With at most this many empty squares, the exact solver chooses.
    pub exact_empties: u32,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Max];

    /// The level's budget.
    #[must_use]
    pub const fn budget(self) -> Budget {
        match self {
            Level::Easy => Budget {
                depth: 1,
                nodes: None,
                exact_empties: 4,
            },
            Level::Medium => Budget {
                depth: 3,
                nodes: None,
                exact_empties: 10,
            },
            Level::Hard => Budget {
                depth: 6,
                nodes: None,
                exact_empties: 14,
            },
            Level::Max => Budget {
                depth: 9,
                nodes: Some(4_000_000),
                exact_empties: 18,
            },
        }
    }

    /// The level's name (`easy`, `medium`, `hard`, `max`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Max => "max",
        }
    }
}

/// A level name that is not one of `easy`, `medium`, `hard`, `max`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}: expected easy, medium, hard or max")]
pub struct ParseLevelError(pub String);

impl core::str::FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_owned()))
    }
}

impl core::fmt::Display for Level {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

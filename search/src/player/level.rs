//! The four strengths of a computer player, named the same in every game.

use core::fmt;
use core::str::FromStr;

/// The strength of a computer player: `easy`, `medium`, `hard` and `max` in
/// every Spielwerk game. What each level searches is the game's own
/// budget of depth and nodes (never time, so that a level plays the same
/// move on every machine); each game's `ai` module documents its table
/// and re-exports this type as `ai::Level`.
///
/// ```
/// use board_search::Level;
/// assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
/// assert_eq!(Level::Max.to_string(), "max");
/// assert!(Level::Easy < Level::Medium);
/// assert!("expert".parse::<Level>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Level {
    /// The weakest: a shallow search, for beginners.
    Easy,
    /// A few moves ahead.
    Medium,
    /// Deeper.
    Hard,
    /// The strongest budget the game offers.
    Max,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Max];

    /// The level's name: `easy`, `medium`, `hard` or `max`.
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

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not `easy`, `medium`, `hard` or `max` (in any case,
/// around white space).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a level (easy, medium, hard or max)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_parses_from_its_name_in_any_case() {
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>(), Ok(l));
            assert_eq!(
                format!(" {} ", l.name().to_uppercase()).parse::<Level>(),
                Ok(l)
            );
        }
        assert!(Level::ALL.windows(2).all(|w| w[0] < w[1]));
        let err = "grandmaster".parse::<Level>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "\"grandmaster\" is not a level (easy, medium, hard or max)"
        );
    }
}

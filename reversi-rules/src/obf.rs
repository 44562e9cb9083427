//! OBF lines: a position in FFO form with the exact score of its moves,
//! as in the FFO endgame test files (`fforum-*.obf`).

use core::fmt;
use core::str::FromStr;

use crate::{Move, ParseMoveError, ParsePositionError, Position};

/// A position and its moves with their exact scores (final disc
/// difference for the side to move, empty squares to the winner), best
/// first: `<board> X; G8:+18; H1:+12;`.
///
/// ```
/// use reversi_rules::{Move, obf::ObfLine};
/// let text = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";
/// let line: ObfLine = text.parse()?;
/// assert_eq!(line.scores, [("g8".parse::<Move>()?, 18), ("h1".parse::<Move>()?, 12)]);
/// assert_eq!(line.best_score(), Some(18));
/// assert_eq!(line.to_string(), text);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ObfLine {
    /// The position.
    pub position: Position,
    /// Moves with their exact scores, in file order (best first).
    pub scores: Vec<(Move, i32)>,
}

impl ObfLine {
    /// The best score listed.
    #[must_use]
    pub fn best_score(&self) -> Option<i32> {
        self.scores.iter().map(|&(_, s)| s).max()
    }
}

/// Why an OBF line was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseObfError {
    /// The position is not in FFO form.
    #[error("bad position: {0}")]
    Position(#[from] ParsePositionError),
    /// Something other than `;` follows the side to move.
    #[error("expected ';' after the side to move, found {0:?}")]
    MissingSemicolon(String),
    /// A move-score item has no `:`.
    #[error("item {item} {text:?}: expected MOVE:SCORE")]
    MissingColon {
        /// The item, from 1.
        item: usize,
        /// Its text.
        text: String,
    },
    /// The move of an item is bad.
    #[error("item {item}: {source}")]
    BadMove {
        /// The item, from 1.
        item: usize,
        /// What is wrong with the move.
        source: ParseMoveError,
    },
    /// The score of an item is not a number of -64..=64.
    #[error("item {item}: bad score {text:?}")]
    BadScore {
        /// The item, from 1.
        item: usize,
        /// The score text.
        text: String,
    },
}

impl FromStr for ObfLine {
    type Err = ParseObfError;

    fn from_str(s: &str) -> Result<ObfLine, ParseObfError> {
        let (position, rest) = Position::parse_prefix(s)?;
        let rest = rest.trim();
        let rest = if rest.is_empty() {
            rest
        } else {
            rest.strip_prefix(';')
                .ok_or_else(|| ParseObfError::MissingSemicolon(rest.to_owned()))?
        };
        let mut scores = Vec::new();
        for (i, item) in rest
            .split(';')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .enumerate()
        {
            let number = i + 1;
            let (mv, score) = item
                .split_once(':')
                .ok_or_else(|| ParseObfError::MissingColon {
                    item: number,
                    text: item.to_owned(),
                })?;
            let mv: Move = mv.trim().parse().map_err(|source| ParseObfError::BadMove {
                item: number,
                source,
            })?;
            let score = score.trim();
            let value = score
                .parse::<i32>()
                .ok()
                .filter(|v| (-64..=64).contains(v))
                .ok_or_else(|| ParseObfError::BadScore {
                    item: number,
                    text: score.to_owned(),
                })?;
            scores.push((mv, value));
        }
        Ok(ObfLine { position, scores })
    }
}

impl fmt::Display for ObfLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{};", self.position)?;
        for (mv, score) in &self.scores {
            write!(f, " {mv:#}:{score:+};")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

    #[test]
    fn errors() {
        assert!(matches!(
            format!("{BOARD} G8:+1").parse::<ObfLine>(),
            Err(ParseObfError::MissingSemicolon(_))
        ));
        assert!(matches!(
            format!("{BOARD}; G8+1;").parse::<ObfLine>(),
            Err(ParseObfError::MissingColon { item: 1, .. })
        ));
        assert!(matches!(
            format!("{BOARD}; G8:+1; Z9:+2;").parse::<ObfLine>(),
            Err(ParseObfError::BadMove { item: 2, .. })
        ));
        assert!(matches!(
            format!("{BOARD}; G8:+65;").parse::<ObfLine>(),
            Err(ParseObfError::BadScore { item: 1, .. })
        ));
        assert!(matches!(
            "XO".parse::<ObfLine>(),
            Err(ParseObfError::Position(_))
        ));
    }

    #[test]
    fn zero_scores_keep_their_sign() {
        let line: ObfLine = format!("{BOARD}; B2:+0;").parse().expect("valid");
        assert_eq!(line.to_string(), format!("{BOARD}; B2:+0;"));
    }
}

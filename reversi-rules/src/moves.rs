//! Moves (a disc on a square, or a forced pass) and their notation.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;

use crate::{ParseSquareError, Square};

/// A whole turn: a disc placed on a square, or a pass (allowed only when the
/// player has no other move).
///
/// Written `f5` and `pass`; the alternate form `{:#}` writes `F5` and `PS`
/// as Edax and the OBF files do. Parsing accepts either case and both
/// `pass` and `ps`.
///
/// ```
/// use reversi_rules::{Move, Square};
/// let mv: Move = "F5".parse()?;
/// assert_eq!(mv, Move::Place("f5".parse()?));
/// assert_eq!("ps".parse::<Move>()?, Move::Pass);
/// assert_eq!(format!("{} {:#}", mv, Move::Pass), "f5 PS");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// A disc on this (empty) square.
    Place(Square),
    /// The player has no legal move and passes.
    Pass,
}

impl Move {
    /// The square of a placing move, `None` for a pass.
    #[inline]
    #[must_use]
    pub const fn square(self) -> Option<Square> {
        match self {
            Move::Place(sq) => Some(sq),
            Move::Pass => None,
        }
    }

    /// Parses the move at the start of `s` (`pass`, `ps` or a square, any
    /// case) and returns it with the rest of `s`.
    pub(crate) fn parse_prefix(s: &str) -> Result<(Move, &str), ParseMoveError> {
        if s.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        for word in ["pass", "ps"] {
            if let Some(head) = s.get(..word.len())
                && head.eq_ignore_ascii_case(word)
            {
                return Ok((Move::Pass, s.get(word.len()..).unwrap_or("")));
            }
        }
        match Square::parse_prefix(s) {
            Ok((sq, rest)) => Ok((Move::Place(sq), rest)),
            Err(source) => Err(ParseMoveError::BadSquare {
                text: s.chars().take(2).collect(),
                source,
            }),
        }
    }
}

impl From<Square> for Move {
    fn from(sq: Square) -> Move {
        Move::Place(sq)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self, f.alternate()) {
            (Move::Place(sq), _) => fmt::Display::fmt(sq, f),
            (Move::Pass, false) => f.write_str("pass"),
            (Move::Pass, true) => f.write_str("PS"),
        }
    }
}

/// Why a move was rejected by the parser.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// Nothing to parse.
    #[error("empty move")]
    Empty,
    /// Neither a pass nor a square.
    #[error("bad move {text:?}: {source}")]
    BadSquare {
        /// The text that should have been a move (at most its first two
        /// characters).
        text: String,
        /// What is wrong with it as a square.
        source: ParseSquareError,
    },
    /// Characters follow the move.
    #[error("move {0:?} is too long: expected a square like f5, or pass/ps")]
    TooLong(String),
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Parses `f5`, `F5`, `pass`, `ps` (any case); nothing else.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let (mv, rest) = Move::parse_prefix(s)?;
        if rest.is_empty() {
            Ok(mv)
        } else {
            Err(ParseMoveError::TooLong(s.to_owned()))
        }
    }
}

#[cfg(feature = "serde")]
board_core::serde_as_text!(Move);

/// The legal moves of a position, in square order (or a single
/// [`Move::Pass`]).
///
/// Of fixed capacity 64, more than any position can have (a move needs an
/// empty square and at least two discs on the board), so filling it never
/// allocates and never overflows.
pub type MoveList = ArrayVec<Move, 64>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pass_spellings() {
        for s in ["pass", "PASS", "Pass", "ps", "PS", "pS"] {
            assert_eq!(s.parse::<Move>(), Ok(Move::Pass), "{s}");
        }
        assert_eq!(Move::Pass.to_string(), "pass");
        assert_eq!(format!("{:#}", Move::Pass), "PS");
    }

    #[test]
    fn errors() {
        assert_eq!("".parse::<Move>(), Err(ParseMoveError::Empty));
        assert!(matches!(
            "z9".parse::<Move>(),
            Err(ParseMoveError::BadSquare {
                source: ParseSquareError::Column { found: 'z', .. },
                ..
            })
        ));
        assert_eq!(
            "passe".parse::<Move>(),
            Err(ParseMoveError::TooLong("passe".into()))
        );
        assert_eq!(
            "f5d6".parse::<Move>(),
            Err(ParseMoveError::TooLong("f5d6".into()))
        );
        assert!("p".parse::<Move>().is_err());
    }
}

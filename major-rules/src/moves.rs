//! Moves as the spec writes them: `from-to` (`a4-b4`, `c3-e4`), each
//! square its column letter and row number ([`Square`]). Input may use `x`
//! instead of `-` for a capture (`d4xe5`); output always uses `-`.

use core::fmt;
use core::str::FromStr;

use board_core::coords::ParseSquareError;

use crate::square::Square;

/// A move: a piece goes from one square to another. Small and `Copy`; what
/// it captures or frees follows from the position it is played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl Move {
    /// A move from `from` to `to`.
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The column difference, `to - from`.
    #[must_use]
    pub const fn dcolumn(self) -> i32 {
        self.to.column() as i32 - self.from.column() as i32
    }

    /// The row difference, `to - from`.
    #[must_use]
    pub const fn drow(self) -> i32 {
        self.to.row() as i32 - self.from.row() as i32
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// Why a move was rejected by the parser.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// No `-` or `x` between the two squares.
    #[error("{found:?} has no '-' or 'x' between two squares")]
    NoSeparator {
        /// The text.
        found: String,
    },
    /// The square before the separator.
    #[error("bad from-square: {0}")]
    From(ParseSquareError),
    /// The square after the separator.
    #[error("bad to-square: {0}")]
    To(ParseSquareError),
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        // The first separator after the from-square's column letter: `x` is
        // never a column letter (columns end at `p`).
        let sep = s
            .char_indices()
            .skip(1)
            .find(|&(_, c)| c == '-' || c == 'x' || c == 'X')
            .map(|(i, _)| i)
            .ok_or_else(|| ParseMoveError::NoSeparator {
                found: s.to_owned(),
            })?;
        let from = s[..sep].parse().map_err(ParseMoveError::From)?;
        let to = s[sep + 1..].parse().map_err(ParseMoveError::To)?;
        Ok(Move { from, to })
    }
}

/// Parses a list of moves separated by whitespace (and optionally commas),
/// e.g. `"a4-b4 h5-g5"`. The error names the move's index (from 0).
///
/// ```
/// let moves = major_rules::parse_moves("a4-b4, h5xg5").unwrap();
/// assert_eq!(moves.len(), 2);
/// assert!(major_rules::parse_moves("a4-b4 zz").is_err());
/// ```
pub fn parse_moves(s: &str) -> Result<Vec<Move>, ParseMovesError> {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(index, t)| {
            t.parse()
                .map_err(|source| ParseMovesError { index, source })
        })
        .collect()
}

/// A move of a list that could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {} of the list: {source}", .index + 1)]
pub struct ParseMovesError {
    /// The index of the move in the list, from 0.
    pub index: usize,
    /// Why it was rejected.
    pub source: ParseMoveError,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn notation_squares_count_columns_from_the_left_and_rows_from_the_top() {
        let a1 = sq("a1");
        assert_eq!((a1.column(), a1.row()), (0, 0));
        let h8 = sq("h8");
        assert_eq!((h8.column(), h8.row()), (7, 7));
        let j6 = sq("j6");
        assert_eq!((j6.column(), j6.row()), (9, 5));
        assert_eq!(sq("p16").to_string(), "p16");
    }

    #[test]
    fn notation_move_accepts_dash_and_x_and_prints_dash() {
        let m: Move = "d4xe5".parse().unwrap();
        assert_eq!(m, "d4-e5".parse().unwrap());
        assert_eq!(m.to_string(), "d4-e5");
        assert_eq!(m.dcolumn(), 1);
        assert_eq!(m.drow(), 1);
    }

    #[test]
    fn notation_errors_say_what_is_wrong() {
        assert_eq!("".parse::<Square>(), Err(ParseSquareError::Empty));
        assert!(matches!(
            "z1".parse::<Square>(),
            Err(ParseSquareError::Column { found: 'z', .. })
        ));
        assert!(matches!(
            "a0".parse::<Square>(),
            Err(ParseSquareError::Row { .. })
        ));
        assert!(matches!(
            "a17".parse::<Square>(),
            Err(ParseSquareError::Row { .. })
        ));
        assert!(matches!(
            "a01".parse::<Square>(),
            Err(ParseSquareError::Row { .. })
        ));
        assert!(matches!(
            "a4b4".parse::<Move>(),
            Err(ParseMoveError::NoSeparator { .. })
        ));
        assert!(matches!("a4-".parse::<Move>(), Err(ParseMoveError::To(_))));
        assert!(matches!(
            "q4-a1".parse::<Move>(),
            Err(ParseMoveError::From(_))
        ));
        let e = parse_moves("a4-b4 h5-g5 oops").unwrap_err();
        assert_eq!(e.index, 2);
    }
}

#[cfg(feature = "serde")]
board_core::serde_as_text!(Move);

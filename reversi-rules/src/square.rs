//! Squares (`a1`..`h8`) and their notation.

use core::fmt;
use core::str::FromStr;

/// One of the 64 squares, `a1` (top left) to `h8` (bottom right).
///
/// Columns are the letters `a`..`h` from left to right, rows the digits
/// `1`..`8` from top to bottom, as in Othello notation and the FFO test
/// files. The square's [`index`](Square::index) is `8 * row + column`
/// (`a1` = 0, `h1` = 7, `a2` = 8, `h8` = 63), its bit in a bitboard.
///
/// ```
/// use reversi_rules::Square;
/// let f5: Square = "F5".parse()?;
/// assert_eq!((f5.column(), f5.row()), (5, 4));
/// assert_eq!(f5.to_string(), "f5");
/// assert_eq!(Square::new(37), Some(f5));
/// # Ok::<(), reversi_rules::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square of index `index` (0..64), `None` beyond.
    #[inline]
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `column` (0 = `a`) and `row` (0 = `1`), both 0..8.
    #[inline]
    #[must_use]
    pub const fn from_coords(column: u8, row: u8) -> Option<Square> {
        if column < 8 && row < 8 {
            Some(Square(row * 8 + column))
        } else {
            None
        }
    }

    /// The square at `column` and `row` taken modulo 8 (for callers that
    /// know them to be in range).
    #[inline]
    pub(crate) const fn from_coords_const(column: u8, row: u8) -> Square {
        Square((row & 7) * 8 + (column & 7))
    }

    /// All 64 squares in index order (`a1`, `b1`, ..., `h8`).
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// The index, `8 * row + column`, 0..64.
    #[inline]
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The column, 0 (`a`) to 7 (`h`).
    #[inline]
    #[must_use]
    pub const fn column(self) -> u8 {
        self.0 % 8
    }

    /// The row, 0 (`1`) to 7 (`8`).
    #[inline]
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / 8
    }

    /// The square's bit in a bitboard.
    #[inline]
    #[must_use]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The lowest square of a bitboard, `None` for an empty one.
    #[inline]
    #[must_use]
    pub const fn first_of(bits: u64) -> Option<Square> {
        if bits == 0 {
            None
        } else {
            Some(Square(bits.trailing_zeros() as u8))
        }
    }
}

/// Debug shows the square's name, as Display does (never the raw index).
///
/// ```
/// use reversi_rules::{Move, Square};
/// let g8: Square = "g8".parse()?;
/// assert_eq!(format!("{g8:?}"), "g8");
/// assert_eq!(format!("{:?}", Move::Place(g8)), "Place(g8)");
/// # Ok::<(), reversi_rules::ParseSquareError>(())
/// ```
impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let column = char::from(b'a' + self.column());
        let row = char::from(b'1' + self.row());
        if f.alternate() {
            write!(f, "{}{row}", column.to_ascii_uppercase())
        } else {
            write!(f, "{column}{row}")
        }
    }
}

/// Why a square name was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseSquareError {
    /// Nothing to parse.
    #[error("empty square name")]
    Empty,
    /// The first character is not a column letter `a`..`h`.
    #[error("bad column {0:?} in a square name: expected a letter a-h")]
    BadColumn(char),
    /// The column is not followed by a row digit.
    #[error("square name {0:?} has no row: expected a digit 1-8 after the column")]
    MissingRow(String),
    /// The second character is not a row digit `1`..`8`.
    #[error("bad row {0:?} in a square name: expected a digit 1-8")]
    BadRow(char),
    /// Characters follow the two of a square name.
    #[error("square name {0:?} is too long: a square is a letter a-h and a digit 1-8")]
    TooLong(String),
}

impl Square {
    /// Parses the square at the start of `s`: a column letter (either case)
    /// and a row digit. Returns the square and the rest of `s`.
    pub(crate) fn parse_prefix(s: &str) -> Result<(Square, &str), ParseSquareError> {
        let mut chars = s.chars();
        let c = chars.next().ok_or(ParseSquareError::Empty)?;
        let column = match c.to_ascii_lowercase() {
            l @ 'a'..='h' => l as u8 - b'a',
            _ => return Err(ParseSquareError::BadColumn(c)),
        };
        let r = chars
            .next()
            .ok_or_else(|| ParseSquareError::MissingRow(s.to_owned()))?;
        let row = match r {
            '1'..='8' => r as u8 - b'1',
            _ => return Err(ParseSquareError::BadRow(r)),
        };
        // Both characters are ASCII: the rest starts at byte 2.
        Ok((Square(row * 8 + column), s.get(2..).unwrap_or("")))
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `f5` or `F5`; nothing else, no surrounding spaces.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let (square, rest) = Square::parse_prefix(s)?;
        if rest.is_empty() {
            Ok(square)
        } else {
            Err(ParseSquareError::TooLong(s.to_owned()))
        }
    }
}

#[cfg(feature = "serde")]
board_core::serde_as_text!(Square);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_round_trips_in_both_cases() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(format!("{sq:#}").parse::<Square>(), Ok(sq));
        }
    }

    #[test]
    fn corners_have_the_spec_names() {
        assert_eq!(Square::new(0).map(|s| s.to_string()), Some("a1".into()));
        assert_eq!(Square::new(7).map(|s| s.to_string()), Some("h1".into()));
        assert_eq!(Square::new(56).map(|s| s.to_string()), Some("a8".into()));
        assert_eq!(Square::new(63).map(|s| s.to_string()), Some("h8".into()));
        assert_eq!(Square::new(64), None);
        assert_eq!(Square::from_coords(8, 0), None);
    }

    #[test]
    fn each_error_names_what_is_wrong() {
        assert_eq!("".parse::<Square>(), Err(ParseSquareError::Empty));
        assert_eq!(
            "i1".parse::<Square>(),
            Err(ParseSquareError::BadColumn('i'))
        );
        assert_eq!(
            "a".parse::<Square>(),
            Err(ParseSquareError::MissingRow("a".into()))
        );
        assert_eq!("a9".parse::<Square>(), Err(ParseSquareError::BadRow('9')));
        assert_eq!("a0".parse::<Square>(), Err(ParseSquareError::BadRow('0')));
        assert_eq!(
            "a1 ".parse::<Square>(),
            Err(ParseSquareError::TooLong("a1 ".into()))
        );
        assert_eq!(
            "é1".parse::<Square>(),
            Err(ParseSquareError::BadColumn('é'))
        );
        assert_eq!("aé".parse::<Square>(), Err(ParseSquareError::BadRow('é')));
    }
}

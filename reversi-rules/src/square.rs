//! Squares (`a1`..`h8`) and their notation.

use core::fmt;
use core::str::FromStr;

use board_core::coords::{self, ParseSquareError};

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
/// assert_eq!(Square::new(5, 4), Some(f5));
/// assert_eq!(Square::from_index(37), Some(f5));
/// # Ok::<(), reversi_rules::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square at `column` (0 = `a`) and `row` (0 = `1`), both 0..8.
    #[inline]
    #[must_use]
    pub const fn new(column: u8, row: u8) -> Option<Square> {
        if column < 8 && row < 8 {
            Some(Square(row * 8 + column))
        } else {
            None
        }
    }

    /// The square of index `index` (`8 * row + column`, 0..64), `None`
    /// beyond.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
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
    pub const fn index(self) -> usize {
        self.0 as usize
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

impl Square {
    /// Parses the square at the start of `s`: a column letter (either case)
    /// and a row digit. Returns the square and the rest of `s`.
    pub(crate) fn parse_prefix(s: &str) -> Result<(Square, &str), ParseSquareError> {
        let ((column, row), rest) = coords::parse_square_prefix(s, 8, 8)?;
        Ok((Square(row * 8 + column), rest))
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `f5` or `F5`; nothing else, no surrounding spaces.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let (column, row) = coords::parse_square(s, 8, 8)?;
        Ok(Square(row * 8 + column))
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
        let name = |i| Square::from_index(i).map(|s| s.to_string());
        assert_eq!(name(0), Some("a1".into()));
        assert_eq!(name(7), Some("h1".into()));
        assert_eq!(name(56), Some("a8".into()));
        assert_eq!(name(63), Some("h8".into()));
        assert_eq!(Square::from_index(64), None);
        assert_eq!(Square::new(8, 0), None);
        assert_eq!(Square::new(7, 7).map(Square::index), Some(63));
    }

    #[test]
    fn each_error_names_what_is_wrong() {
        let error = |s: &str| s.parse::<Square>().map_err(|e| e.to_string());
        assert_eq!("".parse::<Square>(), Err(ParseSquareError::Empty));
        assert_eq!(
            error("i1"),
            Err(r#"square "i1": 'i' is not a column a-h"#.into())
        );
        assert_eq!(
            error("a"),
            Err(r#"square "a": no row number after the column (1-8)"#.into())
        );
        assert_eq!(
            error("a9"),
            Err(r#"square "a9": "9" is not a row 1-8"#.into())
        );
        assert_eq!(
            error("a0"),
            Err(r#"square "a0": "0" is not a row 1-8"#.into())
        );
        assert_eq!(
            error("a1 "),
            Err(r#"square "a1 ": "1 " is not a row 1-8"#.into())
        );
        assert_eq!(
            error("é1"),
            Err(r#"square "é1": 'é' is not a column a-h"#.into())
        );
        assert_eq!(
            error("aé"),
            Err(r#"square "aé": "é" is not a row 1-8"#.into())
        );
    }
}

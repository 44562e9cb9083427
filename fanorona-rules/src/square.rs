//! [`Square`]: a point of the board and its name.

use core::fmt;
use core::str::FromStr;

use board_core::coords::{self, ParseSquareError};

use crate::board::{COLUMNS, Direction, NEIGHBOURS, ROWS, SQUARES};

/// A point of the board, `a1`..`i5` (a "square" in the names of every
/// Spielwerk game). With the `serde` feature it travels as its name.
///
/// ```
/// use fanorona_rules::Square;
/// let e3 = Square::new(4, 2).unwrap();
/// assert_eq!(e3.to_string(), "e3");
/// assert!(e3.is_strong());
/// assert_eq!("e3".parse::<Square>(), Ok(e3));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(pub(crate) u8);

impl Square {
    /// The point in `column` (0 = `a` .. 8 = `i`) and `row` (0 = `1` .. 4 =
    /// `5`), if both are on the board.
    #[must_use]
    pub const fn new(column: u8, row: u8) -> Option<Square> {
        if column < COLUMNS && row < ROWS {
            Some(Square(row * COLUMNS + column))
        } else {
            None
        }
    }

    /// The point with bit index `index` (`9 * row + column`), if below 45.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES as usize {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Its bit index, `9 * row + column`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its column, 0 (`a`) to 8 (`i`).
    #[inline]
    #[must_use]
    pub const fn column(self) -> u8 {
        self.0 % COLUMNS
    }

    /// Its row, 0 (`1`, White's side) to 4 (`5`).
    #[inline]
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / COLUMNS
    }

    /// Its bit in a bitboard.
    #[inline]
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Whether diagonal lines meet here (`column + row` even).
    #[inline]
    #[must_use]
    pub const fn is_strong(self) -> bool {
        self.0.is_multiple_of(2)
    }

    /// The neighbour along the line in `dir`, if there is such a line.
    #[inline]
    #[must_use]
    pub const fn step(self, dir: Direction) -> Option<Square> {
        let n = NEIGHBOURS[self.0 as usize][dir as usize];
        if n < SQUARES { Some(Square(n)) } else { None }
    }

    /// The direction from `self` to an adjacent point `to` along a line.
    #[must_use]
    pub fn direction_to(self, to: Square) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|&d| self.step(d) == Some(to))
    }

    /// Every point, `a1`, `b1`, ... `i5`.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES).map(Square)
    }
}

/// Debug shows the point's name, as Display does (never the raw index).
///
/// ```
/// use fanorona_rules::Square;
/// let e3: Square = "e3".parse()?;
/// assert_eq!(format!("{e3:?}"), "e3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.column()),
            char::from(b'1' + self.row())
        )
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `e3` or `E3`; nothing else, no surrounding spaces.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let (column, row) = coords::parse_square(s, COLUMNS, ROWS)?;
        Ok(Square(row * COLUMNS + column))
    }
}

//! [`Square`]: a square by column and row, and its name (`a4`, `p16`).

use core::fmt;
use core::str::FromStr;

use board_core::coords::{self, ParseSquareError};

/// The most columns and rows a board may have (columns `a`..`p`, rows
/// `1`..`16`).
pub const MAX_SIDE: u8 = 16;

/// A square by column (0 = leftmost, letter `a`) and row (0 = top, number
/// `1`). It says nothing about a particular board; see
/// [`Board::contains`](crate::Board::contains).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    column: u8,
    row: u8,
}

impl Square {
    /// The square at `column`, `row` (both from 0), if both are below
    /// [`MAX_SIDE`].
    #[must_use]
    pub const fn new(column: u8, row: u8) -> Option<Square> {
        if column < MAX_SIDE && row < MAX_SIDE {
            Some(Square { column, row })
        } else {
            None
        }
    }

    /// The square of index `index` (`16 * row + column`, 0..256), `None`
    /// beyond.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        let side = MAX_SIDE as usize;
        if index < side * side {
            Some(Square {
                column: (index % side) as u8,
                row: (index / side) as u8,
            })
        } else {
            None
        }
    }

    /// The square at `column`, `row`, which the caller knows are below
    /// [`MAX_SIDE`].
    #[inline]
    pub(crate) const fn at(column: u8, row: u8) -> Square {
        Square { column, row }
    }

    /// The index, `16 * row + column` (the same on every board), 0..256.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.row as usize * MAX_SIDE as usize + self.column as usize
    }

    /// The column, 0 = `a`.
    #[inline]
    #[must_use]
    pub const fn column(self) -> u8 {
        self.column
    }

    /// The row, 0 = `1` (the top row).
    #[inline]
    #[must_use]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The square moved by `dc` columns and `dr` rows, if it stays within
    /// [`MAX_SIDE`].
    #[must_use]
    pub const fn offset(self, dc: i32, dr: i32) -> Option<Square> {
        let c = self.column as i32 + dc;
        let r = self.row as i32 + dr;
        if c < 0 || r < 0 || c >= MAX_SIDE as i32 || r >= MAX_SIDE as i32 {
            None
        } else {
            Some(Square {
                column: c as u8,
                row: r as u8,
            })
        }
    }

    /// The Chebyshev (king-move) distance to `other`.
    #[must_use]
    pub const fn distance(self, other: Square) -> u8 {
        let dc = self.column.abs_diff(other.column);
        let dr = self.row.abs_diff(other.row);
        if dc > dr { dc } else { dr }
    }
}

/// Debug shows the square's name, as Display does (never the raw
/// coordinates).
///
/// ```
/// use major_rules::Move;
/// let mv: Move = "a4-b4".parse()?;
/// assert_eq!(format!("{mv:?}"), "Move { from: a4, to: b4 }");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        coords::write_square(f, self.column, self.row)
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `a4`, `P16` (any square of the largest board); nothing else,
    /// no surrounding spaces.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (column, row) = coords::parse_square(s, MAX_SIDE, MAX_SIDE)?;
        Ok(Square { column, row })
    }
}

#[cfg(feature = "serde")]
board_core::serde_as_text!(Square);

//! Squares `a1`..`j10`, the lakes, directions and moves.

use core::fmt;
use core::str::FromStr;

use board_core::coords::{self, ParseSquareError};

/// A square of the 10x10 board: columns `a`..`j` left to right, rows
/// `1`..`10` from Red's side. Always valid (index below 100).
///
/// With the `serde` feature a square travels as its name (`"a4"`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square at `column` (0 = a) and `row` (0 = row 1, Red's back
    /// row), if both are below 10.
    #[inline]
    #[must_use]
    pub const fn new(column: u8, row: u8) -> Option<Square> {
        if column < 10 && row < 10 {
            Some(Square(row * 10 + column))
        } else {
            None
        }
    }

    /// The square of an index `row * 10 + column`, if below 100.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 100 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square of an index the caller knows to be below 100.
    #[inline]
    pub(crate) const fn at(index: u8) -> Square {
        debug_assert!(index < 100);
        Square(index)
    }

    /// `row * 10 + column`, 0..100 (a1 = 0, j1 = 9, a2 = 10, j10 = 99).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column, 0 (a) to 9 (j).
    #[inline]
    #[must_use]
    pub const fn column(self) -> u8 {
        self.0 % 10
    }

    /// The row, 0 (row 1, Red's back row) to 9 (row 10). (The rank of a
    /// piece is a [`Rank`](crate::Rank).)
    #[inline]
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / 10
    }

    /// Whether the square is one of the eight lake squares (c5, d5, g5, h5,
    /// c6, d6, g6, h6).
    #[inline]
    #[must_use]
    pub const fn is_lake(self) -> bool {
        is_lake_index(self.0 as usize)
    }

    /// Every square, a1 first, j10 last.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..100u8).map(Square)
    }

    /// The neighbour in `dir`, if on the board (lakes included).
    #[inline]
    #[must_use]
    pub const fn step(self, dir: Direction) -> Option<Square> {
        let (f, r) = (self.column() as i8, self.row() as i8);
        let (df, dr) = dir.delta();
        let (nf, nr) = (f + df, r + dr);
        if nf < 0 || nr < 0 || nf > 9 || nr > 9 {
            None
        } else {
            Some(Square((nr * 10 + nf) as u8))
        }
    }
}

pub(crate) const fn is_lake_index(i: usize) -> bool {
    let (f, r) = (i % 10, i / 10);
    (r == 4 || r == 5) && (f == 2 || f == 3 || f == 6 || f == 7)
}

/// Debug shows the square's name, as Display does (never the raw index).
///
/// ```
/// use stratego_rules::Move;
/// let mv: Move = "a4-a5".parse()?;
/// assert_eq!(format!("{mv:?}"), "Move { from: a4, to: a5 }");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        coords::write_square(f, self.column(), self.row())
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `a4` or `J10`; nothing else, no surrounding spaces.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let (column, row) = coords::parse_square(s, 10, 10)?;
        Ok(Square(row * 10 + column))
    }
}

/// One of the four orthogonal directions. North is toward row 10 (Blue's
/// side).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// Toward row 10.
    North,
    /// Toward row 1.
    South,
    /// Toward column a.
    West,
    /// Toward column j.
    East,
}

impl Direction {
    /// The four directions.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::West,
        Direction::East,
    ];

    /// `(column delta, row delta)`.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
            Direction::East => (1, 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::{Move, ParseMoveError};

    #[test]
    fn squares_round_trip_and_lakes() {
        let lakes: Vec<String> = Square::all()
            .filter(|s| s.is_lake())
            .map(|s| s.to_string())
            .collect();
        assert_eq!(lakes, ["c5", "d5", "g5", "h5", "c6", "d6", "g6", "h6"]);
        for s in Square::all() {
            assert_eq!(s.to_string().parse::<Square>(), Ok(s));
        }
        assert_eq!("j10".parse::<Square>().map(Square::index), Ok(99));
        assert!("k1".parse::<Square>().is_err());
        assert!("a0".parse::<Square>().is_err());
        assert!("a11".parse::<Square>().is_err());
        assert!("a01".parse::<Square>().is_err());
        assert!("".parse::<Square>().is_err());
    }

    #[test]
    fn moves_parse_in_every_documented_form() {
        let m: Move = "a4-a5".parse().unwrap_or(Move::new(Square(0), Square(0)));
        assert_eq!(m.to_string(), "a4-a5");
        assert_eq!("a4xa5".parse::<Move>(), Ok(m));
        assert_eq!("a4 a5".parse::<Move>(), Ok(m));
        assert!(matches!(
            "a4a5".parse::<Move>(),
            Err(ParseMoveError::NoSeparator(_))
        ));
        assert!(matches!(
            "z4-a5".parse::<Move>(),
            Err(ParseMoveError::From(_))
        ));
        assert!(matches!(
            "a4-a55".parse::<Move>(),
            Err(ParseMoveError::To(_))
        ));
        assert_eq!(m.line(), Some((Direction::North, 1)));
    }
}

#[cfg(feature = "serde")]
board_core::serde_as_text!(Square);

//! [`Move`]: a whole turn from one square to another, and its text form
//! (`a4-a5`).

use core::fmt;
use core::str::FromStr;

use board_core::coords::ParseSquareError;

use crate::square::{Direction, Square};

/// A move: a whole turn, from one square to another (a step, a Scout's long
/// move, or an attack). Whether it attacks follows from the position.
///
/// Text form `a4-a5`; the parser also accepts `a4xa5` and `a4 a5`. With
/// the `serde` feature a move travels as its text form (`"a4-a5"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes (or what it attacks).
    pub to: Square,
}

impl Move {
    /// A move from `from` to `to`.
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The direction and the distance if `from` and `to` are distinct squares
    /// in one column or one row.
    #[must_use]
    pub fn line(self) -> Option<(Direction, u8)> {
        let (f0, r0, f1, r1) = (
            self.from.column(),
            self.from.row(),
            self.to.column(),
            self.to.row(),
        );
        if f0 == f1 && r1 > r0 {
            Some((Direction::North, r1 - r0))
        } else if f0 == f1 && r1 < r0 {
            Some((Direction::South, r0 - r1))
        } else if r0 == r1 && f1 > f0 {
            Some((Direction::East, f1 - f0))
        } else if r0 == r1 && f1 < f0 {
            Some((Direction::West, f0 - f1))
        } else {
            None
        }
    }
}

/// A move that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// No separator (`-`, `x` or a space) between the two squares.
    #[error("move {0:?} has no separator between the squares (write a4-a5)")]
    NoSeparator(String),
    /// The first square is wrong.
    #[error("bad source square: {0}")]
    From(ParseSquareError),
    /// The second square is wrong.
    #[error("bad target square: {0}")]
    To(ParseSquareError),
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let s = s.trim();
        // The separator follows the first square: skip its column letter.
        let cut = s
            .char_indices()
            .skip(1)
            .find(|&(_, c)| matches!(c, '-' | 'x' | 'X' | ' '))
            .map(|(i, _)| i)
            .ok_or_else(|| ParseMoveError::NoSeparator(s.to_string()))?;
        let (a, b) = (&s[..cut], s[cut + 1..].trim_start());
        Ok(Move {
            from: a.parse().map_err(ParseMoveError::From)?,
            to: b.parse().map_err(ParseMoveError::To)?,
        })
    }
}

#[cfg(feature = "serde")]
board_core::serde_as_text!(Move);

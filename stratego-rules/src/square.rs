//! Squares `a1`..`j10`, the lakes, directions and moves.

use core::fmt;
use core::str::FromStr;

/// A square of the 10x10 board: files `a`..`j` left to right, ranks `1`..`10`
/// from Red's side. Always valid (index below 100).
///
/// With the `serde` feature a square travels as its name (`"a4"`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

/// A square name that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseSquareError {
    /// The text is empty.
    #[error("empty square name")]
    Empty,
    /// The file letter is not `a`..`j`.
    #[error("file {0:?} is not a..j")]
    File(char),
    /// The rank is not a number from 1 to 10.
    #[error("rank {0:?} is not 1..10")]
    Rank(String),
}

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if both are
    /// below 10.
    #[inline]
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 10 && rank < 10 {
            Some(Square(rank * 10 + file))
        } else {
            None
        }
    }

    /// The square of an index `rank * 10 + file`, if below 100.
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

    /// `rank * 10 + file`, 0..100 (a1 = 0, j1 = 9, a2 = 10, j10 = 99).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) to 9 (j).
    #[inline]
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 10
    }

    /// The rank, 0 (rank 1) to 9 (rank 10).
    #[inline]
    #[must_use]
    pub const fn rank(self) -> u8 {
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
        let (f, r) = (self.file() as i8, self.rank() as i8);
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
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        let file = chars.next().ok_or(ParseSquareError::Empty)?;
        let f = match file {
            'a'..='j' => file as u8 - b'a',
            'A'..='J' => file as u8 - b'A',
            _ => return Err(ParseSquareError::File(file)),
        };
        let rest = chars.as_str();
        let r: u8 = match rest.parse::<u8>() {
            Ok(r @ 1..=10) if !rest.starts_with('+') && !rest.starts_with('0') => r,
            _ => return Err(ParseSquareError::Rank(rest.to_string())),
        };
        Square::new(f, r - 1).ok_or_else(|| ParseSquareError::Rank(rest.to_string()))
    }
}

/// One of the four orthogonal directions. North is toward rank 10 (Blue's
/// side).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// Toward rank 10.
    North,
    /// Toward rank 1.
    South,
    /// Toward file a.
    West,
    /// Toward file j.
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

    /// `(file delta, rank delta)`.
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
    /// on one file or one rank.
    #[must_use]
    pub fn line(self) -> Option<(Direction, u8)> {
        let (f0, r0, f1, r1) = (
            self.from.file(),
            self.from.rank(),
            self.to.file(),
            self.to.rank(),
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
        // The separator follows the first square: skip its file letter.
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

#[cfg(test)]
mod tests {
    use super::*;

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
#[cfg(feature = "serde")]
board_core::serde_as_text!(Move);

//! The board: 45 points, the lines joining them, and bitboards over them.
//!
//! Fanorona is played on the points where the lines meet; this crate calls
//! them squares ([`Square`]), as every Spielwerk game does. Square `a1` is
//! bit 0, `i1` bit 8, `a2` bit 9 ... `i5` bit 44: the bit of a point is
//! `9 * row + column`. A point is *strong* (joined diagonally) when
//! `column + row` is even, which for this numbering is exactly when its bit
//! index is even.

use crate::square::Square;

/// Columns of the board (`a`–`i`).
pub const COLUMNS: u8 = 9;
/// Rows of the board (`1`–`5`).
pub const ROWS: u8 = 5;
/// Squares (points) of the board.
pub const SQUARES: u8 = COLUMNS * ROWS;
/// Every point of the board as a bitboard.
pub const BOARD: u64 = (1 << SQUARES) - 1;

/// One of the eight directions of a step. Diagonal directions exist only
/// from strong points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// Towards row 5.
    North = 0,
    /// Towards row 5 and column `i`.
    NorthEast = 1,
    /// Towards column `i`.
    East = 2,
    /// Towards row 1 and column `i`.
    SouthEast = 3,
    /// Towards row 1.
    South = 4,
    /// Towards row 1 and column `a`.
    SouthWest = 5,
    /// Towards column `a`.
    West = 6,
    /// Towards row 5 and column `a`.
    NorthWest = 7,
}

impl Direction {
    /// All eight, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// The direction with this number (0 = north, clockwise), if below 8.
    #[inline]
    #[must_use]
    pub const fn from_index(i: u8) -> Option<Direction> {
        if i < 8 {
            Some(Direction::ALL[i as usize])
        } else {
            None
        }
    }

    /// The opposite direction.
    #[inline]
    #[must_use]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) % 8]
    }

    /// Whether it is diagonal.
    #[inline]
    #[must_use]
    pub const fn is_diagonal(self) -> bool {
        self as u8 % 2 == 1
    }

    /// `(column, row)` change of one step.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::NorthEast => (1, 1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, -1),
            Direction::South => (0, -1),
            Direction::SouthWest => (-1, -1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, 1),
        }
    }
}

/// `NEIGHBOURS[p][d]`: the point one step from `p` in direction `d`, or
/// [`SQUARES`] when no line leads there.
pub(crate) static NEIGHBOURS: [[u8; 8]; SQUARES as usize] = NEIGHBOURS_CONST;

const fn neighbours() -> [[u8; 8]; SQUARES as usize] {
    let mut t = [[SQUARES; 8]; SQUARES as usize];
    let mut p = 0;
    while p < SQUARES {
        let (c, r) = ((p % COLUMNS) as i8, (p / COLUMNS) as i8);
        let mut d = 0;
        while d < 8 {
            let dir = Direction::ALL[d];
            let (dc, dr) = dir.delta();
            let (nc, nr) = (c + dc, r + dr);
            let on_board = nc >= 0 && nc < COLUMNS as i8 && nr >= 0 && nr < ROWS as i8;
            let on_line = !dir.is_diagonal() || p % 2 == 0;
            if on_board && on_line {
                t[p as usize][d] = (nr * COLUMNS as i8 + nc) as u8;
            }
            d += 1;
        }
        p += 1;
    }
    t
}

/// `CAN_STEP[d]`: the points from which a line leads one step in `d`.
pub(crate) static CAN_STEP: [u64; 8] = CAN_STEP_CONST;

/// [`CAN_STEP`] for constant evaluation.
pub(crate) const CAN_STEP_CONST: [u64; 8] = can_step();

const fn can_step() -> [u64; 8] {
    let mut m = [0u64; 8];
    let mut p = 0;
    while p < SQUARES as usize {
        let mut d = 0;
        while d < 8 {
            if NEIGHBOURS_CONST[p][d] < SQUARES {
                m[d] |= 1 << p;
            }
            d += 1;
        }
        p += 1;
    }
    m
}

pub(crate) const NEIGHBOURS_CONST: [[u8; 8]; SQUARES as usize] = neighbours();

/// The bit offset of a step in each direction.
pub(crate) const OFFSET: [i8; 8] = [9, 10, 1, -8, -9, -10, -1, 8];

/// Moves every bit of `bb` one step in direction `d` (no masking: callers
/// first restrict `bb` to [`CAN_STEP`]`[d]`).
#[inline(always)]
pub(crate) const fn shift(bb: u64, d: usize) -> u64 {
    let o = OFFSET[d];
    if o > 0 { bb << o } else { bb >> (-o) }
}

/// Moves every bit of `bb` one step against direction `d`.
#[inline(always)]
pub(crate) const fn shift_back(bb: u64, d: usize) -> u64 {
    let o = OFFSET[d];
    if o > 0 { bb >> o } else { bb << (-o) }
}

/// A set of points.
///
/// ```
/// use fanorona_rules::{Bitboard, Square};
/// let a1 = Square::new(0, 0).unwrap();
/// let set = Bitboard::from(a1);
/// assert!(set.contains(a1));
/// assert_eq!(set.len(), 1);
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![a1]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No point.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// Whether `p` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, p: Square) -> bool {
        self.0 & p.bit() != 0
    }

    /// The number of points.
    #[inline]
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The points, `a1` first.
    pub fn iter(self) -> impl Iterator<Item = Square> {
        let mut bb = self.0 & BOARD;
        core::iter::from_fn(move || {
            if bb == 0 {
                return None;
            }
            let p = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            Some(Square(p))
        })
    }
}

impl From<Square> for Bitboard {
    fn from(p: Square) -> Self {
        Bitboard(p.bit())
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        Bitboard(iter.into_iter().fold(0, |acc, p| acc | p.bit()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn orthogonal_lines_join_every_neighbour() {
        for p in Square::all() {
            let (c, r) = (p.column(), p.row());
            assert_eq!(p.step(Direction::East).is_some(), c < 8);
            assert_eq!(p.step(Direction::West).is_some(), c > 0);
            assert_eq!(p.step(Direction::North).is_some(), r < 4);
            assert_eq!(p.step(Direction::South).is_some(), r > 0);
        }
    }

    #[test]
    fn diagonals_only_at_strong_points() {
        assert!(pt("a1").is_strong());
        assert!(!pt("b1").is_strong());
        assert!(pt("e3").is_strong());
        assert!(!pt("d3").is_strong());
        assert_eq!(pt("e3").step(Direction::NorthEast), Some(pt("f4")));
        assert_eq!(pt("d3").step(Direction::NorthEast), None);
        assert_eq!(pt("b1").step(Direction::NorthWest), None);
        for p in Square::all() {
            let diagonals = Direction::ALL
                .iter()
                .filter(|d| d.is_diagonal() && p.step(**d).is_some())
                .count();
            if !p.is_strong() {
                assert_eq!(diagonals, 0, "{p}");
            } else {
                assert!(diagonals >= 1, "{p}");
            }
            assert_eq!(p.is_strong(), (p.column() + p.row()) % 2 == 0);
        }
        // 4 corners x 1 + 10 edge strong points x 2 + 9 inner strong x 4...
        // count the diagonal lines: each joins two strong points.
        let ends: usize = Square::all()
            .map(|p| {
                Direction::ALL
                    .iter()
                    .filter(|d| d.is_diagonal() && p.step(**d).is_some())
                    .count()
            })
            .sum();
        // 4 diagonals per 2x2 box pair: 8 columns x 4 rows of unit squares,
        // each with exactly one diagonal.
        assert_eq!(ends, 2 * 32);
    }

    #[test]
    fn lines_are_symmetric_and_masks_agree() {
        for p in Square::all() {
            for d in Direction::ALL {
                if let Some(q) = p.step(d) {
                    assert_eq!(q.step(d.opposite()), Some(p));
                    assert_eq!(
                        i16::from(q.0) - i16::from(p.0),
                        i16::from(OFFSET[d as usize])
                    );
                    assert_eq!(shift(p.bit(), d as usize), q.bit());
                    assert_eq!(shift_back(q.bit(), d as usize), p.bit());
                    assert!(CAN_STEP[d as usize] & p.bit() != 0);
                    assert_eq!(p.direction_to(q), Some(d));
                } else {
                    assert!(CAN_STEP[d as usize] & p.bit() == 0);
                }
            }
        }
    }

    #[test]
    fn points_and_bitboards_convert() {
        assert_eq!(Square::new(9, 0), None);
        assert_eq!(Square::new(0, 5), None);
        assert_eq!(Square::from_index(45), None);
        assert_eq!(
            Square::from_index(44).map(|p| p.to_string()),
            Some("i5".into())
        );
        let set: Bitboard = [pt("a1"), pt("i5")].into_iter().collect();
        assert_eq!(set.len(), 2);
        assert_eq!(
            set.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            ["a1", "i5"]
        );
        assert!(Bitboard::EMPTY.is_empty());
        assert_eq!(Direction::from_index(8), None);
        assert_eq!(Direction::North.opposite(), Direction::South);
    }
}

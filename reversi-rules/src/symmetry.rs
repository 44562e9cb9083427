//! The 8 symmetries of the board (the dihedral group of the square) and the
//! canonical form of a position under them.
//!
//! Reversi's rules look the same in all 8 directions, so a symmetric image
//! of a position has the symmetric legal moves, the same perft counts and
//! the same score. Solvers and hashed perft fold the 8 images into one
//! [`canonical`](crate::Board::canonical) board.

use crate::{Board, Move, Square};

/// One of the 8 symmetries of the board.
///
/// Each is described by where it sends a square `(column, row)` (0..8
/// each, `a1` = (0, 0)): first transposed (swap column and row) when the
/// symmetry [`transposes`](Symmetry::transposes), then columns mirrored,
/// then rows mirrored, as its flags say.
///
/// ```
/// use reversi_rules::{Square, Symmetry};
/// let c4: Square = "c4".parse()?;
/// assert_eq!(Symmetry::Transpose.square(c4).to_string(), "d3");
/// assert_eq!(Symmetry::Rotate180.square(c4).to_string(), "f5");
/// for s in Symmetry::ALL {
///     assert_eq!(s.inverse().square(s.square(c4)), c4);
/// }
/// # Ok::<(), reversi_rules::ParseSquareError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Symmetry {
    /// Every square stays.
    Identity,
    /// Columns mirrored: `a` and `h` swap (a1 ↔ h1).
    MirrorColumns,
    /// Rows mirrored: `1` and `8` swap (a1 ↔ a8).
    MirrorRows,
    /// A half turn (a1 ↔ h8).
    Rotate180,
    /// Mirrored on the a1-h8 diagonal (c4 ↔ d3).
    Transpose,
    /// Transposed, then columns mirrored: a quarter turn (a1 → h1 → h8).
    TransposeMirrorColumns,
    /// Transposed, then rows mirrored: a quarter turn the other way
    /// (a1 → a8 → h8).
    TransposeMirrorRows,
    /// Mirrored on the h1-a8 diagonal: h1 and a8 stay, a1 ↔ h8.
    AntiTranspose,
}

impl Symmetry {
    /// All 8 symmetries, [`Identity`](Symmetry::Identity) first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Rotate180,
        Symmetry::Transpose,
        Symmetry::TransposeMirrorColumns,
        Symmetry::TransposeMirrorRows,
        Symmetry::AntiTranspose,
    ];

    /// Whether column and row are swapped first.
    #[must_use]
    pub const fn transposes(self) -> bool {
        matches!(
            self,
            Symmetry::Transpose
                | Symmetry::TransposeMirrorColumns
                | Symmetry::TransposeMirrorRows
                | Symmetry::AntiTranspose
        )
    }

    /// Whether columns are mirrored (after the transposition).
    #[must_use]
    pub const fn mirrors_columns(self) -> bool {
        matches!(
            self,
            Symmetry::MirrorColumns
                | Symmetry::Rotate180
                | Symmetry::TransposeMirrorColumns
                | Symmetry::AntiTranspose
        )
    }

    /// Whether rows are mirrored (after the transposition).
    #[must_use]
    pub const fn mirrors_rows(self) -> bool {
        matches!(
            self,
            Symmetry::MirrorRows
                | Symmetry::Rotate180
                | Symmetry::TransposeMirrorRows
                | Symmetry::AntiTranspose
        )
    }

    /// The image of a square.
    #[must_use]
    pub const fn square(self, square: Square) -> Square {
        let (mut c, mut r) = (square.column(), square.row());
        if self.transposes() {
            (c, r) = (r, c);
        }
        if self.mirrors_columns() {
            c = 7 - c;
        }
        if self.mirrors_rows() {
            r = 7 - r;
        }
        Square::from_coords_const(c, r)
    }

    /// The image of a move (a pass stays a pass).
    #[must_use]
    pub const fn apply_move(self, mv: Move) -> Move {
        match mv {
            Move::Place(sq) => Move::Place(self.square(sq)),
            Move::Pass => Move::Pass,
        }
    }

    /// The image of a bitboard: bit `s` moves to bit `self.square(s)`.
    #[must_use]
    pub const fn bits(self, mut b: u64) -> u64 {
        if self.transposes() {
            b = transpose(b);
        }
        if self.mirrors_columns() {
            b = mirror_columns(b);
        }
        if self.mirrors_rows() {
            b = b.swap_bytes();
        }
        b
    }

    /// The images of a bitboard under all 8 symmetries, in the order of
    /// [`Symmetry::ALL`] (`images(b)[i] == Symmetry::ALL[i].bits(b)`),
    /// sharing their work: one transposition, two column mirrors and four
    /// byte swaps, where eight calls of [`Symmetry::bits`] would take four
    /// of each.
    #[must_use]
    pub const fn images(b: u64) -> [u64; 8] {
        let m = mirror_columns(b);
        let t = transpose(b);
        let tm = mirror_columns(t);
        [
            b,
            m,
            b.swap_bytes(),
            m.swap_bytes(),
            t,
            tm,
            t.swap_bytes(),
            tm.swap_bytes(),
        ]
    }

    /// The image of a board.
    #[must_use]
    pub const fn board(self, board: Board) -> Board {
        Board::from_parts(self.bits(board.player()), self.bits(board.opponent()))
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::TransposeMirrorColumns => Symmetry::TransposeMirrorRows,
            Symmetry::TransposeMirrorRows => Symmetry::TransposeMirrorColumns,
            other => other,
        }
    }
}

/// Mirrors each row (bit reversal within each byte).
const fn mirror_columns(mut b: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    b = ((b >> 1) & K1) | ((b & K1) << 1);
    b = ((b >> 2) & K2) | ((b & K2) << 2);
    ((b >> 4) & K4) | ((b & K4) << 4)
}

/// Swaps column and row of every bit (mirror on the a1-h8 diagonal), by
/// three delta swaps of blocks of 4, 2 and 1 squares.
const fn transpose(mut b: u64) -> u64 {
    const K4: u64 = 0x0F0F_0F0F_0000_0000;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K1: u64 = 0x5500_5500_5500_5500;
    let t = K4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = K2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = K1 & (b ^ (b << 7));
    b ^ t ^ (t >> 7)
}

impl Board {
    /// The least of the 8 symmetric images of this board (ordered by
    /// player discs, then opponent discs) and the symmetry that gives it.
    /// Symmetric boards have the same canonical board.
    #[must_use]
    pub fn canonical(self) -> (Board, Symmetry) {
        let (players, opponents) = (
            Symmetry::images(self.player()),
            Symmetry::images(self.opponent()),
        );
        let mut best = 0;
        for i in 1..8 {
            if (players[i], opponents[i]) < (players[best], opponents[best]) {
                best = i;
            }
        }
        (
            Board::from_parts(players[best], opponents[best]),
            Symmetry::ALL[best],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_the_bits_of_every_symmetry() {
        let mut b = 0x0123_4567_89AB_CDEFu64;
        for _ in 0..100 {
            b = b.rotate_left(7).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (b >> 3);
            let images = Symmetry::images(b);
            for (i, s) in Symmetry::ALL.into_iter().enumerate() {
                assert_eq!(images[i], s.bits(b), "{s:?}");
            }
        }
    }

    #[test]
    fn bits_agree_with_squares() {
        for s in Symmetry::ALL {
            for sq in Square::all() {
                assert_eq!(s.bits(sq.bit()), s.square(sq).bit(), "{s:?} {sq}");
            }
        }
    }

    #[test]
    fn the_eight_are_distinct_and_invertible() {
        let c4 = Square::from_coords_const(2, 3);
        let b2 = Square::from_coords_const(1, 1);
        let mut images: Vec<_> = Symmetry::ALL
            .iter()
            .map(|s| (s.square(c4), s.square(b2)))
            .collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
        for s in Symmetry::ALL {
            for sq in Square::all() {
                assert_eq!(s.inverse().square(s.square(sq)), sq);
            }
        }
    }

    #[test]
    fn named_examples() {
        let a1 = Square::from_coords_const(0, 0);
        let name = |s: Symmetry| s.square(a1).to_string();
        assert_eq!(name(Symmetry::MirrorColumns), "h1");
        assert_eq!(name(Symmetry::MirrorRows), "a8");
        assert_eq!(name(Symmetry::Rotate180), "h8");
        assert_eq!(name(Symmetry::AntiTranspose), "h8");
        assert_eq!(name(Symmetry::Transpose), "a1");
        assert_eq!(name(Symmetry::TransposeMirrorColumns), "h1");
        assert_eq!(name(Symmetry::TransposeMirrorRows), "a8");
    }

    #[test]
    fn canonical_is_the_least_image_and_names_its_symmetry() {
        let board = Board::start()
            .play(Square::from_coords_const(5, 4))
            .and_then(|b| b.play(Square::from_coords_const(5, 5)))
            .expect("f5 f6 are legal");
        let (canonical, symmetry) = board.canonical();
        assert_eq!(symmetry.board(board), canonical);
        for s in Symmetry::ALL {
            assert!(canonical <= s.board(board));
        }
    }

    #[test]
    fn start_position_is_symmetric_under_half_the_group() {
        let start = Board::start();
        let fixed = Symmetry::ALL
            .iter()
            .filter(|s| s.board(start) == start)
            .count();
        // Identity, the half turn and the two diagonal mirrors.
        assert_eq!(fixed, 4);
    }
}

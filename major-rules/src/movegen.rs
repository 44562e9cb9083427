//! Move generation: stones step one square, Majors jump exactly two;
//! backward only to capture; never onto a gap, off the board or onto an own
//! piece.

use crate::moves::Move;
use crate::position::Position;
use crate::square::Square;
use crate::stack::Colour;

/// The most legal moves of any position: at most 16 free pieces per colour
/// (a board has at most 16 rows, and a colour never has more pieces than its
/// start edge has squares), each with at most 16 targets.
pub const MAX_MOVES: usize = 256;

/// The buffer of legal moves.
pub type MoveList = arrayvec::ArrayVec<Move, MAX_MOVES>;

/// A stone's steps `(columns, rows)`: forward for Blue first, then sideways,
/// then backward.
pub(crate) const STONE_STEPS: [(i32, i32); 8] = [
    (1, -1),
    (1, 0),
    (1, 1),
    (0, -1),
    (0, 1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// A Major's jumps: every offset at Chebyshev distance 2, forward for Blue
/// first.
pub(crate) const MAJOR_JUMPS: [(i32, i32); 16] = [
    (2, -2),
    (2, -1),
    (2, 0),
    (2, 1),
    (2, 2),
    (1, -2),
    (1, 2),
    (0, -2),
    (0, 2),
    (-1, -2),
    (-1, 2),
    (-2, -2),
    (-2, -1),
    (-2, 0),
    (-2, 1),
    (-2, 2),
];

impl Position {
    /// Calls `f` with every legal move of `colour`'s pieces (ignoring
    /// whether the game is over), in a fixed order: by square (row by row
    /// from the top), then by direction. Stops early when `f` returns
    /// `false`; returns whether it ran to the end.
    #[inline]
    pub(crate) fn for_each_move(&self, colour: Colour, mut f: impl FnMut(Move) -> bool) -> bool {
        let board = self.board();
        let w = i32::from(board.width());
        let h = i32::from(board.height());
        let gaps = board.gap_bits();
        let fwd = colour.forward();
        let own_stone = 1 + colour.index() as u8;
        let own_major = own_stone + 2;
        let cells = self.cells();
        for r in 0..h {
            for c in 0..w {
                let i = (r * w + c) as usize;
                let cell = cells[i];
                let steps: &[(i32, i32)] = if cell == own_stone {
                    &STONE_STEPS
                } else if cell == own_major {
                    &MAJOR_JUMPS
                } else {
                    continue;
                };
                for &(dc0, dr) in steps {
                    let dc = dc0 * fwd;
                    let (tc, tr) = (c + dc, r + dr);
                    if tc < 0 || tr < 0 || tc >= w || tr >= h {
                        continue;
                    }
                    let t = (tr * w + tc) as usize;
                    let target = cells[t];
                    let legal = if target == 0 {
                        gaps >> t & 1 == 0 && dc0 >= 0
                    } else {
                        (target - 1) & 1 != colour.index() as u8
                    };
                    if legal {
                        // Both coordinates are on a board of at most 16x16.
                        let mv =
                            Move::new(Square::at(c as u8, r as u8), Square::at(tc as u8, tr as u8));
                        if !f(mv) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// Whether `colour` has a legal move.
    pub(crate) fn has_move(&self, colour: Colour) -> bool {
        !self.for_each_move(colour, |_| false)
    }

    /// Whether a piece of `colour` could capture on `to` after the enemy
    /// piece on `from` moved there (capturing whatever stood on `to`); the
    /// evaluation's (feature `ai`).
    #[cfg(feature = "ai")]
    pub(crate) fn can_capture_after(&self, colour: Colour, from: Square, to: Square) -> bool {
        let board = self.board();
        let stone = 1 + colour.index() as u8;
        let major = stone + 2;
        let cells = self.cells();
        let probe = |steps: &[(i32, i32)], code: u8| {
            steps.iter().any(|&(dc, dr)| {
                to.offset(dc, dr)
                    .filter(|&s| board.contains(s) && s != from)
                    .is_some_and(|s| cells[board.index(s)] == code)
            })
        };
        probe(&STONE_STEPS, stone) || probe(&MAJOR_JUMPS, major)
    }

    /// Whether a piece of `colour` could capture on `target` (a stone next
    /// to it, or a Major at distance two). Captures are legal in every
    /// direction.
    pub(crate) fn can_capture(&self, colour: Colour, target: Square) -> bool {
        let board = self.board();
        let stone = 1 + colour.index() as u8;
        let major = stone + 2;
        let cells = self.cells();
        let probe = |steps: &[(i32, i32)], code: u8| {
            steps.iter().any(|&(dc, dr)| {
                target
                    .offset(dc, dr)
                    .filter(|&s| board.contains(s))
                    .is_some_and(|s| cells[board.index(s)] == code)
            })
        };
        probe(&STONE_STEPS, stone) || probe(&MAJOR_JUMPS, major)
    }
}

//! Bit-level Reversi: move generation and flips on two `u64` bitboards.
//!
//! Bit `8 * row + column` is a square, `a1` = bit 0, `h1` = bit 7, `a2` =
//! bit 8, ..., `h8` = bit 63 (rows are numbered top to bottom, as in
//! Othello notation). These functions know nothing of colours: `player` is
//! the side to move, `opponent` the other side. They never panic.
//!
//! Move generation shifts the whole board one step at a time along each
//! direction, doubling the step once the first two steps are known (a
//! Kogge-Stone-style parallel prefix), so each direction costs a handful of
//! shifts and masks and no loop; the two directions of a line share their
//! runs of opponent discs, and east uses the carry of an addition. Flips are computed per line through the
//! square (row, column, two diagonals): the line is gathered into a byte,
//! two tables of 2 KiB give the outflanking squares and the discs between,
//! and the byte is spread back onto the board. Nothing branches.

pub use crate::kernel::Kernel;

/// Every square of column `a`.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Every square of column `h`.
pub const FILE_H: u64 = 0x8080_8080_8080_8080;
/// Every square but those of columns `a` and `h`: discs that can be
/// outflanked along a horizontal or diagonal line.
const INNER_COLUMNS: u64 = !(FILE_A | FILE_H);

/// The moves along one direction pair: `shift` towards higher bits and
/// towards lower bits. `opponent` must already be masked so that a run of
/// opponent discs cannot wrap around the board edge.
#[inline(always)]
const fn direction_moves(player: u64, opponent: u64, shift: u32) -> u64 {
    let double = 2 * shift;
    // Opponent discs with an opponent disc behind them, both ways.
    let run_up = opponent & (opponent << shift);
    let run_down = run_up >> shift;
    let mut up = opponent & (player << shift);
    up |= opponent & (up << shift);
    up |= run_up & (up << double);
    up |= run_up & (up << double);
    let mut down = opponent & (player >> shift);
    down |= opponent & (down >> shift);
    down |= run_down & (down >> double);
    down |= run_down & (down >> double);
    (up << shift) | (down >> shift)
}

/// The legal moves of `player` against `opponent`: every empty square from
/// which some line of opponent discs ends in a player disc.
///
/// ```
/// use reversi_rules::bitboard::moves;
/// // Start position, Black to move: d3, c4, f5, e6.
/// let black = (1 << 28) | (1 << 35);
/// let white = (1 << 27) | (1 << 36);
/// assert_eq!(moves(black, white), (1 << 19) | (1 << 26) | (1 << 37) | (1 << 44));
/// ```
#[inline(always)]
#[must_use]
pub const fn moves(player: u64, opponent: u64) -> u64 {
    let inner = opponent & INNER_COLUMNS;
    // East: a run of opponent discs after a player disc carries an added
    // bit to the square after the run.
    let east = inner.wrapping_add((player << 1) & inner) & !inner;
    // West: a fill towards lower bits.
    let mut west = inner & (player >> 1);
    west |= inner & (west >> 1);
    let run = inner & (inner >> 1);
    west |= run & (west >> 2);
    west |= run & (west >> 2);
    let found = direction_moves(player, opponent, 8)
        | direction_moves(player, inner, 7)
        | direction_moves(player, inner, 9)
        | east
        | (west >> 1);
    found & !(player | opponent)
}

/// The ray from `square` (excluded) in direction `(dc, dr)` to the edge.
const fn ray(square: usize, dc: i32, dr: i32) -> u64 {
    let mut c = (square % 8) as i32 + dc;
    let mut r = (square / 8) as i32 + dr;
    let mut bits = 0u64;
    while c >= 0 && c < 8 && r >= 0 && r < 8 {
        bits |= 1u64 << (r * 8 + c);
        c += dc;
        r += dr;
    }
    bits
}

/// The discs that a disc of `player` placed on `square` (0..64) flips.
///
/// Zero when the move flips nothing (it is then illegal) and for any
/// `square` of 64 or more. The square itself is not included and is not
/// checked to be empty.
///
/// Each of the four lines through the square (row, column, both
/// diagonals) is gathered into one byte (a shift for the row, a multiply
/// for the others), two small tables give the outflanking squares and the
/// discs between, and the result is spread back onto the board.
///
/// ```
/// use reversi_rules::bitboard::flips;
/// let black = (1 << 28) | (1 << 35);
/// let white = (1 << 27) | (1 << 36);
/// // f5 (bit 37) flips e5 (bit 36).
/// assert_eq!(flips(37, black, white), 1 << 36);
/// assert_eq!(flips(0, black, white), 0);
/// ```
#[inline]
#[must_use]
pub fn flips(square: usize, player: u64, opponent: u64) -> u64 {
    let valid = 0u64.wrapping_sub((square < 64) as u64);
    let sq = square & 63;
    let (column, row) = (sq & 7, sq >> 3);
    let lines = &LINES[sq];

    // The row: the line's bit i is column i.
    let shift = 8 * row as u32;
    let o = (opponent >> shift) as u8 as usize;
    let p = (player >> shift) as u8;
    let f = line_flips(column, o, p);
    let mut flipped = u64::from(f) << shift;

    // The column: bit i is row i.
    let o = gather_column(opponent, column);
    let p = gather_column(player, column) as u8;
    let f = line_flips(row, o, p);
    flipped |= COLUMN_SPREAD[f as usize] << column;

    // The diagonals: bit i is column i.
    for mask in [lines.diagonal, lines.anti_diagonal] {
        let o = gather_diagonal(opponent, mask);
        let p = gather_diagonal(player, mask) as u8;
        let f = line_flips(column, o, p);
        flipped |= u64::from(f).wrapping_mul(FILE_A) & mask;
    }
    flipped & valid
}

/// The flips along one line gathered into a byte, for a disc at `at`.
#[inline(always)]
fn line_flips(at: usize, opponent: usize, player: u8) -> u8 {
    let outflank = OUTFLANK[at & 7][opponent & 0xFF] & player;
    FLIPPED[at & 7][outflank as usize]
}

/// Column `column` of `b` as a byte, row `i` at bit `i`.
#[inline(always)]
fn gather_column(b: u64, column: usize) -> usize {
    (((b >> column) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// The squares of `b` on the diagonal `mask` as a byte, column `i` at bit
/// `i` (each column holds one square of a diagonal, so nothing collides).
#[inline(always)]
fn gather_diagonal(b: u64, mask: u64) -> usize {
    ((b & mask).wrapping_mul(FILE_A) >> 56) as usize
}

/// The two diagonals through a square.
#[derive(Clone, Copy)]
struct Lines {
    /// The a1-h8 direction.
    diagonal: u64,
    /// The h1-a8 direction.
    anti_diagonal: u64,
}

const LINES: [Lines; 64] = {
    let mut table = [Lines {
        diagonal: 0,
        anti_diagonal: 0,
    }; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = Lines {
            diagonal: ray(sq, 1, 1) | ray(sq, -1, -1) | 1 << sq,
            anti_diagonal: ray(sq, -1, 1) | ray(sq, 1, -1) | 1 << sq,
        };
        sq += 1;
    }
    table
};

/// `OUTFLANK[at][o]`: on a line of 8 squares with opponent discs `o`, the
/// squares just past each run of opponent discs that starts next to `at`;
/// a player disc there makes the run flip.
static OUTFLANK: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut at = 0;
    while at < 8 {
        let mut o = 0;
        while o < 256 {
            let mut out = 0u8;
            let mut k = at + 1;
            while k < 8 && (o >> k) & 1 == 1 {
                k += 1;
            }
            if k > at + 1 && k < 8 {
                out |= 1 << k;
            }
            let mut k = at as i32 - 1;
            while k >= 0 && (o >> k) & 1 == 1 {
                k -= 1;
            }
            if k < at as i32 - 1 && k >= 0 {
                out |= 1 << k;
            }
            table[at][o] = out;
            o += 1;
        }
        at += 1;
    }
    table
};

/// `FLIPPED[at][b]`: the squares strictly between `at` and each square of
/// `b` on a line of 8.
static FLIPPED: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut at = 0;
    while at < 8 {
        let mut b = 0;
        while b < 256 {
            let mut between = 0u8;
            let mut k = 0;
            while k < 8 {
                if (b >> k) & 1 == 1 {
                    let (lo, hi) = if k < at { (k, at) } else { (at, k) };
                    let mut j = lo + 1;
                    while j < hi {
                        between |= 1 << j;
                        j += 1;
                    }
                }
                k += 1;
            }
            table[at][b] = between;
            b += 1;
        }
        at += 1;
    }
    table
};

/// `COLUMN_SPREAD[b]`: bit `i` of `b` put on row `i` of column `a`.
static COLUMN_SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if (b >> i) & 1 == 1 {
                table[b] |= 1 << (8 * i);
            }
            i += 1;
        }
        b += 1;
    }
    table
};

/// The squares of `b` from the lowest to the highest, as indices 0..64.
///
/// ```
/// use reversi_rules::bitboard::squares;
/// assert_eq!(squares(0b1010).collect::<Vec<_>>(), [1, 3]);
/// ```
#[inline]
pub fn squares(b: u64) -> impl Iterator<Item = u8> {
    let mut rest = b;
    core::iter::from_fn(move || {
        if rest == 0 {
            None
        } else {
            let sq = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            Some(sq)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_stop_at_the_edges() {
        // From a1 east: b1..h1.
        assert_eq!(ray(0, 1, 0), 0xFE);
        // From h1 east: nothing.
        assert_eq!(ray(7, 1, 0), 0);
        // From a1 south-east: the long diagonal less a1.
        assert_eq!(ray(0, 1, 1), 0x8040_2010_0804_0200);
        assert_eq!(LINES[0].diagonal, 0x8040_2010_0804_0201);
    }

    #[test]
    fn line_tables() {
        // A disc at 0 with opponents at 1 and 2: the run ends at 3.
        assert_eq!(OUTFLANK[0][0b110], 0b1000);
        // No run next to the disc: nothing.
        assert_eq!(OUTFLANK[0][0b100], 0);
        // A run to the edge is not outflanked.
        assert_eq!(OUTFLANK[0][0b1111_1110], 0);
        assert_eq!(FLIPPED[0][0b1000], 0b110);
        assert_eq!(FLIPPED[4][0b1000_0001], 0b0110_1110);
    }

    #[test]
    fn flips_out_of_range_square_is_empty() {
        assert_eq!(flips(64, 1, 2), 0);
        assert_eq!(flips(usize::MAX, u64::MAX, u64::MAX), 0);
    }
}

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
//! shifts and masks and no loop. The directions towards lower bits are the
//! same code run on the board mirrored top to bottom (a byte swap); east
//! uses the carry of an addition. Flips are computed per direction from
//! precomputed rays (the 8 rays of a square share one cache line): the
//! first square on the ray that is not an opponent disc is found with one
//! bit trick, and the opponent discs before it flip when that square holds
//! a player disc. Nothing branches.

/// Every square of column `a`.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Every square of column `h`.
pub const FILE_H: u64 = 0x8080_8080_8080_8080;
/// Every square but those of columns `a` and `h`: discs that can be
/// outflanked along a horizontal or diagonal line.
const INNER_COLUMNS: u64 = !(FILE_A | FILE_H);

/// One step of a fill in two lanes (written lane by lane so that the
/// compiler can keep both lanes in one SSE2 register).
#[inline(always)]
const fn shl2(x: [u64; 2], by: u32) -> [u64; 2] {
    [x[0] << by, x[1] << by]
}

#[inline(always)]
const fn and2(x: [u64; 2], y: [u64; 2]) -> [u64; 2] {
    [x[0] & y[0], x[1] & y[1]]
}

#[inline(always)]
const fn or2(x: [u64; 2], y: [u64; 2]) -> [u64; 2] {
    [x[0] | y[0], x[1] | y[1]]
}

/// The moves along one direction towards higher bits, in two lanes.
#[inline(always)]
const fn up_moves2(player: [u64; 2], opponent: [u64; 2], shift: u32) -> [u64; 2] {
    let mut f = and2(opponent, shl2(player, shift));
    f = or2(f, and2(opponent, shl2(f, shift)));
    let run = and2(opponent, shl2(opponent, shift));
    f = or2(f, and2(run, shl2(f, 2 * shift)));
    f = or2(f, and2(run, shl2(f, 2 * shift)));
    shl2(f, shift)
}

/// The legal moves of `player` against `opponent`: every empty square from
/// which some line of opponent discs ends in a player disc.
///
/// The three vertical and diagonal directions towards higher bits are
/// computed on the board and, in a second lane, on the board mirrored top
/// to bottom (a byte swap), where they are the three directions towards
/// lower bits; east uses the carry of an addition, west a fill.
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
    let p = [player, player.swap_bytes()];
    let o = [opponent, opponent.swap_bytes()];
    let oi = [inner, inner.swap_bytes()];
    let found = or2(
        or2(up_moves2(p, o, 8), up_moves2(p, oi, 7)),
        up_moves2(p, oi, 9),
    );
    // East: a run of opponent discs after a player disc carries an added
    // bit to the square after the run.
    let east = inner.wrapping_add((player << 1) & inner) & !inner;
    // West: a fill towards lower bits.
    let mut west = inner & (player >> 1);
    west |= inner & (west >> 1);
    let run = inner & (inner >> 1);
    west |= run & (west >> 2);
    west |= run & (west >> 2);
    (found[0] | found[1].swap_bytes() | east | (west >> 1)) & !(player | opponent)
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

/// The 8 rays of every square in one cache line: towards higher bit
/// numbers (east, south-west, south, south-east), then towards lower ones
/// (west, north-east, north, north-west).
static RAYS: [[u64; 8]; 64] = {
    let mut table = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = [
            ray(sq, 1, 0),
            ray(sq, -1, 1),
            ray(sq, 0, 1),
            ray(sq, 1, 1),
            ray(sq, -1, 0),
            ray(sq, 1, -1),
            ray(sq, 0, -1),
            ray(sq, -1, -1),
        ];
        sq += 1;
    }
    table
};

/// The discs that a disc of `player` placed on `square` (0..64) flips.
///
/// Zero when the move flips nothing (it is then illegal) and for any
/// `square` of 64 or more. The square itself is not included and is not
/// checked to be empty.
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
    let sq = square & 63;
    let valid = 0u64.wrapping_sub((square < 64) as u64);
    let rays = &RAYS[sq];
    let mut flipped = 0u64;
    let mut d = 0;
    while d < 4 {
        // Towards higher bits: the first non-opponent square is the lowest
        // set bit of the ray less the opponent's discs.
        let ray = rays[d];
        let stop = ray & !opponent;
        let first = stop & stop.wrapping_neg();
        let line = first.wrapping_sub(1) & ray;
        flipped |= line & 0u64.wrapping_sub(((first & player) != 0) as u64);
        // Towards lower bits: the highest set bit.
        let ray = rays[d + 4];
        let stop = ray & !opponent;
        let first = (0x8000_0000_0000_0000u64 >> (stop | 1).leading_zeros()) & stop;
        let line = !((first << 1).wrapping_sub(1)) & ray;
        flipped |= line & 0u64.wrapping_sub(((first & player) != 0) as u64);
        d += 1;
    }
    flipped & valid
}

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
        assert_eq!(RAYS[0][0], 0xFE);
        // From h1 east: nothing.
        assert_eq!(RAYS[7][0], 0);
        // From a1 south-east: the long diagonal less a1.
        assert_eq!(RAYS[0][3], 0x8040_2010_0804_0200);
        // From h8 north-west: the same diagonal less h8.
        assert_eq!(RAYS[63][7], 0x0040_2010_0804_0201);
    }

    #[test]
    fn flips_out_of_range_square_is_empty() {
        assert_eq!(flips(64, 1, 2), 0);
        assert_eq!(flips(usize::MAX, u64::MAX, u64::MAX), 0);
    }
}

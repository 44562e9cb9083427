//! Bit-level Reversi: move generation and flips on two `u64` bitboards.
//!
//! Bit `8 * row + column` is a square, `a1` = bit 0, `h1` = bit 7, `a2` =
//! bit 8, ..., `h8` = bit 63 (rows are numbered top to bottom, as in
//! Othello notation). These functions know nothing of colours: `player` is
//! the side to move, `opponent` the other side. They never panic.
//!
//! Move generation shifts the whole board one step at a time along each of
//! the eight directions, doubling the step once the first two steps are known
//! (a Kogge-Stone-style parallel prefix), so each direction costs a handful
//! of shifts and masks and no loop. Flips are computed per direction from
//! precomputed rays: the first square on the ray that is not an opponent
//! disc is found with one bit trick, and the opponent discs before it flip
//! when that square holds a player disc.

/// Every square of column `a`.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Every square of column `h`.
pub const FILE_H: u64 = 0x8080_8080_8080_8080;
/// Every square but those of columns `a` and `h`: discs that can be
/// outflanked along a horizontal or diagonal line.
const INNER_COLUMNS: u64 = !(FILE_A | FILE_H);

/// The moves along one direction pair (`shift` to higher bits and to lower
/// bits). `opponent` must already be masked so that a run of opponent discs
/// cannot wrap around the board edge.
#[inline(always)]
const fn direction_moves(player: u64, opponent: u64, shift: u32) -> u64 {
    let double = 2 * shift;
    // Towards higher bits.
    let mut up = opponent & (player << shift);
    up |= opponent & (up << shift);
    let run_up = opponent & (opponent << shift);
    up |= run_up & (up << double);
    up |= run_up & (up << double);
    // Towards lower bits.
    let mut down = opponent & (player >> shift);
    down |= opponent & (down >> shift);
    let run_down = opponent & (opponent >> shift);
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
#[inline]
#[must_use]
pub const fn moves(player: u64, opponent: u64) -> u64 {
    let inner = opponent & INNER_COLUMNS;
    let found = direction_moves(player, inner, 1)
        | direction_moves(player, opponent, 8)
        | direction_moves(player, inner, 7)
        | direction_moves(player, inner, 9);
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

/// Rays of one direction for every square.
const fn rays(dc: i32, dr: i32) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = ray(sq, dc, dr);
        sq += 1;
    }
    table
}

/// Rays towards higher bit numbers: east, south-west, south, south-east.
static RAYS_UP: [[u64; 64]; 4] = [rays(1, 0), rays(-1, 1), rays(0, 1), rays(1, 1)];
/// Rays towards lower bit numbers: west, north-east, north, north-west.
static RAYS_DOWN: [[u64; 64]; 4] = [rays(-1, 0), rays(1, -1), rays(0, -1), rays(-1, -1)];

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
    let mut flipped = 0u64;
    let mut d = 0;
    while d < 4 {
        // Towards higher bits: the first non-opponent square is the lowest
        // set bit of the ray less the opponent's discs.
        let ray = RAYS_UP[d][sq];
        let stop = ray & !opponent;
        let first = stop & stop.wrapping_neg();
        let line = first.wrapping_sub(1) & ray;
        flipped |= line & 0u64.wrapping_sub(((first & player) != 0) as u64);
        // Towards lower bits: the highest set bit.
        let ray = RAYS_DOWN[d][sq];
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
        assert_eq!(RAYS_UP[0][0], 0xFE);
        // From h1 east: nothing.
        assert_eq!(RAYS_UP[0][7], 0);
        // From a1 south-east: the long diagonal less a1.
        assert_eq!(RAYS_UP[3][0], 0x8040_2010_0804_0200);
        // From h8 north-west: the same diagonal less h8.
        assert_eq!(RAYS_DOWN[3][63], 0x0040_2010_0804_0201);
    }

    #[test]
    fn flips_out_of_range_square_is_empty() {
        assert_eq!(flips(64, 1, 2), 0);
        assert_eq!(flips(usize::MAX, u64::MAX, u64::MAX), 0);
    }
}

//! Zobrist hashing of Reversi positions.

use board_core::{Player, zobrist_keys};

use crate::bitboard::squares;

/// The keys: 64 for Black discs, 64 for White discs, one for White to move.
static KEYS: [u64; 129] = zobrist_keys(0x5EED_0F0E_1105_u64);

/// The key of a disc of `player` on square `index` (0..64).
#[inline]
fn disc_key(player: Player, index: u8) -> u64 {
    KEYS[player.index() * 64 + (index as usize & 63)]
}

/// The key that changes the side to move.
#[inline]
pub(crate) fn side_key() -> u64 {
    KEYS[128]
}

/// The hash of a position computed from nothing: the keys of every disc,
/// and the side key when White is to move.
pub(crate) fn from_scratch(black: u64, white: u64, to_move: Player) -> u64 {
    let mut hash = 0;
    for sq in squares(black) {
        hash ^= disc_key(Player::First, sq);
    }
    for sq in squares(white) {
        hash ^= disc_key(Player::Second, sq);
    }
    if to_move == Player::Second {
        hash ^= side_key();
    }
    hash
}

/// The change of the hash when `mover` places on `square` (bit index) and
/// flips `flips`: the new disc, each flipped disc changing colour, and the
/// side to move.
#[inline]
pub(crate) fn move_delta(mover: Player, square: u8, flips: u64) -> u64 {
    let mut delta = disc_key(mover, square) ^ side_key();
    for sq in squares(flips) {
        delta ^= KEYS[sq as usize & 63] ^ KEYS[64 + (sq as usize & 63)];
    }
    delta
}

//! The AVX-512 kernels: eight lanes of 512 bits hold all eight directions,
//! as rotations by 1, 7, 8 and 9 bits towards higher bits (lanes 0 to 3)
//! and towards lower bits (lanes 4 to 7), and `vpternlogq` merges each
//! step's AND and OR.
//!
//! Rotations are one instruction where a shift would need two (there is no
//! per-lane choice of the shift's direction), and they are exact here
//! because the opponent discs are first reduced, per lane, to those that
//! can be outflanked along the lane's line: not on the first or last row
//! for the vertical and diagonal lines, not on column `a` or `h` for the
//! horizontal and diagonal ones. A bit that a rotation carries around the
//! board lands on one of those excluded squares and is dropped at once,
//! and no run holds a disc on them, so the final step never wraps either.

use core::arch::x86_64::{
    __m512i, _mm512_and_si512, _mm512_maskz_mov_epi64, _mm512_reduce_or_epi64, _mm512_rolv_epi64,
    _mm512_set_epi64, _mm512_set1_epi64, _mm512_ternarylogic_epi64, _mm512_test_epi64_mask,
};

/// The rotations of the lanes, towards higher bits (a rotation by 64 - s
/// is one by s towards lower bits), lane 0 first.
#[inline]
#[target_feature(enable = "avx512f")]
fn rotations() -> (__m512i, __m512i) {
    (
        _mm512_set_epi64(55, 56, 57, 63, 9, 8, 7, 1),
        _mm512_set_epi64(46, 48, 50, 62, 18, 16, 14, 2),
    )
}

/// Per lane, the squares whose discs can be outflanked along the lane's
/// line.
#[inline]
#[target_feature(enable = "avx512f")]
fn flankable() -> __m512i {
    const INNER_COLUMNS: u64 = 0x7E7E_7E7E_7E7E_7E7E;
    const INNER_ROWS: u64 = 0x00FF_FFFF_FFFF_FF00;
    let horizontal = INNER_COLUMNS as i64;
    let diagonal = (INNER_COLUMNS & INNER_ROWS) as i64;
    let vertical = INNER_ROWS as i64;
    _mm512_set_epi64(
        diagonal, vertical, diagonal, horizontal, diagonal, vertical, diagonal, horizontal,
    )
}

/// `a | (b & c)` in one instruction.
#[inline]
#[target_feature(enable = "avx512f")]
fn or_and(a: __m512i, b: __m512i, c: __m512i) -> __m512i {
    // Truth table over (a, b, c) as bits (2, 1, 0): true where a is, or
    // where b and c both are.
    _mm512_ternarylogic_epi64::<0xF8>(a, b, c)
}

/// The runs of `o` that start next to `seed`, in each lane's direction.
#[inline]
#[target_feature(enable = "avx512f")]
fn runs(seed: __m512i, o: __m512i, by: __m512i, double: __m512i) -> __m512i {
    let pairs = _mm512_and_si512(o, _mm512_rolv_epi64(o, by));
    let mut run = _mm512_and_si512(o, _mm512_rolv_epi64(seed, by));
    run = or_and(run, o, _mm512_rolv_epi64(run, by));
    run = or_and(run, pairs, _mm512_rolv_epi64(run, double));
    or_and(run, pairs, _mm512_rolv_epi64(run, double))
}

/// [`crate::bitboard::moves`] with AVX-512.
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn moves(player: u64, opponent: u64) -> u64 {
    let (by, double) = rotations();
    let o = _mm512_and_si512(_mm512_set1_epi64(opponent as i64), flankable());
    let run = runs(_mm512_set1_epi64(player as i64), o, by, double);
    let found = _mm512_reduce_or_epi64(_mm512_rolv_epi64(run, by)) as u64;
    found & !(player | opponent)
}

/// [`crate::bitboard::flips`] with AVX-512, for `square` below 64 (higher
/// squares are taken modulo 64).
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn flips(square: usize, player: u64, opponent: u64) -> u64 {
    let (by, double) = rotations();
    let o = _mm512_and_si512(_mm512_set1_epi64(opponent as i64), flankable());
    let x = _mm512_set1_epi64((1u64 << (square & 63)) as i64);
    let run = runs(x, o, by, double);
    // Keep the lanes whose run is closed by a player disc.
    let closed =
        _mm512_test_epi64_mask(_mm512_rolv_epi64(run, by), _mm512_set1_epi64(player as i64));
    _mm512_reduce_or_epi64(_mm512_maskz_mov_epi64(closed, run)) as u64
}

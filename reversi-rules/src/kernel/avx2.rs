//! The AVX2 kernels: four lanes of 256 bits hold the four line
//! directions, as shifts of 1 (west to east), 7 (north-east to south-west),
//! 8 (north to south) and 9 (north-west to south-east) towards higher bits;
//! the opposite directions are the same shifts towards lower bits, done
//! separately. The opponent discs on columns `a` and `h` are masked out of
//! the three lanes that move sideways, so that no run wraps around the
//! board's edge.

use core::arch::x86_64::{
    __m256i, _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_and_si256,
    _mm256_andnot_si256, _mm256_castsi256_si128, _mm256_cmpeq_epi64, _mm256_extracti128_si256,
    _mm256_or_si256, _mm256_set_epi64x, _mm256_set1_epi64x, _mm256_setzero_si256,
    _mm256_sllv_epi64, _mm256_srlv_epi64,
};

/// Every square but those of columns `a` and `h`.
const INNER_COLUMNS: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// The lane shifts: 1, 7, 8 and 9 (lane 0 first).
#[inline]
#[target_feature(enable = "avx2")]
fn shifts() -> (__m256i, __m256i) {
    (
        _mm256_set_epi64x(9, 8, 7, 1),
        _mm256_set_epi64x(18, 16, 14, 2),
    )
}

/// `opponent` in each lane, without columns `a` and `h` in the lanes
/// that move sideways (all but the shift by 8).
#[inline]
#[target_feature(enable = "avx2")]
fn lane_opponents(opponent: u64) -> __m256i {
    let inner = INNER_COLUMNS as i64;
    _mm256_and_si256(
        _mm256_set1_epi64x(opponent as i64),
        _mm256_set_epi64x(inner, -1, inner, inner),
    )
}

/// Each lane of `v` shifted by the lane of `by`, towards higher bits
/// when `UP`, towards lower bits otherwise.
#[inline]
#[target_feature(enable = "avx2")]
fn shift<const UP: bool>(v: __m256i, by: __m256i) -> __m256i {
    if UP {
        _mm256_sllv_epi64(v, by)
    } else {
        _mm256_srlv_epi64(v, by)
    }
}

/// The runs of `o` that start next to `seed`, towards higher bits when
/// `UP`, towards lower bits otherwise.
#[inline]
#[target_feature(enable = "avx2")]
fn runs<const UP: bool>(seed: __m256i, o: __m256i, by: __m256i, double: __m256i) -> __m256i {
    let pairs = _mm256_and_si256(o, shift::<UP>(o, by));
    let mut run = _mm256_and_si256(o, shift::<UP>(seed, by));
    run = _mm256_or_si256(run, _mm256_and_si256(o, shift::<UP>(run, by)));
    run = _mm256_or_si256(run, _mm256_and_si256(pairs, shift::<UP>(run, double)));
    _mm256_or_si256(run, _mm256_and_si256(pairs, shift::<UP>(run, double)))
}

/// The union of the four lanes.
#[inline]
#[target_feature(enable = "avx2")]
fn or_lanes(v: __m256i) -> u64 {
    let half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
}

/// [`crate::bitboard::moves`] with AVX2.
#[inline]
#[target_feature(enable = "avx2")]
pub(crate) fn moves(player: u64, opponent: u64) -> u64 {
    let (by, double) = shifts();
    let p = _mm256_set1_epi64x(player as i64);
    let o = lane_opponents(opponent);
    let up = shift::<true>(runs::<true>(p, o, by, double), by);
    let down = shift::<false>(runs::<false>(p, o, by, double), by);
    or_lanes(_mm256_or_si256(up, down)) & !(player | opponent)
}

/// The runs of opponent discs from `x` that end in a player disc, in
/// one direction of each lane.
#[inline]
#[target_feature(enable = "avx2")]
fn closed_runs<const UP: bool>(
    x: __m256i,
    p: __m256i,
    o: __m256i,
    by: __m256i,
    double: __m256i,
) -> __m256i {
    let run = runs::<UP>(x, o, by, double);
    let past = _mm256_and_si256(shift::<UP>(run, by), p);
    // All ones in the lanes where no player disc closes the run.
    let open = _mm256_cmpeq_epi64(past, _mm256_setzero_si256());
    _mm256_andnot_si256(open, run)
}

/// [`crate::bitboard::flips`] with AVX2, for `square` below 64 (higher
/// squares are taken modulo 64).
#[inline]
#[target_feature(enable = "avx2")]
pub(crate) fn flips(square: usize, player: u64, opponent: u64) -> u64 {
    let (by, double) = shifts();
    let x = _mm256_set1_epi64x((1u64 << (square & 63)) as i64);
    let p = _mm256_set1_epi64x(player as i64);
    let o = lane_opponents(opponent);
    or_lanes(_mm256_or_si256(
        closed_runs::<true>(x, p, o, by, double),
        closed_runs::<false>(x, p, o, by, double),
    ))
}

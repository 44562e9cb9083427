//! AVX2 versions of [`bitboard::moves`](crate::bitboard::moves) and
//! [`bitboard::flips`](crate::bitboard::flips), used by [`perft`](crate::perft::perft)
//! when the processor has AVX2.
//!
//! This is the crate's only module with `unsafe` code, and it holds
//! exactly one `unsafe` block: the call into the functions compiled for
//! AVX2, made after the processor was checked to have AVX2. Everything
//! else here is safe: since Rust 1.87 the value-only `core::arch`
//! intrinsics are safe to call inside a function compiled with the
//! matching `#[target_feature]`, and those functions call each other
//! safely.
//!
//! The four lanes of a 256-bit register hold the four line directions,
//! as shifts towards higher bits of 1 (west to east), 7 (north-east to
//! south-west), 8 (north to south) and 9 (north-west to south-east); the
//! opposite directions are the same shifts towards lower bits. A run of
//! opponent discs is grown from its seed (the player's discs for move
//! generation, the placed disc for flips) with two single steps and two
//! double steps, enough for the six opponent discs a line can hold, in all
//! eight directions at once. The opponent discs on columns `a` and `h` are
//! masked out of the three lanes that move sideways, so that no run wraps
//! around the board's edge.

#![allow(unsafe_code)]

#[cfg(target_arch = "x86_64")]
pub(crate) use x86::{count, flips, moves};

/// Without x86-64 there is no AVX2 path: the caller counts with the
/// portable code.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(crate) fn count(_: crate::Board, _: u32, _: u64) -> Option<u64> {
    None
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::{
        __m256i, _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_and_si256,
        _mm256_andnot_si256, _mm256_castsi256_si128, _mm256_cmpeq_epi64, _mm256_extracti128_si256,
        _mm256_or_si256, _mm256_set_epi64x, _mm256_set1_epi64x, _mm256_setzero_si256,
        _mm256_sllv_epi64, _mm256_srlv_epi64,
    };

    use crate::Board;

    /// Every square but those of columns `a` and `h`.
    const INNER_COLUMNS: u64 = 0x7E7E_7E7E_7E7E_7E7E;

    /// [`crate::perft`]'s count with the AVX2 kernels, or `None` when the
    /// processor lacks AVX2 or POPCNT.
    #[inline]
    pub(crate) fn count(board: Board, depth: u32, leaf: u64) -> Option<u64> {
        if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt") {
            // SAFETY: `count_avx2` is safe but for the target features it
            // is compiled with, and the processor was found just above to
            // have both of them.
            Some(unsafe { crate::perft::count_avx2(board, depth, leaf) })
        } else {
            None
        }
    }

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

    #[cfg(test)]
    mod tests {
        use proptest::prelude::*;

        use crate::bitboard;

        fn has_avx2() -> bool {
            let found = std::is_x86_feature_detected!("avx2");
            if !found {
                println!("skipped: this processor has no AVX2");
            }
            found
        }

        /// Calls the AVX2 kernels on the processors that have them.
        fn kernels(player: u64, opponent: u64, square: usize) -> (u64, u64) {
            #[target_feature(enable = "avx2")]
            fn both(player: u64, opponent: u64, square: usize) -> (u64, u64) {
                (
                    super::moves(player, opponent),
                    super::flips(square, player, opponent),
                )
            }
            // SAFETY: only called after `has_avx2` returned true.
            unsafe { both(player, opponent, square) }
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(2000))]

            #[test]
            fn avx2_kernels_agree_with_the_portable_ones(
                a in any::<u64>(),
                b in any::<u64>(),
                square in 0usize..64,
            ) {
                if has_avx2() {
                    // Disjoint discs with the square itself empty.
                    let player = a & !b & !(1 << square);
                    let opponent = b & !(1 << square);
                    let (moves, flips) = kernels(player, opponent, square);
                    prop_assert_eq!(moves, bitboard::moves(player, opponent));
                    prop_assert_eq!(flips, bitboard::flips(square, player, opponent));
                }
            }
        }

        #[test]
        fn avx2_kernels_on_dense_boards() {
            if !has_avx2() {
                return;
            }
            // Nearly full boards: long runs in every direction.
            let mut rng = board_core::SplitMix64::new(7);
            for _ in 0..20_000 {
                let empty = 1u64 << (rng.next() % 64);
                let split = rng.next();
                let player = split & !empty;
                let opponent = !split & !empty;
                let square = empty.trailing_zeros() as usize;
                let (moves, flips) = kernels(player, opponent, square);
                assert_eq!(moves, bitboard::moves(player, opponent));
                assert_eq!(flips, bitboard::flips(square, player, opponent));
            }
        }
    }
}

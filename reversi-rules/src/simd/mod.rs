//! Vector versions of [`bitboard::moves`](crate::bitboard::moves) and
//! [`bitboard::flips`](crate::bitboard::flips), used by
//! [`perft`](crate::perft::perft) on x86-64 processors with AVX-512 or
//! AVX2.
//!
//! Both kernels work like the portable move generator, but in all eight
//! directions at once: a run of opponent discs is grown from its seed (the
//! player's discs for move generation, the placed disc for flips) with two
//! single steps and two double steps, enough for the six opponent discs a
//! line can hold; for moves, the square past each run is a candidate; for
//! flips, a run counts when a player disc closes it. See [`avx2`] and
//! [`avx512`] for how the lanes are laid out.
//!
//! This is the crate's only module allowed `unsafe` code, and its only
//! `unsafe` outside tests is in [`count`]: the call into the counter
//! compiled for the vector instructions, made after the processor was
//! checked to have them. Everything else is safe code: since Rust 1.87 the value-only
//! `core::arch` intrinsics are safe to call inside a function compiled
//! with the matching `#[target_feature]`, and such functions call each
//! other safely.

#![allow(unsafe_code)]

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;

/// The vector instructions a counter is compiled for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kernel {
    /// AVX-512 Foundation (with AVX2 and POPCNT).
    #[cfg(target_arch = "x86_64")]
    Avx512,
    /// AVX2 and POPCNT.
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Kernel {
    /// The kernel's name: `avx512` or `avx2`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => "avx512",
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => "avx2",
        }
    }

    /// The best kernel this processor runs, if any.
    #[inline]
    pub(crate) fn detect() -> Option<Kernel> {
        #[cfg(target_arch = "x86_64")]
        {
            use std::is_x86_feature_detected as has;
            if has!("avx512f") && has!("avx2") && has!("popcnt") {
                return Some(Kernel::Avx512);
            }
            if has!("avx2") && has!("popcnt") {
                return Some(Kernel::Avx2);
            }
        }
        None
    }
}

/// [`crate::perft`]'s count (depth ≥ 1) with the best vector kernel of
/// this processor, or `None` when it has none.
#[inline]
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
pub(crate) fn count(board: crate::Board, depth: u32, leaf: u64) -> Option<u64> {
    match Kernel::detect()? {
        // SAFETY: each counter is safe to call but for the target features
        // it is compiled with, and `detect` found those features on this
        // processor.
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx512 => Some(unsafe { crate::perft::count_avx512(board, depth, leaf) }),
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2 => Some(unsafe { crate::perft::count_avx2(board, depth, leaf) }),
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use proptest::prelude::*;

    use super::Kernel;
    use crate::bitboard;

    /// The kernels this processor runs, from the best; the skipped ones
    /// are named on standard output.
    fn kernels() -> Vec<Kernel> {
        let mut found = Vec::new();
        match Kernel::detect() {
            Some(Kernel::Avx512) => found.extend([Kernel::Avx512, Kernel::Avx2]),
            Some(Kernel::Avx2) => {
                println!("skipped: this processor has no AVX-512");
                found.push(Kernel::Avx2);
            }
            None => println!("skipped: this processor has neither AVX-512 nor AVX2"),
        }
        found
    }

    /// `(moves, flips)` from `kernel`, which must be one of [`kernels`].
    fn run(kernel: Kernel, player: u64, opponent: u64, square: usize) -> (u64, u64) {
        #[target_feature(enable = "avx2")]
        fn avx2(player: u64, opponent: u64, square: usize) -> (u64, u64) {
            (
                super::avx2::moves(player, opponent),
                super::avx2::flips(square, player, opponent),
            )
        }
        #[target_feature(enable = "avx512f")]
        fn avx512(player: u64, opponent: u64, square: usize) -> (u64, u64) {
            (
                super::avx512::moves(player, opponent),
                super::avx512::flips(square, player, opponent),
            )
        }
        // SAFETY: `kernels` lists only what `Kernel::detect` found.
        unsafe {
            match kernel {
                Kernel::Avx512 => avx512(player, opponent, square),
                Kernel::Avx2 => avx2(player, opponent, square),
            }
        }
    }

    /// Every available kernel agrees with the portable code on this board.
    fn agree(player: u64, opponent: u64, square: usize) -> Result<(), TestCaseError> {
        for kernel in kernels() {
            let (moves, flips) = run(kernel, player, opponent, square);
            prop_assert_eq!(
                moves,
                bitboard::moves(player, opponent),
                "{:?} moves",
                kernel
            );
            prop_assert_eq!(
                flips,
                bitboard::flips(square, player, opponent),
                "{:?} flips on {}",
                kernel,
                square
            );
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn vector_kernels_agree_with_the_portable_ones(
            a in any::<u64>(),
            b in any::<u64>(),
            square in 0usize..64,
        ) {
            // Disjoint discs with the square itself empty.
            agree(a & !b & !(1 << square), b & !(1 << square), square)?;
        }
    }

    #[test]
    fn vector_kernels_on_dense_and_sparse_boards() {
        let mut rng = board_core::SplitMix64::new(7);
        for i in 0..20_000 {
            let empty = if i % 2 == 0 {
                // Nearly full: long runs in every direction.
                1u64 << rng.below(64)
            } else {
                // Sparse: a few discs of each side.
                !(rng.next() & rng.next())
            };
            let square = rng.below(64) as usize;
            let empty = empty | 1 << square;
            let split = rng.next();
            agree(split & !empty, !split & !empty, square).unwrap();
        }
    }

    #[test]
    fn every_counter_gives_the_portable_count() {
        // The start and positions a few random moves into the game,
        // where passes and finished games occur within the depth.
        let mut rng = board_core::SplitMix64::new(11);
        let mut boards = vec![crate::Board::start()];
        for _ in 0..12 {
            let mut board = crate::Board::start();
            for _ in 0..rng.below(50) {
                let moves = board.moves();
                if moves == 0 {
                    board = board.pass();
                    continue;
                }
                let mut pick = rng.below(u64::from(moves.count_ones()));
                let mut rest = moves;
                while pick > 0 {
                    rest &= rest - 1;
                    pick -= 1;
                }
                let square = rest.trailing_zeros() as usize;
                board = board.apply(
                    1 << square,
                    bitboard::flips(square, board.player(), board.opponent()),
                );
            }
            boards.push(board);
        }
        for board in boards {
            for leaf in [0, 1] {
                let portable = crate::perft::count(board, 5, leaf);
                for kernel in kernels() {
                    // SAFETY: `kernels` lists only what `Kernel::detect`
                    // found.
                    let vector = unsafe {
                        match kernel {
                            Kernel::Avx512 => crate::perft::count_avx512(board, 5, leaf),
                            Kernel::Avx2 => crate::perft::count_avx2(board, 5, leaf),
                        }
                    };
                    assert_eq!(vector, portable, "{kernel:?} on {board:?}");
                }
            }
        }
    }

    #[test]
    fn every_square_from_the_edges() {
        // One disc of the player on each square, a ring of opponents
        // around it wherever the board allows: every direction and edge.
        for square in 0..64usize {
            for player_square in 0..64usize {
                let player = 1u64 << player_square;
                let opponent = !player & !(1u64 << square);
                agree(player, opponent & !(1 << square), square).unwrap();
            }
        }
    }
}

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
//! flips, a run counts when a player disc closes it. The `avx2` and
//! `avx512` modules say how the lanes are laid out.
//!
//! This is the crate's only module allowed `unsafe` code. Its `unsafe`
//! blocks are the calls from [`Kernel`]'s methods into functions compiled
//! for vector instructions, and a `Kernel` that names such instructions
//! exists only after the processor was checked to have them. Everything
//! else is safe code: since Rust 1.87 the value-only `core::arch`
//! intrinsics are safe to call inside a function compiled with the
//! matching `#[target_feature]`, and such functions call each other
//! safely.

#![allow(unsafe_code)]

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;

use crate::{Board, bitboard};

/// The code that generates moves and flips: the portable code, or vector
/// instructions that the processor was found to have.
///
/// A `Kernel` other than [`Kernel::PORTABLE`] can only be obtained from
/// [`Kernel::detect`] or [`Kernel::all`], which check the processor, so
/// its methods are safe on any machine. They give exactly the results of
/// [`bitboard::moves`] and [`bitboard::flips`].
///
/// Each call of [`Kernel::moves`] or [`Kernel::flips`] with a vector kernel
/// is a function call (code compiled for other instructions is not
/// inlined into portable code), which the vector code more than pays for:
/// see the measurement in the crate's README.
/// Plain [`perft`](crate::perft::perft) goes further and runs a whole
/// counter compiled for the vector instructions.
///
/// ```
/// use reversi_rules::bitboard::{self, Kernel};
/// let kernel = Kernel::detect();
/// let (black, white) = ((1 << 28) | (1 << 35), (1 << 27) | (1 << 36));
/// assert_eq!(kernel.moves(black, white), bitboard::moves(black, white));
/// assert_eq!(kernel.flips(37, black, white), 1 << 36);
/// println!("running {}", kernel.name());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kernel(Kind);

/// What a [`Kernel`] runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Portable,
    /// AVX-512 Foundation (with AVX2 and POPCNT).
    #[cfg(target_arch = "x86_64")]
    Avx512,
    /// AVX2 and POPCNT.
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Default for Kernel {
    /// [`Kernel::detect`].
    fn default() -> Kernel {
        Kernel::detect()
    }
}

impl Kernel {
    /// The portable code, on every machine.
    pub const PORTABLE: Kernel = Kernel(Kind::Portable);

    /// The fastest kernel this processor runs.
    #[inline]
    #[must_use]
    pub fn detect() -> Kernel {
        Kernel::all()[0]
    }

    /// Every kernel this processor runs, the fastest first and
    /// [`Kernel::PORTABLE`] last: for tests and benchmarks.
    #[must_use]
    pub fn all() -> arrayvec::ArrayVec<Kernel, 3> {
        let mut found = arrayvec::ArrayVec::new();
        #[cfg(target_arch = "x86_64")]
        {
            use std::is_x86_feature_detected as has;
            if has!("avx2") && has!("popcnt") {
                if has!("avx512f") {
                    found.push(Kernel(Kind::Avx512));
                }
                found.push(Kernel(Kind::Avx2));
            }
        }
        found.push(Kernel::PORTABLE);
        found
    }

    /// `"avx512"`, `"avx2"` or `"portable"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self.0 {
            Kind::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => "avx512",
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => "avx2",
        }
    }

    /// [`bitboard::moves`] with this kernel.
    #[inline]
    #[must_use]
    pub fn moves(self, player: u64, opponent: u64) -> u64 {
        match self.0 {
            Kind::Portable => bitboard::moves(player, opponent),
            // SAFETY (both): a vector kind is only made by `all`, after
            // the processor was found to have its instructions.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => unsafe { avx512::moves(player, opponent) },
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => unsafe { avx2::moves(player, opponent) },
        }
    }

    /// [`bitboard::flips`] with this kernel.
    #[inline]
    #[must_use]
    pub fn flips(self, square: usize, player: u64, opponent: u64) -> u64 {
        if square >= 64 {
            return 0;
        }
        match self.0 {
            Kind::Portable => bitboard::flips(square, player, opponent),
            // SAFETY (both): as in `moves`.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => unsafe { avx512::flips(square, player, opponent) },
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => unsafe { avx2::flips(square, player, opponent) },
        }
    }

    /// [`crate::perft`]'s count (depth ≥ 1) with a counter compiled for
    /// this kernel.
    #[inline]
    pub(crate) fn count(self, board: Board, depth: u32, leaf: u64) -> u64 {
        match self.0 {
            Kind::Portable => crate::perft::count(board, depth, leaf),
            // SAFETY (both): as in `moves`.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => unsafe { crate::perft::count_avx512(board, depth, leaf) },
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => unsafe { crate::perft::count_avx2(board, depth, leaf) },
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::Kernel;
    use crate::bitboard;

    /// Every kernel of this processor but the portable one; the missing
    /// ones are named on standard output.
    fn kernels() -> Vec<Kernel> {
        let found: Vec<Kernel> = Kernel::all()
            .into_iter()
            .filter(|&k| k != Kernel::PORTABLE)
            .collect();
        for name in ["avx512", "avx2"] {
            if !found.iter().any(|k| k.name() == name) {
                println!("skipped: this processor does not run {name}");
            }
        }
        found
    }

    /// Every available kernel agrees with the portable code on this board.
    fn agree(player: u64, opponent: u64, square: usize) -> Result<(), TestCaseError> {
        for kernel in kernels() {
            prop_assert_eq!(
                kernel.moves(player, opponent),
                bitboard::moves(player, opponent),
                "{:?} moves",
                kernel
            );
            prop_assert_eq!(
                kernel.flips(square, player, opponent),
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
    fn the_best_kernel_is_detected_first_and_portable_is_last() {
        let all = Kernel::all();
        assert_eq!(all[0], Kernel::detect());
        assert_eq!(all.last(), Some(&Kernel::PORTABLE));
        assert_eq!(Kernel::PORTABLE.name(), "portable");
        for kernel in all {
            assert_eq!(kernel.flips(64, 0, u64::MAX), 0);
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
                    let vector = kernel.count(board, 5, leaf);
                    assert_eq!(vector, portable, "{kernel:?} on {board:?}");
                }
            }
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

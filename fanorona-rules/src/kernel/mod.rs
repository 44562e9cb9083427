//! The perft kernels: the choice between the portable counter and those
//! compiled for the bit-manipulation instructions of newer x86-64
//! processors and for AVX-512 ([`Kernel`]), the last ply of the AVX-512
//! counter (`wide`), and the work list of capture chains the counters fill
//! and empty ([`Work`]). The counters themselves are safe code, one source
//! compiled per instruction set, in [`crate::count`].
//!
//! # The crate's only `unsafe` code
//!
//! The workspace denies `unsafe` code; this module alone allows it, as the
//! design asks (one module per crate), so that every `unsafe` block of the
//! crate and every invariant one relies on are here. There are two kinds:
//!
//! - **Calls into `#[target_feature]` functions**, from [`Kernel`]'s
//!   methods. A `Kernel` that names such instructions is made only by
//!   [`Kernel::detect`] (and `Kernel::all` for tests), after the
//!   processor was found to have every instruction those functions are
//!   compiled for; its field is private to this module, so no other code
//!   makes one, and the methods are safe on any processor. Code compiled
//!   for those instructions calls such functions without `unsafe`, so the
//!   counters need none.
//! - **Vector loads and stores** in `wide`: from static tables of exactly
//!   64 bytes (its `load` takes nothing else), to and from the spill
//!   buffer of a group's steps (sized for the most steps of a group and one
//!   vector more), and to and from the [`Work`] list's arrays, each right
//!   after [`Work::room`] made them long enough past its `len` (whatever
//!   that is: `room` grows them to it). `room` checks one array for all
//!   three, which holds because the arrays are private to this module and
//!   change length only in `Work::grow`, all three to one size; the code
//!   outside reads and writes them through bounds-checked slices
//!   ([`Work::entry`], [`Work::fresh`]).
//!
//! The tests of `wide` call its functions in `unsafe` blocks after checking
//! the processor themselves.

#![allow(unsafe_code)]

#[cfg(target_arch = "x86_64")]
pub(crate) mod wide;
mod work;

pub(crate) use work::Work;

use crate::count;

/// The counter that runs: the portable code, or code for instructions the
/// processor was found to have. Both give the same counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Kernel(Kind);

/// What a [`Kernel`] runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Portable,
    /// `popcnt`, `bmi1`, `bmi2` and `lzcnt`.
    #[cfg(target_arch = "x86_64")]
    Bmi2,
    /// Those and AVX-512 with `bw`, `vbmi`, `vbmi2`, `bitalg` and
    /// `vpopcntdq` (Intel Ice Lake, AMD Zen 4 and later).
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Kernel {
    /// The portable code, on every machine.
    pub(crate) const PORTABLE: Kernel = Kernel(Kind::Portable);

    /// The fastest kernel this processor runs.
    #[inline]
    pub(crate) fn detect() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        {
            use std::is_x86_feature_detected as has;
            if has!("popcnt") && has!("bmi1") && has!("bmi2") && has!("lzcnt") {
                if has!("avx512f")
                    && has!("avx512bw")
                    && has!("avx512vbmi")
                    && has!("avx512vbmi2")
                    && has!("avx512bitalg")
                    && has!("avx512vpopcntdq")
                {
                    return Kernel(Kind::Avx512);
                }
                return Kernel(Kind::Bmi2);
            }
        }
        Kernel::PORTABLE
    }

    /// Every kernel this processor runs, the fastest first and
    /// [`Kernel::PORTABLE`] last: for tests.
    #[cfg(test)]
    pub(crate) fn all() -> Vec<Kernel> {
        let mut all = vec![Kernel::detect()];
        #[cfg(target_arch = "x86_64")]
        if all[0].0 == Kind::Avx512 {
            all.push(Kernel(Kind::Bmi2));
        }
        if all[0] != Kernel::PORTABLE {
            all.push(Kernel::PORTABLE);
        }
        all
    }

    /// `"avx512"`, `"bmi2"` or `"portable"`.
    pub(crate) fn name(self) -> &'static str {
        match self.0 {
            Kind::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Kind::Bmi2 => "bmi2",
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => "avx512",
        }
    }

    /// Whole-turn perft of the side owning `own` to move.
    ///
    /// A perft of depth 1 leaves its chains in the work list (a deeper one
    /// has counted them all), so the list is counted last.
    #[inline]
    pub(crate) fn perft(self, own: u64, opp: u64, depth: u32, cache: &mut count::Cache) -> u64 {
        match self.0 {
            Kind::Portable => {
                count::portable::perft(own, opp, depth, cache)
                    + count::portable::drain(&mut cache.work)
            }
            // SAFETY: `Kind::Bmi2` is only made by `detect`, after the
            // processor was found to have every instruction enabled for it.
            #[cfg(target_arch = "x86_64")]
            Kind::Bmi2 => unsafe {
                count::bmi2::perft(own, opp, depth, cache) + count::bmi2::drain(&mut cache.work)
            },
            // SAFETY: as for `Kind::Bmi2`.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => unsafe {
                count::avx512::perft(own, opp, depth, cache) + wide::drain(&mut cache.work)
            },
        }
    }

    /// The number of whole-turn moves of the side owning `own`. The
    /// AVX-512 kernel counts a single position depth-first as the BMI2
    /// one does: its work list pays only over the many positions of a
    /// perft.
    #[inline]
    pub(crate) fn count_moves(self, own: u64, opp: u64) -> u64 {
        match self.0 {
            Kind::Portable => count::portable::count_moves(own, opp),
            // SAFETY: as in `perft`.
            #[cfg(target_arch = "x86_64")]
            Kind::Bmi2 => unsafe { count::bmi2::count_moves(own, opp) },
            // SAFETY: as in `perft`.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => unsafe { count::avx512::count_moves(own, opp) },
        }
    }
}

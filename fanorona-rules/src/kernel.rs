//! The choice between the portable perft counter and the one compiled for
//! the bit-manipulation instructions of newer x86-64 processors (see
//! [`crate::count`]).
//!
//! This is the crate's only module allowed `unsafe` code: the calls from
//! [`Kernel`]'s methods into functions compiled with
//! `#[target_feature]`. A [`Kernel`] naming those instructions exists only
//! after the processor was checked to have them, so the methods are safe.

#![allow(unsafe_code)]

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
        if all[0] != Kernel::PORTABLE {
            all.push(Kernel::PORTABLE);
        }
        all
    }

    /// `"bmi2"` or `"portable"`.
    #[cfg(test)]
    pub(crate) fn name(self) -> &'static str {
        match self.0 {
            Kind::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Kind::Bmi2 => "bmi2",
        }
    }

    /// Whole-turn perft of the side owning `own` to move.
    #[inline]
    pub(crate) fn perft(self, own: u64, opp: u64, depth: u32, cache: &mut count::Cache) -> u64 {
        match self.0 {
            Kind::Portable => count::portable::perft(own, opp, depth, cache),
            // SAFETY: `Kind::Bmi2` is only made by `detect`, after the
            // processor was found to have every instruction enabled for it.
            #[cfg(target_arch = "x86_64")]
            Kind::Bmi2 => unsafe { count::bmi2::perft(own, opp, depth, cache) },
        }
    }

    /// The number of whole-turn moves of the side owning `own`.
    #[inline]
    pub(crate) fn count_moves(self, own: u64, opp: u64) -> u64 {
        match self.0 {
            Kind::Portable => count::portable::count_moves(own, opp),
            // SAFETY: as in `perft`.
            #[cfg(target_arch = "x86_64")]
            Kind::Bmi2 => unsafe { count::bmi2::count_moves(own, opp) },
        }
    }
}

//! Deferral in a lazy SMP search: the positions some thread is searching.

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

/// The least depth at which a parallel search defers a child another
/// thread is searching.
pub(super) const DEFER_DEPTH: u32 = 3;

/// The positions some thread of a parallel search is searching right now
/// (simplified ABDADA): a thread that meets such a child, after the node's
/// first move, searches its other moves first and comes back to it later,
/// by when the other thread's result is usually in the table. A small
/// table of keys; a clash only costs a deferral or a missed one.
pub(crate) struct Busy {
    keys: Vec<AtomicU64>,
}

impl Busy {
    pub(crate) fn new() -> Self {
        Busy {
            keys: (0..1 << 15).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.keys[(key as usize) & (self.keys.len() - 1)]
    }

    #[inline]
    pub(super) fn contains(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) == key
    }

    #[inline]
    pub(super) fn enter(&self, key: u64) {
        self.slot(key).store(key, Relaxed);
    }

    #[inline]
    pub(super) fn leave(&self, key: u64) {
        // Only our own mark: another thread may have taken the slot.
        let _ = self.slot(key).compare_exchange(key, 0, Relaxed, Relaxed);
    }
}

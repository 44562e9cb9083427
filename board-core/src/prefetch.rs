//! A hint to the processor to start loading memory before it is read.
//!
//! Transposition and perft tables are far larger than the caches, so a
//! probe usually waits for memory. Asking for an entry early (when a node
//! starts, or for all of a node's children before any is read) lets other
//! work run, or the misses overlap, while it arrives.
//!
//! This is the crate's only module allowed `unsafe` code: the prefetch
//! intrinsic takes a raw pointer, so calling it is `unsafe` although it
//! never reads through the pointer into the program (a prefetch of any
//! address is harmless; here it is always a live reference).

#![allow(unsafe_code)]

/// Asks the processor for the cache line holding `value`, without waiting
/// for it (a no-op where no prefetch instruction is known). It changes
/// nothing the program can observe but timing.
///
/// ```
/// let table = vec![0u64; 1 << 16];
/// let slot = 12_345;
/// board_core::prefetch(&table[slot]);
/// // ... other work ...
/// assert_eq!(table[slot], 0);
/// ```
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let ptr = (value as *const T).cast::<i8>();
        // SAFETY: a prefetch has no effect on the program's memory; the
        // pointer comes from a live reference.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(ptr) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

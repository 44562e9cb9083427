//! A hint to the processor to start loading a transposition-table bucket
//! before the search needs it.
//!
//! The solver's table is far larger than the caches, so a probe usually
//! waits for memory; asking for the bucket when a node starts lets the
//! move generation and the stability test run while it arrives.
//!
//! This is the crate's only module allowed `unsafe` code: the prefetch
//! intrinsic takes a raw pointer, so calling it is `unsafe` although it
//! never reads through the pointer into the program (a prefetch of any
//! address is harmless; here it is always a live reference).

#![allow(unsafe_code)]

/// Asks for the cache line holding `value` (a no-op where no prefetch
/// instruction is known).
#[inline(always)]
pub(crate) fn prefetch<T>(value: &T) {
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

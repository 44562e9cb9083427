//! The sizes of the tables games and searches allocate (perft caches,
//! transposition tables): a documented maximum, and allocation failure as
//! a typed error instead of an abort.

/// The largest table a constructor accepts, in MiB (64 GiB). A larger size
/// is [`TableSizeError::TooLarge`]; within it, memory the allocator refuses
/// is [`TableSizeError::OutOfMemory`].
pub const MAX_TABLE_MIB: usize = 64 * 1024;

/// Why a table of the size asked for cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableSizeError {
    /// The size is above [`MAX_TABLE_MIB`].
    #[error("a table of {mib} MiB is larger than the maximum of {max} MiB", max = MAX_TABLE_MIB)]
    TooLarge {
        /// The size asked for, in MiB.
        mib: usize,
    },
    /// The allocator refused the memory.
    #[error("cannot allocate a table of {mib} MiB: not enough memory")]
    OutOfMemory {
        /// The size asked for, in MiB.
        mib: usize,
    },
}

/// A table of `mib` MiB of `T` entries, every entry `T::default()`: the
/// largest power-of-two number of entries that fits in `mib` MiB (at least
/// one). The memory is reserved with `try_reserve_exact`, so a refusal is
/// an error, never an abort.
///
/// # Errors
/// [`TableSizeError::TooLarge`] above [`MAX_TABLE_MIB`],
/// [`TableSizeError::OutOfMemory`] when the memory is refused.
///
/// ```
/// use board_core::{MAX_TABLE_MIB, TableSizeError, try_table};
/// let t: Vec<u64> = try_table(1)?;
/// assert_eq!(t.len(), (1 << 20) / 8);
/// assert!(matches!(
///     try_table::<u64>(MAX_TABLE_MIB + 1),
///     Err(TableSizeError::TooLarge { .. })
/// ));
/// # Ok::<(), TableSizeError>(())
/// ```
pub fn try_table<T: Default + Clone>(mib: usize) -> Result<Vec<T>, TableSizeError> {
    if mib > MAX_TABLE_MIB {
        return Err(TableSizeError::TooLarge { mib });
    }
    let wanted = (mib.saturating_mul(1 << 20) / size_of::<T>().max(1)).max(1);
    // The largest power of two not above `wanted`.
    let len = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
    let mut table = Vec::new();
    table
        .try_reserve_exact(len)
        .map_err(|_| TableSizeError::OutOfMemory { mib })?;
    table.resize(len, T::default());
    Ok(table)
}

/// As [`try_table`], but never failing: a size above [`MAX_TABLE_MIB`] is
/// taken as the maximum, and a refused size is halved until the allocator
/// grants it (one entry at least).
#[must_use]
pub fn table_or_smaller<T: Default + Clone>(mib: usize) -> Vec<T> {
    let mut mib = mib.min(MAX_TABLE_MIB);
    loop {
        match try_table(mib) {
            Ok(t) => return t,
            Err(_) if mib > 0 => mib /= 2,
            Err(_) => return vec![T::default()],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_round_down_to_a_power_of_two_and_the_maximum_is_checked() {
        assert_eq!(try_table::<[u64; 3]>(1).unwrap().len(), 32768);
        assert_eq!(try_table::<u8>(0).unwrap().len(), 1);
        let e = try_table::<u8>(100_000).unwrap_err();
        assert_eq!(e, TableSizeError::TooLarge { mib: 100_000 });
        assert!(e.to_string().contains("100000 MiB"), "{e}");
        assert!(e.to_string().contains(&MAX_TABLE_MIB.to_string()), "{e}");
        assert_eq!(table_or_smaller::<u64>(2).len(), (2 << 20) / 8);
    }
}

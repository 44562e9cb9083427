//! Zobrist hashing: the capability trait and a deterministic key generator.

use crate::Game;

/// A game whose positions carry a Zobrist hash, kept up to date as moves are
/// played.
///
/// Two equal positions (same pieces, same side to move, same state that
/// decides future moves) must have equal hashes. The hash is what
/// transposition tables key on.
pub trait ZobristHash: Game {
    /// The hash, maintained incrementally by [`play`](Game::play) and
    /// [`play_unchecked`](Game::play_unchecked). Cheap.
    fn zobrist(&self) -> u64;

    /// The hash computed from nothing but the position. Slow; tests check
    /// that it always equals [`zobrist`](ZobristHash::zobrist).
    fn zobrist_from_scratch(&self) -> u64;
}

/// SplitMix64: a tiny, fast, deterministic 64-bit generator.
///
/// Used to make Zobrist keys (at compile time with [`zobrist_keys`]) and
/// wherever Spielwerk needs reproducible randomness without a dependency. It
/// implements [`rand_core::RngCore`], so it can be handed to
/// [`Determinize`](crate::Determinize).
///
/// ```
/// use board_core::SplitMix64;
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next(), b.next());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator from a seed; equal seeds give equal sequences on every
    /// machine.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next value.
    #[allow(clippy::should_implement_trait)]
    pub const fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `0..bound` (`bound` > 0), by Lemire's multiply-shift; the
    /// bias is below 2⁻³² for bounds under 2³².
    pub const fn below(&mut self, bound: u64) -> u64 {
        ((self.next() as u128 * bound as u128) >> 64) as u64
    }
}

impl rand_core::RngCore for SplitMix64 {
    fn next_u32(&mut self) -> u32 {
        (SplitMix64::next(self) >> 32) as u32
    }
    fn next_u64(&mut self) -> u64 {
        SplitMix64::next(self)
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let bytes = SplitMix64::next(self).to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }
}

/// `N` Zobrist keys from `seed`, computable at compile time so a game's key
/// table can be a `static`.
///
/// The keys depend only on `seed` and `N`: every machine and every build gets
/// the same table, so hashes (and with them search results) are reproducible.
/// No key is zero.
///
/// ```
/// use board_core::zobrist_keys;
/// static KEYS: [u64; 130] = zobrist_keys(0x5EED);
/// assert_eq!(KEYS, zobrist_keys::<130>(0x5EED));
/// assert!(KEYS.iter().all(|&k| k != 0));
/// ```
#[must_use]
pub const fn zobrist_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut rng = SplitMix64::new(seed);
    let mut keys = [0u64; N];
    let mut i = 0;
    while i < N {
        let mut k = rng.next();
        while k == 0 {
            k = rng.next();
        }
        keys[i] = k;
        i += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_reference_values() {
        // The first outputs of Vigna's splitmix64.c seeded with 0.
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(r.next(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn keys_are_distinct_and_seed_dependent() {
        let a: [u64; 1000] = zobrist_keys(1);
        let b: [u64; 1000] = zobrist_keys(2);
        let mut sorted = a.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 1000);
        assert_ne!(a, b);
    }

    #[test]
    fn below_stays_in_range() {
        let mut r = SplitMix64::new(9);
        for bound in [1u64, 2, 3, 7, 1000] {
            for _ in 0..200 {
                assert!(r.below(bound) < bound);
            }
        }
    }

    #[test]
    fn fill_bytes_handles_partial_chunks() {
        use rand_core::RngCore;
        let mut r = SplitMix64::new(3);
        let mut buf = [0u8; 11];
        r.fill_bytes(&mut buf);
        let mut r2 = SplitMix64::new(3);
        let first = r2.next().to_le_bytes();
        assert_eq!(&buf[..8], &first);
        assert_eq!(&buf[8..], &r2.next().to_le_bytes()[..3]);
    }
}

//! A bucketed transposition table with depth and age replacement.

use crate::Bound;

/// Entries per bucket: one cache line holds a bucket for small moves.
const WAYS: usize = 4;

/// One stored search result.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Entry<M, S> {
    /// The full hash of the position (verifies the match).
    pub key: u64,
    /// The best move found, if any.
    pub mv: Option<M>,
    /// The score (decisive scores are relative to the stored node).
    pub score: S,
    /// The remaining depth the score was searched to.
    pub depth: u16,
    /// What the score is.
    pub bound: Bound,
    /// The search generation that stored it.
    age: u8,
}

#[derive(Debug, Clone, Copy)]
struct Bucket<M, S> {
    slots: [Option<Entry<M, S>>; WAYS],
}

impl<M: Copy, S: Copy> Default for Bucket<M, S> {
    fn default() -> Self {
        Bucket {
            slots: [None; WAYS],
        }
    }
}

/// A transposition table: a fixed number of buckets of four entries, sized
/// in MiB. A new entry takes the slot of the same position, else an empty
/// slot, else the slot whose entry is shallowest once its age is counted
/// against it (entries from older searches go first).
///
/// ```
/// use board_search::{Bound, TranspositionTable};
/// let mut tt: TranspositionTable<u8, i32> = TranspositionTable::new(1);
/// tt.store(0xABCD, Some(3), 17, 5, Bound::Exact);
/// let e = tt.probe(0xABCD).unwrap();
/// assert_eq!((e.mv, e.score, e.depth, e.bound), (Some(3), 17, 5, Bound::Exact));
/// assert!(tt.probe(0x1234).is_none());
/// ```
#[derive(Debug, Clone)]
pub struct TranspositionTable<M, S> {
    buckets: Vec<Bucket<M, S>>,
    age: u8,
}

impl<M: Copy, S: Copy> TranspositionTable<M, S> {
    /// A table of at most `mib` MiB (at least one bucket, at most
    /// [`board_core::MAX_TABLE_MIB`]).
    /// The memory is filled at once. When the allocator refuses it, the
    /// table halves its size until it is granted instead of failing:
    /// [`capacity`](Self::capacity) tells what it got.
    #[must_use]
    pub fn new(mib: usize) -> Self {
        let bytes = mib.min(board_core::MAX_TABLE_MIB).saturating_mul(1 << 20);
        let mut n = (bytes / size_of::<Bucket<M, S>>()).max(1);
        let mut buckets = Vec::new();
        while buckets.try_reserve_exact(n).is_err() && n > 1 {
            n /= 2;
        }
        buckets.resize(n.min(buckets.capacity()).max(1), Bucket::default());
        TranspositionTable { buckets, age: 0 }
    }

    /// The number of entries it can hold.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.age = 0;
    }

    /// Starts a new search generation: entries of earlier ones are replaced
    /// first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto any number of buckets evenly,
        // after a multiplication that spreads keys whose high bits are all
        // zero (a game's own small hash) over the whole range.
        let spread = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((u128::from(spread) * self.buckets.len() as u128) >> 64) as usize
    }

    /// The entry of the position with hash `key`, if stored.
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry<M, S>> {
        let bucket = &self.buckets[self.index(key)];
        bucket
            .slots
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    /// Stores a result. Replacing an entry of the same position keeps its move
    /// when the new result has none.
    #[inline]
    pub fn store(&mut self, key: u64, mv: Option<M>, score: S, depth: u16, bound: Bound) {
        let age = self.age;
        let i = self.index(key);
        let bucket = &mut self.buckets[i];
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (slot_index, slot) in bucket.slots.iter().enumerate() {
            match slot {
                Some(e) if e.key == key => {
                    victim = slot_index;
                    break;
                }
                None => {
                    victim = slot_index;
                    victim_worth = i32::MIN;
                }
                Some(e) => {
                    let stale = i32::from(age.wrapping_sub(e.age));
                    let worth = i32::from(e.depth) - 8 * stale;
                    if worth < victim_worth {
                        victim = slot_index;
                        victim_worth = worth;
                    }
                }
            }
        }
        let slot = &mut bucket.slots[victim];
        let mv = match (mv, &*slot) {
            (None, Some(old)) if old.key == key => old.mv,
            _ => mv,
        };
        *slot = Some(Entry {
            key,
            mv,
            score,
            depth,
            bound,
            age,
        });
    }

    /// Per mille of a sample of slots in use (as UCI's `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.iter().take(250);
        let (used, all) = sample.fold((0, 0), |(u, a), b| {
            (u + b.slots.iter().flatten().count(), a + WAYS)
        });
        (used * 1000).checked_div(all).unwrap_or(0) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_follows_mib() {
        let small: TranspositionTable<u16, i32> = TranspositionTable::new(1);
        let big: TranspositionTable<u16, i32> = TranspositionTable::new(4);
        assert!(big.capacity() >= 4 * small.capacity() - WAYS);
        let zero: TranspositionTable<u16, i32> = TranspositionTable::new(0);
        assert_eq!(zero.capacity(), WAYS);
    }

    #[test]
    fn same_key_is_replaced_and_keeps_move() {
        let mut tt: TranspositionTable<u8, i32> = TranspositionTable::new(0);
        tt.store(5, Some(1), 10, 3, Bound::Lower);
        tt.store(5, None, 20, 1, Bound::Upper);
        let e = tt.probe(5).expect("stored");
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (Some(1), 20, 1, Bound::Upper)
        );
    }

    #[test]
    fn full_bucket_evicts_shallowest_then_oldest() {
        // One bucket: every key lands in it.
        let mut tt: TranspositionTable<u8, i32> = TranspositionTable::new(0);
        for (k, d) in [(1u64, 5u16), (2, 9), (3, 2), (4, 7)] {
            tt.store(k, None, 0, d, Bound::Exact);
        }
        tt.store(10, None, 0, 1, Bound::Exact);
        assert!(tt.probe(3).is_none(), "depth 2 was the shallowest");
        assert!(tt.probe(10).is_some());
        // A new generation makes the old entries cheaper than the fresh one.
        tt.new_search();
        tt.store(11, None, 0, 1, Bound::Exact);
        assert!(tt.probe(10).is_none(), "oldest shallow entry goes first");
        assert!(tt.probe(2).is_some() && tt.probe(4).is_some());
    }

    #[test]
    fn clear_empties() {
        let mut tt: TranspositionTable<u8, i32> = TranspositionTable::new(1);
        tt.store(77, Some(2), 1, 1, Bound::Exact);
        assert!(tt.hashfull() <= 1000);
        tt.clear();
        assert!(tt.probe(77).is_none());
    }
}

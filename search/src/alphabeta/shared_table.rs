//! The transposition table of [`AlphaBeta`](crate::AlphaBeta): lock-free,
//! shared by every thread of a search.

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

use crate::Bound;

/// Entries per bucket: four 16-byte entries fill one 64-byte cache line.
const WAYS: usize = 4;

/// The move index that means "no move".
const NO_MOVE: u64 = 0xFFFF;

/// Generations are counted modulo 64 (six bits of an entry).
const AGE_MASK: u8 = 63;

/// One stored search result, as [`SharedTable::probe`] returns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableEntry {
    /// The best move's index in the position's move list (the order of
    /// [`Game::legal_moves`](board_core::Game::legal_moves), which is
    /// deterministic), if there is one.
    pub move_index: Option<u16>,
    /// The score (decisive scores are relative to the stored node).
    pub score: i32,
    /// The remaining depth the score was searched to.
    pub depth: u8,
    /// What the score is.
    pub bound: Bound,
}

/// One slot: the data, and the key XOR the data. A reader accepts the
/// slot only when the two words give back its key, so an entry that two
/// threads wrote at the same time (one word from each) is a miss, never a
/// wrong hit.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket {
    slots: [Slot; WAYS],
}

/// A transposition table that threads share without locks: buckets of four
/// 16-byte entries, one cache line each, sized in MiB. Each entry is two
/// atomic words (Hyatt's lockless hashing): the data (score, depth, bound,
/// move, generation) and the key XOR the data. Entries store the best
/// move as its index in the position's move list, so any game's moves fit.
///
/// A new entry takes the slot of the same position, else an empty slot,
/// else the slot whose entry is shallowest once its age is counted against
/// it (entries from older searches go first).
///
/// ```
/// use board_search::{Bound, SharedTable};
/// let mut table = SharedTable::new(1);
/// table.store(0xABCD, Some(3), -17, 5, Bound::Lower);
/// let e = table.probe(0xABCD).unwrap();
/// assert_eq!((e.move_index, e.score, e.depth, e.bound), (Some(3), -17, 5, Bound::Lower));
/// assert!(table.probe(0x1234).is_none());
/// table.clear();
/// assert!(table.probe(0xABCD).is_none());
/// ```
#[derive(Debug)]
pub struct SharedTable {
    buckets: Vec<Bucket>,
    age: u8,
}

impl SharedTable {
    /// A table of at most `mib` MiB (at least one bucket, at most
    /// [`board_core::MAX_TABLE_MIB`]).
    /// The memory is filled at once. When the allocator refuses it, the
    /// table halves its size until it is granted instead of failing:
    /// [`capacity`](Self::capacity) tells what it got.
    #[must_use]
    pub fn new(mib: usize) -> Self {
        let bytes = mib.min(board_core::MAX_TABLE_MIB).saturating_mul(1 << 20);
        let mut n = (bytes / size_of::<Bucket>()).max(1);
        let mut buckets = Vec::new();
        while buckets.try_reserve_exact(n).is_err() && n > 1 {
            n /= 2;
        }
        let n = n.min(buckets.capacity()).max(1);
        buckets.resize_with(n, Bucket::default);
        SharedTable { buckets, age: 0 }
    }

    /// The number of entries it can hold.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket = Bucket::default();
        }
        self.age = 0;
    }

    /// Starts a new search generation: entries of earlier ones are replaced
    /// first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1) & AGE_MASK;
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key onto any number of buckets evenly,
        // after a multiplication that spreads keys whose high bits are all
        // zero (a game's own small hash) over the whole range.
        let spread = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let i = ((u128::from(spread) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Asks the processor for the bucket of `key` without waiting for it:
    /// a [`probe`](Self::probe) soon after finds it in the cache.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        board_core::prefetch(self.bucket(key));
    }

    /// The entry of the position with hash `key`, if stored.
    #[inline(always)]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<TableEntry> {
        self.bucket(key).slots.iter().find_map(|slot| {
            let data = slot.data.load(Relaxed);
            let check = slot.check.load(Relaxed);
            (data != 0 && check ^ data == key).then(|| decode(data))
        })
    }

    /// Stores a result. Replacing an entry of the same position keeps its
    /// move when the new result has none. A move index of `0xFFFF` or more
    /// is stored as no move.
    #[inline(always)]
    pub fn store(&self, key: u64, move_index: Option<u16>, score: i32, depth: u8, bound: Bound) {
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        let mut old_move = NO_MOVE;
        for (i, slot) in bucket.slots.iter().enumerate() {
            let data = slot.data.load(Relaxed);
            if data == 0 {
                if victim_worth > i32::MIN {
                    victim = i;
                    victim_worth = i32::MIN;
                }
                continue;
            }
            if slot.check.load(Relaxed) ^ data == key {
                victim = i;
                old_move = (data >> 40) & 0xFFFF;
                break;
            }
            let stale = i32::from(self.age.wrapping_sub((data >> 58) as u8) & AGE_MASK);
            let worth = i32::from((data >> 32) as u8) - 8 * stale;
            if worth < victim_worth {
                victim = i;
                victim_worth = worth;
            }
        }
        let mv = match move_index {
            Some(m) if u64::from(m) < NO_MOVE => u64::from(m),
            _ => old_move,
        };
        let bound_code: u64 = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = u64::from(score as u32)
            | u64::from(depth) << 32
            | mv << 40
            | bound_code << 56
            | u64::from(self.age) << 58;
        let slot = &bucket.slots[victim];
        slot.data.store(data, Relaxed);
        slot.check.store(key ^ data, Relaxed);
    }

    /// Per mille of a sample of slots in use (as UCI's `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.iter().take(250);
        let (used, all) = sample.fold((0, 0), |(u, a), b| {
            let used = b.slots.iter().filter(|s| s.data.load(Relaxed) != 0);
            (u + used.count(), a + WAYS)
        });
        (used * 1000).checked_div(all).unwrap_or(0) as u32
    }
}

#[inline]
fn decode(data: u64) -> TableEntry {
    let mv = (data >> 40) & 0xFFFF;
    TableEntry {
        move_index: (mv != NO_MOVE).then_some(mv as u16),
        score: data as u32 as i32,
        depth: (data >> 32) as u8,
        bound: match (data >> 56) & 3 {
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => Bound::Exact,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_fill_a_cache_line_per_bucket() {
        assert_eq!(size_of::<Bucket>(), 64);
        let t = SharedTable::new(1);
        assert_eq!(t.capacity(), (1 << 20) / 64 * WAYS);
        assert_eq!(SharedTable::new(0).capacity(), WAYS);
    }

    #[test]
    fn every_field_round_trips() {
        let t = SharedTable::new(0);
        for (key, mv, score, depth, bound) in [
            (0u64, Some(0u16), 0i32, 0u8, Bound::Exact),
            (1, None, -1_000_001, 255, Bound::Upper),
            (u64::MAX, Some(0xFFFE), 1_000_001, 1, Bound::Lower),
            (0x8000_0000_0000_0000, Some(7), i32::MIN, 9, Bound::Exact),
        ] {
            t.store(key, mv, score, depth, bound);
            let e = t.probe(key).expect("stored");
            assert_eq!(
                (e.move_index, e.score, e.depth, e.bound),
                (mv, score, depth, bound)
            );
        }
    }

    #[test]
    fn same_key_is_replaced_and_keeps_move() {
        let t = SharedTable::new(0);
        t.store(5, Some(1), 10, 3, Bound::Lower);
        t.store(5, None, 20, 1, Bound::Upper);
        let e = t.probe(5).expect("stored");
        assert_eq!(
            (e.move_index, e.score, e.depth, e.bound),
            (Some(1), 20, 1, Bound::Upper)
        );
    }

    #[test]
    fn the_empty_table_finds_no_key_not_even_zero() {
        let t = SharedTable::new(0);
        assert!(t.probe(0).is_none());
        assert_eq!(t.hashfull(), 0);
    }

    #[test]
    fn full_bucket_evicts_shallowest_then_oldest() {
        // One bucket: every key lands in it.
        let mut t = SharedTable::new(0);
        for (k, d) in [(1u64, 5u8), (2, 9), (3, 2), (4, 7)] {
            t.store(k, None, 0, d, Bound::Exact);
        }
        t.store(10, None, 0, 1, Bound::Exact);
        assert!(t.probe(3).is_none(), "depth 2 was the shallowest");
        assert!(t.probe(10).is_some());
        // A new generation makes the old entries cheaper than the fresh one.
        t.new_search();
        t.store(11, None, 0, 1, Bound::Exact);
        assert!(t.probe(10).is_none(), "oldest shallow entry goes first");
        assert!(t.probe(2).is_some() && t.probe(4).is_some());
        assert_eq!(t.hashfull(), 1000);
    }

    #[test]
    fn small_keys_spread_over_the_buckets() {
        // A game whose hash is its own small encoding (all high bits zero).
        let t = SharedTable::new(1);
        let used: std::collections::HashSet<usize> = (0..1000u64)
            .map(|k| (t.bucket(k) as *const Bucket) as usize)
            .collect();
        assert!(used.len() > 900, "{} buckets", used.len());
    }

    #[test]
    fn a_torn_entry_is_a_miss() {
        let t = SharedTable::new(0);
        t.store(42, Some(1), 5, 3, Bound::Exact);
        // Another position's data under this key's check word: what a
        // reader sees when two writers interleave.
        let slot = &t.buckets[0].slots[0];
        slot.data.store(slot.data.load(Relaxed) ^ 1 << 33, Relaxed);
        assert!(t.probe(42).is_none());
    }

    #[test]
    fn threads_store_and_probe_at_once() {
        let t = SharedTable::new(1);
        std::thread::scope(|s| {
            for thread in 0..4u64 {
                let t = &t;
                s.spawn(move || {
                    for i in 0..20_000u64 {
                        let key = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ thread;
                        t.store(
                            key,
                            Some((i % 7) as u16),
                            i as i32,
                            (i % 50) as u8,
                            Bound::Exact,
                        );
                        if let Some(e) = t.probe(key) {
                            // A hit is always this key's own entry.
                            assert_eq!(e.score as u64, i);
                        }
                    }
                });
            }
        });
    }
}

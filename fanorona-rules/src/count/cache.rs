//! The table of perft counts two plies from the end, which also carries
//! the counter's state.

use crate::board::{BOARD, SQUARES};
use crate::kernel::Work;

/// Perft counts two plies from the end already made, by position: a
/// position reached by two move orders is counted once. It is a table of
/// `[own, opp]` pairs indexed by a hash of the stones, with the count in
/// the bits above the board (19 in each word, 38 in all), so an entry is
/// 16 bytes and a hit needs both boards equal: never a collision. An empty
/// entry `[0, 0]` answers 0 for the empty board, which is its count.
///
/// It also carries the counter's state: the positions set aside and the
/// work list of capture chains of the last ply.
pub(crate) struct Cache {
    entries: Vec<[u64; 2]>,
    /// The children two plies from the end of the node being counted.
    pub(crate) aside: Vec<[u64; 2]>,
    /// The chains of the last ply, counted when a node two plies from the
    /// end has added all of its children's.
    pub(crate) work: Work,
}

/// The first bit of a cache word above the board.
const HIGH: u32 = SQUARES as u32;

impl Cache {
    /// A cache of `1 << bits` entries (`16 << bits` bytes).
    pub(crate) fn new(bits: u32) -> Cache {
        Cache {
            entries: vec![[0; 2]; 1 << bits],
            aside: Vec::new(),
            work: Work::new(),
        }
    }

    /// A cache that keeps nothing (and allocates nothing).
    pub(crate) fn none() -> Cache {
        Cache {
            entries: Vec::new(),
            aside: Vec::new(),
            work: Work::new(),
        }
    }

    /// The entry index of the stones (meaningless when there is no entry).
    #[inline(always)]
    fn index(&self, own: u64, opp: u64) -> usize {
        let h = (own ^ opp.rotate_left(23)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & self.entries.len().wrapping_sub(1)
    }

    /// Keeps the stones of a position to count later and fetches their
    /// entry.
    #[inline(always)]
    pub(crate) fn set_aside(&mut self, own: u64, opp: u64) {
        if let Some(e) = self.entries.get(self.index(own, opp)) {
            board_core::prefetch(e);
        }
        self.aside.push([own, opp]);
    }

    /// The count kept for the stones, if any.
    #[inline(always)]
    pub(crate) fn get(&self, own: u64, opp: u64) -> Option<u64> {
        let e = self.entries.get(self.index(own, opp))?;
        if e[0] & BOARD == own && e[1] & BOARD == opp {
            Some(e[0] >> HIGH | (e[1] >> HIGH) << (64 - HIGH))
        } else {
            None
        }
    }

    /// Keeps `n` for the stones (unless it needs more than 38 bits or
    /// there is no entry), replacing what their entry held.
    #[inline(always)]
    pub(crate) fn put(&mut self, own: u64, opp: u64, n: u64) {
        let i = self.index(own, opp);
        if let Some(e) = self.entries.get_mut(i)
            && n >> (2 * (64 - HIGH)) == 0
        {
            *e = [own | n << HIGH, opp | (n >> (64 - HIGH)) << HIGH];
        }
    }
}

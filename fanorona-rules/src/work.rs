//! The work list of capture chains that the perft counters fill one ply
//! from the end and count at the end of each group of positions (see
//! [`crate::count`] and [`crate::wide`]).

/// The work list of chain nodes. A node is a stone that can capture (to
/// start a chain) or has just captured, in three arrays: the blocked points
/// (own stones and the points visited this turn), the enemy stones, and
/// the node's point (bits 0–5) with its steps, the approach (bits 8–15) and
/// withdrawal (bits 16–23) slots open to it. Separate arrays let the
/// AVX-512 counter load eight nodes to a vector.
#[derive(Debug)]
pub(crate) struct Work {
    pub(crate) blocked: Vec<u64>,
    pub(crate) opp: Vec<u64>,
    pub(crate) node: Vec<u64>,
    /// The number of nodes in the list; the arrays are longer.
    pub(crate) len: usize,
}

impl Work {
    /// An empty list; it allocates when the first node comes.
    pub(crate) const fn new() -> Work {
        Work {
            blocked: Vec::new(),
            opp: Vec::new(),
            node: Vec::new(),
            len: 0,
        }
    }

    /// Makes the arrays hold at least `extra` entries after `len`.
    #[cold]
    fn grow(&mut self, extra: usize) {
        let size = (self.len + extra).max(2 * self.blocked.len()).max(1024);
        self.blocked.resize(size, 0);
        self.opp.resize(size, 0);
        self.node.resize(size, 0);
    }

    /// Makes sure `extra` entries after `len` can be written and read.
    #[inline(always)]
    pub(crate) fn room(&mut self, extra: usize) {
        if self.len + extra > self.blocked.len() {
            self.grow(extra);
        }
    }

    /// Adds a node: the blocked points, the enemy stones, the point and
    /// its steps (as [`options`](crate::count::portable::options) gives
    /// them).
    #[inline(always)]
    pub(crate) fn push(&mut self, blocked: u64, opp: u64, at: u8, steps: u64) {
        self.room(1);
        let at_end = self.len;
        self.blocked[at_end] = blocked;
        self.opp[at_end] = opp;
        self.node[at_end] = u64::from(at) | steps << 8;
        self.len = at_end + 1;
    }
}

//! The work list of capture chains that the perft counters fill one ply
//! from the end and count at the end of each group of positions (see
//! [`crate::count`] and [`super::wide`]).

/// The work list of chain nodes. A node is a stone that can capture (to
/// start a chain) or has just captured, in three arrays: the blocked points
/// (own stones and the points visited this turn), the enemy stones, and
/// the node's point (bits 0–5) with its steps, the approach (bits 8–15) and
/// withdrawal (bits 16–23) slots open to it. Separate arrays let the
/// AVX-512 counter load eight nodes to a vector.
///
/// The arrays are private to the kernel module, whose vector code writes
/// to them through pointers: they have one length, which only
/// [`grow`](Self::grow) changes, and [`room`](Self::room) makes them long
/// enough for what follows `len`. The code outside reads and writes them
/// through bounds-checked slices ([`entry`](Self::entry),
/// [`fresh`](Self::fresh)).
#[derive(Debug)]
pub(crate) struct Work {
    pub(super) blocked: Vec<u64>,
    pub(super) opp: Vec<u64>,
    pub(super) node: Vec<u64>,
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

    /// Node `i` (below the arrays' length, checked): its blocked points,
    /// enemy stones, and point with steps.
    #[inline(always)]
    pub(crate) fn entry(&self, i: usize) -> (u64, u64, u64) {
        (self.blocked[i], self.opp[i], self.node[i])
    }

    /// The `n` entries from `len` on (checked: after [`room`](Self::room)
    /// of at least `n`), to write new nodes to: blocked points, enemy
    /// stones, point with steps.
    #[inline(always)]
    pub(crate) fn fresh(&mut self, n: usize) -> (&mut [u64], &mut [u64], &mut [u64]) {
        let end = self.len;
        (
            &mut self.blocked[end..end + n],
            &mut self.opp[end..end + n],
            &mut self.node[end..end + n],
        )
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

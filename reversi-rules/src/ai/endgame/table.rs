//! The transposition table: two-entry buckets of lower and upper bounds
//! with the best move, and the enhanced transposition cut-off.

use super::{MoveList, SHALLOW_EMPTIES, Solver};

#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Entry {
    pub(super) p: u64,
    pub(super) o: u64,
    pub(super) lower: i8,
    pub(super) upper: i8,
    pub(super) best: u8,
    pub(super) empties: u8,
    /// The selectivity level the bounds were found at ([`EXACT`] for an
    /// exact search); the move is used at any level.
    pub(super) level: u8,
}

/// The level of an exact search (no probable cut-offs).
pub(super) const EXACT: u8 = 255;

pub(super) const NO_MOVE: u8 = 64;

/// From this many empties on, the children are looked up in the table
/// before the search (enhanced transposition cut-off); below, the memory
/// traffic of those look-ups costs more than the nodes they save.
pub(super) const ETC_MIN_EMPTIES: u32 = 14;

/// From this many empties on, moves whose position is in the table are
/// sorted with what the table knows of it (half the sum of its bounds)
/// and a bonus of one unit of mobility.
pub(super) const TABLE_ORDER_EMPTIES: u32 = 10;
pub(super) const TABLE_ORDER_BONUS: i32 = 64;

/// Below this many empties, nodes neither probe nor fill the table.
pub(super) const TABLE_MIN_EMPTIES: u32 = SHALLOW_EMPTIES + 2;

impl Solver {
    /// The entry of the position (`p`, `o`) in bucket `b`, if it is
    /// there (an empty entry holds no discs, which no position has).
    #[inline]
    pub(super) fn lookup(&self, b: usize, p: u64, o: u64) -> Option<Entry> {
        self.table[b].iter().find(|e| e.p == p && e.o == o).copied()
    }

    #[inline]
    pub(super) fn bucket(&self, p: u64, o: u64) -> usize {
        let h = p.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ o.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(31);
        (h >> 20) as usize & (self.table.len() - 1)
    }

    /// Enhanced transposition cut-off: a child whose stored upper bound
    /// already lifts this node to `beta` ends it (fail-soft).
    pub(super) fn etc(&self, p: u64, o: u64, list: &MoveList, beta: i32) -> Option<i32> {
        for &(sq, f, _) in list {
            let (cp, co) = (o & !f, p | f | (1u64 << sq));
            if let Some(e) = self.lookup(self.bucket(cp, co), cp, co)
                && e.level >= self.level
                && -i32::from(e.upper) >= beta
            {
                return Some(-i32::from(e.upper));
            }
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn store(
        &mut self,
        b: usize,
        p: u64,
        o: u64,
        n: u32,
        alpha: i32,
        beta: i32,
        score: i32,
        best: u8,
    ) {
        let level = self.level;
        let fresh = Entry {
            p,
            o,
            lower: -64,
            upper: 64,
            best,
            empties: n as u8,
            level,
        };
        let bucket = &mut self.table[b];
        let slot = if bucket[0].p == p && bucket[0].o == o {
            0
        } else if bucket[1].p == p && bucket[1].o == o {
            1
        } else if u32::from(bucket[0].empties) <= n {
            // The deeper entry keeps the first slot.
            bucket[1] = bucket[0];
            bucket[0] = fresh;
            0
        } else {
            bucket[1] = fresh;
            1
        };
        let e = &mut bucket[slot];
        if e.level != level {
            if e.level > level {
                // Exact bounds are worth more than a selective search's.
                return;
            }
            // Bounds of a more selective search are dropped.
            e.lower = -64;
            e.upper = 64;
            e.level = level;
        }
        let s = score.clamp(-64, 64) as i8;
        if score > alpha {
            e.lower = e.lower.max(s);
        }
        if score < beta {
            e.upper = e.upper.min(s);
        }
        if e.lower > e.upper {
            // Bounds from different windows never conflict in an exact
            // search; keep the newest if they ever do.
            e.lower = s;
            e.upper = s;
        }
        if score > alpha || e.best == NO_MOVE {
            e.best = best;
        }
        e.empties = n as u8;
    }
}

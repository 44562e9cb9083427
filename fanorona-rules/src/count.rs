//! The perft counter: one source, compiled once for any processor and once
//! more for x86-64 processors with the bit-manipulation instructions
//! (`popcnt`, `bmi1`, `bmi2`, `lzcnt`); [`Kernel`](crate::kernel::Kernel)
//! picks one at run time.
//!
//! A capture chain is followed in *slot* space: the eight neighbours of the
//! chain's stone are gathered into an 8-bit mask, so that the steps open to
//! it (by approach and by withdrawal) are three gathers and a few `and`s,
//! whatever the point. With the stone's bit rotated to bit 20 of a word, its
//! neighbour at bit offset `o` (one of ±1, ±8, ±9, ±10) is at `20 + o` and
//! the point two steps away at `20 + 2o`; the slots are those offsets in
//! increasing order, so slot `7 - s` is the direction opposite slot `s`,
//! and slots 4–7 run up the bits.
//!
//! The gathers are `pext` with BMI2 and a few shifts without; everything
//! else is the same code.

// `s` is a slot used with several tables at once.
#![allow(clippy::needless_range_loop)]

use crate::board::{BOARD, NEIGHBOURS_CONST, SQUARES};
use crate::work::Work;

/// The bit offset of a step to each slot.
pub(crate) const SLOT_OFFSET: [i8; 8] = [-10, -9, -8, -1, 1, 8, 9, 10];

/// The direction index (as in [`crate::Direction`]) of each slot.
pub(crate) const SLOT_DIR: [usize; 8] = [5, 4, 3, 6, 2, 7, 0, 1];

/// The slot of each direction index (the inverse of [`SLOT_DIR`]).
pub(crate) const DIR_SLOT: [usize; 8] = {
    let mut t = [0; 8];
    let mut s = 0;
    while s < 8 {
        t[SLOT_DIR[s]] = s;
        s += 1;
    }
    t
};

/// The neighbours in a word rotated to put the stone on bit 20.
pub(crate) const RING1: u64 = {
    let mut m = 0u64;
    let mut s = 0;
    while s < 8 {
        m |= 1 << (20 + SLOT_OFFSET[s] as i32);
        s += 1;
    }
    m
};

/// The points two steps away in a word rotated to put the stone on bit 20.
pub(crate) const RING2: u64 = {
    let mut m = 0u64;
    let mut s = 0;
    while s < 8 {
        m |= 1 << (20 + 2 * SLOT_OFFSET[s] as i32);
        s += 1;
    }
    m
};

/// [`RING1`] gathered without `pext`: the bits 10–12, 19, 21 and 28–30 to
/// bits 0–7.
#[inline(always)]
pub(crate) fn gather1_soft(x: u64, _ring: u64) -> u64 {
    ((x >> 10) & 0b111) | ((x >> 16) & 0b1000) | ((x >> 17) & 0b1_0000) | ((x >> 23) & 0b1110_0000)
}

/// [`RING2`] gathered without `pext`: the bits 0, 2, 4, 18, 22, 36, 38 and
/// 40 to bits 0–7.
#[inline(always)]
pub(crate) fn gather2_soft(x: u64, _ring: u64) -> u64 {
    (x & 1)
        | ((x >> 1) & 0b10)
        | ((x >> 2) & 0b100)
        | ((x >> 15) & 0b1000)
        | ((x >> 18) & 0b1_0000)
        | ((x >> 31) & 0b10_0000)
        | ((x >> 32) & 0b100_0000)
        | ((x >> 33) & 0b1000_0000)
}

/// `STEPS[p]`: the slots of `p` in which a capture step can start, as
/// [`options`](portable::options) lists them: by approach (bits 0–7; a
/// line to a neighbour and on to the point beyond) and by withdrawal (bits
/// 8–15; lines to the neighbours on both sides).
pub(crate) static STEPS: [u16; 64] = {
    let mut t = [0u16; 64];
    let mut p = 0;
    while p < SQUARES as usize {
        let mut s = 0;
        while s < 8 {
            let one = NEIGHBOURS_CONST[p][SLOT_DIR[s]];
            let back = NEIGHBOURS_CONST[p][SLOT_DIR[7 - s]];
            if one < SQUARES {
                if NEIGHBOURS_CONST[one as usize][SLOT_DIR[s]] < SQUARES {
                    t[p] |= 1 << s;
                }
                if back < SQUARES {
                    t[p] |= 1 << (8 + s);
                }
            }
            s += 1;
        }
        p += 1;
    }
    t
};

/// `REVERSE_HIGH[m]`: the slot mask `m` with every slot replaced by its
/// opposite (the bit order reversed), in bits 8–15.
pub(crate) static REVERSE_HIGH: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = ((i as u8).reverse_bits() as u16) << 8;
        i += 1;
    }
    t
};

/// `SLOT_RAY[q][s]`: `q` and every point beyond it in slot `s` to the edge
/// (empty for the bits 45–63).
pub(crate) static SLOT_RAY: [[u64; 8]; 64] = {
    let mut t = [[0u64; 8]; 64];
    let mut q = 0;
    while q < 64 {
        let mut s = 0;
        while s < 8 {
            t[q][s] = crate::movegen::RAYS[q][SLOT_DIR[s]];
            s += 1;
        }
        q += 1;
    }
    t
};

/// `CAN[s]`: the points with a line to a neighbour in slot `s`; `CAN2[s]`:
/// those with lines in slot `s` and in the opposite slot.
pub(crate) static CAN: [[u64; 8]; 2] = {
    let mut t = [[0u64; 8]; 2];
    let mut p = 0;
    while p < SQUARES as usize {
        let mut s = 0;
        while s < 8 {
            if NEIGHBOURS_CONST[p][SLOT_DIR[s]] < SQUARES {
                t[0][s] |= 1 << p;
                if NEIGHBOURS_CONST[p][SLOT_DIR[7 - s]] < SQUARES {
                    t[1][s] |= 1 << p;
                }
            }
            s += 1;
        }
        p += 1;
    }
    t
};

/// Every bit of `bb` moved one step to slot `s`, by a rotation: bits
/// moved below bit 0 come back above bit 54, where callers mask them off
/// with the board or a line mask.
#[inline(always)]
pub(crate) fn step(bb: u64, s: usize) -> u64 {
    bb.rotate_left(SLOT_OFFSET[s] as u32 & 63)
}

/// Every bit of `bb` moved one step against slot `s` (as [`step`]).
#[inline(always)]
pub(crate) fn step_back(bb: u64, s: usize) -> u64 {
    bb.rotate_right(SLOT_OFFSET[s] as u32 & 63)
}

/// The point one step from `p` in slot `s` (which must have a line).
#[inline(always)]
pub(crate) fn next(p: u8, s: usize) -> u8 {
    p.wrapping_add(SLOT_OFFSET[s & 7] as u8)
}

/// The enemy stones taken when the capture line starts at the enemy stone
/// `first` and runs in slot `s`: the ray up to its first point without an
/// enemy. Both ways of cutting the ray (below its lowest stop when it runs
/// up the bits, above its highest when it runs down) are computed and one
/// is picked with a mask: a branch here would be mispredicted half the
/// time.
#[inline(always)]
pub(crate) fn line(opp: u64, first: u8, s: usize) -> u64 {
    let ray = SLOT_RAY[first as usize & 63][s & 7];
    let stop = ray & !opp;
    let up = !stop & stop.wrapping_sub(1);
    // The stops lie below bit 45, so the shift is 0 (no stop) to 45.
    let down = u64::MAX << ((64 - stop.leading_zeros()) & 63);
    let pick = 0u64.wrapping_sub((s >> 2) as u64 & 1);
    ray & ((up & pick) | (down & !pick))
}

/// The enemy stones taken by step `i` (a slot, plus 8 for a withdrawal)
/// of a stone on `at`. An approach takes the line from two steps ahead of
/// `at` on, a withdrawal the line from one step behind `at` on, the other
/// way (slot `7 - s`, which is `s ^ 7`): computed, not branched on.
#[inline(always)]
pub(crate) fn taken(opp: u64, at: u8, i: usize) -> u64 {
    let (s, k) = (i & 7, (i >> 3) & 1);
    let step = i32::from(SLOT_OFFSET[s]) * (2 - 3 * k as i32);
    let first = (i32::from(at) + step) as u8;
    line(opp, first, s ^ (7 * k))
}

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
    aside: Vec<[u64; 2]>,
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
    fn set_aside(&mut self, own: u64, opp: u64) {
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

/// The count of the last ply of a perft: what a position's moves without
/// a chain going on count, its chains added to the cache's work list,
/// which [`flush`] counts once every position of the ply is in: one step
/// at a time ([`portable::drain`], `list`), or eight (the AVX-512
/// [`crate::wide::drain`], `wide`).
macro_rules! last_ply {
    (list, $own:expr, $opp:expr, $cache:expr) => {
        seed($own, $opp, &mut $cache.work)
    };
    (wide, $own:expr, $opp:expr, $cache:expr) => {
        crate::wide::seed($own, $opp, &mut $cache.work)
    };
}

/// The chains [`last_ply`] put in the work list, counted (see there).
macro_rules! flush {
    (list, $cache:expr) => {
        drain(&mut $cache.work)
    };
    (wide, $cache:expr) => {
        crate::wide::drain(&mut $cache.work)
    };
}

/// The functions that count the last ply through the work list one step
/// at a time (`list`; the AVX-512 counter has its own in [`crate::wide`]),
/// in the counter module it is called in, compiled with the given
/// attributes.
macro_rules! scalar_work_list {
    (wide, [$(#[$attr:meta])*]) => {};
    (list, [$(#[$attr:meta])*]) => {
            /// The moves of the side owning `own` that end without a chain
            /// going on (every first capture but those of the stones added
            /// to `work`, or every paika when there is no capture); adds
            /// a node to `work` for each stone with a first capture after
            /// which it can capture again. [`drain`] counts the rest.
            $(#[$attr])*
            pub(crate) fn seed(own: u64, opp: u64, work: &mut Work) -> u64 {
                let (mut count, _, go) = match first_captures(own, opp) {
                    Ok(firsts) => firsts,
                    Err(paikas) => return paikas,
                };
                let mut stones = go.iter().fold(0, |all, go| all | go);
                while stones != 0 {
                    let at = stones.trailing_zeros() as u8;
                    stones &= stones - 1;
                    let steps = options(own | opp, opp, at, 0);
                    count -= u64::from(steps.count_ones());
                    work.push(own, opp, at, steps);
                }
                count
            }

            /// Counts the moves of every chain in `work` (every step of
            /// every node, and of the nodes they lead to) and empties it.
            ///
            /// The nodes are taken four at a time and all their steps
            /// (at most 64) followed in one loop over a mask, each step
            /// adding a node without a branch when the stone can go on:
            /// the depth-first walk of [`chain`] branches at every step on
            /// that, and guesses wrong often (57 % of the steps go on).
            $(#[$attr])*
            pub(crate) fn drain(work: &mut Work) -> u64 {
                let mut count = 0u64;
                let mut done = 0usize;
                while done < work.len {
                    // Four nodes, at most 64 new ones.
                    work.room(68);
                    let group = (work.len - done).min(4);
                    let (mut blocked, mut opp, mut node) = ([0u64; 4], [0u64; 4], [0u64; 4]);
                    let mut steps = 0u64;
                    for j in 0..4 {
                        blocked[j] = work.blocked[done + j];
                        opp[j] = work.opp[done + j];
                        node[j] = work.node[done + j];
                        let live = if j < group { 0xffff } else { 0 };
                        steps |= ((node[j] >> 8) & live) << (16 * j);
                    }
                    count += u64::from(steps.count_ones());
                    done += group;
                    let end = work.len;
                    let new_blocked = &mut work.blocked[end..end + 64];
                    let new_opp = &mut work.opp[end..end + 64];
                    let new_node = &mut work.node[end..end + 64];
                    let mut added = 0;
                    while steps != 0 {
                        let b = steps.trailing_zeros() as usize;
                        steps &= steps - 1;
                        let (j, i) = ((b >> 4) & 3, b & 15);
                        let (blocked, opp, at) = (blocked[j], opp[j], (node[j] & 63) as u8);
                        let s = i & 7;
                        let to = next(at, s) & 63;
                        let steps_after = options(blocked | opp, opp, to, 1 << s);
                        // Written in any case, kept if the stone goes on.
                        let slot = added & 63;
                        new_blocked[slot] = blocked | (1 << to);
                        new_opp[slot] = opp ^ taken(opp, at, i);
                        new_node[slot] = u64::from(to) | steps_after << 8;
                        added += usize::from(steps_after != 0);
                    }
                    work.len = end + added;
                }
                work.len = 0;
                count
            }

    };
}

/// Defines a module `$name` with the perft counter, its functions compiled
/// with the given attributes and gathering neighbours with `$g1` (for
/// [`RING1`]) and `$g2` (for [`RING2`]), counting the last ply `$last`
/// (see [`last_ply`]).
macro_rules! counter {
    ($(#[doc = $doc:literal])* mod $name:ident, [$(#[$attr:meta])*], $g1:path, $g2:path, $last:ident) => {
        $(#[doc = $doc])*
        pub(crate) mod $name {
            use super::*;

            /// The steps open to a chain's stone on `at` that came by
            /// `last` (a one-bit slot mask), as one mask: a bit per slot
            /// for the steps by approach (bits 0–7) and by withdrawal (bits
            /// 8–15). `occupied` holds all stones and every point visited
            /// this turn (`at` may be left out: it is not a neighbour of
            /// itself).
            ///
            /// The answer is the same on the board before and after the
            /// step that brought the stone to `at`, whatever that step
            /// captured: an approach takes the line straight ahead (the
            /// forbidden slot `last`), a withdrawal the line beyond the
            /// point the stone came from (which it may not re-enter);
            /// neither line holds a point next to `at` the stone could step
            /// to, nor a stone a next step could capture.
            $(#[$attr])*
            #[inline]
            pub(crate) fn options(occupied: u64, opp: u64, at: u8, last: u64) -> u64 {
                // A rotation by 64 + k is one by k.
                let r = u32::from(at).wrapping_add(44);
                let o = opp.rotate_right(r);
                let full = occupied.rotate_right(r);
                // The free neighbours (but `last`), in both bytes.
                let free = ($g1(full, RING1) | last) ^ 0xff;
                let ahead = $g2(o, RING2);
                let behind = u64::from(REVERSE_HIGH[($g1(o, RING1) & 0xff) as usize]);
                (ahead | behind) & (free | free << 8) & u64::from(STEPS[at as usize & 63])
            }

            /// The number of moves continuing a chain whose stone is on
            /// `at` with the next steps `moves` (from [`options`]):
            /// `blocked` holds the own stones and every point visited this
            /// turn, `opp` the enemy stones now. A step after which the
            /// stone cannot go on is counted without being made.
            $(#[$attr])*
            pub(crate) fn chain(blocked: u64, opp: u64, at: u8, moves: u64) -> u64 {
                chain_at::<true>(blocked, opp, at, moves)
            }

            /// [`chain`], with the next level built in when `OUTER`: a
            /// call (saving and restoring six registers) is made only at
            /// every second step down a chain.
            $(#[$attr])*
            #[inline]
            fn chain_at<const OUTER: bool>(blocked: u64, opp: u64, at: u8, mut moves: u64) -> u64 {
                // One bit per move: approaches in the low byte, withdrawals
                // in the next, so that the kind of a step is a bit of its
                // index rather than a branch.
                let mut n = u64::from(moves.count_ones());
                let occupied = blocked | opp;
                while moves != 0 {
                    let i = moves.trailing_zeros() as usize & 15;
                    moves &= moves - 1;
                    let s = i & 7;
                    let to = next(at, s);
                    let next_moves = options(occupied, opp, to, 1 << s);
                    if next_moves == 0 {
                        continue;
                    }
                    let blocked = blocked | (1 << to);
                    let opp = opp ^ taken(opp, at, i);
                    n += if OUTER {
                        chain_at::<false>(blocked, opp, to, next_moves)
                    } else {
                        chain(blocked, opp, to, next_moves)
                    };
                }
                n
            }

            /// The first captures of the side owning `own`: their number,
            /// the stones with one per slot by approach and by withdrawal,
            /// and per slot the stones whose first capture there goes on;
            /// or, when there is none, the number of paika steps.
            ///
            /// A first capture goes on exactly when its landing point can
            /// capture in another slot on this board: nothing has been
            /// freed or visited yet but the start, an own stone.
            $(#[$attr])*
            #[inline]
            #[allow(clippy::type_complexity)]
            fn first_captures(own: u64, opp: u64) -> Result<(u64, [[u64; 8]; 2], [u64; 8]), u64> {
                let empty = BOARD & !(own | opp);
                let mut cap = [0u64; 8];
                let mut by = [[0u64; 8]; 2];
                let (mut ones, mut twos) = (0u64, 0u64);
                let mut count = 0u64;
                for s in 0..8 {
                    let ca = CAN[0][s] & step_back(empty & CAN[0][s] & step_back(opp, s), s);
                    let cw = CAN[1][s] & step_back(empty, s) & step(opp, s);
                    let c = ca | cw;
                    cap[s] = c;
                    twos |= ones & c;
                    ones |= c;
                    by[0][s] = ca & own;
                    by[1][s] = cw & own;
                    count += u64::from(by[0][s].count_ones() + by[1][s].count_ones());
                }
                if ones & own == 0 {
                    let mut n = 0;
                    for s in 0..8 {
                        n += (own & CAN[0][s] & step_back(empty, s)).count_ones();
                    }
                    return Err(u64::from(n));
                }
                let mut go = [0u64; 8];
                for s in 0..8 {
                    let others = twos | (ones & !cap[s]);
                    go[s] = own & cap[s] & step_back(others, s);
                }
                Ok((count, by, go))
            }

            /// The number of whole-turn moves of the side owning `own`:
            /// the first capture steps of all stones at once, per slot, with
            /// shifts, then the chains from the landing points that can
            /// capture again; the paika steps when no capture exists.
            $(#[$attr])*
            pub(crate) fn count_moves(own: u64, opp: u64) -> u64 {
                let (mut count, by, go) = match first_captures(own, opp) {
                    Ok(firsts) => firsts,
                    Err(paikas) => return paikas,
                };
                // The slots with steps that go on are listed first, so
                // that the loops below branch only on slots that have one.
                let mut slots = 0u32;
                for s in 0..8 {
                    slots |= u32::from(go[s] != 0) << s;
                }
                while slots != 0 {
                    let s = slots.trailing_zeros() as usize & 7;
                    slots &= slots - 1;
                    let mut go_on = go[s];
                    while go_on != 0 {
                        let p = go_on.trailing_zeros();
                        go_on &= go_on - 1;
                        let by_a = (by[0][s] >> p) & 1;
                        let by_w = (by[1][s] >> p) & 1;
                        let to = next(p as u8, s);
                        let blocked = own | (1 << to);
                        let moves = options(own | opp, opp, to, 1 << s);
                        if by_a != 0 {
                            count += chain(blocked, opp ^ line(opp, next(to, s), s), to, moves);
                        }
                        if by_w != 0 {
                            count += chain(blocked, opp ^ line(opp, next(p as u8, 7 - s), 7 - s), to, moves);
                        }
                    }
                }
                count
            }

            scalar_work_list!($last, [$(#[$attr])*]);

            /// The moves after `depth - 1` more plies, summed over every
            /// board a capture step from `from` in slot `s` (by approach if
            /// `by_a`, by withdrawal if `by_w`) ends a turn with, the step
            /// itself and every continuation of its chain. `own` and `opp`
            /// are the stones before the step, `blocked` the own stones and
            /// the points visited before it.
            $(#[$attr])*
            #[inline]
            #[allow(clippy::too_many_arguments)]
            fn capture_step(
                own: u64,
                opp: u64,
                blocked: u64,
                from: u8,
                s: usize,
                by_a: bool,
                by_w: bool,
                depth: u32,
                cache: &mut Cache,
            ) -> u64 {
                let mut n = 0;
                let to = next(from, s);
                let blocked = blocked | (1 << to);
                let own = own ^ (1 << from) ^ (1 << to);
                let moves = options(blocked | opp, opp, to, 1 << s);
                for (by, first, d) in [(by_a, next(to, s), s), (by_w, next(from, 7 - s), 7 - s)] {
                    if by {
                        let opp = opp ^ line(opp, first, d);
                        n += child(opp, own, depth - 1, cache);
                        if moves != 0 {
                            n += walk(own, opp, blocked, to, moves, depth, cache);
                        }
                    }
                }
                n
            }

            /// [`capture_step`] for every next step (`moves`, as from
            /// [`options`]) of a chain whose stone is on `at`.
            $(#[$attr])*
            #[allow(clippy::too_many_arguments)]
            fn walk(own: u64, opp: u64, blocked: u64, at: u8, moves: u64, depth: u32, cache: &mut Cache) -> u64 {
                let mut n = 0;
                let mut targets = (moves | moves >> 8) & 0xff;
                while targets != 0 {
                    let s = targets.trailing_zeros() as usize & 7;
                    targets &= targets - 1;
                    let (by_a, by_w) = ((moves >> s) & 1 != 0, (moves >> (s + 8)) & 1 != 0);
                    n += capture_step(own, opp, blocked, at, s, by_a, by_w, depth, cache);
                }
                n
            }

            /// Whole-turn perft of the side owning `own` to move, the
            /// counts of the last two plies kept in `cache`. A count of the
            /// last ply put off (see [`last_ply`]) is in the total only
            /// after a flush: every node two plies from the end flushes, so
            /// only a perft of depth 1 needs one afterwards.
            $(#[$attr])*
            pub(crate) fn perft(own: u64, opp: u64, depth: u32, cache: &mut Cache) -> u64 {
                if depth <= 1 {
                    return if depth == 0 { 1 } else { last_ply!($last, own, opp, cache) };
                }
                if depth == 2 {
                    if let Some(n) = cache.get(own, opp) {
                        return n;
                    }
                    let n = perft_uncached(own, opp, depth, cache) + flush!($last, cache);
                    cache.put(own, opp, n);
                    return n;
                }
                if depth == 3 {
                    // The children were put aside (see `child`): their
                    // entries in the cache are on their way by now.
                    let mut n = perft_uncached(own, opp, depth, cache);
                    while let Some([own, opp]) = cache.aside.pop() {
                        n += perft(own, opp, 2, cache);
                    }
                    return n;
                }
                perft_uncached(own, opp, depth, cache)
            }

            /// [`perft`] of a child at `depth`, except that a child two
            /// plies from the end is put aside in the cache for its parent
            /// to count once all its children are known, and its cache
            /// entry is fetched meanwhile: each is likely a miss in memory.
            $(#[$attr])*
            #[inline]
            fn child(own: u64, opp: u64, depth: u32, cache: &mut Cache) -> u64 {
                if depth == 2 {
                    cache.set_aside(own, opp);
                    return 0;
                }
                perft(own, opp, depth, cache)
            }

            /// [`perft`] without looking in the cache first.
            $(#[$attr])*
            #[inline]
            fn perft_uncached(own: u64, opp: u64, depth: u32, cache: &mut Cache) -> u64 {
                let empty = BOARD & !(own | opp);
                let mut n = 0;
                let mut any = false;
                for s in 0..8 {
                    let ca = own & CAN[0][s] & step_back(empty & CAN[0][s] & step_back(opp, s), s);
                    let cw = own & CAN[1][s] & step_back(empty, s) & step(opp, s);
                    any |= ca | cw != 0;
                    let mut c = ca | cw;
                    while c != 0 {
                        let p = c.trailing_zeros() as u8;
                        c &= c - 1;
                        let (by_a, by_w) = ((ca >> p) & 1 != 0, (cw >> p) & 1 != 0);
                        n += capture_step(own, opp, own, p, s, by_a, by_w, depth, cache);
                    }
                }
                if !any {
                    for s in 0..8 {
                        let mut from = own & CAN[0][s] & step_back(empty, s);
                        while from != 0 {
                            let p = from.trailing_zeros() as u8;
                            from &= from - 1;
                            n += child(opp, own ^ (1 << p) ^ (1 << next(p, s)), depth - 1, cache);
                        }
                    }
                }
                n
            }
        }
    };
}

counter!(
    /// The counter for any processor.
    mod portable,
    [],
    gather1_soft,
    gather2_soft,
    list
);

#[cfg(target_arch = "x86_64")]
counter!(
    /// The counter compiled for `popcnt`, `bmi1`, `bmi2` and `lzcnt`,
    /// gathering neighbours with `pext`.
    mod bmi2,
    [#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]],
    core::arch::x86_64::_pext_u64,
    core::arch::x86_64::_pext_u64,
    list
);

#[cfg(target_arch = "x86_64")]
counter!(
    /// The counter compiled for AVX-512 (with the byte permutes, bit
    /// shuffles and population counts of Ice Lake and Zen 4 and later),
    /// leaving the last ply to [`crate::wide`].
    mod avx512,
    [#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx512f,avx512bw,avx512vbmi,avx512vbmi2,avx512bitalg,avx512vpopcntdq")]],
    core::arch::x86_64::_pext_u64,
    core::arch::x86_64::_pext_u64,
    wide
);

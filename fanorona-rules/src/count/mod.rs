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
//!
//! The slot tables and the small functions over them are in `tables`, the
//! table of counts two plies from the end (and the counter's state) in
//! `cache`; this module holds the counter itself, one macro instantiated
//! per instruction set.

// `s` is a slot used with several tables at once.
#![allow(clippy::needless_range_loop)]

use crate::board::BOARD;
use crate::kernel::Work;

mod cache;
mod tables;

pub(crate) use cache::Cache;
pub(crate) use tables::*;

/// The count of the last ply of a perft: what a position's moves without
/// a chain going on count, its chains added to the cache's work list,
/// which [`flush`] counts once every position of the ply is in: one step
/// at a time ([`portable::drain`], `list`), or eight (the AVX-512
/// [`crate::kernel::wide::drain`], `wide`).
macro_rules! last_ply {
    (list, $own:expr, $opp:expr, $cache:expr) => {
        seed($own, $opp, &mut $cache.work)
    };
    (wide, $own:expr, $opp:expr, $cache:expr) => {
        crate::kernel::wide::seed($own, $opp, &mut $cache.work)
    };
}

/// The chains [`last_ply`] put in the work list, counted (see there).
macro_rules! flush {
    (list, $cache:expr) => {
        drain(&mut $cache.work)
    };
    (wide, $cache:expr) => {
        crate::kernel::wide::drain(&mut $cache.work)
    };
}

/// The functions that count the last ply through the work list one step
/// at a time (`list`; the AVX-512 counter has its own in [`crate::kernel::wide`]),
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
            /// that, and guesses wrong often (docs/measurements/fanorona.md gives how
            /// often a step goes on).
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
                        (blocked[j], opp[j], node[j]) = work.entry(done + j);
                        let live = if j < group { 0xffff } else { 0 };
                        steps |= ((node[j] >> 8) & live) << (16 * j);
                    }
                    count += u64::from(steps.count_ones());
                    done += group;
                    let end = work.len;
                    let (new_blocked, new_opp, new_node) = work.fresh(64);
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
    /// leaving the last ply to [`crate::kernel::wide`].
    mod avx512,
    [#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx512f,avx512bw,avx512vbmi,avx512vbmi2,avx512bitalg,avx512vpopcntdq")]],
    core::arch::x86_64::_pext_u64,
    core::arch::x86_64::_pext_u64,
    wide
);

//! Whole-turn move generation over bitboards.
//!
//! The first step of every capture is found for all stones at once, per
//! direction, with shifts; each capture is then followed depth-first through
//! every continuation. The generator hands each finished turn, together with
//! the board after it, to a [`Sink`]: a move list, a counter, or the next
//! level of a perft. Nothing here allocates.

// `d` is a direction index used with several tables at once.
#![allow(clippy::needless_range_loop)]

use smallvec::SmallVec;

use crate::board::{BOARD, CAN_STEP, POINTS, shift, shift_back};
use crate::moves::{CaptureKind, Move, neighbour};

/// The buffer of legal moves. 64 moves are kept inline, which covers
/// practically every position; larger lists spill to the heap.
pub type MoveList = SmallVec<[Move; 64]>;

/// What the generator hands its moves to.
pub(crate) trait Sink {
    /// The partial turn carried down a capture chain.
    type Path: Copy;
    /// The first capture step.
    fn first(from: u8, dir: usize, kind: CaptureKind) -> Self::Path;
    /// One more capture step.
    fn then(path: Self::Path, dir: usize, kind: CaptureKind) -> Self::Path;
    /// A finished capture turn, with the mover's and the opponent's stones
    /// after it.
    fn capture(&mut self, path: Self::Path, own: u64, opp: u64);
    /// A paika from `from` in `dir`, with the stones after it.
    fn paika(&mut self, from: u8, dir: usize, own: u64, opp: u64);
    /// Every paika of a position without captures. The default hands each
    /// one to [`paika`](Sink::paika); counters override it.
    #[inline(always)]
    fn paikas(&mut self, own: u64, opp: u64) {
        let empty = BOARD & !(own | opp);
        for d in 0..8 {
            let mut from = own & CAN_STEP[d] & shift_back(empty, d);
            while from != 0 {
                let p = from.trailing_zeros() as u8;
                from &= from - 1;
                let to = neighbour(p, d);
                self.paika(p, d, own ^ (1 << p) ^ (1 << to), opp);
            }
        }
    }
}

/// Collects moves into a list.
pub(crate) struct Collect<'a>(pub(crate) &'a mut MoveList);

impl Sink for Collect<'_> {
    type Path = Move;
    #[inline(always)]
    fn first(from: u8, dir: usize, kind: CaptureKind) -> Move {
        Move::first_capture(from, dir, kind)
    }
    #[inline(always)]
    fn then(path: Move, dir: usize, kind: CaptureKind) -> Move {
        path.then(dir, kind)
    }
    #[inline(always)]
    fn capture(&mut self, path: Move, _: u64, _: u64) {
        self.0.push(path);
    }
    #[inline(always)]
    fn paika(&mut self, from: u8, dir: usize, _: u64, _: u64) {
        self.0.push(Move::paika_unchecked(from, dir));
    }
}

/// Hands the board after every move to `next` (the next level of a
/// perft, with the sides swapped) and sums what it returns; no move is
/// ever stored or replayed.
struct Recurse<F> {
    next: F,
    nodes: u64,
}

impl<F: FnMut(u64, u64) -> u64> Sink for Recurse<F> {
    type Path = ();
    #[inline(always)]
    fn first(_: u8, _: usize, _: CaptureKind) {}
    #[inline(always)]
    fn then((): (), _: usize, _: CaptureKind) {}
    #[inline(always)]
    fn capture(&mut self, (): (), own: u64, opp: u64) {
        self.nodes += (self.next)(opp, own);
    }
    #[inline(always)]
    fn paika(&mut self, _: u8, _: usize, own: u64, opp: u64) {
        self.nodes += (self.next)(opp, own);
    }
}

/// Whole-turn perft of the side owning `own` to move, ignoring the draw
/// rules. Two plies from the end, each move's board goes straight to the
/// bulk counter [`count_moves`].
pub(crate) fn perft(own: u64, opp: u64, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_moves(own, opp),
        2 => {
            let mut r = Recurse {
                next: count_moves,
                nodes: 0,
            };
            generate(own, opp, &mut r);
            r.nodes
        }
        _ => {
            let mut r = Recurse {
                next: |own, opp| perft(own, opp, depth - 1),
                nodes: 0,
            };
            generate(own, opp, &mut r);
            r.nodes
        }
    }
}

/// The number of whole-turn moves of the side owning `own`, in bulk.
///
/// The first capture steps are found for all stones and directions at once
/// with shifts; each is one move. A capture chain is then followed only
/// where it can go on: the steps possible after a capture step do not
/// depend on what that step captured (see [`options`]), so they are found
/// once for both kinds of capture, on the board before the step, and a
/// step after which none is possible is counted without being made.
#[inline(never)]
pub(crate) fn count_moves(own: u64, opp: u64) -> u64 {
    let empty = BOARD & !(own | opp);
    // `cap[d]`: the points from which a step in `d` captures; `ones` and
    // `twos`: the points that capture in at least one, two directions.
    let mut cap = [0u64; 8];
    let (mut ones, mut twos) = (0u64, 0u64);
    let mut any = 0u64;
    let mut bytes = 0u64;
    for d in 0..8 {
        let ca = CAN_STEP[d] & shift_back(empty & CAN_STEP[d] & shift_back(opp, d), d);
        let cw = CAN_STEP2[d] & shift_back(empty, d) & shift(opp, d);
        let c = ca | cw;
        cap[d] = c;
        twos |= ones & c;
        ones |= c;
        let (a, w) = (ca & own, cw & own);
        any |= a | w;
        bytes += byte_counts(a, w);
    }
    if any == 0 {
        return u64::from(paika_count(own, opp));
    }
    let mut count = fold_bytes(bytes);
    for d in 0..8 {
        // A landing point can go on only if it can capture in another
        // direction than `d` on this board: nothing has been freed or
        // visited yet (the start point is an own stone), so this is exact.
        let others = twos | (ones & !cap[d]);
        let mut go_on = own & cap[d] & shift_back(others, d);
        while go_on != 0 {
            let p = go_on.trailing_zeros() as u8;
            go_on &= go_on - 1;
            let to = neighbour(p, d);
            let blocked = own | (1 << to);
            let next = options(blocked, opp, to, d);
            let ahead = NB[to as usize][d];
            if (opp >> ahead) & 1 != 0 {
                count += count_chain(blocked, opp ^ line(opp, ahead, d), to, next);
            }
            let back = (d + 4) & 7;
            let behind = NB[p as usize][back];
            if (opp >> behind) & 1 != 0 {
                count += count_chain(blocked, opp ^ line(opp, behind, back), to, next);
            }
        }
    }
    count
}

/// `CAN_STEP2[d]`: the points from which lines lead one step in `d` and
/// one step against it.
static CAN_STEP2: [u64; 8] = {
    let mut t = [0u64; 8];
    let mut d = 0;
    while d < 8 {
        t[d] = crate::board::CAN_STEP_CONST[d] & crate::board::CAN_STEP_CONST[(d + 4) & 7];
        d += 1;
    }
    t
};

/// The bits set in `a` and in `w`, per byte (at most 16 a byte).
#[inline(always)]
fn byte_counts(a: u64, w: u64) -> u64 {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    let pairs = |x: u64| {
        let x = x - ((x >> 1) & M1);
        (x & M2) + ((x >> 2) & M2)
    };
    let nibbles = pairs(a) + pairs(w);
    (nibbles & M4) + ((nibbles >> 4) & M4)
}

/// The sum of the byte fields of `bytes` (each at most 255, as eight
/// calls of [`byte_counts`] give at most 128): one population count for
/// sixteen words, as the target has no population-count instruction.
#[inline(always)]
fn fold_bytes(bytes: u64) -> u64 {
    const M8: u64 = 0x00FF_00FF_00FF_00FF;
    let halves = (bytes & M8) + ((bytes >> 8) & M8);
    halves.wrapping_mul(0x0001_0001_0001_0001) >> 48
}

/// The capture steps a chain's stone on `at`, having come in direction
/// `last`, can make next, as the points it would step to: those where the
/// step captures by approach, and those where it captures by withdrawal.
/// `blocked` holds every own stone and every point the stone has occupied
/// this turn (`at` and its start included).
///
/// All eight directions are looked at together: the victim of an approach
/// to the neighbour `at + o` is on `at + 2o`, of a withdrawal on `at - o`,
/// and `o` is one of ±1, ±8, ±9, ±10, so each test is a constant shift.
///
/// The answer is the same on the board before and after the step that
/// brought the stone to `at`, whatever that step captured: an approach
/// takes the line straight ahead (the forbidden direction `last`), a
/// withdrawal the line beyond the point the stone came from (which it may
/// not re-enter); neither line holds a point next to `at` the stone could
/// step to, nor a stone a next step could capture.
#[inline(always)]
fn options(blocked: u64, opp: u64, at: u8, last: usize) -> (u64, u64) {
    let near = &NEAR[at as usize];
    let free = near[0] & !(blocked | opp) & !(1 << NB[at as usize][last]);
    let me = 1u64 << at;
    let mut a = 0;
    let mut w = 0;
    for o in [1, 8, 9, 10] {
        // The neighbours at +o and -o.
        let (up, down) = (me << o, me >> o);
        a |= (up & (opp >> o)) | (down & (opp << o));
        w |= (up & (opp << (2 * o))) | (down & (opp >> (2 * o)));
    }
    (a & free & near[2], w & free & near[3])
}

/// The number of moves that continue a capture chain whose stone stands
/// on `at` with the next steps `next` (as [`options`] gives them):
/// `blocked` holds every own stone and every point the stone has occupied
/// this turn, `opp` the enemy stones now. The lean twin of
/// [`continue_chain`] for counting.
#[inline]
fn count_chain(blocked: u64, opp: u64, at: u8, next: (u64, u64)) -> u64 {
    let (a, w) = next;
    let mut n = 0;
    let mut targets = a | w;
    while targets != 0 {
        let to = targets.trailing_zeros() as u8;
        targets &= targets - 1;
        let by_a = (a >> to) & 1;
        let by_w = (w >> to) & 1;
        n += by_a + by_w;
        let d = dir_of(at, to);
        let blocked = blocked | (1 << to);
        let after = options(blocked, opp, to, d);
        if after.0 | after.1 == 0 {
            continue;
        }
        if by_a != 0 {
            n += count_chain(blocked, opp ^ line(opp, NB[to as usize][d], d), to, after);
        }
        if by_w != 0 {
            let back = (d + 4) & 7;
            let behind = NB[at as usize][back];
            n += count_chain(blocked, opp ^ line(opp, behind, back), to, after);
        }
    }
    n
}

/// The number of paika steps (ignoring whether captures exist).
#[inline]
pub(crate) fn paika_count(own: u64, opp: u64) -> u32 {
    let empty = BOARD & !(own | opp);
    let mut n = 0;
    for d in 0..8 {
        n += (own & CAN_STEP[d] & shift_back(empty, d)).count_ones();
    }
    n
}

/// The stones that can capture by approach in direction `d`.
#[inline(always)]
fn approachers(own: u64, opp: u64, empty: u64, d: usize) -> u64 {
    own & CAN_STEP[d] & shift_back(empty & CAN_STEP[d] & shift_back(opp, d), d)
}

/// The stones that can capture by withdrawal moving in direction `d`.
#[inline(always)]
fn withdrawers(own: u64, opp: u64, empty: u64, d: usize) -> u64 {
    own & CAN_STEP[d] & CAN_STEP[(d + 4) & 7] & shift_back(empty, d) & shift(opp, d)
}

/// The stones of `own` that can capture now.
#[inline]
pub(crate) fn capturers(own: u64, opp: u64) -> u64 {
    let empty = BOARD & !(own | opp);
    let mut c = 0;
    for d in 0..8 {
        c |= approachers(own, opp, empty, d) | withdrawers(own, opp, empty, d);
    }
    c
}

/// Whether the side owning `own` has any legal move.
#[inline]
pub(crate) fn has_move(own: u64, opp: u64) -> bool {
    let empty = BOARD & !(own | opp);
    (0..8).any(|d| own & CAN_STEP[d] & shift_back(empty, d) != 0)
}

/// The enemy stones taken when the capture line starts at `first` (an enemy
/// stone) and runs in direction `d`: the ray from `first` up to its first
/// point that holds no enemy, found with one bit trick instead of a walk.
#[inline(always)]
pub(crate) fn line(opp: u64, first: u8, d: usize) -> u64 {
    let ray = RAY[first as usize][d];
    let stop = ray & !opp;
    if crate::board::OFFSET[d] > 0 {
        // The ray runs up the bits: keep what lies below the lowest stop.
        ray & (stop & stop.wrapping_neg()).wrapping_sub(1)
    } else {
        // The ray runs down the bits: keep what lies above the highest stop.
        ray & (u64::MAX << ((64 - stop.leading_zeros()) & 63))
    }
}

/// `RAY[q][d]`: `q` and every point beyond it in direction `d` to the edge.
static RAY: [[u64; 8]; POINTS as usize] = {
    let mut t = [[0u64; 8]; POINTS as usize];
    let mut q = 0;
    while q < POINTS as usize {
        let mut d = 0;
        while d < 8 {
            let mut p = q as u8;
            let mut ray = 0u64;
            while p < POINTS {
                ray |= 1 << p;
                p = crate::board::NEIGHBOURS_CONST[p as usize][d];
            }
            t[q][d] = ray;
            d += 1;
        }
        q += 1;
    }
    t
};

/// Every whole-turn move of the side owning `own`, to `sink`.
#[inline]
pub(crate) fn generate<S: Sink>(own: u64, opp: u64, sink: &mut S) {
    let empty = BOARD & !(own | opp);
    let mut any = false;
    for d in 0..8 {
        let mut a = approachers(own, opp, empty, d);
        let mut w = withdrawers(own, opp, empty, d);
        any |= (a | w) != 0;
        while a != 0 {
            let p = a.trailing_zeros() as u8;
            a &= a - 1;
            let to = neighbour(p, d);
            let taken = line(opp, neighbour(to, d), d);
            let path = S::first(p, d, CaptureKind::Approach);
            step_done(sink, path, own, opp, p, to, d, taken);
        }
        while w != 0 {
            let p = w.trailing_zeros() as u8;
            w &= w - 1;
            let to = neighbour(p, d);
            let back = (d + 4) & 7;
            let taken = line(opp, neighbour(p, back), back);
            let path = S::first(p, d, CaptureKind::Withdrawal);
            step_done(sink, path, own, opp, p, to, d, taken);
        }
    }
    if !any {
        sink.paikas(own, opp);
    }
}

/// A capture step from `from` to `to` in `d` taking `taken` is done: emit
/// the turn ending here, then every continuation.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn step_done<S: Sink>(
    sink: &mut S,
    path: S::Path,
    own: u64,
    opp: u64,
    from: u8,
    to: u8,
    d: usize,
    taken: u64,
) {
    let own = own ^ (1 << from) ^ (1 << to);
    let opp = opp ^ taken;
    sink.capture(path, own, opp);
    continue_chain(sink, path, own, opp, to, d, (1 << from) | (1 << to));
}

/// `NB[p][d]`: the neighbour of `p` in direction `d`, or 63 (a bit no
/// board has) when there is none.
static NB: [[u8; 8]; POINTS as usize] = rings(1);

/// `NEAR[p]`: the neighbours of `p` along lines, and the points one or two
/// steps away (a chain can only go on from `p` with a free neighbour and
/// an enemy among the latter); then the neighbours `q` from which the line
/// goes on one more step away from `p` (an approach to `q` can capture),
/// and those opposite which `p` has a neighbour too (a withdrawal to `q`
/// can capture).
static NEAR: [[u64; 4]; POINTS as usize] = near();

const fn near() -> [[u64; 4]; POINTS as usize] {
    let (one, two) = (rings(1), rings(2));
    let mut t = [[0u64; 4]; POINTS as usize];
    let mut p = 0;
    while p < POINTS as usize {
        let mut d = 0;
        while d < 8 {
            if one[p][d] < POINTS {
                let q = 1 << one[p][d];
                t[p][0] |= q;
                t[p][1] |= q;
                if two[p][d] < POINTS {
                    t[p][2] |= q;
                }
                if one[p][(d + 4) & 7] < POINTS {
                    t[p][3] |= q;
                }
            }
            if two[p][d] < POINTS {
                t[p][1] |= 1 << two[p][d];
            }
            d += 1;
        }
        p += 1;
    }
    t
}

const fn rings(steps: usize) -> [[u8; 8]; POINTS as usize] {
    let mut t = [[63u8; 8]; POINTS as usize];
    let mut p = 0;
    while p < POINTS as usize {
        let mut d = 0;
        while d < 8 {
            let mut q = p as u8;
            let mut i = 0;
            while i < steps && q < POINTS {
                q = crate::board::NEIGHBOURS_CONST[q as usize][d];
                i += 1;
            }
            if q < POINTS {
                t[p][d] = q;
            }
            d += 1;
        }
        p += 1;
    }
    t
}

/// Every continuation of a capture chain whose stone stands on `at`, came
/// in direction `last`, and has visited `visited`: a cheap test inline
/// (a free neighbour and an enemy within two steps), the search out of
/// line.
#[inline(always)]
fn continue_chain<S: Sink>(
    sink: &mut S,
    path: S::Path,
    own: u64,
    opp: u64,
    at: u8,
    last: usize,
    visited: u64,
) {
    let near = &NEAR[at as usize];
    if near[0] & !(own | opp | visited) == 0 || near[1] & opp == 0 {
        return;
    }
    chain_steps(sink, path, own, opp, at, last, visited);
}

/// The search behind [`continue_chain`]: tries each free neighbour of `at`
/// (a few at most) for an approach and a withdrawal.
#[inline(never)]
fn chain_steps<S: Sink>(
    sink: &mut S,
    path: S::Path,
    own: u64,
    opp: u64,
    at: u8,
    last: usize,
    visited: u64,
) {
    let nb = &NB[at as usize];
    let mut free = NEAR[at as usize][0] & !(own | opp | visited) & !(1 << nb[last]);
    while free != 0 {
        let to = free.trailing_zeros() as u8;
        free &= free - 1;
        let d = dir_of(at, to);
        let beyond = NB[to as usize][d];
        if (opp >> beyond) & 1 != 0 {
            let taken = line(opp, beyond, d);
            let path = S::then(path, d, CaptureKind::Approach);
            let own2 = own ^ (1 << at) ^ (1 << to);
            let opp2 = opp ^ taken;
            sink.capture(path, own2, opp2);
            continue_chain(sink, path, own2, opp2, to, d, visited | (1 << to));
        }
        let back = (d + 4) & 7;
        let behind = nb[back];
        if (opp >> behind) & 1 != 0 {
            let taken = line(opp, behind, back);
            let path = S::then(path, d, CaptureKind::Withdrawal);
            let own2 = own ^ (1 << at) ^ (1 << to);
            let opp2 = opp ^ taken;
            sink.capture(path, own2, opp2);
            continue_chain(sink, path, own2, opp2, to, d, visited | (1 << to));
        }
    }
}

/// The direction of a step from `at` to its neighbour `to`.
#[inline(always)]
fn dir_of(at: u8, to: u8) -> usize {
    // The mask keeps the index in the table without a bounds check.
    DIR_BY_OFFSET[(i32::from(to) - i32::from(at) + 10) as usize & 31] as usize
}

/// The direction of a step by its bit offset plus 10 (offsets are
/// -10..=10); unused entries are 0. Indexed through [`dir_of`].
static DIR_BY_OFFSET: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut d = 0;
    while d < 8 {
        t[(crate::board::OFFSET[d] + 10) as usize] = d as u8;
        d += 1;
    }
    t
};

/// A perft cache entry: the exact stones (so a hit is never a collision),
/// the remaining depth and the count.
#[derive(Clone, Copy, Default)]
struct Entry {
    own: u64,
    opp: u64,
    /// The count in the low 56 bits, the remaining depth in the top 8.
    packed: u64,
}

/// A cache of perft counts by position and remaining depth: transpositions
/// (the same stones reached by different move orders) are counted once.
pub struct PerftTable {
    entries: Vec<Entry>,
}

impl PerftTable {
    /// A table of about `mib` MiB (at least one entry).
    #[must_use]
    pub fn new(mib: usize) -> Self {
        let want = (mib.saturating_mul(1 << 20) / core::mem::size_of::<Entry>()).max(1);
        let len = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        PerftTable {
            entries: vec![Entry::default(); len],
        }
    }

    #[inline(always)]
    fn slot(&self, own: u64, opp: u64, depth: u32) -> usize {
        let mut h = own.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ opp.rotate_left(29).wrapping_mul(0xBF58_476D_1CE4_E5B9)
            ^ u64::from(depth).wrapping_mul(0x94D0_49BB_1331_11EB);
        h ^= h >> 31;
        (h as usize) & (self.entries.len() - 1)
    }
}

impl core::fmt::Debug for PerftTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "PerftTable({} entries)", self.entries.len())
    }
}

/// [`perft`] with a cache of every node at remaining depth 1 and more.
pub(crate) fn perft_hashed(own: u64, opp: u64, depth: u32, table: &mut PerftTable) -> u64 {
    if depth <= 1 || table.entries.is_empty() {
        return perft(own, opp, depth);
    }
    let slot = table.slot(own, opp, depth);
    let e = table.entries[slot];
    if e.own == own && e.opp == opp && (e.packed >> 56) as u32 == depth {
        return e.packed & ((1 << 56) - 1);
    }
    let mut r = Recurse {
        next: |own, opp| perft_hashed(own, opp, depth - 1, table),
        nodes: 0,
    };
    generate(own, opp, &mut r);
    let nodes = r.nodes;
    table.entries[slot] = Entry {
        own,
        opp,
        packed: (u64::from(depth) << 56) | (nodes & ((1 << 56) - 1)),
    };
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;
    use board_core::{Game, Player};
    use proptest::prelude::*;

    /// The moves of the side owning `own`, as the generator lists them.
    fn listed(own: u64, opp: u64) -> MoveList {
        let mut list = MoveList::new();
        generate(own, opp, &mut Collect(&mut list));
        list
    }

    /// The stones after `mv`, played by `Position` (its own code path).
    fn after(own: u64, opp: u64, mv: Move) -> (u64, u64) {
        let mut pos = Position::from_parts(
            crate::Bitboard(own),
            crate::Bitboard(opp),
            Player::First,
            0,
            1,
            crate::Rules::default(),
        )
        .unwrap_or_default();
        pos.play_unchecked(mv);
        (pos.stones(Player::Second).0, pos.stones(Player::First).0)
    }

    /// Perft by listing every move and playing it, ignoring game ends as
    /// [`perft`] does.
    fn listed_perft(own: u64, opp: u64, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        listed(own, opp)
            .into_iter()
            .map(|mv| {
                let (next_own, next_opp) = after(own, opp, mv);
                listed_perft(next_own, next_opp, depth - 1)
            })
            .sum()
    }

    /// Two disjoint sets of at most 22 stones each, sparse to dense:
    /// dense and half-empty boards make long capture chains.
    fn sides() -> impl Strategy<Value = (u64, u64)> {
        (any::<u64>(), any::<u64>(), 0u32..4).prop_map(|(x, y, thin)| {
            let mut own = x & BOARD;
            let mut opp = y & BOARD & !own;
            for _ in 0..thin {
                own &= own >> 1 | own << 7;
                opp &= opp >> 2 | opp << 5;
            }
            while own.count_ones() > 22 {
                own &= own - 1;
            }
            while opp.count_ones() > 22 {
                opp &= opp - 1;
            }
            (own, opp)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn the_bulk_counter_counts_the_generated_moves((own, opp) in sides()) {
            prop_assert_eq!(count_moves(own, opp), listed(own, opp).len() as u64);
            prop_assert_eq!(count_moves(opp, own), listed(opp, own).len() as u64);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]

        #[test]
        fn perft_counts_what_listing_and_playing_counts((own, opp) in sides()) {
            for depth in 1..=2 {
                prop_assert_eq!(perft(own, opp, depth), listed_perft(own, opp, depth));
            }
        }
    }

    #[test]
    fn the_start_position_to_depth_3_by_listing() {
        let start = Position::new();
        let (own, opp) = start.sides();
        assert_eq!(listed_perft(own, opp, 3), 724);
        assert_eq!(perft(own, opp, 3), 724);
    }
}

//! Whole-turn move generation over bitboards.
//!
//! The first step of every capture is found for all stones at once, per
//! direction, with shifts; each capture is then followed depth-first through
//! every continuation. The generator hands each finished turn, together with
//! the board after it, to a [`Sink`]: a move list, a counter, or the next
//! level of a perft. Nothing here allocates but the perft caches.

// `d` is a direction index used with several tables at once.
#![allow(clippy::needless_range_loop)]

use smallvec::SmallVec;

use crate::board::{BOARD, CAN_STEP, SQUARES, shift, shift_back};
use crate::count::Cache;
use crate::kernel::Kernel;
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
/// rules, by the fastest counter this processor runs (see
/// [`crate::count`]).
///
/// From depth 5 on, the counts two plies from the end are kept by position
/// ([`Cache`]) in a table of `2 << (2 * depth + 4)` bytes (8 MiB at depth
/// 7, at most 16 MiB): positions are reached again by other move orders
/// (how many, docs/measurements/fanorona.md says).
pub(crate) fn perft(own: u64, opp: u64, depth: u32) -> u64 {
    let mut cache = if depth >= 5 {
        Cache::new((2 * depth + 5).min(20))
    } else {
        Cache::none()
    };
    Kernel::detect().perft(own, opp, depth, &mut cache)
}

/// The number of paika steps (ignoring whether captures exist); used by the
/// evaluation (feature `ai`).
#[cfg(feature = "ai")]
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
/// stone) and runs in direction `d`: [`crate::count::line`] in the slot of
/// that direction.
#[inline(always)]
pub(crate) fn line(opp: u64, first: u8, d: usize) -> u64 {
    crate::count::line(opp, first, crate::count::DIR_SLOT[d & 7])
}

/// `RAYS[q][d]`: `q` and every point beyond it in direction `d` to the
/// edge; empty rays for the bits 45–63.
pub(crate) const RAYS: [[u64; 8]; 64] = {
    let mut t = [[0u64; 8]; 64];
    let mut q = 0;
    while q < SQUARES as usize {
        let mut d = 0;
        while d < 8 {
            let mut p = q as u8;
            let mut ray = 0u64;
            while p < SQUARES {
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

/// The number of whole-turn moves of the side owning `own`, by the fastest
/// counter this processor runs.
pub(crate) fn count_moves(own: u64, opp: u64) -> u64 {
    Kernel::detect().count_moves(own, opp)
}

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
static NB: [[u8; 8]; SQUARES as usize] = rings(1);

/// `NEAR[p]`: the neighbours of `p` along lines, and the points one or two
/// steps away (a chain can only go on from `p` with a free neighbour and
/// an enemy among the latter); then the neighbours `q` from which the line
/// goes on one more step away from `p` (an approach to `q` can capture),
/// and those opposite which `p` has a neighbour too (a withdrawal to `q`
/// can capture).
static NEAR: [[u64; 4]; SQUARES as usize] = near();

const fn near() -> [[u64; 4]; SQUARES as usize] {
    let (one, two) = (rings(1), rings(2));
    let mut t = [[0u64; 4]; SQUARES as usize];
    let mut p = 0;
    while p < SQUARES as usize {
        let mut d = 0;
        while d < 8 {
            if one[p][d] < SQUARES {
                let q = 1 << one[p][d];
                t[p][0] |= q;
                t[p][1] |= q;
                if two[p][d] < SQUARES {
                    t[p][2] |= q;
                }
                if one[p][(d + 4) & 7] < SQUARES {
                    t[p][3] |= q;
                }
            }
            if two[p][d] < SQUARES {
                t[p][1] |= 1 << two[p][d];
            }
            d += 1;
        }
        p += 1;
    }
    t
}

const fn rings(steps: usize) -> [[u8; 8]; SQUARES as usize] {
    let mut t = [[63u8; 8]; SQUARES as usize];
    let mut p = 0;
    while p < SQUARES as usize {
        let mut d = 0;
        while d < 8 {
            let mut q = p as u8;
            let mut i = 0;
            while i < steps && q < SQUARES {
                q = crate::board::NEIGHBOURS_CONST[q as usize][d];
                i += 1;
            }
            if q < SQUARES {
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
    /// The state of the counter two plies from the end, kept from one
    /// such node to the next (the AVX-512 counter's work list).
    counter: Cache,
}

impl PerftTable {
    /// A table of about `mib` MiB (at least one entry). Never fails: a size
    /// above [`board_core::MAX_TABLE_MIB`] is taken as the maximum, memory
    /// the allocator refuses halves the table (see [`try_new`](Self::try_new)
    /// for an error instead).
    #[must_use]
    pub fn new(mib: usize) -> Self {
        PerftTable {
            entries: board_core::table_or_smaller(mib),
            counter: Cache::none(),
        }
    }

    /// A table of about `mib` MiB (at least one entry).
    ///
    /// # Errors
    /// [`TableSizeError::TooLarge`](board_core::TableSizeError::TooLarge)
    /// above [`board_core::MAX_TABLE_MIB`],
    /// [`TableSizeError::OutOfMemory`](board_core::TableSizeError::OutOfMemory)
    /// when the memory is refused.
    ///
    /// ```
    /// use fanorona_rules::PerftTable;
    /// assert!(PerftTable::try_new(16).is_ok());
    /// assert!(PerftTable::try_new(100_000).is_err());
    /// ```
    pub fn try_new(mib: usize) -> Result<Self, board_core::TableSizeError> {
        Ok(PerftTable {
            entries: board_core::try_table(mib)?,
            counter: Cache::none(),
        })
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

/// [`perft`] with a cache of every node at remaining depth 2 and more;
/// two plies from the end the kernel counts without it.
pub(crate) fn perft_hashed(own: u64, opp: u64, depth: u32, table: &mut PerftTable) -> u64 {
    if depth <= 1 || table.entries.is_empty() {
        return perft(own, opp, depth);
    }
    let slot = table.slot(own, opp, depth);
    let e = table.entries[slot];
    if e.own == own && e.opp == opp && (e.packed >> 56) as u32 == depth {
        return e.packed & ((1 << 56) - 1);
    }
    let nodes = if depth == 2 {
        Kernel::detect().perft(own, opp, 2, &mut table.counter)
    } else {
        let mut r = Recurse {
            next: |own, opp| perft_hashed(own, opp, depth - 1, table),
            nodes: 0,
        };
        generate(own, opp, &mut r);
        r.nodes
    };
    table.entries[slot] = Entry {
        own,
        opp,
        packed: (u64::from(depth) << 56) | (nodes & ((1 << 56) - 1)),
    };
    nodes
}

#[cfg(test)]
mod tests {
    use board_core::{Game, Player};
    use proptest::prelude::*;

    use super::*;
    use crate::Position;

    /// The moves of the side owning `own`, as the generator lists them.
    fn listed(own: u64, opp: u64) -> MoveList {
        let mut list = MoveList::new();
        generate(own, opp, &mut Collect(&mut list));
        list
    }

    /// The stones after `mv`, played by `Position` (its own code path).
    fn after(own: u64, opp: u64, mv: Move) -> (u64, u64) {
        let setup = crate::Setup::new(crate::Bitboard(own), crate::Bitboard(opp), Player::First);
        let mut pos = Position::from_setup(setup, crate::Rules::default()).unwrap_or_default();
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

    /// One to four stones against 22 packed into the upper rows: whole
    /// rows of enemy stones, taken at once, and long chains.
    fn few_against_many() -> impl Strategy<Value = (u64, u64)> {
        (any::<u64>(), any::<u64>(), any::<u64>(), 1u32..5).prop_map(|(x, y, z, few)| {
            let mut opp = (y | z) & BOARD;
            while opp.count_ones() > 22 {
                opp &= opp - 1;
            }
            let mut own = x & BOARD & !opp;
            while own.count_ones() > few {
                own &= own - 1;
            }
            (own, opp)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn every_kernel_counts_the_moves_of_few_stones_against_many((own, opp) in few_against_many()) {
            let listed = listed(own, opp).len() as u64;
            for kernel in Kernel::all() {
                prop_assert_eq!(kernel.count_moves(own, opp), listed, "{}", kernel.name());
                prop_assert_eq!(kernel.perft(own, opp, 1, &mut Cache::none()), listed, "{}", kernel.name());
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn every_bulk_counter_counts_the_generated_moves((own, opp) in sides()) {
            for kernel in Kernel::all() {
                let name = kernel.name();
                prop_assert_eq!(kernel.count_moves(own, opp), listed(own, opp).len() as u64, "{}", name);
                prop_assert_eq!(kernel.count_moves(opp, own), listed(opp, own).len() as u64, "{}", name);
                // The last ply of a perft, which the AVX-512 kernel counts
                // through its work list.
                prop_assert_eq!(kernel.perft(own, opp, 1, &mut Cache::none()), listed(own, opp).len() as u64, "{}", name);
            }
            prop_assert_eq!(count_moves(own, opp), listed(own, opp).len() as u64);
        }

        #[test]
        fn the_gathers_agree_with_pext(x in any::<u64>()) {
            use crate::count::{RING1, RING2, gather1_soft, gather2_soft};
            // The software gathers against a plain bit-by-bit extraction.
            let extract = |x: u64, mask: u64| {
                let (mut out, mut i, mut m) = (0u64, 0, mask);
                while m != 0 {
                    out |= ((x >> m.trailing_zeros()) & 1) << i;
                    i += 1;
                    m &= m - 1;
                }
                out
            };
            prop_assert_eq!(gather1_soft(x, RING1), extract(x, RING1));
            prop_assert_eq!(gather2_soft(x, RING2), extract(x, RING2));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]

        #[test]
        fn every_perft_counts_what_listing_and_playing_counts((own, opp) in sides()) {
            for depth in 0..=2 {
                let listed = listed_perft(own, opp, depth);
                for kernel in Kernel::all() {
                    prop_assert_eq!(kernel.perft(own, opp, depth, &mut Cache::none()), listed, "{} depth {}", kernel.name(), depth);
                }
                prop_assert_eq!(perft(own, opp, depth), listed);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]

        #[test]
        fn every_perft_counts_what_listing_counts_at_depth_3((own, opp) in sides()) {
            let listed = listed_perft(own, opp, 3);
            for kernel in Kernel::all() {
                let name = kernel.name();
                prop_assert_eq!(kernel.perft(own, opp, 3, &mut Cache::none()), listed, "{}", name);
                // Two entries, replaced all the time, and enough for all.
                prop_assert_eq!(kernel.perft(own, opp, 3, &mut Cache::new(1)), listed, "{}", name);
                prop_assert_eq!(kernel.perft(own, opp, 3, &mut Cache::new(12)), listed, "{}", name);
            }
        }
    }

    #[test]
    fn the_processor_runs_the_portable_kernel_and_maybe_more() {
        let all = Kernel::all();
        assert_eq!(all.last(), Some(&Kernel::PORTABLE));
        assert_eq!(all[0], Kernel::detect());
        assert!(
            all.iter()
                .all(|k| ["avx512", "bmi2", "portable"].contains(&k.name()))
        );
    }

    #[test]
    fn a_long_chain_is_counted_by_every_kernel() {
        // Two white stones among 21 black ones with gaps: 760 moves, the
        // most of 200,000 random boards of two against many.
        let pos: Position = "2BBBBBBB/B3B3B/2BB3W1/1BBBBBWB1/4B4 w 0 1"
            .parse()
            .unwrap_or_default();
        let (own, opp) = pos.sides();
        let listed = listed(own, opp).len() as u64;
        assert_eq!(listed, 760);
        for kernel in Kernel::all() {
            assert_eq!(kernel.count_moves(own, opp), listed, "{}", kernel.name());
            assert_eq!(
                kernel.perft(own, opp, 1, &mut Cache::none()),
                listed,
                "{}",
                kernel.name()
            );
            assert_eq!(
                kernel.perft(own, opp, 2, &mut Cache::none()),
                listed_perft(own, opp, 2)
            );
        }
    }

    #[test]
    fn the_start_position_to_depth_3_by_listing() {
        let start = Position::new();
        let (own, opp) = start.sides();
        assert_eq!(listed_perft(own, opp, 3), 724);
        assert_eq!(perft(own, opp, 3), 724);
    }

    #[test]
    fn the_cache_keeps_counts_of_38_bits_for_the_exact_stones() {
        let mut cache = Cache::new(4);
        let (own, opp) = (0x1f_0000_1234, 0x0a_5500_0000);
        assert_eq!(cache.get(own, opp), None);
        cache.put(own, opp, (1 << 38) - 1);
        assert_eq!(cache.get(own, opp), Some((1 << 38) - 1));
        assert_eq!(cache.get(opp, own), None);
        assert_eq!(cache.get(own, opp | 1), None);
        cache.put(own, opp, 0x2_8000_0001);
        assert_eq!(cache.get(own, opp), Some(0x2_8000_0001));
        // Too large to keep: the entry is left as it was.
        cache.put(own, opp, 1 << 38);
        assert_eq!(cache.get(own, opp), Some(0x2_8000_0001));
        // Every pair of boards in one entry: only the last one is found.
        let mut one = Cache::new(0);
        one.put(own, opp, 7);
        one.put(opp, own, 9);
        assert_eq!((one.get(own, opp), one.get(opp, own)), (None, Some(9)));
        let mut none = Cache::none();
        none.put(own, opp, 7);
        assert_eq!(none.get(own, opp), None);
    }

    #[test]
    fn every_kernel_counts_depth_5_from_the_start_with_any_cache() {
        let (own, opp) = Position::new().sides();
        for kernel in Kernel::all() {
            for bits in [0, 3, 15] {
                let n = kernel.perft(own, opp, 5, &mut Cache::new(bits));
                assert_eq!(n, 431_852, "{} with {bits} bits", kernel.name());
            }
        }
    }
}

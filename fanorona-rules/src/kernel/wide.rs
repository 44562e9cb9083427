//! The last ply of the AVX-512 perft counter: capture chains followed
//! breadth-first through a work list, eight children tested at once.
//!
//! The depth-first chain walk of [`crate::count`] decides at every step
//! whether the chain goes on (most of the steps tried do, as the crate
//! README measures: a branch the
//! processor cannot guess well), and it tests one child at a time. Here the chains of all
//! the positions one ply from the end that share a parent are put in one
//! work list of *nodes*: a stone that has just captured (or, to start, a
//! stone that can capture), with the board it stands on and the steps open
//! to it (an approach and a withdrawal mask of slots, as
//! [`options`](crate::count::bmi2::options) gives them). Every step of a
//! node is one move. [`drain`] takes the nodes sixteen at a time, lists all
//! their steps, and tests them eight at a time, each in a 64-bit lane of
//! its own with the board of its node:
//!
//! - `vpshufbitqmb` gathers, for the eight landing points, their
//!   neighbours (free or not) and the enemy stones one and two steps away,
//!   a byte per lane: the steps open after the step, exactly as `options`
//!   finds them for one point;
//! - the line each step captures is filled from its first stone with three
//!   doubling shifts (rotations per lane by the step's offset, 2 and 4
//!   times it), bounded by the points with a line in that direction;
//! - the steps after which the stone can go on become new nodes, stored
//!   together with `vpcompressq`.
//!
//! Nothing in the loop branches on the board but the loop over the steps
//! of sixteen nodes, a few rounds of eight (the crate README gives how
//! full a round is in perft 7).
//!
//! [`seed`] starts the list for one position: it counts its first captures
//! for all stones at once (the eight directions in the eight lanes) and
//! adds a node only for the stones with a first capture that goes on; the
//! other first captures are counted there and then.
//!
//! Its `unsafe` blocks are vector loads and stores from static tables, the
//! spill buffer and the work list, each with its `SAFETY` reason; the
//! parent module says why they are sound.

// `s` is a slot used with several tables at once.
#![allow(clippy::needless_range_loop)]

use core::arch::x86_64::*;

use super::Work;
use crate::board::BOARD;
use crate::count::{CAN, SLOT_OFFSET, STEPS, step_back};

/// Nodes taken from the work list at a time.
const GROUP: usize = 16;
/// The 64-bit lanes of a vector: steps tested, nodes loaded and written at
/// a time.
const LANES: usize = 8;
/// The most steps of a node: eight slots by approach, eight by withdrawal.
const NODE_STEPS: usize = 16;
/// The most steps of a group, each a byte of the step list.
const GROUP_STEPS: usize = GROUP * NODE_STEPS;
/// The bytes of the spilled step list: every step of a group, and room
/// for one whole vector stored at its end.
const SPILL: usize = GROUP_STEPS + 64;
/// The work-list entries a group may write after the list's end: a new
/// node per step at most, written a whole vector of [`LANES`] at a time.
const GROUP_ROOM: usize = GROUP_STEPS + LANES;
const _: () = assert!(GROUP_ROOM >= GROUP, "a group is read from the room");

/// A table of exactly 64 bytes of plain integers, which a vector can load
/// whole: implemented for those types only, so no other type reaches
/// [`load`].
trait Table64: Copy {}
impl Table64 for [i8; 64] {}
impl Table64 for [u8; 64] {}
impl Table64 for [i64; 8] {}
impl Table64 for [u64; 8] {}

/// The 64 bytes of a table as a vector. A `#[target_feature]` function:
/// only code compiled for AVX-512 calls it without `unsafe`.
#[target_feature(enable = "avx512f")]
#[inline]
fn load<T: Table64>(table: &T) -> __m512i {
    const { assert!(size_of::<T>() == 64) };
    // SAFETY: every `Table64` is 64 bytes of integers (checked when
    // compiling), and an unaligned load has no other requirement.
    unsafe { _mm512_loadu_si512((table as *const T).cast()) }
}

/// Offsets per byte `8 * j + k` of a vector: `m` times the offset of slot
/// `k`, for every lane `j`.
const fn slot_bytes(m: i8) -> [i8; 64] {
    let mut t = [0i8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = SLOT_OFFSET[i % 8] * m;
        i += 1;
    }
    t
}

/// The neighbours, the points two steps away and the points one step
/// back, per slot, in every lane.
static RING1: [i8; 64] = slot_bytes(1);
static RING2: [i8; 64] = slot_bytes(2);
static BACK: [i8; 64] = slot_bytes(-1);

/// `STEPS` of every point, split into its approach and withdrawal bytes.
static STEPS_A: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (STEPS[i] & 0xff) as u8;
        i += 1;
    }
    t
};
static STEPS_W: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (STEPS[i] >> 8) as u8;
        i += 1;
    }
    t
};

/// The offset of each slot, and the rotations that move a bit 1, 2 and 4
/// steps in it.
static OFFSETS: [i64; 8] = {
    let mut t = [0i64; 8];
    let mut s = 0;
    while s < 8 {
        t[s] = SLOT_OFFSET[s] as i64;
        s += 1;
    }
    t
};
static ROTATE: [[u64; 8]; 3] = {
    let mut t = [[0u64; 8]; 3];
    let mut s = 0;
    while s < 8 {
        let o = SLOT_OFFSET[s] as i64;
        t[0][s] = (o & 63) as u64;
        t[1][s] = ((2 * o) & 63) as u64;
        t[2][s] = ((4 * o) & 63) as u64;
        s += 1;
    }
    t
};
/// The rotations that move a bit one step against each slot.
static ROTATE_BACK: [u64; 8] = {
    let mut t = [0u64; 8];
    let mut s = 0;
    while s < 8 {
        t[s] = ((-(SLOT_OFFSET[s] as i64)) & 63) as u64;
        s += 1;
    }
    t
};
/// The points a line in each slot can reach in one step (the points with
/// a line in that slot, moved one step along it).
static REACH: [u64; 8] = {
    let mut t = [0u64; 8];
    let mut s = 0;
    while s < 8 {
        t[s] = CAN[0][s].rotate_left(SLOT_OFFSET[s] as u32 & 63);
        s += 1;
    }
    t
};
/// Byte indices that copy the low byte of each 64-bit lane to all of its
/// bytes (`vpshufb` works within 128-bit lanes).
static LOW_BYTE: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = ((i / 8) % 2 * 8) as u8;
        i += 1;
    }
    t
};
/// The bytes `from` to `from + 63`.
const fn bytes_from(from: u8) -> [u8; 64] {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = from + i as u8;
        i += 1;
    }
    t
}
/// The bytes 0 to 255, and which lane of eight each byte of a vector is in.
static IOTA: [[u8; 64]; 4] = [
    bytes_from(0),
    bytes_from(64),
    bytes_from(128),
    bytes_from(192),
];
static LANE: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (i / 8) as u8;
        i += 1;
    }
    t
};

/// The high and the low seven bits of every byte.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
const LOW_BITS: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// One bit per non-zero byte of `x`.
#[inline(always)]
fn nonzero_bytes(x: u64) -> u64 {
    (((x & LOW_BITS) + LOW_BITS) | x) & HIGH_BITS
}

/// The steps open to stones on eight points at once.
struct Rings {
    /// [`RING1`], [`RING2`] and [`BACK`].
    ring1: __m512i,
    ring2: __m512i,
    back: __m512i,
    /// [`STEPS_A`] and [`STEPS_W`].
    steps_a: __m512i,
    steps_w: __m512i,
}

impl Rings {
    /// The tables as vectors.
    #[target_feature(enable = "avx512f")]
    fn new() -> Rings {
        Rings {
            ring1: load(&RING1),
            ring2: load(&RING2),
            back: load(&BACK),
            steps_a: load(&STEPS_A),
            steps_w: load(&STEPS_W),
        }
    }

    /// The slots open to a stone by approach and by withdrawal (a byte
    /// per lane, as [`options`](crate::count::bmi2::options) finds them
    /// for one point), for eight points on the boards `occupied` and `opp`
    /// of their lanes: `at` holds each lane's point in all of its bytes,
    /// `points` the point of lane `j` in byte `j`; the slots in `closed`
    /// (a byte per lane) are left out.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
    #[inline]
    fn open(
        &self,
        occupied: __m512i,
        opp: __m512i,
        at: __m512i,
        points: __m512i,
        closed: u64,
    ) -> (u64, u64) {
        let low = |v: __m512i| _mm_cvtsi128_si64(_mm512_castsi512_si128(v)) as u64;
        let full = _mm512_bitshuffle_epi64_mask(occupied, _mm512_add_epi8(at, self.ring1));
        let two = _mm512_bitshuffle_epi64_mask(opp, _mm512_add_epi8(at, self.ring2));
        let back = _mm512_bitshuffle_epi64_mask(opp, _mm512_add_epi8(at, self.back));
        let free = !full & !closed;
        let can_a = low(_mm512_permutexvar_epi8(points, self.steps_a));
        let can_w = low(_mm512_permutexvar_epi8(points, self.steps_w));
        (free & two & can_a, free & back & can_w)
    }
}

/// The steps of sixteen nodes in one list, each a byte `16 * node + step`
/// (the step's slot, plus 8 for a withdrawal), in order.
struct Steps {
    /// The bytes 0 to 255.
    iota: [__m512i; 4],
    /// The list when it has 64 steps or fewer: the steps of each group of
    /// four nodes compressed, then joined in registers (joined in memory,
    /// the loads of the batches waited for the stores).
    list: __m512i,
    /// The list, when it is longer (rarely), and its length.
    spill: [u8; SPILL],
    total: usize,
}

impl Steps {
    /// An empty list.
    #[target_feature(enable = "avx512f")]
    fn new() -> Steps {
        Steps {
            iota: [
                load(&IOTA[0]),
                load(&IOTA[1]),
                load(&IOTA[2]),
                load(&IOTA[3]),
            ],
            list: _mm512_setzero_si512(),
            spill: [0; SPILL],
            total: 0,
        }
    }

    /// Lists the steps of the nodes whose step masks are in the bits
    /// `16 * node` to `16 * node + 15` of `masks`; returns their number.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2")]
    #[inline]
    fn list(&mut self, masks: [u64; 4]) -> usize {
        let [iota, next, ..] = self.iota;
        self.list = _mm512_maskz_compress_epi8(masks[0], iota);
        // SAFETY: 64 bytes from 0 fit in the `SPILL`.
        unsafe { _mm512_storeu_si512(self.spill.as_mut_ptr().cast(), self.list) };
        let mut total = masks[0].count_ones() as usize;
        for q in 1..4 {
            let more = _mm512_maskz_compress_epi8(masks[q], self.iota[q]);
            if total <= 64 {
                let split = _mm512_set1_epi8(total as i8);
                let past = _mm512_cmpge_epu8_mask(iota, split);
                let from = _mm512_mask_sub_epi8(iota, past, next, split);
                self.list = _mm512_permutex2var_epi8(self.list, from, more);
            }
            // SAFETY: `total <= GROUP_STEPS - 64`: 64 bytes from there fit
            // in the `SPILL`.
            unsafe { _mm512_storeu_si512(self.spill.as_mut_ptr().add(total).cast(), more) };
            total += masks[q].count_ones() as usize;
        }
        self.total = total;
        total
    }

    /// The eight bytes of the list from `done` (a multiple of 8 below its
    /// length) in the low half of a vector.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn eight(&self, done: usize) -> __m128i {
        if self.total <= 64 {
            let at = _mm512_set1_epi64((done as i64 >> 3) & 7);
            _mm512_castsi512_si128(_mm512_permutexvar_epi64(at, self.list))
        } else {
            let done = done.min(GROUP_STEPS);
            // SAFETY: `done <= GROUP_STEPS`: eight bytes from there are
            // within the `SPILL`.
            unsafe { _mm_loadl_epi64(self.spill.as_ptr().add(done).cast()) }
        }
    }
}

/// The captured lines of eight captures at once.
struct Lines {
    /// The rotations by each slot's offset, by twice and four times it.
    rotate: [__m512i; 3],
    /// [`REACH`].
    reach: __m512i,
}

impl Lines {
    /// The tables as vectors.
    #[target_feature(enable = "avx512f")]
    fn new() -> Lines {
        Lines {
            rotate: [load(&ROTATE[0]), load(&ROTATE[1]), load(&ROTATE[2])],
            reach: load(&REACH),
        }
    }

    /// In each lane, the enemy stones (`opp`) a capture takes whose line
    /// starts on the point `first` and runs in slot `dir`: `first` and the
    /// enemy stones after it up to the first point without one, or nothing
    /// if `first` holds no enemy stone (as [`crate::count::line`]). The
    /// run is filled by doubling: one, two, then four steps at a time,
    /// which covers the longest line (seven stones of a row).
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn taken(&self, opp: __m512i, first: __m512i, dir: __m512i) -> __m512i {
        let one = _mm512_set1_epi64(1);
        let by = self.rotate.map(|r| _mm512_permutexvar_epi64(dir, r));
        let mut line = _mm512_and_si512(_mm512_sllv_epi64(one, first), opp);
        let mut run = _mm512_and_si512(opp, _mm512_permutexvar_epi64(dir, self.reach));
        line = _mm512_or_si512(line, _mm512_and_si512(run, _mm512_rolv_epi64(line, by[0])));
        run = _mm512_and_si512(run, _mm512_rolv_epi64(run, by[0]));
        line = _mm512_or_si512(line, _mm512_and_si512(run, _mm512_rolv_epi64(line, by[1])));
        run = _mm512_and_si512(run, _mm512_rolv_epi64(run, by[1]));
        _mm512_or_si512(line, _mm512_and_si512(run, _mm512_rolv_epi64(line, by[2])))
    }
}

/// Counts the moves of the side owning `own` that end without a chain
/// going on (every first capture but those of the stones added to `work`,
/// or every paika when there is no capture) and adds a node to `work` for
/// each stone with a first capture after which it can capture again.
/// [`drain`] counts the rest.
#[target_feature(
    enable = "popcnt,bmi1,bmi2,lzcnt,avx512f,avx512bw,avx512vbmi,avx512vbmi2,avx512bitalg,avx512vpopcntdq"
)]
pub(crate) fn seed(own: u64, opp: u64, work: &mut Work) -> u64 {
    let empty = BOARD & !(own | opp);
    // The first captures in the eight slots, one per lane, as
    // `count_moves` finds them one slot after another.
    let o = _mm512_set1_epi64(opp as i64);
    let w = _mm512_set1_epi64(own as i64);
    let e = _mm512_set1_epi64(empty as i64);
    let can = load(&CAN[0]);
    let can2 = load(&CAN[1]);
    let back = load(&ROTATE_BACK);
    let ahead = load(&ROTATE[0]);
    let by_a = _mm512_and_si512(
        can,
        _mm512_rolv_epi64(
            _mm512_and_si512(_mm512_and_si512(e, can), _mm512_rolv_epi64(o, back)),
            back,
        ),
    );
    let by_w = _mm512_and_si512(
        _mm512_and_si512(can2, _mm512_rolv_epi64(e, back)),
        _mm512_rolv_epi64(o, ahead),
    );
    let cap = _mm512_or_si512(by_a, by_w);
    let firsts = _mm512_add_epi64(
        _mm512_popcnt_epi64(_mm512_and_si512(by_a, w)),
        _mm512_popcnt_epi64(_mm512_and_si512(by_w, w)),
    );
    let mut count = _mm512_reduce_add_epi64(firsts) as u64;
    // The points that can capture in some slot (`ones`) and in two or more
    // (`twos`), in every lane, by three rounds of exchanging lanes.
    let mut ones = cap;
    let mut twos = _mm512_setzero_si512();
    for swap in [
        _mm512_set_epi64(6, 7, 4, 5, 2, 3, 0, 1),
        _mm512_set_epi64(5, 4, 7, 6, 1, 0, 3, 2),
        _mm512_set_epi64(3, 2, 1, 0, 7, 6, 5, 4),
    ] {
        let other = _mm512_permutexvar_epi64(swap, ones);
        twos = _mm512_or_si512(
            _mm512_or_si512(twos, _mm512_permutexvar_epi64(swap, twos)),
            _mm512_and_si512(ones, other),
        );
        ones = _mm512_or_si512(ones, other);
    }
    if _mm_cvtsi128_si64(_mm512_castsi512_si128(ones)) as u64 & own == 0 {
        let mut n = 0;
        for s in 0..8 {
            n += (own & CAN[0][s] & step_back(empty, s)).count_ones();
        }
        return u64::from(n);
    }
    // A first capture goes on exactly when its landing point can capture
    // in another slot on this board (see `count_moves`).
    let others = _mm512_or_si512(twos, _mm512_andnot_si512(cap, ones));
    let go = _mm512_and_si512(_mm512_and_si512(w, cap), _mm512_rolv_epi64(others, back));
    let mut stones = _mm512_reduce_or_epi64(go) as u64;
    if stones == 0 {
        return count;
    }
    // Nodes for those stones, eight at a time: their first steps, found as
    // `drain` finds a node's steps, are counted by `drain`.
    let occupied = _mm512_set1_epi64((own | opp) as i64);
    let rings = Rings::new();
    let (iota, lane) = (load(&IOTA[0]), load(&LANE));
    loop {
        let n = stones.count_ones().min(8);
        let points = _mm512_maskz_compress_epi8(stones, iota);
        let at = _mm512_permutexvar_epi8(lane, points);
        let (a, wd) = rings.open(occupied, o, at, points, !_bzhi_u64(u64::MAX, 8 * n));
        count -= u64::from(a.count_ones() + wd.count_ones());
        let node = _mm512_or_si512(
            _mm512_cvtepu8_epi64(_mm512_castsi512_si128(points)),
            _mm512_or_si512(
                _mm512_slli_epi64(_mm512_cvtepu8_epi64(_mm_cvtsi64_si128(a as i64)), 8),
                _mm512_slli_epi64(_mm512_cvtepu8_epi64(_mm_cvtsi64_si128(wd as i64)), 16),
            ),
        );
        work.room(8);
        let end = work.len;
        // SAFETY: `room` made the three arrays at least `end + 8` long.
        unsafe {
            _mm512_storeu_si512(work.blocked.as_mut_ptr().add(end).cast(), w);
            _mm512_storeu_si512(work.opp.as_mut_ptr().add(end).cast(), o);
            _mm512_storeu_si512(work.node.as_mut_ptr().add(end).cast(), node);
        }
        work.len = end + n as usize;
        // The eight stones done are the lowest eight left.
        stones = _pdep_u64(u64::MAX << 8, stones);
        if stones == 0 {
            return count;
        }
    }
}

/// Counts the moves of every chain in `work` (every step of every node,
/// and of the nodes they lead to) and empties it.
#[target_feature(
    enable = "popcnt,bmi1,bmi2,lzcnt,avx512f,avx512bw,avx512vbmi,avx512vbmi2,avx512bitalg,avx512vpopcntdq"
)]
pub(crate) fn drain(work: &mut Work) -> u64 {
    let mut count = 0u64;
    let mut next = 0usize;
    let rings = Rings::new();
    let offsets = load(&OFFSETS);
    let lines = Lines::new();
    let low_byte = load(&LOW_BYTE);
    let mut steps = Steps::new();
    let one = _mm512_set1_epi64(1);
    let point = _mm512_set1_epi64(63);
    let steps_of = _mm512_set1_epi64(0xffff);
    while next < work.len {
        // A group makes at most `GROUP_STEPS` new nodes, each batch of
        // `LANES` written whole: `GROUP_ROOM` entries after `len`, and
        // `GROUP` to read.
        work.room(GROUP_ROOM);
        let group = (work.len - next).min(GROUP);
        let (blocked_ptr, opp_ptr, node_ptr) = (
            work.blocked.as_mut_ptr(),
            work.opp.as_mut_ptr(),
            work.node.as_mut_ptr(),
        );
        // SAFETY: `next + GROUP <= len + GROUP_ROOM`, within the arrays.
        let [blocked16, opp16, node16] = [blocked_ptr, opp_ptr, node_ptr].map(|from| unsafe {
            [
                _mm512_loadu_si512(from.add(next).cast()),
                _mm512_loadu_si512(from.add(next + LANES).cast()),
            ]
        });
        next += group;
        let at16 = node16.map(|v| _mm512_and_si512(v, point));
        let live = _bzhi_u32(0xffff, group as u32);
        // The steps of node `j` in bits `16 * j` to `16 * j + 15` of the
        // four masks.
        let [m01, m23] = [
            _mm512_cvtepi64_epi16(_mm512_maskz_and_epi64(
                live as u8,
                _mm512_srli_epi64(node16[0], 8),
                steps_of,
            )),
            _mm512_cvtepi64_epi16(_mm512_maskz_and_epi64(
                (live >> 8) as u8,
                _mm512_srli_epi64(node16[1], 8),
                steps_of,
            )),
        ];
        let masks = [
            _mm_cvtsi128_si64(m01) as u64,
            _mm_extract_epi64(m01, 1) as u64,
            _mm_cvtsi128_si64(m23) as u64,
            _mm_extract_epi64(m23, 1) as u64,
        ];
        let total = steps.list(masks);
        count += total as u64;
        let mut done = 0;
        while done < total {
            let valid = (total - done).min(8) as u32;
            let batch = steps.eight(done);
            done += 8;
            let step = _mm512_cvtepu8_epi64(batch);
            let of = _mm512_srli_epi64(step, 4);
            let slot = _mm512_and_si512(step, _mm512_set1_epi64(7));
            let withdrawal = _mm512_test_epi64_mask(step, _mm512_set1_epi64(8));
            let blocked = _mm512_permutex2var_epi64(blocked16[0], of, blocked16[1]);
            let opp = _mm512_permutex2var_epi64(opp16[0], of, opp16[1]);
            let at = _mm512_permutex2var_epi64(at16[0], of, at16[1]);
            let offset = _mm512_permutexvar_epi64(slot, offsets);
            let to = _mm512_add_epi64(at, offset);
            // The steps open after each step: as `options`, per lane.
            let to_bytes = _mm512_shuffle_epi8(to, low_byte);
            let occupied = _mm512_or_si512(blocked, opp);
            let last = _mm_cvtsi128_si64(_mm512_cvtepi64_epi8(_mm512_sllv_epi64(one, slot))) as u64;
            let to8 = _mm512_castsi128_si512(_mm512_cvtepi64_epi8(to));
            let (a, w) = rings.open(
                occupied,
                opp,
                to_bytes,
                to8,
                last | !_bzhi_u64(u64::MAX, 8 * valid),
            );
            let goes_on = _pext_u64(nonzero_bytes(a | w), HIGH_BITS) as u8;
            // The line each step takes: from two steps ahead of the node
            // in the step's slot (approach), or from one step behind it
            // the other way (withdrawal), to the first point without an
            // enemy stone.
            let first = _mm512_mask_blend_epi64(
                withdrawal,
                _mm512_add_epi64(to, offset),
                _mm512_sub_epi64(at, offset),
            );
            let dir = _mm512_mask_xor_epi64(slot, withdrawal, slot, _mm512_set1_epi64(7));
            let line = lines.taken(opp, first, dir);
            // The new nodes: the stone on `to`, that point blocked, the
            // line gone, its steps.
            let new_blocked = _mm512_or_si512(blocked, _mm512_sllv_epi64(one, to));
            let new_opp = _mm512_xor_si512(opp, line);
            let new_node = _mm512_or_si512(
                _mm512_and_si512(to, point),
                _mm512_or_si512(
                    _mm512_slli_epi64(_mm512_cvtepu8_epi64(_mm_cvtsi64_si128(a as i64)), 8),
                    _mm512_slli_epi64(_mm512_cvtepu8_epi64(_mm_cvtsi64_si128(w as i64)), 16),
                ),
            );
            let end = work.len;
            // SAFETY: at most `total` nodes are added per group, so
            // `end + LANES <= len + GROUP_ROOM` at the start of the group.
            unsafe {
                _mm512_storeu_si512(
                    blocked_ptr.add(end).cast(),
                    _mm512_maskz_compress_epi64(goes_on, new_blocked),
                );
                _mm512_storeu_si512(
                    opp_ptr.add(end).cast(),
                    _mm512_maskz_compress_epi64(goes_on, new_opp),
                );
                _mm512_storeu_si512(
                    node_ptr.add(end).cast(),
                    _mm512_maskz_compress_epi64(goes_on, new_node),
                );
            }
            work.len = end + goes_on.count_ones() as usize;
        }
    }
    work.len = 0;
    count
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::board::{NEIGHBOURS_CONST, SQUARES};
    use crate::count::{SLOT_DIR, line};

    /// Whether this processor runs the AVX-512 code; says so if not.
    fn has_avx512() -> bool {
        use std::is_x86_feature_detected as has;
        let all = has!("avx512f") && has!("avx512bw") && has!("avx512vbmi") && has!("avx512vbmi2");
        if !all {
            eprintln!("skipped: this processor lacks AVX-512 (f, bw, vbmi, vbmi2)");
        }
        all
    }

    proptest! {
        #[test]
        fn the_step_list_holds_every_step_of_sixteen_nodes_in_order(masks in any::<[u64; 4]>(), thin in 0u32..4) {
            if !has_avx512() {
                return Ok(());
            }
            // From about half of all 256 steps down to a few.
            let masks = masks.map(|m| (0..thin).fold(m, |m, _| m & m.rotate_left(17)));
            let want: Vec<u8> = (0..256usize)
                .filter(|&b| masks[b / 64] >> (b % 64) & 1 == 1)
                .map(|b| b as u8)
                .collect();
            // SAFETY: the processor has AVX-512 (checked above).
            let got: Vec<u8> = unsafe {
                let mut steps = Steps::new();
                let total = steps.list(masks);
                prop_assert_eq!(total, want.len());
                (0..total)
                    .step_by(8)
                    .flat_map(|done| core::mem::transmute::<__m128i, [u8; 16]>(steps.eight(done)))
                    .enumerate()
                    .filter(|(i, _)| i % 16 < 8)
                    .map(|(_, b)| b)
                    .take(total)
                    .collect()
            };
            prop_assert_eq!(got, want);
        }

        #[test]
        fn the_lines_are_those_of_the_scalar_counter(opp in any::<u64>(), dense in any::<u64>(), full_row in 0u32..5) {
            if !has_avx512() {
                return Ok(());
            }
            // Dense boards with a full row, for the longest lines.
            let opp = (opp | dense | 0x1ff << (9 * full_row)) & BOARD;
            for first in 0..45u8 {
                // SAFETY: the processor has AVX-512 (checked above).
                let taken: [u64; 8] = unsafe {
                    let lines = Lines::new();
                    let dir = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
                    core::mem::transmute(lines.taken(_mm512_set1_epi64(opp as i64), _mm512_set1_epi64(i64::from(first)), dir))
                };
                for dir in 0..8 {
                    // Only a line with two points before it (the landing
                    // point and the start of the step) can be taken.
                    let back = |p: u8| NEIGHBOURS_CONST[p as usize][SLOT_DIR[7 - dir]];
                    if back(first) < SQUARES && back(back(first)) < SQUARES {
                        prop_assert_eq!(taken[dir], line(opp, first, dir), "from {} in slot {}", first, dir);
                    }
                }
            }
        }
    }
}

//! The slot tables of the counter (see the parent module) and the small
//! functions over them: steps, lines and what a capture takes.

// `s` is a slot used with several tables at once.
#![allow(clippy::needless_range_loop)]

use crate::board::{NEIGHBOURS_CONST, SQUARES};

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

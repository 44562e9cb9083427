//! The patterns of the evaluation: groups of squares whose joint contents
//! (empty, own disc, other disc) index a table of learned weights, in the
//! manner of Logistello and Edax.
//!
//! Each pattern is given once, near the a1 corner; its images under the
//! eight symmetries of the board (duplicates removed) are its *instances*,
//! which share one table. A configuration is read in base 3, the first
//! square of the list the lowest digit: 0 empty, 1 a disc of the side to
//! move, 2 a disc of the other side.

use std::sync::OnceLock;

use crate::Symmetry;

/// One pattern: a name and its squares (bit indices, `a1` = 0) near a1.
#[derive(Debug, Clone, Copy)]
pub struct Pattern {
    /// Its name.
    pub name: &'static str,
    /// Its squares, in digit order.
    pub squares: &'static [u8],
}

/// Square index from column and row (both 0..8).
const fn sq(c: u8, r: u8) -> u8 {
    r * 8 + c
}

/// The patterns: the edge, the 3x3 and 2x4 corner blocks, the second to
/// fourth lines, and the diagonals of 4 to 8 squares.
pub const PATTERNS: [Pattern; 10] = [
    Pattern {
        name: "edge",
        squares: &[
            sq(0, 0),
            sq(1, 0),
            sq(2, 0),
            sq(3, 0),
            sq(4, 0),
            sq(5, 0),
            sq(6, 0),
            sq(7, 0),
        ],
    },
    Pattern {
        name: "corner3x3",
        squares: &[
            sq(0, 0),
            sq(1, 0),
            sq(2, 0),
            sq(0, 1),
            sq(1, 1),
            sq(2, 1),
            sq(0, 2),
            sq(1, 2),
            sq(2, 2),
        ],
    },
    Pattern {
        name: "corner2x4",
        squares: &[
            sq(0, 0),
            sq(1, 0),
            sq(2, 0),
            sq(3, 0),
            sq(0, 1),
            sq(1, 1),
            sq(2, 1),
            sq(3, 1),
        ],
    },
    Pattern {
        name: "line2",
        squares: &[
            sq(0, 1),
            sq(1, 1),
            sq(2, 1),
            sq(3, 1),
            sq(4, 1),
            sq(5, 1),
            sq(6, 1),
            sq(7, 1),
        ],
    },
    Pattern {
        name: "line3",
        squares: &[
            sq(0, 2),
            sq(1, 2),
            sq(2, 2),
            sq(3, 2),
            sq(4, 2),
            sq(5, 2),
            sq(6, 2),
            sq(7, 2),
        ],
    },
    Pattern {
        name: "line4",
        squares: &[
            sq(0, 3),
            sq(1, 3),
            sq(2, 3),
            sq(3, 3),
            sq(4, 3),
            sq(5, 3),
            sq(6, 3),
            sq(7, 3),
        ],
    },
    Pattern {
        name: "diag8",
        squares: &[
            sq(0, 0),
            sq(1, 1),
            sq(2, 2),
            sq(3, 3),
            sq(4, 4),
            sq(5, 5),
            sq(6, 6),
            sq(7, 7),
        ],
    },
    Pattern {
        name: "diag7",
        squares: &[
            sq(1, 0),
            sq(2, 1),
            sq(3, 2),
            sq(4, 3),
            sq(5, 4),
            sq(6, 5),
            sq(7, 6),
        ],
    },
    Pattern {
        name: "diag6",
        squares: &[sq(2, 0), sq(3, 1), sq(4, 2), sq(5, 3), sq(6, 4), sq(7, 5)],
    },
    Pattern {
        name: "diag5",
        squares: &[sq(3, 0), sq(4, 1), sq(5, 2), sq(6, 3), sq(7, 4)],
    },
];

/// The number of evaluation phases (by the number of empty squares).
pub const PHASES: usize = 6;

/// The phase of a position with `empties` empty squares.
#[inline]
#[must_use]
pub const fn phase(empties: u32) -> usize {
    let played = 60u32.saturating_sub(empties) as usize;
    let p = played / 10;
    if p >= PHASES { PHASES - 1 } else { p }
}

/// One instance: the pattern it belongs to, the offset of that pattern's
/// table, and its squares.
#[derive(Debug, Clone)]
pub struct Instance {
    /// Index into [`PATTERNS`].
    pub pattern: usize,
    /// The symmetry (0..8, see [`symmetric_images`]) that maps the
    /// pattern's squares, in order, onto the instance's.
    pub sym: usize,
    /// Offset of the pattern's table in a phase's weights.
    pub offset: usize,
    /// The squares (bit indices), in digit order.
    pub squares: Vec<u8>,
}

/// Every instance of every pattern and the number of weights of a phase.
#[derive(Debug)]
pub struct Layout {
    /// The instances.
    pub instances: Vec<Instance>,
    /// The number of weights of one phase (the sum of 3^len over the
    /// patterns).
    pub phase_len: usize,
}

fn image(s: u8, sym: u8) -> u8 {
    let (mut c, mut r) = (s % 8, s / 8);
    if sym & 1 != 0 {
        (c, r) = (r, c);
    }
    if sym & 2 != 0 {
        c = 7 - c;
    }
    if sym & 4 != 0 {
        r = 7 - r;
    }
    r * 8 + c
}

/// The layout of the patterns (built once).
#[must_use]
pub fn layout() -> &'static Layout {
    static LAYOUT: OnceLock<Layout> = OnceLock::new();
    LAYOUT.get_or_init(|| {
        let mut instances = Vec::new();
        let mut offset = 0;
        for (i, p) in PATTERNS.iter().enumerate() {
            let mut sets: Vec<u64> = Vec::new();
            for sym in 0..8 {
                let squares: Vec<u8> = p.squares.iter().map(|&s| image(s, sym)).collect();
                let set = squares.iter().fold(0u64, |b, &s| b | (1u64 << s));
                if !sets.contains(&set) {
                    sets.push(set);
                    instances.push(Instance {
                        pattern: i,
                        sym: usize::from(sym),
                        offset,
                        squares,
                    });
                }
            }
            offset += 3usize.pow(p.squares.len() as u32);
        }
        Layout {
            instances,
            phase_len: offset,
        }
    })
}

/// The weight indices (within a phase) of every instance for the side
/// owning `p` against `o`, written into `out` (which must hold
/// `layout().instances.len()` items; extra items are left alone).
pub fn features(p: u64, o: u64, out: &mut [u32]) {
    let (ps, os) = (symmetric_images(p), symmetric_images(o));
    for (inst, slot) in layout().instances.iter().zip(out.iter_mut()) {
        *slot = inst.offset as u32 + index(inst.pattern, ps[inst.sym], os[inst.sym]);
    }
}

/// The weight index, within its pattern's table, of pattern `pattern`
/// (an index into [`PATTERNS`]) on its own squares, for the side owning
/// `p` against `o`.
#[inline]
#[must_use]
pub fn index(pattern: usize, p: u64, o: u64) -> u32 {
    u32::from(TERNARY[gather(pattern, p)]) + 2 * u32::from(TERNARY[gather(pattern, o)])
}

/// `TERNARY[b]`: the bits of `b` read as base-3 digits (0 or 1).
static TERNARY: [u16; 1024] = {
    let mut t = [0u16; 1024];
    let mut b = 0;
    while b < 1024 {
        let (mut v, mut power, mut i) = (0u16, 1u16, 0);
        while i < 10 {
            if b & (1 << i) != 0 {
                v += power;
            }
            power = power.wrapping_mul(3);
            i += 1;
        }
        t[b] = v;
        b += 1;
    }
    t
};

/// The bits of `b` on the squares of pattern `pattern` (near a1), the
/// first square of its list at bit 0.
#[inline]
fn gather(pattern: usize, b: u64) -> usize {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    let diagonal = |mask: u64, from: u32| ((b & mask).wrapping_mul(FILE_A) >> (56 + from)) as usize;
    match pattern {
        0 => (b & 0xFF) as usize,
        1 => ((b & 7) | ((b >> 5) & 0x38) | ((b >> 10) & 0x1C0)) as usize,
        2 => ((b & 0xF) | ((b >> 4) & 0xF0)) as usize,
        3 => ((b >> 8) & 0xFF) as usize,
        4 => ((b >> 16) & 0xFF) as usize,
        5 => ((b >> 24) & 0xFF) as usize,
        6 => diagonal(0x8040_2010_0804_0201, 0),
        7 => diagonal(0x0080_4020_1008_0402, 1),
        8 => diagonal(0x0000_8040_2010_0804, 2),
        _ => diagonal(0x0000_0080_4020_1008, 3),
    }
}

/// The eight images of a board: `images[sym]` holds at square `s` what
/// `b` holds at the image of `s` under symmetry `sym` (bit 0: swap column
/// and row, bit 1: mirror the columns, bit 2: mirror the rows, applied in
/// that order). Made by [`Symmetry::images`], which moves bits the other
/// way: `images[sym]` is the image under the inverse of `sym`.
#[must_use]
pub fn symmetric_images(b: u64) -> [u64; 8] {
    // For each `sym`, the index in `Symmetry::ALL` of its inverse.
    const INVERSE_IN_ALL: [usize; 8] = [0, 4, 1, 6, 2, 5, 3, 7];
    let all = Symmetry::images(b);
    INVERSE_IN_ALL.map(|i| all[i])
}

/// The number of instances (features of one position).
#[must_use]
pub fn instance_count() -> usize {
    layout().instances.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index of every instance read square by square, as defined.
    fn slow_features(p: u64, o: u64, out: &mut [u32]) {
        for (inst, slot) in layout().instances.iter().zip(out.iter_mut()) {
            let mut index = 0u32;
            for &s in inst.squares.iter().rev() {
                let digit = ((p >> s) & 1) as u32 + 2 * ((o >> s) & 1) as u32;
                index = index * 3 + digit;
            }
            *slot = inst.offset as u32 + index;
        }
    }

    #[test]
    fn fast_features_read_every_square_as_defined() {
        let n = instance_count();
        let (mut fast, mut slow) = (vec![0; n], vec![0; n]);
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..5_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occupied = state.rotate_left(17) | state.rotate_left(40);
            let p = state & occupied;
            let o = !state & occupied;
            features(p, o, &mut fast);
            slow_features(p, o, &mut slow);
            assert_eq!(fast, slow);
        }
        for inst in &layout().instances {
            let canonical = PATTERNS[inst.pattern].squares;
            let mapped: Vec<u8> = canonical
                .iter()
                .map(|&s| image(s, inst.sym as u8))
                .collect();
            assert_eq!(mapped, inst.squares);
        }
    }
}

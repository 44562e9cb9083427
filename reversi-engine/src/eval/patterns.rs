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
    for (inst, slot) in layout().instances.iter().zip(out.iter_mut()) {
        let mut index = 0u32;
        for &s in inst.squares.iter().rev() {
            let digit = ((p >> s) & 1) as u32 + 2 * ((o >> s) & 1) as u32;
            index = index * 3 + digit;
        }
        *slot = inst.offset as u32 + index;
    }
}

/// The number of instances (features of one position).
#[must_use]
pub fn instance_count() -> usize {
    layout().instances.len()
}

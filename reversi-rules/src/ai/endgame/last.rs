//! The last moves: parity ordering up to [`SHALLOW_EMPTIES`](super::SHALLOW_EMPTIES) empties, the
//! last two and the last one empty square by dedicated code, and the final
//! score.

use super::{QUADRANTS, Solver};

/// The quadrant bit (1, 2, 4 or 8) of each square.
pub(super) const QUADRANT_ID: [usize; 64] = {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = 1 << ((sq & 7) / 4 + 2 * (sq / 32));
        sq += 1;
    }
    t
};

/// The squares of the quadrants whose bits are set in the index.
pub(super) const QUADRANT_MASK: [u64; 16] = {
    let mut t = [0; 16];
    let mut i = 0;
    while i < 16 {
        let mut q = 0;
        while q < 4 {
            if i & (1 << q) != 0 {
                t[i] |= QUADRANTS[q];
            }
            q += 1;
        }
        i += 1;
    }
    t
};

/// One bit per quadrant holding an odd number of `empties` (bit `q` for
/// `QUADRANTS[q]`), by folding rows and columns with exclusive ors.
#[inline]
pub(super) fn parity(empties: u64) -> usize {
    let mut e = empties ^ (empties >> 8);
    e ^= e >> 16;
    e ^= e >> 2;
    e ^= e >> 1;
    (e & 1 | (e >> 3) & 2 | (e >> 30) & 4 | (e >> 33) & 8) as usize
}

/// The empties of the quadrants that hold an odd number of empties.
#[inline]
pub(super) fn odd_quadrants(empties: u64) -> u64 {
    QUADRANT_MASK[parity(empties)] & empties
}

/// The squares around each square.
const NEIGHBOUR: [u64; 64] = {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (nc, nr) = (c + dc, r + dr);
                if (dc != 0 || dr != 0) && nc >= 0 && nc < 8 && nr >= 0 && nr < 8 {
                    t[sq] |= 1 << (nr * 8 + nc);
                }
                dc += 1;
            }
            dr += 1;
        }
        sq += 1;
    }
    t
};

/// The two diagonals through each square (a1-h8 and h1-a8 directions).
const DIAGONALS: [[u64; 2]; 64] = {
    let mut t = [[0; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut k = -7;
        while k <= 7 {
            if c + k >= 0 && c + k < 8 && r + k >= 0 && r + k < 8 {
                t[sq][0] |= 1 << ((r + k) * 8 + c + k);
            }
            if c + k >= 0 && c + k < 8 && r - k >= 0 && r - k < 8 {
                t[sq][1] |= 1 << ((r - k) * 8 + c + k);
            }
            k += 1;
        }
        sq += 1;
    }
    t
};

/// `LAST_FLIPS[at][p]`: on a full line of 8 squares but `at`, with the
/// discs of the mover at the bits of `p` and the other side's elsewhere,
/// the discs a move at `at` flips (bits outside a shorter line are zero,
/// which never outflanks anything).
static LAST_FLIPS: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut at = 0;
    while at < 8 {
        let mut p = 0;
        while p < 256 {
            t[at][p] = (between(p, at as i32, 1) + between(p, at as i32, -1)) as u8;
            p += 1;
        }
        at += 1;
    }
    t
};

/// The number of squares strictly between `at` and the first bit of `p`
/// met from `at` in direction `step` (1 or -1) on a line of 8; 0 when
/// there is none.
const fn between(p: usize, at: i32, step: i32) -> u32 {
    let mut k = at + step;
    while k >= 0 && k < 8 {
        if (p >> k) & 1 == 1 {
            return (k - at).unsigned_abs() - 1;
        }
        k += step;
    }
    0
}

/// The number of discs that the owner of `p` flips by playing on `sq`,
/// the only empty square (every other square not in `p` is the other
/// side's).
#[inline]
fn last_flip_count(sq: usize, p: u64) -> i32 {
    let (c, r) = (sq & 7, sq >> 3);
    let row = (p >> (8 * r)) as u8 as usize;
    let column =
        (((p >> c) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    let [d, a] = DIAGONALS[sq];
    let diagonal = ((p & d).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
    let anti = ((p & a).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
    i32::from(LAST_FLIPS[c][row])
        + i32::from(LAST_FLIPS[r][column])
        + i32::from(LAST_FLIPS[c][diagonal])
        + i32::from(LAST_FLIPS[c][anti])
}

/// The final score of a finished game for the side owning `p`: disc
/// difference, empty squares to the winner.
#[inline]
#[must_use]
pub fn final_score(p: u64, o: u64) -> i32 {
    let (np, no) = (p.count_ones() as i32, o.count_ones() as i32);
    let diff = np - no;
    let empties = 64 - np - no;
    match diff.cmp(&0) {
        core::cmp::Ordering::Greater => diff + empties,
        core::cmp::Ordering::Less => diff - empties,
        core::cmp::Ordering::Equal => 0,
    }
}

impl Solver {
    /// Few empties (3 to [`SHALLOW_EMPTIES`](super::SHALLOW_EMPTIES)): parity order (empties of
    /// quadrants with an odd number of empties first), no table; `parity`
    /// holds one bit per quadrant with an odd number of empties.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn shallow(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        parity: usize,
        passed: bool,
    ) -> i32 {
        let empties = !(p | o);
        if n <= 2 {
            return self.last_two(p, o, alpha, beta, empties, n, passed);
        }
        self.nodes += 1;
        let odd = QUADRANT_MASK[parity];
        let mut best = -65;
        let mut a = alpha;
        for set in [empties & odd, empties & !odd] {
            let mut bits = set;
            while bits != 0 {
                let sq = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if o & NEIGHBOUR[sq] == 0 {
                    continue;
                }
                let f = self.kernel.flips(sq, p, o);
                if f == 0 {
                    continue;
                }
                let s = -self.shallow(
                    o & !f,
                    p | f | (1u64 << sq),
                    -beta,
                    -a,
                    n - 1,
                    parity ^ QUADRANT_ID[sq],
                    false,
                );
                if s > best {
                    best = s;
                    if s > a {
                        if s >= beta {
                            return s;
                        }
                        a = s;
                    }
                }
            }
        }
        if best == -65 {
            if passed {
                return -final_score(o, p);
            }
            return -self.shallow(o, p, -beta, -alpha, n, parity, true);
        }
        best
    }

    /// Two or fewer empties.
    #[allow(clippy::too_many_arguments)]
    fn last_two(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        empties: u64,
        n: u32,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        if n == 0 {
            return final_score(p, o);
        }
        if n == 1 {
            return self.last_one(p, empties.trailing_zeros() as usize);
        }
        let x1 = empties.trailing_zeros() as usize;
        let x2 = 63 - empties.leading_zeros() as usize;
        let mut best = -65;
        if o & NEIGHBOUR[x1] != 0 {
            let f = self.kernel.flips(x1, p, o);
            if f != 0 {
                best = -self.last_one(o & !f, x2);
                if best >= beta {
                    return best;
                }
            }
        }
        if o & NEIGHBOUR[x2] != 0 {
            let f = self.kernel.flips(x2, p, o);
            if f != 0 {
                let s = -self.last_one(o & !f, x1);
                best = best.max(s);
            }
        }
        if best == -65 {
            if passed {
                return -final_score(o, p);
            }
            return -self.last_two(o, p, -beta, -alpha, empties, 2, true);
        }
        best
    }

    /// One empty square `sq`; `p` is the side to move (the other side owns
    /// every other square). Only the flips are counted, no board is made.
    #[inline]
    fn last_one(&mut self, p: u64, sq: usize) -> i32 {
        self.nodes += 1;
        let score = 2 * p.count_ones() as i32 - 64;
        let f = last_flip_count(sq, p);
        if f > 0 {
            return score + 2 * f + 2;
        }
        let g = last_flip_count(sq, !p & !(1u64 << sq));
        if g > 0 {
            score - 2 * g
        } else if score >= 0 {
            // Nobody can play: the empty square goes to the winner.
            score + 2
        } else {
            score
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::flips;

    /// A simple generator of pseudo-random boards.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn last_flip_counts_and_parity_agree_with_the_slow_forms() {
        let mut state = 0x1234_5678_9abc_def1;
        for _ in 0..20_000 {
            let r = next(&mut state);
            let sq = (r % 64) as usize;
            let p = next(&mut state) & !(1u64 << sq);
            let o = !p & !(1u64 << sq);
            assert_eq!(last_flip_count(sq, p), flips(sq, p, o).count_ones() as i32);
            let empties = next(&mut state) & next(&mut state);
            let slow = QUADRANTS
                .iter()
                .enumerate()
                .filter(|(_, q)| (empties & **q).count_ones() % 2 == 1)
                .fold(0, |acc, (i, _)| acc | 1 << i);
            assert_eq!(parity(empties), slow);
        }
        for sq in 0..64 {
            assert_eq!(QUADRANT_MASK[QUADRANT_ID[sq]] & (1u64 << sq), 1u64 << sq);
        }
    }
}

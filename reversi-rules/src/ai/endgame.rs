//! The exact endgame solver: perfect play to the end of the game and the
//! exact final disc difference.
//!
//! The search is a fail-soft principal-variation alpha-beta over two
//! bitboards (the side to move, the other side), with moves and flips
//! from the fastest [`Kernel`] of the processor. What makes it fast, in the
//! manner of the strong solvers (Edax, Zebra):
//!
//! - the last one and two empty squares are solved by dedicated code (no
//!   move generation; the last disc only counts its flips, four table
//!   look-ups, without making a board);
//! - up to [`SHALLOW_EMPTIES`] empties, moves are found square by square in
//!   *parity* order (empties of quadrants with an odd number of empties
//!   first, the parity passed down as four bits), squares with no
//!   neighbouring opponent disc skipped at once, with no table and no
//!   sorting;
//! - above that, moves are sorted *fastest first* (fewest replies for the
//!   opponent, corners weighted) after the transposition table's move;
//! - a *stability cut-off*: the opponent's stable discs bound the score
//!   from above, which ends a node whose window lies above that bound;
//! - a whole-window solve of 16 empties or more first runs *selective*
//!   searches, in the manner of Edax: a node whose pattern evaluation lies
//!   far outside the window (1.1, then 1.5, then 2.0 standard deviations
//!   of the evaluation's error) is cut off as probably failing. Each stage
//!   is far cheaper than the exact search and fills the table with best
//!   moves and bounds; the exact search that follows uses the moves (and
//!   sorts the moves whose position the table knows by what it knows),
//!   never the selective bounds: every entry records the selectivity it
//!   was found at;
//! - every search starts with a narrow (aspiration) window around the
//!   previous stage's score (at first the pattern evaluation's guess) and
//!   widens it only when it fails;
//! - a transposition table of two-entry buckets holds a lower and an upper
//!   bound and the best move of each position with enough empties; with
//!   many empties, the children are looked up first (enhanced
//!   transposition cut-off).

use std::time::{Duration, Instant};

use arrayvec::ArrayVec;

use crate::bitboard::Kernel;
use crate::{Move, Position, Square};

use crate::ai::weights::Weights;

/// Up to this many empties the solver uses parity ordering without a
/// table; above it, sorted moves and the transposition table.
pub const SHALLOW_EMPTIES: u32 = 6;

/// The most empties [`Solver::solve`] accepts (beyond, an exact solve
/// takes far too long to be useful).
pub const MAX_EMPTIES: u32 = 36;

/// Why a position was not solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The position has more empty squares than [`MAX_EMPTIES`].
    #[error("{0} empty squares: the solver takes at most {MAX_EMPTIES}")]
    TooManyEmpties(u32),
}

/// The result of an exact solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solution {
    /// A best move; `None` when the game is over.
    pub best: Option<Move>,
    /// The exact final disc difference for the side to move with perfect
    /// play, empty squares going to the winner.
    pub score: i32,
    /// Positions visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// The quadrants of the board (for parity ordering).
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The quadrant bit (1, 2, 4 or 8) of each square.
const QUADRANT_ID: [usize; 64] = {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = 1 << ((sq & 7) / 4 + 2 * (sq / 32));
        sq += 1;
    }
    t
};

/// The squares of the quadrants whose bits are set in the index.
const QUADRANT_MASK: [u64; 16] = {
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
fn parity(empties: u64) -> usize {
    let mut e = empties ^ (empties >> 8);
    e ^= e >> 16;
    e ^= e >> 2;
    e ^= e >> 1;
    (e & 1 | (e >> 3) & 2 | (e >> 30) & 4 | (e >> 33) & 8) as usize
}

/// The empties of the quadrants that hold an odd number of empties.
#[inline]
fn odd_quadrants(empties: u64) -> u64 {
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

/// The discs of `p` that can never be flipped, found as a fixed point: a
/// disc is stable when, along each of the four line directions, its line
/// is full or one of its two neighbours on that line is off the board or a
/// stable disc of its colour.
#[must_use]
pub fn stable_discs(p: u64, o: u64) -> u64 {
    let occupied = p | o;
    let full_h = full_lines(occupied, 1);
    let full_v = full_lines(occupied, 8);
    let full_d9 = full_lines(occupied, 9);
    let full_d7 = full_lines(occupied, 7);
    const EDGE_H: u64 = 0x8181_8181_8181_8181;
    const EDGE_V: u64 = 0xff00_0000_0000_00ff;
    const EDGE_D: u64 = 0xff81_8181_8181_81ff;
    let mut stable = 0u64;
    loop {
        let s = stable;
        let ok_h = full_h
            | EDGE_H
            | ((s << 1) & !0x0101_0101_0101_0101)
            | ((s >> 1) & !0x8080_8080_8080_8080);
        let ok_v = full_v | EDGE_V | (s << 8) | (s >> 8);
        let ok_d9 = full_d9
            | EDGE_D
            | ((s << 9) & !0x0101_0101_0101_0101)
            | ((s >> 9) & !0x8080_8080_8080_8080);
        let ok_d7 = full_d7
            | EDGE_D
            | ((s << 7) & !0x8080_8080_8080_8080)
            | ((s >> 7) & !0x0101_0101_0101_0101);
        let next = p & ok_h & ok_v & ok_d9 & ok_d7;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The squares whose line in direction `shift` (1, 7, 8 or 9) is full:
/// the empty squares are spread along the line both ways (never across the
/// board's sides) and every square they do not reach is on a full line.
#[inline]
fn full_lines(occupied: u64, shift: u32) -> u64 {
    let (wrap_up, wrap_down) = match shift {
        1 | 9 => (0x0101_0101_0101_0101u64, 0x8080_8080_8080_8080u64),
        7 => (0x8080_8080_8080_8080u64, 0x0101_0101_0101_0101u64),
        _ => (0, 0),
    };
    let empties = !occupied;
    let mut up = empties;
    let mut down = empties;
    for _ in 0..7 {
        up |= (up << shift) & !wrap_up;
        down |= (down >> shift) & !wrap_down;
    }
    !(up | down)
}

/// Stability cut-offs are tried when alpha is at least this, by empties
/// (a lower alpha seldom leads to a cut-off).
const STABILITY_THRESHOLD: [i32; 65] = {
    let mut t = [99; 65];
    let mut n = 4;
    while n < 65 {
        let v = 2 * n as i32 - 2;
        t[n] = if v > 64 { 64 } else { v };
        n += 1;
    }
    t
};

#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    p: u64,
    o: u64,
    lower: i8,
    upper: i8,
    best: u8,
    empties: u8,
    /// The selectivity level the bounds were found at ([`EXACT`] for an
    /// exact search); the move is used at any level.
    level: u8,
}

/// The level of an exact search (no probable cut-offs).
const EXACT: u8 = 255;

const NO_MOVE: u8 = 64;

/// Room for every legal move (no position has more than 33).
const MAX_MOVES: usize = 48;

/// Moves as (square, flips, sort key).
type MoveList = ArrayVec<(u8, u64, i32), MAX_MOVES>;

/// The exact endgame solver, with its transposition table.
///
/// ```
/// use reversi_rules::ai::endgame::Solver;
/// use reversi_rules::Position;
/// // FFO position #1 (14 empties): g8 wins by 18.
/// let pos: Position =
///     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X".parse()?;
/// let solution = Solver::new().solve(&pos)?;
/// assert_eq!(solution.score, 18);
/// assert_eq!(solution.best.map(|m| m.to_string()).as_deref(), Some("g8"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    weights: &'static Weights,
    table: Vec<[Entry; 2]>,
    nodes: u64,
    /// Move generation and flips, with the vector instructions this
    /// processor has.
    kernel: Kernel,
    /// The selectivity level of the running search ([`EXACT`] or an index
    /// into [`STAGES`]).
    level: u8,
    /// The margin of probable cut-offs, in 1/64 disc (unused when exact).
    margin: i32,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// From this many empties on, moves are sorted with the pattern
/// evaluation of the position after them as well as the opponent's
/// mobility.
const EVAL_ORDER_EMPTIES: u32 = 12;
const MOBILITY_WEIGHT: i32 = 64;

/// From this many empties on, the children are looked up in the table
/// before the search (enhanced transposition cut-off); below, the memory
/// traffic of those look-ups costs more than the nodes they save.
const ETC_MIN_EMPTIES: u32 = 14;

/// The half-width of the first window of a whole-window solve around the
/// evaluation's guess (scores are even, so 3 lets the guess and the even
/// scores next to it through).
const ASPIRATION_WIDTH: i32 = 3;

/// Whole-board solves of at least this many empties first run selective
/// searches (see [`STAGES`]).
const SELECTIVE_MIN_EMPTIES: u32 = 16;

/// The selective searches run before an exact solve, as the number of
/// standard deviations of the evaluation's error a probable cut-off needs.
/// Each fills the table with best moves for the next.
const STAGES: [f64; 3] = [1.1, 1.5, 2.0];

/// The standard deviation of the exact score around the scaled
/// evaluation, in discs (measured with the `probcut_stats` example: 9 to
/// 11 discs from 10 to 22 empties).
const PROBCUT_SIGMA: f64 = 10.0;

/// The evaluation is multiplied by this over 4 to predict the exact
/// score (the measured slope is 1.1 to 1.3).
const PROBCUT_SLOPE: i32 = 5;

/// Probable cut-offs are tried from this many empties on.
const PROBCUT_MIN_EMPTIES: u32 = TABLE_MIN_EMPTIES;

/// From this many empties on, moves whose position is in the table are
/// sorted with what the table knows of it (half the sum of its bounds)
/// and a bonus of one unit of mobility.
const TABLE_ORDER_EMPTIES: u32 = 10;
const TABLE_ORDER_BONUS: i32 = 64;

/// Below this many empties, nodes neither probe nor fill the table.
const TABLE_MIN_EMPTIES: u32 = SHALLOW_EMPTIES + 2;

impl Solver {
    /// A solver with a 2^20-bucket (48 MiB) transposition table.
    #[must_use]
    pub fn new() -> Self {
        Solver::with_table_bits(20)
    }

    /// A solver with 2^`bits` buckets of two entries (each 24 bytes);
    /// `bits` is clamped to 4..=26.
    #[must_use]
    pub fn with_table_bits(bits: u32) -> Self {
        let bits = bits.clamp(4, 26);
        Solver {
            weights: Weights::embedded(),
            table: vec![[Entry::default(); 2]; 1 << bits],
            nodes: 0,
            kernel: Kernel::detect(),
            level: EXACT,
            margin: 0,
        }
    }

    /// Empties the transposition table.
    pub fn clear(&mut self) {
        self.table.fill([Entry::default(); 2]);
    }

    /// Nodes visited since the solver was made.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Solves `pos` exactly: a best move and the exact final score.
    ///
    /// From 16 empties, selective searches run first (see the module
    /// documentation); their nodes are counted in [`Solution::nodes`]. The
    /// answer does not depend on them: only the order of the search does.
    pub fn solve(&mut self, pos: &Position) -> Result<Solution, SolveError> {
        self.solve_window(pos, -64, 64)
    }

    /// Solves `pos` within the window `alpha..beta` (exclusive bounds,
    /// disc differences): the score is exact when it lies strictly inside
    /// the window, else a bound on the side it falls (fail-soft).
    pub fn solve_window(
        &mut self,
        pos: &Position,
        alpha: i32,
        beta: i32,
    ) -> Result<Solution, SolveError> {
        let start = Instant::now();
        let nodes_before = self.nodes;
        let board = pos.board();
        let (p, o) = (board.player(), board.opponent());
        let empties = (!(p | o)).count_ones();
        if empties > MAX_EMPTIES {
            return Err(SolveError::TooManyEmpties(empties));
        }
        let (alpha, beta) = (alpha.max(-64), beta.min(64));
        let (best, score) = if alpha <= -64 && beta >= 64 {
            let mut guess = (self.weights.evaluate(p, o) / 128 * 2).clamp(-64, 64);
            if empties >= SELECTIVE_MIN_EMPTIES {
                for (level, &t) in STAGES.iter().enumerate() {
                    self.level = level as u8;
                    self.margin = (t * PROBCUT_SIGMA * 64.0) as i32;
                    guess = self.aspiration(p, o, guess).1;
                }
            }
            self.level = EXACT;
            self.aspiration(p, o, guess)
        } else {
            self.root(p, o, alpha, beta)
        };
        Ok(Solution {
            best,
            score,
            nodes: self.nodes - nodes_before,
            elapsed: start.elapsed(),
        })
    }

    /// The whole-window solve through narrow windows around the pattern
    /// evaluation's guess (an even disc difference), widened on failure:
    /// a fail-soft bound outside the window gives the next window, and the
    /// score and move are taken only from a search whose score lies inside
    /// its window (or at -64 or 64, which are exact).
    ///
    /// A selective search can contradict itself (fail high just below
    /// where it failed low); once it has failed both ways, one search with
    /// the whole window settles it, so the loop always ends. An exact
    /// search never contradicts itself: each failure moves the window
    /// strictly one way.
    fn aspiration(&mut self, p: u64, o: u64, guess: i32) -> (Option<Move>, i32) {
        let width = ASPIRATION_WIDTH;
        let (mut lo, mut hi) = ((guess - width).max(-64), (guess + width).min(64));
        let (mut failed_low, mut failed_high) = (false, false);
        loop {
            if failed_low && failed_high {
                return self.root(p, o, -64, 64);
            }
            let (best, s) = self.root(p, o, lo, hi);
            if s <= lo && lo > -64 {
                failed_low = true;
                hi = s + 1;
                lo = (s - 2 * width).max(-64);
            } else if s >= hi && hi < 64 {
                failed_high = true;
                lo = s - 1;
                hi = (s + 2 * width).min(64);
            } else {
                return (best, s);
            }
        }
    }

    fn root(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> (Option<Move>, i32) {
        self.nodes += 1;
        let mv = self.kernel.moves(p, o);
        if mv == 0 {
            if self.kernel.moves(o, p) == 0 {
                return (None, final_score(p, o));
            }
            let s = -self.search(o, p, -beta, -alpha);
            return (Some(Move::Pass), s);
        }
        let n = (!(p | o)).count_ones();
        let b = self.bucket(p, o);
        let tt_move = self.lookup(b, p, o).map_or(NO_MOVE, |e| e.best);
        let mut list = MoveList::new();
        self.moves(p, o, mv, n, &mut list);
        self.order(p, o, &mut list, n, tt_move);
        let (best, best_sq) = self.pvs(p, o, &mut list, alpha, beta);
        if n >= TABLE_MIN_EMPTIES {
            self.store(b, p, o, n, alpha, beta, best, best_sq);
        }
        (Square::new(best_sq).map(Move::Place), best)
    }

    /// Puts the moves `mv` with their flips (sort keys zero) in `list`. From
    /// [`TABLE_ORDER_EMPTIES`] on, the table buckets of the positions after
    /// them are asked for at once, so that their loads overlap.
    fn moves(&self, p: u64, o: u64, mut mv: u64, n: u32, list: &mut MoveList) {
        while mv != 0 && !list.is_full() {
            let sq = mv.trailing_zeros() as u8;
            mv &= mv - 1;
            let f = self.kernel.flips(sq as usize, p, o);
            if n >= TABLE_ORDER_EMPTIES {
                let (np, no) = (p | f | (1u64 << sq), o & !f);
                board_core::prefetch(&self.table[self.bucket(no, np)]);
            }
            list.push((sq, f, 0));
        }
    }

    /// Gives the moves their sort keys; they stay unsorted: [`Solver::pvs`]
    /// picks the best remaining one before each search, so a cut-off
    /// spares sorting the rest.
    fn order(&self, p: u64, o: u64, list: &mut MoveList, n: u32, tt_move: u8) {
        let odd = odd_quadrants(!(p | o));
        for (sq, f, key) in list.iter_mut() {
            let (sq, f) = (*sq, *f);
            let bit = 1u64 << sq;
            let (np, no) = (p | f | bit, o & !f);
            *key = if sq == tt_move {
                1 << 20
            } else {
                let replies = self.kernel.moves(no, np);
                let mobility = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
                let mut k = -mobility * MOBILITY_WEIGHT;
                let known = if n >= TABLE_ORDER_EMPTIES {
                    self.lookup(self.bucket(no, np), no, np)
                } else {
                    None
                };
                if let Some(e) = known {
                    // Known to the table (often from a selective stage):
                    // a bonus, and the middle of its bounds as a score.
                    k += TABLE_ORDER_BONUS - (i32::from(e.lower) + i32::from(e.upper)) * 32;
                } else if n >= EVAL_ORDER_EMPTIES {
                    k -= self.weights.evaluate(no, np) / 2;
                }
                if bit & CORNERS != 0 {
                    k += 32;
                }
                if bit & odd != 0 && n < 18 {
                    k += 16;
                }
                k
            };
        }
    }

    /// The entry of the position (`p`, `o`) in bucket `b`, if it is
    /// there (an empty entry holds no discs, which no position has).
    #[inline]
    fn lookup(&self, b: usize, p: u64, o: u64) -> Option<Entry> {
        self.table[b].iter().find(|e| e.p == p && e.o == o).copied()
    }

    #[inline]
    fn bucket(&self, p: u64, o: u64) -> usize {
        let h = p.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ o.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(31);
        (h >> 20) as usize & (self.table.len() - 1)
    }

    /// The main search, above [`SHALLOW_EMPTIES`] empties.
    fn search(&mut self, p: u64, o: u64, mut alpha: i32, mut beta: i32) -> i32 {
        let empties = !(p | o);
        let n = empties.count_ones();
        if n <= SHALLOW_EMPTIES {
            return self.shallow(p, o, alpha, beta, n, parity(empties), false);
        }
        self.nodes += 1;
        let b = self.bucket(p, o);
        if n >= TABLE_MIN_EMPTIES {
            board_core::prefetch(&self.table[b]);
        }
        let mv = self.kernel.moves(p, o);
        if mv == 0 {
            if self.kernel.moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.search(o, p, -beta, -alpha);
        }
        // Stability cut-off.
        if alpha >= STABILITY_THRESHOLD[n as usize] {
            let upper = 64 - 2 * stable_discs(o, p).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
        }
        // Transposition table.
        let mut tt_move = NO_MOVE;
        if n >= TABLE_MIN_EMPTIES
            && let Some(e) = self.lookup(b, p, o)
        {
            tt_move = e.best;
            // Bounds of a more selective search than this one are not used.
            if e.level >= self.level {
                let (lo, up) = (i32::from(e.lower), i32::from(e.upper));
                if lo >= beta {
                    return lo;
                }
                if up <= alpha {
                    return up;
                }
                if lo == up {
                    return lo;
                }
                alpha = alpha.max(lo);
                beta = beta.min(up);
            }
        }
        if self.level != EXACT && n >= PROBCUT_MIN_EMPTIES {
            // Probable cut-off: the evaluation, scaled to predict the final
            // score, lies far outside the window.
            let guess = self.weights.evaluate(p, o) * PROBCUT_SLOPE / 4;
            if guess - self.margin >= 64 * beta {
                return beta;
            }
            if guess + self.margin <= 64 * alpha {
                return alpha;
            }
        }
        let mut list = MoveList::new();
        self.moves(p, o, mv, n, &mut list);
        if n >= ETC_MIN_EMPTIES
            && let Some(cut) = self.etc(p, o, &list, beta)
        {
            return cut;
        }
        let alpha0 = alpha;
        self.order(p, o, &mut list, n, tt_move);
        let (best, best_sq) = self.pvs(p, o, &mut list, alpha, beta);
        if n >= TABLE_MIN_EMPTIES {
            self.store(b, p, o, n, alpha0, beta, best, best_sq);
        }
        best
    }

    /// Enhanced transposition cut-off: a child whose stored upper bound
    /// already lifts this node to `beta` ends it (fail-soft).
    fn etc(&self, p: u64, o: u64, list: &MoveList, beta: i32) -> Option<i32> {
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

    /// Principal-variation search over sorted moves: the best score
    /// (fail-soft) and its move.
    fn pvs(&mut self, p: u64, o: u64, list: &mut MoveList, alpha: i32, beta: i32) -> (i32, u8) {
        let mut best = -65;
        let mut best_sq = NO_MOVE;
        let mut a = alpha;
        for i in 0..list.len() {
            // Selection: the best of the moves not searched yet.
            let mut top = i;
            for j in i + 1..list.len() {
                if list[j].2 > list[top].2 {
                    top = j;
                }
            }
            list.swap(i, top);
            let (sq, f, _) = list[i];
            let (np, no) = (o & !f, p | f | (1u64 << sq));
            let s = if i == 0 {
                -self.search(np, no, -beta, -a)
            } else {
                let s = -self.search(np, no, -a - 1, -a);
                if s > a && s < beta {
                    -self.search(np, no, -beta, -s)
                } else {
                    s
                }
            };
            if s > best {
                best = s;
                best_sq = sq;
                if s > a {
                    a = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        (best, best_sq)
    }

    #[allow(clippy::too_many_arguments)]
    fn store(
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

    /// Few empties (3 to [`SHALLOW_EMPTIES`]): parity order (empties of
    /// quadrants with an odd number of empties first), no table; `parity`
    /// holds one bit per quadrant with an odd number of empties.
    #[allow(clippy::too_many_arguments)]
    fn shallow(
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

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
//!
//! The code follows that list: this module holds the solver and its main
//! search and ordering; `last` the last moves (parity, the last one and
//! two empties), `stability` the stable discs, `table` the transposition
//! table and the enhanced transposition cut-off, `selective` the
//! selective stages and their probable cut-offs.

use std::time::Duration;

use arrayvec::ArrayVec;
use board_search::Instant;

use crate::ai::weights::Weights;
use crate::bitboard::Kernel;
use crate::{Move, Position, Square};

mod last;
mod selective;
mod stability;
mod table;

pub use last::final_score;
use last::{odd_quadrants, parity};
use selective::{PROBCUT_MIN_EMPTIES, SELECTIVE_MIN_EMPTIES};
use stability::STABILITY_THRESHOLD;
pub use stability::stable_discs;
use table::{
    ETC_MIN_EMPTIES, EXACT, Entry, NO_MOVE, TABLE_MIN_EMPTIES, TABLE_ORDER_BONUS,
    TABLE_ORDER_EMPTIES,
};

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
    /// into [`STAGES`](selective::STAGES)).
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

/// The half-width of the first window of a whole-window solve around the
/// evaluation's guess (scores are even, so 3 lets the guess and the even
/// scores next to it through).
const ASPIRATION_WIDTH: i32 = 3;

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
                guess = self.selective_stages(p, o, guess);
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
        (Square::from_index(best_sq.into()).map(Move::Place), best)
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
        if self.level != EXACT
            && n >= PROBCUT_MIN_EMPTIES
            && let Some(cut) = self.probable_cut(p, o, alpha, beta)
        {
            return cut;
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
}

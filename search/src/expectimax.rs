//! Expectimax (*-minimax) for games with chance nodes, with Star1 and Star2
//! pruning and a transposition table.

use std::time::Duration;

use board_core::{MoveList, Player, Stochastic, ZobristHash};

use crate::budget::Budget;
use crate::frame::{Frame, pick};
use crate::reference::outcome_value;
use crate::{
    Bound, Evaluator, Limits, MAX_DEPTH, MAX_PLY, SearchResult, TranspositionTable, TtCutoffs,
};

/// The switches of [`Expectimax`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpectimaxOptions {
    /// Star1: chance nodes pass each child the narrowest window that can
    /// still change their value, using the evaluator's bound, and stop as
    /// soon as the average is known to fall outside their own window.
    pub star1: bool,
    /// Star2 (needs `star1`): before Star1, probe each player-node child by
    /// searching only its first move; the bounds this gives can cut the
    /// chance node without searching any child fully.
    pub star2: bool,
    /// Move ordering by the evaluator's hint and the table's move.
    pub ordering: bool,
    /// When table entries may cut a search short ([`TtCutoffs::EqualDepth`]
    /// keeps the value exactly that of plain expectimax).
    pub tt_cutoffs: TtCutoffs,
    /// The table's size in MiB; 0 for none.
    pub tt_mib: usize,
}

impl Default for ExpectimaxOptions {
    fn default() -> Self {
        ExpectimaxOptions {
            star1: true,
            star2: true,
            ordering: true,
            tt_cutoffs: TtCutoffs::AnyDepth,
            tt_mib: 16,
        }
    }
}

/// Per-ply buffers of an expectimax search.
struct ChanceFrame<G: Stochastic> {
    base: Frame<G>,
    outcomes: G::ChanceList,
    lo: Vec<f64>,
    hi: Vec<f64>,
}

impl<G: Stochastic> Default for ChanceFrame<G> {
    fn default() -> Self {
        ChanceFrame {
            base: Frame::default(),
            outcomes: G::ChanceList::default(),
            lo: Vec::with_capacity(16),
            hi: Vec::with_capacity(16),
        }
    }
}

/// Expectimax search: players maximise (negamax, with alpha-beta), chance
/// nodes take the probability-weighted average of their children.
///
/// Values are `f64` from the point of view of the player to move, within
/// ±[`Evaluator::bound`]: a won game scores `+bound`, a lost one `-bound`
/// (there is no distance bonus: values are expectations), a draw 0.
/// Evaluations beyond the bound are clamped — Star1 and Star2 are only
/// correct when the bound holds. The root should be a player node; at a
/// chance root the result has no best move.
///
/// ```
/// use board_search::{Expectimax, Limits, reference};
/// use spielwerk_testgames::{RandomTree, TreeEval};
///
/// let tree = RandomTree::with_chance(7, 6);
/// let mut search = Expectimax::new(TreeEval);
/// let result = search.search(&tree, &Limits::depth(6));
/// let plain = reference::expectimax(&tree, &TreeEval, 6);
/// assert!((result.score - plain).abs() < 1e-9);
/// ```
pub struct Expectimax<G: Stochastic + ZobristHash, E: Evaluator<G>> {
    eval: E,
    options: ExpectimaxOptions,
    tt: Option<TranspositionTable<G::Move, f64>>,
    frames: Vec<ChanceFrame<G>>,
    pv: Vec<Vec<G::Move>>,
    bound: f64,
    horizon_hit: bool,
}

impl<G: Stochastic + ZobristHash, E: Evaluator<G>> Expectimax<G, E> {
    /// A searcher with the default options.
    pub fn new(eval: E) -> Self {
        Self::with_options(eval, ExpectimaxOptions::default())
    }

    /// A searcher with the given options.
    pub fn with_options(eval: E, options: ExpectimaxOptions) -> Self {
        let tt = (options.tt_mib > 0).then(|| TranspositionTable::new(options.tt_mib));
        let bound = f64::from(eval.bound().max(1));
        Expectimax {
            eval,
            options,
            tt,
            frames: Vec::new(),
            pv: Vec::new(),
            bound,
            horizon_hit: false,
        }
    }

    /// The options.
    pub fn options(&self) -> &ExpectimaxOptions {
        &self.options
    }

    /// Forgets everything learned in earlier searches.
    pub fn clear(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
    }

    /// Searches `pos` within `limits` by iterative deepening.
    pub fn search(&mut self, pos: &G, limits: &Limits) -> SearchResult<G::Move, f64> {
        self.search_with_progress(pos, limits, |_| {})
    }

    /// Searches `pos` within `limits`, calling `progress` after every
    /// completed iteration.
    pub fn search_with_progress(
        &mut self,
        pos: &G,
        limits: &Limits,
        mut progress: impl FnMut(&SearchResult<G::Move, f64>),
    ) -> SearchResult<G::Move, f64> {
        let mut budget = Budget::new(limits);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        let plies = (max_depth + 2).min(MAX_PLY) as usize;
        self.frames.resize_with(plies, ChanceFrame::default);
        self.pv.resize_with(plies + 1, Vec::new);
        if let Some(tt) = &mut self.tt {
            tt.new_search();
        }
        let first = if pos.is_chance_node() {
            None
        } else {
            pos.moves().as_slice().first().copied()
        };
        let mut result = SearchResult {
            best_move: first,
            score: match pos.outcome() {
                Some(o) => outcome_value(o, pos, self.bound),
                None => self.static_eval(pos),
            },
            bound: Bound::Exact,
            pv: first.into_iter().collect(),
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if pos.outcome().is_some() || budget.exhausted_at_start() {
            result.elapsed = budget.start.elapsed();
            return result;
        }
        let mut frames = std::mem::take(&mut self.frames);
        for depth in 1..=max_depth {
            self.horizon_hit = false;
            let score = self.node(
                pos,
                depth,
                0,
                f64::NEG_INFINITY,
                f64::INFINITY,
                &mut frames,
                &mut budget,
            );
            if budget.aborted {
                break;
            }
            result.score = score;
            if !pos.is_chance_node() {
                result.pv.clone_from(&self.pv[0]);
                result.best_move = result.pv.first().copied().or(result.best_move);
            }
            result.depth = depth;
            result.nodes = budget.nodes;
            result.elapsed = budget.start.elapsed();
            progress(&result);
            if !self.horizon_hit {
                break;
            }
        }
        self.frames = frames;
        result.nodes = budget.nodes;
        result.elapsed = budget.start.elapsed();
        result
    }

    #[inline]
    fn static_eval(&self, pos: &G) -> f64 {
        f64::from(self.eval.evaluate(pos)).clamp(-self.bound, self.bound)
    }

    /// The value of `child` from the point of view of `parent`, searched with
    /// the window `(alpha, beta)` of that point of view.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child(
        &mut self,
        child: &G,
        parent: Player,
        depth: u32,
        ply: u32,
        alpha: f64,
        beta: f64,
        frames: &mut [ChanceFrame<G>],
        budget: &mut Budget,
    ) -> f64 {
        if child.to_move() == parent {
            self.node(child, depth, ply, alpha, beta, frames, budget)
        } else {
            -self.node(child, depth, ply, -beta, -alpha, frames, budget)
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        alpha: f64,
        beta: f64,
        frames: &mut [ChanceFrame<G>],
        budget: &mut Budget,
    ) -> f64 {
        if budget.tick() {
            return 0.0;
        }
        self.pv[ply as usize].clear();
        if let Some(outcome) = pos.outcome() {
            return outcome_value(outcome, pos, self.bound);
        }
        let Some((frame, rest)) = frames.split_first_mut().filter(|_| depth > 0) else {
            self.horizon_hit = true;
            return self.static_eval(pos);
        };
        let key = pos.zobrist();
        let mut tt_move = None;
        if let Some(entry) = self.tt.as_ref().and_then(|tt| tt.probe(key)) {
            tt_move = entry.mv;
            if ply > 0
                && self.options.tt_cutoffs.allows(entry.depth, depth)
                && entry.bound.cuts(entry.score, alpha, beta)
            {
                self.horizon_hit = true;
                return entry.score;
            }
        }
        let (value, bound, best_move) = if pos.is_chance_node() {
            let (value, bound) = self.chance(pos, depth, ply, alpha, beta, frame, rest, budget);
            (value, bound, None)
        } else {
            let (value, best_move) =
                self.player(pos, depth, ply, alpha, beta, tt_move, frame, rest, budget);
            let bound = if value <= alpha {
                Bound::Upper
            } else if value >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            (value, bound, best_move)
        };
        if budget.aborted {
            return 0.0;
        }
        if let Some(tt) = &mut self.tt {
            tt.store(key, best_move, value, depth as u16, bound);
        }
        value
    }

    /// Fills the ordering keys of the frame's moves.
    fn order(&self, pos: &G, tt_move: Option<G::Move>, frame: &mut Frame<G>) {
        frame.keys.clear();
        for &mv in frame.moves.as_slice() {
            frame.keys.push(if !self.options.ordering {
                0
            } else if Some(mv) == tt_move {
                i32::MAX
            } else {
                self.eval.move_hint(pos, mv)
            });
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn player(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        mut alpha: f64,
        beta: f64,
        tt_move: Option<G::Move>,
        frame: &mut ChanceFrame<G>,
        rest: &mut [ChanceFrame<G>],
        budget: &mut Budget,
    ) -> (f64, Option<G::Move>) {
        let frame = &mut frame.base;
        pos.legal_moves(&mut frame.moves);
        if frame.moves.is_empty() {
            return (self.static_eval(pos), None);
        }
        self.order(pos, tt_move, frame);
        let me = pos.to_move();
        let mut best = f64::NEG_INFINITY;
        let mut best_move = None;
        for i in 0..frame.moves.len() {
            let mv = pick(frame, i);
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let v = self.child(&child, me, depth - 1, ply + 1, alpha, beta, rest, budget);
            if budget.aborted {
                return (0.0, None);
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if v > alpha {
                    alpha = v;
                    let (head, tail) = self.pv.split_at_mut(ply as usize + 1);
                    let line = &mut head[ply as usize];
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        (best, best_move)
    }

    #[allow(clippy::too_many_arguments)]
    fn chance(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        alpha: f64,
        beta: f64,
        frame: &mut ChanceFrame<G>,
        rest: &mut [ChanceFrame<G>],
        budget: &mut Budget,
    ) -> (f64, Bound) {
        pos.chance_outcomes(&mut frame.outcomes);
        let me = pos.to_move();
        let n = frame.outcomes.len();
        let (l, u) = (-self.bound, self.bound);
        if !self.options.star1 {
            let mut sum = 0.0;
            for i in 0..n {
                let (mv, p) = frame.outcomes.as_slice()[i];
                if p <= 0.0 {
                    continue;
                }
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let v = self.child(
                    &child,
                    me,
                    depth - 1,
                    ply + 1,
                    f64::NEG_INFINITY,
                    f64::INFINITY,
                    rest,
                    budget,
                );
                sum += p * v;
            }
            return (sum, Bound::Exact);
        }
        frame.lo.clear();
        frame.lo.resize(n, l);
        frame.hi.clear();
        frame.hi.resize(n, u);
        if self.options.star2
            && depth >= 2
            && let Some(cut) = self.probe(pos, depth, ply, alpha, beta, frame, rest, budget)
        {
            return cut;
        }
        // Star1: the sum of the searched children, and what the unsearched
        // ones can add at most and at least.
        let mut known = 0.0;
        let mut rest_lo: f64 = (0..n)
            .map(|j| frame.outcomes.as_slice()[j].1 * frame.lo[j])
            .sum();
        let mut rest_hi: f64 = (0..n)
            .map(|j| frame.outcomes.as_slice()[j].1 * frame.hi[j])
            .sum();
        for i in 0..n {
            let (mv, p) = frame.outcomes.as_slice()[i];
            rest_lo -= p * frame.lo[i];
            rest_hi -= p * frame.hi[i];
            if p <= 0.0 {
                // An impossible outcome (the contract asks for positive
                // probabilities) adds nothing and must not be divided by.
                continue;
            }
            let a = (alpha - known - rest_hi) / p;
            let b = (beta - known - rest_lo) / p;
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let v = self.child(&child, me, depth - 1, ply + 1, a, b, rest, budget);
            if budget.aborted {
                return (0.0, Bound::Exact);
            }
            if v <= a {
                return (known + p * v + rest_hi, Bound::Upper);
            }
            if v >= b {
                return (known + p * v + rest_lo, Bound::Lower);
            }
            known += p * v;
        }
        (known, Bound::Exact)
    }

    /// Star2's probing phase: tightens `frame.lo`/`frame.hi` by searching one
    /// move of each player-node child; returns a bound when that alone
    /// decides the chance node.
    #[allow(clippy::too_many_arguments)]
    fn probe(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        alpha: f64,
        beta: f64,
        frame: &mut ChanceFrame<G>,
        rest: &mut [ChanceFrame<G>],
        budget: &mut Budget,
    ) -> Option<(f64, Bound)> {
        let me = pos.to_move();
        let n = frame.outcomes.len();
        let (child_frame, grand_rest) = rest.split_first_mut()?;
        // The probability-weighted sums of the children's bounds, kept up to
        // date as probes tighten them.
        let weighted = |bounds: &[f64]| -> f64 {
            frame
                .outcomes
                .as_slice()
                .iter()
                .zip(bounds)
                .map(|(o, b)| o.1 * b)
                .sum()
        };
        let mut sum_lo = weighted(&frame.lo);
        let mut sum_hi = weighted(&frame.hi);
        for i in 0..n {
            let (mv, p) = frame.outcomes.as_slice()[i];
            if p <= 0.0 {
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if child.outcome().is_some() || child.is_chance_node() {
                continue;
            }
            let mover = child.to_move();
            let tt_move = self
                .tt
                .as_ref()
                .and_then(|tt| tt.probe(child.zobrist()))
                .and_then(|e| e.mv);
            let base = &mut child_frame.base;
            child.legal_moves(&mut base.moves);
            if base.moves.is_empty() {
                continue;
            }
            self.order(&child, tt_move, base);
            let first = pick(base, 0);
            let mut grandchild = child.clone();
            grandchild.play_unchecked(first);
            let others_lo = sum_lo - p * frame.lo[i];
            let others_hi = sum_hi - p * frame.hi[i];
            if mover == me {
                // One move of ours is a lower bound on the child's value.
                let b = (beta - others_lo) / p;
                let w = self.child(
                    &grandchild,
                    me,
                    depth - 2,
                    ply + 2,
                    frame.lo[i],
                    b,
                    grand_rest,
                    budget,
                );
                if budget.aborted {
                    return Some((0.0, Bound::Exact));
                }
                if w > frame.lo[i] {
                    frame.lo[i] = w.min(frame.hi[i]);
                }
            } else {
                // One reply of the opponent's bounds the child's value from above.
                let a = (alpha - others_hi) / p;
                let w = self.child(
                    &grandchild,
                    mover,
                    depth - 2,
                    ply + 2,
                    -frame.hi[i],
                    -a,
                    grand_rest,
                    budget,
                );
                if budget.aborted {
                    return Some((0.0, Bound::Exact));
                }
                if -w < frame.hi[i] {
                    frame.hi[i] = (-w).max(frame.lo[i]);
                }
            }
            sum_lo = others_lo + p * frame.lo[i];
            sum_hi = others_hi + p * frame.hi[i];
            if sum_lo >= beta {
                return Some((sum_lo, Bound::Lower));
            }
            if sum_hi <= alpha {
                return Some((sum_hi, Bound::Upper));
            }
        }
        None
    }
}

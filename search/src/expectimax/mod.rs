//! Expectimax (*-minimax) for games with chance nodes: Star1 and Star2
//! pruning, a transposition table with enhanced cut-offs at chance nodes
//! (StarETC), killer and history ordering, a quiescence search over noisy
//! moves, and ChanceProbCut forward pruning.

use std::time::Duration;

use board_core::{MoveList, Player, Stochastic, ZobristHash};

use crate::budget::Budget;
use crate::frame::{Frame, Heuristics, pick};
use crate::reference::outcome_value;
use crate::{
    Bound, Evaluator, Limits, MAX_DEPTH, MAX_PLY, SearchResult, TranspositionTable, TtCutoffs,
};

/// ChanceProbCut (Schadd, Winands and Uiterwijk, 2009): at a chance node,
/// a shallow search of every outcome predicts the deep values; when even
/// the predictions shifted by `margin` against the window lie outside it,
/// the node is cut without a deep search. Forward pruning: the value may
/// then differ from plain expectimax (by little when the margin is wide
/// enough for the game's evaluation).
#[derive(Debug, Clone, PartialEq)]
pub struct ProbCut {
    /// How many plies shallower the predicting searches are.
    pub reduction: u32,
    /// How far a deep value may lie from its shallow prediction, in
    /// evaluation units.
    pub margin: f64,
    /// The smallest remaining depth at which chance nodes are tried.
    pub min_depth: u32,
}

/// The switches of [`Expectimax`].
///
/// Every switch but [`quiescence_plies`](Self::quiescence_plies) (which
/// changes what a leaf is worth), [`probcut`](Self::probcut) (forward
/// pruning) and table cut-offs from deeper entries
/// ([`TtCutoffs::AnyDepth`]) leaves the root value exactly that of plain
/// expectimax at the same depth; the tests check every combination against
/// [`reference::expectimax`](crate::reference::expectimax) and
/// [`reference::expectimax_quiescence`](crate::reference::expectimax_quiescence).
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectimaxOptions {
    /// Star1: chance nodes pass each child the narrowest window that can
    /// still change their value, using the evaluator's bound, and stop as
    /// soon as the average is known to fall outside their own window.
    pub star1: bool,
    /// Star2 (needs `star1`): before Star1, probe each player-node child by
    /// searching only its first move; the bounds this gives can cut the
    /// chance node without searching any child fully.
    pub star2: bool,
    /// StarETC (needs `star1` and a table): before searching a chance
    /// node's outcomes, look each of them up in the table; their stored
    /// bounds narrow the node's bounds, can cut it at once, and an exact
    /// entry spares that outcome's search.
    pub star_etc: bool,
    /// Move ordering by the evaluator's hint and the table's move.
    pub ordering: bool,
    /// Two killer moves per ply (quiet moves that caused a cut-off).
    pub killers: bool,
    /// History ordering (needs the evaluator's
    /// [`history_size`](crate::Evaluator::history_size)).
    pub history: bool,
    /// When table entries may cut a search short ([`TtCutoffs::EqualDepth`]
    /// keeps the value exactly that of plain expectimax).
    pub tt_cutoffs: TtCutoffs,
    /// The table's size in MiB; 0 for none.
    pub tt_mib: usize,
    /// The most plies of quiescence search at the horizon, over the
    /// evaluator's [`is_noisy`](crate::Evaluator::is_noisy) moves and the
    /// chance nodes they lead to (when the evaluator
    /// [uses quiescence](crate::Evaluator::uses_quiescence)); 0 for none.
    pub quiescence_plies: u32,
    /// ChanceProbCut forward pruning, off (`None`) by default.
    pub probcut: Option<ProbCut>,
}

impl Default for ExpectimaxOptions {
    fn default() -> Self {
        ExpectimaxOptions {
            star1: true,
            star2: true,
            star_etc: true,
            ordering: true,
            killers: true,
            history: true,
            tt_cutoffs: TtCutoffs::AnyDepth,
            tt_mib: 16,
            quiescence_plies: 16,
            probcut: None,
        }
    }
}

impl ExpectimaxOptions {
    /// Plain expectimax: no pruning, no ordering, no table, no quiescence.
    #[must_use]
    pub fn plain() -> Self {
        ExpectimaxOptions {
            star1: false,
            star2: false,
            star_etc: false,
            ordering: false,
            killers: false,
            history: false,
            tt_cutoffs: TtCutoffs::Off,
            tt_mib: 0,
            quiescence_plies: 0,
            probcut: None,
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
/// At the horizon, with quiescence, the side to move may stand on the
/// evaluation or play a noisy move; chance nodes met there are averaged
/// (each chance step counts as a quiescence ply).
///
/// ```
/// use board_search::{Expectimax, ExpectimaxOptions, Limits, reference};
/// use spielwerk_testgames::{RandomTree, TreeEval};
///
/// let tree = RandomTree::with_chance(7, 6);
/// let options = ExpectimaxOptions { quiescence_plies: 0, ..ExpectimaxOptions::default() };
/// let mut search = Expectimax::with_options(TreeEval, options);
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
    heuristics: Heuristics<G::Move>,
    bound: f64,
    horizon_hit: bool,
    root_bias: Vec<(G::Move, f64)>,
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
            heuristics: Heuristics::default(),
            bound,
            horizon_hit: false,
            root_bias: Vec::new(),
        }
    }

    /// The options.
    pub fn options(&self) -> &ExpectimaxOptions {
        &self.options
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.eval
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

    /// Searches `pos` as [`search`](Self::search) does, with each root
    /// move `mv` of `bias` worth its value minus the bias: a player's
    /// preferences the game does not know (to avoid repeating itself, say).
    /// The result's score is the best biased value. Exactly the unbiased
    /// search's child values, shifted: the tests check it against plain
    /// expectimax.
    pub fn search_with_root_bias(
        &mut self,
        pos: &G,
        limits: &Limits,
        bias: &[(G::Move, f64)],
    ) -> SearchResult<G::Move, f64> {
        self.root_bias = bias.to_vec();
        let r = self.search_with_progress(pos, limits, |_| {});
        self.root_bias.clear();
        r
    }

    #[inline]
    fn bias_of(&self, mv: G::Move) -> f64 {
        self.root_bias
            .iter()
            .find(|b| b.0 == mv)
            .map_or(0.0, |b| b.1)
    }

    fn quiescence(&self) -> u32 {
        if self.eval.uses_quiescence() {
            self.options.quiescence_plies
        } else {
            0
        }
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
        let plies = (max_depth + self.quiescence() + 2).min(MAX_PLY) as usize;
        self.frames.resize_with(plies, ChanceFrame::default);
        self.pv.resize_with(plies + 1, Vec::new);
        let slots = if self.options.history {
            self.eval.history_size()
        } else {
            0
        };
        self.heuristics.reset(plies, self.options.killers, slots);
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
                // The unfinished iteration searched the previous best move
                // first; a root move it has proven better (or, without a
                // completed iteration, the best found so far) is played.
                // Its score stays the last completed iteration's.
                if !pos.is_chance_node()
                    && let Some(&mv) = self.pv[0].first()
                {
                    result.best_move = Some(mv);
                    result.pv.clone_from(&self.pv[0]);
                }
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

    /// The quiescence value of `child` from the point of view of `parent`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn qchild(
        &mut self,
        child: &G,
        parent: Player,
        ply: u32,
        alpha: f64,
        beta: f64,
        frames: &mut [ChanceFrame<G>],
        budget: &mut Budget,
        qply: u32,
    ) -> f64 {
        if child.to_move() == parent {
            self.qnode(child, ply, alpha, beta, frames, budget, qply)
        } else {
            -self.qnode(child, ply, -beta, -alpha, frames, budget, qply)
        }
    }

    /// Searches `depth` plies below `child`, or quiescence at the horizon.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn any_child(
        &mut self,
        child: &G,
        parent: Player,
        depth: u32,
        ply: u32,
        alpha: f64,
        beta: f64,
        frames: &mut [ChanceFrame<G>],
        budget: &mut Budget,
        qply: Option<u32>,
    ) -> f64 {
        match qply {
            Some(q) => self.qchild(child, parent, ply, alpha, beta, frames, budget, q),
            None => self.child(child, parent, depth, ply, alpha, beta, frames, budget),
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
        if depth == 0 && self.quiescence() > 0 {
            return self.qnode(pos, ply, alpha, beta, frames, budget, 0);
        }
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
            // A biased root value is not the position's: stored for its
            // move only (depth 0 cuts nothing).
            let stored_depth = if ply == 0 && !self.root_bias.is_empty() {
                0
            } else {
                depth as u16
            };
            tt.store(key, best_move, value, stored_depth, bound);
        }
        value
    }

    /// Quiescence: the side to move stands on the evaluation or plays a
    /// noisy move; a chance node averages its outcomes.
    #[allow(clippy::too_many_arguments)]
    fn qnode(
        &mut self,
        pos: &G,
        ply: u32,
        mut alpha: f64,
        beta: f64,
        frames: &mut [ChanceFrame<G>],
        budget: &mut Budget,
        qply: u32,
    ) -> f64 {
        if budget.tick() {
            return 0.0;
        }
        self.pv[ply as usize].clear();
        if let Some(outcome) = pos.outcome() {
            return outcome_value(outcome, pos, self.bound);
        }
        self.horizon_hit = true;
        let Some((frame, rest)) = frames
            .split_first_mut()
            .filter(|_| qply < self.quiescence())
        else {
            return self.static_eval(pos);
        };
        if pos.is_chance_node() {
            return self
                .chance_star1(
                    pos,
                    0,
                    ply,
                    alpha,
                    beta,
                    frame,
                    rest,
                    budget,
                    Some(qply + 1),
                )
                .0;
        }
        let stand = self.static_eval(pos);
        if stand >= beta {
            return stand;
        }
        let base = &mut frame.base;
        pos.legal_moves(&mut base.moves);
        base.keys.clear();
        let mut any = false;
        for &mv in base.moves.as_slice() {
            let noisy = self.eval.is_noisy(pos, mv);
            any |= noisy;
            base.keys.push(if !noisy {
                i32::MIN
            } else if self.options.ordering {
                self.eval.move_hint(pos, mv).clamp(-32_768, 32_767)
            } else {
                0
            });
        }
        if !any {
            return stand;
        }
        let me = pos.to_move();
        let mut best = stand;
        alpha = alpha.max(stand);
        for i in 0..frame.base.moves.len() {
            let mv = pick(&mut frame.base, i);
            if frame.base.keys[i] == i32::MIN {
                break;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let v = self.qchild(&child, me, ply + 1, alpha, beta, rest, budget, qply + 1);
            if budget.aborted {
                return 0.0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Fills the ordering keys of the frame's moves: the table's move, the
    /// killers, then the evaluator's hint and the history.
    fn order(&self, pos: &G, ply: u32, tt_move: Option<G::Move>, frame: &mut Frame<G>) {
        let tt_move = tt_move.filter(|_| self.options.ordering);
        self.heuristics
            .order(&self.eval, pos, ply, tt_move, self.options.ordering, frame);
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
        self.order(pos, ply, tt_move, frame);
        let me = pos.to_move();
        let mut best = f64::NEG_INFINITY;
        let mut best_move = None;
        for i in 0..frame.moves.len() {
            let mv = pick(frame, i);
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let b = if ply == 0 && !self.root_bias.is_empty() {
                self.bias_of(mv)
            } else {
                0.0
            };
            let v = self.child(
                &child,
                me,
                depth - 1,
                ply + 1,
                alpha + b,
                beta + b,
                rest,
                budget,
            ) - b;
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
                        self.heuristics.reward(&self.eval, pos, ply, mv, depth);
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
        let (l, u) = (-self.bound, self.bound);
        frame.lo.clear();
        frame.lo.resize(n, l);
        frame.hi.clear();
        frame.hi.resize(n, u);
        if self.options.star_etc
            && let Some(cut) = self.etc(pos, depth, alpha, beta, frame)
        {
            self.horizon_hit = true;
            return cut;
        }
        if let Some(pc) = self.options.probcut.clone()
            && depth >= pc.min_depth.max(pc.reduction + 2)
            && let Some(cut) = self.probcut(pos, depth, ply, alpha, beta, &pc, frame, rest, budget)
        {
            return cut;
        }
        if self.options.star2
            && depth >= 2
            && let Some(cut) = self.probe(pos, depth, ply, alpha, beta, frame, rest, budget)
        {
            return cut;
        }
        self.chance_star1(pos, depth, ply, alpha, beta, frame, rest, budget, None)
    }

    /// Star1 over a chance node's outcomes, within the bounds of
    /// `frame.lo`/`frame.hi` (set by the caller); an outcome whose bounds
    /// meet is not searched. With `qply`, the outcomes are searched by
    /// quiescence at that ply.
    #[allow(clippy::too_many_arguments)]
    fn chance_star1(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        alpha: f64,
        beta: f64,
        frame: &mut ChanceFrame<G>,
        rest: &mut [ChanceFrame<G>],
        budget: &mut Budget,
        qply: Option<u32>,
    ) -> (f64, Bound) {
        if qply.is_some() {
            pos.chance_outcomes(&mut frame.outcomes);
            let n = frame.outcomes.len();
            frame.lo.clear();
            frame.lo.resize(n, -self.bound);
            frame.hi.clear();
            frame.hi.resize(n, self.bound);
        }
        let me = pos.to_move();
        let n = frame.outcomes.len();
        // The sum of the searched children, and what the unsearched ones
        // can add at most and at least.
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
            // What the bounds of this outcome alone decide.
            if known + p * frame.hi[i] + rest_hi <= alpha {
                return (known + p * frame.hi[i] + rest_hi, Bound::Upper);
            }
            if known + p * frame.lo[i] + rest_lo >= beta {
                return (known + p * frame.lo[i] + rest_lo, Bound::Lower);
            }
            if frame.lo[i] >= frame.hi[i] {
                known += p * frame.lo[i];
                continue;
            }
            let a = (alpha - known - rest_hi) / p;
            let b = (beta - known - rest_lo) / p;
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let v = self.any_child(
                &child,
                me,
                depth.saturating_sub(1),
                ply + 1,
                a.max(frame.lo[i]),
                b.min(frame.hi[i]),
                rest,
                budget,
                qply,
            );
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

    /// StarETC: narrows each outcome's bounds by its table entry; returns
    /// a bound when that alone decides the chance node.
    fn etc(
        &self,
        pos: &G,
        depth: u32,
        alpha: f64,
        beta: f64,
        frame: &mut ChanceFrame<G>,
    ) -> Option<(f64, Bound)> {
        let tt = self.tt.as_ref()?;
        let me = pos.to_move();
        let n = frame.outcomes.len();
        let mut any = false;
        for i in 0..n {
            let (mv, p) = frame.outcomes.as_slice()[i];
            if p <= 0.0 {
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if let Some(o) = child.outcome() {
                let v = outcome_value(o, &child, self.bound);
                let v = if child.to_move() == me { v } else { -v };
                frame.lo[i] = v;
                frame.hi[i] = v;
                any = true;
                continue;
            }
            let Some(e) = tt.probe(child.zobrist()) else {
                continue;
            };
            if !self.options.tt_cutoffs.allows(e.depth, depth - 1) {
                continue;
            }
            // The entry's bound, seen from this node.
            let same = child.to_move() == me;
            let (s, lower, upper) = match (e.bound, same) {
                (Bound::Exact, true) => (e.score, true, true),
                (Bound::Exact, false) => (-e.score, true, true),
                (Bound::Lower, true) | (Bound::Upper, false) => {
                    (if same { e.score } else { -e.score }, true, false)
                }
                (Bound::Upper, true) | (Bound::Lower, false) => {
                    (if same { e.score } else { -e.score }, false, true)
                }
            };
            if lower && s > frame.lo[i] {
                frame.lo[i] = s.min(frame.hi[i]);
                any = true;
            }
            if upper && s < frame.hi[i] {
                frame.hi[i] = s.max(frame.lo[i]);
                any = true;
            }
        }
        if !any {
            return None;
        }
        let outcomes = frame.outcomes.as_slice();
        let sum_lo: f64 = outcomes.iter().zip(&frame.lo).map(|(o, b)| o.1 * b).sum();
        let sum_hi: f64 = outcomes.iter().zip(&frame.hi).map(|(o, b)| o.1 * b).sum();
        if sum_lo >= beta {
            return Some((sum_lo, Bound::Lower));
        }
        if sum_hi <= alpha {
            return Some((sum_hi, Bound::Upper));
        }
        None
    }

    /// ChanceProbCut: shallow searches predict every outcome; a cut when
    /// the predictions, moved by the margin against the window, still lie
    /// outside it.
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        alpha: f64,
        beta: f64,
        pc: &ProbCut,
        frame: &mut ChanceFrame<G>,
        rest: &mut [ChanceFrame<G>],
        budget: &mut Budget,
    ) -> Option<(f64, Bound)> {
        let me = pos.to_move();
        let n = frame.outcomes.len();
        let shallow = depth - 1 - pc.reduction;
        let (mut plo, mut phi) = (0.0, 0.0);
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
                shallow,
                ply + 1,
                f64::NEG_INFINITY,
                f64::INFINITY,
                rest,
                budget,
            );
            if budget.aborted {
                return Some((0.0, Bound::Exact));
            }
            plo += p * (v - pc.margin).clamp(frame.lo[i], frame.hi[i]);
            phi += p * (v + pc.margin).clamp(frame.lo[i], frame.hi[i]);
        }
        if plo >= beta {
            return Some((plo, Bound::Lower));
        }
        if phi <= alpha {
            return Some((phi, Bound::Upper));
        }
        None
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
            if p <= 0.0 || frame.lo[i] >= frame.hi[i] {
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
            self.order(&child, ply + 1, tt_move, base);
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

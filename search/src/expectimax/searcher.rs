//! One expectimax search: the node methods of [`Expectimax`] on the state
//! one search keeps (its budget, the table, the principal variation, the
//! killers and history, whether the horizon was hit), and the small values
//! passed from node to node (the window, how far to search, the frames).
//!
//! [`Expectimax`]: super::Expectimax

use board_core::{MoveList, Player, Stochastic, ZobristHash};

use super::{Expectimax, ExpectimaxOptions, ProbCut};
use crate::budget::Budget;
use crate::frame::{Frame, Heuristics, pick};
use crate::reference::outcome_value;
use crate::{Bound, Evaluator, Limits, MAX_DEPTH, MAX_PLY, TranspositionTable};

/// Per-ply buffers of an expectimax search.
pub(super) struct ChanceFrame<G: Stochastic> {
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

/// What [`Expectimax`] keeps between searches so that a search never
/// allocates: the per-ply buffers, the principal variation of each ply,
/// killers and history.
pub(super) struct Worker<G: Stochastic> {
    frames: Vec<ChanceFrame<G>>,
    pv: Vec<Vec<G::Move>>,
    heuristics: Heuristics<G::Move>,
}

impl<G: Stochastic> Default for Worker<G> {
    fn default() -> Self {
        Worker {
            frames: Vec::new(),
            pv: Vec::new(),
            heuristics: Heuristics::default(),
        }
    }
}

/// A search window: the values between `alpha` and `beta` matter, from the
/// point of view of the side to move.
#[derive(Debug, Clone, Copy)]
struct Window {
    alpha: f64,
    beta: f64,
}

impl Window {
    /// Every value matters.
    const FULL: Window = Window {
        alpha: f64::NEG_INFINITY,
        beta: f64::INFINITY,
    };

    #[inline]
    fn new(alpha: f64, beta: f64) -> Self {
        Window { alpha, beta }
    }

    /// The same window from the opponent's point of view.
    #[inline]
    fn negated(self) -> Self {
        Window {
            alpha: -self.beta,
            beta: -self.alpha,
        }
    }

    /// The window moved up by `by` (a root move's bias).
    #[inline]
    fn shifted(self, by: f64) -> Self {
        Window {
            alpha: self.alpha + by,
            beta: self.beta + by,
        }
    }

    /// A chance node's cut-off when its value is known to lie in
    /// `lo..=hi` and that range is above or below the window: the bound
    /// and its kind; `None` while the range reaches into the window.
    #[inline]
    fn cut(self, lo: f64, hi: f64) -> Option<(f64, Bound)> {
        if lo >= self.beta {
            Some((lo, Bound::Lower))
        } else if hi <= self.alpha {
            Some((hi, Bound::Upper))
        } else {
            None
        }
    }

    /// What a fail-soft value searched with this window is.
    #[inline]
    fn bound(self, value: f64) -> Bound {
        if value <= self.alpha {
            Bound::Upper
        } else if value >= self.beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

/// How far a node is searched: the plies left to the horizon, or (past the
/// horizon) the quiescence ply it is at.
#[derive(Debug, Clone, Copy)]
enum Depth {
    Left(u32),
    Quiescence(u32),
}

/// Where a node is searched: its ply from the root, that ply's frame, and
/// the frames of the plies below.
struct Place<'f, G: Stochastic> {
    ply: u32,
    frame: &'f mut ChanceFrame<G>,
    rest: &'f mut [ChanceFrame<G>],
}

/// One search of an [`Expectimax`]: its options, evaluator and table, the
/// buffers it reuses, and the state of this search alone.
pub(super) struct Searcher<'a, G: Stochastic + ZobristHash, E> {
    eval: &'a E,
    options: &'a ExpectimaxOptions,
    tt: Option<&'a mut TranspositionTable<G::Move, f64>>,
    w: &'a mut Worker<G>,
    /// The bias of each root move (see
    /// [`search_with_root_bias`](Expectimax::search_with_root_bias)).
    root_bias: &'a [(G::Move, f64)],
    /// The evaluator's bound: the value of a won game.
    pub(super) bound: f64,
    /// The most plies of quiescence (0 for none).
    quiescence: u32,
    /// The depth of the deepest iteration.
    pub(super) max_depth: u32,
    pub(super) budget: Budget,
    /// Whether the last iteration stopped anywhere short of the end of a
    /// game (so that a deeper one could see more).
    pub(super) horizon_hit: bool,
}

impl<'a, G: Stochastic + ZobristHash, E: Evaluator<G>> Searcher<'a, G, E> {
    /// Starts a search of `expectimax` within `limits`, with the root
    /// moves biased by `root_bias`: makes room in the buffers, forgets
    /// killers and history, ages the table.
    pub(super) fn new(
        expectimax: &'a mut Expectimax<G, E>,
        limits: &Limits,
        root_bias: &'a [(G::Move, f64)],
    ) -> Self {
        let budget = Budget::new(limits);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        let Expectimax {
            eval,
            options,
            tt,
            worker: w,
        } = expectimax;
        let bound = f64::from(eval.bound().max(1));
        let quiescence = if eval.uses_quiescence() {
            options.quiescence_plies
        } else {
            0
        };
        let plies = (max_depth + quiescence + 2).min(MAX_PLY) as usize;
        w.frames.resize_with(plies, ChanceFrame::default);
        w.pv.resize_with(plies + 1, Vec::new);
        let slots = if options.history {
            eval.history_size()
        } else {
            0
        };
        w.heuristics.reset(plies, options.killers, slots);
        if let Some(tt) = tt.as_mut() {
            tt.new_search();
        }
        Searcher {
            eval,
            options,
            tt: tt.as_mut(),
            w,
            root_bias,
            bound,
            quiescence,
            max_depth,
            budget,
            horizon_hit: false,
        }
    }

    /// The principal variation of the last iteration (of the part searched
    /// when it was stopped).
    pub(super) fn pv(&self) -> &Vec<G::Move> {
        &self.w.pv[0]
    }

    /// One iteration to `depth`; its value (meaningless once the budget
    /// is exhausted).
    pub(super) fn root(&mut self, pos: &G, depth: u32) -> f64 {
        self.horizon_hit = false;
        let mut frames = std::mem::take(&mut self.w.frames);
        let score = self.node(pos, depth, 0, Window::FULL, &mut frames);
        self.w.frames = frames;
        score
    }

    #[inline]
    fn bias_of(&self, mv: G::Move) -> f64 {
        self.root_bias
            .iter()
            .find(|b| b.0 == mv)
            .map_or(0.0, |b| b.1)
    }

    #[inline]
    pub(super) fn static_eval(&self, pos: &G) -> f64 {
        f64::from(self.eval.evaluate(pos)).clamp(-self.bound, self.bound)
    }

    /// The value of `child` from the point of view of `parent`, searched
    /// to `depth` with the `window` of that point of view.
    #[inline]
    fn child(
        &mut self,
        child: &G,
        parent: Player,
        depth: Depth,
        ply: u32,
        window: Window,
        frames: &mut [ChanceFrame<G>],
    ) -> f64 {
        if child.to_move() == parent {
            self.search(child, depth, ply, window, frames)
        } else {
            -self.search(child, depth, ply, window.negated(), frames)
        }
    }

    /// A node to `depth` plies, or quiescence past the horizon.
    #[inline]
    fn search(
        &mut self,
        pos: &G,
        depth: Depth,
        ply: u32,
        window: Window,
        frames: &mut [ChanceFrame<G>],
    ) -> f64 {
        match depth {
            Depth::Left(depth) => self.node(pos, depth, ply, window, frames),
            Depth::Quiescence(qply) => self.qnode(pos, qply, ply, window, frames),
        }
    }

    fn node(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        window: Window,
        frames: &mut [ChanceFrame<G>],
    ) -> f64 {
        if depth == 0 && self.quiescence > 0 {
            return self.qnode(pos, 0, ply, window, frames);
        }
        if self.budget.tick() {
            return 0.0;
        }
        self.w.pv[ply as usize].clear();
        if let Some(outcome) = pos.outcome() {
            return outcome_value(outcome, pos, self.bound);
        }
        let Some((frame, rest)) = frames.split_first_mut().filter(|_| depth > 0) else {
            self.horizon_hit = true;
            return self.static_eval(pos);
        };
        let at = Place { ply, frame, rest };
        let key = pos.zobrist();
        let mut tt_move = None;
        if let Some(entry) = self.tt.as_deref().and_then(|tt| tt.probe(key)) {
            tt_move = entry.mv;
            if ply > 0
                && self.options.tt_cutoffs.allows(entry.depth, depth)
                && entry.bound.cuts(entry.score, window.alpha, window.beta)
            {
                self.horizon_hit = true;
                return entry.score;
            }
        }
        let (value, bound, best_move) = if pos.is_chance_node() {
            let (value, bound) = self.chance(pos, depth, window, at);
            (value, bound, None)
        } else {
            let (value, best_move) = self.player(pos, depth, window, tt_move, at);
            (value, window.bound(value), best_move)
        };
        if self.budget.aborted {
            return 0.0;
        }
        if let Some(tt) = self.tt.as_deref_mut() {
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

    /// Quiescence at its ply `qply`: the side to move stands on the
    /// evaluation or plays a noisy move; a chance node averages its
    /// outcomes.
    fn qnode(
        &mut self,
        pos: &G,
        qply: u32,
        ply: u32,
        window: Window,
        frames: &mut [ChanceFrame<G>],
    ) -> f64 {
        if self.budget.tick() {
            return 0.0;
        }
        self.w.pv[ply as usize].clear();
        if let Some(outcome) = pos.outcome() {
            return outcome_value(outcome, pos, self.bound);
        }
        self.horizon_hit = true;
        let Some((frame, rest)) = frames.split_first_mut().filter(|_| qply < self.quiescence)
        else {
            return self.static_eval(pos);
        };
        if pos.is_chance_node() {
            let at = Place { ply, frame, rest };
            return self
                .chance_star1(pos, Depth::Quiescence(qply + 1), window, at)
                .0;
        }
        let stand = self.static_eval(pos);
        if stand >= window.beta {
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
        let mut window = Window::new(window.alpha.max(stand), window.beta);
        for i in 0..base.moves.len() {
            let mv = pick(base, i);
            if base.keys[i] == i32::MIN {
                break;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let below = Depth::Quiescence(qply + 1);
            let v = self.child(&child, me, below, ply + 1, window, rest);
            if self.budget.aborted {
                return 0.0;
            }
            if v > best {
                best = v;
                if v > window.alpha {
                    window.alpha = v;
                    if window.alpha >= window.beta {
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
        self.w
            .heuristics
            .order(self.eval, pos, ply, tt_move, self.options.ordering, frame);
    }

    fn player(
        &mut self,
        pos: &G,
        depth: u32,
        mut window: Window,
        tt_move: Option<G::Move>,
        at: Place<'_, G>,
    ) -> (f64, Option<G::Move>) {
        let Place { ply, frame, rest } = at;
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
            let below = Depth::Left(depth - 1);
            let v = self.child(&child, me, below, ply + 1, window.shifted(b), rest) - b;
            if self.budget.aborted {
                return (0.0, None);
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if v > window.alpha {
                    window.alpha = v;
                    let (head, tail) = self.w.pv.split_at_mut(ply as usize + 1);
                    let line = &mut head[ply as usize];
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&tail[0]);
                    if window.alpha >= window.beta {
                        self.w.heuristics.reward(self.eval, pos, ply, mv, depth);
                        break;
                    }
                }
            }
        }
        (best, best_move)
    }

    fn chance(
        &mut self,
        pos: &G,
        depth: u32,
        window: Window,
        mut at: Place<'_, G>,
    ) -> (f64, Bound) {
        pos.chance_outcomes(&mut at.frame.outcomes);
        let me = pos.to_move();
        let n = at.frame.outcomes.len();
        let options = self.options;
        if !options.star1 {
            let mut sum = 0.0;
            for i in 0..n {
                let (mv, p) = at.frame.outcomes.as_slice()[i];
                if p <= 0.0 {
                    continue;
                }
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let below = Depth::Left(depth - 1);
                let v = self.child(&child, me, below, at.ply + 1, Window::FULL, at.rest);
                sum += p * v;
            }
            return (sum, Bound::Exact);
        }
        let (l, u) = (-self.bound, self.bound);
        at.frame.lo.clear();
        at.frame.lo.resize(n, l);
        at.frame.hi.clear();
        at.frame.hi.resize(n, u);
        if options.star_etc
            && let Some(cut) = self.etc(pos, depth, window, at.frame)
        {
            self.horizon_hit = true;
            return cut;
        }
        if let Some(pc) = &options.probcut
            && depth >= pc.min_depth.max(pc.reduction + 2)
            && let Some(cut) = self.probcut(pos, depth, window, pc, &mut at)
        {
            return cut;
        }
        if options.star2
            && depth >= 2
            && let Some(cut) = self.probe(pos, depth, window, &mut at)
        {
            return cut;
        }
        self.chance_star1(pos, Depth::Left(depth - 1), window, at)
    }

    /// Star1 over a chance node's outcomes, each searched to `below`: at
    /// a depth, within the bounds of `frame.lo`/`frame.hi` (set by the
    /// caller), an outcome whose bounds meet not being searched; in
    /// quiescence, within the evaluator's bound.
    fn chance_star1(
        &mut self,
        pos: &G,
        below: Depth,
        window: Window,
        at: Place<'_, G>,
    ) -> (f64, Bound) {
        let Place { ply, frame, rest } = at;
        let Window { alpha, beta } = window;
        if let Depth::Quiescence(_) = below {
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
            let window = Window::new(a.max(frame.lo[i]), b.min(frame.hi[i]));
            let v = self.child(&child, me, below, ply + 1, window, rest);
            if self.budget.aborted {
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
        window: Window,
        frame: &mut ChanceFrame<G>,
    ) -> Option<(f64, Bound)> {
        let tt = self.tt.as_deref()?;
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
        window.cut(sum_lo, sum_hi)
    }

    /// ChanceProbCut: shallow searches predict every outcome; a cut when
    /// the predictions, moved by the margin against the window, still lie
    /// outside it.
    fn probcut(
        &mut self,
        pos: &G,
        depth: u32,
        window: Window,
        pc: &ProbCut,
        at: &mut Place<'_, G>,
    ) -> Option<(f64, Bound)> {
        let frame: &mut ChanceFrame<G> = at.frame;
        let me = pos.to_move();
        let n = frame.outcomes.len();
        let shallow = Depth::Left(depth - 1 - pc.reduction);
        let (mut plo, mut phi) = (0.0, 0.0);
        for i in 0..n {
            let (mv, p) = frame.outcomes.as_slice()[i];
            if p <= 0.0 {
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let v = self.child(&child, me, shallow, at.ply + 1, Window::FULL, at.rest);
            if self.budget.aborted {
                return Some((0.0, Bound::Exact));
            }
            plo += p * (v - pc.margin).clamp(frame.lo[i], frame.hi[i]);
            phi += p * (v + pc.margin).clamp(frame.lo[i], frame.hi[i]);
        }
        window.cut(plo, phi)
    }

    /// Star2's probing phase: tightens `frame.lo`/`frame.hi` by searching one
    /// move of each player-node child; returns a bound when that alone
    /// decides the chance node.
    fn probe(
        &mut self,
        pos: &G,
        depth: u32,
        window: Window,
        at: &mut Place<'_, G>,
    ) -> Option<(f64, Bound)> {
        let Window { alpha, beta } = window;
        let ply = at.ply;
        let frame: &mut ChanceFrame<G> = at.frame;
        let me = pos.to_move();
        let n = frame.outcomes.len();
        let (child_frame, grand_rest) = at.rest.split_first_mut()?;
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
                .as_deref()
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
            let below = Depth::Left(depth - 2);
            if mover == me {
                // One move of ours is a lower bound on the child's value.
                let b = (beta - others_lo) / p;
                let window = Window::new(frame.lo[i], b);
                let w = self.child(&grandchild, me, below, ply + 2, window, grand_rest);
                if self.budget.aborted {
                    return Some((0.0, Bound::Exact));
                }
                if w > frame.lo[i] {
                    frame.lo[i] = w.min(frame.hi[i]);
                }
            } else {
                // One reply of the opponent's bounds the child's value from above.
                let a = (alpha - others_hi) / p;
                let window = Window::new(-frame.hi[i], -a);
                let w = self.child(&grandchild, mover, below, ply + 2, window, grand_rest);
                if self.budget.aborted {
                    return Some((0.0, Bound::Exact));
                }
                if -w < frame.hi[i] {
                    frame.hi[i] = (-w).max(frame.lo[i]);
                }
            }
            sum_lo = others_lo + p * frame.lo[i];
            sum_hi = others_hi + p * frame.hi[i];
            if let Some(cut) = window.cut(sum_lo, sum_hi) {
                return Some(cut);
            }
        }
        None
    }
}

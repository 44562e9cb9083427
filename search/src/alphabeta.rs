//! Negamax alpha-beta with PVS, iterative deepening, aspiration windows, a
//! transposition table, killers, history, hints and quiescence.

use std::time::Duration;

use board_core::{MoveList, Outcome, Player, ZobristHash};

use crate::budget::Budget;
use crate::frame::{Frame, Heuristics, pick};
use crate::options::Options;
use crate::score::{from_table, is_decisive, plies_to_end, to_table};
use crate::{
    Bound, Evaluator, INFINITY, Limits, MAX_DEPTH, MAX_EVAL, MAX_PLY, SearchResult,
    TranspositionTable, loss_in, win_in,
};

/// The score of a finished game for `to_move`, `ply` plies from the root.
#[inline]
pub(crate) fn terminal_score(outcome: Outcome, to_move: Player, ply: u32) -> i32 {
    match outcome {
        Outcome::Draw => 0,
        Outcome::Win(p) if p == to_move => win_in(ply),
        Outcome::Win(_) => loss_in(ply),
    }
}

/// An alpha-beta searcher for any game with a Zobrist hash.
///
/// Negamax, fail-soft, with the [`Options`] switches. Scores are from the
/// point of view of the player to move; a move after which the same player
/// moves again (a pass that skips the opponent, an extra turn) is handled by
/// not negating.
///
/// The searcher keeps its transposition table between searches (entries of
/// older searches are replaced first); [`clear`](AlphaBeta::clear) it, or
/// use a new searcher, for a result independent of earlier searches.
///
/// ```
/// use board_search::{AlphaBeta, Limits};
/// use spielwerk_testgames::{ConnectFour, ConnectFourEval};
///
/// let pos: ConnectFour = "4444".parse().unwrap(); // four stones in the centre column
/// let mut search = AlphaBeta::new(ConnectFourEval);
/// let result = search.search(&pos, &Limits::depth(6));
/// assert_eq!(result.depth, 6);
/// assert!(result.best_move.is_some());
/// assert_eq!(result.pv.first(), result.best_move.as_ref());
/// ```
pub struct AlphaBeta<G: ZobristHash, E: Evaluator<G>> {
    eval: E,
    options: Options,
    tt: Option<TranspositionTable<G::Move, i32>>,
    heuristics: Heuristics<G::Move>,
    pv: Vec<Vec<G::Move>>,
    frames: Vec<Frame<G>>,
    horizon_hit: bool,
}

impl<G: ZobristHash, E: Evaluator<G>> AlphaBeta<G, E> {
    /// A searcher with the default [`Options`].
    pub fn new(eval: E) -> Self {
        Self::with_options(eval, Options::default())
    }

    /// A searcher with the given options.
    pub fn with_options(eval: E, options: Options) -> Self {
        let tt = (options.tt_mib > 0).then(|| TranspositionTable::new(options.tt_mib));
        AlphaBeta {
            eval,
            options,
            tt,
            heuristics: Heuristics::default(),
            pv: Vec::new(),
            frames: Vec::new(),
            horizon_hit: false,
        }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// The transposition table, if there is one.
    pub fn table(&self) -> Option<&TranspositionTable<G::Move, i32>> {
        self.tt.as_ref()
    }

    /// Forgets everything learned in earlier searches.
    pub fn clear(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
    }

    /// Searches `pos` within `limits`.
    pub fn search(&mut self, pos: &G, limits: &Limits) -> SearchResult<G::Move> {
        self.search_with_progress(pos, limits, |_| {})
    }

    /// Searches `pos` within `limits`, calling `progress` after every
    /// completed iteration.
    pub fn search_with_progress(
        &mut self,
        pos: &G,
        limits: &Limits,
        mut progress: impl FnMut(&SearchResult<G::Move>),
    ) -> SearchResult<G::Move> {
        let mut budget = Budget::new(limits);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        self.prepare(max_depth);
        let root_moves = pos.moves();
        let mut result = SearchResult {
            best_move: root_moves.as_slice().first().copied(),
            score: match pos.outcome() {
                Some(o) => terminal_score(o, pos.to_move(), 0),
                None => self.static_eval(pos),
            },
            bound: Bound::Exact,
            pv: root_moves.as_slice().first().copied().into_iter().collect(),
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if root_moves.is_empty() || budget.exhausted_at_start() {
            result.elapsed = budget.start.elapsed();
            return result;
        }
        let mut frames = std::mem::take(&mut self.frames);
        for depth in 1..=max_depth {
            self.horizon_hit = false;
            let score = self.root(pos, depth, result.score, &mut frames, &mut budget);
            if budget.aborted {
                break;
            }
            result.score = score;
            result.pv.clone_from(&self.pv[0]);
            result.best_move = result.pv.first().copied().or(result.best_move);
            result.depth = depth;
            result.nodes = budget.nodes;
            result.elapsed = budget.start.elapsed();
            progress(&result);
            let solved = plies_to_end(score).is_some_and(|d| d <= depth);
            if !self.horizon_hit || solved {
                break;
            }
        }
        self.frames = frames;
        result.nodes = budget.nodes;
        result.elapsed = budget.start.elapsed();
        result
    }

    fn prepare(&mut self, max_depth: u32) {
        let plies = (max_depth + self.options.quiescence_plies + 2).min(MAX_PLY) as usize;
        self.frames.resize_with(plies, Frame::default);
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
    }

    /// One iteration, with aspiration windows around `previous` when enabled.
    fn root(
        &mut self,
        pos: &G,
        depth: u32,
        previous: i32,
        frames: &mut [Frame<G>],
        budget: &mut Budget,
    ) -> i32 {
        let Some(width) = self
            .options
            .aspiration
            .filter(|_| depth > 1 && !is_decisive(previous))
        else {
            return self.node(pos, depth, 0, -INFINITY, INFINITY, frames, budget);
        };
        let mut delta = width.max(1);
        let mut alpha = previous.saturating_sub(delta).max(-INFINITY);
        let mut beta = previous.saturating_add(delta).min(INFINITY);
        loop {
            let score = self.node(pos, depth, 0, alpha, beta, frames, budget);
            if budget.aborted {
                return score;
            }
            delta = delta.saturating_mul(2);
            if score <= alpha && alpha > -INFINITY {
                alpha = score.saturating_sub(delta).max(-INFINITY);
            } else if score >= beta && beta < INFINITY {
                beta = score.saturating_add(delta).min(INFINITY);
            } else {
                return score;
            }
        }
    }

    #[inline]
    fn static_eval(&self, pos: &G) -> i32 {
        self.eval.evaluate(pos).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// Searches `child` (reached from a node of the player `parent`) and
    /// returns its score from the parent's point of view.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child(
        &mut self,
        child: &G,
        parent: Player,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
        frames: &mut [Frame<G>],
        budget: &mut Budget,
    ) -> i32 {
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
        mut alpha: i32,
        beta: i32,
        frames: &mut [Frame<G>],
        budget: &mut Budget,
    ) -> i32 {
        if depth == 0 {
            return self.quiesce(pos, ply, alpha, beta, frames, budget, 0);
        }
        if budget.tick() {
            return 0;
        }
        // Only nodes searched with an open window can be on the principal
        // variation; null-window nodes keep no line.
        let pv_node = beta > alpha.saturating_add(1);
        if pv_node {
            self.pv[ply as usize].clear();
        }
        if let Some(outcome) = pos.outcome() {
            return terminal_score(outcome, pos.to_move(), ply);
        }
        let Some((frame, rest)) = frames.split_first_mut() else {
            self.horizon_hit = true;
            return self.static_eval(pos);
        };
        let key = pos.zobrist();
        let mut tt_move = None;
        if let Some(entry) = self.tt.as_ref().and_then(|tt| tt.probe(key)) {
            if self.options.tt_move {
                tt_move = entry.mv;
            }
            let s = from_table(entry.score, ply);
            if ply > 0
                && self.options.tt_cutoffs.allows(entry.depth, depth)
                && entry.bound.cuts(s, alpha, beta)
            {
                self.horizon_hit = true;
                return s;
            }
        }
        pos.legal_moves(&mut frame.moves);
        if frame.moves.is_empty() {
            // Only a game breaking the `Game` contract gets here.
            return self.static_eval(pos);
        }
        let me = pos.to_move();
        if depth >= 3
            && ply > 0
            && let Some(cut) = self.etc(pos, depth, ply, beta, frame)
        {
            return cut;
        }
        self.order(pos, ply, tt_move, frame);
        let alpha_orig = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        // Children at the horizon without quiescence are worth their
        // evaluation: score them here, once, without a null-window search.
        let leaves =
            depth == 1 && (self.options.quiescence_plies == 0 || !self.eval.uses_quiescence());
        if leaves {
            self.pv[ply as usize + 1].clear();
        }
        for i in 0..frame.moves.len() {
            let mv = pick(frame, i);
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let (d, p) = (depth - 1, ply + 1);
            let score = if leaves {
                if budget.tick() {
                    return 0;
                }
                let s = match child.outcome() {
                    Some(outcome) => terminal_score(outcome, child.to_move(), p),
                    None => {
                        self.horizon_hit = true;
                        self.static_eval(&child)
                    }
                };
                if child.to_move() == me { s } else { -s }
            } else if i == 0 || !self.options.pvs {
                self.child(&child, me, d, p, alpha, beta, rest, budget)
            } else {
                let s = self.child(&child, me, d, p, alpha, alpha + 1, rest, budget);
                if s > alpha && s < beta {
                    self.child(&child, me, d, p, alpha, beta, rest, budget)
                } else {
                    s
                }
            };
            if budget.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply as usize, mv);
                    }
                    if alpha >= beta {
                        self.reward(pos, ply as usize, mv, depth);
                        break;
                    }
                }
            }
        }
        if let Some(tt) = &mut self.tt {
            let bound = if best <= alpha_orig {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            tt.store(key, best_move, to_table(best, ply), depth as u16, bound);
        }
        best
    }

    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        pos: &G,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        frames: &mut [Frame<G>],
        budget: &mut Budget,
        qply: u32,
    ) -> i32 {
        if budget.tick() {
            return 0;
        }
        self.pv[ply as usize].clear();
        if let Some(outcome) = pos.outcome() {
            return terminal_score(outcome, pos.to_move(), ply);
        }
        self.horizon_hit = true;
        let stand = self.static_eval(pos);
        if qply >= self.options.quiescence_plies || stand >= beta || !self.eval.uses_quiescence() {
            return stand;
        }
        let Some((frame, rest)) = frames.split_first_mut() else {
            return stand;
        };
        pos.legal_moves(&mut frame.moves);
        frame.keys.clear();
        let mut any = false;
        for &mv in frame.moves.as_slice() {
            let noisy = self.eval.is_noisy(pos, mv);
            any |= noisy;
            frame.keys.push(if noisy {
                self.eval.move_hint(pos, mv).clamp(-32_768, 32_767)
            } else {
                i32::MIN
            });
        }
        if !any {
            return stand;
        }
        let me = pos.to_move();
        let mut best = stand;
        alpha = alpha.max(stand);
        for i in 0..frame.moves.len() {
            let mv = pick(frame, i);
            if frame.keys[i] == i32::MIN {
                break;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = if child.to_move() == me {
                self.quiesce(&child, ply + 1, alpha, beta, rest, budget, qply + 1)
            } else {
                -self.quiesce(&child, ply + 1, -beta, -alpha, rest, budget, qply + 1)
            };
            if budget.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply as usize, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Enhanced transposition cut-off: a child whose table entry already
    /// proves a score of at least `beta` for us ends the node without a
    /// search.
    fn etc(&mut self, pos: &G, depth: u32, ply: u32, beta: i32, frame: &Frame<G>) -> Option<i32> {
        let tt = self.tt.as_ref()?;
        let me = pos.to_move();
        for &mv in frame.moves.as_slice() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let Some(e) = tt.probe(child.zobrist()) else {
                continue;
            };
            if !self.options.tt_cutoffs.allows(e.depth, depth - 1) {
                continue;
            }
            let s = from_table(e.score, ply + 1);
            // The child's bound, seen from this node.
            let (score, proves_high) = if child.to_move() == me {
                (s, matches!(e.bound, Bound::Exact | Bound::Lower))
            } else {
                (-s, matches!(e.bound, Bound::Exact | Bound::Upper))
            };
            if proves_high && score >= beta {
                self.horizon_hit = true;
                return Some(score);
            }
        }
        None
    }

    /// Fills the frame's ordering keys: table move, killers, then hint and
    /// history.
    fn order(&self, pos: &G, ply: u32, tt_move: Option<G::Move>, frame: &mut Frame<G>) {
        self.heuristics
            .order(&self.eval, pos, ply, tt_move, self.options.hints, frame);
    }

    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        if let Some(child) = tail.first() {
            line.extend_from_slice(child);
        }
    }

    /// Killer and history bonus for a quiet move that caused a cut-off.
    fn reward(&mut self, pos: &G, ply: usize, mv: G::Move, depth: u32) {
        self.heuristics
            .reward(&self.eval, pos, ply as u32, mv, depth);
    }
}

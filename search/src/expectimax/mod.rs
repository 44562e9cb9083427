//! Expectimax (*-minimax) for games with chance nodes: Star1 and Star2
//! pruning, a transposition table with enhanced cut-offs at chance nodes
//! (StarETC), killer and history ordering, a quiescence search over noisy
//! moves, and ChanceProbCut forward pruning.

use std::time::Duration;

use board_core::{MoveList, Stochastic, ZobristHash};

use crate::reference::outcome_value;
use crate::{Bound, Evaluator, Limits, SearchResult, TranspositionTable, TtCutoffs};

mod searcher;

use searcher::{Searcher, Worker};

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
    worker: Worker<G>,
}

impl<G: Stochastic + ZobristHash, E: Evaluator<G>> Expectimax<G, E> {
    /// A searcher with the default options.
    pub fn new(eval: E) -> Self {
        Self::with_options(eval, ExpectimaxOptions::default())
    }

    /// A searcher with the given options.
    pub fn with_options(eval: E, options: ExpectimaxOptions) -> Self {
        let tt = (options.tt_mib > 0).then(|| TranspositionTable::new(options.tt_mib));
        Expectimax {
            eval,
            options,
            tt,
            worker: Worker::default(),
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
        self.run(pos, limits, &[], |_| {})
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
        self.run(pos, limits, bias, |_| {})
    }

    /// Searches `pos` within `limits`, calling `progress` after every
    /// completed iteration.
    pub fn search_with_progress(
        &mut self,
        pos: &G,
        limits: &Limits,
        progress: impl FnMut(&SearchResult<G::Move, f64>),
    ) -> SearchResult<G::Move, f64> {
        self.run(pos, limits, &[], progress)
    }

    /// Iterative deepening with the root moves biased by `root_bias`.
    fn run(
        &mut self,
        pos: &G,
        limits: &Limits,
        root_bias: &[(G::Move, f64)],
        mut progress: impl FnMut(&SearchResult<G::Move, f64>),
    ) -> SearchResult<G::Move, f64> {
        let mut s = Searcher::new(self, limits, root_bias);
        let first = if pos.is_chance_node() {
            None
        } else {
            pos.moves().as_slice().first().copied()
        };
        let mut result = SearchResult {
            best_move: first,
            score: match pos.outcome() {
                Some(o) => outcome_value(o, pos, s.bound),
                None => s.static_eval(pos),
            },
            bound: Bound::Exact,
            pv: first.into_iter().collect(),
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if pos.outcome().is_some() || s.budget.exhausted_at_start() {
            result.elapsed = s.budget.start.elapsed();
            return result;
        }
        for depth in 1..=s.max_depth {
            let score = s.root(pos, depth);
            if s.budget.aborted {
                // The unfinished iteration searched the previous best move
                // first; a root move it has proven better (or, without a
                // completed iteration, the best found so far) is played.
                // Its score stays the last completed iteration's.
                if !pos.is_chance_node()
                    && let Some(&mv) = s.pv().first()
                {
                    result.best_move = Some(mv);
                    result.pv.clone_from(s.pv());
                }
                break;
            }
            result.score = score;
            if !pos.is_chance_node() {
                result.pv.clone_from(s.pv());
                result.best_move = result.pv.first().copied().or(result.best_move);
            }
            result.depth = depth;
            result.nodes = s.budget.nodes;
            result.elapsed = s.budget.start.elapsed();
            progress(&result);
            if !s.horizon_hit {
                break;
            }
        }
        result.nodes = s.budget.nodes;
        result.elapsed = s.budget.start.elapsed();
        result
    }
}

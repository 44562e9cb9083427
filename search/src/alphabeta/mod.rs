//! Negamax alpha-beta with PVS, iterative deepening, aspiration windows, a
//! shared transposition table, killers, history, hints and quiescence, on
//! one thread or several (lazy SMP or Young Brothers Wait).

pub(crate) mod options;
pub(crate) mod searcher;
pub(crate) mod shared_table;
pub(crate) mod ybw;

use std::sync::Mutex;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Duration;

use board_core::{MoveList, ZobristHash};

use crate::alphabeta::options::{Options, Parallelism};
use crate::alphabeta::searcher::{Busy, Searcher, Shared, Worker};
use crate::alphabeta::ybw::Ybw;
use crate::score::{plies_to_end, terminal_score};
use crate::{Bound, Evaluator, Instant, Limits, MAX_DEPTH, MAX_PLY, SearchResult, SharedTable};

/// A flag nobody sets: the stop flag of a search without one.
static NEVER: AtomicBool = AtomicBool::new(false);

/// An alpha-beta searcher for any game with a Zobrist hash.
///
/// Negamax, fail-soft, with the [`Options`] switches. Scores are from the
/// point of view of the player to move; a move after which the same player
/// moves again (a pass that skips the opponent, an extra turn) is handled by
/// not negating.
///
/// With [`Options::threads`] above 1 the search runs on that many threads,
/// sharing one lock-free [`SharedTable`] ([`Options::parallelism`]: lazy
/// SMP, every thread searching the whole tree and finding much of its work
/// already done by the others, or Young Brothers Wait, the threads sharing
/// the younger moves of a node). One thread is deterministic: the same
/// position and limits (without time) give the same nodes, score and move
/// on every run. The search needs the game and the evaluator to be `Sync`
/// for its threads (one thread included: the bound is the method's).
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
    table: Option<SharedTable>,
    /// The calling thread's buffers, kept between searches (helper threads
    /// make their own).
    worker: Worker<G>,
}

impl<G: ZobristHash, E: Evaluator<G>> AlphaBeta<G, E> {
    /// A searcher with the default [`Options`].
    pub fn new(eval: E) -> Self {
        Self::with_options(eval, Options::default())
    }

    /// A searcher with the given options.
    pub fn with_options(eval: E, options: Options) -> Self {
        let table = (options.tt_mib > 0).then(|| SharedTable::new(options.tt_mib));
        AlphaBeta {
            eval,
            options,
            table,
            worker: Worker::default(),
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
    pub fn table(&self) -> Option<&SharedTable> {
        self.table.as_ref()
    }

    /// Forgets everything learned in earlier searches.
    pub fn clear(&mut self) {
        if let Some(table) = &mut self.table {
            table.clear();
        }
    }
}

impl<G, E> AlphaBeta<G, E>
where
    G: ZobristHash + Sync,
    E: Evaluator<G> + Sync,
{
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
        let start = Instant::now();
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        let threads = self.options.threads.max(1);
        let root_moves = pos.moves();
        let first = root_moves.as_slice().first().copied();
        let mut result = SearchResult {
            best_move: first,
            score: 0,
            bound: Bound::Exact,
            pv: first.into_iter().collect(),
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        let user_stop = limits.stop.as_ref().map_or(&NEVER, |s| s.atomic());
        let out_of_budget = user_stop.load(Relaxed)
            || limits.nodes == Some(0)
            || limits.time.is_some_and(|t| t.is_zero());
        if root_moves.is_empty() || out_of_budget {
            result.score = match pos.outcome() {
                Some(o) => terminal_score(o, pos.to_move(), 0),
                None => self
                    .eval
                    .evaluate(pos)
                    .clamp(-crate::MAX_EVAL, crate::MAX_EVAL),
            };
            result.elapsed = start.elapsed();
            return result;
        }
        if let Some(table) = &mut self.table {
            table.new_search();
        }
        let plies = (max_depth + self.options.quiescence_plies + 2).min(MAX_PLY) as usize;
        let history = if self.options.history {
            self.eval.history_size()
        } else {
            0
        };
        self.worker.prepare(plies, history);
        let done = AtomicBool::new(false);
        let ybw_mode = threads > 1 && self.options.parallelism == Parallelism::YoungBrothersWait;
        let busy = (threads > 1 && self.options.defer && !ybw_mode).then(Busy::new);
        let ybw = ybw_mode.then(Ybw::new);
        let total_nodes = AtomicU64::new(0);
        let shared = Shared {
            eval: &self.eval,
            options: &self.options,
            table: self.table.as_ref(),
            user_stop,
            done: &done,
            deadline: limits.time.and_then(|t| start.checked_add(t)),
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            total_nodes: &total_nodes,
            threads,
            busy: busy.as_ref(),
            ybw: ybw.as_ref(),
        };
        let finished = Mutex::new(None);
        let main = Searcher::new(shared, std::mem::take(&mut self.worker), false).splitting(pos);
        let (main, helper_nodes) = if threads == 1 {
            let main = iterate_main(main, pos, max_depth, &mut result, start, &mut progress);
            (main, 0)
        } else {
            std::thread::scope(|scope| {
                // Each helper makes its own buffers, on its own thread.
                let finished_ref = &finished;
                let handles: Vec<_> = (1..threads)
                    .map(|i| {
                        scope.spawn(move || {
                            let mut worker = Worker::default();
                            worker.prepare(plies, history);
                            if let Some(ybw) = shared.ybw {
                                return ybw::help(shared, ybw, pos, worker);
                            }
                            let helper = Searcher::new(shared, worker, true);
                            let helper = iterate_helper(helper, pos, max_depth, i, finished_ref);
                            helper.nodes
                        })
                    })
                    .collect();
                let main = iterate_main(main, pos, max_depth, &mut result, start, &mut progress);
                done.store(true, Relaxed);
                let helper_nodes: u64 = handles.into_iter().filter_map(|h| h.join().ok()).sum();
                // A helper that completed the last iteration first ended
                // the search: its result stands.
                let finished = finished.lock().map_or(None, |mut f| f.take());
                if let Some(f) = finished.filter(|f| main.aborted && f.depth > result.depth) {
                    adopt(pos, &f, &mut result, start);
                    progress(&result);
                }
                (main, helper_nodes)
            })
        };
        let nodes = main.nodes + main.helped_nodes + helper_nodes;
        self.worker = main.into_worker();
        result.nodes = nodes;
        result.elapsed = start.elapsed();
        result
    }
}

/// The calling thread's iterative deepening: it reports the result.
fn iterate_main<'a, G, E>(
    mut main: Searcher<'a, G, E>,
    pos: &G,
    max_depth: u32,
    result: &mut SearchResult<G::Move>,
    start: Instant,
    progress: &mut impl FnMut(&SearchResult<G::Move>),
) -> Searcher<'a, G, E>
where
    G: ZobristHash,
    E: Evaluator<G>,
{
    result.score = match pos.outcome() {
        Some(o) => terminal_score(o, pos.to_move(), 0),
        None => main.static_eval(pos),
    };
    for depth in 1..=max_depth {
        let score = main.root(pos, depth, result.score);
        if main.aborted {
            break;
        }
        result.score = score;
        result.pv.clone_from(&main.w.pv[0]);
        result.best_move = result.pv.first().copied().or(result.best_move);
        result.depth = depth;
        result.nodes = main.nodes;
        result.elapsed = start.elapsed();
        progress(result);
        let solved = plies_to_end(score).is_some_and(|d| d <= depth);
        if !main.horizon_hit || solved {
            break;
        }
    }
    main
}

/// The last iteration, completed by a helper thread: its depth, score and
/// principal variation as indices into the move lists along it (so that
/// no move crosses a thread).
struct Finished {
    depth: u32,
    score: i32,
    line: Vec<usize>,
}

/// Takes a helper's completed last iteration as the search's result.
fn adopt<G: ZobristHash>(
    pos: &G,
    f: &Finished,
    result: &mut SearchResult<G::Move>,
    start: Instant,
) {
    let mut line = Vec::with_capacity(f.line.len());
    let mut at = pos.clone();
    for &i in &f.line {
        let Some(&mv) = at.moves().as_slice().get(i) else {
            break;
        };
        line.push(mv);
        at.play_unchecked(mv);
    }
    if let Some(&best) = line.first() {
        result.best_move = Some(best);
        result.score = f.score;
        result.pv = line;
        result.depth = f.depth;
        result.elapsed = start.elapsed();
    }
}

/// A helper thread's iterative deepening: its results fill the table, and
/// when it completes the last iteration before the calling thread, it
/// reports it and ends the search. Odd helpers start one ply deeper than
/// the main thread, so that the threads spread over two depths.
fn iterate_helper<'a, G, E>(
    mut helper: Searcher<'a, G, E>,
    pos: &G,
    max_depth: u32,
    index: usize,
    finished: &Mutex<Option<Finished>>,
) -> Searcher<'a, G, E>
where
    G: ZobristHash,
    E: Evaluator<G>,
{
    let mut previous = helper.static_eval(pos);
    let first = (1 + (index % 2) as u32).min(max_depth);
    for depth in first..=max_depth {
        let score = helper.root(pos, depth, previous);
        if helper.aborted {
            break;
        }
        if depth == max_depth {
            let line = index_line(pos, &helper.w.pv[0]);
            if let Ok(mut f) = finished.lock()
                && f.is_none()
            {
                *f = Some(Finished { depth, score, line });
            }
            helper.stop_all();
            break;
        }
        previous = score;
        let solved = plies_to_end(score).is_some_and(|d| d <= depth);
        if !helper.horizon_hit || solved {
            break;
        }
    }
    helper
}

/// A line of moves as their indices in the move lists along it.
fn index_line<G: ZobristHash>(pos: &G, line: &[G::Move]) -> Vec<usize> {
    let mut at = pos.clone();
    let mut indices = Vec::with_capacity(line.len());
    for &mv in line {
        let Some(i) = at.moves().as_slice().iter().position(|&m| m == mv) else {
            break;
        };
        indices.push(i);
        at.play_unchecked(mv);
    }
    indices
}

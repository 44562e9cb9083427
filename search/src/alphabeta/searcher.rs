//! One thread's alpha-beta search: the node loop of [`AlphaBeta`], its move
//! ordering, quiescence, and the checks of the limits.
//!
//! The loop is written for few instructions per node: the table's move is
//! searched before the other moves are even ordered, the nodes one ply
//! above the horizon score their children by evaluation in a loop of their
//! own, one stop flag is read per node, and a node's ordering keys and
//! move indices are one array of integers.
//!
//! [`AlphaBeta`]: crate::AlphaBeta

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize};

use board_core::{Game, MoveList, Player, ZobristHash};

use crate::alphabeta::options::Options;
use crate::alphabeta::ybw::{self, SPLIT_DEPTH, Split, Ybw};
use crate::score::{from_table, is_decisive, terminal_score, to_table};
use crate::{Bound, Evaluator, INFINITY, Instant, MAX_EVAL, SharedTable};

mod defer;
mod ordering;

pub(crate) use defer::Busy;
use defer::DEFER_DEPTH;
pub(crate) use ordering::Ply;
use ordering::{order_value, pick};

/// How often (in nodes) the clock and a shared node limit are checked. A
/// stop flag (one relaxed atomic load) is read at every node.
const CHECK_INTERVAL: u64 = 256;

/// The least depth at which a node looks for an enhanced transposition
/// cut-off ([`Searcher::etc`]). Measured with callgrind (instructions of
/// a whole search, depth 3 against 4): 1-3.5 % fewer on the Connect Four
/// benchmark positions, 1.7 % fewer on Reversi, 7.4 % on Fanorona; at 5 and
/// more the extra nodes cost more than the saved lookups.
const ETC_DEPTH: u32 = 4;

/// What every thread of one search shares.
pub(crate) struct Shared<'a, E> {
    pub(crate) eval: &'a E,
    pub(crate) options: &'a Options,
    pub(crate) table: Option<&'a SharedTable>,
    /// The user's stop flag (a flag nobody sets when there is none).
    pub(crate) user_stop: &'a AtomicBool,
    /// Set when the search is over: every thread stops.
    pub(crate) done: &'a AtomicBool,
    pub(crate) deadline: Option<Instant>,
    /// The node limit, or `u64::MAX`.
    pub(crate) max_nodes: u64,
    /// The nodes of every thread, for the node limit of a parallel search.
    pub(crate) total_nodes: &'a AtomicU64,
    pub(crate) threads: usize,
    /// The positions being searched by some thread, when threads defer
    /// them (a parallel search).
    pub(crate) busy: Option<&'a Busy>,
    /// The split point of a Young Brothers Wait search.
    pub(crate) ybw: Option<&'a Ybw>,
}

impl<E> Clone for Shared<'_, E> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<E> Copy for Shared<'_, E> {}

/// The state one thread keeps between searches: buffers (so that a search
/// never allocates), killers, history and the principal variation.
pub(crate) struct Worker<G: Game> {
    plies: Vec<Ply<G>>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<u32>,
    pub(crate) pv: Vec<Vec<G::Move>>,
    /// The index of the move searched at each ply, from the root (kept by
    /// the splitting thread of a YBW search).
    path: Vec<usize>,
}

impl<G: Game> Default for Worker<G> {
    fn default() -> Self {
        Worker {
            plies: Vec::new(),
            killers: Vec::new(),
            history: Vec::new(),
            pv: Vec::new(),
            path: Vec::new(),
        }
    }
}

impl<G: Game> Worker<G> {
    /// Makes room for `plies` plies and forgets killers and history.
    pub(crate) fn prepare(&mut self, plies: usize, history: usize) {
        self.plies.resize_with(plies, Ply::default);
        self.path.resize(plies + 1, 0);
        self.pv.resize_with(plies + 1, Vec::new);
        self.pv.iter_mut().for_each(Vec::clear);
        self.killers.clear();
        self.killers.resize(plies + 1, [None, None]);
        self.history.clear();
        self.history.resize(history, 0);
    }
}

/// What a node does with the table's entry.
enum Probe {
    /// The entry settles the node: its score.
    Cut(i32),
    /// Search on, the table's move (an index into the moves) first.
    Search(usize),
}

/// One thread's search.
pub(crate) struct Searcher<'a, G: Game, E> {
    s: Shared<'a, E>,
    /// The flag this thread reads at every node: the user's on the calling
    /// thread (which then ends the others through `done`), `done` on the
    /// helper threads.
    poll: &'a AtomicBool,
    pub(crate) w: Worker<G>,
    quiescence: bool,
    pub(crate) nodes: u64,
    /// Nodes already added to [`Shared::total_nodes`].
    flushed: u64,
    next_check: u64,
    pub(crate) aborted: bool,
    /// Whether the last iteration stopped anywhere short of the end of a
    /// game (so that a deeper one could see more).
    pub(crate) horizon_hit: bool,
    /// Whether this thread offers split points (the calling thread of a
    /// YBW search).
    splits: bool,
    /// Whether this searcher searches one move of a split point (its stop
    /// flag is the split point's).
    task: bool,
    /// The root of the search (for helping at other threads' split points
    /// of a YBW search).
    root: Option<&'a G>,
    /// The buffers for helping at other threads' split points.
    spare: Option<Worker<G>>,
    /// Nodes searched helping at other threads' split points.
    pub(crate) helped_nodes: u64,
    /// The plies and history slots of this thread's buffers (for a spare
    /// worker of the same size, made while the buffers are out in the
    /// search).
    sizes: (usize, usize),
}

impl<'a, G: ZobristHash, E: Evaluator<G>> Searcher<'a, G, E> {
    /// The searcher of the calling thread (`helper` false) or of a helper.
    pub(crate) fn new(s: Shared<'a, E>, w: Worker<G>, helper: bool) -> Self {
        let quiescence = s.options.quiescence_plies > 0 && s.eval.uses_quiescence();
        let mut searcher = Searcher {
            s,
            poll: if helper { s.done } else { s.user_stop },
            w,
            quiescence,
            nodes: 0,
            flushed: 0,
            next_check: 0,
            aborted: false,
            horizon_hit: false,
            splits: false,
            task: false,
            root: None,
            spare: None,
            helped_nodes: 0,
            sizes: (0, 0),
        };
        searcher.sizes = (searcher.w.plies.len(), searcher.w.history.len());
        searcher.schedule_check();
        searcher
    }

    /// The calling thread of a YBW search, which splits and helps, from
    /// `root`.
    pub(crate) fn splitting(mut self, root: &'a G) -> Self {
        self.splits = self.s.ybw.is_some();
        self.root = Some(root);
        self
    }

    /// A searcher of the moves of one split point of a YBW search: it reads
    /// the split point's stop flag, and splits again if `can_split`.
    pub(crate) fn task(
        s: Shared<'a, E>,
        mut w: Worker<G>,
        poll: &'a AtomicBool,
        root: &'a G,
        path: &[usize],
        can_split: bool,
    ) -> Self {
        if let Some(head) = w.path.get_mut(..path.len()) {
            head.copy_from_slice(path);
        }
        let mut searcher = Searcher::new(s, w, true);
        searcher.poll = poll;
        searcher.task = true;
        searcher.splits = can_split;
        searcher.root = Some(root);
        searcher
    }

    /// Searches `mv` of the node `pos` (at `ply`, `depth` plies above the
    /// horizon) with the null window `(beta - 1, beta)`: a helper's move of
    /// a split point. The score is from the point of view of `pos`'s side
    /// to move.
    pub(crate) fn search_split_move(
        &mut self,
        pos: &G,
        mv: G::Move,
        index: usize,
        depth: u32,
        ply: u32,
        beta: i32,
    ) -> i32 {
        self.w.path[ply as usize] = index;
        let mut plies = std::mem::take(&mut self.w.plies);
        let from = (ply as usize + 1).min(plies.len());
        let me = pos.to_move();
        let score = self.search_move(
            pos,
            me,
            mv,
            true,
            depth,
            ply,
            beta - 1,
            beta,
            &mut plies[from..],
        );
        self.w.plies = plies;
        score
    }

    /// Ends the search and gives back the thread's state.
    pub(crate) fn into_worker(mut self) -> Worker<G> {
        self.flush_nodes();
        self.w
    }

    fn schedule_check(&mut self) {
        let interval = self.nodes.saturating_add(CHECK_INTERVAL);
        self.next_check = if self.s.threads == 1 {
            interval.min(self.s.max_nodes.saturating_add(1))
        } else {
            interval
        };
    }

    fn flush_nodes(&mut self) -> u64 {
        let delta = self.nodes - self.flushed;
        self.flushed = self.nodes;
        self.s.total_nodes.fetch_add(delta, Relaxed) + delta
    }

    /// Ends the search on every thread (a helper that completed it).
    pub(crate) fn stop_all(&self) {
        self.s.done.store(true, Relaxed);
    }

    /// Stops this thread and the others.
    #[cold]
    fn abort(&mut self) {
        self.aborted = true;
        self.s.done.store(true, Relaxed);
    }

    /// The checks of the node and time limits, every [`CHECK_INTERVAL`]
    /// nodes.
    #[cold]
    #[inline(never)]
    fn check_limits(&mut self) {
        let nodes = if self.s.threads == 1 {
            self.nodes
        } else {
            self.flush_nodes()
        };
        if nodes > self.s.max_nodes
            || self.s.done.load(Relaxed)
            || self.s.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.abort();
        }
        self.schedule_check();
    }

    /// Counts one node; `true` when the search must stop.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check_limits();
        }
        if self.poll.load(Relaxed) {
            self.polled();
        }
        self.aborted
    }

    /// This thread's stop flag is set: it stops, and if the flag is the
    /// user's, so do the others. (A split point's flag stops only the
    /// helper's move of that node.)
    #[cold]
    fn polled(&mut self) {
        self.aborted = true;
        if !self.task {
            self.s.done.store(true, Relaxed);
        }
    }

    #[inline(always)]
    pub(crate) fn static_eval(&self, pos: &G) -> i32 {
        self.s.eval.evaluate(pos).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// One iteration to `depth`, with aspiration windows around `previous`
    /// when enabled. Meaningless once [`aborted`](Self::aborted).
    pub(crate) fn root(&mut self, pos: &G, depth: u32, previous: i32) -> i32 {
        self.horizon_hit = false;
        let mut plies = std::mem::take(&mut self.w.plies);
        let score = self.aspiration(pos, depth, previous, &mut plies);
        self.w.plies = plies;
        score
    }

    fn aspiration(&mut self, pos: &G, depth: u32, previous: i32, plies: &mut [Ply<G>]) -> i32 {
        let Some(width) = self
            .s
            .options
            .aspiration
            .filter(|_| depth > 1 && !is_decisive(previous))
        else {
            return self.search(pos, depth, 0, -INFINITY, INFINITY, plies);
        };
        let mut delta = width.max(1);
        let mut alpha = previous.saturating_sub(delta).max(-INFINITY);
        let mut beta = previous.saturating_add(delta).min(INFINITY);
        loop {
            let score = self.search(pos, depth, 0, alpha, beta, plies);
            if self.aborted {
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

    /// Searches `pos` to `depth` with the kind of node its depth needs.
    #[inline(always)]
    fn search(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
        plies: &mut [Ply<G>],
    ) -> i32 {
        if depth > 1 || (depth == 1 && self.quiescence) {
            self.node(pos, depth, ply, alpha, beta, plies)
        } else if depth == 1 {
            self.frontier(pos, ply, alpha, beta, plies)
        } else {
            self.quiesce(pos, ply, alpha, beta, plies, 0)
        }
    }

    /// Searches `child` (reached from a node of the player `parent`) and
    /// returns its score from the parent's point of view.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn child(
        &mut self,
        child: &G,
        parent: Player,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
        plies: &mut [Ply<G>],
    ) -> i32 {
        if child.to_move() == parent {
            self.search(child, depth, ply, alpha, beta, plies)
        } else {
            -self.search(child, depth, ply, -beta, -alpha, plies)
        }
    }

    /// What every node does first: count itself, clear its line, score a
    /// finished game, and look the position up in the table. `None` when
    /// the node is settled.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn enter(
        &mut self,
        pos: &G,
        key: u64,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
        pv_node: bool,
    ) -> Probe {
        if self.tick() {
            return Probe::Cut(0);
        }
        if pv_node {
            self.w.pv[ply as usize].clear();
        }
        if let Some(outcome) = pos.outcome() {
            return Probe::Cut(terminal_score(outcome, pos.to_move(), ply));
        }
        let mut tt_index = usize::MAX;
        if let Some(entry) = self.s.table.and_then(|t| t.probe(key)) {
            let options = self.s.options;
            if options.tt_move
                && let Some(i) = entry.move_index
            {
                tt_index = usize::from(i);
            }
            let s = from_table(entry.score, ply);
            if ply > 0
                && options.tt_cutoffs.allows(u16::from(entry.depth), depth)
                && entry.bound.cuts(s, alpha, beta)
            {
                self.horizon_hit = true;
                return Probe::Cut(s);
            }
        }
        Probe::Search(tt_index)
    }

    /// Stores a node's result.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn leave(
        &self,
        key: u64,
        depth: u32,
        ply: u32,
        alpha_orig: i32,
        beta: i32,
        best: i32,
        best_index: usize,
    ) {
        if let Some(table) = self.s.table {
            let bound = if best <= alpha_orig {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let mv = u16::try_from(best_index).ok();
            let depth = depth.min(u32::from(u8::MAX)) as u8;
            table.store(key, mv, to_table(best, ply), depth, bound);
        }
    }

    /// A node one ply above the horizon, without quiescence: its children
    /// are worth their evaluation, scored in a loop of their own.
    fn frontier(&mut self, pos: &G, ply: u32, alpha: i32, beta: i32, plies: &mut [Ply<G>]) -> i32 {
        self.node_at::<true, false, false>(pos, 1, ply, alpha, beta, plies)
    }

    /// An inner node (two plies or more above the horizon, or one with
    /// quiescence below).
    fn node(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
        plies: &mut [Ply<G>],
    ) -> i32 {
        if self.splits {
            self.node_at::<false, false, true>(pos, depth, ply, alpha, beta, plies)
        } else if self.s.busy.is_some() && depth >= DEFER_DEPTH {
            self.node_at::<false, true, false>(pos, depth, ply, alpha, beta, plies)
        } else {
            self.node_at::<false, false, false>(pos, depth, ply, alpha, beta, plies)
        }
    }

    /// The node loop, compiled for the frontier (children scored by
    /// evaluation), for inner nodes (children searched, with PVS and
    /// enhanced transposition cut-offs), for inner nodes of a lazy SMP
    /// search that defer the moves other threads are searching, and for
    /// the splitting thread of a YBW search.
    #[inline(always)]
    fn node_at<const FRONTIER: bool, const DEFER: bool, const SPLIT: bool>(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        plies: &mut [Ply<G>],
    ) -> i32 {
        let pv_node = beta > alpha.saturating_add(1);
        let key = pos.zobrist();
        let tt_index = match self.enter(pos, key, depth, ply, alpha, beta, pv_node) {
            Probe::Cut(score) => return score,
            Probe::Search(i) => i,
        };
        let Some((frame, rest)) = plies.split_first_mut() else {
            self.horizon_hit = true;
            return self.static_eval(pos);
        };
        pos.legal_moves(&mut frame.moves);
        let n = frame.moves.len();
        if n == 0 {
            // Only a game breaking the `Game` contract gets here.
            return self.static_eval(pos);
        }
        if FRONTIER {
            if pv_node {
                self.w.pv[ply as usize + 1].clear();
            }
        } else if depth >= ETC_DEPTH
            && ply > 0
            && let Some(cut) = self.etc(
                pos,
                depth,
                ply,
                beta,
                frame.moves.as_slice(),
                &mut frame.keys,
            )
        {
            return cut;
        }
        let me = pos.to_move();
        let alpha_orig = alpha;
        let mut best = -INFINITY;
        let mut best_index = usize::MAX;
        // The table's move first, before the others are even ordered: it
        // often ends the node alone. Then the others, picked in order; in
        // a parallel search, those another thread is searching come last.
        let searched = usize::from(tt_index < n);
        let busy = if DEFER { self.s.busy } else { None };
        if DEFER {
            frame.deferred.clear();
        }
        let mut cut = false;
        for i in 0..n {
            if SPLIT
                && i > 0
                && i + 1 < n
                && !pv_node
                && depth >= SPLIT_DEPTH
                && self.s.ybw.is_some_and(Ybw::has_idle)
            {
                // Young brothers: the eldest is searched, the others go
                // to every thread.
                if i == searched {
                    self.order::<FRONTIER>(pos, ply, tt_index, frame);
                }
                let younger: Vec<usize> = (i..n)
                    .map(|j| pick(&mut frame.order, j - searched))
                    .collect();
                let (score, index) = self.split(pos, depth, ply, beta, younger, frame, rest);
                if self.aborted {
                    return 0;
                }
                if score > best {
                    best = score;
                    best_index = index;
                    if score >= beta {
                        let mv = frame.moves.as_slice()[index];
                        self.reward(pos, ply as usize, mv, depth);
                    }
                }
                break;
            }
            let index = if i < searched {
                tt_index
            } else {
                if i == searched {
                    self.order::<FRONTIER>(pos, ply, tt_index, frame);
                }
                pick(&mut frame.order, i - searched)
            };
            let mv = frame.moves.as_slice()[index];
            if SPLIT {
                self.w.path[ply as usize] = index;
            }
            let score = if FRONTIER {
                self.leaf(pos, me, mv, ply + 1)
            } else if let Some(busy) = busy {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let child_key = child.zobrist();
                if i > 0 && busy.contains(child_key) {
                    frame.deferred.push(index);
                    continue;
                }
                busy.enter(child_key);
                let score = self.search_move(pos, me, mv, i == 0, depth, ply, alpha, beta, rest);
                busy.leave(child_key);
                score
            } else {
                self.search_move(pos, me, mv, i == 0, depth, ply, alpha, beta, rest)
            };
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_index = index;
                if self.raise(pos, ply, depth, mv, score, &mut alpha, beta, pv_node) {
                    cut = true;
                    break;
                }
            }
        }
        // The deferred moves, by now mostly in the table.
        if DEFER && !cut {
            for k in 0..frame.deferred.len() {
                let index = frame.deferred[k];
                let mv = frame.moves.as_slice()[index];
                let score = self.search_move(pos, me, mv, false, depth, ply, alpha, beta, rest);
                if self.aborted {
                    return 0;
                }
                if score > best {
                    best = score;
                    best_index = index;
                    if self.raise(pos, ply, depth, mv, score, &mut alpha, beta, pv_node) {
                        break;
                    }
                }
            }
        }
        self.leave(key, depth, ply, alpha_orig, beta, best, best_index);
        best
    }

    /// Searches the `younger` moves (indices, best first) of the null-window
    /// node `pos` together with the idle helpers, and returns the best
    /// score and move index among them.
    #[allow(clippy::too_many_arguments)]
    #[cold]
    #[inline(never)]
    fn split(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        beta: i32,
        younger: Vec<usize>,
        frame: &Ply<G>,
        rest: &mut [Ply<G>],
    ) -> (i32, usize) {
        let Some(ybw) = self.s.ybw else {
            return (-INFINITY, usize::MAX);
        };
        let split = Arc::new(Split {
            path: self.w.path[..ply as usize].to_vec(),
            depth,
            ply,
            beta,
            moves: younger,
            next: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            working: AtomicUsize::new(0),
            best: std::sync::Mutex::new((-INFINITY, usize::MAX)),
        });
        ybw.offer(&split);
        let me = pos.to_move();
        while let Some(index) = split.take() {
            let mv = frame.moves.as_slice()[index];
            self.w.path[ply as usize] = index;
            let score = self.search_move(pos, me, mv, true, depth, ply, beta - 1, beta, rest);
            if self.aborted {
                split.stop.store(true, Relaxed);
                break;
            }
            if split.record(score, index) {
                break;
            }
        }
        ybw.withdraw(&split);
        // Wait for the others' moves of this node, and help with theirs
        // meanwhile.
        ybw.enter_idle();
        while split.working.load(Relaxed) > 0 {
            let Some((other, root)) = ybw.current(Some(&split)).zip(self.root) else {
                std::hint::spin_loop();
                continue;
            };
            ybw.leave_idle();
            let (plies, history) = self.sizes;
            let spare = self.spare.take().unwrap_or_else(|| {
                let mut w = Worker::default();
                w.prepare(plies, history);
                w
            });
            let (nodes, spare) = ybw::work_on(self.s, &other, root, spare, false);
            self.helped_nodes += nodes;
            self.spare = Some(spare);
            ybw.enter_idle();
        }
        ybw.leave_idle();
        split.result()
    }

    /// A move scored `score`, better than the node's best so far: raises
    /// `alpha` (and the line) if it beats it; `true` for a cut-off (after
    /// the killer and history bonus).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn raise(
        &mut self,
        pos: &G,
        ply: u32,
        depth: u32,
        mv: G::Move,
        score: i32,
        alpha: &mut i32,
        beta: i32,
        pv_node: bool,
    ) -> bool {
        if score <= *alpha {
            return false;
        }
        *alpha = score;
        if pv_node {
            self.update_pv(ply as usize, mv);
        }
        if score >= beta {
            self.reward(pos, ply as usize, mv, depth);
            return true;
        }
        false
    }

    /// The score of the leaf after `mv`, from the mover's point of view.
    #[inline(always)]
    fn leaf(&mut self, pos: &G, me: Player, mv: G::Move, ply: u32) -> i32 {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        if self.tick() {
            return 0;
        }
        let s = match child.outcome() {
            Some(outcome) => terminal_score(outcome, child.to_move(), ply),
            None => {
                self.horizon_hit = true;
                self.static_eval(&child)
            }
        };
        if child.to_move() == me { s } else { -s }
    }

    /// Plays `mv` and searches it: the first move with the whole window,
    /// the others (with PVS) with a null window first.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_move(
        &mut self,
        pos: &G,
        me: Player,
        mv: G::Move,
        first: bool,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
        rest: &mut [Ply<G>],
    ) -> i32 {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let (d, p) = (depth - 1, ply + 1);
        if first || !self.s.options.pvs {
            return self.child(&child, me, d, p, alpha, beta, rest);
        }
        let s = self.child(&child, me, d, p, alpha, alpha + 1, rest);
        if s > alpha && s < beta && !self.aborted {
            self.child(&child, me, d, p, alpha, beta, rest)
        } else {
            s
        }
    }

    fn quiesce(
        &mut self,
        pos: &G,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        plies: &mut [Ply<G>],
        qply: u32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        self.w.pv[ply as usize].clear();
        if let Some(outcome) = pos.outcome() {
            return terminal_score(outcome, pos.to_move(), ply);
        }
        self.horizon_hit = true;
        let stand = self.static_eval(pos);
        if !self.quiescence || qply >= self.s.options.quiescence_plies || stand >= beta {
            return stand;
        }
        let Some((frame, rest)) = plies.split_first_mut() else {
            return stand;
        };
        pos.legal_moves(&mut frame.moves);
        frame.order.clear();
        let eval = self.s.eval;
        for (index, &mv) in frame.moves.as_slice().iter().enumerate() {
            if eval.is_noisy(pos, mv) {
                let hint = eval.move_hint(pos, mv).clamp(-32_768, 32_767);
                frame.order.push(order_value(hint, index));
            }
        }
        let me = pos.to_move();
        let mut best = stand;
        alpha = alpha.max(stand);
        for i in 0..frame.order.len() {
            let mv = frame.moves.as_slice()[pick(&mut frame.order, i)];
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = if child.to_move() == me {
                self.quiesce(&child, ply + 1, alpha, beta, rest, qply + 1)
            } else {
                -self.quiesce(&child, ply + 1, -beta, -alpha, rest, qply + 1)
            };
            if self.aborted {
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
    /// search. The children's keys are gathered (into `keys`, with whether
    /// the same side moves again) and their buckets fetched before the
    /// first is read, so that the memory accesses overlap.
    #[allow(clippy::too_many_arguments)]
    fn etc(
        &mut self,
        pos: &G,
        depth: u32,
        ply: u32,
        beta: i32,
        moves: &[G::Move],
        keys: &mut Vec<(u64, bool)>,
    ) -> Option<i32> {
        let table = self.s.table?;
        let me = pos.to_move();
        let cutoffs = self.s.options.tt_cutoffs;
        keys.clear();
        keys.extend(moves.iter().map(|&mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let key = child.zobrist();
            table.prefetch(key);
            (key, child.to_move() == me)
        }));
        for &(key, same_side) in keys.iter() {
            let Some(e) = table.probe(key) else {
                continue;
            };
            if !cutoffs.allows(u16::from(e.depth), depth - 1) {
                continue;
            }
            let s = from_table(e.score, ply + 1);
            // The child's bound, seen from this node.
            let (score, proves_high) = if same_side {
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

    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.w.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        if let Some(child) = tail.first() {
            line.extend_from_slice(child);
        }
    }

    /// Killer and history bonus for a quiet move that caused a cut-off.
    #[inline]
    fn reward(&mut self, pos: &G, ply: usize, mv: G::Move, depth: u32) {
        let o = self.s.options;
        if (!o.killers && self.w.history.is_empty()) || self.s.eval.is_noisy(pos, mv) {
            return;
        }
        if o.killers {
            let k = &mut self.w.killers[ply];
            if k[0] != Some(mv) {
                k[1] = k[0];
                k[0] = Some(mv);
            }
        }
        if !self.w.history.is_empty() {
            let slot = self.s.eval.history_index(pos, mv);
            if let Some(h) = self.w.history.get_mut(slot) {
                *h = h.saturating_add(depth * depth);
                if *h > 1 << 20 {
                    self.w.history.iter_mut().for_each(|h| *h /= 2);
                }
            }
        }
    }
}

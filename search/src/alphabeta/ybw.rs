//! Young Brothers Wait: the parallel alpha-beta in which the calling
//! thread offers the younger moves of a node to idle helper threads once
//! the eldest has been searched (and has not cut the node off).
//!
//! Splits happen only at null-window nodes (where no principal variation
//! is kept and the window never moves: every move is searched with the
//! same `(beta - 1, beta)`), [`SPLIT_DEPTH`] plies or more above the
//! horizon, when some thread is idle. Any thread splits; one that waits for
//! the other threads' moves of its split point helps meanwhile with the
//! split points they offer (the "helpful master"), with searches that do
//! not split again. A split point names its node by the path of move
//! indices from the root, so that a helper replays it from the root all
//! threads share, and no position or move crosses a thread.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize};
use std::sync::{Arc, Mutex};

use board_core::{MoveList, ZobristHash};

use crate::Evaluator;
use crate::alphabeta::searcher::{Searcher, Shared, Worker};

/// The least depth of a split point.
pub(crate) const SPLIT_DEPTH: u32 = 4;

/// The younger moves of one node, offered to the helpers.
pub(crate) struct Split {
    /// The node: move indices from the root.
    pub(crate) path: Vec<usize>,
    pub(crate) depth: u32,
    pub(crate) ply: u32,
    /// The node's null window is `(beta - 1, beta)`.
    pub(crate) beta: i32,
    /// The moves (indices) still to search, best first.
    pub(crate) moves: Vec<usize>,
    /// The next of `moves` to take.
    pub(crate) next: AtomicUsize,
    /// Set on a cut-off (or when the search ends): every thread stops its
    /// move of this node.
    pub(crate) stop: AtomicBool,
    /// Helpers that took a move of this node and have not finished it.
    pub(crate) working: AtomicUsize,
    /// The best score and move index found so far.
    pub(crate) best: Mutex<(i32, usize)>,
}

impl Split {
    /// The next move to search, if any is left and no one cut the node.
    pub(crate) fn take(&self) -> Option<usize> {
        if self.stop.load(Relaxed) {
            return None;
        }
        self.moves.get(self.next.fetch_add(1, Relaxed)).copied()
    }

    /// Records a completed move's score; `true` if it cuts the node off.
    pub(crate) fn record(&self, score: i32, index: usize) -> bool {
        if let Ok(mut best) = self.best.lock()
            && score > best.0
        {
            *best = (score, index);
        }
        if score >= self.beta {
            self.stop.store(true, Relaxed);
            return true;
        }
        false
    }

    /// The best score and move index.
    pub(crate) fn result(&self) -> (i32, usize) {
        self.best.lock().map_or((i32::MIN, usize::MAX), |b| *b)
    }

    /// Whether a move is left to take.
    fn has_moves(&self) -> bool {
        !self.stop.load(Relaxed) && self.next.load(Relaxed) < self.moves.len()
    }
}

/// What the threads of a YBW search share: the split point on offer.
pub(crate) struct Ybw {
    offer: Mutex<Option<Arc<Split>>>,
    /// Counts offers, so that idle helpers can watch for one without the
    /// lock.
    offers: AtomicU64,
    /// Helpers waiting for work.
    idle: AtomicUsize,
}

impl Ybw {
    pub(crate) fn new() -> Self {
        Ybw {
            offer: Mutex::new(None),
            offers: AtomicU64::new(0),
            idle: AtomicUsize::new(0),
        }
    }

    /// Whether a helper waits for work.
    #[inline]
    pub(crate) fn has_idle(&self) -> bool {
        self.idle.load(Relaxed) > 0
    }

    /// Offers `split` to the helpers.
    pub(crate) fn offer(&self, split: &Arc<Split>) {
        if let Ok(mut offer) = self.offer.lock() {
            *offer = Some(Arc::clone(split));
        }
        self.offers.fetch_add(1, Relaxed);
    }

    /// Withdraws the offer of `split` (if it is still the one on offer).
    pub(crate) fn withdraw(&self, split: &Arc<Split>) {
        if let Ok(mut offer) = self.offer.lock()
            && offer.as_ref().is_some_and(|o| Arc::ptr_eq(o, split))
        {
            *offer = None;
        }
    }

    /// The split point on offer with moves left, other than `not`.
    pub(crate) fn current(&self, not: Option<&Arc<Split>>) -> Option<Arc<Split>> {
        let offer = self.offer.lock().ok()?.clone()?;
        let mine = not.is_some_and(|n| Arc::ptr_eq(n, &offer));
        (!mine && offer.has_moves()).then_some(offer)
    }

    /// A thread waits for work.
    pub(crate) fn enter_idle(&self) {
        self.idle.fetch_add(1, Relaxed);
    }

    /// A thread found work.
    pub(crate) fn leave_idle(&self) {
        self.idle.fetch_sub(1, Relaxed);
    }
}

/// Searches moves of `split` with `worker` until none is left: a helper's
/// work at one split point. Its searches split again if `can_split`.
/// Returns the nodes and the worker.
pub(crate) fn work_on<G, E>(
    shared: Shared<'_, E>,
    split: &Split,
    root: &G,
    worker: Worker<G>,
    can_split: bool,
) -> (u64, Worker<G>)
where
    G: ZobristHash,
    E: Evaluator<G>,
{
    // Count in before taking a move, so that the splitting thread waits
    // for every move it did not search itself.
    split.working.fetch_add(1, Relaxed);
    let mut node = root.clone();
    for &i in &split.path {
        let Some(&mv) = node.moves().as_slice().get(i) else {
            break;
        };
        node.play_unchecked(mv);
    }
    let moves = node.moves();
    let mut searcher = Searcher::task(shared, worker, &split.stop, root, &split.path, can_split);
    while let Some(index) = split.take() {
        let Some(&mv) = moves.as_slice().get(index) else {
            continue;
        };
        let score =
            searcher.search_split_move(&node, mv, index, split.depth, split.ply, split.beta);
        if searcher.aborted || split.record(score, index) {
            break;
        }
    }
    let nodes = searcher.nodes + searcher.helped_nodes;
    let worker = searcher.into_worker();
    split.working.fetch_sub(1, Relaxed);
    (nodes, worker)
}

/// A helper thread of a YBW search: it waits for split points and searches
/// their moves until the search is done. Returns its nodes.
pub(crate) fn help<G, E>(shared: Shared<'_, E>, ybw: &Ybw, root: &G, mut worker: Worker<G>) -> u64
where
    G: ZobristHash,
    E: Evaluator<G>,
{
    let mut nodes = 0;
    let mut seen = 0;
    ybw.enter_idle();
    while !shared.done.load(Relaxed) {
        let offers = ybw.offers.load(Relaxed);
        if offers == seen {
            std::hint::spin_loop();
            std::thread::yield_now();
            continue;
        }
        seen = offers;
        let Some(split) = ybw.current(None) else {
            continue;
        };
        ybw.leave_idle();
        let (n, w) = work_on(shared, &split, root, worker, true);
        nodes += n;
        worker = w;
        ybw.enter_idle();
    }
    nodes
}

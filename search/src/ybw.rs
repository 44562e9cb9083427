//! Young Brothers Wait: the parallel alpha-beta in which the calling
//! thread offers the younger moves of a node to idle helper threads once
//! the eldest has been searched (and has not cut the node off).
//!
//! The calling thread alone splits, and only at null-window nodes (where
//! no principal variation is kept and the window never moves: every move
//! is searched with the same `(beta - 1, beta)`), two plies or more above
//! the horizon. A split point names its node by the path of move indices
//! from the root, so that a helper replays it from the root it shares,
//! and no position or move crosses a thread.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

use board_core::{MoveList, ZobristHash};

use crate::Evaluator;
use crate::searcher::{Searcher, Shared, Worker};

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

    /// Withdraws the offer.
    pub(crate) fn withdraw(&self) {
        if let Ok(mut offer) = self.offer.lock() {
            *offer = None;
        }
    }

    fn current(&self) -> Option<Arc<Split>> {
        self.offer.lock().ok().and_then(|o| o.clone())
    }
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
    ybw.idle.fetch_add(1, Relaxed);
    while !shared.done.load(Relaxed) {
        let offers = ybw.offers.load(Relaxed);
        if offers == seen {
            std::hint::spin_loop();
            std::thread::yield_now();
            continue;
        }
        seen = offers;
        let Some(split) = ybw.current() else {
            continue;
        };
        // Count in before taking a move, so that the splitting thread
        // waits for every move it did not search itself.
        split.working.fetch_add(1, Relaxed);
        ybw.idle.fetch_sub(1, Relaxed);
        let mut node = root.clone();
        for &i in &split.path {
            let Some(&mv) = node.moves().as_slice().get(i) else {
                break;
            };
            node.play_unchecked(mv);
        }
        let moves = node.moves();
        let mut searcher = Searcher::with_poll(shared, worker, &split.stop);
        while let Some(index) = split.take() {
            let Some(&mv) = moves.as_slice().get(index) else {
                continue;
            };
            let score = searcher.search_split_move(&node, mv, split.depth, split.ply, split.beta);
            if searcher.aborted {
                break;
            }
            if split.record(score, index) {
                break;
            }
        }
        nodes += searcher.nodes;
        worker = searcher.into_worker();
        ybw.idle.fetch_add(1, Relaxed);
        split.working.fetch_sub(1, Relaxed);
    }
    nodes
}

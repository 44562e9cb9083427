//! What ends a search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The limits of one search, in any combination; the search ends at the
/// first one reached. With no limit at all an alpha-beta or expectimax
/// search runs to [`MAX_DEPTH`] iterations or until the game tree is
/// exhausted; a Monte Carlo search ([`Mcts`](crate::Mcts),
/// [`Ismcts`](crate::Ismcts)) runs [`DEFAULT_PLAYOUTS`](crate::DEFAULT_PLAYOUTS).
///
/// Depth, node and playout limits are deterministic: the same position and
/// limits give the same nodes and move on every run and machine (for a
/// Monte Carlo search: and the same seed). Time and the stop flag are not.
///
/// ```
/// use board_search::Limits;
/// use std::time::Duration;
/// let l = Limits::depth(8).and_nodes(1_000_000).and_time(Duration::from_millis(500));
/// assert_eq!(l.depth, Some(8));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The most nodes; an alpha-beta or expectimax search stops as soon as
    /// it has visited this many, and reports the last completed iteration;
    /// a Monte Carlo search stops when its tree holds this many.
    pub nodes: Option<u64>,
    /// The most playouts (iterations) of a Monte Carlo search; alpha-beta
    /// and expectimax ignore it.
    pub playouts: Option<u64>,
    /// The longest wall-clock time.
    pub time: Option<Duration>,
    /// A flag another thread sets to stop the search.
    pub stop: Option<StopFlag>,
}

/// The deepest iteration of a search without a depth limit.
pub const MAX_DEPTH: u32 = 128;

impl Limits {
    /// No limit.
    #[must_use]
    pub fn none() -> Self {
        Limits::default()
    }
    /// Search to `depth` plies.
    #[must_use]
    pub fn depth(depth: u32) -> Self {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
    /// Search at most `nodes` nodes.
    #[must_use]
    pub fn nodes(nodes: u64) -> Self {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
    /// At most `playouts` iterations of a Monte Carlo search.
    #[must_use]
    pub fn playouts(playouts: u64) -> Self {
        Limits {
            playouts: Some(playouts),
            ..Limits::default()
        }
    }
    /// Search at most `time`.
    #[must_use]
    pub fn time(time: Duration) -> Self {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }
    /// Adds a depth limit.
    #[must_use]
    pub fn and_depth(mut self, depth: u32) -> Self {
        self.depth = Some(depth);
        self
    }
    /// Adds a node limit.
    #[must_use]
    pub fn and_nodes(mut self, nodes: u64) -> Self {
        self.nodes = Some(nodes);
        self
    }
    /// Adds a playout limit.
    #[must_use]
    pub fn and_playouts(mut self, playouts: u64) -> Self {
        self.playouts = Some(playouts);
        self
    }
    /// Adds a time limit.
    #[must_use]
    pub fn and_time(mut self, time: Duration) -> Self {
        self.time = Some(time);
        self
    }
    /// Adds a stop flag.
    #[must_use]
    pub fn and_stop(mut self, stop: StopFlag) -> Self {
        self.stop = Some(stop);
        self
    }
}

/// A flag that stops a running search from another thread. Clones share the
/// flag.
///
/// ```
/// use board_search::StopFlag;
/// let stop = StopFlag::new();
/// let handle = stop.clone();
/// handle.stop();
/// assert!(stop.is_stopped());
/// ```
#[derive(Debug, Clone, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag that is not set.
    #[must_use]
    pub fn new() -> Self {
        StopFlag::default()
    }
    /// Sets the flag: every search holding it stops soon.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
    /// Clears the flag, so the next search can run.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
    /// Whether the flag is set.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for searches that read it at every node.
    pub(crate) fn atomic(&self) -> &AtomicBool {
        &self.0
    }
}

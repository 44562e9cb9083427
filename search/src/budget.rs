//! Node counting and the checks of [`Limits`] during a search.

use std::time::Duration;

use crate::{Instant, Limits, StopFlag};

/// How often (in nodes) the clock is read. The stop flag (one relaxed
/// atomic load) is read at every node.
const CHECK_INTERVAL: u64 = 256;

/// Counts nodes and decides when a search must stop.
#[derive(Debug)]
pub(crate) struct Budget {
    pub(crate) start: Instant,
    pub(crate) nodes: u64,
    pub(crate) aborted: bool,
    next_check: u64,
    /// The node limit, or `u64::MAX`.
    max_nodes: u64,
    time: Option<Duration>,
    stop: Option<StopFlag>,
}

impl Budget {
    pub(crate) fn new(limits: &Limits) -> Self {
        Budget {
            start: Instant::now(),
            nodes: 0,
            aborted: false,
            next_check: CHECK_INTERVAL,
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            time: limits.time,
            stop: limits.stop.clone(),
        }
    }

    /// Counts one node; returns `true` when the search must stop.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.aborted = true;
            return true;
        }
        if let Some(stop) = &self.stop
            && stop.is_stopped()
        {
            self.aborted = true;
        } else if self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_INTERVAL;
            if self.time.is_some_and(|t| self.start.elapsed() >= t) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Whether a limit other than depth has been reached before the search
    /// starts (a set stop flag, a zero budget).
    pub(crate) fn exhausted_at_start(&mut self) -> bool {
        if self.stop.as_ref().is_some_and(StopFlag::is_stopped)
            || self.max_nodes == 0
            || self.time.is_some_and(|t| t.is_zero())
        {
            self.aborted = true;
        }
        self.aborted
    }
}

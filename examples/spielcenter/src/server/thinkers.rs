//! The computer players' thinking: a pool of threads of its own (one per
//! core), so that a search never holds up a connection, the lobby or a
//! game, searches wait their turn in the order they came, and no more
//! than a core's worth of searches run at once (each with its own table).

use std::sync::{Arc, Mutex, mpsc};

use tokio::sync::oneshot;

use crate::hosted::{Thinking, Thought};

/// A job and where its result goes.
type Job = (Thinking, oneshot::Sender<Thought>);

/// The pool: jobs go in, each comes back on its own channel.
#[derive(Debug, Clone)]
pub struct Thinkers {
    jobs: mpsc::Sender<Job>,
}

impl Thinkers {
    /// A pool of `threads` threads.
    ///
    /// # Errors
    /// When a thread cannot be started.
    pub fn new(threads: usize) -> std::io::Result<Thinkers> {
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..threads.max(1) {
            let rx = Arc::clone(&rx);
            std::thread::Builder::new()
                .name(format!("thinker-{i}"))
                .spawn(move || {
                    loop {
                        let job = {
                            let Ok(rx) = rx.lock() else { return };
                            rx.recv()
                        };
                        let Ok((thinking, reply)) = job else { return };
                        let _ = reply.send((thinking.job)());
                    }
                })?;
        }
        Ok(Thinkers { jobs: tx })
    }

    /// Thinks `job` on the pool; `None` when the pool has stopped (or the
    /// job failed).
    pub async fn think(&self, job: Thinking) -> Option<Thought> {
        let (tx, rx) = oneshot::channel();
        self.jobs.send((job, tx)).ok()?;
        rx.await.ok()
    }
}

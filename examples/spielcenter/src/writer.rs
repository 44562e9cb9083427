//! The storage writer: one task that stores started and finished games in
//! the order they come, so that every leaderboard change follows from the
//! one before, exactly as `stratego_rules::leaderboard` computes it.

use std::time::Duration;

use stratego_rules::leaderboard::{Leaderboard, YearMonth};
use tokio::sync::mpsc;

use super::clock::Clock;
use super::hub::{Finished, StoreCmd};
use super::protocol::{Score, Tables};
use super::store::{Standing, Store, StoreError, month_text};

/// Rows of each table in lobby messages.
pub const TABLE_ROWS: usize = 20;

/// The current tables of `board` (the month of `now`), top rows only.
#[must_use]
pub fn tables_of(board: &Leaderboard, now: u64) -> Tables {
    let month = YearMonth::from_unix_millis(now);
    let rows = |t: Vec<(String, u32)>| -> Vec<Score> {
        t.into_iter()
            .take(TABLE_ROWS)
            .map(|(name, points)| Score { name, points })
            .collect()
    };
    Tables {
        month: month_text(month),
        monthly: rows(board.monthly_table(month)),
        eternal: rows(board.eternal_table()),
    }
}

/// Three tries of a storage action, each a little later than the one
/// before (a PostgreSQL server that restarts, a locked SQLite file).
struct Backoff {
    tries: u32,
    wait: Duration,
}

impl Backoff {
    fn new() -> Backoff {
        Backoff {
            tries: 0,
            wait: Duration::from_millis(100),
        }
    }

    /// Notes a failure; waits and returns whether to try again.
    async fn again(&mut self, what: &str, e: &StoreError) -> bool {
        self.tries += 1;
        eprintln!("storage: {what} failed (try {} of 3): {e}", self.tries);
        if self.tries == 3 {
            return false;
        }
        tokio::time::sleep(self.wait).await;
        self.wait *= 5;
        true
    }
}

/// Runs the writer until every sender is gone.
pub async fn run(
    store: Store,
    mut standing: Standing,
    clock: Clock,
    mut rx: mpsc::Receiver<StoreCmd>,
) {
    while let Some(cmd) = rx.recv().await {
        let mut backoff = Backoff::new();
        match cmd {
            StoreCmd::Start { id, red, blue, at } => {
                let what = format!("noting the start of game {id}");
                while let Err(e) = store.start_game(id, &red, &blue, at).await {
                    if !backoff.again(&what, &e).await {
                        break;
                    }
                }
            }
            StoreCmd::Finish { record, reply } => {
                // `finish_game` changes the standing only after a commit, so
                // a failed try can be repeated as it is.
                let what = format!("storing game {}", record.id);
                let result = loop {
                    match store.finish_game(&mut standing, &record).await {
                        Ok(points) => break Ok(points),
                        Err(e) => {
                            if !backoff.again(&what, &e).await {
                                break Err(e.to_string());
                            }
                        }
                    }
                };
                let answer = result.map(|points| Finished {
                    points,
                    tables: tables_of(&standing.board, clock.now()),
                });
                let _ = reply.send(answer);
            }
        }
    }
}

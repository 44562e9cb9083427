//! The storage writer: one task that scores and stores finished games in
//! the order they come, so that every change of the score tables follows
//! from the one before, exactly as the games' rules compute it.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use super::hub::{Config, Finished, StoreCmd};
use super::store::{Store, StoreError, score_of};
use crate::games::{self, GAMES};
use crate::hosted::GameKind;
use crate::leaderboard::{Day, Standing};
use crate::protocol::{Board, HighscoreTable, Score, Table};

/// Rows of each table in lobby messages.
pub const TABLE_ROWS: usize = 20;

/// A game's tables of the periods holding `day`, top rows only.
#[must_use]
pub fn board_of(kind: &GameKind, standing: &Standing, day: Day) -> Board {
    Board {
        board: kind.id.to_owned(),
        tables: kind
            .periods
            .iter()
            .map(|pk| {
                let period = pk.of(day);
                Table {
                    period: period.kind().to_owned(),
                    key: period.key(),
                    rows: standing
                        .ranked(kind.id, period)
                        .into_iter()
                        .take(TABLE_ROWS)
                        .map(|(name, points)| Score { name, points })
                        .collect(),
                }
            })
            .collect(),
    }
}

/// Every game's board for `day`.
#[must_use]
pub fn boards(standing: &Standing, day: Day) -> Vec<Board> {
    GAMES
        .iter()
        .filter(|k| !k.periods.is_empty())
        .map(|k| board_of(k, standing, day))
        .collect()
}

/// Three tries of a storage action, each a little later than the one
/// before (a PostgreSQL server that restarts, a locked SQLite file).
pub struct Backoff {
    tries: u32,
    wait: Duration,
}

impl Backoff {
    /// A first try.
    #[must_use]
    pub fn new() -> Backoff {
        Backoff {
            tries: 0,
            wait: Duration::from_millis(100),
        }
    }

    /// Notes a failure; waits and returns whether to try again.
    pub async fn again(&mut self, what: &str, e: &StoreError) -> bool {
        self.tries += 1;
        log!("storage: {what} failed (try {} of 3): {e}", self.tries);
        if self.tries == 3 {
            return false;
        }
        tokio::time::sleep(self.wait).await;
        self.wait *= 5;
        true
    }
}

/// Runs the writer until every sender is gone. `seq` is the last stored.
pub async fn run(
    store: Store,
    mut seq: u64,
    config: Arc<Config>,
    mut rx: mpsc::Receiver<StoreCmd>,
) {
    while let Some(StoreCmd::Finish { mut game, reply }) = rx.recv().await {
        let changes = {
            let standing = config.standing.read().unwrap_or_else(|e| e.into_inner());
            score_of(&game, &config.calendar, &standing)
        };
        game.seq = seq + 1;
        game.counted = !changes.is_empty();
        let what = format!("storing game {}", game.id);
        let mut backoff = Backoff::new();
        let result = loop {
            match store.finish_game(&game, &changes).await {
                Ok(()) => break Ok(()),
                Err(e) => {
                    if !backoff.again(&what, &e).await {
                        break Err(e.to_string());
                    }
                }
            }
        };
        let answer = result.map(|()| {
            seq += 1;
            let mut standing = config.standing.write().unwrap_or_else(|e| e.into_inner());
            standing.apply(&changes);
            let kind = games::kind(&game.kind);
            let board = (!changes.is_empty())
                .then_some(kind)
                .flatten()
                .map(|k| board_of(k, &standing, config.calendar.day_of(config.clock.now())));
            drop(standing);
            let highscore = kind.and_then(|k| {
                let rule = k.highscore?;
                let entry = (rule.entry)(&game)?;
                let table = entry.table.clone();
                let mut h = config.highscores.write().unwrap_or_else(|e| e.into_inner());
                if !h.insert(entry, rule.rows) {
                    return None;
                }
                let rows = h.table(k.id, &table).to_vec();
                let place = rows.iter().position(|e| e.game == game.id)? + 1;
                Some((
                    HighscoreTable {
                        kind: k.id.to_owned(),
                        table,
                        rows,
                    },
                    place,
                ))
            });
            Finished {
                changes,
                board,
                highscore,
            }
        });
        let _ = reply.send(answer);
    }
}

//! Storage through sqlx: an SQLite file by default (created and migrated on
//! start), PostgreSQL by URL. Runtime queries only, one SQL text for both
//! (standard types, `$n` parameters) but for the sort collation.
//!
//! Tables (schema version 2):
//!
//! - `games`: every finished game of every kind: the kind, both players
//!   (first player first), whether each was a computer, the date of the
//!   game of the day it was, the times, the result, the reason, whether it
//!   counted, and the game's own `record` (JSON: moves, setups, times).
//!   `seq` is the order in which games were stored, the order the score
//!   tables are built in.
//! - `running_games`: games in progress, written (and committed) before
//!   their players are told that they started. A server that starts finds
//!   the ones a crash or stop left behind and ends them by the documented
//!   rule: stored as finished with outcome `none`, reason
//!   `server_stopped`, no points.
//! - `scores`: the score tables (board, period, name, points), and
//!   `score_changes`: every change with its game, before and after.
//! - `names`: the names that have played, each with the hash of the token
//!   of the browser that chose it.
//! - `counters`: the next free game id; ids are reserved in blocks, so a
//!   crash may skip ids but never gives one twice.
//!
//! A finished game and its score changes are written in one transaction;
//! the server tells the players the result only after the commit. The
//! tables are computed by each game's score rule from the stored games in
//! `seq` order; on start they are checked against that and rebuilt if they
//! differ. A database of schema version 1 (Battlegeneral alone) is
//! migrated in one transaction.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::time::Duration;

use board_core::{Outcome, Player};
use serde_json::Value;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Connection, Executor, Row};

use crate::calendar::Calendar;
use crate::games;
use crate::highscore::Highscores;
use crate::hosted::{GameId, Millis, StoredGame};
use crate::leaderboard::{Change, Day, Period, Standing};
use crate::protocol::Score;

/// The schema version this server writes.
pub const SCHEMA_VERSION: i64 = 2;

/// Game ids reserved at a time.
pub const ID_BLOCK: u64 = 64;

const SCHEMA: [&str; 9] = [
    "CREATE TABLE games (
        id BIGINT PRIMARY KEY,
        seq BIGINT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        first_player TEXT NOT NULL,
        second_player TEXT NOT NULL,
        first_computer BIGINT NOT NULL,
        second_computer BIGINT NOT NULL,
        daily TEXT,
        started_at BIGINT NOT NULL,
        ended_at BIGINT NOT NULL,
        plies BIGINT NOT NULL,
        outcome TEXT NOT NULL,
        reason TEXT NOT NULL,
        reason_player TEXT,
        counted BIGINT NOT NULL,
        record TEXT NOT NULL
    )",
    "CREATE INDEX games_ended_at ON games (ended_at)",
    "CREATE INDEX games_kind ON games (kind, id)",
    "CREATE TABLE running_games (
        id BIGINT PRIMARY KEY,
        kind TEXT NOT NULL,
        first_player TEXT NOT NULL,
        second_player TEXT NOT NULL,
        first_computer BIGINT NOT NULL,
        second_computer BIGINT NOT NULL,
        daily TEXT,
        started_at BIGINT NOT NULL
    )",
    "CREATE TABLE scores (
        board TEXT NOT NULL,
        period TEXT NOT NULL,
        name TEXT NOT NULL,
        points BIGINT NOT NULL,
        PRIMARY KEY (board, period, name)
    )",
    "CREATE TABLE score_changes (
        game_id BIGINT NOT NULL,
        board TEXT NOT NULL,
        period TEXT NOT NULL,
        name TEXT NOT NULL,
        points_before BIGINT,
        points_after BIGINT NOT NULL,
        PRIMARY KEY (game_id, board, period, name)
    )",
    "CREATE TABLE names (
        name_key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        registered_at BIGINT NOT NULL
    )",
    "CREATE TABLE counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL)",
    "INSERT INTO schema_version (version, applied_at) VALUES (2, $1)",
];

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The `--db` argument says nothing usable.
    #[error("{0}")]
    Target(String),
    /// The database cannot be opened.
    #[error("cannot open the database {url}: {why}")]
    Open {
        /// The URL or path given (password hidden).
        url: String,
        /// Why.
        why: String,
    },
    /// A query failed.
    #[error("database error: {0}")]
    Sql(#[from] sqlx::Error),
    /// The database was written by a newer server.
    #[error("the database has schema version {found}; this server knows versions up to {known}")]
    NewerSchema {
        /// The version found.
        found: i64,
        /// The newest this server knows.
        known: i64,
    },
    /// A read-only open found no Spielcenter database.
    #[error("{0} holds no Spielcenter database (no games were ever stored there)")]
    Empty(String),
    /// A stored row does not make sense.
    #[error("stored game {id} is damaged: {why}")]
    Damaged {
        /// The game.
        id: i64,
        /// What is wrong.
        why: String,
    },
}

/// Which database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// An SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// How to open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Create and migrate as needed (the server).
    Write,
    /// Read only: the database must exist and is never changed (export).
    Read,
}

fn int(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

fn uint(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

/// The storage: a pool of connections and which database it is.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
}

/// What opening the store found.
#[derive(Debug, Clone, Default)]
pub struct OpenReport {
    /// Running games that a crash or stop had left and that were ended.
    pub ended_running: Vec<u64>,
    /// The score tables disagreed with the games and were rebuilt.
    pub rebuilt_scores: bool,
}

/// A game that starts, as `running_games` notes it.
#[derive(Debug, Clone)]
pub struct Running {
    /// The id.
    pub id: GameId,
    /// The kind.
    pub kind: &'static str,
    /// The players, first player first.
    pub players: [String; 2],
    /// Which are computers.
    pub computers: [bool; 2],
    /// The game of the day's date.
    pub daily: Option<Day>,
    /// When.
    pub started_at: Millis,
}

/// A name to register with the start of its first game.
#[derive(Debug, Clone)]
pub struct Registration {
    /// The key under which names are unique.
    pub key: String,
    /// The name as chosen.
    pub name: String,
    /// The SHA-256 of the browser's token, hexadecimal.
    pub token_hash: String,
}

/// Reads the `--db` argument: a `postgres://` or `postgresql://` URL, an
/// `sqlite:` URL (created unless it says `mode=`), or else a file path for
/// SQLite. Anything else with a `scheme://` is refused.
fn target(text: &str, access: Access) -> Result<(String, Backend), StoreError> {
    if text.trim().is_empty() {
        return Err(StoreError::Target(
            "--db is empty: give an SQLite file, an sqlite: URL or a postgres:// URL".into(),
        ));
    }
    if text.starts_with("postgres://") || text.starts_with("postgresql://") {
        return Ok((text.to_string(), Backend::Postgres));
    }
    let mode = match access {
        Access::Write => "rwc",
        Access::Read => "ro",
    };
    if let Some(rest) = text.strip_prefix("sqlite:") {
        let sep = if rest.contains('?') { '&' } else { '?' };
        let url = if rest.contains("mode=") {
            text.to_string()
        } else {
            format!("{text}{sep}mode={mode}")
        };
        return Ok((url, Backend::Sqlite));
    }
    if let Some((scheme, _)) = text.split_once("://")
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '+')
    {
        return Err(StoreError::Target(format!(
            "--db {scheme}://...: databases of kind {scheme:?} are not supported; give an SQLite file, an sqlite: URL or a postgres:// URL"
        )));
    }
    let mut encoded = String::from("sqlite://");
    for c in text.chars() {
        match c {
            '%' | '?' | '#' => {
                let _ = write!(encoded, "%{:02X}", u32::from(c));
            }
            c => encoded.push(c),
        }
    }
    let _ = write!(encoded, "?mode={mode}");
    Ok((encoded, Backend::Sqlite))
}

/// The reason of an sqlx error, without the noise.
fn why(e: &sqlx::Error) -> String {
    match e {
        sqlx::Error::Database(d) => d.message().to_string(),
        sqlx::Error::Io(io) => io.to_string(),
        e => e.to_string(),
    }
}

impl Store {
    /// Opens the database (see [`target`]): for [`Access::Write`] it is
    /// created and migrated as needed; for [`Access::Read`] it must hold a
    /// Spielcenter database already and is never written. A file that is
    /// not a database or a server that does not answer is reported at
    /// once.
    pub async fn open(text: &str, access: Access) -> Result<Store, StoreError> {
        install_default_drivers();
        let (url, backend) = target(text, access)?;
        let shown = redact(text);
        let open_error = |e: &sqlx::Error| StoreError::Open {
            url: shown.clone(),
            why: why(e),
        };
        let options: AnyConnectOptions = url.parse().map_err(|e| open_error(&e))?;
        // One connection first, with the same settings as the pool's: its
        // error (not a database, refused, no such file) is the one to show,
        // at once rather than after the pool's timeout.
        let probe = tokio::time::timeout(Duration::from_secs(10), async {
            let mut c = sqlx::AnyConnection::connect_with(&options).await?;
            prepare(&mut c).await?;
            c.close().await
        })
        .await;
        match probe {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(open_error(&e)),
            Err(_) => {
                return Err(StoreError::Open {
                    url: shown,
                    why: "no answer within 10 seconds".into(),
                });
            }
        }
        let pool = AnyPoolOptions::new()
            .max_connections(match backend {
                Backend::Sqlite => 4,
                Backend::Postgres => 8,
            })
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(|conn, _meta| Box::pin(async move { prepare(conn).await }))
            .connect_with(options)
            .await
            .map_err(|e| open_error(&e))?;
        let store = Store { pool, backend };
        match access {
            Access::Write => {}
            Access::Read => {
                if store.version().await? == 0 {
                    store.close().await;
                    return Err(StoreError::Empty(shown));
                }
            }
        }
        Ok(store)
    }

    /// Which database.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The schema version stored (0: none).
    async fn version(&self) -> Result<i64, StoreError> {
        let exists = match self.backend {
            Backend::Sqlite => {
                sqlx::query(
                    "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'",
                )
                .fetch_one(&self.pool)
                .await?
                .try_get::<i64, _>(0)?
            }
            Backend::Postgres => {
                sqlx::query(
                    "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'schema_version'",
                )
                .fetch_one(&self.pool)
                .await?
                .try_get::<i64, _>(0)?
            }
        } > 0;
        if !exists {
            return Ok(0);
        }
        Ok(sqlx::query("SELECT MAX(version) FROM schema_version")
            .fetch_one(&self.pool)
            .await?
            .try_get::<Option<i64>, _>(0)?
            .unwrap_or(0))
    }

    /// Creates the tables, or migrates an older schema; returns the version
    /// migrated from, if any.
    pub async fn migrate(&self, now: Millis) -> Result<Option<i64>, StoreError> {
        let found = self.version().await?;
        if found > SCHEMA_VERSION {
            return Err(StoreError::NewerSchema {
                found,
                known: SCHEMA_VERSION,
            });
        }
        if found == SCHEMA_VERSION {
            return Ok(None);
        }
        let mut tx = self.pool.begin().await?;
        if found == 0 {
            sqlx::query(
                "CREATE TABLE schema_version (version BIGINT NOT NULL, applied_at BIGINT NOT NULL)",
            )
            .execute(&mut *tx)
            .await?;
        } else {
            // Version 1: Battlegeneral alone. Its tables make way.
            sqlx::query("DROP INDEX games_ended_at")
                .execute(&mut *tx)
                .await?;
            sqlx::query("ALTER TABLE games RENAME TO games_v1")
                .execute(&mut *tx)
                .await?;
            sqlx::query("ALTER TABLE running_games RENAME TO running_games_v1")
                .execute(&mut *tx)
                .await?;
        }
        for sql in SCHEMA {
            let q = sqlx::query(sql);
            let q = if sql.contains("$1") {
                q.bind(int(now))
            } else {
                q
            };
            q.execute(&mut *tx).await?;
        }
        if found == 1 {
            migrate_v1(&mut tx).await?;
        }
        tx.commit().await?;
        Ok((found != 0).then_some(found))
    }

    /// Reserves the next [`ID_BLOCK`] game ids (committed before any is
    /// used, so none is ever given twice).
    pub async fn reserve_ids(&self) -> Result<std::ops::Range<u64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        // A write first: the transaction takes the write lock before it
        // reads, so its reads are the latest (an SQLite transaction that
        // read first could not write after another one committed).
        sqlx::query(
            "INSERT INTO counters (name, value) VALUES ('next_game', 1) ON CONFLICT (name) DO NOTHING",
        )
        .execute(&mut *tx)
        .await?;
        let mut next = 1;
        for sql in [
            "SELECT COALESCE(MAX(id), 0) FROM games",
            "SELECT COALESCE(MAX(id), 0) FROM running_games",
            "SELECT COALESCE(MAX(value) - 1, 0) FROM counters WHERE name = 'next_game'",
        ] {
            let v: i64 = sqlx::query(sql).fetch_one(&mut *tx).await?.try_get(0)?;
            next = next.max(uint(v) + 1);
        }
        let end = next + ID_BLOCK;
        sqlx::query(
            "INSERT INTO counters (name, value) VALUES ('next_game', $1)
             ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        )
        .bind(int(end))
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(next..end)
    }

    /// Every registered name: key, name, token hash.
    pub async fn names(&self) -> Result<HashMap<String, (String, String)>, StoreError> {
        let rows = sqlx::query("SELECT name_key, name, token_hash FROM names")
            .fetch_all(&self.pool)
            .await?;
        let mut out = HashMap::new();
        for row in rows {
            out.insert(row.try_get(0)?, (row.try_get(1)?, row.try_get(2)?));
        }
        Ok(out)
    }

    /// Notes a game that starts and registers its players' new names, in
    /// one transaction; the players are told only after it committed.
    pub async fn start_game(
        &self,
        game: &Running,
        names: &[Registration],
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO running_games (id, kind, first_player, second_player, first_computer, second_computer, daily, started_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(int(game.id))
        .bind(game.kind.to_string())
        .bind(game.players[0].clone())
        .bind(game.players[1].clone())
        .bind(i64::from(game.computers[0]))
        .bind(i64::from(game.computers[1]))
        .bind(game.daily.map(|d| d.to_string()))
        .bind(int(game.started_at))
        .execute(&mut *tx)
        .await?;
        for r in names {
            sqlx::query(
                "INSERT INTO names (name_key, name, token_hash, registered_at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (name_key) DO NOTHING",
            )
            .bind(r.key.clone())
            .bind(r.name.clone())
            .bind(r.token_hash.clone())
            .bind(int(game.started_at))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Ends the games a crash or stop left running (see the module
    /// documentation) at `now` (or at their start, if that is later: a
    /// fast test clock may run ahead of real time), and checks the score
    /// tables against the stored games, rebuilding them if they differ.
    /// Returns the tables and the last `seq`.
    pub async fn recover(
        &self,
        now: Millis,
        calendar: &Calendar,
    ) -> Result<(Standing, Highscores, u64, OpenReport), StoreError> {
        let mut report = OpenReport::default();
        let mut seq = uint(
            sqlx::query("SELECT COALESCE(MAX(seq), 0) FROM games")
                .fetch_one(&self.pool)
                .await?
                .try_get(0)?,
        );
        let rows = sqlx::query(
            "SELECT id, kind, first_player, second_player, first_computer, second_computer, daily, started_at
             FROM running_games ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        if !rows.is_empty() {
            let mut tx = self.pool.begin().await?;
            for row in rows {
                let id: i64 = row.try_get(0)?;
                let daily: Option<String> = row.try_get(6)?;
                let started_at = uint(row.try_get(7)?);
                seq += 1;
                let game = StoredGame {
                    id: uint(id),
                    seq,
                    kind: row.try_get(1)?,
                    players: [row.try_get(2)?, row.try_get(3)?],
                    computers: [
                        row.try_get::<i64, _>(4)? != 0,
                        row.try_get::<i64, _>(5)? != 0,
                    ],
                    daily: daily.and_then(|d| d.parse().ok()),
                    started_at,
                    ended_at: now.max(started_at),
                    plies: 0,
                    outcome: None,
                    reason: "server_stopped".into(),
                    reason_player: None,
                    counted: false,
                    record: Value::Object(serde_json::Map::new()),
                };
                insert_game(&mut tx, &game).await?;
                sqlx::query("DELETE FROM running_games WHERE id = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                report.ended_running.push(uint(id));
            }
            tx.commit().await?;
        }
        // The tables as the games' rules compute them, game by game.
        let mut standing = Standing::default();
        let mut changes: Vec<(u64, Vec<Change>)> = Vec::new();
        let mut by_seq = Vec::new();
        let mut after_seq = 0;
        loop {
            let batch = self.games_by_seq(after_seq, 1000).await?;
            if batch.is_empty() {
                break;
            }
            after_seq = batch.last().map_or(after_seq, |g| g.seq);
            by_seq.extend(batch);
        }
        let mut counted_wrong = Vec::new();
        let mut highscores = Highscores::default();
        for g in &by_seq {
            if let Some(kind) = games::kind(&g.kind)
                && let Some(rule) = kind.highscore
                && let Some(entry) = (rule.entry)(g)
            {
                highscores.insert(entry, rule.rows);
            }
            let c = score_of(g, calendar, &standing);
            standing.apply(&c);
            let counts = !c.is_empty();
            if g.counted != counts {
                counted_wrong.push((g.id, counts));
            }
            if !c.is_empty() {
                changes.push((g.id, c));
            }
        }
        let mut stored = Standing::default();
        for row in sqlx::query("SELECT board, period, name, points FROM scores")
            .fetch_all(&self.pool)
            .await?
        {
            let period: String = row.try_get(1)?;
            let Ok(period) = period.parse::<Period>() else {
                report.rebuilt_scores = true;
                continue;
            };
            let points: i64 = row.try_get(3)?;
            stored.set(
                &row.try_get::<String, _>(0)?,
                period,
                &row.try_get::<String, _>(2)?,
                u32::try_from(points).unwrap_or(u32::MAX),
            );
        }
        if stored != standing || !counted_wrong.is_empty() || report.rebuilt_scores {
            report.rebuilt_scores = true;
            let mut tx = self.pool.begin().await?;
            sqlx::query("DELETE FROM scores").execute(&mut *tx).await?;
            sqlx::query("DELETE FROM score_changes")
                .execute(&mut *tx)
                .await?;
            for (board, period, name, points) in standing.rows() {
                sqlx::query(
                    "INSERT INTO scores (board, period, name, points) VALUES ($1, $2, $3, $4)",
                )
                .bind(board.to_string())
                .bind(period.to_string())
                .bind(name.to_string())
                .bind(i64::from(points))
                .execute(&mut *tx)
                .await?;
            }
            for (id, c) in &changes {
                insert_changes(&mut tx, *id, c).await?;
            }
            for (id, c) in counted_wrong {
                sqlx::query("UPDATE games SET counted = $1 WHERE id = $2")
                    .bind(i64::from(c))
                    .bind(int(id))
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
        }
        Ok((standing, highscores, seq, report))
    }

    /// Stores a finished game (its `seq` and `counted` set) with its score
    /// changes in one transaction.
    pub async fn finish_game(
        &self,
        game: &StoredGame,
        changes: &[Change],
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        insert_game(&mut tx, game).await?;
        sqlx::query("DELETE FROM running_games WHERE id = $1")
            .bind(int(game.id))
            .execute(&mut *tx)
            .await?;
        for c in changes {
            sqlx::query(
                "INSERT INTO scores (board, period, name, points) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (board, period, name) DO UPDATE SET points = excluded.points",
            )
            .bind(c.board.clone())
            .bind(c.period.to_string())
            .bind(c.name.clone())
            .bind(i64::from(c.after))
            .execute(&mut *tx)
            .await?;
        }
        insert_changes(&mut tx, game.id, changes).await?;
        tx.commit().await?;
        Ok(())
    }

    /// A stored table, best first (ties by name), at most `limit` rows.
    pub async fn table(
        &self,
        board: &str,
        period: Period,
        limit: u32,
    ) -> Result<Vec<Score>, StoreError> {
        let collate = match self.backend {
            Backend::Sqlite => "BINARY",
            Backend::Postgres => "\"C\"",
        };
        let rows = sqlx::query(&format!(
            "SELECT name, points FROM scores WHERE board = $1 AND period = $2
             ORDER BY points DESC, name COLLATE {collate} LIMIT $3"
        ))
        .bind(board.to_string())
        .bind(period.to_string())
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|row| {
                let points: i64 = row.try_get(1)?;
                Ok(Score {
                    name: row.try_get(0)?,
                    points: u32::try_from(points).unwrap_or(u32::MAX),
                })
            })
            .collect()
    }

    /// Finished games with an id above `after` (of one kind, if given),
    /// oldest first, at most `limit`.
    pub async fn games(
        &self,
        after: u64,
        limit: u32,
        kind: Option<&str>,
    ) -> Result<Vec<StoredGame>, StoreError> {
        let rows =
            match kind {
                None => {
                    sqlx::query(&format!(
                        "SELECT {COLUMNS} FROM games WHERE id > $1 ORDER BY id LIMIT $2"
                    ))
                    .bind(int(after))
                    .bind(i64::from(limit))
                    .fetch_all(&self.pool)
                    .await?
                }
                Some(k) => sqlx::query(&format!(
                    "SELECT {COLUMNS} FROM games WHERE kind = $1 AND id > $2 ORDER BY id LIMIT $3"
                ))
                .bind(k.to_string())
                .bind(int(after))
                .bind(i64::from(limit))
                .fetch_all(&self.pool)
                .await?,
            };
        rows.iter().map(read_game).collect()
    }

    async fn games_by_seq(&self, after: u64, limit: u32) -> Result<Vec<StoredGame>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM games WHERE seq > $1 ORDER BY seq LIMIT $2"
        ))
        .bind(int(after))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(read_game).collect()
    }

    /// One finished game.
    pub async fn game(&self, id: u64) -> Result<Option<StoredGame>, StoreError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM games WHERE id = $1"))
            .bind(int(id))
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(read_game).transpose()
    }

    /// Closes the pool (waits for the connections to finish).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// The settings of every connection: for SQLite durable commits that
/// survive a crash of the process and of the machine, readers that do not
/// block the writer, and a wait for a locked file. (A file that is not a
/// database fails here, on its first statement.)
async fn prepare(conn: &mut sqlx::AnyConnection) -> Result<(), sqlx::Error> {
    if conn.backend_name() == "SQLite" {
        conn.execute("PRAGMA busy_timeout = 10000").await?;
        conn.execute("PRAGMA journal_mode = WAL").await?;
        conn.execute("PRAGMA synchronous = FULL").await?;
    }
    Ok(())
}

/// The score changes of a stored game by its kind's rule (none for a kind
/// this server does not host).
#[must_use]
pub fn score_of(game: &StoredGame, calendar: &Calendar, standing: &Standing) -> Vec<Change> {
    match games::kind(&game.kind) {
        Some(kind) => (kind.score)(game, calendar.day_of(game.ended_at), standing),
        None => Vec::new(),
    }
}

/// A URL with its password hidden, for messages.
fn redact(target: &str) -> String {
    match (target.find("://"), target.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let userinfo = &target[scheme + 3..at];
            match userinfo.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &target[..scheme + 3], &target[at..]),
                None => target.to_string(),
            }
        }
        _ => target.to_string(),
    }
}

const COLUMNS: &str = "id, seq, kind, first_player, second_player, first_computer, \
    second_computer, daily, started_at, ended_at, plies, outcome, reason, reason_player, \
    counted, record";

async fn insert_changes(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game: GameId,
    changes: &[Change],
) -> Result<(), StoreError> {
    for c in changes {
        sqlx::query(
            "INSERT INTO score_changes (game_id, board, period, name, points_before, points_after)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(int(game))
        .bind(c.board.clone())
        .bind(c.period.to_string())
        .bind(c.name.clone())
        .bind(c.before.map(i64::from))
        .bind(i64::from(c.after))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

async fn insert_game(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    g: &StoredGame,
) -> Result<(), StoreError> {
    let kind = games::kind(&g.kind);
    let outcome = match (kind, g.outcome) {
        (Some(k), o) => k.outcome_text(o).to_string(),
        (None, None) => "none".into(),
        (None, Some(_)) => {
            return Err(StoreError::Damaged {
                id: int(g.id),
                why: format!("unknown kind {:?}", g.kind),
            });
        }
    };
    let reason_player = match (kind, g.reason_player) {
        (Some(k), Some(p)) => Some(k.side(p).to_string()),
        (None, Some(_)) => {
            return Err(StoreError::Damaged {
                id: int(g.id),
                why: format!("unknown kind {:?}", g.kind),
            });
        }
        (_, None) => None,
    };
    sqlx::query(
        "INSERT INTO games (id, seq, kind, first_player, second_player, first_computer, second_computer,
            daily, started_at, ended_at, plies, outcome, reason, reason_player, counted, record)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
    )
    .bind(int(g.id))
    .bind(int(g.seq))
    .bind(g.kind.clone())
    .bind(g.players[0].clone())
    .bind(g.players[1].clone())
    .bind(i64::from(g.computers[0]))
    .bind(i64::from(g.computers[1]))
    .bind(g.daily.map(|d| d.to_string()))
    .bind(int(g.started_at))
    .bind(int(g.ended_at))
    .bind(int(g.plies))
    .bind(outcome)
    .bind(g.reason.clone())
    .bind(reason_player)
    .bind(i64::from(g.counted))
    .bind(g.record.to_string())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

fn read_game(row: &sqlx::any::AnyRow) -> Result<StoredGame, StoreError> {
    let id: i64 = row.try_get("id")?;
    let damaged = |why: String| StoreError::Damaged { id, why };
    let kind_id: String = row.try_get("kind")?;
    let kind = games::kind(&kind_id);
    let outcome: String = row.try_get("outcome")?;
    let outcome = match kind {
        Some(k) => k.outcome_from(&outcome),
        None => (outcome == "none").then_some(None),
    }
    .ok_or_else(|| damaged(format!("outcome {outcome:?}")))?;
    let reason_player: Option<String> = row.try_get("reason_player")?;
    let reason_player = match reason_player {
        None => None,
        Some(t) => Some(
            kind.and_then(|k| k.side_from(&t))
                .ok_or_else(|| damaged(format!("reason player {t:?}")))?,
        ),
    };
    let daily: Option<String> = row.try_get("daily")?;
    let daily = daily
        .map(|d| d.parse::<Day>().map_err(|e| damaged(e.to_string())))
        .transpose()?;
    let record: String = row.try_get("record")?;
    let record: Value =
        serde_json::from_str(&record).map_err(|e| damaged(format!("record: {e}")))?;
    Ok(StoredGame {
        id: uint(id),
        seq: uint(row.try_get("seq")?),
        kind: kind_id,
        players: [row.try_get("first_player")?, row.try_get("second_player")?],
        computers: [
            row.try_get::<i64, _>("first_computer")? != 0,
            row.try_get::<i64, _>("second_computer")? != 0,
        ],
        daily,
        started_at: uint(row.try_get("started_at")?),
        ended_at: uint(row.try_get("ended_at")?),
        plies: uint(row.try_get("plies")?),
        outcome,
        reason: row.try_get("reason")?,
        reason_player,
        counted: row.try_get::<i64, _>("counted")? != 0,
        record,
    })
}

/// Copies the games of schema version 1 (Battlegeneral alone: `red`,
/// `blue`, the setups and moves in columns of their own) into version 2
/// and drops the old tables. The score tables are rebuilt from the games
/// at the next start of the store.
async fn migrate_v1(tx: &mut sqlx::Transaction<'_, sqlx::Any>) -> Result<(), StoreError> {
    use crate::games::battlegeneral::ID;
    let rows = sqlx::query(
        "SELECT id, seq, red, blue, red_computer, blue_computer, army, rules, started_at,
            setup_done_at, ended_at, red_setup, blue_setup, moves, move_times, plies, outcome,
            reason, reason_player, counted FROM games_v1 ORDER BY seq",
    )
    .fetch_all(&mut **tx)
    .await?;
    for row in rows {
        let id: i64 = row.try_get("id")?;
        let outcome: String = row.try_get("outcome")?;
        let outcome: Option<Outcome> = match outcome.as_str() {
            "red" => Some(Outcome::Win(Player::First)),
            "blue" => Some(Outcome::Win(Player::Second)),
            "draw" => Some(Outcome::Draw),
            "none" => None,
            other => {
                return Err(StoreError::Damaged {
                    id,
                    why: format!("outcome {other:?}"),
                });
            }
        };
        let reason_player: Option<String> = row.try_get("reason_player")?;
        let counted = row.try_get::<i64, _>("counted")? != 0;
        let record = serde_json::json!({
            "army": row.try_get::<String, _>("army")?,
            "rules": row.try_get::<String, _>("rules")?,
            "counts": counted,
            "setup_done_at": row.try_get::<Option<i64>, _>("setup_done_at")?,
            "red_setup": row.try_get::<Option<String>, _>("red_setup")?,
            "blue_setup": row.try_get::<Option<String>, _>("blue_setup")?,
            "moves": row.try_get::<String, _>("moves")?,
            "move_times": row.try_get::<String, _>("move_times")?,
        });
        let game = StoredGame {
            id: uint(id),
            seq: uint(row.try_get("seq")?),
            kind: ID.to_string(),
            players: [row.try_get("red")?, row.try_get("blue")?],
            computers: [
                row.try_get::<i64, _>("red_computer")? != 0,
                row.try_get::<i64, _>("blue_computer")? != 0,
            ],
            daily: None,
            started_at: uint(row.try_get("started_at")?),
            ended_at: uint(row.try_get("ended_at")?),
            plies: uint(row.try_get("plies")?),
            outcome,
            reason: row.try_get("reason")?,
            reason_player: reason_player.as_deref().and_then(|t| match t {
                "red" => Some(Player::First),
                "blue" => Some(Player::Second),
                _ => None,
            }),
            counted,
            record,
        };
        insert_game(tx, &game).await?;
    }
    let running = sqlx::query("SELECT id, red, blue, started_at FROM running_games_v1")
        .fetch_all(&mut **tx)
        .await?;
    for row in running {
        sqlx::query(
            "INSERT INTO running_games (id, kind, first_player, second_player, first_computer, second_computer, daily, started_at)
             VALUES ($1, $2, $3, $4, 0, 0, NULL, $5)",
        )
        .bind(row.try_get::<i64, _>(0)?)
        .bind(ID.to_string())
        .bind(row.try_get::<String, _>(1)?)
        .bind(row.try_get::<String, _>(2)?)
        .bind(row.try_get::<i64, _>(3)?)
        .execute(&mut **tx)
        .await?;
    }
    for table in [
        "games_v1",
        "running_games_v1",
        "points_eternal",
        "points_monthly",
        "points_changes",
    ] {
        sqlx::query(&format!("DROP TABLE {table}"))
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;

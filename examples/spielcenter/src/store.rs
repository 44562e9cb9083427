//! Storage through sqlx: an SQLite file by default (created and migrated on
//! start), PostgreSQL by URL. Runtime queries only, one SQL text for both
//! (standard types, `$n` parameters) but for the sort collation.
//!
//! Tables (schema version 1):
//!
//! - `games`: every finished game: both players, both setups (deployment
//!   text form, front row first), every move (`a4-a5 a7-a6 ...`) with its
//!   time, the result, the reason and whether it counted. `seq` is the
//!   order in which games were stored, the order the leaderboard is built
//!   in.
//! - `running_games`: games in progress. A server that starts finds the
//!   ones a crash or stop left behind and ends them by the documented
//!   rule: stored as finished with outcome `none`, reason `server_stopped`,
//!   no points.
//! - `points_eternal`, `points_monthly`: the leaderboard, and
//!   `points_changes`: every change with its game, before and after.
//!
//! A finished game, its points and its changes are written in one
//! transaction; the server tells the players the result only after the
//! commit. The leaderboard is computed by `stratego_rules::leaderboard`
//! from the counted games in `seq` order; on start the tables are checked
//! against that and rebuilt if they differ.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use board_core::{Outcome, Player};
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Executor, Row};
use stratego_rules::leaderboard::{Leaderboard, YearMonth};
use stratego_rules::session::Millis;
use stratego_rules::{Army, Deployment, Move};

use super::protocol::{Points, Score, Tables};

/// The schema version this server writes.
pub const SCHEMA_VERSION: i64 = 1;

const MIGRATIONS: [&str; 8] = [
    "CREATE TABLE schema_version (version BIGINT NOT NULL, applied_at BIGINT NOT NULL)",
    "CREATE TABLE games (
        id BIGINT PRIMARY KEY,
        seq BIGINT NOT NULL UNIQUE,
        red TEXT NOT NULL,
        blue TEXT NOT NULL,
        red_computer BIGINT NOT NULL,
        blue_computer BIGINT NOT NULL,
        army TEXT NOT NULL,
        rules TEXT NOT NULL,
        started_at BIGINT NOT NULL,
        setup_done_at BIGINT,
        ended_at BIGINT NOT NULL,
        red_setup TEXT,
        blue_setup TEXT,
        moves TEXT NOT NULL,
        move_times TEXT NOT NULL,
        plies BIGINT NOT NULL,
        outcome TEXT NOT NULL,
        reason TEXT NOT NULL,
        reason_player TEXT,
        counted BIGINT NOT NULL
    )",
    "CREATE INDEX games_ended_at ON games (ended_at)",
    "CREATE TABLE running_games (
        id BIGINT PRIMARY KEY,
        red TEXT NOT NULL,
        blue TEXT NOT NULL,
        started_at BIGINT NOT NULL
    )",
    "CREATE TABLE points_eternal (name TEXT PRIMARY KEY, points BIGINT NOT NULL)",
    "CREATE TABLE points_monthly (
        month TEXT NOT NULL,
        name TEXT NOT NULL,
        points BIGINT NOT NULL,
        PRIMARY KEY (month, name)
    )",
    "CREATE TABLE points_changes (
        game_id BIGINT NOT NULL,
        name TEXT NOT NULL,
        month TEXT NOT NULL,
        eternal_before BIGINT NOT NULL,
        eternal_after BIGINT NOT NULL,
        monthly_before BIGINT NOT NULL,
        monthly_after BIGINT NOT NULL,
        PRIMARY KEY (game_id, name)
    )",
    "INSERT INTO schema_version (version, applied_at) VALUES (1, $1)",
];

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database cannot be opened.
    #[error("cannot open the database {url}: {source}")]
    Open {
        /// The URL or path given.
        url: String,
        /// Why.
        source: sqlx::Error,
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

/// Why a game ended, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// A Flag was captured.
    FlagCaptured,
    /// The side to move could not move (or neither could: a draw).
    NoMoves,
    /// This player let the move clock run out.
    TimeOut(Player),
    /// This player left (closed or reloaded the tab, or pressed leave).
    Left(Player),
    /// The setup time ran out: this player had not handed in its setup
    /// (`None`: neither had; no result).
    SetupTimeout(Option<Player>),
    /// The server stopped (crash, kill or shutdown) while the game ran: no
    /// result, no points.
    ServerStopped,
}

impl Reason {
    /// The stored text and player.
    #[must_use]
    pub fn parts(self) -> (&'static str, Option<Player>) {
        match self {
            Reason::FlagCaptured => ("flag_captured", None),
            Reason::NoMoves => ("no_moves", None),
            Reason::TimeOut(p) => ("timeout", Some(p)),
            Reason::Left(p) => ("left", Some(p)),
            Reason::SetupTimeout(p) => ("setup_timeout", p),
            Reason::ServerStopped => ("server_stopped", None),
        }
    }

    fn from_parts(text: &str, player: Option<Player>) -> Option<Reason> {
        Some(match (text, player) {
            ("flag_captured", _) => Reason::FlagCaptured,
            ("no_moves", _) => Reason::NoMoves,
            ("timeout", Some(p)) => Reason::TimeOut(p),
            ("left", Some(p)) => Reason::Left(p),
            ("setup_timeout", p) => Reason::SetupTimeout(p),
            ("server_stopped", _) => Reason::ServerStopped,
            _ => return None,
        })
    }
}

/// A finished game, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's id.
    pub id: u64,
    /// The order of storing (0 until stored).
    pub seq: u64,
    /// Red's name (the acceptor).
    pub red: String,
    /// Blue's name (the challenger).
    pub blue: String,
    /// Red is a computer player.
    pub red_computer: bool,
    /// Blue is a computer player.
    pub blue_computer: bool,
    /// The army.
    pub army: Army,
    /// The rules preset's name.
    pub rules: String,
    /// When the challenge was accepted (session milliseconds).
    pub started_at: Millis,
    /// When both setups stood.
    pub setup_done_at: Option<Millis>,
    /// When it ended.
    pub ended_at: Millis,
    /// Red's setup, if handed in.
    pub red_setup: Option<Deployment>,
    /// Blue's setup, if handed in.
    pub blue_setup: Option<Deployment>,
    /// Every move with its time.
    pub moves: Vec<(Move, Millis)>,
    /// The result (`None`: ended without one).
    pub outcome: Option<Outcome>,
    /// Why it ended.
    pub reason: Reason,
    /// It counts for the leaderboard.
    pub counted: bool,
}

/// A game's summary for lists.
#[derive(Debug, Clone, serde::Serialize)]
pub struct GameSummary {
    /// The id.
    pub id: u64,
    /// The order in which the games were stored (and the leaderboard
    /// built).
    pub seq: u64,
    /// Red.
    pub red: String,
    /// Blue.
    pub blue: String,
    /// `red`, `blue`, `draw` or `none`.
    pub outcome: &'static str,
    /// The reason (see [`Reason`]).
    pub reason: &'static str,
    /// `red` or `blue`: who timed out, left or missed the setup time.
    pub reason_player: Option<&'static str>,
    /// Counted for the leaderboard.
    pub counted: bool,
    /// Plies played.
    pub plies: usize,
    /// Accepted at (Unix ms).
    pub started_at: Millis,
    /// Ended at (Unix ms).
    pub ended_at: Millis,
}

impl GameRecord {
    /// The summary.
    #[must_use]
    pub fn summary(&self) -> GameSummary {
        let (reason, player) = self.reason.parts();
        GameSummary {
            id: self.id,
            seq: self.seq,
            red: self.red.clone(),
            blue: self.blue.clone(),
            outcome: outcome_text(self.outcome),
            reason,
            reason_player: player.map(side_text),
            counted: self.counted,
            plies: self.moves.len(),
            started_at: self.started_at,
            ended_at: self.ended_at,
        }
    }
}

fn side_text(p: Player) -> &'static str {
    match p {
        Player::First => "red",
        Player::Second => "blue",
    }
}

fn side_from(text: &str) -> Option<Player> {
    match text {
        "red" => Some(Player::First),
        "blue" => Some(Player::Second),
        _ => None,
    }
}

/// `red`, `blue`, `draw` or `none`.
#[must_use]
pub fn outcome_text(o: Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::Win(p)) => side_text(p),
        Some(Outcome::Draw) => "draw",
        None => "none",
    }
}

fn outcome_from(text: &str) -> Option<Option<Outcome>> {
    Some(match text {
        "draw" => Some(Outcome::Draw),
        "none" => None,
        t => Some(Outcome::Win(side_from(t)?)),
    })
}

/// `YYYY-MM`.
#[must_use]
pub fn month_text(m: YearMonth) -> String {
    format!("{:04}-{:02}", m.year, m.month)
}

/// Parses `YYYY-MM`.
#[must_use]
pub fn parse_month(text: &str) -> Option<YearMonth> {
    let (y, m) = text.split_once('-')?;
    if y.len() != 4 || m.len() != 2 {
        return None;
    }
    let (year, month) = (y.parse().ok()?, m.parse().ok()?);
    (1..=12)
        .contains(&month)
        .then_some(YearMonth { year, month })
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
    /// The leaderboard tables disagreed with the games and were rebuilt.
    pub rebuilt_points: bool,
}

/// The leaderboard with the order of storing, owned by the writer.
#[derive(Debug, Clone, Default)]
pub struct Standing {
    /// The tables, computed by `stratego_rules::leaderboard`.
    pub board: Leaderboard,
    /// The last `seq` stored.
    pub seq: i64,
}

impl Store {
    /// Opens (and creates and migrates) the database: a `postgres://` or
    /// `postgresql://` URL, an `sqlite:` URL, or else a file path for
    /// SQLite.
    pub async fn open(target: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let (url, backend) =
            if target.starts_with("postgres://") || target.starts_with("postgresql://") {
                (target.to_string(), Backend::Postgres)
            } else if target.starts_with("sqlite:") {
                (target.to_string(), Backend::Sqlite)
            } else {
                let mut encoded = String::from("sqlite://");
                for c in target.chars() {
                    match c {
                        '%' | '?' | '#' => {
                            let _ = write!(encoded, "%{:02X}", u32::from(c));
                        }
                        c => encoded.push(c),
                    }
                }
                encoded.push_str("?mode=rwc");
                (encoded, Backend::Sqlite)
            };
        let options = AnyPoolOptions::new()
            .max_connections(match backend {
                Backend::Sqlite => 4,
                Backend::Postgres => 8,
            })
            .after_connect(|conn, _meta| {
                Box::pin(async move {
                    if conn.backend_name() == "SQLite" {
                        // Durable commits that survive a crash of the
                        // process and of the machine; readers do not block
                        // the writer.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = FULL").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                    }
                    Ok(())
                })
            });
        let shown = redact(target);
        let pool = options
            .connect(&url)
            .await
            .map_err(|source| StoreError::Open { url: shown, source })?;
        let store = Store { pool, backend };
        store.migrate().await?;
        Ok(store)
    }

    /// Which database.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.backend
    }

    async fn migrate(&self) -> Result<(), StoreError> {
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
        if exists {
            let found: i64 = sqlx::query("SELECT MAX(version) FROM schema_version")
                .fetch_one(&self.pool)
                .await?
                .try_get::<Option<i64>, _>(0)?
                .unwrap_or(0);
            if found > SCHEMA_VERSION {
                return Err(StoreError::NewerSchema {
                    found,
                    known: SCHEMA_VERSION,
                });
            }
            return Ok(());
        }
        let now = int(super::clock::Clock::new(1).now());
        let mut tx = self.pool.begin().await?;
        for sql in MIGRATIONS {
            let q = sqlx::query(sql);
            let q = if sql.contains("$1") { q.bind(now) } else { q };
            q.execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The first free game id.
    pub async fn next_game_id(&self) -> Result<u64, StoreError> {
        let mut max = 0;
        for sql in [
            "SELECT COALESCE(MAX(id), 0) FROM games",
            "SELECT COALESCE(MAX(id), 0) FROM running_games",
        ] {
            let v: i64 = sqlx::query(sql).fetch_one(&self.pool).await?.try_get(0)?;
            max = max.max(v);
        }
        Ok(uint(max) + 1)
    }

    /// Ends the games a crash or stop left running (see the module
    /// documentation) at `now`, and rebuilds the leaderboard; returns what
    /// the writer needs and what was found.
    pub async fn recover(&self, now: Millis) -> Result<(Standing, OpenReport), StoreError> {
        let mut report = OpenReport::default();
        let mut seq = self.max_seq().await?;
        let rows = sqlx::query("SELECT id, red, blue, started_at FROM running_games ORDER BY id")
            .fetch_all(&self.pool)
            .await?;
        if !rows.is_empty() {
            let mut tx = self.pool.begin().await?;
            for row in rows {
                let id: i64 = row.try_get(0)?;
                seq += 1;
                let record = GameRecord {
                    id: uint(id),
                    seq: uint(seq),
                    red: row.try_get(1)?,
                    blue: row.try_get(2)?,
                    red_computer: false,
                    blue_computer: false,
                    army: Army::Classic,
                    rules: stratego_rules::Preset::Battlegeneral.name().to_string(),
                    started_at: uint(row.try_get(3)?),
                    setup_done_at: None,
                    ended_at: now,
                    red_setup: None,
                    blue_setup: None,
                    moves: Vec::new(),
                    outcome: None,
                    reason: Reason::ServerStopped,
                    counted: false,
                };
                insert_game(&mut tx, &record, seq).await?;
                sqlx::query("DELETE FROM running_games WHERE id = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                report.ended_running.push(uint(id));
            }
            tx.commit().await?;
        }
        let mut board = Leaderboard::default();
        let rows = sqlx::query(
            "SELECT id, red, blue, outcome, ended_at FROM games WHERE counted = 1 ORDER BY seq",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut months = std::collections::BTreeSet::new();
        for row in rows {
            let id: i64 = row.try_get(0)?;
            let outcome: String = row.try_get(3)?;
            let Some(Some(outcome)) = outcome_from(&outcome) else {
                return Err(StoreError::Damaged {
                    id,
                    why: format!("a counted game with outcome {outcome:?}"),
                });
            };
            let month = YearMonth::from_unix_millis(uint(row.try_get(4)?));
            months.insert(month);
            board.record(
                &row.try_get::<String, _>(1)?,
                &row.try_get::<String, _>(2)?,
                outcome,
                month,
            );
        }
        let stored_eternal = self.all_points("points_eternal", None).await?;
        let mut expected_eternal: BTreeMap<String, u32> =
            board.eternal_table().into_iter().collect();
        let mut agree = stored_eternal == expected_eternal;
        let mut stored_months = BTreeMap::new();
        for row in sqlx::query("SELECT month, name, points FROM points_monthly")
            .fetch_all(&self.pool)
            .await?
        {
            let month: String = row.try_get(0)?;
            let points: i64 = row.try_get(2)?;
            stored_months
                .entry(month)
                .or_insert_with(BTreeMap::new)
                .insert(
                    row.try_get::<String, _>(1)?,
                    u32::try_from(points).unwrap_or(u32::MAX),
                );
        }
        let mut expected_months = BTreeMap::new();
        for m in &months {
            let table: BTreeMap<String, u32> = board.monthly_table(*m).into_iter().collect();
            if !table.is_empty() {
                expected_months.insert(month_text(*m), table);
            }
        }
        agree &= stored_months == expected_months;
        if !agree {
            report.rebuilt_points = true;
            let mut tx = self.pool.begin().await?;
            sqlx::query("DELETE FROM points_eternal")
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM points_monthly")
                .execute(&mut *tx)
                .await?;
            for (name, points) in std::mem::take(&mut expected_eternal) {
                sqlx::query("INSERT INTO points_eternal (name, points) VALUES ($1, $2)")
                    .bind(name)
                    .bind(i64::from(points))
                    .execute(&mut *tx)
                    .await?;
            }
            for (month, table) in expected_months {
                for (name, points) in table {
                    sqlx::query(
                        "INSERT INTO points_monthly (month, name, points) VALUES ($1, $2, $3)",
                    )
                    .bind(month.clone())
                    .bind(name)
                    .bind(i64::from(points))
                    .execute(&mut *tx)
                    .await?;
                }
            }
            tx.commit().await?;
        }
        Ok((Standing { board, seq }, report))
    }

    async fn max_seq(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query("SELECT COALESCE(MAX(seq), 0) FROM games")
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?)
    }

    async fn all_points(
        &self,
        table: &str,
        month: Option<&str>,
    ) -> Result<BTreeMap<String, u32>, StoreError> {
        let rows = match month {
            None => {
                sqlx::query(&format!("SELECT name, points FROM {table}"))
                    .fetch_all(&self.pool)
                    .await?
            }
            Some(m) => {
                sqlx::query(&format!(
                    "SELECT name, points FROM {table} WHERE month = $1"
                ))
                .bind(m.to_string())
                .fetch_all(&self.pool)
                .await?
            }
        };
        let mut out = BTreeMap::new();
        for row in rows {
            let points: i64 = row.try_get(1)?;
            out.insert(row.try_get(0)?, u32::try_from(points).unwrap_or(u32::MAX));
        }
        Ok(out)
    }

    /// Notes a game that started (so that a crash leaves a trace of it).
    pub async fn start_game(
        &self,
        id: u64,
        red: &str,
        blue: &str,
        started_at: Millis,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO running_games (id, red, blue, started_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(int(id))
        .bind(red.to_string())
        .bind(blue.to_string())
        .bind(int(started_at))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Stores a finished game with its leaderboard changes in one
    /// transaction. `standing` is updated only once the commit succeeded;
    /// returns both players' points (Red first).
    pub async fn finish_game(
        &self,
        standing: &mut Standing,
        record: &GameRecord,
    ) -> Result<[Points; 2], StoreError> {
        let month = YearMonth::from_unix_millis(record.ended_at);
        let mut next = standing.board.clone();
        if record.counted
            && let Some(outcome) = record.outcome
        {
            next.record(&record.red, &record.blue, outcome, month);
        }
        let seq = standing.seq + 1;
        let mut tx = self.pool.begin().await?;
        insert_game(&mut tx, record, seq).await?;
        sqlx::query("DELETE FROM running_games WHERE id = $1")
            .bind(int(record.id))
            .execute(&mut *tx)
            .await?;
        let month_key = month_text(month);
        let changed = record.counted && record.outcome.is_some();
        for name in [&record.red, &record.blue] {
            if !changed {
                break;
            }
            let before = (
                standing.board.eternal(name),
                standing.board.monthly(month, name),
            );
            let after = (next.eternal(name), next.monthly(month, name));
            sqlx::query(
                "INSERT INTO points_eternal (name, points) VALUES ($1, $2)
                 ON CONFLICT (name) DO UPDATE SET points = excluded.points",
            )
            .bind(name.clone())
            .bind(i64::from(after.0))
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO points_monthly (month, name, points) VALUES ($1, $2, $3)
                 ON CONFLICT (month, name) DO UPDATE SET points = excluded.points",
            )
            .bind(month_key.clone())
            .bind(name.clone())
            .bind(i64::from(after.1))
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO points_changes (game_id, name, month, eternal_before, eternal_after, monthly_before, monthly_after)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(int(record.id))
            .bind(name.clone())
            .bind(month_key.clone())
            .bind(i64::from(before.0))
            .bind(i64::from(after.0))
            .bind(i64::from(before.1))
            .bind(i64::from(after.1))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        standing.board = next;
        standing.seq = seq;
        let points = |name: &str| Points {
            name: name.to_string(),
            eternal: standing.board.eternal(name),
            monthly: standing.board.monthly(month, name),
        };
        Ok([points(&record.red), points(&record.blue)])
    }

    /// The leaderboard of `month` and the eternal one as stored, best first
    /// (ties by name), at most `limit` rows each.
    pub async fn tables(&self, month: YearMonth, limit: u32) -> Result<Tables, StoreError> {
        let collate = match self.backend {
            Backend::Sqlite => "BINARY",
            Backend::Postgres => "\"C\"",
        };
        let month_key = month_text(month);
        let read = |rows: Vec<sqlx::any::AnyRow>| -> Result<Vec<Score>, StoreError> {
            rows.into_iter()
                .map(|row| {
                    let points: i64 = row.try_get(1)?;
                    Ok(Score {
                        name: row.try_get(0)?,
                        points: u32::try_from(points).unwrap_or(u32::MAX),
                    })
                })
                .collect()
        };
        let monthly = sqlx::query(&format!(
            "SELECT name, points FROM points_monthly WHERE month = $1
             ORDER BY points DESC, name COLLATE {collate} LIMIT $2"
        ))
        .bind(month_key.clone())
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        let eternal = sqlx::query(&format!(
            "SELECT name, points FROM points_eternal ORDER BY points DESC, name COLLATE {collate} LIMIT $1"
        ))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        Ok(Tables {
            month: month_key,
            monthly: read(monthly)?,
            eternal: read(eternal)?,
        })
    }

    /// Finished games with an id above `after`, oldest first, at most
    /// `limit`.
    pub async fn games(&self, after: u64, limit: u32) -> Result<Vec<GameRecord>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM games WHERE id > $1 ORDER BY id LIMIT $2"
        ))
        .bind(int(after))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(read_game).collect()
    }

    /// One finished game.
    pub async fn game(&self, id: u64) -> Result<Option<GameRecord>, StoreError> {
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

const COLUMNS: &str = "id, seq, red, blue, red_computer, blue_computer, army, rules, started_at, \
    setup_done_at, ended_at, red_setup, blue_setup, moves, move_times, outcome, reason, \
    reason_player, counted";

async fn insert_game(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    g: &GameRecord,
    seq: i64,
) -> Result<(), StoreError> {
    let moves: Vec<String> = g.moves.iter().map(|(m, _)| m.to_string()).collect();
    let times: Vec<String> = g
        .moves
        .iter()
        .map(|(_, t)| t.saturating_sub(g.started_at).to_string())
        .collect();
    let (reason, player) = g.reason.parts();
    sqlx::query(
        "INSERT INTO games (id, seq, red, blue, red_computer, blue_computer, army, rules,
            started_at, setup_done_at, ended_at, red_setup, blue_setup, moves, move_times, plies,
            outcome, reason, reason_player, counted)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)",
    )
    .bind(int(g.id))
    .bind(seq)
    .bind(g.red.clone())
    .bind(g.blue.clone())
    .bind(i64::from(g.red_computer))
    .bind(i64::from(g.blue_computer))
    .bind(g.army.name().to_string())
    .bind(g.rules.clone())
    .bind(int(g.started_at))
    .bind(g.setup_done_at.map(int))
    .bind(int(g.ended_at))
    .bind(g.red_setup.map(|d| d.to_string()))
    .bind(g.blue_setup.map(|d| d.to_string()))
    .bind(moves.join(" "))
    .bind(times.join(" "))
    .bind(int(g.moves.len() as u64))
    .bind(outcome_text(g.outcome).to_string())
    .bind(reason.to_string())
    .bind(player.map(|p| side_text(p).to_string()))
    .bind(i64::from(g.counted))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

fn read_game(row: &sqlx::any::AnyRow) -> Result<GameRecord, StoreError> {
    let id: i64 = row.try_get("id")?;
    let damaged = |why: String| StoreError::Damaged { id, why };
    let army: String = row.try_get("army")?;
    let army = Army::from_name(&army).ok_or_else(|| damaged(format!("army {army:?}")))?;
    let setup = |col: &str| -> Result<Option<Deployment>, StoreError> {
        let text: Option<String> = row.try_get(col)?;
        text.map(|t| {
            t.parse::<Deployment>()
                .map_err(|e| damaged(format!("{col}: {e}")))
        })
        .transpose()
    };
    let started_at = uint(row.try_get("started_at")?);
    let moves_text: String = row.try_get("moves")?;
    let times_text: String = row.try_get("move_times")?;
    let mut moves = Vec::new();
    for (m, t) in moves_text
        .split_whitespace()
        .zip(times_text.split_whitespace().chain(std::iter::repeat("0")))
    {
        let mv: Move = m.parse().map_err(|e| damaged(format!("move {m:?}: {e}")))?;
        let t: u64 = t.parse().map_err(|_| damaged(format!("move time {t:?}")))?;
        moves.push((mv, started_at.saturating_add(t)));
    }
    let outcome: String = row.try_get("outcome")?;
    let outcome = outcome_from(&outcome).ok_or_else(|| damaged(format!("outcome {outcome:?}")))?;
    let reason: String = row.try_get("reason")?;
    let player: Option<String> = row.try_get("reason_player")?;
    let reason = Reason::from_parts(&reason, player.as_deref().and_then(side_from))
        .ok_or_else(|| damaged(format!("reason {reason:?} {player:?}")))?;
    Ok(GameRecord {
        id: uint(id),
        seq: uint(row.try_get("seq")?),
        red: row.try_get("red")?,
        blue: row.try_get("blue")?,
        red_computer: row.try_get::<i64, _>("red_computer")? != 0,
        blue_computer: row.try_get::<i64, _>("blue_computer")? != 0,
        army,
        rules: row.try_get("rules")?,
        started_at,
        setup_done_at: row.try_get::<Option<i64>, _>("setup_done_at")?.map(uint),
        ended_at: uint(row.try_get("ended_at")?),
        red_setup: setup("red_setup")?,
        blue_setup: setup("blue_setup")?,
        moves,
        outcome,
        reason,
        counted: row.try_get::<i64, _>("counted")? != 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use stratego_rules::predefined;

    fn record(id: u64, red: &str, blue: &str, winner: Player, ended_at: Millis) -> GameRecord {
        let d = predefined();
        GameRecord {
            id,
            seq: 0,
            red: red.into(),
            blue: blue.into(),
            red_computer: false,
            blue_computer: true,
            army: Army::Classic,
            rules: "battlegeneral".into(),
            started_at: ended_at - 300_000,
            setup_done_at: Some(ended_at - 290_000),
            ended_at,
            red_setup: Some(d[0].1),
            blue_setup: Some(d[1].1),
            moves: vec![("a4-a5".parse().unwrap(), ended_at - 1000)],
            outcome: Some(Outcome::Win(winner)),
            reason: Reason::Left(!winner),
            counted: true,
        }
    }

    fn temp_db(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("spielwerk-store-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("games ?#%.sqlite")
    }

    #[tokio::test]
    async fn games_and_points_survive_reopening() {
        let path = temp_db("reopen");
        let store = Store::open(path.to_str().unwrap()).await.unwrap();
        assert_eq!(store.next_game_id().await.unwrap(), 1);
        let (mut standing, report) = store.recover(0).await.unwrap();
        assert!(report.ended_running.is_empty() && !report.rebuilt_points);
        // 2026-03-05
        let march = 1_772_668_800_000;
        store
            .start_game(1, "anna", "bert", march - 300_000)
            .await
            .unwrap();
        store.start_game(2, "anna", "carl", march).await.unwrap();
        let p = store
            .finish_game(
                &mut standing,
                &record(1, "anna", "bert", Player::Second, march),
            )
            .await
            .unwrap();
        assert_eq!((p[0].eternal, p[1].eternal, p[1].monthly), (0, 10, 10));
        store.close().await;
        // Game 2 was running: the next start ends it without points.
        let store = Store::open(path.to_str().unwrap()).await.unwrap();
        assert_eq!(store.next_game_id().await.unwrap(), 3);
        let (standing, report) = store.recover(march + 5).await.unwrap();
        assert_eq!(report.ended_running, [2]);
        assert!(!report.rebuilt_points);
        assert_eq!(standing.board.eternal("bert"), 10);
        let games = store.games(0, 10).await.unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(
            games[0],
            GameRecord {
                seq: 1,
                ..record(1, "anna", "bert", Player::Second, march)
            }
        );
        assert_eq!(games[1].seq, 2);
        assert_eq!(games[1].reason, Reason::ServerStopped);
        assert_eq!((games[1].outcome, games[1].counted), (None, false));
        let month = YearMonth::from_unix_millis(march);
        let t = store.tables(month, 10).await.unwrap();
        assert_eq!(t.month, "2026-03");
        assert_eq!(
            t.eternal,
            [
                Score {
                    name: "bert".into(),
                    points: 10
                },
                Score {
                    name: "anna".into(),
                    points: 0
                }
            ]
        );
        assert_eq!(t.monthly, t.eternal);
        // A damaged leaderboard is rebuilt from the games.
        sqlx::query("UPDATE points_eternal SET points = 99")
            .execute(&store.pool)
            .await
            .unwrap();
        let (_, report) = store.recover(march + 6).await.unwrap();
        assert!(report.rebuilt_points);
        assert_eq!(store.tables(month, 10).await.unwrap().eternal[0].points, 10);
        store.close().await;
    }

    #[tokio::test]
    async fn a_newer_schema_is_refused() {
        let path = temp_db("newer");
        let store = Store::open(path.to_str().unwrap()).await.unwrap();
        sqlx::query("INSERT INTO schema_version (version, applied_at) VALUES (7, 0)")
            .execute(&store.pool)
            .await
            .unwrap();
        store.close().await;
        let err = Store::open(path.to_str().unwrap()).await.unwrap_err();
        assert!(
            matches!(err, StoreError::NewerSchema { found: 7, known: 1 }),
            "{err}"
        );
    }

    #[test]
    fn months_and_urls() {
        assert_eq!(
            parse_month("2026-03"),
            Some(YearMonth {
                year: 2026,
                month: 3
            })
        );
        assert_eq!(parse_month("2026-13"), None);
        assert_eq!(parse_month("26-03"), None);
        assert_eq!(
            redact("postgres://u:secret@localhost/db"),
            "postgres://u:***@localhost/db"
        );
        assert_eq!(redact("games.sqlite"), "games.sqlite");
    }
}

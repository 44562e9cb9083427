//! The start and stop of the server.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use tokio::sync::{mpsc, oneshot};

use self::clock::Clock;
use self::hub::{Config, Hub, LobbyCmd};
use self::store::{Access, Backend, Store};
use crate::calendar::Calendar;
use crate::games::{self, GAMES};
use crate::hosted::{GameSettings, computer_name};
use crate::protocol::PROTOCOL_VERSION;

mod clock;
mod conn;
mod http;
mod hub;
mod lobby;
mod store;
mod table;
mod thinkers;
mod writer;

/// The server's settings (the options of `spielwerk serve`).
#[derive(Debug, Clone)]
pub struct Options {
    /// The address to listen on (port 0: a free port; the address is
    /// printed).
    pub addr: SocketAddr,
    /// The database: an SQLite file (created and migrated if needed), an
    /// `sqlite:` URL, or a `postgres://user:password@host/database` URL.
    pub db: String,
    /// Write every finished game as a Gravon XML file into DIR, then exit.
    pub export_games: Option<PathBuf>,
    /// Messages per second a connection may send on average.
    pub rate: u32,
    /// Messages a connection may send in a burst.
    pub burst: u32,
    /// Milliseconds until the setup screen offers the predefined setups.
    pub predefined_after_ms: u64,
    /// Milliseconds a computer player waits before it moves.
    pub computer_delay_ms: u64,
    /// Run the session clock this many times faster than real time (for
    /// tests and demonstrations: at 60 the 5-minute move clock lasts 5
    /// seconds).
    pub time_scale: u64,
    /// Open WebSocket connections at most.
    pub max_connections: usize,
    /// The time zone of the days (the game of the day, the daily and
    /// monthly tables): an IANA name.
    pub zone: String,
    /// The addresses the server is reached at, as a browser's `Origin`
    /// names them (`https://games.example.org`); empty: the listen
    /// address (and `localhost` for a loopback address).
    pub origins: Vec<String>,
}

/// The `Origin`s a browser may connect from.
fn origins(given: &[String], local: SocketAddr) -> Result<Vec<String>, String> {
    if given.is_empty() {
        let mut v = vec![format!("http://{local}")];
        if local.ip().is_loopback() {
            v.push(format!("http://localhost:{}", local.port()));
        }
        return Ok(v);
    }
    given
        .iter()
        .map(|o| {
            let o = o.trim().trim_end_matches('/').to_ascii_lowercase();
            let rest = o
                .strip_prefix("http://")
                .or_else(|| o.strip_prefix("https://"))
                .ok_or_else(|| format!("--origin {o:?} must start with http:// or https://"))?;
            if rest.is_empty() || rest.contains('/') {
                return Err(format!(
                    "--origin {o:?} must be a scheme and a host (and port), nothing more"
                ));
            }
            Ok(o)
        })
        .collect()
}

/// Where results and progress go: one result (text, or one JSON object
/// with `json`) on stdout, progress on stderr.
#[derive(Debug, Clone, Copy)]
struct Output {
    json: bool,
}

impl Output {
    fn result(self, json: serde_json::Value, text: impl FnOnce() -> String) {
        let mut stdout = std::io::stdout();
        if self.json {
            crate::write_line(&mut stdout, format_args!("{json}"));
        } else {
            crate::write_line(&mut stdout, format_args!("{}", text()));
        }
    }

    fn progress(self, line: impl std::fmt::Display) {
        log!("{line}");
    }
}

/// The error of [`run`]: a message for the operator.
pub type RunResult = Result<(), Box<dyn std::error::Error + Send + Sync>>;

/// Runs the server until SIGINT or SIGTERM (or, with `export_games`,
/// exports the stored games and returns). With `json`, the result is one
/// JSON object on stdout.
pub fn run(args: &Options, json: bool) -> RunResult {
    let out = Output { json };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(serve(args, out))
}

async fn serve(args: &Options, out: Output) -> RunResult {
    // Every argument is checked before the database is touched: a mistyped
    // option creates no file.
    let calendar = Calendar::new(&args.zone)?;
    origins(&args.origins, SocketAddr::from(([127, 0, 0, 1], 0)))?;
    if let Some(dir) = &args.export_games {
        let store = Store::open(&args.db, Access::Read).await?;
        let result = export_all(&store, dir, out).await;
        store.close().await;
        return result;
    }
    let store = Store::open(&args.db, Access::Write).await?;
    let clock = Clock::new(args.time_scale);
    if let Some(v) = store.migrate(clock.now()).await? {
        out.progress(format!(
            "the database was migrated from schema version {v} to {}",
            store::SCHEMA_VERSION
        ));
    }
    let (standing, highscores, seq, report) = store.recover(clock.now(), &calendar).await?;
    if !report.ended_running.is_empty() {
        out.progress(format!(
            "ended {} game(s) that the last stop of the server left running (stored with reason server_stopped, no result, no points): {:?}",
            report.ended_running.len(),
            report.ended_running
        ));
    }
    if report.rebuilt_scores {
        out.progress("the score tables disagreed with the stored games and were rebuilt from them");
    }
    let ids = store.reserve_ids().await?;
    let registered = store.names().await?;
    let listener = tokio::net::TcpListener::bind(args.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", args.addr))?;
    let local = listener.local_addr()?;
    let thinkers = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
    let config = Arc::new(Config {
        clock,
        calendar,
        games: GameSettings {
            time_scale: args.time_scale.max(1),
            predefined_after_ms: args.predefined_after_ms,
        },
        rate: args.rate,
        burst: args.burst,
        computer_delay: Duration::from_millis(args.computer_delay_ms),
        max_connections: args.max_connections,
        origins: origins(&args.origins, local)?,
        thinkers: thinkers::Thinkers::new(thinkers)
            .map_err(|e| format!("cannot start the computer players' threads: {e}"))?,
        standing: Arc::new(std::sync::RwLock::new(standing)),
        highscores: Arc::new(std::sync::RwLock::new(highscores)),
    });
    let next_game = ids.start;
    let (store_tx, store_rx) = mpsc::channel(1024);
    let writer = tokio::spawn(writer::run(
        store.clone(),
        seq,
        Arc::clone(&config),
        store_rx,
    ));
    let (lobby_tx, lobby_task) = lobby::spawn(lobby::Setup {
        config: Arc::clone(&config),
        store: store.clone(),
        writer: store_tx,
        ids,
        registered,
    });
    let hub = Arc::new(Hub::new(
        Arc::clone(&config),
        lobby_tx.clone(),
        store.clone(),
    ));
    // Moves are small messages answered at once: no Nagle delay.
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let backend = match store.backend() {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let computers: Vec<String> = board_search::Level::ALL
        .into_iter()
        .map(computer_name)
        .collect();
    let kinds: Vec<&str> = GAMES.iter().map(|k| k.id).collect();
    out.result(
        json!({
            "listening": format!("http://{local}"),
            "database": backend,
            "protocol": PROTOCOL_VERSION,
            "games": kinds,
            "computers": computers,
            "zone": config.calendar.zone(),
            "next_game": next_game,
        }),
        || format!("Spielcenter: listening on http://{local} (protocol {PROTOCOL_VERSION}, {backend} database, games: {}, time zone {})", kinds.join(", "), config.calendar.zone()),
    );
    let stop = async move {
        stop_signal().await;
        let (tx, rx) = oneshot::channel();
        if lobby_tx
            .send(LobbyCmd::Shutdown { reply: tx })
            .await
            .is_ok()
        {
            let _ = rx.await;
        }
    };
    axum::serve(listener, http::router(hub))
        .with_graceful_shutdown(stop)
        .await
        .map_err(|e| format!("the server failed: {e}"))?;
    // The lobby has ended every game; the writer stores what is queued.
    let _ = lobby_task.await;
    let _ = tokio::time::timeout(Duration::from_secs(15), writer).await;
    store.close().await;
    out.progress("Spielcenter: stopped");
    Ok(())
}

async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

async fn export_all(store: &Store, dir: &Path, out: Output) -> RunResult {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let (mut after, mut written, mut skipped) = (0, 0usize, 0usize);
    loop {
        let batch = store.games(after, 500, None).await?;
        if batch.is_empty() {
            break;
        }
        for g in &batch {
            after = g.id;
            let exports = games::kind(&g.kind).map_or(&[][..], |k| k.exports);
            let mut any = false;
            for e in exports {
                if let Some(body) = (e.make)(g) {
                    let name = (e.file_name)(g.id);
                    write_atomically(dir, &name, &body).map_err(|err| {
                        format!("cannot write {}: {err}", dir.join(&name).display())
                    })?;
                    written += 1;
                    any = true;
                }
            }
            if !any {
                skipped += 1;
            }
        }
    }
    out.result(
        json!({ "exported": written, "skipped": skipped, "dir": dir.display().to_string() }),
        || {
            format!(
                "{written} file(s) written to {} (Battlegeneral games as Gravon XML); {skipped} game(s) without a record (ended before play, stopped by the server, or of a game with no download)",
                dir.display()
            )
        },
    );
    Ok(())
}

/// Writes `text` to `dir/name` through a temporary file and a rename, so
/// that a crash never leaves half a file under the final name.
pub fn write_atomically(dir: &Path, name: &str, text: &str) -> std::io::Result<()> {
    use std::io::Write as _;
    let tmp = dir.join(format!(".{name}.tmp"));
    let mut f = std::fs::File::create(&tmp)?;
    f.write_all(text.as_bytes())?;
    f.sync_all()?;
    drop(f);
    std::fs::rename(&tmp, dir.join(name))
}

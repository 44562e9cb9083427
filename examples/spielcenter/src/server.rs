//! The start and stop of the server.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use tokio::sync::{mpsc, oneshot};

use super::clock::Clock;
use super::computer::LEVELS;
use super::export::{file_name, gravon, write_atomically};
use super::hub::{Config, Hub, LobbyCmd};
use super::protocol::PROTOCOL_VERSION;
use super::store::{Backend, Store};
use super::writer::tables_of;
use super::{http, lobby, writer};

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
}

/// Where results and progress go: one result (text, or one JSON object
/// with `json`) on stdout, progress on stderr.
#[derive(Debug, Clone, Copy)]
struct Output {
    json: bool,
}

impl Output {
    fn result(self, json: serde_json::Value, text: impl FnOnce() -> String) {
        if self.json {
            println!("{json}");
        } else {
            println!("{}", text());
        }
    }

    fn progress(self, line: impl std::fmt::Display) {
        eprintln!("{line}");
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
    let store = Store::open(&args.db).await?;
    if let Some(dir) = &args.export_games {
        let result = export_all(&store, dir, out).await;
        store.close().await;
        return result;
    }
    let clock = Clock::new(args.time_scale);
    let (standing, report) = store.recover(clock.now()).await?;
    if !report.ended_running.is_empty() {
        out.progress(format!(
            "ended {} game(s) that the last stop of the server left running (stored with reason server_stopped, no result, no points): {:?}",
            report.ended_running.len(),
            report.ended_running
        ));
    }
    if report.rebuilt_points {
        out.progress(
            "the leaderboard tables disagreed with the stored games and were rebuilt from them",
        );
    }
    let config = Arc::new(Config {
        clock,
        rate: args.rate,
        burst: args.burst,
        predefined_after: Duration::from_millis(args.predefined_after_ms),
        computer_delay: Duration::from_millis(args.computer_delay_ms),
        setup_time: stratego_rules::session::MOVE_TIME,
        max_connections: args.max_connections,
    });
    let next_game = store.next_game_id().await?;
    let tables = tables_of(&standing.board, clock.now());
    let (store_tx, store_rx) = mpsc::channel(1024);
    let writer = tokio::spawn(writer::run(store.clone(), standing, clock, store_rx));
    let (lobby_tx, lobby_task) = lobby::spawn(Arc::clone(&config), next_game, tables, store_tx);
    let hub = Arc::new(Hub::new(
        Arc::clone(&config),
        lobby_tx.clone(),
        store.clone(),
    ));
    let listener = tokio::net::TcpListener::bind(args.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", args.addr))?;
    let local = listener.local_addr()?;
    // Moves are small messages answered at once: no Nagle delay.
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let backend = match store.backend() {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let computers: Vec<&str> = LEVELS.iter().map(|l| l.player).collect();
    out.result(
        json!({
            "listening": format!("http://{local}"),
            "database": backend,
            "protocol": PROTOCOL_VERSION,
            "computers": computers,
            "next_game": next_game,
        }),
        || format!("Battlegeneral: listening on http://{local} (protocol {PROTOCOL_VERSION}, {backend} database, computer players: {})", computers.join(", ")),
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
    out.progress("Battlegeneral: stopped");
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
        let batch = store.games(after, 500).await?;
        if batch.is_empty() {
            break;
        }
        for g in &batch {
            after = g.id;
            match gravon(g) {
                Some(record) => {
                    let name = file_name(g.id);
                    write_atomically(dir, &name, &record.to_xml())
                        .map_err(|e| format!("cannot write {}: {e}", dir.join(&name).display()))?;
                    written += 1;
                }
                None => skipped += 1,
            }
        }
    }
    out.result(
        json!({ "exported": written, "skipped": skipped, "dir": dir.display().to_string() }),
        || {
            format!(
                "{written} game(s) written to {} as Gravon XML; {skipped} without a record (ended before play, or stopped by the server)",
                dir.display()
            )
        },
    );
    Ok(())
}

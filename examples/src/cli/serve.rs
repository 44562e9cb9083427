//! `spielwerk serve`: the Spielcenter server (the `spielcenter` package
//! beside this one), built with the cargo feature `serve`. The options are
//! defined here, in every build, so that `spielwerk serve --help` lists
//! them even in a build without the server.

use std::net::SocketAddr;
use std::path::PathBuf;

use crate::cli::output::{CliResult, Output};

/// Arguments of `spielwerk serve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The address to listen on (port 0: a free port; the address is
    /// printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The database: an SQLite file (created and migrated if needed), an
    /// `sqlite:` URL, or a `postgres://user:password@host/database` URL
    /// [default: spielcenter.sqlite]
    #[arg(long)]
    db: Option<String>,
    /// Write every finished game's record into DIR (Battlegeneral: Gravon
    /// XML), then exit. Reads the database only.
    #[arg(long, value_name = "DIR")]
    export_games: Option<PathBuf>,
    /// Messages per second a connection may send on average.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    rate: u32,
    /// Messages a connection may send in a burst.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    burst: u32,
    /// Milliseconds until the setup screen offers the predefined setups.
    #[arg(long, default_value_t = 5000)]
    predefined_after_ms: u64,
    /// Milliseconds a computer player waits before it moves.
    #[arg(long, default_value_t = 700)]
    computer_delay_ms: u64,
    /// Run the session clock this many times faster than real time (for
    /// tests and demonstrations: at 60 the 5-minute move clock lasts 5
    /// seconds).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    time_scale: u64,
    /// Open WebSocket connections at most.
    #[arg(long, default_value_t = 10_000)]
    max_connections: usize,
    /// The time zone of the days: when the game of the day changes, and
    /// the days and months of the score tables (an IANA name).
    #[arg(long, default_value = "Europe/Berlin")]
    zone: String,
    /// An address the server is reached at, as a browser names it
    /// (`https://games.example.org`); a browser's WebSocket must come from
    /// one of them. Repeat for several. Default: the listen address.
    #[arg(long = "origin", value_name = "URL")]
    origins: Vec<String>,
}

/// Runs the server.
#[cfg(feature = "serve")]
pub fn run(args: &Args, out: Output) -> CliResult {
    let db = match &args.db {
        Some(db) => db.clone(),
        None => default_db()?,
    };
    let options = spielcenter::Options {
        addr: args.addr,
        db,
        export_games: args.export_games.clone(),
        rate: args.rate,
        burst: args.burst,
        predefined_after_ms: args.predefined_after_ms,
        computer_delay_ms: args.computer_delay_ms,
        time_scale: args.time_scale,
        max_connections: args.max_connections,
        zone: args.zone.clone(),
        origins: args.origins.clone(),
    };
    spielcenter::run(&options, out.json)
}

/// The database file when `--db` is not given: `spielcenter.sqlite`. A
/// `battlegeneral.sqlite` of an earlier version beside it is not taken
/// silently: the error says how to go on with it.
#[cfg(feature = "serve")]
fn default_db() -> CliResult<String> {
    const DEFAULT: &str = "spielcenter.sqlite";
    const EARLIER: &str = "battlegeneral.sqlite";
    if !std::path::Path::new(DEFAULT).exists() && std::path::Path::new(EARLIER).exists() {
        crate::fail!(
            "{EARLIER} (the database of an earlier spielwerk serve) is here, {DEFAULT} is not: pass --db {EARLIER} to go on with it (it is migrated on start), or rename it to {DEFAULT}"
        );
    }
    Ok(DEFAULT.to_owned())
}

/// Says how to build the server.
#[cfg(not(feature = "serve"))]
pub fn run(_args: &Args, _out: Output) -> CliResult {
    crate::fail!(
        "this spielwerk was built without the server; build it with the `serve` feature:\n  cargo run --release --features serve --bin spielwerk -- serve"
    );
}

//! The Spielcenter: one game server for every Spielwerk game, with its
//! browser client, behind `spielwerk serve`. See the README for running
//! it, the protocol and how to add a game.
//!
//! ```text
//! browser tab --WebSocket JSON--> conn task --> lobby task (names, presence, chat, challenges)
//!                                          \--> one task per game: a HostedGame
//!                                                 |-> each seat: what it may see + its legal actions
//!                                                 |-> computer seats: the game's `ai`, on a bounded pool
//!                                                 \-> on the end: one transaction (record, scores)
//! ```
//!
//! The platform ([`server`], behind the default feature `server`) knows no
//! game; each game is a module folder in [`games`] behind the
//! [`hosted::HostedGame`] trait. Everything but the server builds without
//! the feature (no tokio, axum or sqlx): the protocol's decoder and the
//! games' referees, which the fuzzers drive.

/// Writes a line to the operator's log (stderr). A closed stderr loses
/// the line: a server goes on, and `eprintln!` would panic.
macro_rules! log {
    ($($arg:tt)*) => {
        $crate::write_line(&mut std::io::stderr(), format_args!($($arg)*))
    };
}

/// Writes `args` and a line end to `out` and flushes, ignoring a failure
/// (a closed pipe): what the server writes for its operator never stops
/// it.
pub(crate) fn write_line(out: &mut impl std::io::Write, args: std::fmt::Arguments<'_>) {
    let _ = writeln!(out, "{args}").and_then(|()| out.flush());
}

pub mod calendar;
pub mod games;
pub mod highscore;
pub mod hosted;
pub mod leaderboard;
pub mod names;
pub mod protocol;

#[cfg(feature = "server")]
pub mod server;

#[cfg(feature = "server")]
pub use server::{Options, run};

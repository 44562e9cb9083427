//! `spielwerk serve`: the Battlegeneral lobby server and its browser
//! client (cargo feature `serve`).
//!
//! ```text
//! browser tab --WebSocket JSON--> conn task --> lobby task (names, chat, challenges)
//!                                          \--> one task per game: the stratego-rules Session
//!                                                 |-> each player: its View + legal moves, never more
//!                                                 \-> on the end: one transaction (game, points)
//! ```
//!
//! The protocol is documented in `docs/protocol.md`, the service in
//! `docs/battlegeneral.md`.

#[cfg(feature = "serve")]
mod board;
#[cfg(feature = "serve")]
mod clock;
#[cfg(feature = "serve")]
mod computer;
#[cfg(feature = "serve")]
mod conn;
#[cfg(feature = "serve")]
mod export;
#[cfg(feature = "serve")]
mod game;
#[cfg(feature = "serve")]
mod http;
#[cfg(feature = "serve")]
mod hub;
#[cfg(feature = "serve")]
mod lobby;
#[cfg(feature = "serve")]
mod names;
// The messages live in the package's library, so that the fuzzer reaches
// their decoder without the server stack.
#[cfg(feature = "serve")]
use spielwerk_program::protocol;
#[cfg(feature = "serve")]
mod store;
#[cfg(feature = "serve")]
mod writer;

#[cfg(feature = "serve")]
mod server;

#[cfg(feature = "serve")]
pub use server::{Args, run};

/// Arguments of `spielwerk serve` in a build without the `serve` feature.
#[cfg(not(feature = "serve"))]
#[derive(Debug, clap::Args)]
pub struct Args {
    /// (Ignored: this build has no server.)
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    rest: Vec<String>,
}

/// Says how to build the server.
#[cfg(not(feature = "serve"))]
pub fn run(_args: &Args, _out: crate::output::Output) -> crate::output::CliResult {
    crate::fail!(
        "this spielwerk was built without the server; build it with the `serve` feature:\n  cargo run --release --features serve --bin spielwerk -- serve"
    );
}

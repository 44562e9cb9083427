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

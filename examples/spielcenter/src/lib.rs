//! The Spielcenter: the game server behind `spielwerk serve` and its
//! browser client.
//!
//! ```text
//! browser tab --WebSocket JSON--> conn task --> lobby task (names, chat, challenges)
//!                                          \--> one task per game: the stratego-rules Session
//!                                                 |-> each player: its View + legal moves, never more
//!                                                 \-> on the end: one transaction (game, points)
//! ```
//!
//! [`protocol`] (the WebSocket messages and the decoder of what a browser
//! tab sends) builds without the `server` feature, so that fuzzers reach
//! the decoder without tokio, axum or sqlx.

pub mod protocol;

#[cfg(feature = "server")]
mod board;
#[cfg(feature = "server")]
mod clock;
#[cfg(feature = "server")]
mod computer;
#[cfg(feature = "server")]
mod conn;
#[cfg(feature = "server")]
mod export;
#[cfg(feature = "server")]
mod game;
#[cfg(feature = "server")]
mod http;
#[cfg(feature = "server")]
mod hub;
#[cfg(feature = "server")]
mod lobby;
#[cfg(feature = "server")]
mod names;
#[cfg(feature = "server")]
mod server;
#[cfg(feature = "server")]
mod store;
#[cfg(feature = "server")]
mod writer;

#[cfg(feature = "server")]
pub use server::{Options, run};

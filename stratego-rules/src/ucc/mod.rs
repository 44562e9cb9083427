//! The UCC 2012 programming competition's Stratego, as Reversi's `gtp` is
//! the Go Text Protocol: its manager's logs, the line protocol its
//! programs speak, and a player of that protocol.
//!
//! - [`UccGame`]: a manager log, read ([`UccGame::parse`]) and replayed by
//!   this crate's rules; [`looks_like_ucc`] tells a log from other records.
//! - [`protocol`]: the manager's lines: moves and their outcomes, board
//!   lines, as a program in the manager reads and writes them.
//! - [`Agent`] (feature `ai`): this crate's computer as such a program, one
//!   manager line at a time (`spielwerk stratego agent`).
//!
//! See `../shared/data/stratego/README.md` for the formats.

#[cfg(feature = "ai")]
mod agent;
mod log;
pub mod protocol;

#[cfg(feature = "ai")]
#[cfg_attr(docsrs, doc(cfg(feature = "ai")))]
pub use agent::{Agent, Reply};
pub use log::{UccError, UccErrorKind, UccGame, UccMove, UccOutcome, UccResult, looks_like_ucc};

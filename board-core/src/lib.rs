#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod chance;
pub mod coords;
mod game;
mod hidden;
mod moves;
mod outcome;
mod perft;
mod player;
mod prefetch;
mod serde_text;
mod setup;
mod sides;
mod table;
mod undo;
mod zobrist;

/// Re-exported so that games can name their move buffers without adding
/// the dependency themselves.
pub use arrayvec;
pub use chance::Stochastic;
pub use game::{Game, IllegalMove};
pub use hidden::{Determinize, Observable};
pub use moves::MoveList;
pub use outcome::Outcome;
pub use perft::{FinishedGames, perft, perft_divide, perft_undo, perft_with};
pub use player::{ByPlayer, Player};
pub use prefetch::prefetch;
/// Re-exported: [`Determinize`] takes a [`rand_core::RngCore`].
pub use rand_core;
pub use setup::SetupError;
pub use sides::SideNames;
/// Re-exported for the same reason as [`arrayvec`].
pub use smallvec;
pub use table::{MAX_TABLE_MIB, TableSizeError, table_or_smaller, try_table};
pub use undo::Undo;
pub use zobrist::{SplitMix64, ZobristHash, zobrist_keys};

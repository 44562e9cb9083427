#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "ai")]
#[cfg_attr(docsrs, doc(cfg(feature = "ai")))]
pub mod ai;
pub mod bitboard;
mod board;
mod diagram;
pub mod eothello;
pub mod game;
mod hash;
// The only module allowed `unsafe` code (the workspace denies it).
mod kernel;
mod moves;
mod notation;
pub mod obf;
pub mod perft;
mod position;
pub mod record;
mod setup;
mod square;
mod symmetry;
mod transcript;
pub mod wthor;

pub use board::{Board, BoardError, Children};
/// Re-exported: the traits a [`Position`] implements, so that one dependency
/// is enough.
pub use board_core;
/// Re-exported: the convention of [`perft`] for games that end
/// early.
pub use board_core::FinishedGames;
pub use board_core::coords::ParseSquareError;
/// Re-exported (feature `ai`): the computer players' trait
/// ([`Strategy`](board_search::Strategy): `choose` a move) and the search,
/// so that one dependency is enough to ask the computer for a move.
#[cfg(feature = "ai")]
pub use board_search;
pub use diagram::Diagram;
pub use game::{ReplayError, Reversi, TranscriptError};
pub use moves::{Move, MoveList, ParseMoveError};
pub use notation::ParsePositionError;
pub use position::{EndReason, IllegalMoveError, Position, UndoInfo};
pub use setup::{Setup, SetupError, SetupProblem};
pub use square::Square;
pub use symmetry::Symmetry;
pub use transcript::{ParseTranscriptError, Transcript};

#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "ai")]
#[cfg_attr(docsrs, doc(cfg(feature = "ai")))]
pub mod ai;
mod board;
mod count;
#[cfg(feature = "ai")]
#[cfg_attr(docsrs, doc(cfg(feature = "ai")))]
pub mod daily;
mod diagram;
// The only module allowed `unsafe` code (the workspace denies it).
mod kernel;
mod movegen;
mod moves;
pub mod notation;
mod position;
mod rules;
pub mod scoring;
mod setup;
mod square;
pub mod turn;

pub use board::{BOARD, Bitboard, COLUMNS, Direction, ROWS, SQUARES};
/// Re-exported: the traits a [`Position`] implements.
pub use board_core;
pub use board_core::coords::ParseSquareError;
/// Re-exported (feature `ai`): the computer players' trait
/// ([`Strategy`](board_search::Strategy): `choose` a move) and the search,
/// so that one dependency is enough to ask the computer for a move.
#[cfg(feature = "ai")]
pub use board_search;
pub use diagram::Diagram;
pub use movegen::{MoveList, PerftTable};
pub use moves::{CaptureKind, MAX_STEPS, Move, MoveError, Step};
pub use notation::{MoveInputError, ParseMoveError, ParsePositionError};
pub use position::{BLACK, EndReason, IllegalMoveError, MAX_STONES, Position, UndoInfo, WHITE};
pub use rules::{MAX_NO_CAPTURE_LIMIT, Rules, RulesError};
pub use setup::{Setup, SetupError, SetupProblem};
pub use square::Square;
pub use turn::{StepOption, StepOptions, Turn, TurnError};

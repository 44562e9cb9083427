#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "ai")]
#[cfg_attr(docsrs, doc(cfg(feature = "ai")))]
pub mod ai;
mod board;
mod clock;
#[cfg(feature = "ai")]
#[cfg_attr(docsrs, doc(cfg(feature = "ai")))]
#[cfg(feature = "highscore")]
#[cfg_attr(docsrs, doc(cfg(feature = "highscore")))]
pub mod highscore;
mod movegen;
mod notation;
mod position;
mod rules;
mod setup;
mod stack;
mod text;

pub use board::{Board, BoardError, Layout, MAX_SQUARES, Place};
pub use board_core::coords::ParseSquareError;
pub use clock::{Clock, format_duration};
pub use movegen::{MAX_MOVES, MoveList};
pub use notation::{MAX_SIDE, Move, ParseMoveError, ParseMovesError, Square, parse_moves};
pub use position::{EndReason, IllegalMoveError, PlayMovesError, Position, UndoInfo};
pub use rules::{NoMoveResult, Rules};
pub use setup::{Setup, SetupError, SetupProblem};
pub use stack::{Colour, Stack};
pub use text::{Diagram, ParsePositionError};

/// Re-exported: the traits a [`Position`] implements.
pub use board_core;

/// Re-exported (feature `ai`): the computer players' trait
/// ([`Strategy`](board_search::Strategy): `choose` a move) and the search,
/// so that one dependency is enough to ask the computer for a move.
#[cfg(feature = "ai")]
pub use board_search;

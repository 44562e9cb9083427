#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "ai")]
#[cfg_attr(docsrs, doc(cfg(feature = "ai")))]
pub mod ai;
mod board;
mod clock;
mod diagram;
#[cfg(feature = "ai")]
#[cfg_attr(docsrs, doc(cfg(feature = "ai")))]
#[cfg(feature = "highscore")]
#[cfg_attr(docsrs, doc(cfg(feature = "highscore")))]
pub mod highscore;
mod movegen;
mod moves;
mod notation;
mod position;
mod rules;
mod setup;
mod square;
mod stack;

pub use board::{Board, BoardError, Layout, MAX_SQUARES, Place};
/// Re-exported: the traits a [`Position`] implements.
pub use board_core;
pub use board_core::coords::ParseSquareError;
/// Re-exported (feature `ai`): the computer players' trait
/// ([`Strategy`](board_search::Strategy): `choose` a move) and the search,
/// so that one dependency is enough to ask the computer for a move.
#[cfg(feature = "ai")]
pub use board_search;
pub use clock::{Clock, format_duration};
pub use diagram::Diagram;
pub use movegen::{MAX_MOVES, MoveList};
pub use moves::{Move, ParseMoveError, ParseMovesError, parse_moves};
pub use notation::ParsePositionError;
pub use position::{EndReason, IllegalMoveError, PlayMovesError, Position, UndoInfo};
pub use rules::{NoMoveResult, Rules};
pub use setup::{Setup, SetupError, SetupProblem};
pub use square::{MAX_SIDE, Square};
pub use stack::{Colour, Stack};

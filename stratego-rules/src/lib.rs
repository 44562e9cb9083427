#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "ai")]
#[cfg_attr(docsrs, doc(cfg(feature = "ai")))]
pub mod ai;

mod builder;
mod cell;
mod chase;
mod combat;
mod diagram;
mod movegen;
mod moves;
mod observe;
mod piece;
mod position;
mod predefined;
mod rules;
mod setup;
mod shuttle;
mod square;
mod view;
mod xml;

pub mod gravon;
pub mod notation;
pub mod replay;
pub mod session;
pub mod ucc;

/// Re-exported: the traits a [`Position`] implements, so that one dependency
/// is enough.
pub use board_core;
pub use board_core::coords::ParseSquareError;
/// Re-exported (feature `ai`): the computer players' trait
/// ([`Strategy`](board_search::Strategy): `choose` a move) and the search,
/// so that one dependency is enough to ask the computer for a move.
#[cfg(feature = "ai")]
pub use board_search;
pub use builder::{BUILD_ORDER, BuildError, SetupBuilder};
pub use combat::{Battle, battle};
pub use diagram::Diagram;
pub use gravon::{GravonError, GravonGame, GravonResult};
pub use movegen::MAX_MOVES;
pub use moves::{Move, ParseMoveError};
pub use notation::ParsePositionError;
pub use observe::{ObserveError, PublicMove};
pub use piece::{Army, BoardPiece, Piece, Rank, colour};
pub use position::{EndReason, IllegalMoveError, MoveList, MoveReport, Position, UndoInfo};
pub use predefined::predefined;
pub use replay::{ReplayError, ReplaySummary};
pub use rules::{Preset, Rules, UnknownPreset};
pub use setup::{
    Deployment, ParseDeploymentError, Setup, SetupError, SetupProblem, zone_index, zone_square,
};
pub use square::{Direction, Square};
pub use ucc::UccGame;
pub use view::{SeenPiece, View};
pub use xml::{XmlError, XmlErrorKind};

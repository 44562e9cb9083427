#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod cell;
mod combat;
mod movegen;
mod piece;
mod position;
mod rules;
mod setup;
mod shuttle;
mod square;

pub use combat::{Battle, battle};
pub use movegen::MAX_MOVES;
pub use piece::{Army, BoardPiece, Piece, Rank, colour};
pub use position::{IllegalMove, MoveList, MoveReport, Position, UndoInfo};
pub use rules::{Preset, Rules, UnknownPreset};
pub use setup::{
    BUILD_ORDER, BuildError, Deployment, DeploymentParseError, Setup, SetupBuilder, SetupError,
    SetupProblem, predefined, zone_index, zone_square,
};
pub use square::{Direction, Move, MoveParseError, Square, SquareError};
pub mod notation;
pub use notation::PositionParseError;
mod view;
pub use view::{SeenPiece, View};
pub mod replay;
pub mod ucc;
pub use replay::{ReplayError, ReplaySummary};
pub use ucc::UccGame;
pub mod gravon;
mod xml;
pub use gravon::{GravonError, GravonGame, GravonResult};
pub use xml::{XmlError, XmlErrorKind};
pub mod leaderboard;
pub mod session;

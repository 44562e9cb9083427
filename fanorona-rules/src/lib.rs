#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod board;
mod movegen;
mod moves;
pub mod notation;
mod position;
mod rules;
pub mod turn;

pub use board::{BOARD, Bitboard, COLUMNS, Direction, POINTS, Point, ROWS};
pub use movegen::MoveList;
pub use moves::{CaptureKind, MAX_STEPS, Move, MoveError, Step};
pub use notation::{Diagram, MoveInputError, ParseMoveError, ParsePointError, ParsePositionError};
pub use position::{BLACK, MAX_STONES, PlayError, Position, SetupError, WHITE};
pub use rules::{MAX_NO_CAPTURE_LIMIT, Rules, RulesError};
pub use turn::{StepOption, StepOptions, Turn, TurnError};

/// Re-exported: the traits a [`Position`] implements.
pub use board_core;

//! Computer players on `board-search` (feature `ai`, on by default): the
//! evaluation as an [`Evaluator`](board_search::Evaluator), the [`Level`]s with their documented
//! search budgets, and the [`Computer`] that plays them, a
//! [`board_search::Strategy`] (games and matches between computers are
//! board-search's `play_game` and `play_match`).
//!
//! Every budget is a depth and a node limit, never time: a level plays the
//! same move in the same position on every machine.
//!
//! ```
//! use board_search::{MatchOptions, Opening, play_match};
//! use major_rules::ai::{Computer, Level};
//! use major_rules::{Board, Position};
//!
//! let start = Position::start(Board::standard(2)?);
//! let openings = Opening::random_set(&start, 2, 1, 7);
//! let r = play_match(
//!     &mut Computer::new(Level::Medium),
//!     &mut Computer::new(Level::Easy),
//!     &openings,
//!     &MatchOptions::games(2),
//!     |_, _| {},
//! )?;
//! assert_eq!(r.games(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod computer;
pub mod eval;
mod level;

pub use board_search::{Level, ParseLevelError};
pub use computer::Computer;
pub use eval::{Eval, Weights};
pub use level::{limits, quiescence};

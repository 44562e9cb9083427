//! The computer player: levels as fixed search budgets ([`limits`]), the
//! evaluation ([`Eval`]), and the [`Computer`] that plays them, a
//! [`board_search::Strategy`] (self-play games and matches are
//! board-search's `play_game` and `play_match`).

mod computer;
pub mod eval;
mod level;

pub use board_search::{Level, ParseLevelError};
pub use computer::Computer;
pub use eval::{Eval, Weights};
pub use level::limits;

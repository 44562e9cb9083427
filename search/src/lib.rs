#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

mod alphabeta;
mod budget;
mod eval;
mod expectimax;
mod frame;
mod ismcts;
mod limits;
mod matches;
mod mcts;
mod monte_carlo;
mod options;
mod play;
pub mod reference;
mod result;
mod score;
mod searcher;
mod shared_table;
mod strategy;
mod tt;
pub mod tutorial;
mod wdl;
mod ybw;

pub use alphabeta::AlphaBeta;
pub use eval::Evaluator;
pub use expectimax::{Expectimax, ExpectimaxOptions};
pub use ismcts::{Ismcts, IsmctsStrategy};
pub use limits::{Limits, MAX_DEPTH, StopFlag};
pub use matches::{MatchError, MatchGame, MatchOptions, MatchReport, MatchResult, play_match};
pub use mcts::{Mcts, MctsStrategy};
pub use monte_carlo::{DEFAULT_PLAYOUTS, MctsOptions, MctsResult, MoveStats, NoKnowledge, Playout};
pub use options::{Options, Parallelism, TtCutoffs};
pub use play::{
    DEFAULT_MAX_PLIES, GameEnd, GameError, GameRecord, Opening, PlayedMove, derive_seed, play_game,
};
pub use result::{Bound, SearchResult};
pub use score::{INFINITY, MAX_EVAL, MAX_PLY, WIN, is_decisive, loss_in, plies_to_end, win_in};
pub use shared_table::{SharedTable, TableEntry};
pub use strategy::{AlphaBetaStrategy, Choice, NoLegalMove, RandomStrategy, Strategy};
pub use tt::{Entry, TranspositionTable};
pub use wdl::Wdl;

/// Re-exported so that users of the search need not depend on `board-core`
/// directly.
pub use board_core;

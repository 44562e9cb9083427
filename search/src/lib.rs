#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod alphabeta;
mod budget;
mod eval;
mod expectimax;
mod frame;
mod limits;
mod monte_carlo;
mod player;
pub mod reference;
mod result;
mod score;
mod tt;
pub mod tutorial;

/// The clock of time limits and of [`SearchResult::elapsed`]: `std`'s
/// `Instant`, except on `wasm32-unknown-unknown`, where `std`'s panics and
/// the browser's clock is read instead (the `web-time` crate). Searches
/// with depth and node limits only read it for their reports.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

pub use alphabeta::AlphaBeta;
pub use alphabeta::options::{Options, Parallelism, TtCutoffs};
pub use alphabeta::shared_table::{SharedTable, TableEntry};
/// Re-exported so that users of the search need not depend on `board-core`
/// directly.
pub use board_core;
pub use eval::Evaluator;
pub use expectimax::{Expectimax, ExpectimaxOptions, ProbCut};
pub use limits::{Limits, MAX_DEPTH, StopFlag};
pub use monte_carlo::ismcts::{Ismcts, IsmctsStrategy};
pub use monte_carlo::mcts::{Mcts, MctsStrategy};
pub use monte_carlo::{DEFAULT_PLAYOUTS, MctsOptions, MctsResult, MoveStats, NoKnowledge, Playout};
pub use player::level::{Level, ParseLevelError};
pub use player::matches::{
    MatchError, MatchGame, MatchOptions, MatchReport, MatchResult, play_match, play_match_parallel,
};
pub use player::play::{
    DEFAULT_MAX_PLIES, GameEnd, GameError, GameRecord, Opening, PlayedMove, derive_seed, play_game,
};
pub use player::strategy::{AlphaBetaStrategy, Choice, NoLegalMove, RandomStrategy, Strategy};
pub use player::wdl::Wdl;
pub use result::{Bound, SearchResult};
pub use score::{
    INFINITY, MAX_EVAL, MAX_PLY, WIN, is_decisive, loss_in, plies_to_end, terminal_score, win_in,
};
pub use tt::{Entry, TranspositionTable};
/// The clock of time limits and of [`SearchResult::elapsed`] (on
/// `wasm32-unknown-unknown`, the browser's, from the `web-time` crate).
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use web_time::Instant;

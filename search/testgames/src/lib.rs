//! Small games for testing and benchmarking Spielwerk's search.
//!
//! - [`ConnectFour`]: bitboard Connect Four (7 columns, 6 rows) with
//!   [`ConnectFourEval`], the game of the search benchmarks and of
//!   `spielwerk demo`;
//! - [`RandomTree`]: seeded random game trees with transpositions, extra
//!   turns, decided games, noisy moves and (optionally) chance nodes, with
//!   [`TreeEval`]: the test bed on which every search option is checked
//!   against plain negamax and plain expectimax;
//! - [`shared_data`]: the project's rule for tests that read the shared
//!   data folder (fail under CI when it is missing, skip elsewhere).
//!
//! Not published: it exists for the workspace's tests, benchmarks and
//! examples.
#![deny(missing_docs)]

mod connect_four;
mod data;
mod random_tree;

pub use connect_four::{ConnectFour, ConnectFourEval, ParseConnectFourError};
pub use data::shared_data;
pub use random_tree::{RandomTree, TreeEval};

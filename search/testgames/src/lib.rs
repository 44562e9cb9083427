//! Small games for testing and benchmarking Spielwerk's search.
//!
//! - [`ConnectFour`]: bitboard Connect Four (7 columns, 6 rows) with
//!   [`ConnectFourEval`], the game of the search benchmarks and of
//!   `spielwerk demo`;
//! - [`RandomTree`]: seeded random game trees with transpositions, extra
//!   turns, decided games, noisy moves and (optionally) chance nodes, with
//!   [`TreeEval`]: the test bed on which every search option is checked
//!   against plain negamax and plain expectimax;
//! - [`KuhnPoker`]: one hand of Kuhn poker, with a chance node (the deal)
//!   and hidden information (views and determinization), and [`KuhnChips`],
//!   its results in chips: the test bed of information-set search;
//! - [`same_shape!`]: the table "The same in every game" as a compile
//!   test of a game crate;
//! - [`shared_data`]: the project's rule for tests that read the shared
//!   data folder (fail under CI when it is missing, skip elsewhere).
//!
//! Not published: it exists for the workspace's tests, benchmarks and
//! examples.
#![deny(missing_docs)]

mod connect_four;
mod data;
mod kuhn_poker;
mod random_tree;
mod shape;

pub use connect_four::{ConnectFour, ConnectFourEval, ParseConnectFourError};
pub use data::shared_data;
pub use kuhn_poker::{JACK, KING, KuhnChips, KuhnMove, KuhnPoker, KuhnView, QUEEN};
pub use random_tree::{RandomTree, TreeEval};
pub use shape::SAME_SHAPE_ROWS;
/// `#[needs_data("reversi/ffo")]` before `#[test]`: a test that reads that path under
/// `../shared/data` is reported as ignored, with the reason, where the
/// data is missing (outside CI); see [`shared_data`].
pub use spielwerk_testgames_macros::needs_data;

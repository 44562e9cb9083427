//! The computer player: a belief over the enemy's hidden ranks, a belief
//! game with chance nodes for the battles it cannot foresee, an evaluation
//! with a declared bound, and expectimax search over it (`board-search`).

pub mod prior;

pub use prior::{SetupPrior, Training};

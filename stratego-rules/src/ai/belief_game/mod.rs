//! The belief game: the game one side can search without seeing the
//! enemy's hidden ranks, and what it is built from.
//!
//! - [`tracker`]: the game so far as that side knows it, followed from
//!   public moves or its successive views: where each enemy piece started,
//!   what its behaviour suggests, how the enemy attacks;
//! - [`prior`]: the setup prior, how often human players put each rank on
//!   each setup square (its counts in `prior_table.rs`, written by
//!   `spielwerk stratego train-prior`);
//! - [`belief`]: from those, a probability for every rank of every enemy
//!   piece the side has not identified;
//! - [`game`]: the [`BeliefGame`](crate::ai::BeliefGame) over a belief,
//!   whose chance nodes are the battles the side cannot foresee, for
//!   expectimax to search.
//!
//! What the computer learns of one opponent, to tune these, is the
//! [`opponent`](super::opponent) model. Each module keeps its public path
//! `ai::tracker`, `ai::prior`, `ai::belief`, `ai::game`.

pub mod belief;
pub mod game;
pub mod prior;
pub mod tracker;

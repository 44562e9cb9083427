//! The computer player: a belief over the enemy's hidden ranks, a belief
//! game with chance nodes for the battles it cannot foresee, an evaluation
//! with a declared bound, and expectimax search over it (`board-search`).

pub mod belief;
pub mod computer;
pub mod eval;
pub mod game;
pub mod level;
pub mod prior;
pub mod setups;
pub mod tracker;

pub use belief::{Belief, BeliefOptions};
pub use computer::{Computer, Settings, Thought};
pub use eval::{BOUND, EvalWeights, NoisyMoves, StrategoEval};
pub use game::{BeliefGame, BeliefMove, GameOptions, ScoutMoves};
pub use level::{Level, ParseLevelError};
pub use prior::{SetupPrior, Training};
pub use setups::{SetupSource, flag_fortified};
pub use tracker::{Evidence, SyncError, Tracker};

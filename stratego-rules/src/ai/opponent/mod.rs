//! The opponent model: what the computer learns of how one opponent plays,
//! to tune the [`belief_game`](super::belief_game) to it.
//!
//! - [`conduct`]: within a game, how the enemy attacks (the
//!   [`Tracker`](crate::ai::Tracker) counts its attacks), and the enemy
//!   model of the belief game that evidence supports
//!   ([`Conduct::adjust`](crate::ai::Conduct::adjust));
//! - [`habits`]: over a series of games, where the opponent put its pieces
//!   ([`SetupHabits`](crate::ai::SetupHabits)), and the setup prior adapted
//!   to them ([`SetupPrior::adapted`](crate::ai::SetupPrior::adapted)).
//!
//! Each module keeps its public path `ai::conduct`, `ai::habits`.

pub mod conduct;
pub mod habits;

//! Computer players (feature `ai`, on by default), on `board-search`.
//!
//! Every player implements [`board_search::Strategy`] for the referee
//! [`Position`](crate::Position) and decides from the view of the side to
//! move alone ([`Position::view`](board_core::Observable::view)): it never
//! reads a rank that side may not know.
//!
//! - [`Greedy`]: one ply over what the view shows, the expected material of
//!   a battle with an unknown piece taken over the ranks it may have; seeded
//!   tie-breaks. The `easy` level.
//! - [`Computer`]: the levels ([`Level`]): a [`Belief`] over the enemy's
//!   hidden ranks ([`Tracker`] follows the game from public moves, the
//!   [`SetupPrior`] learned from human setups weighs them), the
//!   [`BeliefGame`] whose chance nodes are the battles it cannot foresee,
//!   the [`Eval`] evaluation with a declared bound, and
//!   `board-search`'s [`Expectimax`](board_search::Expectimax) over them.
//! - [`SetupHabits`]: what games showed of each opponent's setups
//!   ([`SeenSetup`], from the [`Tracker`]), and the setup prior adapted to
//!   them ([`SetupPrior::adapted`], [`Settings::prior`]): the computer then
//!   expects an opponent's pieces where that opponent put them before.
//! - [`Conduct`]: what the enemy's attacks in the game have shown of how it
//!   attacks (the [`Tracker`] counts them), and the enemy model of the
//!   [`BeliefGame`] they support; `max` plays with it
//!   ([`Settings::adapt_enemy_model`]).
//!
//! The player of the UCC 2012 manager's protocol, which lets other programs
//! play the [`Computer`], is [`ucc::Agent`](crate::ucc::Agent).
//!
//! ```
//! use board_core::Game;
//! use board_search::{MatchOptions, Opening, RandomStrategy, play_match};
//! use stratego_rules::ai::Greedy;
//! use stratego_rules::{Army, Position, Preset, Setup, predefined};
//!
//! let setups = predefined();
//! let setup = Setup::from_deployments(Army::Classic, &setups[0].1, &setups[1].1);
//! let mut rules = Preset::Battlegeneral.rules();
//! rules.max_plies = Some(400);
//! let start = Position::from_setup(setup, rules)?;
//! let openings = [Opening::new(start)];
//! let result = play_match(
//!     &mut Greedy::new(1),
//!     &mut RandomStrategy::new(2),
//!     &openings,
//!     &MatchOptions::games(2),
//!     |_, _| {},
//! )?;
//! assert_eq!(result.games(), 2);
//! assert!(result.wdl.wins >= 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The parts of the computer: the belief, the belief game, its search.
//!
//! ```rust
//! use board_core::{Game, Observable, Player};
//! use board_search::{Expectimax, Limits};
//! use stratego_rules::ai::{Belief, BeliefGame, BeliefOptions, GameOptions, Eval};
//! use stratego_rules::{predefined, Army, Position, Rank, Rules, Setup};
//!
//! let d = predefined();
//! let game = Position::from_setup(
//!     Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1),
//!     Rules::default(),
//! )?;
//! // What Red believes of Blue's hidden pieces: the expected count of each
//! // rank is exactly what Blue has left, the Flag most likely in the back row.
//! let belief = Belief::new(&game.view(Player::First), &BeliefOptions::default());
//! assert!((belief.expected_count(Rank::Bomb) - 6.0).abs() < 1e-9);
//! // The game Red can search: battles with unknown pieces are chance nodes.
//! let root = BeliefGame::new(&belief, GameOptions::default());
//! let result = Expectimax::new(Eval::default()).search(&root, &Limits::depth(3));
//! assert!(result.best_move.is_some_and(|m| root.is_legal(m)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod belief_game;
pub mod computer;
pub mod eval;
mod greedy;
pub mod level;
mod opponent;
pub mod setups;

// The folders group the modules; each keeps its path `ai::…`.
pub use belief_game::{belief, game, prior, tracker};
pub use opponent::{conduct, habits};

/// The UCC 2012 agent, at its former path: it is now part of the UCC
/// protocol module, as [`ucc::Agent`](crate::ucc::Agent) and
/// [`ucc::Reply`](crate::ucc::Reply).
///
/// ```
/// let same: Option<stratego_rules::ucc::Agent> = None::<stratego_rules::ai::agent::Agent>;
/// assert!(same.is_none());
/// ```
pub mod agent {
    pub use crate::ucc::{Agent, Reply};
}

pub use belief::{Belief, BeliefOptions, PriorArmyError};
pub use board_search::{Level, ParseLevelError};
pub use computer::{Computer, Settings, Thought};
pub use conduct::Conduct;
pub use eval::{BOUND, Eval, EvalWeights, NoisyMoves};
pub use game::{BeliefGame, BeliefMove, EnemyAttacks, GameOptions, ScoutMoves};
pub use greedy::Greedy;
pub use habits::{
    HabitsLineError, HabitsReading, LearnStrength, OpponentNameError, ParseLearnStrengthError,
    ParseSeenSetupError, SeenSetup, SetupHabits, SetupIndexError,
};
pub use level::{limits, search_options};
pub use prior::{FITTED_STRENGTHS, SetupPrior, Training};
pub use setups::{SetupSource, flag_fortified};
pub use tracker::{Evidence, SyncError, Tracker};

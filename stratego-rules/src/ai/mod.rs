//! Computer players (feature `ai`, on by default), on `board-search`.
//!
//! Every player implements [`board_search::Strategy`] for the referee
//! [`Position`](crate::Position) and decides from the view of the side to
//! move alone ([`Position::view`](board_core::Observable::view)): it never
//! reads a rank that side may not know.
//!
//! - [`Greedy`]: one ply over what the view shows, the expected material of
//!   a battle with an unknown piece taken over the ranks it may have; seeded
//!   tie-breaks.
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

mod greedy;

pub use greedy::Greedy;

//! The computer players of the lobby: one per level of the Stratego AI
//! (`stratego_rules::ai`). This file is the only place that knows which
//! AI is behind them: a new level is one more line in [`LEVELS`].
//!
//! A computer player sees what a person in its seat sees: the server hands
//! it a full position sampled from its view (`Determinize`), never the
//! referee's, so it cannot know a hidden rank even by mistake.

use board_core::{Determinize, Observable, Player, SplitMix64};
use board_search::Strategy;
use std::time::Duration;

use stratego_rules::ai::{self, Computer, Greedy};
use stratego_rules::{Army, Deployment, Move, Position, View, predefined};

/// A computer player during one game (`Send`: it thinks on the blocking
/// thread pool).
pub trait Brain: Send {
    /// A new game starts from `start` (a position sampled from the
    /// computer's view), with `seed` for its random choices.
    fn new_game(&mut self, start: &Position, seed: u64);
    /// The move for the side to move in `pos` (`None`: no legal move).
    fn choose(&mut self, pos: &Position) -> Option<Move>;
}

impl<S: Strategy<Position> + Send> Brain for S {
    fn new_game(&mut self, start: &Position, seed: u64) {
        let _ = Strategy::new_game(self, start, seed);
    }

    fn choose(&mut self, pos: &Position) -> Option<Move> {
        Strategy::choose(self, pos).ok().map(|c| c.mv)
    }
}

/// A computer player's brain in a box that can travel in messages.
pub struct Thinker(pub Box<dyn Brain>);

impl core::fmt::Debug for Thinker {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Thinker")
    }
}

/// A level of the computer player.
#[derive(Debug, Clone, Copy)]
pub struct Level {
    /// The lobby name of its player (starts with
    /// [`COMPUTER_PREFIX`](super::names::COMPUTER_PREFIX)).
    pub player: &'static str,
    make: fn(seed: u64, cap: Duration) -> Box<dyn Brain>,
}

/// The longest a computer player thinks about one move, whatever its
/// level's budget: a safety valve on a loaded machine, far inside the
/// 5-minute move clock. (The levels' budgets are nodes; on this project's
/// 2-core machine `hard` averages well under a second a move.)
pub const THINK_CAP: Duration = Duration::from_secs(20);

/// A searching level of the Stratego AI, its search capped at `cap`.
fn searching(level: ai::Level, seed: u64, cap: Duration) -> Box<dyn Brain> {
    let mut computer = Computer::new(level);
    computer.set_time_cap(Some(cap));
    computer.reseed(seed);
    Box::new(computer)
}

/// Every level, weakest first: one lobby player each, the levels of
/// `stratego_rules::ai` (`easy` is its one-ply greedy player).
pub const LEVELS: &[Level] = &[
    Level {
        player: "Computer (easy)",
        make: |seed, _| Box::new(Greedy::new(seed)),
    },
    Level {
        player: "Computer (medium)",
        make: |seed, cap| searching(ai::Level::Medium, seed, cap),
    },
    Level {
        player: "Computer (hard)",
        make: |seed, cap| searching(ai::Level::Hard, seed, cap),
    },
    Level {
        player: "Computer (max)",
        make: |seed, cap| searching(ai::Level::Max, seed, cap),
    },
];

impl Level {
    /// A player of this level for one game.
    #[must_use]
    pub fn brain(&self, seed: u64) -> Box<dyn Brain> {
        (self.make)(seed, THINK_CAP)
    }

    /// A player of this level whose every search ends after `cap`.
    #[cfg(test)]
    #[must_use]
    pub fn brain_capped(&self, seed: u64, cap: Duration) -> Box<dyn Brain> {
        (self.make)(seed, cap)
    }

    /// The setup this level plays: one of the predefined ones, or now and
    /// then a random one.
    #[must_use]
    pub fn setup(&self, rng: &mut SplitMix64) -> Deployment {
        let setups = predefined();
        match rng.below(setups.len() as u64 + 1) as usize {
            i if i < setups.len() => setups[i].1,
            _ => Deployment::random(Army::Classic, rng),
        }
    }
}

/// The move of `brain` for the viewer of `view` (whose turn it must be),
/// from a position sampled from the view.
pub fn think(brain: &mut dyn Brain, view: &View, rng: &mut SplitMix64) -> Option<Move> {
    let guess = Position::determinize(view, rng);
    brain.choose(&guess)
}

/// What a computer seated as `player` may be shown of `pos`: a position
/// sampled from its view.
pub fn shown(pos: &Position, player: Player, rng: &mut SplitMix64) -> Position {
    Position::determinize(&pos.view(player), rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::COMPUTER_PREFIX;
    use board_core::Game;
    use stratego_rules::{Preset, Setup};

    #[test]
    fn levels_have_reserved_names_valid_setups_and_legal_moves() {
        let mut rng = SplitMix64::new(3);
        for level in LEVELS {
            assert!(level.player.starts_with(COMPUTER_PREFIX));
            for _ in 0..20 {
                assert!(level.setup(&mut rng).is_valid(Army::Classic));
            }
            let d = predefined();
            let setup = Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1);
            let mut pos = Position::from_setup(setup, Preset::Battlegeneral.rules()).unwrap();
            // The searching levels think for at most a tenth of a second
            // a move here (a debug build), and play fewer moves.
            let mut brain = level.brain_capped(5, Duration::from_millis(100));
            brain.new_game(&shown(&pos, Player::First, &mut rng), 9);
            let plies = if level.player == LEVELS[0].player {
                200
            } else {
                12
            };
            for _ in 0..plies {
                if pos.outcome().is_some() {
                    break;
                }
                let view = pos.view(pos.to_move());
                let mv = think(brain.as_mut(), &view, &mut rng).unwrap();
                assert!(pos.is_legal(mv), "{mv}");
                pos.play(mv).unwrap();
            }
        }
    }
}

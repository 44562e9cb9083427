//! The computer players of the lobby: one per level of the Stratego AI
//! (`stratego_rules::ai`). This file is the only place that knows which
//! AI is behind them: a new level is one more line in [`LEVELS`].
//!
//! A computer player sees what a person in its seat sees: the server hands
//! it a full position sampled from its view (`Determinize`), never the
//! referee's, so it cannot know a hidden rank even by mistake.

use board_core::{Determinize, Observable, Player, SplitMix64};
use board_search::Strategy;
use stratego_rules::ai::Greedy;
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
    make: fn(seed: u64) -> Box<dyn Brain>,
}

/// Every level, weakest first: one lobby player each. (The one-ply greedy
/// player of `stratego_rules::ai` until the searching levels land.)
pub const LEVELS: &[Level] = &[Level {
    player: "Computer (greedy)",
    make: |seed| Box::new(Greedy::new(seed)),
}];

impl Level {
    /// A player of this level for one game.
    #[must_use]
    pub fn brain(&self, seed: u64) -> Box<dyn Brain> {
        (self.make)(seed)
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
    use crate::serve::names::COMPUTER_PREFIX;
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
            let mut brain = level.brain(5);
            brain.new_game(&shown(&pos, Player::First, &mut rng), 9);
            for _ in 0..200 {
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

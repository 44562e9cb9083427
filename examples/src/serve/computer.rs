//! The computer players of the lobby: one per level of the Stratego AI.
//! This file is the only place that knows which AI is behind them: a new
//! level is one more entry in [`LEVELS`].

use board_core::SplitMix64;
use stratego_rules::{Army, Deployment, Move, View, predefined};

use crate::stratego::{Opponent, computer_move};

/// A level of the computer player.
#[derive(Debug, Clone, Copy)]
pub struct Level {
    /// The lobby name of its player (starts with
    /// [`COMPUTER_PREFIX`](super::names::COMPUTER_PREFIX)).
    pub player: &'static str,
    opponent: Opponent,
}

/// Every level, weakest first: one lobby player each. (Only the one-ply
/// greedy player exists until the searching AI lands.)
pub const LEVELS: &[Level] = &[Level {
    player: "Computer (greedy)",
    opponent: Opponent::Greedy,
}];

impl Level {
    /// The move this level chooses in `view` (`None` without a legal move).
    /// It sees only its view, as a human player does.
    #[must_use]
    pub fn choose(&self, view: &View, rng: &mut SplitMix64) -> Option<Move> {
        computer_move(view, self.opponent, rng)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::names::COMPUTER_PREFIX;

    #[test]
    fn levels_have_reserved_names_and_valid_setups() {
        let mut rng = SplitMix64::new(3);
        for level in LEVELS {
            assert!(level.player.starts_with(COMPUTER_PREFIX));
            for _ in 0..20 {
                assert!(level.setup(&mut rng).is_valid(Army::Classic));
            }
        }
    }
}

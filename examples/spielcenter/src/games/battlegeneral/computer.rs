//! Battlegeneral's computer players: one per level of the Stratego AI
//! (`stratego_rules::ai`). This file is the only place that knows which
//! AI is behind them.
//!
//! A computer player sees what a person in its seat sees: the server hands
//! it a full position sampled from its view (`Determinize`), never the
//! referee's, so it cannot know a hidden rank even by mistake.

use std::time::Duration;

use board_core::{Determinize, Observable, Player, SplitMix64};
use board_search::Strategy;
use stratego_rules::ai::{Computer, Greedy, Level};
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

/// The longest a computer player thinks about one move, whatever its
/// level's budget: a safety valve on a loaded machine, far inside the
/// 5-minute move clock. (The levels' budgets are nodes; on this project's
/// 2-core machine `hard` averages well under a second a move.)
pub const THINK_CAP: Duration = Duration::from_secs(20);

/// The player of `level` for one game (`easy` is the one-ply greedy
/// player, the others expectimax), its search capped at `cap`.
#[must_use]
pub fn brain(level: Level, seed: u64, cap: Duration) -> Box<dyn Brain> {
    if level == Level::Easy {
        return Box::new(Greedy::new(seed));
    }
    let mut computer = Computer::new(level);
    computer.set_time_cap(Some(cap));
    computer.reseed(seed);
    Box::new(computer)
}

/// The setup a computer plays: one of the predefined ones, or now and
/// then a random one.
#[must_use]
pub fn setup(rng: &mut SplitMix64) -> Deployment {
    let setups = predefined();
    match rng.below(setups.len() as u64 + 1) as usize {
        i if i < setups.len() => setups[i].1,
        _ => Deployment::random(Army::Classic, rng),
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
    use board_core::Game;
    use stratego_rules::{Preset, Setup};

    use super::*;

    #[test]
    fn levels_have_valid_setups_and_legal_moves() {
        let mut rng = SplitMix64::new(3);
        for level in Level::ALL {
            for _ in 0..20 {
                assert!(setup(&mut rng).is_valid(Army::Classic));
            }
            let d = predefined();
            let start = Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1);
            let mut pos = Position::from_setup(start, Preset::Battlegeneral.rules()).unwrap();
            // The searching levels think for at most a tenth of a second
            // a move here (a debug build), and play fewer moves.
            let mut b = brain(level, 5, Duration::from_millis(100));
            b.new_game(&shown(&pos, Player::First, &mut rng), 9);
            let plies = if level == Level::Easy { 200 } else { 12 };
            for _ in 0..plies {
                if pos.outcome().is_some() {
                    break;
                }
                let view = pos.view(pos.to_move());
                let mv = think(b.as_mut(), &view, &mut rng).unwrap();
                assert!(pos.is_legal(mv), "{mv}");
                pos.play(mv).unwrap();
            }
        }
    }
}

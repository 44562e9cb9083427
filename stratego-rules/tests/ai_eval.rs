//! The evaluation of belief games: its declared bound, and the race for
//! the own Flag.
#![cfg(feature = "ai")]

mod common;

use board_core::{Game, Observable, Player, SplitMix64};
use board_search::Evaluator;
use common::random_start;
use stratego_rules::ai::game::BeliefMoveList;
use stratego_rules::ai::{
    BOUND, Belief, BeliefGame, BeliefOptions, Eval, EvalWeights, GameOptions,
};
use stratego_rules::{Army, Position, Rules};

fn eval(race: f64) -> Eval {
    Eval {
        weights: EvalWeights {
            flag_race: race,
            ..EvalWeights::default()
        },
        ..Eval::default()
    }
}

/// Red's evaluation of a position given as text, Red to move.
fn red_score(text: &str, race: f64) -> i32 {
    let pos: Position = text.parse().unwrap_or_else(|e| panic!("{e}"));
    let belief = Belief::new(&pos.view(Player::First), &BeliefOptions::default());
    eval(race).evaluate(&BeliefGame::new(&belief, GameOptions::default()))
}

#[test]
fn the_evaluation_keeps_its_bound() {
    let evals = [eval(0.0), eval(1.0), eval(3.0)];
    for seed in 0..30u64 {
        let army = if seed % 5 == 4 {
            Army::Barrage
        } else {
            Army::Classic
        };
        let start = random_start(army, Rules::default(), seed);
        let mut rng = SplitMix64::new(seed);
        for viewer in Player::ALL {
            let belief = Belief::new(&start.view(viewer), &BeliefOptions::default());
            let mut g = BeliefGame::new(&belief, GameOptions::default());
            let mut moves = BeliefMoveList::new();
            for _ in 0..400 {
                for e in &evals {
                    let v = e.evaluate(&g);
                    assert!(v.abs() < BOUND, "seed {seed}: {v}");
                }
                g.legal_moves(&mut moves);
                if moves.is_empty() || g.outcome().is_some() {
                    break;
                }
                g.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
            }
        }
    }
}

/// Red's Flag on d1 walled in by Bombs; a Blue Miner Red has identified
/// stands two steps away.
#[test]
fn a_miner_next_to_a_walled_flag_loses_the_race_unless_met() {
    let board = |rank3: &str| {
        format!(
            ".........f/........../........../........../..~~..~~../..~~..~~../M........./{rank3}/...B....../..BFB..... r classic"
        )
    };
    let threat = board("...n'*......");
    let unmet = red_score(&threat, 0.0) - red_score(&threat, 1.0);
    assert!(unmet > BOUND / 2, "an unmet Miner costs {unmet}");
    // A Red Lieutenant next to the Miner meets it in time.
    let met = board("..L'n'*......");
    let met = red_score(&met, 0.0) - red_score(&met, 1.0);
    assert!(
        met > 0 && 5 * met < unmet,
        "a met Miner costs {met}, an unmet one {unmet}"
    );
    // A Scout cannot clear Bombs.
    let scout = board("...c'*......");
    assert_eq!(red_score(&scout, 1.0), red_score(&scout, 0.0));
}

//! Quickstart: set up a game from two predefined deployments, play a few
//! moves, look at it through Blue's eyes, and play on at random to the end.
//!
//! `cargo run -p stratego-rules --example stratego_quickstart`

use board_core::{Game, Observable, Player, SplitMix64};
use stratego_rules::{Army, Position, Preset, Setup, predefined};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let setups = predefined();
    println!("Red: {}, Blue: {}", setups[0].0, setups[1].0);
    let setup = Setup::from_deployments(Army::Classic, &setups[0].1, &setups[1].1);
    let mut game = Position::from_setup(setup, Preset::Battlegeneral.rules())?;

    for text in ["a4-a6", "a7-a6"] {
        let report = game.play_move(text.parse()?)?;
        println!("{text}: {report:?}");
    }
    println!("Blue's view:\n{}", game.view(Player::Second));

    let mut rng = SplitMix64::new(2026);
    while game.outcome().is_none() {
        let moves = game.moves();
        let mv = moves[rng.below(moves.len() as u64) as usize];
        game.play(mv)?;
    }
    println!("after {} plies: {:?}", game.ply(), game.outcome());
    println!("{game}");
    Ok(())
}

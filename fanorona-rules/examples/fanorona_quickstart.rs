//! Quick start: the start position, its moves, a few turns, perft.
//!
//! `cargo run -p fanorona-rules --example fanorona_quickstart`

use board_core::Game;
use fanorona_rules::{Diagram, Position, Turn};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut pos = Position::new();
    println!(
        "{}",
        Diagram {
            position: &pos,
            highlight: Default::default(),
            marked: None,
        }
    );
    println!("position: {pos}");
    let moves: Vec<String> = pos.moves().iter().map(|m| m.to_string()).collect();
    println!("White's moves: {}", moves.join(" "));

    // Play a whole turn from text, then let Black answer with its first move.
    pos.play("f3-e3w".parse()?)?;
    let reply = pos.moves()[0];
    println!("Black's {} moves include {reply}", pos.moves().len());
    pos.play(reply)?;

    // The step-by-step API: which stones may move, and their steps.
    let turn = Turn::new(&pos);
    for option in turn.steps() {
        println!(
            "  {}-{} {:?} takes {} stone(s)",
            option.from,
            option.to,
            option.capture,
            option.captured.len()
        );
    }
    for depth in 1..=4 {
        println!("perft {depth} = {}", Position::new().perft(depth));
    }
    Ok(())
}

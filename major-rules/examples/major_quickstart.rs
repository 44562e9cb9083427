//! Quickstart: set up board 3 ("Cross"), play a few moves, print the
//! position and its string, then play on at random to the end.
//!
//! `cargo run -p major-rules --example major_quickstart`

use board_core::{Game, SplitMix64};
use major_rules::{Board, Position, parse_moves};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let board = Board::standard(3)?;
    println!("Board {} ({}):\n{board}\n", 3, board.name());
    let mut pos = Position::start(board);
    pos.play_moves(&parse_moves("a4-b4 i4-h4 b4-c4")?)?;
    println!("{}", pos.diagram());
    println!("position string: {pos}");

    let mut rng = SplitMix64::new(2026);
    let mut plies = 3;
    while pos.outcome().is_none() {
        let moves = pos.moves();
        let mv = moves[rng.below(moves.len() as u64) as usize];
        pos.play(mv)?;
        plies += 1;
    }
    println!("\nafter {plies} plies: {:?}", pos.winner());
    println!("{}", pos.diagram());
    Ok(())
}

//! A self-play match between two levels on one board (the library's
//! `ai::play_match`; `spielwerk major match` is the full program).
//!
//! `cargo run --release -p major-rules --example major_selfplay -- BOARD GAMES FIRST SECOND`

use std::time::Instant;

use major_rules::Board;
use major_rules::ai::{Level, play_match};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.to_owned());
    let board = Board::standard(arg(0, "1").parse()?)?;
    let games: u32 = arg(1, "20").parse()?;
    let first: Level = arg(2, "medium").parse()?;
    let second: Level = arg(3, "easy").parse()?;
    let t = Instant::now();
    let r = play_match(board, first, second, games, 4, 2026, |_, _| {});
    println!(
        "board {} {first} vs {second}: {} games, +{} ={} -{} ({:.1} s)",
        board.number().unwrap_or(0),
        games,
        r.wins,
        r.draws,
        r.losses,
        t.elapsed().as_secs_f64()
    );
    Ok(())
}

//! A self-play match between two levels on one board (board-search's
//! `play_match` with `ai::Computer`; `spielwerk major match` is the full
//! program).
//!
//! `cargo run --release -p major-rules --example major_selfplay -- BOARD GAMES FIRST SECOND`

use std::time::Instant;

use board_search::{MatchOptions, Opening, play_match};
use major_rules::ai::{Computer, Level};
use major_rules::{Board, Position};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.to_owned());
    let board = Board::standard(arg(0, "1").parse()?)?;
    let games: u32 = arg(1, "20").parse()?;
    let first: Level = arg(2, "medium").parse()?;
    let second: Level = arg(3, "easy").parse()?;
    let t = Instant::now();
    let openings =
        Opening::random_set(&Position::start(board), 4, games.div_ceil(2) as usize, 2026);
    let options = MatchOptions::games(games).with_seed(2026);
    let r = play_match(
        &mut Computer::new(first),
        &mut Computer::new(second),
        &openings,
        &options,
        |_, _| {},
    )?;
    println!(
        "board {}: {} ({:.1} s)",
        board.number().unwrap_or(0),
        r.report("major", first.name(), second.name()),
        t.elapsed().as_secs_f64()
    );
    Ok(())
}

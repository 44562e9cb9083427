//! Self-play matches from the most frequent WTHOR openings, colours
//! swapped: `reversi_selfplay LEVEL_A[:baseline] LEVEL_B[:baseline] [OPENINGS]`.
//!
//! `cargo run --release -p reversi-rules --example reversi_selfplay -- hard hard:baseline 50`

use board_search::{MatchOptions, Opening, play_match};
use reversi_rules::Position;
use reversi_rules::ai::{Computer, Level};
use reversi_rules::wthor::frequent_openings;

fn computer(spec: &str) -> Result<Computer, Box<dyn std::error::Error>> {
    let (level, eval) = spec.split_once(':').unwrap_or((spec, "pattern"));
    let level: Level = level.parse()?;
    Ok(match eval {
        "baseline" => Computer::baseline(level),
        _ => Computer::new(level),
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [a, b, rest @ ..] = args.as_slice() else {
        return Err("usage: reversi_selfplay A B [OPENINGS]".into());
    };
    let count: usize = rest.first().map_or(Ok(50), |s| s.parse())?;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/reversi/games/wthor-1977-2025.txt"
    );
    let openings: Vec<Opening<Position>> =
        frequent_openings(&std::fs::read_to_string(path)?, 8, count)
            .into_iter()
            .map(|moves| Opening::with_moves(Position::start(), moves))
            .collect();
    let (mut ea, mut eb) = (computer(a)?, computer(b)?);
    let t0 = std::time::Instant::now();
    let options = MatchOptions::games(2 * openings.len() as u32);
    let mut discs = 0i64;
    let result = play_match(&mut ea, &mut eb, &openings, &options, |g, _| {
        let d = i64::from(g.record.last.disc_difference(g.first_side));
        discs += d;
        eprintln!("game {}: {a} as {} {d:+}", g.index + 1, g.first_side);
    })?;
    println!(
        "{}, discs {discs:+}, {:.0} s",
        result.report("reversi", a, b),
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}

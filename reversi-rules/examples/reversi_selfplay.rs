//! Self-play matches from the most frequent WTHOR openings, colours
//! swapped: `selfplay LEVEL_A[:baseline] LEVEL_B[:baseline] [OPENINGS]`.
//!
//! `cargo run --release -p reversi-rules --example reversi_selfplay -- hard hard:baseline 50`

use reversi_rules::ai::levels::{Engine, Level};
use reversi_rules::ai::matches::{openings_from_wthor, play_match};

fn engine(spec: &str) -> Result<Engine, Box<dyn std::error::Error>> {
    let (level, eval) = spec.split_once(':').unwrap_or((spec, "pattern"));
    let level: Level = level.parse()?;
    Ok(match eval {
        "baseline" => Engine::baseline(level),
        _ => Engine::new(level),
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [a, b, rest @ ..] = args.as_slice() else {
        return Err("usage: selfplay A B [OPENINGS]".into());
    };
    let count: usize = rest.first().map_or(Ok(50), |s| s.parse())?;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/reversi/games/wthor-1977-2025.txt"
    );
    let openings = openings_from_wthor(&std::fs::read_to_string(path)?, 8, count);
    let (mut ea, mut eb) = (engine(a)?, engine(b)?);
    let t0 = std::time::Instant::now();
    let t = play_match(&mut ea, &mut eb, &openings, |n, black, rec| {
        eprintln!(
            "game {n}: {a} {} {:+}",
            if black { "black" } else { "white" },
            rec.black_minus_white
        );
    });
    println!(
        "{a} vs {b}: {} games, +{} ={} -{} (score {:.1}%, discs {:+}), {:.0} s",
        t.games(),
        t.wins,
        t.draws,
        t.losses,
        100.0 * t.score(),
        t.discs,
        t0.elapsed().as_secs_f64()
    );
    Ok(())
}

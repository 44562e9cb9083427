//! Measures each term of the evaluation: the medium level with the default
//! weights against the medium level with one term switched off, on every
//! board (the figures are in docs/measurements/major.md).
//!
//! `cargo run --release -p major-rules --example eval_terms -- GAMES`

use board_search::{MatchOptions, Opening, play_match};
use major_rules::ai::{Computer, Eval, Level, Weights, limits};
use major_rules::{Board, Position};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let games: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let full = Weights::default();
    let variants: [(&str, Weights); 5] = [
        ("no advance", Weights { advance: 0, ..full }),
        ("no runner", Weights { runner: 0, ..full }),
        (
            "no free runner",
            Weights {
                free_runner: 0,
                ..full
            },
        ),
        (
            "major = stone",
            Weights {
                major: full.stone,
                ..full
            },
        ),
        ("no quiescence", full),
    ];
    for (name, weights) in variants {
        let mut line = format!("{name:<16}");
        for board in Board::all_standard() {
            let quiescence = name != "no quiescence";
            let openings =
                Opening::random_set(&Position::start(board), 4, games.div_ceil(2) as usize, 2026);
            let variant = Eval {
                weights,
                quiescence,
            };
            let r = play_match(
                &mut Computer::new(Level::Medium),
                &mut Computer::with_eval(limits(Level::Medium), variant),
                &openings,
                &MatchOptions::games(games).with_seed(2026),
                |_, _| {},
            )?;
            let w = r.wdl;
            line.push_str(&format!(
                "  board {}: +{} ={} -{}",
                board.number().unwrap_or(0),
                w.wins,
                w.draws,
                w.losses
            ));
        }
        println!("{line}");
    }
    Ok(())
}

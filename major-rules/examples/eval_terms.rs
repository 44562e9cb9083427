//! Measures each term of the evaluation: the medium level with the default
//! weights against the medium level with one term switched off, on every
//! board (the figures of the README).
//!
//! `cargo run --release -p major-rules --example eval_terms -- GAMES`

use major_rules::Board;
use major_rules::ai::{Engine, Level, MajorEval, play_match_with};
use major_rules::eval::Weights;

fn main() {
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
            let r = play_match_with(
                board,
                || Engine::new(Level::Medium),
                || {
                    Engine::with_eval(
                        Level::Medium,
                        MajorEval {
                            weights,
                            quiescence,
                        },
                    )
                },
                games,
                4,
                2026,
                |_, _| {},
            );
            line.push_str(&format!(
                "  board {}: +{} ={} -{}",
                board.number().unwrap_or(0),
                r.wins,
                r.draws,
                r.losses
            ));
        }
        println!("{line}");
    }
}

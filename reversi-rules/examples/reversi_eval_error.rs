//! How far the pattern evaluation is from the exact score, on positions it
//! was not trained on: every move of the FFO problems (20 to 36 empties),
//! whose exact scores the OBF files list. For each listed move, the
//! evaluation of the position after it (from the mover's side) is compared
//! with the move's exact final disc difference.
//!
//! `cargo run --release -p reversi-rules --example reversi_eval_error -- OBF_FILE...`
//!
//! Prints, per band of empties (of the position before the move), the
//! number of moves, the mean absolute error and the mean error (bias), in
//! discs; the baseline figure of the evaluation v2.

use reversi_rules::Move;
use reversi_rules::ai::weights::{SCALE, Weights};
use reversi_rules::obf::ObfLine;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        return Err("usage: reversi_eval_error OBF_FILE...".into());
    }
    let weights = Weights::embedded();
    // Bands of empties: 20-24, 25-29, 30-36.
    let bands: [(u32, u32); 3] = [(20, 24), (25, 29), (30, 36)];
    let mut sums = [(0u32, 0f64, 0f64); 3];
    for path in &paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let obf: ObfLine = line.parse().map_err(|e| format!("{path}:{}: {e}", n + 1))?;
            let empties = obf.position.empty_count();
            let Some(band) = bands
                .iter()
                .position(|&(lo, hi)| (lo..=hi).contains(&empties))
            else {
                continue;
            };
            for &(mv, exact) in &obf.scores {
                let Move::Place(_) = mv else { continue };
                let mut child = obf.position;
                if board_core::Game::play(&mut child, mv).is_err() {
                    return Err(format!("{path}:{}: {mv} is illegal", n + 1).into());
                }
                let board = child.board();
                // The child's side to move is the opponent: negate.
                let eval = -f64::from(weights.evaluate(board.player(), board.opponent()))
                    / f64::from(SCALE);
                let error = eval - f64::from(exact);
                let s = &mut sums[band];
                s.0 += 1;
                s.1 += error.abs();
                s.2 += error;
            }
        }
    }
    println!("| empties | moves | mean absolute error (discs) | mean error (discs) |");
    println!("|---|---:|---:|---:|");
    for (&(lo, hi), &(count, abs, signed)) in bands.iter().zip(&sums) {
        let n = f64::from(count.max(1));
        println!(
            "| {lo}-{hi} | {count} | {:.2} | {:+.2} |",
            abs / n,
            signed / n
        );
    }
    Ok(())
}

//! Perft of every board's start position, depths 1 to `DEPTH` (default 6),
//! with time and rate: the table of the crate documentation.
//!
//! `cargo run --release -p major-rules --example major_perft -- 6 [undo]`
//! (`undo`: by make/unmake instead of copy-make).

use std::time::Instant;

use board_core::{perft, perft_undo};
use major_rules::{Board, Position};

fn main() {
    let max: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(6);
    let undo = std::env::args().nth(2).as_deref() == Some("undo");
    for board in Board::all_standard() {
        let start = Position::start(board);
        for depth in 1..=max {
            let t = Instant::now();
            let nodes = if undo {
                perft_undo(&mut start.clone(), depth)
            } else {
                perft(&start, depth)
            };
            let secs = t.elapsed().as_secs_f64();
            println!(
                "board {} ({}) depth {depth}: {nodes} ({secs:.2} s, {:.1} M/s)",
                board.number().unwrap_or(0),
                board.name(),
                nodes as f64 / secs.max(1e-9) / 1e6
            );
        }
    }
}

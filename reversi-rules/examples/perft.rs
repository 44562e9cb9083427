//! Plain perft from the start position, with time and rate:
//! `cargo run --release -p reversi-rules --example perft -- 11 [bik|edax]`.

use std::time::Instant;

use reversi_rules::{Board, FinishedGames, perft};

fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(9);
    let only = std::env::args().nth(2);
    for (name, finished) in [
        ("bik", FinishedGames::CountAsLeaf),
        ("edax", FinishedGames::Drop),
    ] {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let start = Instant::now();
        let nodes = perft::perft(Board::start(), depth, finished);
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "perft {depth} ({name}): {nodes} leaves in {seconds:.3} s, {:.1} M leaves/s",
            nodes as f64 / seconds / 1e6
        );
    }
}

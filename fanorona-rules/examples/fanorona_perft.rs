//! Times the plain whole-turn perft from the start position, without the
//! `spielwerk` program (quick to build, and to profile with callgrind):
//! `cargo run --release -p fanorona-rules --example fanorona_perft -- 7`.

use std::time::Instant;

use fanorona_rules::Position;

fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(6);
    let start = Instant::now();
    let nodes = Position::new().perft(depth);
    let seconds = start.elapsed().as_secs_f64();
    println!("perft {depth} = {nodes} in {seconds:.3} s");
}

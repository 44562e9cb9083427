//! Monte Carlo tree search speed on bitboard Connect Four, side by side
//! with the `minimax` crate (0.6, `MonteCarloTreeSearch`): the time of a
//! fixed number of playouts from the same positions, on one thread and on
//! two, so that playouts per second are the number divided by the time.
//!
//! `cargo bench -p benches --bench mcts`
//!
//! Fairness: both search the same `ConnectFour` with uniformly random
//! playouts to the end of the game and no evaluation (`NoKnowledge` for
//! Spielwerk), from a new tree for every search. Spielwerk's threads grow
//! one tree each (root parallelism), `minimax`'s share one tree. The
//! 100-game match between the two: `benches/examples/mcts_match.rs`.

use std::hint::black_box;
use std::time::Duration;

use benches::minimax_c4::MinimaxMcts;
use board_search::{Limits, Mcts, MctsOptions, NoKnowledge};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use spielwerk_testgames::ConnectFour;

/// Playouts per search.
const PLAYOUTS: u32 = 20_000;

fn side_by_side(c: &mut Criterion) {
    let positions = [
        ("start", ConnectFour::new()),
        ("midgame 4453", "4453".parse().expect("legal")),
    ];
    for (name, pos) in positions {
        for threads in [1, 2] {
            let mut group = c.benchmark_group(format!(
                "connect-four mcts {name} {PLAYOUTS} playouts {threads} thread(s)"
            ));
            group
                .sample_size(10)
                .measurement_time(Duration::from_secs(8))
                .throughput(Throughput::Elements(u64::from(PLAYOUTS)));
            let ours = Mcts::new(NoKnowledge, MctsOptions::default().with_threads(threads));
            group.bench_function("spielwerk Mcts", |b| {
                b.iter(|| ours.search(black_box(&pos), &Limits::playouts(u64::from(PLAYOUTS))))
            });
            let mut theirs = MinimaxMcts::new(PLAYOUTS, threads);
            group.bench_function("minimax MonteCarloTreeSearch", |b| {
                b.iter(|| theirs.choose_move(black_box(&pos)))
            });
            group.finish();
        }
    }
}

criterion_group!(benches, side_by_side);
criterion_main!(benches);

//! board-search on Connect Four.
//!
//! `cargo bench -p benches --bench search`

use std::hint::black_box;

use board_search::{AlphaBeta, Limits};
use criterion::{Criterion, criterion_group, criterion_main};
use spielwerk_testgames::{ConnectFour, ConnectFourEval};

fn alphabeta_fixed_depth(c: &mut Criterion) {
    let start = ConnectFour::new();
    c.bench_function("spielwerk alphabeta connect-four depth 9", |b| {
        b.iter(|| {
            let mut search = AlphaBeta::new(ConnectFourEval);
            search.search(black_box(&start), &Limits::depth(9))
        })
    });
}

criterion_group!(benches, alphabeta_fixed_depth);
criterion_main!(benches);

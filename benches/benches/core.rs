//! board-core: copy-make against make/unmake, measured on the same game.
//!
//! `cargo bench -p benches --bench core`

use std::hint::black_box;

use board_core::{perft, perft_undo};
use criterion::{Criterion, criterion_group, criterion_main};
use spielwerk_testgames::ConnectFour;

fn copy_make_vs_undo(c: &mut Criterion) {
    let start = ConnectFour::new();
    let mut group = c.benchmark_group("connect-four perft 7");
    group.bench_function("copy-make", |b| b.iter(|| perft(black_box(&start), 7)));
    group.bench_function("make-unmake", |b| {
        b.iter(|| {
            let mut pos = start;
            perft_undo(black_box(&mut pos), 7)
        })
    });
    group.finish();
}

criterion_group!(benches, copy_make_vs_undo);
criterion_main!(benches);

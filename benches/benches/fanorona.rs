//! fanorona-rules: whole-turn move generation, perft and fixed-depth
//! search.
//!
//! `cargo bench -p benches --bench fanorona`

use std::hint::black_box;

use board_core::Game;
use board_search::{Limits, Opening};
use criterion::{Criterion, criterion_group, criterion_main};
use fanorona_rules::Position;
use fanorona_rules::ai::{Computer, Eval};

/// The start and a few positions after seeded random openings.
fn positions() -> Vec<Position> {
    (0..8)
        .map(|seed| {
            let mut pos = Position::new();
            for mv in Opening::random(Position::new(), 6, seed).moves {
                pos.play_unchecked(mv);
            }
            pos
        })
        .collect()
}

fn movegen(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("fanorona movegen");
    group.bench_function("legal_moves (8 positions)", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).moves().len())
                .sum::<usize>()
        })
    });
    group.bench_function("move_count (8 positions)", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).move_count())
                .sum::<u64>()
        })
    });
    group.bench_function("perft 5 bulk", |b| {
        b.iter(|| black_box(Position::new()).perft(5))
    });
    group.bench_function("perft 4 generic copy-make", |b| {
        b.iter(|| board_core::perft(black_box(&Position::new()), 4))
    });
    group.bench_function("perft 4 generic make/unmake", |b| {
        b.iter(|| board_core::perft_undo(&mut black_box(Position::new()), 4))
    });
    group.finish();
}

fn search(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("fanorona search");
    group.sample_size(10);
    group.bench_function("alpha-beta depth 5 (8 positions)", |b| {
        b.iter(|| {
            let mut computer = Computer::with_eval(Limits::depth(5), Eval::default());
            positions
                .iter()
                .map(|p| computer.think(black_box(p)).nodes)
                .sum::<u64>()
        })
    });
    group.finish();
}

criterion_group!(benches, movegen, search);
criterion_main!(benches);

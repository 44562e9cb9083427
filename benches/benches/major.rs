//! Major rules and search speed: perft from each board's start (copy-make
//! against make/unmake, the last ply counted in bulk), move generation on
//! positions from random games, and a fixed medium-level search.
//!
//! `cargo bench -p benches --bench major`
//!
//! The same numbers without criterion: `spielwerk major perft 6 --board N`
//! and `spielwerk major bench`.

use std::hint::black_box;

use board_core::{Game, SplitMix64, perft, perft_undo};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use major_rules::ai::{Computer, Level};
use major_rules::{Board, MoveList, Position};

/// Positions from random games on every board (10 plies in, and deeper).
fn positions() -> Vec<Position> {
    let mut rng = SplitMix64::new(99);
    let mut out = Vec::new();
    for board in Board::all_standard() {
        for game in 0..25 {
            let mut p = Position::start(board);
            for _ in 0..(6 + game % 20) {
                let moves = p.moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                if p.play(mv).is_err() {
                    break;
                }
            }
            if p.outcome().is_none() {
                out.push(p);
            }
        }
    }
    out
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("major/perft4");
    for board in Board::all_standard() {
        let start = Position::start(board);
        let nodes = perft(&start, 4);
        group.throughput(Throughput::Elements(nodes));
        let n = board.number().unwrap_or(0);
        group.bench_function(format!("board{n}/copy-make"), |b| {
            b.iter(|| perft(black_box(&start), 4));
        });
        group.bench_function(format!("board{n}/make-unmake"), |b| {
            let mut pos = start.clone();
            b.iter(|| perft_undo(black_box(&mut pos), 4));
        });
    }
    group.finish();
}

fn bench_movegen(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("major/movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("random-positions", |b| {
        let mut list = MoveList::new();
        b.iter(|| {
            let mut total = 0;
            for p in &positions {
                p.legal_moves(&mut list);
                total += list.len();
            }
            black_box(total)
        });
    });
    group.finish();
}

fn bench_search(c: &mut Criterion) {
    let start = Position::start(Board::standard(1).expect("board 1 exists"));
    let mut group = c.benchmark_group("major/search");
    group.sample_size(10);
    group.bench_function("medium-board1-start", |b| {
        b.iter(|| Computer::new(Level::Medium).think(black_box(&start)).nodes);
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_movegen, bench_search);
criterion_main!(benches);

//! Criterion benchmarks: the exact solver on FFO problems #1-#4 (14-16
//! empties, built in) and the pattern evaluation.

use criterion::{Criterion, criterion_group, criterion_main};
use reversi_rules::Position;
use reversi_rules::ai::endgame::Solver;
use reversi_rules::ai::eval::PatternEval;

const PROBLEMS: [&str; 4] = [
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
    "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X",
    "----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X",
    "-XXXXXX-X-XXXOO-XOXXXOOXXXOXOOOX-OXOOXXX--OOOXXX--OOXX----XOXXO- X",
];

fn solver(c: &mut Criterion) {
    let positions: Vec<Position> = PROBLEMS.iter().filter_map(|p| p.parse().ok()).collect();
    let mut solver = Solver::with_table_bits(18);
    c.bench_function("solve fforum 1-4", |b| {
        b.iter(|| {
            let mut total = 0;
            for pos in &positions {
                solver.clear();
                total += solver.solve(pos).map_or(0, |s| s.nodes);
            }
            total
        });
    });
    let eval = PatternEval::default();
    c.bench_function("pattern eval", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| eval.value(p.board().player(), p.board().opponent()))
                .sum::<i32>()
        });
    });
}

criterion_group!(benches, solver);
criterion_main!(benches);

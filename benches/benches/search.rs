//! Alpha-beta search speed to a fixed depth on bitboard Connect Four, side
//! by side with the `minimax` crate (0.6, `IterativeSearch` with a
//! transposition table) on the very same game and evaluation, one thread.
//!
//! `cargo bench -p benches --bench search`
//!
//! Fairness: both engines search the same `ConnectFour` positions
//! ([`benches::connect_four_positions`]: the start, two early middle games
//! and two later positions of a self-play game) with the same evaluation
//! (`ConnectFourEval`), to the same depth, each from a new 1 MiB table
//! (enough for these searches; a larger table measures the zeroing of its
//! memory more than the search), made outside the timed part. `minimax` has
//! no move-ordering hook, so its adapter generates moves centre-first, the
//! order our evaluator's hint gives: the comparison is of the search
//! engines, not of ordering knowledge. Before timing, the benchmark checks
//! that both reach the same root score; it prints both scores and node
//! counts. Beside them, `benches::bare_c4`: a loop hand-written for this
//! game alone, the yardstick of how little a node can cost. Instruction
//! counts of the same searches: `benches/examples/search_once.rs`.

use std::hint::black_box;
use std::time::Duration;

use benches::bare_c4::BareSearch;
use benches::minimax_c4::C4Eval;
use board_search::{AlphaBeta, Limits, Options};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use minimax::{IterativeOptions, IterativeSearch, Strategy};
use spielwerk_testgames::{ConnectFour, ConnectFourEval};

fn minimax_engine(depth: u32) -> IterativeSearch<C4Eval> {
    let mut search = IterativeSearch::new(
        C4Eval,
        IterativeOptions::new().with_table_byte_size(1 << 20),
    );
    search.set_max_depth(depth as u8);
    search
}

fn our_engine() -> AlphaBeta<ConnectFour, ConnectFourEval> {
    let options = Options {
        tt_mib: 1,
        ..Options::default()
    };
    AlphaBeta::with_options(ConnectFourEval, options)
}

fn side_by_side(c: &mut Criterion) {
    for p in benches::connect_four_positions() {
        let (name, pos, depth) = (p.name, p.pos, p.depth);
        let a = our_engine().search(&pos, &Limits::depth(depth));
        let mut b = minimax_engine(depth);
        b.choose_move(&pos);
        println!(
            "{name} depth {depth}: spielwerk score {} ({} nodes), minimax score {}",
            a.score,
            a.nodes,
            b.root_value()
        );
        assert_eq!(a.depth, depth);
        assert_eq!(
            a.score,
            i32::from(b.root_value()),
            "both engines must agree"
        );
        let mut group = c.benchmark_group(format!("connect-four {name} depth {depth}"));
        group
            .sample_size(20)
            .measurement_time(Duration::from_secs(6));
        group.bench_function("spielwerk AlphaBeta", |bench| {
            bench.iter_batched_ref(
                our_engine,
                |search| search.search(black_box(&pos), &Limits::depth(depth)),
                BatchSize::PerIteration,
            )
        });
        group.bench_function("minimax IterativeSearch", |bench| {
            bench.iter_batched_ref(
                || minimax_engine(depth),
                |search| search.choose_move(black_box(&pos)),
                BatchSize::PerIteration,
            )
        });
        // The yardstick: a loop written for this game alone (no limits,
        // line, killers, history, hints or enhanced cut-offs).
        let (bare_score, _) = BareSearch::new(1 << 20).search(&pos, depth);
        assert_eq!(bare_score, a.score, "the bare loop must agree");
        group.bench_function("bare loop (benches::bare_c4)", |bench| {
            bench.iter_batched_ref(
                || BareSearch::new(1 << 20),
                |search| search.search(black_box(&pos), depth),
                BatchSize::PerIteration,
            )
        });
        group.finish();
    }
}

criterion_group!(benches, side_by_side);
criterion_main!(benches);

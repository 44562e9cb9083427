//! Alpha-beta search speed to a fixed depth on bitboard Connect Four, side
//! by side with the `minimax` crate (0.6, `IterativeSearch` with a
//! transposition table) on the very same game and evaluation.
//!
//! `cargo bench -p benches --bench search`
//!
//! Fairness: both engines search the same `ConnectFour` positions with the
//! same evaluation (`ConnectFourEval`), to the same depth, each from a new
//! 1 MiB table (enough for these searches; a larger table measures the
//! zeroing of its memory more than the search). `minimax` has no move-ordering hook, so its adapter
//! generates moves centre-first, the order our evaluator's hint gives: the
//! comparison is of the search engines, not of ordering knowledge. Before
//! timing, the benchmark checks that both reach the same root score; it
//! prints both scores and node counts.

use std::hint::black_box;
use std::time::Duration;

use board_core::{Game, Outcome, ZobristHash};
use board_search::{AlphaBeta, Evaluator, Limits, Options};
use criterion::{Criterion, criterion_group, criterion_main};
use minimax::{IterativeOptions, IterativeSearch, Strategy, Winner};
use spielwerk_testgames::{ConnectFour, ConnectFourEval};

/// Columns centre-first.
const CENTRE_FIRST: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];

/// Connect Four as the `minimax` crate sees it.
struct C4;

impl minimax::Game for C4 {
    type S = ConnectFour;
    type M = u8;

    fn generate_moves(s: &ConnectFour, moves: &mut Vec<u8>) -> Option<Winner> {
        let legal = s.moves();
        moves.extend(CENTRE_FIRST.iter().filter(|c| legal.as_slice().contains(c)));
        Self::get_winner(s)
    }

    fn apply(s: &mut ConnectFour, m: u8) -> Option<ConnectFour> {
        let mut next = *s;
        next.play_unchecked(m);
        Some(next)
    }

    fn get_winner(s: &ConnectFour) -> Option<Winner> {
        // In Connect Four only the player who just moved can have won.
        s.outcome().map(|o| match o {
            Outcome::Win(_) => Winner::PlayerJustMoved,
            Outcome::Draw => Winner::Draw,
        })
    }

    fn zobrist_hash(s: &ConnectFour) -> u64 {
        s.zobrist()
    }

    fn table_index(m: u8) -> u16 {
        u16::from(m)
    }

    fn max_table_index() -> u16 {
        6
    }
}

/// The same evaluation for `minimax`.
struct C4Eval;

impl minimax::Evaluator for C4Eval {
    type G = C4;
    fn evaluate(&self, s: &ConnectFour) -> minimax::Evaluation {
        ConnectFourEval.evaluate(s) as minimax::Evaluation
    }
}

fn minimax_search(pos: &ConnectFour, depth: u8) -> IterativeSearch<C4Eval> {
    let mut search = IterativeSearch::new(
        C4Eval,
        IterativeOptions::new().with_table_byte_size(1 << 20),
    );
    search.set_max_depth(depth);
    black_box(search.choose_move(pos));
    search
}

fn ours(pos: &ConnectFour, depth: u32) -> board_search::SearchResult<u8> {
    let options = Options {
        tt_mib: 1,
        ..Options::default()
    };
    AlphaBeta::with_options(ConnectFourEval, options).search(pos, &Limits::depth(depth))
}

fn positions() -> Vec<(&'static str, ConnectFour, u32)> {
    vec![
        ("start", ConnectFour::new(), 10),
        ("midgame 44536", "44536".parse().expect("legal"), 11),
        ("midgame 4453", "4453".parse().expect("legal"), 12),
    ]
}

fn side_by_side(c: &mut Criterion) {
    for (name, pos, depth) in positions() {
        let a = ours(&pos, depth);
        let b = minimax_search(&pos, depth as u8);
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
            .sample_size(10)
            .measurement_time(Duration::from_secs(8));
        group.bench_function("spielwerk AlphaBeta", |bench| {
            bench.iter(|| ours(black_box(&pos), depth))
        });
        group.bench_function("minimax IterativeSearch", |bench| {
            bench.iter(|| minimax_search(black_box(&pos), depth as u8))
        });
        group.finish();
    }
}

criterion_group!(benches, side_by_side);
criterion_main!(benches);

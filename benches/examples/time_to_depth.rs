//! Time to depth of the parallel alpha-beta search: 2 threads against 1 on
//! Connect Four, Reversi and Fanorona middle-game positions, and on
//! Connect Four against the `minimax` crate's `ParallelSearch` (its
//! Young-Brothers-Wait search) at the same numbers of threads.
//!
//! ```text
//! cargo run --release -p benches --example time_to_depth -- [RUNS] [GAME]
//! ```
//!
//! Every measurement is one search from a new searcher (a new table) to a
//! fixed depth; the configurations take turns, run after run (`RUNS`,
//! default 7), and the median time of each is reported, with the speedup
//! of 2 threads over 1 (the median of the per-run ratios). `GAME` picks one
//! of `connect-four`, `reversi`, `fanorona` (default: all). On a machine
//! shared with other work the figures mean little: look at the load
//! average first (printed at the start and the end).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use benches::minimax_c4::C4Eval;
use board_core::{Game, ZobristHash};
use board_search::{AlphaBeta, Evaluator, Limits, Opening, Options};
use minimax::{IterativeOptions, ParallelOptions, ParallelSearch, Strategy};
use spielwerk_testgames::{ConnectFour, ConnectFourEval};

/// One search to `depth` with `threads` threads; the time and the score.
fn ours<G, E>(pos: &G, eval: E, depth: u32, threads: usize) -> (Duration, i32)
where
    G: ZobristHash + Sync,
    E: Evaluator<G> + Sync,
{
    let options = Options {
        threads,
        tt_mib: 16,
        ..Options::default()
    };
    let mut search = AlphaBeta::with_options(eval, options);
    let start = Instant::now();
    let r = search.search(pos, &Limits::depth(depth));
    (start.elapsed(), r.score)
}

/// `minimax`'s parallel search to `depth` on `threads` threads.
fn theirs(pos: &ConnectFour, depth: u32, threads: usize) -> (Duration, i32) {
    let mut search = ParallelSearch::new(
        C4Eval,
        IterativeOptions::new().with_table_byte_size(16 << 20),
        ParallelOptions::new().with_num_threads(threads),
    );
    search.set_max_depth(depth as u8);
    let start = Instant::now();
    search.choose_move(pos);
    (start.elapsed(), i32::from(search.root_value()))
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_owned())
}

/// Runs `configs` in turn `runs` times and prints each one's median and the
/// speedups of the pairs (1 thread, 2 threads) that follow each other.
/// A named configuration: one search, its time and score.
type Config<'a> = (&'a str, Box<dyn FnMut() -> (Duration, i32)>);

fn measure(title: &str, runs: usize, configs: &mut [Config<'_>]) {
    println!("{title}");
    let mut times = vec![Vec::new(); configs.len()];
    let mut scores = vec![None; configs.len()];
    for run in 0..runs {
        // Alternate the order, so that no configuration always runs first.
        let order: Vec<usize> = if run % 2 == 0 {
            (0..configs.len()).collect()
        } else {
            (0..configs.len()).rev().collect()
        };
        for i in order {
            let (t, score) = (configs[i].1)();
            times[i].push(t.as_secs_f64());
            scores[i] = Some(score);
        }
    }
    for (i, (name, _)) in configs.iter().enumerate() {
        let score = scores[i].map_or_else(String::new, |s| format!(", score {s}"));
        println!(
            "  {name:<34} median {:>9.1} ms{score}",
            median(times[i].clone()) * 1e3
        );
    }
    for pair in (0..configs.len()).step_by(2) {
        if pair + 1 < configs.len() {
            let ratios = times[pair]
                .iter()
                .zip(&times[pair + 1])
                .map(|(one, two)| one / two)
                .collect();
            println!(
                "  speedup {} -> {}: {:.2}x",
                configs[pair].0,
                configs[pair + 1].0,
                median(ratios)
            );
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runs = match args.first().map(|r| r.parse::<usize>()) {
        None => 7,
        Some(Ok(r)) if r > 0 => r,
        _ => {
            eprintln!("usage: time_to_depth [RUNS] [connect-four|reversi|fanorona]");
            return ExitCode::FAILURE;
        }
    };
    let only = args.get(1).map(String::as_str);
    let wanted = |game: &str| only.is_none_or(|o| o == game);
    println!("load average at the start: {}", load());

    if wanted("connect-four") {
        for (moves, depth) in [("4453", 15), ("4453443335", 18)] {
            let pos: ConnectFour = moves.parse().expect("a legal position");
            measure(
                &format!("connect-four {moves} depth {depth}"),
                runs,
                &mut [
                    (
                        "spielwerk AlphaBeta 1 thread",
                        Box::new(move || ours(&pos, ConnectFourEval, depth, 1)),
                    ),
                    (
                        "spielwerk AlphaBeta 2 threads",
                        Box::new(move || ours(&pos, ConnectFourEval, depth, 2)),
                    ),
                    (
                        "minimax ParallelSearch 1 thread",
                        Box::new(move || theirs(&pos, depth, 1)),
                    ),
                    (
                        "minimax ParallelSearch 2 threads",
                        Box::new(move || theirs(&pos, depth, 2)),
                    ),
                ],
            );
        }
    }

    if wanted("reversi") {
        use reversi_rules::ai::eval::PatternEval;
        // The first WTHOR game (1977) after 24 moves.
        let transcript = "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3";
        let mut pos = reversi_rules::Position::start();
        for i in (0..transcript.len()).step_by(2) {
            let mv = transcript[i..i + 2].parse().expect("a square");
            pos.play(mv).expect("a legal move");
        }
        let depth = 9;
        let (a, b) = (pos, pos);
        measure(
            &format!("reversi (WTHOR 1977 #1 after 24 moves) depth {depth}"),
            runs,
            &mut [
                (
                    "spielwerk AlphaBeta 1 thread",
                    Box::new(move || ours(&a, PatternEval::default(), depth, 1)),
                ),
                (
                    "spielwerk AlphaBeta 2 threads",
                    Box::new(move || ours(&b, PatternEval::default(), depth, 2)),
                ),
            ],
        );
    }

    if wanted("fanorona") {
        use fanorona_rules::eval::FanoronaEval;
        // 12 random plies from the start (seed 3): a middle game.
        let opening = Opening::random(fanorona_rules::Position::new(), 12, 3);
        let pos = opening.position().expect("legal random moves");
        let depth = 7;
        let (a, b) = (pos.clone(), pos);
        measure(
            &format!("fanorona (12 random plies, seed 3) depth {depth}"),
            runs,
            &mut [
                (
                    "spielwerk AlphaBeta 1 thread",
                    Box::new(move || ours(&a, FanoronaEval::default(), depth, 1)),
                ),
                (
                    "spielwerk AlphaBeta 2 threads",
                    Box::new(move || ours(&b, FanoronaEval::default(), depth, 2)),
                ),
            ],
        );
    }
    println!("load average at the end: {}", load());
    ExitCode::SUCCESS
}

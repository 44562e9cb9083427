//! Time to depth of the parallel alpha-beta search: 2 threads against 1 on
//! Connect Four, Reversi and Fanorona middle-game positions, for each way
//! of sharing the work (lazy SMP with and without deferral, Young Brothers
//! Wait), and on Connect Four against the `minimax` crate's
//! `ParallelSearch` (its Young-Brothers-Wait search) at the same numbers of
//! threads.
//!
//! ```text
//! cargo run --release -p benches --example time_to_depth -- [RUNS] [GAME]
//! ```
//!
//! Every measurement is one search from a new searcher (a new table) to a
//! fixed depth; the configurations take turns, run after run (`RUNS`,
//! default 7, alternately forwards and backwards), and the median time of
//! each is reported, with its speedup over the same engine on one thread
//! (the median of the per-run ratios). `GAME` picks one of `connect-four`,
//! `reversi`, `fanorona` (default: all). On a machine shared with other
//! work the figures mean little: the load average is printed at the start
//! and the end.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use benches::minimax_c4::C4Eval;
use board_core::{Game, ZobristHash};
use board_search::{AlphaBeta, Evaluator, Limits, Opening, Options, Parallelism};
use minimax::{IterativeOptions, ParallelOptions, ParallelSearch, Strategy};
use spielwerk_testgames::{ConnectFour, ConnectFourEval};

/// One search to `depth`; its time and score.
fn ours<G, E>(pos: &G, eval: E, depth: u32, options: Options) -> (Duration, i32)
where
    G: ZobristHash + Sync,
    E: Evaluator<G> + Sync,
{
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

/// The options of one configuration of ours (a 16 MiB table).
fn options(threads: usize, parallelism: Parallelism, defer: bool) -> Options {
    Options {
        threads,
        parallelism,
        defer,
        tt_mib: 16,
        ..Options::default()
    }
}

/// Our configurations: one thread, then two threads each way.
fn our_configs() -> Vec<(&'static str, Options)> {
    vec![
        ("spielwerk 1 thread", options(1, Parallelism::LazySmp, true)),
        (
            "spielwerk 2 lazy SMP + defer",
            options(2, Parallelism::LazySmp, true),
        ),
        (
            "spielwerk 2 lazy SMP",
            options(2, Parallelism::LazySmp, false),
        ),
        (
            "spielwerk 2 YBW",
            options(2, Parallelism::YoungBrothersWait, false),
        ),
    ]
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

/// A named configuration: the index of its one-thread baseline, and one
/// search (its time and score).
type Config<'a> = (String, usize, Box<dyn FnMut() -> (Duration, i32) + 'a>);

/// Runs `configs` in turn `runs` times and prints each one's median time
/// and its speedup over its baseline.
fn measure(title: &str, runs: usize, configs: &mut [Config<'_>]) {
    println!("{title}");
    let mut times = vec![Vec::new(); configs.len()];
    let mut scores = vec![0; configs.len()];
    for run in 0..runs {
        // Alternate the order, so that no configuration always runs first.
        let order: Vec<usize> = if run % 2 == 0 {
            (0..configs.len()).collect()
        } else {
            (0..configs.len()).rev().collect()
        };
        for i in order {
            let (t, score) = (configs[i].2)();
            times[i].push(t.as_secs_f64());
            scores[i] = score;
        }
    }
    for (i, (name, base, _)) in configs.iter().enumerate() {
        let speedup = if *base == i {
            String::new()
        } else {
            let ratios = times[*base]
                .iter()
                .zip(&times[i])
                .map(|(b, t)| b / t)
                .collect();
            format!(", speedup {:.2}x", median(ratios))
        };
        println!(
            "  {name:<30} median {:>9.1} ms, score {}{speedup}",
            median(times[i].clone()) * 1e3,
            scores[i]
        );
    }
}

/// Our configurations on `pos`, all measured against the first.
fn ours_all<'a, G, E>(pos: &'a G, eval: &'a E, depth: u32) -> Vec<Config<'a>>
where
    G: ZobristHash + Sync,
    E: Evaluator<G> + Clone + Sync,
{
    our_configs()
        .into_iter()
        .map(|(name, o)| {
            let run: Box<dyn FnMut() -> (Duration, i32) + 'a> =
                Box::new(move || ours(pos, eval.clone(), depth, o.clone()));
            (name.to_owned(), 0, run)
        })
        .collect()
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
        for (moves, depth) in [("4453", 20), ("4453443335", 22)] {
            let pos: ConnectFour = moves.parse().expect("a legal position");
            let mut configs = ours_all(&pos, &ConnectFourEval, depth);
            let base = configs.len();
            configs.push((
                "minimax ParallelSearch 1 thread".to_owned(),
                base,
                Box::new(move || theirs(&pos, depth, 1)),
            ));
            configs.push((
                "minimax ParallelSearch 2".to_owned(),
                base,
                Box::new(move || theirs(&pos, depth, 2)),
            ));
            measure(
                &format!("connect-four {moves} depth {depth}"),
                runs,
                &mut configs,
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
        let depth = 11;
        let eval = PatternEval::default();
        measure(
            &format!("reversi (WTHOR 1977 game 1 after 24 moves) depth {depth}"),
            runs,
            &mut ours_all(&pos, &eval, depth),
        );
    }

    if wanted("fanorona") {
        use fanorona_rules::ai::Eval;
        // 12 random plies from the start (seed 3): a middle game.
        let opening = Opening::random(fanorona_rules::Position::new(), 12, 3);
        let pos = opening.position().expect("legal random moves");
        let depth = 12;
        let eval = Eval::default();
        measure(
            &format!("fanorona (12 random plies, seed 3) depth {depth}"),
            runs,
            &mut ours_all(&pos, &eval, depth),
        );
    }
    println!("load average at the end: {}", load());
    ExitCode::SUCCESS
}

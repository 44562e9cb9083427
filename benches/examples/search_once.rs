//! One fixed-depth Connect Four search by one engine, for instruction
//! counts under callgrind (the criterion benchmark `search` times the same
//! searches):
//!
//! ```text
//! cargo build --release -p benches --example search_once
//! valgrind --tool=callgrind --toggle-collect='search_once::run_*' \
//!     target/release/examples/search_once spielwerk 2
//! ```
//!
//! Arguments: the engine (`spielwerk`, `minimax`, or `bare`: the
//! hand-written loop of [`benches::bare_c4`]), the index of the
//! position in [`benches::connect_four_positions`] (or any position as its
//! moves, `4453`) and optionally a depth.
//! Prints the score and the nodes; callgrind's total counts only the
//! search: both engines are made (their tables allocated) outside it, as
//! in the benchmark.

use std::hint::black_box;
use std::process::ExitCode;

use benches::bare_c4::BareSearch;
use benches::minimax_c4::C4Eval;
use board_search::{AlphaBeta, Limits, Options};
use minimax::{IterativeOptions, IterativeSearch, Strategy};
use spielwerk_testgames::{ConnectFour, ConnectFourEval};

#[inline(never)]
fn run_spielwerk(
    search: &mut AlphaBeta<ConnectFour, ConnectFourEval>,
    pos: &ConnectFour,
    depth: u32,
) -> (i32, u64) {
    let r = search.search(pos, &Limits::depth(depth));
    (r.score, r.nodes)
}

#[inline(never)]
fn run_bare(search: &mut BareSearch, pos: &ConnectFour, depth: u32) -> (i32, u64) {
    search.search(pos, depth)
}

#[inline(never)]
fn run_minimax(search: &mut IterativeSearch<C4Eval>, pos: &ConnectFour) {
    black_box(search.choose_move(pos));
}

fn spielwerk(pos: &ConnectFour, depth: u32) -> (i32, u64) {
    let options = Options {
        tt_mib: 1,
        ..Options::default()
    };
    let mut search = AlphaBeta::with_options(ConnectFourEval, options);
    run_spielwerk(&mut search, pos, depth)
}

fn bare(pos: &ConnectFour, depth: u32) -> (i32, u64) {
    let mut search = BareSearch::new(1 << 20);
    run_bare(&mut search, pos, depth)
}

fn minimax(pos: &ConnectFour, depth: u32) -> (i32, u64) {
    let mut search = IterativeSearch::new(
        C4Eval,
        IterativeOptions::new().with_table_byte_size(1 << 20),
    );
    search.set_max_depth(depth as u8);
    run_minimax(&mut search, pos);
    // minimax reports its node count only in a text summary.
    let stats = search.stats(&mut pos.clone());
    let nodes = stats
        .split_once("Explored ")
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    (i32::from(search.root_value()), nodes)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let positions = benches::connect_four_positions();
    let (Some(engine), Some(index)) = (args.first(), args.get(1)) else {
        eprintln!("usage: search_once spielwerk|minimax|bare POSITION-INDEX [DEPTH]");
        return ExitCode::FAILURE;
    };
    // A position index, or any position as its moves ("4453").
    let (name, pos, default_depth) = match index.parse::<usize>() {
        Ok(i) if i < positions.len() => (positions[i].name, positions[i].pos, positions[i].depth),
        _ => match index.parse::<ConnectFour>() {
            Ok(pos) => ("position", pos, 10),
            Err(e) => {
                eprintln!(
                    "{index}: neither a position index (0-{}) nor moves: {e}",
                    positions.len() - 1
                );
                return ExitCode::FAILURE;
            }
        },
    };
    let depth = match args.get(2).map(|d| d.parse::<u32>()) {
        None => default_depth,
        Some(Ok(d)) => d,
        Some(Err(e)) => {
            eprintln!("bad depth: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (score, nodes) = match engine.as_str() {
        "spielwerk" => spielwerk(&pos, depth),
        "minimax" => self::minimax(&pos, depth),
        "bare" => bare(&pos, depth),
        other => {
            eprintln!("unknown engine {other}: spielwerk, minimax or bare");
            return ExitCode::FAILURE;
        }
    };
    println!("{name} depth {depth}: {engine} score {score} nodes {nodes}");
    ExitCode::SUCCESS
}

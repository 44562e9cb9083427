//! Limits, determinism and progress reports of the searches.

use std::thread;
use std::time::{Duration, Instant};

use board_search::{AlphaBeta, Expectimax, Limits, StopFlag};
use spielwerk_testgames::{ConnectFour, ConnectFourEval, RandomTree, TreeEval};

#[test]
fn same_limits_give_the_same_nodes_and_move() {
    let pos: ConnectFour = "4453".parse().unwrap();
    for limits in [
        Limits::depth(9),
        Limits::nodes(20_000),
        Limits::depth(30).and_nodes(50_000),
    ] {
        let a = AlphaBeta::new(ConnectFourEval).search(&pos, &limits);
        let b = AlphaBeta::new(ConnectFourEval).search(&pos, &limits);
        assert_eq!(
            (a.best_move, a.score, a.nodes, a.depth, &a.pv),
            (b.best_move, b.score, b.nodes, b.depth, &b.pv)
        );
    }
    let tree = RandomTree::with_chance(11, 12);
    let a = Expectimax::new(TreeEval).search(&tree, &Limits::depth(8));
    let b = Expectimax::new(TreeEval).search(&tree, &Limits::depth(8));
    assert_eq!(
        (a.best_move, a.nodes, a.depth),
        (b.best_move, b.nodes, b.depth)
    );
    assert_eq!(a.score.to_bits(), b.score.to_bits());
}

#[test]
fn node_limit_is_respected_and_reports_the_last_full_iteration() {
    let pos = ConnectFour::new();
    let r = AlphaBeta::new(ConnectFourEval).search(&pos, &Limits::nodes(5_000));
    assert!(r.nodes <= 5_001, "{} nodes", r.nodes);
    assert!(r.depth >= 1 && r.best_move.is_some());
    let full = AlphaBeta::new(ConnectFourEval).search(&pos, &Limits::depth(r.depth));
    assert_eq!((full.score, full.best_move), (r.score, r.best_move));
}

#[test]
fn progress_reports_every_iteration() {
    let pos = ConnectFour::new();
    let mut depths = Vec::new();
    let r = AlphaBeta::new(ConnectFourEval).search_with_progress(&pos, &Limits::depth(6), |it| {
        depths.push(it.depth);
        assert!(it.best_move.is_some());
    });
    assert_eq!(depths, vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(r.depth, 6);
}

#[test]
fn a_set_stop_flag_or_zero_budget_returns_at_once_with_a_legal_move() {
    let stop = StopFlag::new();
    stop.stop();
    let pos = ConnectFour::new();
    let r = AlphaBeta::new(ConnectFourEval).search(&pos, &Limits::depth(20).and_stop(stop));
    assert_eq!((r.depth, r.nodes), (0, 0));
    assert!(r.best_move.is_some());
    let r = AlphaBeta::new(ConnectFourEval).search(&pos, &Limits::nodes(0));
    assert_eq!(r.depth, 0);
}

#[test]
fn stop_flag_ends_a_search_within_ten_milliseconds() {
    let mut worst = Duration::ZERO;
    for _ in 0..5 {
        let stop = StopFlag::new();
        let handle = stop.clone();
        let worker = thread::spawn(move || {
            let limits = Limits::none().and_stop(handle);
            let r = AlphaBeta::new(ConnectFourEval).search(&ConnectFour::new(), &limits);
            (Instant::now(), r)
        });
        thread::sleep(Duration::from_millis(40));
        let set = Instant::now();
        stop.stop();
        let (ended, r) = worker.join().expect("search thread");
        let latency = ended.saturating_duration_since(set);
        worst = worst.max(latency);
        assert!(r.best_move.is_some());
    }
    println!("stop latency, worst of 5: {worst:?}");
    // The goal is 10 ms; the margin absorbs a loaded 2-core machine.
    assert!(worst < Duration::from_millis(50), "stop took {worst:?}");
}

#[test]
fn time_limit_ends_the_search() {
    let start = Instant::now();
    let r = AlphaBeta::new(ConnectFourEval).search(
        &ConnectFour::new(),
        &Limits::time(Duration::from_millis(30)),
    );
    let took = start.elapsed();
    assert!(took < Duration::from_millis(500), "took {took:?}");
    assert!(r.best_move.is_some() && r.depth >= 1);
}

#[test]
fn finished_positions_report_their_outcome() {
    let won: ConnectFour = "1212121".parse().unwrap();
    let r = AlphaBeta::new(ConnectFourEval).search(&won, &Limits::depth(5));
    assert_eq!(r.best_move, None);
    assert_eq!(r.score, board_search::loss_in(0));
}

//! Limits, determinism and progress reports of the searches.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use board_search::{AlphaBeta, Evaluator, Expectimax, Limits, StopFlag};
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

/// Sets a stop flag from inside the search, at its `after`-th evaluation,
/// and counts the evaluations that happen once it is set.
/// The counters are shared, so the test reads them after the search
/// (atomics: an evaluator of [`AlphaBeta`] is `Sync`, as its threads share
/// it).
#[derive(Clone)]
struct StopAfter {
    after: u64,
    stop: StopFlag,
    evaluations: Arc<AtomicU64>,
    late: Arc<AtomicU64>,
}

impl StopAfter {
    fn new(after: u64, stop: StopFlag) -> Self {
        StopAfter {
            after,
            stop,
            evaluations: Arc::default(),
            late: Arc::default(),
        }
    }

    fn count(&self) {
        if self.stop.is_stopped() {
            self.late.fetch_add(1, Ordering::Relaxed);
        }
        let n = self.evaluations.fetch_add(1, Ordering::Relaxed) + 1;
        if n == self.after {
            self.stop.stop();
        }
    }
}

impl Evaluator<ConnectFour> for StopAfter {
    fn evaluate(&self, pos: &ConnectFour) -> i32 {
        self.count();
        ConnectFourEval.evaluate(pos)
    }
}

impl Evaluator<RandomTree> for StopAfter {
    fn evaluate(&self, pos: &RandomTree) -> i32 {
        self.count();
        TreeEval.evaluate(pos)
    }
    fn bound(&self) -> i32 {
        Evaluator::<RandomTree>::bound(&TreeEval)
    }
}

/// The flag is read at every node: once it is set, not one more position
/// is evaluated, at whatever point of the search it comes. Counted in
/// evaluations, not measured in time, so a loaded machine cannot fail it.
#[test]
fn stop_flag_is_read_at_every_node() {
    for after in [1, 2, 37, 500, 4_321, 20_000] {
        let stop = StopFlag::new();
        let limits = Limits::depth(12).and_stop(stop.clone());
        let eval = StopAfter::new(after, stop);
        let r = AlphaBeta::new(eval.clone()).search(&ConnectFour::new(), &limits);
        assert_eq!(
            eval.evaluations.load(Ordering::Relaxed),
            after,
            "the search went on"
        );
        assert_eq!(
            eval.late.load(Ordering::Relaxed),
            0,
            "evaluated after the flag was set"
        );
        assert!(r.depth < 12 && r.best_move.is_some());
    }
    // The random tree's whole depth-12 search evaluates fewer positions:
    // stop it within them.
    let tree = RandomTree::with_chance(5, 30);
    let full = StopAfter::new(u64::MAX, StopFlag::new());
    Expectimax::new(full.clone()).search(&tree, &Limits::depth(12));
    let total = full.evaluations.load(Ordering::Relaxed);
    assert!(total > 300, "{total}");
    for after in [1, 2, 37, total / 2, total - 1] {
        let stop = StopFlag::new();
        let limits = Limits::depth(12).and_stop(stop.clone());
        let eval = StopAfter::new(after, stop);
        let r = Expectimax::new(eval.clone()).search(&tree, &limits);
        assert_eq!(
            (
                eval.evaluations.load(Ordering::Relaxed),
                eval.late.load(Ordering::Relaxed)
            ),
            (after, 0),
            "expectimax"
        );
        assert!(r.depth < 12);
    }
}

/// Another thread's flag ends an unlimited search (no timing asserted: how
/// long the two threads take depends on the machine's load).
#[test]
fn stop_flag_from_another_thread_ends_an_unlimited_search() {
    let stop = StopFlag::new();
    let handle = stop.clone();
    let worker = thread::spawn(move || {
        let limits = Limits::none().and_stop(handle);
        AlphaBeta::new(ConnectFourEval).search(&ConnectFour::new(), &limits)
    });
    thread::sleep(Duration::from_millis(20));
    stop.stop();
    let r = worker.join().expect("search thread");
    assert!(r.best_move.is_some());
    assert!(r.depth < board_search::MAX_DEPTH);
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

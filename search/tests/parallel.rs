//! The parallel alpha-beta search (lazy SMP over the shared table, with
//! deferral): whatever the threads do to each other, the move is legal and,
//! where the table cannot change the score (cut-offs only from entries of
//! exactly the remaining depth, or games searched to their end), the score
//! is the single-thread score, which is plain negamax's.

use std::time::{Duration, Instant};

use board_core::{Game, ZobristHash};
use board_search::{
    AlphaBeta, Evaluator, Limits, Options, Parallelism, StopFlag, TtCutoffs, reference,
};
use proptest::prelude::*;
use spielwerk_testgames::{ConnectFour, ConnectFourEval, RandomTree, TreeEval};

/// Quiescence plies on both sides of the comparison.
const Q: u32 = 3;

fn parallel(threads: usize, cutoffs: TtCutoffs, defer: bool) -> Options {
    Options {
        threads,
        defer,
        parallelism: Parallelism::LazySmp,
        tt_cutoffs: cutoffs,
        tt_mib: 1,
        quiescence_plies: Q,
        ..Options::default()
    }
}

/// Searches `pos` with `options` and checks the move, the line and the
/// score against plain negamax and the single-thread search.
fn check<G, E>(pos: &G, eval: E, depth: u32, options: Options)
where
    G: ZobristHash + Sync + std::fmt::Debug,
    E: Evaluator<G> + Clone + Sync,
{
    let expected = reference::negamax(pos, &eval, depth, Q);
    let single = Options {
        threads: 1,
        ..options.clone()
    };
    let one = AlphaBeta::with_options(eval.clone(), single).search(pos, &Limits::depth(depth));
    assert_eq!(one.score, expected, "one thread, depth {depth}, {pos:?}");
    let result = AlphaBeta::with_options(eval, options.clone()).search(pos, &Limits::depth(depth));
    assert_eq!(
        result.score, expected,
        "{} threads, depth {depth}, {pos:?}",
        options.threads
    );
    // One thread stops at the first iteration that reached no horizon (the
    // game searched to its end). With more threads, a cut-off on another
    // thread's table entry counts as reaching the horizon, so the search
    // may go on to a further iteration (seen in 2 % of the searches of
    // `RandomTree::new(6548512159033358643, 10)` to depth 4 with 3
    // threads), never past the depth asked for.
    assert!(
        one.depth <= result.depth && result.depth <= depth,
        "depth {} against one thread's {} (asked {depth})",
        result.depth,
        one.depth
    );
    let mv = result.best_move.expect("the position has moves");
    assert!(pos.is_legal(mv), "illegal best move {mv:?}");
    let mut line = pos.clone();
    assert_eq!(result.pv.first(), Some(&mv));
    for &mv in &result.pv {
        assert!(line.is_legal(mv), "pv move {mv:?} illegal");
        line.play_unchecked(mv);
    }
}

/// The Young Brothers Wait search with `threads` threads.
fn ybw(threads: usize, cutoffs: TtCutoffs) -> Options {
    Options {
        parallelism: Parallelism::YoungBrothersWait,
        ..parallel(threads, cutoffs, false)
    }
}

#[test]
fn two_and_three_threads_match_negamax_on_connect_four() {
    for seed in 0..6 {
        let pos = ConnectFour::random_unfinished(seed, 4 + seed as u32 * 3);
        for threads in [2, 3] {
            for defer in [true, false] {
                check(
                    &pos,
                    ConnectFourEval,
                    7,
                    parallel(threads, TtCutoffs::EqualDepth, defer),
                );
            }
            check(
                &pos,
                ConnectFourEval,
                8,
                ybw(threads, TtCutoffs::EqualDepth),
            );
            check(&pos, ConnectFourEval, 8, ybw(threads, TtCutoffs::Off));
        }
    }
}

/// Deeper searches, where every thread splits and helps at the others'
/// split points: the same score as one thread (plain negamax's, as the
/// tests above show at smaller depths).
#[test]
fn deeper_parallel_searches_agree_with_one_thread() {
    for (moves, depth) in [("4453", 11), ("4453443335", 12), ("", 11)] {
        let pos: ConnectFour = moves.parse().expect("legal");
        let single =
            AlphaBeta::with_options(ConnectFourEval, parallel(1, TtCutoffs::EqualDepth, false))
                .search(&pos, &Limits::depth(depth));
        for threads in [2, 3] {
            for options in [
                ybw(threads, TtCutoffs::EqualDepth),
                parallel(threads, TtCutoffs::EqualDepth, true),
            ] {
                let r = AlphaBeta::with_options(ConnectFourEval, options.clone())
                    .search(&pos, &Limits::depth(depth));
                assert_eq!(r.score, single.score, "{moves} depth {depth} {options:?}");
                assert!(r.best_move.is_some_and(|m| pos.is_legal(m)));
            }
        }
    }
}

#[test]
fn two_threads_match_negamax_on_random_trees() {
    for seed in 0..12 {
        let tree = RandomTree::new(seed, 12);
        check(&tree, TreeEval, 8, parallel(2, TtCutoffs::EqualDepth, true));
        check(&tree, TreeEval, 8, parallel(2, TtCutoffs::Off, true));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The property of the issue: a legal move and the single-thread score
    /// at equal depth, on random Connect Four positions and random trees.
    #[test]
    fn parallel_move_is_legal_and_scores_like_one_thread(
        seed in any::<u64>(), plies in 0u32..24, depth in 1u32..7, threads in 2usize..4,
        defer in any::<bool>(),
    ) {
        check(&ConnectFour::random_unfinished(seed, plies), ConnectFourEval, depth,
            parallel(threads, TtCutoffs::EqualDepth, defer));
        check(&RandomTree::new(seed, 10), TreeEval, depth + 1,
            parallel(threads, TtCutoffs::EqualDepth, defer));
        check(&ConnectFour::random_unfinished(seed, plies), ConnectFourEval, depth + 2,
            ybw(threads, TtCutoffs::EqualDepth));
        check(&RandomTree::new(seed, 12), TreeEval, depth + 3,
            ybw(threads, TtCutoffs::EqualDepth));
    }

    /// With cut-offs from entries of any depth, a score may depend on which
    /// thread stored what; where every game is searched to its end, all the
    /// entries hold exact game values and the score is negamax's again.
    #[test]
    fn any_depth_cutoffs_agree_once_every_game_is_solved(
        seed in any::<u64>(), height in 2u32..9, threads in 2usize..4,
    ) {
        let tree = RandomTree::new(seed, height);
        let depth = height + 1;
        let expected = reference::negamax(&tree, &TreeEval, depth, Q);
        let r = AlphaBeta::with_options(TreeEval, parallel(threads, TtCutoffs::AnyDepth, true))
            .search(&tree, &Limits::depth(depth));
        prop_assert_eq!(r.score, expected);
        prop_assert!(r.best_move.is_some_and(|m| tree.is_legal(m)));
    }
}

#[test]
fn a_parallel_search_keeps_its_limits() {
    for options in [
        parallel(2, TtCutoffs::AnyDepth, true),
        ybw(2, TtCutoffs::AnyDepth),
    ] {
        keeps_limits(options);
    }
}

fn keeps_limits(options: Options) {
    let pos = ConnectFour::new();
    // Nodes: all threads together, checked every few hundred nodes each.
    let r = AlphaBeta::with_options(ConnectFourEval, options.clone())
        .search(&pos, &Limits::nodes(50_000));
    assert!(r.nodes <= 50_000 + 2 * 512, "{} nodes", r.nodes);
    assert!(r.depth >= 1 && r.best_move.is_some());
    // Time, generously: a loaded machine may be slow to schedule us.
    let start = Instant::now();
    let r = AlphaBeta::with_options(ConnectFourEval, options.clone()).search(
        &pos,
        &Limits::depth(40).and_time(Duration::from_millis(100)),
    );
    assert!(start.elapsed() < Duration::from_secs(10));
    assert!(r.best_move.is_some());
    // A stop flag set beforehand: no search at all, on any thread.
    let stop = StopFlag::new();
    stop.stop();
    let r = AlphaBeta::with_options(ConnectFourEval, options.clone())
        .search(&pos, &Limits::depth(20).and_stop(stop));
    assert_eq!((r.depth, r.nodes), (0, 0));
    // A stop flag set from another thread ends every thread.
    let stop = StopFlag::new();
    let handle = stop.clone();
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        handle.stop();
    });
    let start = Instant::now();
    let r = AlphaBeta::with_options(ConnectFourEval, options)
        .search(&pos, &Limits::depth(40).and_stop(stop));
    setter.join().expect("the setter thread");
    assert!(start.elapsed() < Duration::from_secs(10));
    assert!(r.depth < 40 && r.best_move.is_some());
}

#[test]
fn one_thread_stays_deterministic_with_the_parallel_switches_on() {
    let pos: ConnectFour = "4453".parse().expect("legal");
    let options = parallel(1, TtCutoffs::AnyDepth, true);
    let a =
        AlphaBeta::with_options(ConnectFourEval, options.clone()).search(&pos, &Limits::depth(9));
    let b = AlphaBeta::with_options(ConnectFourEval, options).search(&pos, &Limits::depth(9));
    assert_eq!(
        (a.best_move, a.score, a.nodes, &a.pv),
        (b.best_move, b.score, b.nodes, &b.pv)
    );
}

//! Monte Carlo tree search: it finds the win in won Connect Four positions
//! and the best move of small random trees whose values plain negamax
//! knows; it is deterministic for a seed (with any number of threads) and
//! keeps its limits.

use std::time::{Duration, Instant};

use board_core::{Game, Outcome, SplitMix64};
use board_search::{
    AlphaBeta, Evaluator, Limits, MAX_EVAL, MatchOptions, Mcts, MctsOptions, MctsStrategy,
    NoKnowledge, Opening, Playout, RandomStrategy, StopFlag, play_match, plies_to_end, reference,
};
use spielwerk_testgames::{ConnectFour, ConnectFourEval, RandomTree, TreeEval};

/// Connect Four positions (after random moves from seeds) where the side
/// to move wins by force in exactly `plies` plies, with the moves that win
/// by force (in those plies or later: a move the solver proves may win
/// more slowly than the fastest win; alpha-beta to 12 plies checks it).
fn won_positions(plies: u32, count: usize) -> Vec<(ConnectFour, Vec<u8>)> {
    let mut found = Vec::new();
    for seed in 0.. {
        let mut rng = SplitMix64::new(seed);
        let mut pos = ConnectFour::new();
        for _ in 0..8 + seed % 20 {
            let moves = pos.moves();
            let mv = moves[rng.below(moves.len() as u64) as usize];
            let mut next = pos;
            next.play_unchecked(mv);
            if next.outcome().is_some() {
                break;
            }
            pos = next;
        }
        let r = AlphaBeta::new(ConnectFourEval).search(&pos, &Limits::depth(plies));
        if r.score <= MAX_EVAL || plies_to_end(r.score) != Some(plies) {
            continue;
        }
        // Every move that keeps the forced win (within the same distance).
        let winning: Vec<u8> = pos
            .moves()
            .iter()
            .copied()
            .filter(|&mv| {
                let mut child = pos;
                child.play_unchecked(mv);
                if let Some(o) = child.outcome() {
                    return o == Outcome::Win(pos.to_move());
                }
                let v = AlphaBeta::new(ConnectFourEval).search(&child, &Limits::depth(12));
                -v.score > MAX_EVAL
            })
            .collect();
        found.push((pos, winning));
        if found.len() == count {
            break;
        }
    }
    found
}

#[test]
fn uct_finds_the_win_in_won_connect_four_positions() {
    for (plies, playouts) in [(1, 300), (3, 3_000)] {
        for (pos, winning) in won_positions(plies, 8) {
            for options in [
                MctsOptions::default(),
                MctsOptions {
                    priors: true,
                    ..MctsOptions::default()
                },
                MctsOptions {
                    playout: Playout::Evaluate,
                    ..MctsOptions::default()
                },
            ] {
                let r = Mcts::new(ConnectFourEval, options.clone())
                    .search(&pos, &Limits::playouts(playouts));
                let mv = r.best_move.expect("a move");
                assert!(
                    winning.contains(&mv),
                    "win in {plies}: chose {mv}, winning {winning:?}, {options:?}\n{pos}"
                );
                // The solver proves the win, and the search stops there.
                assert_eq!(r.proven, Some(Outcome::Win(pos.to_move())), "{pos}");
                assert_eq!(r.value, 1.0);
                assert!(r.playouts <= playouts);
            }
            // Plain UCT, without the solver, still plays an immediate win.
            if plies == 1 {
                let options = MctsOptions {
                    solver: false,
                    ..MctsOptions::default()
                };
                let r = Mcts::new(NoKnowledge, options).search(&pos, &Limits::playouts(playouts));
                assert!(winning.contains(&r.best_move.expect("a move")), "{pos}");
                assert!(r.proven.is_none());
            }
        }
    }
}

/// The game-theoretic value of a random tree (searched to its end) for the
/// side to move, as an outcome.
fn solved(tree: &RandomTree, height: u32) -> (Outcome, Vec<u8>) {
    let value = |pos: &RandomTree| reference::negamax(pos, &TreeEval, height + 1, 0);
    let outcome_of = |pos: &RandomTree, v: i32| match v {
        v if v > MAX_EVAL => Outcome::Win(pos.to_move()),
        v if v < -MAX_EVAL => Outcome::Win(!pos.to_move()),
        _ => Outcome::Draw,
    };
    let root = outcome_of(tree, value(tree));
    let best: Vec<u8> = tree
        .moves()
        .iter()
        .copied()
        .filter(|&mv| {
            let mut child = *tree;
            child.play_unchecked(mv);
            let o = match child.outcome() {
                Some(o) => o,
                None => outcome_of(&child, value(&child)),
            };
            o == root
        })
        .collect();
    (root, best)
}

#[test]
fn mcts_plays_the_best_move_of_small_random_trees() {
    let mut decided = 0;
    for seed in 0..40 {
        let height = 3 + (seed % 4) as u32;
        let tree = RandomTree::new(seed, height);
        if tree.outcome().is_some() {
            continue;
        }
        let (value, best) = solved(&tree, height);
        let r = Mcts::new(NoKnowledge, MctsOptions::default().with_seed(seed))
            .search(&tree, &Limits::playouts(20_000));
        // Trees this small are solved outright.
        assert_eq!(r.proven, Some(value), "seed {seed}");
        let mv = r.best_move.expect("a move");
        assert!(best.contains(&mv), "seed {seed}: {mv} not in {best:?}");
        if value != Outcome::Draw {
            decided += 1;
        }
    }
    assert!(decided >= 10, "the trees have wins and losses to find");
}

#[test]
fn uct_without_the_solver_prefers_the_best_move_of_random_trees() {
    // Without proofs the choice rests on the statistics alone; these trees
    // have one clearly best move (a win where the others lose).
    let mut checked = 0;
    for seed in 0..200 {
        let tree = RandomTree::new(seed, 4);
        if tree.outcome().is_some() || tree.moves().len() < 2 {
            continue;
        }
        let (value, best) = solved(&tree, 4);
        if value != Outcome::Win(tree.to_move()) || best.len() != 1 {
            continue;
        }
        let options = MctsOptions {
            solver: false,
            ..MctsOptions::default().with_seed(seed)
        };
        let r = Mcts::new(NoKnowledge, options).search(&tree, &Limits::playouts(5_000));
        assert_eq!(r.best_move, Some(best[0]), "seed {seed}");
        checked += 1;
        if checked == 12 {
            break;
        }
    }
    assert_eq!(checked, 12);
}

#[test]
fn a_seed_gives_the_same_search_with_one_thread_or_several() {
    let pos: ConnectFour = "4453".parse().expect("legal");
    for threads in [1, 2, 3] {
        let options = MctsOptions {
            threads,
            priors: threads == 2,
            ..MctsOptions::default().with_seed(99)
        };
        let mcts = Mcts::new(ConnectFourEval, options);
        let a = mcts.search(&pos, &Limits::playouts(3_001));
        let b = mcts.search(&pos, &Limits::playouts(3_001));
        assert_eq!(
            (&a.moves, a.best_move, &a.pv, a.nodes),
            (&b.moves, b.best_move, &b.pv, b.nodes)
        );
        assert_eq!(a.playouts, 3_001);
        assert_eq!(a.moves.iter().map(|m| m.visits).sum::<u64>(), 3_001);
    }
    let one = Mcts::new(NoKnowledge, MctsOptions::default().with_seed(1))
        .search(&pos, &Limits::playouts(2_000));
    let other = Mcts::new(NoKnowledge, MctsOptions::default().with_seed(2))
        .search(&pos, &Limits::playouts(2_000));
    assert_ne!(one.moves, other.moves, "the seed matters");
}

#[test]
fn mcts_keeps_its_limits() {
    let pos = ConnectFour::new();
    let mcts = Mcts::new(NoKnowledge, MctsOptions::default());
    let r = mcts.search(&pos, &Limits::nodes(500));
    assert!(r.nodes <= 500 + 7, "{} nodes", r.nodes);
    // No limit at all: the default number of playouts.
    let r = mcts.search(&pos, &Limits::none());
    assert_eq!(r.playouts, board_search::DEFAULT_PLAYOUTS);
    let stop = StopFlag::new();
    stop.stop();
    let r = mcts.search(&pos, &Limits::playouts(1_000).and_stop(stop));
    assert_eq!(r.playouts, 0);
    assert!(r.best_move.is_some(), "a legal move even without a playout");
    let start = Instant::now();
    let r = Mcts::new(NoKnowledge, MctsOptions::default().with_threads(2))
        .search(&pos, &Limits::time(Duration::from_millis(50)));
    assert!(start.elapsed() < Duration::from_secs(10));
    assert!(r.playouts > 0 && r.best_move.is_some());
    // A finished game: no move.
    let over: ConnectFour = "1212121".parse().expect("legal");
    assert_eq!(mcts.search(&over, &Limits::playouts(10)).best_move, None);
}

#[test]
fn the_mcts_strategy_beats_a_random_mover_and_replays() {
    let mut mcts = MctsStrategy::new(
        ConnectFourEval,
        MctsOptions::default(),
        Limits::playouts(300),
    );
    let mut random = RandomStrategy::new(5);
    let openings = [Opening::new(ConnectFour::new())];
    let options = MatchOptions::games(10);
    let a = play_match(&mut mcts, &mut random, &openings, &options, |_, _| {}).expect("legal");
    assert!(a.wdl.wins >= 8, "{:?}", a.wdl);
    let b = play_match(&mut mcts, &mut random, &openings, &options, |_, _| {}).expect("legal");
    assert_eq!((a.wdl, a.plies), (b.wdl, b.plies), "the match replays");
}

/// An evaluator whose finished games have sizes: a win is worth its
/// margin, so that of two wins MCTS prefers the bigger.
#[derive(Clone, Copy)]
struct Margin;

impl Evaluator<RandomTree> for Margin {
    fn evaluate(&self, pos: &RandomTree) -> i32 {
        TreeEval.evaluate(pos)
    }
    fn outcome_value(&self, pos: &RandomTree, outcome: Outcome) -> f64 {
        // Slow wins are worth less: a size that MCTS must see.
        let base = f64::from(outcome.value_for(pos.to_move()));
        base * if TreeEval.evaluate(pos) > 0 { 1.0 } else { 0.5 }
    }
}

#[test]
fn outcome_values_reach_the_statistics() {
    let tree = RandomTree::new(3, 5);
    let options = MctsOptions {
        solver: false,
        ..MctsOptions::default()
    };
    let r = Mcts::new(Margin, options.clone()).search(&tree, &Limits::playouts(3_000));
    let plain = Mcts::new(NoKnowledge, options).search(&tree, &Limits::playouts(3_000));
    assert_ne!(
        r.moves.iter().map(|m| m.value).collect::<Vec<_>>(),
        plain.moves.iter().map(|m| m.value).collect::<Vec<_>>()
    );
    assert!(r.moves.iter().all(|m| (0.0..=1.0).contains(&m.value)));
}

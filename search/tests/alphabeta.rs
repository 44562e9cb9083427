//! AlphaBeta against plain negamax: every option that only changes move
//! order or windows must return exactly negamax's root score.

use board_search::{
    AlphaBeta, Evaluator, Limits, Options, TtCutoffs, loss_in, plies_to_end, reference, win_in,
};
use proptest::prelude::*;
use spielwerk_testgames::{ConnectFour, ConnectFourEval, RandomTree, TreeEval};

/// Quiescence plies used on both sides of the comparison.
const Q: u32 = 3;

/// Options from a bit pattern: every combination of the order/window
/// switches, with table cut-offs off or at equal depth only.
fn options(bits: u32) -> Options {
    Options {
        pvs: bits & 1 != 0,
        aspiration: (bits & 2 != 0).then_some(7),
        killers: bits & 4 != 0,
        history: bits & 8 != 0,
        hints: bits & 16 != 0,
        tt_move: bits & 32 != 0,
        tt_cutoffs: if bits & 64 != 0 {
            TtCutoffs::EqualDepth
        } else {
            TtCutoffs::Off
        },
        tt_mib: if bits & (32 | 64) != 0 { 1 } else { 0 },
        quiescence_plies: Q,
        threads: 1,
        defer: true,
        parallelism: board_search::Parallelism::LazySmp,
    }
}

fn check<G, E>(pos: &G, eval: E, depth: u32, bits: u32)
where
    G: board_core::ZobristHash + std::fmt::Debug + Sync,
    E: Evaluator<G> + Clone + Sync,
{
    let expected = reference::negamax(pos, &eval, depth, Q);
    let mut search = AlphaBeta::with_options(eval, options(bits));
    let result = search.search(pos, &Limits::depth(depth));
    assert_eq!(
        result.score,
        expected,
        "options {:?} depth {depth} position {pos:?}",
        options(bits)
    );
    // The principal variation is a legal line starting with the best move.
    let mut line = pos.clone();
    assert_eq!(result.pv.first(), result.best_move.as_ref());
    for &mv in &result.pv {
        assert!(line.is_legal(mv), "pv move {mv:?} illegal");
        line.play_unchecked(mv);
    }
}

#[test]
fn every_option_combination_matches_negamax_on_random_trees() {
    for bits in 0..128 {
        for seed in 0..6 {
            let tree = RandomTree::new(seed, 9);
            for depth in 1..=5 {
                check(&tree, TreeEval, depth, bits);
            }
        }
    }
}

#[test]
fn every_option_combination_matches_negamax_on_connect_four() {
    for bits in (0..128).step_by(3) {
        for seed in 0..4 {
            let pos = ConnectFour::random_unfinished(seed, 6 + seed as u32 * 5);
            for depth in 1..=4 {
                check(&pos, ConnectFourEval, depth, bits);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_options_match_negamax_on_random_trees(
        seed in any::<u64>(), height in 4u32..12, depth in 1u32..7, bits in 0u32..128
    ) {
        check(&RandomTree::new(seed, height), TreeEval, depth, bits);
    }

    #[test]
    fn random_options_match_negamax_on_connect_four(
        seed in any::<u64>(), plies in 0u32..30, depth in 1u32..5, bits in 0u32..128
    ) {
        check(&ConnectFour::random_unfinished(seed, plies), ConnectFourEval, depth, bits);
    }

    /// With entries of any depth allowed to cut, scores may differ from
    /// negamax at the same depth (a deeper result replaces a shallower
    /// search). Where the search reaches the end of every game, deeper
    /// results are the same exact game values, so the scores must agree.
    #[test]
    fn deeper_table_cutoffs_agree_once_every_game_is_solved(
        seed in any::<u64>(), height in 2u32..8, bits in 0u32..64
    ) {
        let tree = RandomTree::new(seed, height);
        let depth = height + 1;
        let expected = reference::negamax(&tree, &TreeEval, depth, Q);
        let mut o = options(bits);
        o.tt_cutoffs = TtCutoffs::AnyDepth;
        o.tt_mib = 1;
        let result = AlphaBeta::with_options(TreeEval, o).search(&tree, &Limits::depth(depth));
        prop_assert_eq!(result.score, expected);
    }
}

#[test]
fn default_options_solve_connect_four_endgames_like_negamax() {
    // Positions 28-34 stones in: the whole remaining tree is searched.
    for seed in 0..6 {
        let pos = ConnectFour::random_unfinished(seed, 30);
        let depth = 42 - pos.stones() + 1;
        if depth > 11 {
            continue;
        }
        let expected = reference::negamax(&pos, &ConnectFourEval, depth, 0);
        let result = AlphaBeta::new(ConnectFourEval).search(&pos, &Limits::depth(depth));
        assert_eq!(result.score, expected, "{pos}");
    }
}

#[test]
fn forced_wins_and_losses_are_found_at_the_right_distance() {
    // X holds columns 2 and 3 of the bottom row; X to move plays column 4
    // and threatens both 1 and 5: a win in 3 plies, and not sooner.
    let pos: ConnectFour = "2233".parse().unwrap();
    assert_eq!(reference::negamax(&pos, &ConnectFourEval, 3, 0), win_in(3));
    assert!(plies_to_end(reference::negamax(&pos, &ConnectFourEval, 2, 0)).is_none());
    for depth in 3..=7 {
        let r = AlphaBeta::new(ConnectFourEval).search(&pos, &Limits::depth(depth));
        assert_eq!(r.score, win_in(3), "depth {depth}");
        assert_eq!(r.best_move, Some(3));
        assert_eq!(r.pv.len(), 3, "the pv is the winning line: {:?}", r.pv);
    }
    // After 4, O to move loses in 2 plies whatever it does; the search
    // stops iterating once the loss is proven.
    let lost: ConnectFour = "22334".parse().unwrap();
    let r = AlphaBeta::new(ConnectFourEval).search(&lost, &Limits::depth(20));
    assert_eq!(r.score, loss_in(2));
    assert!(r.depth < 20, "stopped at depth {}", r.depth);
    // The fastest win is preferred: X, with three stacked in column 1,
    // wins at once rather than by any slower line.
    let quick: ConnectFour = "121212".parse().unwrap();
    let r = AlphaBeta::new(ConnectFourEval).search(&quick, &Limits::depth(6));
    assert_eq!((r.score, r.best_move), (win_in(1), Some(0)));
}

//! Expectimax with every pruning and ordering option against plain
//! expectimax (and, with quiescence, against plain expectimax with the
//! same quiescence).

use board_search::{Expectimax, ExpectimaxOptions, Limits, ProbCut, TtCutoffs, reference};
use proptest::prelude::*;
use spielwerk_testgames::{RandomTree, TreeEval};

/// The plies of quiescence the checks use when bit 7 is set.
const Q: u32 = 4;

/// Bits: 1 Star1, 2 Star2 (with Star1), 4 ordering, 8 table with cut-offs
/// at equal depth, 16 StarETC (with Star1 and the table), 32 killers,
/// 64 history, 128 quiescence.
fn options(bits: u32) -> ExpectimaxOptions {
    let table = bits & (8 | 16) != 0;
    ExpectimaxOptions {
        star1: bits & 1 != 0,
        star2: bits & 3 == 3,
        star_etc: bits & 17 == 17,
        ordering: bits & 4 != 0,
        killers: bits & 32 != 0,
        history: bits & 64 != 0,
        tt_cutoffs: if table {
            TtCutoffs::EqualDepth
        } else {
            TtCutoffs::Off
        },
        tt_mib: if table { 1 } else { 0 },
        quiescence_plies: if bits & 128 != 0 { Q } else { 0 },
        probcut: None,
    }
}

fn expected(tree: &RandomTree, depth: u32, bits: u32) -> f64 {
    if bits & 128 != 0 {
        reference::expectimax_quiescence(tree, &TreeEval, depth, Q)
    } else {
        reference::expectimax(tree, &TreeEval, depth)
    }
}

fn check(tree: &RandomTree, depth: u32, bits: u32) {
    let expected = expected(tree, depth, bits);
    let r = Expectimax::with_options(TreeEval, options(bits)).search(tree, &Limits::depth(depth));
    assert!(
        (r.score - expected).abs() < 1e-9,
        "options {:?} depth {depth}: {} vs plain {expected}",
        options(bits),
        r.score
    );
}

#[test]
fn every_option_combination_matches_plain_expectimax() {
    for bits in 0..256 {
        for seed in 0..6 {
            let tree = RandomTree::with_chance(seed, 10);
            for depth in 1..=5 {
                check(&tree, depth, bits);
            }
        }
    }
}

#[test]
fn quiescence_changes_the_value_where_noisy_moves_follow_the_horizon() {
    let mut differ = 0;
    for seed in 0..40 {
        let tree = RandomTree::with_chance(seed, 10);
        let plain = reference::expectimax(&tree, &TreeEval, 3);
        let quiet = reference::expectimax_quiescence(&tree, &TreeEval, 3, Q);
        differ += usize::from((plain - quiet).abs() > 1e-9);
    }
    assert!(differ > 10, "quiescence changed only {differ} of 40 values");
}

#[test]
fn pruning_saves_nodes() {
    let mut plain_nodes = 0;
    let mut pruned_nodes = 0;
    for seed in 0..20 {
        let tree = RandomTree::with_chance(seed, 14);
        let limits = Limits::depth(8);
        plain_nodes += Expectimax::with_options(TreeEval, options(4))
            .search(&tree, &limits)
            .nodes;
        pruned_nodes += Expectimax::with_options(TreeEval, options(7))
            .search(&tree, &limits)
            .nodes;
    }
    println!("expectimax nodes: no pruning {plain_nodes}, Star1+Star2 {pruned_nodes}");
    assert!(pruned_nodes < plain_nodes);
}

/// Each addition on top of Star1 + Star2 + ordering + the table: the nodes
/// it saves on deep random trees (at equal value, checked above).
#[test]
fn etc_killers_and_history_save_nodes() {
    let count = |bits: u32| -> u64 {
        (0..30)
            .map(|seed| {
                let tree = RandomTree::with_chance(seed, 16);
                Expectimax::with_options(TreeEval, options(bits))
                    .search(&tree, &Limits::depth(9))
                    .nodes
            })
            .sum()
    };
    let base = count(1 | 2 | 4 | 8);
    let etc = count(1 | 2 | 4 | 8 | 16);
    let all = count(1 | 2 | 4 | 8 | 16 | 32 | 64);
    println!("nodes: Star1+Star2+table {base}, +StarETC {etc}, +killers+history {all}");
    assert!(etc < base, "StarETC: {etc} vs {base}");
    assert!(all <= etc * 11 / 10, "killers and history: {all} vs {etc}");
}

/// ChanceProbCut with an infinite margin never cuts: exactly plain
/// expectimax; with a narrow one it searches fewer nodes and its value
/// stays within the evaluation's bound.
#[test]
fn chance_probcut_is_exact_with_an_infinite_margin_and_prunes_with_a_narrow_one() {
    let with = |margin: f64| ExpectimaxOptions {
        probcut: Some(ProbCut {
            reduction: 1,
            margin,
            min_depth: 3,
        }),
        quiescence_plies: 0,
        tt_cutoffs: TtCutoffs::EqualDepth,
        ..ExpectimaxOptions::default()
    };
    let (mut exact_nodes, mut cut_nodes) = (0, 0);
    for seed in 0..40 {
        let tree = RandomTree::with_chance(seed, 12);
        let plain = reference::expectimax(&tree, &TreeEval, 6);
        let r = Expectimax::with_options(TreeEval, with(f64::INFINITY))
            .search(&tree, &Limits::depth(6));
        assert!(
            (r.score - plain).abs() < 1e-9,
            "seed {seed}: {} vs {plain}",
            r.score
        );
        exact_nodes += r.nodes;
        let c = Expectimax::with_options(TreeEval, with(5.0)).search(&tree, &Limits::depth(6));
        assert!(c.score.abs() <= 100.0 + 1e-9);
        cut_nodes += c.nodes;
    }
    println!("ChanceProbCut nodes: infinite margin {exact_nodes}, margin 5 {cut_nodes}");
    assert!(cut_nodes < exact_nodes);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_trees_match_plain_expectimax(
        seed in any::<u64>(), height in 3u32..12, depth in 1u32..7, bits in 0u32..256
    ) {
        check(&RandomTree::with_chance(seed, height), depth, bits);
    }

    #[test]
    fn deeper_table_cutoffs_agree_once_every_game_is_solved(
        seed in any::<u64>(), height in 2u32..8
    ) {
        let tree = RandomTree::with_chance(seed, height);
        let expected = reference::expectimax_quiescence(&tree, &TreeEval, height + 1, 16);
        let r = Expectimax::new(TreeEval).search(&tree, &Limits::depth(height + 1));
        prop_assert!((r.score - expected).abs() < 1e-9);
    }
}

/// Deep trees with many transpositions: a chance node's bound that is stored
/// in the table and reused under another window must be a true bound. (A
/// wrong fail-low bound shows here, in a handful of these searches.)
#[test]
fn table_bounds_of_chance_nodes_hold_on_deep_trees() {
    let o = ExpectimaxOptions {
        star2: false,
        tt_cutoffs: TtCutoffs::EqualDepth,
        tt_mib: 1,
        quiescence_plies: 0,
        ..ExpectimaxOptions::default()
    };
    for seed in 0..400 {
        let tree = RandomTree::with_chance(seed, 12);
        for depth in [6, 8] {
            let expected = reference::expectimax(&tree, &TreeEval, depth);
            let r =
                Expectimax::with_options(TreeEval, o.clone()).search(&tree, &Limits::depth(depth));
            assert!(
                (r.score - expected).abs() < 1e-9,
                "seed {seed} depth {depth}"
            );
        }
    }
}

/// A player move leads to a chance node whose first outcome has probability
/// 0 (a game breaking the contract): the search must ignore it, not divide
/// by it.
#[test]
fn a_zero_probability_outcome_is_ignored() {
    use board_core::arrayvec::ArrayVec;
    use board_core::{Game, IllegalMove, Outcome, Player, Stochastic, ZobristHash};

    #[derive(Clone, Debug)]
    struct Coin(u8); // 0 root, 1 chance node, 2 (won) and 3 (drawn) leaves

    impl Game for Coin {
        type Move = u8;
        type MoveList = ArrayVec<u8, 2>;
        type Error = IllegalMove<u8>;
        fn to_move(&self) -> Player {
            Player::First
        }
        fn legal_moves(&self, moves: &mut Self::MoveList) {
            moves.clear();
            match self.0 {
                0 => moves.push(0),
                1 => moves.extend([0, 1]),
                _ => {}
            }
        }
        fn play_unchecked(&mut self, mv: u8) {
            self.0 = if self.0 == 0 { 1 } else { 2 + mv };
        }
        fn play(&mut self, mv: u8) -> Result<(), Self::Error> {
            self.play_unchecked(mv);
            Ok(())
        }
        fn outcome(&self) -> Option<Outcome> {
            // The impossible outcome would be a win; the certain one draws.
            match self.0 {
                2 => Some(Outcome::Win(Player::First)),
                3 => Some(Outcome::Draw),
                _ => None,
            }
        }
    }
    impl ZobristHash for Coin {
        fn zobrist(&self) -> u64 {
            u64::from(self.0) + 1
        }
        fn zobrist_from_scratch(&self) -> u64 {
            self.zobrist()
        }
    }
    impl Stochastic for Coin {
        type ChanceList = ArrayVec<(u8, f64), 2>;
        fn is_chance_node(&self) -> bool {
            self.0 == 1
        }
        fn chance_outcomes(&self, outcomes: &mut Self::ChanceList) {
            outcomes.clear();
            outcomes.extend([(0, 0.0), (1, 1.0)]);
        }
    }
    let eval = |_: &Coin| 0;
    for bits in 0..256 {
        let r = Expectimax::with_options(eval, options(bits)).search(&Coin(0), &Limits::depth(4));
        assert_eq!(r.score, 0.0, "options {:?}", options(bits));
        assert_eq!(r.best_move, Some(0));
    }
    assert_eq!(reference::expectimax(&Coin(0), &eval, 4), 0.0);
}

/// A root bias shifts each root move's value by exactly its bias: the
/// biased search equals the best of plain expectimax's child values minus
/// their biases, and picks that move.
#[test]
fn a_root_bias_shifts_exactly_the_root_moves() {
    use board_core::Game;
    for seed in 0..60 {
        let tree = RandomTree::with_chance(seed, 10);
        let moves = tree.moves();
        let moves = moves.as_slice();
        if moves.len() < 2 {
            continue;
        }
        let bias: Vec<(u8, f64)> = moves
            .iter()
            .map(|&m| (m, f64::from((seed as u32 * 7 + u32::from(m) * 13) % 40)))
            .collect();
        for depth in 1..=5 {
            let mut best = (f64::NEG_INFINITY, None);
            for &(m, b) in &bias {
                let mut child = tree;
                child.play_unchecked(m);
                let v = reference::expectimax(&child, &TreeEval, depth - 1);
                let v = if child.to_move() == tree.to_move() {
                    v
                } else {
                    -v
                } - b;
                if v > best.0 {
                    best = (v, Some(m));
                }
            }
            for bits in [0, 7, 255 & !128] {
                let r = Expectimax::with_options(TreeEval, options(bits)).search_with_root_bias(
                    &tree,
                    &Limits::depth(depth),
                    &bias,
                );
                assert!(
                    (r.score - best.0).abs() < 1e-9,
                    "seed {seed} depth {depth} bits {bits}: {} vs {}",
                    r.score,
                    best.0
                );
            }
        }
    }
}

/// A node budget that stops an iteration early still plays a legal root
/// move: the best one the unfinished iteration proved, or the last
/// completed iteration's.
#[test]
fn a_stopped_search_plays_a_proven_root_move() {
    use board_core::Game;
    for seed in 0..20 {
        let tree = RandomTree::with_chance(seed, 9);
        let small = || {
            Expectimax::with_options(
                TreeEval,
                ExpectimaxOptions {
                    tt_mib: 1,
                    ..ExpectimaxOptions::default()
                },
            )
        };
        let full = small().search(&tree, &Limits::depth(5));
        for budget in [1u64, 2, 5, 20, 100, 1000] {
            let r = small().search(&tree, &Limits::depth(5).and_nodes(budget));
            let mv = r.best_move.expect("a root move");
            assert!(tree.is_legal(mv), "seed {seed} budget {budget}");
            assert!(r.nodes <= budget + 1);
            if r.nodes < budget {
                assert_eq!(r.best_move, full.best_move);
            }
        }
    }
}

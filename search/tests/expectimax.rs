//! Expectimax with Star1/Star2 pruning against plain expectimax.

use board_search::{Expectimax, ExpectimaxOptions, Limits, TtCutoffs, reference};
use proptest::prelude::*;
use spielwerk_testgames::{RandomTree, TreeEval};

fn options(bits: u32) -> ExpectimaxOptions {
    ExpectimaxOptions {
        star1: bits & 1 != 0,
        star2: bits & 3 == 3,
        ordering: bits & 4 != 0,
        tt_cutoffs: if bits & 8 != 0 {
            TtCutoffs::EqualDepth
        } else {
            TtCutoffs::Off
        },
        tt_mib: if bits & 12 != 0 { 1 } else { 0 },
    }
}

fn check(tree: &RandomTree, depth: u32, bits: u32) {
    let expected = reference::expectimax(tree, &TreeEval, depth);
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
    for bits in 0..16 {
        for seed in 0..12 {
            let tree = RandomTree::with_chance(seed, 10);
            for depth in 1..=6 {
                check(&tree, depth, bits);
            }
        }
    }
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_trees_match_plain_expectimax(
        seed in any::<u64>(), height in 3u32..12, depth in 1u32..7, bits in 0u32..16
    ) {
        check(&RandomTree::with_chance(seed, height), depth, bits);
    }

    #[test]
    fn deeper_table_cutoffs_agree_once_every_game_is_solved(
        seed in any::<u64>(), height in 2u32..8
    ) {
        let tree = RandomTree::with_chance(seed, height);
        let expected = reference::expectimax(&tree, &TreeEval, height + 1);
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
        star1: true,
        star2: false,
        ordering: true,
        tt_cutoffs: TtCutoffs::EqualDepth,
        tt_mib: 1,
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
    for bits in 0..16 {
        let r = Expectimax::with_options(eval, options(bits)).search(&Coin(0), &Limits::depth(4));
        assert_eq!(r.score, 0.0, "options {:?}", options(bits));
        assert_eq!(r.best_move, Some(0));
    }
    assert_eq!(reference::expectimax(&Coin(0), &eval, 4), 0.0);
}

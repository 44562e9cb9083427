//! Expectimax on Stratego belief games against plain expectimax: every
//! exact option the search has (Star1, Star2, StarETC, ordering, killers,
//! history, the table at equal depth, quiescence) leaves the value of
//! plain expectimax (with the same quiescence) on positions of random
//! games; ChanceProbCut and table cut-offs from deeper entries are the
//! forward-pruning settings, measured here against the exact value.
#![cfg(feature = "ai")]

use board_core::{Game, Observable, SplitMix64};
use board_search::{Expectimax, ExpectimaxOptions, Limits, ProbCut, TtCutoffs, reference};
use stratego_rules::ai::{Belief, BeliefGame, BeliefOptions, Eval, GameOptions};
use stratego_rules::{Army, Position, Rules, Setup, predefined};

/// Belief-game roots from random games of predefined setups.
fn roots(count: u64) -> Vec<BeliefGame> {
    let d = predefined();
    let mut rng = SplitMix64::new(5);
    let mut out = Vec::new();
    for g in 0..count {
        let setup = Setup::from_deployments(
            Army::Classic,
            &d[(g % 8) as usize].1,
            &d[((g + 3) % 8) as usize].1,
        );
        let mut pos =
            Position::from_setup(setup, Rules::default()).unwrap_or_else(|e| panic!("{e}"));
        for _ in 0..(40 + g * 20) {
            let m = pos.moves();
            if m.is_empty() {
                break;
            }
            pos.play(m[rng.below(m.len() as u64) as usize])
                .unwrap_or_else(|e| panic!("{e}"));
        }
        if pos.outcome().is_some() {
            continue;
        }
        let view = pos.view(pos.to_move());
        let belief = Belief::new(&view, &BeliefOptions::default());
        out.push(BeliefGame::new(&belief, GameOptions::default()));
    }
    out
}

fn options(bits: u32, q: u32) -> ExpectimaxOptions {
    ExpectimaxOptions {
        star1: bits & 1 != 0,
        star2: bits & 3 == 3,
        star_etc: bits & 5 == 5,
        ordering: bits & 8 != 0,
        killers: bits & 8 != 0,
        history: bits & 8 != 0,
        tt_cutoffs: TtCutoffs::EqualDepth,
        tt_mib: if bits & 4 != 0 { 4 } else { 0 },
        quiescence_plies: q,
        probcut: None,
    }
}

#[test]
fn every_exact_option_equals_plain_expectimax_on_belief_games() {
    let eval = Eval::default();
    for (i, root) in roots(8).iter().enumerate() {
        for depth in 1..=3 {
            let plain = reference::expectimax(root, &eval, depth);
            for bits in 0..16 {
                let r = Expectimax::with_options(Eval::default(), options(bits, 0))
                    .search(root, &Limits::depth(depth));
                assert!(
                    (r.score - plain).abs() < 1e-6,
                    "root {i} depth {depth} bits {bits}: {} vs {plain}",
                    r.score
                );
            }
        }
        for depth in 1..=2 {
            let plain = reference::expectimax_quiescence(root, &eval, depth, 4);
            for bits in [0, 1, 3, 15] {
                let r = Expectimax::with_options(Eval::default(), options(bits, 4))
                    .search(root, &Limits::depth(depth));
                assert!(
                    (r.score - plain).abs() < 1e-6,
                    "root {i} depth {depth} bits {bits} with quiescence: {} vs {plain}",
                    r.score
                );
            }
        }
    }
}

/// The forward-pruning settings against the exact search at depth 4: how
/// far the value moves and how many nodes they save (printed), and that
/// the move stays a move of the position.
#[test]
fn forward_pruning_stays_close_to_the_exact_value() {
    let exact_options = ExpectimaxOptions {
        tt_cutoffs: TtCutoffs::EqualDepth,
        ..ExpectimaxOptions::default()
    };
    let variants = [
        (
            "table cut-offs from deeper entries",
            ExpectimaxOptions::default(),
        ),
        (
            "ChanceProbCut (reduction 1, margin 500)",
            ExpectimaxOptions {
                probcut: Some(ProbCut {
                    reduction: 1,
                    margin: 500.0,
                    min_depth: 3,
                }),
                ..exact_options.clone()
            },
        ),
    ];
    let roots = roots(10);
    let mut exact_nodes = 0;
    let exact: Vec<(f64, u64)> = roots
        .iter()
        .map(|r| {
            let s = Expectimax::with_options(Eval::default(), exact_options.clone())
                .search(r, &Limits::depth(4));
            exact_nodes += s.nodes;
            (s.score, s.nodes)
        })
        .collect();
    for (name, o) in variants {
        let (mut nodes, mut worst) = (0, 0.0f64);
        for (root, (value, _)) in roots.iter().zip(&exact) {
            let s = Expectimax::with_options(Eval::default(), o.clone())
                .search(root, &Limits::depth(4));
            nodes += s.nodes;
            worst = worst.max((s.score - value).abs());
            let mv = s.best_move.expect("a move");
            assert!(root.is_legal(mv));
        }
        println!("{name}: {nodes} nodes (exact {exact_nodes}), largest value change {worst:.1}");
        assert!(worst < 2500.0, "{name} moved a value by {worst}");
    }
}

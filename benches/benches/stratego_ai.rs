//! The Stratego AI's speed on one thread: belief-game nodes per second
//! (random playouts through the chance nodes, and expectimax at the `hard`
//! level's settings), building a belief, and the evaluation.
//!
//! `cargo bench -p benches --bench stratego_ai`
//!
//! The positions are middle games: 60, 120 and 180 plies into games between
//! two `medium` players from the predefined setups (deterministic, no data
//! needed). `spielwerk stratego ai-bench` reports the depth `hard` reaches
//! and its time per move on the same kind of positions.

use std::hint::black_box;
use std::sync::OnceLock;

use board_core::{Game, Observable, SplitMix64, Stochastic};
use board_search::{Evaluator, Expectimax, Limits, Strategy};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use stratego_rules::ai::{Belief, BeliefGame, BeliefOptions, Computer, Eval, GameOptions, Level};
use stratego_rules::{Army, Position, Preset, Setup, View, predefined};

/// Middle-game views of the side to move.
fn views() -> &'static [View] {
    static VIEWS: OnceLock<Vec<View>> = OnceLock::new();
    VIEWS.get_or_init(|| {
        let d = predefined();
        let mut out = Vec::new();
        for g in 0..4usize {
            let setup = Setup::from_deployments(Army::Classic, &d[g].1, &d[(g + 5) % 8].1);
            let mut pos =
                Position::from_setup(setup, Preset::Battlegeneral.rules()).expect("valid");
            let mut red = Computer::new(Level::Medium);
            let mut blue = Computer::new(Level::Medium);
            red.new_game(&pos, g as u64).expect("starts");
            blue.new_game(&pos, g as u64 + 100).expect("starts");
            for ply in 1..=180 {
                if pos.outcome().is_some() {
                    break;
                }
                let side = pos.to_move();
                let choice = match side {
                    board_core::Player::First => red.choose(&pos),
                    board_core::Player::Second => blue.choose(&pos),
                }
                .expect("a move");
                let before = pos.clone();
                pos.play(choice.mv).expect("legal");
                red.played(&before, choice.mv, &pos).expect("follows");
                blue.played(&before, choice.mv, &pos).expect("follows");
                if ply % 60 == 0 && pos.outcome().is_none() {
                    out.push(pos.view(pos.to_move()));
                }
            }
        }
        out
    })
}

fn roots() -> Vec<BeliefGame> {
    views()
        .iter()
        .map(|v| {
            BeliefGame::new(
                &Belief::new(v, &BeliefOptions::default()),
                GameOptions::default(),
            )
        })
        .collect()
}

fn bench_playouts(c: &mut Criterion) {
    let roots = roots();
    // Count the nodes of one round of playouts first, for the throughput.
    let playout = |rng: &mut SplitMix64| -> u64 {
        let mut nodes = 0;
        for root in &roots {
            let mut g = root.clone();
            for _ in 0..200 {
                if g.outcome().is_some() {
                    break;
                }
                let moves = g.moves();
                let mv = if g.is_chance_node() {
                    let mut o = Default::default();
                    g.chance_outcomes(&mut o);
                    let o: &board_core::arrayvec::ArrayVec<_, 12> = &o;
                    // Every battle has an outcome (tests/belief.rs); the
                    // playout would end at one that had none.
                    let Some(first) = o.first() else { break };
                    first.0
                } else if moves.is_empty() {
                    break;
                } else {
                    moves[rng.below(moves.len() as u64) as usize]
                };
                g.play_unchecked(mv);
                nodes += 1;
            }
        }
        nodes
    };
    let nodes = playout(&mut SplitMix64::new(1));
    let mut group = c.benchmark_group("stratego_ai");
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("belief game playouts (nodes)", |b| {
        b.iter(|| black_box(playout(&mut SplitMix64::new(1))))
    });
    group.finish();
}

fn bench_search(c: &mut Criterion) {
    let roots = roots();
    let limits = Limits::nodes(50_000);
    let run = || -> u64 {
        roots
            .iter()
            .map(|root| {
                let mut s = Expectimax::with_options(
                    Eval::default(),
                    stratego_rules::ai::search_options(Level::Hard),
                );
                s.search(root, &limits).nodes
            })
            .sum()
    };
    let nodes = run();
    let mut group = c.benchmark_group("stratego_ai");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("expectimax at hard's settings (nodes)", |b| {
        b.iter(|| black_box(run()))
    });
    group.finish();
}

fn bench_belief_and_eval(c: &mut Criterion) {
    let views = views();
    let mut group = c.benchmark_group("stratego_ai");
    group.throughput(Throughput::Elements(views.len() as u64));
    group.bench_function("belief from a view", |b| {
        b.iter(|| {
            for v in views {
                black_box(Belief::new(v, &BeliefOptions::default()));
            }
        })
    });
    let roots = roots();
    let eval = Eval::default();
    group.bench_function("evaluation", |b| {
        b.iter(|| {
            for r in &roots {
                black_box(eval.evaluate(r));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_playouts, bench_search, bench_belief_and_eval);
criterion_main!(benches);

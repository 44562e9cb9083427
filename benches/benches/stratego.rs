//! Stratego rules speed: move generation on positions from random games
//! between real human setups (the Gravon file in `../shared/data/stratego/`
//! when it is there, else the predefined setups), random playouts, and the
//! hidden-information operations (view, determinize).
//!
//! `cargo bench -p benches --bench stratego`
//!
//! The same numbers without criterion: `spielwerk stratego bench` (random
//! playouts from the predefined setups, or `--setups` a file of real human
//! setups) and `spielwerk stratego perft`.

use std::hint::black_box;
use std::sync::OnceLock;

use board_core::{Determinize, Game, Observable, SplitMix64, perft};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use stratego_rules::{Army, Deployment, MoveList, Position, Preset, Setup, predefined};

/// The first 1000 real human setups, or the eight predefined ones.
fn deployments() -> &'static [Deployment] {
    static SETUPS: OnceLock<Vec<Deployment>> = OnceLock::new();
    SETUPS.get_or_init(|| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../shared/data/stratego/setups/gravon_classic_human_setups.dat"
        );
        let real: Vec<Deployment> = std::fs::read_to_string(path)
            .unwrap_or_default()
            .lines()
            .filter_map(|l| Deployment::from_gravon(l).ok())
            .filter(|d| d.is_valid(Army::Classic))
            .take(1000)
            .collect();
        if real.is_empty() {
            eprintln!("no real setups at {path}: using the predefined ones");
            predefined().iter().map(|(_, d)| *d).collect()
        } else {
            eprintln!("{} real human setups", real.len());
            real
        }
    })
}

/// A start position of two setups.
fn start(red: usize, blue: usize) -> Position {
    let d = deployments();
    let setup = Setup::from_deployments(Army::Classic, &d[red % d.len()], &d[blue % d.len()]);
    Position::from_setup(setup, Preset::Battlegeneral.rules()).expect("valid setups")
}

/// A start position of two predefined setups (for perft, whose counts
/// docs/measurements/stratego.md gives).
fn predefined_start(red: usize, blue: usize) -> Position {
    let d = predefined();
    let setup = Setup::from_deployments(Army::Classic, &d[red].1, &d[blue].1);
    Position::from_setup(setup, Preset::Battlegeneral.rules()).expect("predefined setups are valid")
}

/// Positions met in random games: every 10th ply of 64 games.
fn sample_positions() -> Vec<Position> {
    let mut rng = SplitMix64::new(42);
    let mut out = Vec::new();
    let mut moves = MoveList::new();
    for g in 0..64 {
        let mut pos = start(2 * g, 2 * g + 1);
        for ply in 0..600 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            if ply % 10 == 0 {
                out.push(pos.clone());
            }
            pos.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
        }
    }
    out
}

fn movegen(c: &mut Criterion) {
    let positions = sample_positions();
    let mut group = c.benchmark_group("stratego");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        let mut moves = MoveList::new();
        b.iter(|| {
            let mut n = 0;
            for p in &positions {
                p.legal_moves(&mut moves);
                n += moves.len();
            }
            black_box(n)
        });
    });
    group.bench_function("outcome", |b| {
        b.iter(|| positions.iter().filter(|p| p.outcome().is_some()).count());
    });
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("stratego");
    // Count the plies of the measured playouts once, for the throughput.
    let run = |seed: u64| -> u64 {
        let mut rng = SplitMix64::new(seed);
        let mut pos = start(2 * seed as usize + 200, 2 * seed as usize + 201);
        let mut moves = MoveList::new();
        let mut plies = 0;
        while plies < 2000 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
            plies += 1;
        }
        plies
    };
    let plies: u64 = (0..16).map(run).sum();
    group.throughput(Throughput::Elements(plies));
    group.bench_function("random_playouts_16", |b| {
        b.iter(|| (0..16).map(|s| run(black_box(s))).sum::<u64>());
    });
    let pos = predefined_start(0, 1);
    group.throughput(Throughput::Elements(perft(&pos, 4)));
    group.bench_function("perft_4_fortress_vs_left_flank", |b| {
        b.iter(|| perft(black_box(&pos), 4));
    });
    group.finish();
}

fn hidden(c: &mut Criterion) {
    let positions = sample_positions();
    let mut group = c.benchmark_group("stratego");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("view", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| p.view(p.to_move()).ply())
                .sum::<u32>()
        });
    });
    let views: Vec<_> = positions.iter().map(|p| p.view(p.to_move())).collect();
    group.bench_function("determinize", |b| {
        let mut rng = SplitMix64::new(3);
        b.iter(|| {
            views
                .iter()
                .map(|v| Position::determinize(v, &mut rng).ply())
                .sum::<u32>()
        });
    });
    group.finish();
}

criterion_group!(benches, movegen, playouts, hidden);
criterion_main!(benches);

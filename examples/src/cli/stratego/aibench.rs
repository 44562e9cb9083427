//! `spielwerk stratego ai-bench`: a level's search on middle-game
//! positions: the depth it reaches, its time per move (wall clock and CPU)
//! and its nodes per second.

use std::path::PathBuf;
use std::time::Instant;

use board_core::{Game, Observable, SplitMix64};
use board_search::Strategy;
use serde_json::json;
use stratego_rules::ai::{Computer, Level};
use stratego_rules::{Army, Position, Preset, Setup, View};

use crate::cli::output::{CliResult, Output};
use crate::cli::stratego::matches::setup_source;

/// Arguments of `spielwerk stratego ai-bench`.
#[derive(Debug, clap::Args)]
pub struct AiBenchArgs {
    /// The level measured.
    #[arg(long, default_value = "hard")]
    level: Level,
    /// Games played (by two `medium` players) to find the positions.
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// The plies at which positions are taken from each game.
    #[arg(long, value_delimiter = ',', default_value = "60,100,140,180")]
    plies: Vec<u32>,
    /// Draw the setups from this file of Gravon 40-character setups;
    /// default: the predefined ones.
    #[arg(long)]
    setups: Option<PathBuf>,
    /// The seed of the setups.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// CPU time of this thread in seconds (Linux), `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// Middle-game views from games between two `medium` players.
fn positions(args: &AiBenchArgs, out: Output) -> CliResult<Vec<View>> {
    let army = Army::Classic;
    let source = setup_source(args.setups.as_deref(), army, out)?;
    let mut rng = SplitMix64::new(args.seed);
    let last = args.plies.iter().copied().max().unwrap_or(0);
    let mut views = Vec::new();
    for g in 0..args.games {
        let (red, blue) = (source.draw(army, &mut rng), source.draw(army, &mut rng));
        let mut pos = Position::from_setup(
            Setup::from_deployments(army, &red, &blue),
            Preset::Battlegeneral.rules(),
        )?;
        let mut players = [Computer::new(Level::Medium), Computer::new(Level::Medium)];
        for (i, p) in players.iter_mut().enumerate() {
            p.new_game(&pos, u64::from(g) * 2 + i as u64)?;
        }
        for ply in 1..=last {
            if pos.outcome().is_some() {
                break;
            }
            let side = pos.to_move();
            let mv = players[side.index()].choose(&pos)?.mv;
            let before = pos.clone();
            pos.play(mv)?;
            for p in &mut players {
                p.played(&before, mv, &pos)?;
            }
            if args.plies.contains(&ply) && pos.outcome().is_none() {
                views.push(pos.view(pos.to_move()));
            }
        }
    }
    Ok(views)
}

/// Runs `spielwerk stratego ai-bench`.
pub fn run_ai_bench(args: &AiBenchArgs, out: Output) -> CliResult {
    let views = positions(args, out)?;
    if views.is_empty() {
        crate::fail!("no position: every game ended before the first ply asked for");
    }
    out.progress(format!("{} positions", views.len()));
    let (mut nodes, mut wall, mut cpu) = (0u64, 0.0f64, 0.0f64);
    let mut depths = Vec::new();
    let mut max_wall: f64 = 0.0;
    for view in &views {
        // A fresh computer that knows the game from this view only.
        let mut computer = Computer::new(args.level);
        computer.start(view);
        let (t0, c0) = (Instant::now(), cpu_seconds());
        let Some(thought) = computer.think(view) else {
            continue;
        };
        let seconds = t0.elapsed().as_secs_f64();
        wall += seconds;
        max_wall = max_wall.max(seconds);
        if let (Some(a), Some(b)) = (c0, cpu_seconds()) {
            cpu += b - a;
        }
        nodes += thought.nodes;
        depths.push(thought.depth);
        out.progress(format!(
            "ply {:>3} {}: {} depth {} nodes {} in {seconds:.3} s",
            view.ply(),
            stratego_rules::colour(view.viewer()),
            thought.mv,
            thought.depth,
            thought.nodes
        ));
    }
    let n = depths.len().max(1) as f64;
    let mut sorted = depths.clone();
    sorted.sort_unstable();
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0);
    let nps = if cpu > 0.0 {
        nodes as f64 / cpu
    } else {
        nodes as f64 / wall.max(1e-9)
    };
    out.result(
        json!({
            "game": "stratego",
            "level": args.level.name(),
            "positions": depths.len(),
            "nodes": nodes,
            "seconds": wall,
            "cpu_seconds": cpu,
            "nps": nps.round(),
            "depths": depths,
            "median_depth": median,
            "mean_depth": depths.iter().map(|&d| f64::from(d)).sum::<f64>() / n,
            "mean_seconds": wall / n,
            "mean_cpu_seconds": cpu / n,
            "max_seconds": max_wall,
        }),
        || {
            format!(
                "{}: {} positions, median depth {median} (from {} to {}), {:.3} s per move on average (CPU {:.3} s, at most {max_wall:.3} s wall), {:.2} M nodes/s of CPU time",
                args.level,
                depths.len(),
                sorted.first().copied().unwrap_or(0),
                sorted.last().copied().unwrap_or(0),
                wall / n,
                cpu / n,
                nps / 1e6
            )
        },
    );
    Ok(())
}

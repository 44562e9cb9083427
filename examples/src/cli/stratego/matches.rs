//! `spielwerk stratego match`: self-play between two levels, colours
//! swapped within each pair of games (both games of a pair start from the
//! same two setups), through `board-search`'s computer-player layer.

use std::path::{Path, PathBuf};

use board_core::SplitMix64;
use board_search::{GameRecord, MatchError, MatchOptions, Opening, play_match_parallel};
use serde_json::json;
use stratego_rules::ai::{Computer, Level, Settings, SetupSource};
use stratego_rules::{Army, GravonGame, GravonResult, Position, Preset, Setup};

use crate::cli::output::{CliResult, Output};

/// How a game of a match ended, in words ("Red wins", "draw", "unfinished
/// at the ply limit").
/// How a game of a match ended, in words: "Red wins", "draw", or why it
/// was stopped.
fn end_text(record: &GameRecord<Position>) -> String {
    use board_core::SideNames;
    use board_search::GameEnd;
    match record.end {
        GameEnd::Over(outcome) => record.last.outcome_text(outcome),
        GameEnd::PlyLimit => "unfinished at the ply limit".to_owned(),
        GameEnd::Stopped => "stopped".to_owned(),
    }
}

/// Arguments of `spielwerk stratego match`.
#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// The first level (its wins are counted).
    #[arg(long)]
    first: Level,
    /// The second level.
    #[arg(long)]
    second: Level,
    /// The first player's budget in nodes a move, in place of its level's
    /// limits (a searching level: medium, hard, max), to measure what
    /// more or fewer nodes are worth.
    #[arg(long)]
    first_nodes: Option<u64>,
    /// The second player's budget in nodes a move, as `--first-nodes`.
    #[arg(long)]
    second_nodes: Option<u64>,
    /// The number of games (pairs with the colours swapped).
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Play only the games after the first N of the match (to finish an
    /// interrupted match: each game's setups, colours and seed depend on
    /// its number alone, so these are the games the whole match plays).
    #[arg(long, default_value_t = 0)]
    skip: u32,
    /// The match seed (setups, tie-breaks).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Draw the setups from this file of Gravon 40-character setups (such as
    /// `../shared/data/stratego/setups/gravon_classic_human_setups.dat`);
    /// default: the predefined ones.
    #[arg(long)]
    setups: Option<PathBuf>,
    /// Draw only setups whose Flag is in the back row with Bombs on every
    /// side (`stratego_rules::ai::flag_fortified`).
    #[arg(long)]
    fortified: bool,
    /// The rules.
    #[arg(long, default_value = "battlegeneral")]
    rules: Preset,
    /// A game not decided after this many plies is a draw.
    #[arg(long, default_value_t = 2000)]
    max_plies: u32,
    /// Games played at once (each on its own thread).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Write every game to this folder as a Gravon XML record
    /// (`game-N.xml`; player 1 is Red).
    #[arg(long)]
    save: Option<PathBuf>,
}

/// The setup source of a file, or the predefined deployments.
pub fn setup_source(path: Option<&Path>, army: Army, out: Output) -> CliResult<SetupSource> {
    let Some(path) = path else {
        return Ok(SetupSource::Predefined);
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let (source, skipped) = SetupSource::parse(&text, army);
    if source == SetupSource::Predefined {
        crate::fail!("{}: no valid {army} setup", path.display());
    }
    out.progress(format!(
        "{} setups from {} ({skipped} lines skipped)",
        source.len(),
        path.display()
    ));
    Ok(source)
}

/// The computer of `level`, searching `nodes` a move instead of the
/// level's limits if given.
fn computer(level: Level, nodes: Option<u64>) -> Computer {
    let mut settings = Settings::for_level(level);
    if let Some(n) = nodes {
        settings.limits = board_search::Limits::nodes(n);
    }
    Computer::with_settings(level, settings)
}

/// Runs `spielwerk stratego match`.
pub fn run_match(args: &MatchArgs, out: Output) -> CliResult {
    for (flag, level, nodes) in [
        ("--first-nodes", args.first, args.first_nodes),
        ("--second-nodes", args.second, args.second_nodes),
    ] {
        if level == Level::Easy && nodes.is_some() {
            crate::fail!("{flag}: easy plays one greedy ply and searches no nodes");
        }
    }
    let army = Army::Classic;
    let mut source = setup_source(args.setups.as_deref(), army, out)?;
    if args.fortified {
        source = source.filtered(stratego_rules::ai::flag_fortified);
    }
    let mut rules = args.rules.rules();
    rules.max_plies = Some(args.max_plies);
    let pairs = args.games.div_ceil(2);
    let mut openings = Vec::new();
    let mut setups = Vec::new();
    let mut rng = SplitMix64::new(args.seed);
    for _ in 0..pairs {
        let red = source.draw(army, &mut rng);
        let blue = source.draw(army, &mut rng);
        let setup = Setup::from_deployments(army, &red, &blue);
        let start = Position::from_setup(setup.clone(), rules)?;
        openings.push(Opening::new(start));
        setups.push(setup);
    }
    if let Some(dir) = &args.save {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let options = MatchOptions::games(args.games)
        .with_seed(args.seed)
        .with_max_plies(args.max_plies as usize + 1)
        .with_skip(args.skip)
        .with_threads(args.threads);
    let started = std::time::Instant::now();
    let mut records: Vec<(u32, board_core::Player, GameRecord<Position>)> = Vec::new();
    let result = play_match_parallel(
        || computer(args.first, args.first_nodes),
        || computer(args.second, args.second_nodes),
        &openings,
        &options,
        |g, so_far| {
            let outcome = format!(
                "{} ({})",
                end_text(&g.record),
                crate::cli::ending::reason(g.record.last.end_reason())
            );
            out.match_game(g, so_far, args.first.name(), &outcome);
            records.push((g.index, g.first_side, g.record.clone()));
        },
    )
    .map_err(|e| match e {
        MatchError::Game { game, error, .. } => format!("game {}: {error}", game + 1),
        MatchError::NoOpenings => e.to_string(),
    })?;
    let seconds = started.elapsed().as_secs_f64();
    let report = result.report("stratego", args.first.name(), args.second.name());
    if let Some(dir) = &args.save {
        for (game, side, record) in &records {
            let (opening, _, _) = options.game_plan(*game, openings.len());
            let names = match side {
                board_core::Player::First => [args.first.name(), args.second.name()],
                board_core::Player::Second => [args.second.name(), args.first.name()],
            };
            let result = record.outcome().map(|o| GravonResult {
                kind: 1,
                winner: match o.winner() {
                    Some(board_core::Player::First) => 1,
                    Some(board_core::Player::Second) => 2,
                    None => 3,
                },
            });
            let xml = GravonGame {
                setup: setups[opening].clone(),
                moves: record.moves.clone(),
                players: names.map(|n| Some(n.to_owned())),
                result,
            }
            .to_xml();
            let path = dir.join(format!("game-{}.xml", game + 1));
            std::fs::write(&path, xml)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
    }
    let plies: Vec<usize> = {
        let mut v: Vec<(u32, usize)> = records
            .iter()
            .map(|(g, _, r)| (*g, r.moves.len()))
            .collect();
        v.sort_unstable();
        v.into_iter().map(|x| x.1).collect()
    };
    // Each level's nodes (the record counts them by colour), and all.
    let level_nodes = records.iter().fold([0u64; 2], |[a, b], (_, side, r)| {
        let (first, second) = match side {
            board_core::Player::First => (r.nodes.first, r.nodes.second),
            board_core::Player::Second => (r.nodes.second, r.nodes.first),
        };
        [a + first, b + second]
    });
    let nodes: u64 = level_nodes.iter().sum();
    out.match_result(
        &report,
        json!({
            "game_plies": plies,
            "nodes": nodes,
            "nodes_by_level": level_nodes,
            "node_budgets": [args.first_nodes, args.second_nodes],
            "seconds": seconds,
            "seed": args.seed,
            "skipped": args.skip,
            "rules": args.rules.name(),
            "setups": args.setups.as_ref().map_or("predefined".to_string(), |p| p.display().to_string()),
            "fortified": args.fortified,
        }),
        &format!(
            "; score {:.1}% (95% {:.1}-{:.1}); {} plies in {seconds:.0} s",
            report.score * 100.0,
            report.score_ci95[0] * 100.0,
            report.score_ci95[1] * 100.0,
            report.plies
        ),
    )?;
    Ok(())
}

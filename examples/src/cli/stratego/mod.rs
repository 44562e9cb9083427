//! `spielwerk stratego`: replay real game files, perft, a speed bench, and
//! a game in the terminal against a baseline computer player.

use std::path::{Path, PathBuf};
use std::time::Instant;

use board_core::{Game, Observable, Outcome, Player, SplitMix64, perft, perft_divide};
use board_search::{DEFAULT_MAX_PLIES, NoLegalMove, Opening, RandomStrategy, Strategy, play_game};
use serde_json::json;
use stratego_rules::ai::Greedy;
use stratego_rules::gravon::{GravonGame, looks_like_gravon};
use stratego_rules::ucc::{UccGame, looks_like_ucc};
use stratego_rules::{
    Army, Deployment, Move, MoveList, Position, Preset, ReplaySummary, Setup, SetupBuilder, battle,
    colour, predefined,
};

use crate::cli::output::{CliResult, Line, NOT_TEXT, Output};

mod agent;
mod aibench;
mod matches;
mod train;

/// Arguments of `spielwerk stratego`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    verb: Verb,
}

#[derive(Debug, clap::Subcommand)]
enum Verb {
    /// Replay UCC 2012 logs and Gravon XML games (files or directories, read
    /// recursively; the format is recognised from the content).
    Replay(ReplayArgs),
    /// Count the move paths of a given length from a full-information
    /// position.
    Perft(PerftArgs),
    /// Random playouts from the predefined setups: plies and positions per
    /// second.
    Bench(BenchArgs),
    /// Play in the terminal against a baseline computer player that sees
    /// only its own view.
    Play(PlayArgs),
    /// Learn the setup prior from human setups and write the table the
    /// crate embeds.
    TrainPrior(train::TrainPriorArgs),
    /// A self-play match between two levels, colours swapped.
    Match(matches::MatchArgs),
    /// A player speaking the UCC 2012 manager's protocol on stdin/stdout.
    Agent(agent::AgentArgs),
    /// A level's search on middle-game positions: depth, time per move,
    /// nodes per second.
    AiBench(aibench::AiBenchArgs),
}

#[derive(Debug, clap::Args)]
struct ReplayArgs {
    /// Files or directories.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The rules (default: `ucc` for UCC logs, `gravon` for Gravon games).
    #[arg(long)]
    rules: Option<Preset>,
    /// List at most this many problems.
    #[arg(long, default_value_t = 100)]
    max_errors: usize,
}

#[derive(Debug, clap::Args)]
struct PerftArgs {
    /// The number of plies.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=12))]
    depth: u32,
    /// A position in the text form (see `stratego_rules::notation`).
    #[arg(long, conflicts_with = "setup")]
    position: Option<String>,
    /// Red's and Blue's predefined deployments by number 1-8
    /// (`--setup 1,2`: fortress against left flank).
    #[arg(long, default_value = "1,2")]
    setup: String,
    /// The rules.
    #[arg(long, default_value = "battlegeneral")]
    rules: Preset,
    /// Print the count below each move.
    #[arg(long)]
    divide: bool,
}

#[derive(Debug, clap::Args)]
struct BenchArgs {
    /// The number of random playouts.
    #[arg(long, default_value_t = 2000)]
    games: u32,
    /// The seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Draw setups from a file of Gravon 40-character setups (such as
    /// `gravon_classic_human_setups.dat`) instead of the predefined ones.
    #[arg(long)]
    setups: Option<PathBuf>,
}

/// The computer player.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Opponent {
    /// Any legal move, uniformly.
    Random,
    /// One ply, greedy over what its view shows (expected material of a
    /// battle, unknown pieces by the remaining counts).
    Greedy,
}

#[derive(Debug, clap::Args)]
struct PlayArgs {
    /// Your setup: a predefined one by number 1-8 or name, `random`, or
    /// `manual` (piece by piece).
    #[arg(long, default_value = "manual")]
    setup: String,
    /// Play Blue (default Red, who moves first).
    #[arg(long)]
    blue: bool,
    /// The computer player, when no --level is given.
    #[arg(long, value_enum, default_value_t = Opponent::Greedy)]
    opponent: Opponent,
    /// The computer's level (easy, medium, hard, max): the Stratego AI,
    /// which sees only its own view.
    #[arg(long)]
    level: Option<stratego_rules::ai::Level>,
    /// Draw the computer's setup from this file of Gravon 40-character
    /// setups (such as `gravon_classic_human_setups.dat`); default: the
    /// predefined ones.
    #[arg(long)]
    computer_setups: Option<PathBuf>,
    /// The army.
    #[arg(long, default_value = "classic")]
    army: String,
    /// The rules.
    #[arg(long, default_value = "battlegeneral")]
    rules: Preset,
    /// Seed of the computer's setup and choices.
    #[arg(long, default_value_t = 7)]
    seed: u64,
}

/// Runs `spielwerk stratego ...`.
pub fn run(args: &Args, out: Output) -> CliResult {
    match &args.verb {
        Verb::Replay(a) => run_replay(a, out),
        Verb::Perft(a) => run_perft(a, out),
        Verb::Bench(a) => run_bench(a, out),
        Verb::Play(a) => run_play(a, out),
        Verb::TrainPrior(a) => train::run_train_prior(a, out),
        Verb::Match(a) => matches::run_match(a, out),
        Verb::Agent(a) => agent::run_agent(a, out),
        Verb::AiBench(a) => aibench::run_ai_bench(a, out),
    }
}

fn files(paths: &[PathBuf]) -> CliResult<Vec<PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut stack = vec![p.clone()];
            while let Some(d) = stack.pop() {
                let entries = std::fs::read_dir(&d)
                    .map_err(|e| format!("cannot read {}: {e}", d.display()))?;
                for e in entries {
                    let path = e?.path();
                    if path.is_dir() {
                        stack.push(path);
                    } else {
                        out.push(path);
                    }
                }
            }
        } else if p.is_file() {
            out.push(p.clone());
        } else {
            crate::fail!("{} is neither a file nor a directory", p.display());
        }
    }
    out.sort();
    Ok(out)
}

/// What a file turned out to be.
enum Replayed {
    Ok(ReplaySummary),
    Illegal(String),
    Mismatch(String),
    Unreadable(String),
    /// Not a game record, and why.
    Skipped(&'static str),
}

fn replay_file(path: &Path, rules: Option<Preset>) -> Replayed {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Replayed::Unreadable("not a text file".into());
    };
    let result = if looks_like_ucc(&text) {
        match UccGame::parse(&text) {
            Ok(g) => g.replay(rules.unwrap_or(Preset::UccReplay).rules()),
            Err(e) => return Replayed::Unreadable(e.to_string()),
        }
    } else if looks_like_gravon(&text) {
        match GravonGame::parse(&text) {
            Ok(g) => g.replay(rules.unwrap_or(Preset::Gravon).rules()),
            Err(e) => return Replayed::Unreadable(e.to_string()),
        }
    } else if text.trim().is_empty() {
        return Replayed::Skipped("an empty file");
    } else {
        return Replayed::Skipped("neither a UCC 2012 log nor a Gravon XML game");
    };
    use stratego_rules::ReplayError as E;
    match result {
        Ok(s) => Replayed::Ok(s),
        Err(e @ (E::Illegal { .. } | E::OffBoard { .. } | E::WrongSide { .. } | E::Setup(_))) => {
            Replayed::Illegal(e.to_string())
        }
        Err(e) => Replayed::Mismatch(e.to_string()),
    }
}

fn run_replay(args: &ReplayArgs, out: Output) -> CliResult {
    let start = Instant::now();
    let (mut games, mut moves, mut battles, mut illegal, mut mismatches, mut abnormal) =
        (0, 0, 0, 0, 0, 0);
    let mut unreadable = 0;
    let mut skipped: Vec<(String, &str)> = Vec::new();
    let mut errors: Vec<serde_json::Value> = Vec::new();
    let mut abnormal_list: Vec<serde_json::Value> = Vec::new();
    let mut tally = [0usize; 3]; // Red wins, Blue wins, draws
    let paths = files(&args.paths)?;
    for path in &paths {
        let name = path.display().to_string();
        let mut problem = |kind: &str, why: String| {
            if errors.len() < args.max_errors {
                errors.push(json!({ "file": name, "kind": kind, "why": why }));
            }
        };
        match replay_file(path, args.rules) {
            Replayed::Ok(s) => {
                games += 1;
                moves += s.plies;
                battles += s.battles;
                if let Some(why) = &s.abnormal {
                    abnormal += 1;
                    abnormal_list.push(json!({ "file": name, "why": why, "plies": s.plies }));
                } else {
                    match s.outcome {
                        Some(Outcome::Win(Player::First)) => tally[0] += 1,
                        Some(Outcome::Win(Player::Second)) => tally[1] += 1,
                        _ => tally[2] += 1,
                    }
                }
            }
            Replayed::Illegal(why) => {
                games += 1;
                illegal += 1;
                problem("illegal", why);
            }
            Replayed::Mismatch(why) => {
                games += 1;
                mismatches += 1;
                problem("mismatch", why);
            }
            Replayed::Unreadable(why) => {
                unreadable += 1;
                problem("unreadable", why);
            }
            Replayed::Skipped(why) => {
                out.progress(format!("skipped {name}: {why}"));
                skipped.push((name, why));
            }
        }
        if games % 50 == 0 && games > 0 {
            out.progress(format!("{games} games replayed"));
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    out.result(
        json!({
            "game": "stratego",
            "games": games,
            "moves": moves,
            "battles": battles,
            "illegal": illegal,
            "mismatches": mismatches,
            "abnormal": abnormal,
            "unreadable": unreadable,
            "skipped": skipped.len(),
            "skipped_files": skipped
                .iter()
                .map(|(file, why)| json!({ "file": file, "why": why }))
                .collect::<Vec<_>>(),
            "red_wins": tally[0],
            "blue_wins": tally[1],
            "draws": tally[2],
            "seconds": seconds,
            "abnormal_games": abnormal_list,
            "errors": errors,
        }),
        || {
            let mut t = format!(
                "{games} games, {moves} moves, {battles} battles: {illegal} illegal, {mismatches} mismatches, {abnormal} abnormal ends, {unreadable} unreadable, {} other files skipped; Red won {}, Blue {}, draws {} ({seconds:.2} s)",
                skipped.len(), tally[0], tally[1], tally[2]
            );
            for f in &skipped {
                t.push_str(&format!("\nskipped: {}: {}", f.0, f.1));
            }
            for a in &abnormal_list {
                t.push_str(&format!("\nabnormal: {} after {} plies: {}", a["file"], a["plies"], a["why"]));
            }
            for e in &errors {
                t.push_str(&format!("\n{}: {}: {}", e["kind"], e["file"], e["why"]));
            }
            t
        },
    );
    if illegal + mismatches + unreadable > 0 {
        crate::fail!("{illegal} illegal, {mismatches} mismatches, {unreadable} unreadable");
    }
    if games == 0 {
        crate::fail!(
            "no game replayed: none of the {} file(s) is a UCC 2012 log or a Gravon XML game",
            paths.len()
        );
    }
    Ok(())
}

/// A predefined deployment by number (1-8) or name.
/// The predefined setups, numbered: `1 name, 2 name, ...`.
fn predefined_names() -> String {
    predefined()
        .iter()
        .enumerate()
        .map(|(i, (name, _))| format!("{} {name}", i + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the setup prompt understands.
const SETUP_COMMANDS: &str = "a square (e.g. a1) places the next piece; 'undo a1' takes one back; 'preset N' (1-8) or 'random' fills in; 'done' starts the game; 'quit' leaves; 'help' shows this";

/// What the move prompt understands, and what the board's marks mean.
const PLAY_HELP: &str = "a move as FROM-TO, such as the prompt's example (a Scout's long move the same way); 'moves' lists yours; 'quit' leaves. On the board: your pieces by rank (S the Spy, B Bomb, F Flag), a * after one the enemy has seen; enemy pieces '?' (never moved) or ?' (moved) until revealed; ~~ a lake";

fn predefined_by(text: &str) -> Option<Deployment> {
    let all = predefined();
    if let Ok(n) = text.trim().parse::<usize>() {
        return all.get(n.checked_sub(1)?).map(|(_, d)| *d);
    }
    all.iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(text.trim()))
        .map(|(_, d)| *d)
}

fn run_perft(args: &PerftArgs, out: Output) -> CliResult {
    let rules = args.rules.rules();
    let pos = match &args.position {
        Some(text) => Position::parse_with_rules(text, rules)?,
        None => {
            let Some((r, b)) = args.setup.split_once(',') else {
                crate::fail!("--setup wants two deployments, as 1,2");
            };
            let (Some(red), Some(blue)) = (predefined_by(r), predefined_by(b)) else {
                crate::fail!("--setup {}: deployments are 1-8 or their names", args.setup);
            };
            Position::from_setup(Setup::from_deployments(Army::Classic, &red, &blue), rules)?
        }
    };
    out.progress(format!("perft {} from {pos}", args.depth));
    let start = Instant::now();
    let (nodes, divide) = if args.divide {
        let d = perft_divide(&pos, args.depth, board_core::FinishedGames::Drop);
        (d.iter().map(|(_, n)| n).sum(), d)
    } else {
        (perft(&pos, args.depth), Vec::new())
    };
    crate::cli::perft::Perft {
        game: "stratego",
        position: pos.to_string(),
        depth: args.depth,
        nodes,
        divide: args
            .divide
            .then(|| divide.iter().map(|(m, n)| (m.to_string(), *n)).collect()),
        seconds: start.elapsed().as_secs_f64(),
        extra: serde_json::Map::new(),
    }
    .report(out);
    Ok(())
}

/// CPU time of this process in seconds, from `/proc/self/schedstat`
/// (Linux); `None` elsewhere. On a loaded machine it measures the work
/// better than wall time.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn run_bench(args: &BenchArgs, out: Output) -> CliResult {
    let deployments: Vec<Deployment> = match &args.setups {
        None => predefined().iter().map(|(_, d)| *d).collect(),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let all: Vec<Deployment> = text
                .lines()
                .filter_map(|l| Deployment::from_gravon(l).ok())
                .filter(|d| d.is_valid(Army::Classic))
                .collect();
            let skipped = text.lines().count() - all.len();
            out.progress(format!(
                "{} setups read, {skipped} lines skipped",
                all.len()
            ));
            all
        }
    };
    if deployments.is_empty() {
        crate::fail!("no valid setups");
    }
    let mut rng = SplitMix64::new(args.seed);
    let rules = Preset::Battlegeneral.rules();
    let mut moves = MoveList::new();
    let (mut plies, mut generated, mut signature) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    let cpu_start = cpu_seconds();
    for _ in 0..args.games {
        let red = deployments[rng.below(deployments.len() as u64) as usize];
        let blue = deployments[rng.below(deployments.len() as u64) as usize];
        let mut pos =
            Position::from_setup(Setup::from_deployments(Army::Classic, &red, &blue), rules)?;
        for _ in 0..3000 {
            pos.legal_moves(&mut moves);
            generated += moves.len() as u64;
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            pos.play_unchecked(mv);
            plies += 1;
        }
        signature = signature.rotate_left(7) ^ board_core::ZobristHash::zobrist(&pos);
    }
    let seconds = start.elapsed().as_secs_f64();
    let cpu = cpu_start.and_then(|c0| Some(cpu_seconds()? - c0));
    let nps = crate::cli::bench::rate(plies, seconds);
    let cpu_nps = cpu.filter(|&c| c > 0.0).map(|c| plies as f64 / c);
    let mut extra = serde_json::Map::new();
    extra.insert("cpu_seconds".to_owned(), json!(cpu));
    extra.insert("cpu_nps".to_owned(), json!(cpu_nps.map(f64::round)));
    extra.insert("playouts".to_owned(), json!(args.games));
    extra.insert("moves_generated".to_owned(), json!(generated));
    extra.insert("signature".to_owned(), json!(format!("{signature:016x}")));
    let text = format!(
        "{} random playouts (at most 3000 plies): {plies} positions in {seconds:.3} s = {:.2} M positions/s ({:.1} M generated moves/s); CPU time {}; signature {signature:016x}",
        args.games,
        nps / 1e6,
        generated as f64 / seconds.max(1e-9) / 1e6,
        match (cpu, cpu_nps) {
            (Some(c), Some(r)) => format!("{c:.3} s = {:.2} M positions/s", r / 1e6),
            _ => "unknown".to_string(),
        }
    );
    crate::cli::bench::Bench {
        game: "stratego",
        nodes: plies,
        seconds,
        extra,
    }
    .report(out, Some(text));
    Ok(())
}

impl Opponent {
    /// The player in words, for the game's first line.
    fn describe(self) -> &'static str {
        match self {
            Opponent::Random => "a random player: any legal move",
            Opponent::Greedy => {
                "a greedy player: the best battle or step one move ahead, by what it sees"
            }
        }
    }
}

/// The computer player of `play`, as a strategy.
fn opponent(kind: Opponent, seed: u64) -> Box<dyn Strategy<Position, Error = NoLegalMove>> {
    match kind {
        Opponent::Random => Box::new(RandomStrategy::new(seed)),
        Opponent::Greedy => Box::new(Greedy::new(seed)),
    }
}

/// Prints `text` and reads a line, trimmed; `None` at the end of input. A
/// line that is not UTF-8 is answered and asked again.
fn prompt(text: &str) -> CliResult<Option<String>> {
    loop {
        crate::say!("{text}");
        match crate::cli::output::read_line(&mut std::io::stdin().lock())? {
            Line::Text(line) => return Ok(Some(line.trim().to_string())),
            Line::NotText(_) => crate::sayln!("{NOT_TEXT}"),
            Line::End => return Ok(None),
        }
    }
}

/// The human's deployment: predefined, random or piece by piece.
fn human_setup(
    args: &PlayArgs,
    me: Player,
    army: Army,
    rng: &mut SplitMix64,
) -> CliResult<Option<Deployment>> {
    match args.setup.as_str() {
        "random" => return Ok(Some(Deployment::random(army, rng))),
        "manual" => {}
        other => {
            return match predefined_by(other) {
                Some(d) if army == Army::Classic => Ok(Some(d)),
                _ => crate::fail!(
                    "--setup {other}: use random, manual, or a predefined setup by number or name ({}; classic army only)",
                    predefined_names()
                ),
            };
        }
    }
    let mut b = SetupBuilder::new(me, army);
    crate::sayln!(
        "Set up your {} pieces on your four ranks: {SETUP_COMMANDS}.",
        army.size()
    );
    // Seen from the player's side of the table: Blue's board turned half
    // round (rank 7 at the top, file j at the left), as in the game.
    let (rows, files): ([u8; 4], [u8; 10]) = match me {
        Player::First => ([3, 2, 1, 0], std::array::from_fn(|i| i as u8)),
        Player::Second => ([6, 7, 8, 9], std::array::from_fn(|i| 9 - i as u8)),
    };
    let letters: String = files
        .iter()
        .map(|&f| format!("  {}", char::from(b'a' + f)))
        .collect();
    loop {
        let mut board = String::new();
        for r in rows {
            board.push_str(&format!("{:>2} ", r + 1));
            for f in files {
                let sq = stratego_rules::Square::new(f, r).ok_or("square")?;
                let label = stratego_rules::zone_index(me, sq)
                    .and_then(|i| b.deployment().squares[i])
                    .map_or(".".to_string(), |r| r.symbol().to_string());
                board.push_str(&format!("{label:>3}"));
            }
            board.push('\n');
        }
        board.push_str(&format!("   {letters}"));
        crate::sayln!("{board}");
        let next = b
            .next_piece()
            .map_or("nothing (type 'done')".to_string(), |r| {
                r.name().to_string()
            });
        let Some(line) = prompt(&format!("next: {next}> "))? else {
            return Ok(None);
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["done"] => match b.finish() {
                Ok(d) => return Ok(Some(d)),
                Err(e) => crate::sayln!("{e}"),
            },
            ["random"] => return Ok(Some(Deployment::random(army, rng))),
            ["help"] => crate::sayln!("{SETUP_COMMANDS}"),
            ["quit"] => return Ok(None),
            ["preset"] => crate::sayln!("which one? preset N: {}", predefined_names()),
            ["preset", n] => match predefined_by(n) {
                Some(d) => b = SetupBuilder::from_deployment(me, army, &d),
                None => crate::sayln!("no preset {n:?}: {}", predefined_names()),
            },
            ["undo", sq] => match sq.parse() {
                Ok(sq) => {
                    if let Err(e) = b.take_back(sq) {
                        crate::sayln!("{e}");
                    }
                }
                Err(e) => crate::sayln!("{e}"),
            },
            [sq] => match sq.parse() {
                Ok(sq) => {
                    if let Err(e) = b.place(sq) {
                        crate::sayln!("{e}");
                    }
                }
                Err(e) => crate::sayln!(
                    "{sq:?} is neither a square ({e}) nor a command: {SETUP_COMMANDS}"
                ),
            },
            _ => crate::sayln!("{SETUP_COMMANDS}"),
        }
    }
}

fn run_play(args: &PlayArgs, out: Output) -> CliResult {
    let army = Army::from_name(&args.army).ok_or("--army is classic or barrage")?;
    let me = if args.blue {
        Player::Second
    } else {
        Player::First
    };
    let mut rng = SplitMix64::new(args.seed);
    let Some(mine) = human_setup(args, me, army, &mut rng)? else {
        return Ok(());
    };
    let source = matches::setup_source(args.computer_setups.as_deref(), army, out)?;
    let theirs = source.draw(army, &mut rng);
    let (red, blue) = if me == Player::First {
        (mine, theirs)
    } else {
        (theirs, mine)
    };
    let mut pos = Position::from_setup(
        Setup::from_deployments(army, &red, &blue),
        args.rules.rules(),
    )?;
    let (mut computer, name) = match args.level {
        Some(level) => (
            Box::new(stratego_rules::ai::Computer::new(level))
                as Box<dyn Strategy<Position, Error = NoLegalMove>>,
            format!("level {level}"),
        ),
        None => (
            opponent(args.opponent, args.seed),
            args.opponent.describe().to_owned(),
        ),
    };
    computer.new_game(&pos, args.seed)?;
    crate::sayln!(
        "You play {}; the computer ({name}) sees only its own view. Type {PLAY_HELP}.",
        colour(me),
    );
    // The board from the player's side: Blue's turned half round.
    let board = |pos: &Position| {
        let view = pos.view(me);
        if me == Player::Second {
            view.diagram().turned().to_string()
        } else {
            view.diagram().to_string()
        }
    };
    while pos.outcome().is_none() {
        if pos.to_move() == me {
            crate::sayln!("{}", board(&pos));
            let example = pos
                .moves()
                .first()
                .map_or(String::new(), |m| format!(" (e.g. {m}; help)"));
            let Some(line) = prompt(&format!("{} to move{example}> ", colour(me)))? else {
                break;
            };
            match line.as_str() {
                "quit" => break,
                "help" => crate::sayln!("{PLAY_HELP}"),
                "moves" => {
                    let list: Vec<String> = pos.moves().iter().map(ToString::to_string).collect();
                    crate::sayln!("{}", list.join(" "));
                }
                text => match text.parse::<Move>() {
                    Ok(m) => {
                        let before = pos.clone();
                        match pos.play_move(m) {
                            Ok(r) => {
                                computer.played(&before, m, &pos)?;
                                if let Some((d, b)) = r.battle {
                                    crate::sayln!(
                                        "your {} attacks a {}: {b}",
                                        r.piece.rank,
                                        d.rank
                                    );
                                }
                            }
                            Err(e) => crate::sayln!("{e}"),
                        }
                    }
                    Err(e) => crate::sayln!("{e}"),
                },
            }
        } else {
            let m = computer.choose(&pos)?.mv;
            let before = pos.clone();
            let r = pos.play_move(m)?;
            computer.played(&before, m, &pos)?;
            match r.battle {
                Some((d, b)) => crate::sayln!(
                    "computer: {m}, its {} attacks your {}: {b}",
                    r.piece.rank,
                    d.rank
                ),
                None => crate::sayln!("computer: {m}"),
            }
        }
    }
    let outcome = pos.outcome();
    crate::sayln!("{}", board(&pos));
    let text = match outcome {
        Some(Outcome::Win(p)) if p == me => {
            format!("you win ({})", crate::cli::ending::reason(pos.end_reason()))
        }
        Some(Outcome::Win(_)) => format!(
            "the computer wins ({})",
            crate::cli::ending::reason(pos.end_reason())
        ),
        Some(Outcome::Draw) => format!("a draw ({})", crate::cli::ending::reason(pos.end_reason())),
        None => "you left the game: the computer wins".to_string(),
    };
    out.result(
        json!({ "game": "stratego", "moves": pos.ply(), "outcome": text }),
        || text.clone(),
    );
    Ok(())
}

/// One computer-against-computer game for `spielwerk demo`: two greedy
/// players (`stratego_rules::ai::Greedy`, each seeing only its own view)
/// from two of the predefined setups, Battlegeneral rules with a 1000-ply
/// limit so the demo always ends.
pub fn demo_game(seed: u64, out: Output) -> CliResult<serde_json::Value> {
    let mut rng = SplitMix64::new(seed);
    let setups = predefined();
    let (red_name, red) = setups[rng.below(8) as usize];
    let (blue_name, blue) = setups[rng.below(8) as usize];
    let mut rules = Preset::Battlegeneral.rules();
    rules.max_plies = Some(1000);
    let start = Position::from_setup(Setup::from_deployments(Army::Classic, &red, &blue), rules)?;
    out.line(format!(
        "Stratego: Red ({red_name}) against Blue ({blue_name}), two greedy players that see only their own view"
    ));
    let mut row = Vec::new();
    let game = play_game(
        &mut Greedy::new(1),
        &mut Greedy::new(2),
        &Opening::new(start),
        seed,
        DEFAULT_MAX_PLIES,
        |m| {
            let attacker = m.before.piece_at(m.mv.from).map(|p| p.piece.rank);
            let defender = m.before.piece_at(m.mv.to).map(|p| p.piece.rank);
            row.push(m.mv.to_string());
            if let (Some(a), Some(d)) = (attacker, defender) {
                out.line(format!(
                    "{:>4}. {} {}: {a} attacks {d}: {}",
                    m.ply,
                    colour(m.side),
                    m.mv,
                    battle(a, d)
                ));
                row.clear();
            } else if row.len() == 12 {
                out.line(format!("      {}", row.join(" ")));
                row.clear();
            }
            true
        },
    )?;
    let outcome = match game.outcome() {
        Some(Outcome::Win(p)) => format!("{} wins", colour(p)),
        Some(Outcome::Draw) | None => "draw".to_owned(),
    };
    let reason = crate::cli::ending::reason(game.last.end_reason());
    out.line(format!(
        "{outcome} ({reason}) after {} plies",
        game.last.ply()
    ));
    Ok(
        json!({ "game": "stratego", "moves": game.last.ply(), "outcome": outcome, "reason": reason }),
    )
}

//! `spielwerk reversi demo|solve|play|gtp|match|train`: the verbs of the Reversi
//! computer (`reversi_rules::ai`); the program only parses arguments and
//! prints.

use std::path::PathBuf;

use board_core::{Game, Player, SideNames};
use board_search::{MatchGame, MatchOptions, MatchResult, Opening, Strategy, play_match};
use reversi_rules::Position;
use reversi_rules::ai::endgame::Solver;
use reversi_rules::ai::ffo::{Agreement, first_id_from_name, parse_problems, solve_problem};
use reversi_rules::ai::gtp::GtpClient;
use reversi_rules::ai::{Computer, Level};
use reversi_rules::wthor::frequent_openings;
use serde_json::json;

use crate::cli::output::{CliResult, Line, NOT_TEXT, Output};

/// Arguments of `spielwerk reversi demo`.
#[derive(Debug, clap::Args)]
pub struct DemoArgs {
    /// Black's level (Black moves first).
    #[arg(long, default_value = "medium")]
    pub black: Level,
    /// White's level.
    #[arg(long, default_value = "medium")]
    pub white: Level,
    /// The seed of the two random opening moves (0: none, the same game
    /// every time).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// One computer-against-computer game, printed move by move; the JSON
/// object of `spielwerk demo`'s list (`{"game","moves","outcome"}`).
pub fn demo_game(args: &DemoArgs, out: Output) -> CliResult<serde_json::Value> {
    out.line(format!(
        "Reversi: {} (Black) against {} (White)",
        args.black, args.white
    ));
    let opening = if args.seed == 0 {
        Opening::new(Position::start())
    } else {
        Opening::random(Position::start(), 2, args.seed)
    };
    let game = board_search::play_game(
        &mut Computer::new(args.black),
        &mut Computer::new(args.white),
        &opening,
        args.seed,
        board_search::DEFAULT_MAX_PLIES,
        |m| {
            let side = m.before.side_name(m.side);
            out.line(format!("{:>2}. {side:<5} {}", m.ply, m.mv));
            true
        },
    )?;
    out.line(game.last.diagram());
    let outcome = crate::cli::ending::result(&game.last);
    let discs = game.last.disc_counts();
    let reason = crate::cli::ending::reason(game.last.end_reason());
    out.line(format!(
        "{outcome} ({reason}) after {} moves ({} Black, {} White discs)",
        game.moves.len(),
        discs.first,
        discs.second
    ));
    Ok(
        json!({ "game": "reversi", "moves": game.moves.len(), "outcome": outcome, "reason": reason }),
    )
}

/// Arguments of `spielwerk reversi solve`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// An OBF/FFO problem file (`fforum-40-59.obf`, `ffo40-59.txt`).
    pub file: PathBuf,
    /// Solve only problems numbered at least this. An FFO table gives each
    /// problem's number; an OBF file's problems are numbered on from the
    /// first number in the file's name (`fforum-40-59.obf`: 40, 41, ...;
    /// 1 when the name has none).
    #[arg(long)]
    pub from: Option<u32>,
    /// Solve only problems numbered at most this (numbered as for
    /// `--from`).
    #[arg(long)]
    pub to: Option<u32>,
    /// The transposition table: 2^BITS buckets of 48 bytes (4-26).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(4..=26))]
    pub table_bits: u32,
}

/// Runs `spielwerk reversi solve FILE`: best move, exact score, nodes and
/// time per problem, marking every disagreement with the file.
pub fn solve(args: &SolveArgs, out: Output) -> CliResult {
    let text =
        std::fs::read_to_string(&args.file).map_err(|e| format!("{}: {e}", args.file.display()))?;
    let name = args.file.to_string_lossy();
    let problems = parse_problems(&text, first_id_from_name(&name))
        .map_err(|e| format!("{}: {e}", args.file.display()))?;
    let wanted = |id: u32| args.from.is_none_or(|f| id >= f) && args.to.is_none_or(|t| id <= t);
    let selected = problems.iter().filter(|p| wanted(p.id)).count();
    if selected == 0 {
        let numbers = match (problems.first(), problems.last()) {
            (Some(a), Some(b)) => format!("its problems are numbered {}-{}", a.id, b.id),
            _ => "it has no problem".to_owned(),
        };
        crate::fail!(
            "{}: no problem in --from {} --to {} ({numbers}; an OBF file numbers them from the first number in its name)",
            args.file.display(),
            args.from.map_or("-".to_owned(), |f| f.to_string()),
            args.to.map_or("-".to_owned(), |t| t.to_string()),
        );
    }
    let mut solver = Solver::with_table_bits(args.table_bits);
    let mut rows = Vec::new();
    let mut lines = Vec::new();
    let (mut total_nodes, mut total_seconds, mut disagreements) = (0u64, 0f64, 0usize);
    for p in &problems {
        if !wanted(p.id) {
            continue;
        }
        let s = solve_problem(&mut solver, p)
            .map_err(|e| format!("{}: problem {}: {e}", args.file.display(), p.id))?;
        let seconds = s.elapsed.as_secs_f64();
        total_nodes += s.nodes;
        total_seconds += seconds;
        let best = s.best.map_or_else(|| "-".to_owned(), |m| m.to_string());
        let line = format!(
            "#{:<3} {:<4} {:+3}  expected {:>3}  {:>12} nodes {:8.2} s{}",
            s.id,
            best,
            s.score,
            s.expected
                .map_or_else(|| "?".to_owned(), |e| format!("{e:+}")),
            s.nodes,
            seconds,
            match s.agreement {
                Agreement::Agrees => "",
                Agreement::OtherBestMove => "  other best move",
                Agreement::Disagrees => "  DISAGREES",
            }
        );
        // The text result, line by line as each problem is solved (once:
        // the summary at the end does not repeat them); progress on stderr
        // with `--json`.
        out.line(&line);
        if !s.agreement.agrees() {
            disagreements += 1;
        }
        lines.push(line);
        rows.push(json!({
            "id": s.id,
            "best": best,
            "score": s.score,
            "expected": s.expected,
            "agrees": s.agreement.agrees(),
            "other_best_move": s.agreement == Agreement::OtherBestMove,
            "nodes": s.nodes,
            "seconds": seconds,
        }));
    }
    out.result(
        json!({
            "positions": rows,
            "total_nodes": total_nodes,
            "total_seconds": total_seconds,
            "disagreements": disagreements,
        }),
        || {
            format!(
                "{} problems, {total_nodes} nodes, {total_seconds:.2} s, {disagreements} disagreement(s)",
                lines.len()
            )
        },
    );
    if disagreements > 0 {
        return Err(format!("{disagreements} problem(s) disagree with the file").into());
    }
    Ok(())
}

/// Arguments of `spielwerk reversi train`.
#[derive(Debug, clap::Args)]
pub struct TrainArgs {
    /// Where to write the weights. The crate embeds
    /// `reversi-rules/weights/patterns.bin`: to use new weights, copy the
    /// file there and rebuild.
    #[arg(long, default_value = "patterns.bin")]
    pub out: PathBuf,
    /// The data folder with `games/wthor-1977-2025.txt` (training) and
    /// `games/eothello-25657.csv` (test) [default: ../shared/data/reversi
    /// from the workspace]
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Full passes over the training positions.
    #[arg(long, default_value_t = 40)]
    pub epochs: usize,
    /// Threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

/// Runs `spielwerk reversi train`: trains the pattern weights from the
/// WTHOR games, reports the error on the eOthello games, writes the weights.
pub fn train(args: &TrainArgs, out: Output) -> CliResult {
    use reversi_rules::ai::train::{Samples, TrainOptions, mse};
    let t0 = std::time::Instant::now();
    let data = reversi_data(args.data.as_ref())?;
    let read = |name: &str| {
        let path = data.join("games").join(name);
        std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
    };
    let mut train_set = Samples::default();
    train_set.add_wthor(&read("wthor-1977-2025.txt")?);
    let mut test_set = Samples::default();
    test_set.add_eothello(&read("eothello-25657.csv")?);
    out.progress(format!(
        "{} training positions from {} games, {} test positions",
        train_set.samples.len(),
        train_set.games,
        test_set.samples.len()
    ));
    let options = TrainOptions {
        epochs: args.epochs,
        threads: args.threads.max(1),
        ..TrainOptions::default()
    };
    let weights = reversi_rules::ai::train::train(&train_set.samples, &options, |e, m| {
        out.progress(format!(
            "epoch {e}: mse {m:.2} ({:.0} s)",
            t0.elapsed().as_secs_f64()
        ));
    });
    let train_mse = mse(&train_set.samples, &weights, options.threads);
    let test_mse = mse(&test_set.samples, &weights, options.threads);
    let bytes = weights.encode();
    std::fs::write(&args.out, &bytes).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let seconds = t0.elapsed().as_secs_f64();
    out.result(
        json!({
            "train_positions": train_set.samples.len(),
            "test_positions": test_set.samples.len(),
            "train_mse": train_mse,
            "test_mse": test_mse,
            "bytes": bytes.len(),
            "seconds": seconds,
        }),
        || {
            format!(
                "train mse {train_mse:.1}, test mse {test_mse:.1} (discs²); {} bytes to {}; {seconds:.0} s\n\
                 To play with these weights, copy {} to reversi-rules/weights/patterns.bin and rebuild.",
                bytes.len(),
                args.out.display(),
                args.out.display()
            )
        },
    );
    Ok(())
}

/// Arguments of `spielwerk reversi match`.
#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// The first player: a level (`easy`, `medium`, `hard`, `max`),
    /// optionally `:baseline` for the hand-written evaluation.
    #[arg(long, default_value = "medium")]
    pub first: String,
    /// The second player, as `--first`; ignored with `--engine`.
    #[arg(long, default_value = "easy")]
    pub second: String,
    /// An external GTP engine command line to play `--first` against,
    /// split into words as a shell does: quote a path or an argument that
    /// has spaces (`--engine "'/opt/my engine/edax' -q"`).
    #[arg(long)]
    pub engine: Option<String>,
    /// The number of openings (each is played twice, colours swapped).
    #[arg(long, default_value_t = 50)]
    pub openings: usize,
    /// Plies of each opening (the most frequent WTHOR openings).
    #[arg(long, default_value_t = 8)]
    pub plies: usize,
    /// The data folder with `games/wthor-1977-2025.txt` [default:
    /// ../shared/data/reversi from the workspace]
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Our computers think this many seconds a move, as deep as that
    /// allows, instead of their level's budget; an `--engine` is told the
    /// same time a move (`time_settings 0 S 1`, S rounded up to whole
    /// seconds), for matches at equal time.
    #[arg(long)]
    pub time: Option<f64>,
}

/// The Reversi data folder: `--data`, or the workspace's.
fn reversi_data(data: Option<&PathBuf>) -> CliResult<PathBuf> {
    Ok(match data {
        Some(d) => d.clone(),
        None => crate::cli::data_dir::project_default("../shared/data/reversi", "--data")?,
    })
}

fn computer_of(spec: &str, time: Option<f64>) -> CliResult<Computer> {
    let (level, eval) = spec.split_once(':').unwrap_or((spec, "pattern"));
    let level: Level = level.parse()?;
    let mut computer = match eval {
        "baseline" => Computer::baseline(level),
        "pattern" => Computer::new(level),
        other => {
            return Err(
                format!("unknown evaluation {other:?}: expected baseline or pattern").into(),
            );
        }
    };
    timed(&mut computer, time)?;
    Ok(computer)
}

/// Gives `computer` a time a move (`--time`), in place of its level's
/// budget.
fn timed(computer: &mut Computer, time: Option<f64>) -> CliResult {
    if let Some(seconds) = time {
        let time = std::time::Duration::try_from_secs_f64(seconds)
            .ok()
            .filter(|t| !t.is_zero())
            .ok_or_else(|| format!("--time {seconds}: a number of seconds above 0"))?;
        computer.set_budget(reversi_rules::ai::Budget::timed(time));
    }
    Ok(())
}

/// Runs `spielwerk reversi match`: our levels against each other or an
/// external GTP engine, from the most frequent WTHOR openings, each played
/// with both colours (board-search's `play_match`).
pub fn match_(args: &MatchArgs, out: Output) -> CliResult {
    let path = reversi_data(args.data.as_ref())?
        .join("games")
        .join("wthor-1977-2025.txt");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let openings: Vec<Opening<Position>> = frequent_openings(&text, args.plies, args.openings)
        .into_iter()
        .map(|moves| Opening::with_moves(Position::start(), moves))
        .collect();
    if openings.is_empty() {
        crate::fail!(
            "no opening of {} plies in {} (--plies asks for more moves than its games have, or --openings is 0)",
            args.plies,
            path.display()
        );
    }
    if openings.len() < args.openings {
        out.progress(format!(
            "only {} distinct openings of {} plies in {} ({} asked for)",
            openings.len(),
            args.plies,
            path.display(),
            args.openings
        ));
    }
    let options = MatchOptions::games(2 * u32::try_from(openings.len())?);
    let t0 = std::time::Instant::now();
    let mut first = computer_of(&args.first, args.time)?;
    let mut discs = 0i64;
    let mut progress = |g: &MatchGame<Position>, so_far: &MatchResult| {
        let d = i64::from(g.record.last.disc_difference(g.first_side));
        discs += d;
        out.match_game(g, so_far, &args.first, &format!("{d:+} discs"));
    };
    let (second_name, result) = match &args.engine {
        Some(command) => {
            let mut engine = GtpClient::spawn(command)?;
            if let Some(seconds) = args.time {
                // GTP counts whole seconds: the engine gets the time a move
                // rounded up, as one byo-yomi stone a period.
                let whole = seconds.ceil().max(1.0);
                if whole > seconds {
                    out.progress(format!(
                        "the engine gets {whole} s a move (GTP counts whole seconds), ours {seconds} s"
                    ));
                }
                engine = engine.with_game_commands(vec![format!("time_settings 0 {whole} 1")]);
            }
            let r = play_match(&mut first, &mut engine, &openings, &options, &mut progress)?;
            (command.clone(), r)
        }
        None => {
            let mut second = computer_of(&args.second, args.time)?;
            let r = play_match(&mut first, &mut second, &openings, &options, &mut progress)?;
            (args.second.clone(), r)
        }
    };
    let seconds = t0.elapsed().as_secs_f64();
    out.match_result(
        &result.report("reversi", &args.first, &second_name),
        json!({ "discs": discs, "seconds": seconds }),
        &format!(", discs {discs:+}, {seconds:.0} s"),
    )
}

/// Arguments of `spielwerk reversi gtp`.
#[derive(Debug, clap::Args)]
pub struct GtpArgs {
    /// The level the engine plays at.
    #[arg(long, default_value = "hard")]
    pub level: String,
    /// Think this many seconds a move, as deep as that allows (the
    /// strongest setting; not deterministic), instead of the level's budget.
    /// A clock set by the controller (`time_settings`) takes over.
    #[arg(long)]
    pub time: Option<f64>,
}

/// Runs `spielwerk reversi gtp`: the Go Text Protocol on stdin/stdout.
pub fn gtp(args: &GtpArgs, _out: Output) -> CliResult {
    let level = args.level.parse()?;
    let mut computer = Computer::new(level);
    timed(&mut computer, args.time)?;
    let stdin = std::io::stdin();
    reversi_rules::ai::gtp::Gtp::with_computer(computer)
        .run(stdin.lock(), std::io::stdout().lock())?;
    Ok(())
}

/// Arguments of `spielwerk reversi play`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The human's colour: black (moves first) or white.
    #[arg(long, default_value = "black")]
    pub side: String,
    /// The computer's level: easy, medium, hard or max.
    #[arg(long, default_value = "medium")]
    pub level: String,
    /// The computer thinks this many seconds a move, as deep as that
    /// allows, instead of its level's budget.
    #[arg(long)]
    pub time: Option<f64>,
}

/// Ends `play` before the game is over (quit, or the end of the input).
fn abandoned(game: &reversi_rules::Reversi, out: Output) -> CliResult {
    out.result(
        json!({"game": "reversi", "moves": game.history().len(), "outcome": "abandoned"}),
        || "Game abandoned.".to_owned(),
    );
    Ok(())
}

/// Runs `spielwerk reversi play`: a human against the computer in the
/// terminal. Commands: a move (`f5`), `pass` when forced, `undo` (takes
/// back the last human move and the computer's reply), `hint`, `quit`.
pub fn play(args: &PlayArgs, out: Output) -> CliResult {
    use reversi_rules::{Move, Reversi};
    let human = match args.side.to_ascii_lowercase().as_str() {
        "black" | "b" | "x" => Player::First,
        "white" | "w" | "o" => Player::Second,
        other => return Err(format!("unknown side {other:?}: expected black or white").into()),
    };
    let level: Level = args.level.parse()?;
    let mut computer = Computer::new(level);
    timed(&mut computer, args.time)?;
    let mut game = Reversi::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    out.line(format!("You play {} against level {level}. Moves like f5; undo, hint, quit. '*' marks legal moves, '>' the computer's last one.", if human == Player::First { "Black (X)" } else { "White (O)" }));
    // The computer's last disc, marked on the board shown next.
    let mut last: Option<reversi_rules::Square> = None;
    let shown = |pos: &reversi_rules::Position, last: Option<reversi_rules::Square>| match last {
        Some(sq) => pos.diagram().marked(sq).to_string(),
        None => pos.diagram().to_string(),
    };
    while !game.is_over() {
        let pos = *game.position();
        if pos.to_move() != human {
            let mv = computer.choose(&pos)?.mv;
            game.play(mv)?;
            out.line(format!("Computer plays {mv}"));
            last = match mv {
                Move::Place(sq) => Some(sq),
                Move::Pass => None,
            };
            continue;
        }
        out.line(shown(&pos, last));
        last = None;
        if pos.must_pass() {
            out.line("You have no legal move and pass.");
            game.play(Move::Pass)?;
            continue;
        }
        out.line("Your move:");
        // The end of the input leaves the game, as `quit` does: it is not
        // a finished game.
        let line = match crate::cli::output::read_line(&mut input)? {
            Line::Text(line) => line,
            Line::NotText(_) => {
                out.line(NOT_TEXT);
                continue;
            }
            Line::End => return abandoned(&game, out),
        };
        let word = line.trim().to_ascii_lowercase();
        match word.as_str() {
            "" => {}
            "quit" | "q" => return abandoned(&game, out),
            "undo" | "u" => {
                // Take back moves until it is the human's turn again, one
                // human move at least.
                let mut undone = 0;
                while let Some(_m) = game.undo() {
                    undone += 1;
                    if game.to_move() == human && undone > 0 && game.position().legal_squares() != 0
                    {
                        break;
                    }
                }
                if undone == 0 {
                    out.line("Nothing to undo.");
                }
            }
            "hint" | "h" => {
                // The rule of every computer: its move depends on the
                // position alone, so the hint is the move it would play.
                out.line(format!("Hint: {}", computer.choose(&pos)?.mv));
            }
            _ => match word.parse::<Move>() {
                Ok(mv) => {
                    if let Err(e) = game.play(mv) {
                        out.line(format!("Illegal: {e}"));
                    }
                }
                Err(e) => out.line(format!(
                    "Not a move: {e} (moves look like f5; or undo, hint, quit)"
                )),
            },
        }
    }
    let pos = game.position();
    out.line(shown(pos, last));
    let c = pos.disc_counts();
    let result = match (c.first.cmp(&c.second), human) {
        (std::cmp::Ordering::Equal, _) => "Draw.",
        (std::cmp::Ordering::Greater, Player::First)
        | (std::cmp::Ordering::Less, Player::Second) => "You win!",
        _ => "The computer wins.",
    };
    out.result(
        json!({"game": "reversi", "moves": game.history().len(), "outcome": crate::cli::ending::result(pos), "reason": crate::cli::ending::reason(pos.end_reason()), "black": c.first, "white": c.second}),
        || format!("Game over ({}): Black {} White {}. {result}", crate::cli::ending::reason(pos.end_reason()), c.first, c.second),
    );
    Ok(())
}

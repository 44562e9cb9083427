//! `spielwerk reversi solve|play|gtp|match|train`: the verbs of the Reversi
//! engine (`reversi_rules::ai`).

use std::path::PathBuf;

use reversi_rules::ai::endgame::Solver;
use reversi_rules::ai::ffo::{first_id_from_name, parse_problems, solve_problem};
use serde_json::json;

use crate::output::{CliResult, Output};

/// Arguments of `spielwerk reversi solve`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// An OBF/FFO problem file (`fforum-40-59.obf`, `ffo40-59.txt`).
    pub file: PathBuf,
    /// Solve only problems numbered at least this.
    #[arg(long)]
    pub from: Option<u32>,
    /// Solve only problems numbered at most this.
    #[arg(long)]
    pub to: Option<u32>,
    /// The transposition table: 2^BITS buckets of 48 bytes.
    #[arg(long, default_value_t = 20)]
    pub table_bits: u32,
}

/// Runs `spielwerk reversi solve FILE`: best move, exact score, nodes and
/// time per problem, marking every disagreement with the file.
pub fn solve(args: &SolveArgs, out: Output) -> CliResult {
    let text =
        std::fs::read_to_string(&args.file).map_err(|e| format!("{}: {e}", args.file.display()))?;
    let name = args.file.to_string_lossy();
    let problems = parse_problems(&text, first_id_from_name(&name))?;
    let mut solver = Solver::with_table_bits(args.table_bits);
    let mut rows = Vec::new();
    let mut lines = Vec::new();
    let (mut total_nodes, mut total_seconds, mut disagreements) = (0u64, 0f64, 0usize);
    for p in &problems {
        if args.from.is_some_and(|f| p.id < f) || args.to.is_some_and(|t| p.id > t) {
            continue;
        }
        let s = solve_problem(&mut solver, p)?;
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
            if s.agrees { "" } else { "  DISAGREES" }
        );
        out.progress(&line);
        if !s.agrees {
            disagreements += 1;
        }
        lines.push(line);
        rows.push(json!({
            "id": s.id,
            "best": best,
            "score": s.score,
            "expected": s.expected,
            "agrees": s.agrees,
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
            let mut t = lines.join("\n");
            t.push_str(&format!(
                "\n{} problems, {total_nodes} nodes, {total_seconds:.2} s, {disagreements} disagreement(s)",
                lines.len()
            ));
            t
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
    /// Where to write the weights (the crate embeds
    /// `reversi-rules/weights/patterns.bin`).
    #[arg(long, default_value = "reversi-rules/weights/patterns.bin")]
    pub out: PathBuf,
    /// The data folder with `games/wthor-1977-2025.txt` (training) and
    /// `games/eothello-25657.csv` (test).
    #[arg(long, default_value = "../shared/data/reversi")]
    pub data: PathBuf,
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
    let read = |name: &str| {
        let path = args.data.join("games").join(name);
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
                "train mse {train_mse:.1}, test mse {test_mse:.1} (discs²); {} bytes to {}; {seconds:.0} s",
                bytes.len(),
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
    /// An external GTP engine command line to play `--first` against.
    #[arg(long)]
    pub engine: Option<String>,
    /// The number of openings (each is played twice, colours swapped).
    #[arg(long, default_value_t = 50)]
    pub openings: usize,
    /// Plies of each opening (the most frequent WTHOR openings).
    #[arg(long, default_value_t = 8)]
    pub plies: usize,
    /// The data folder with `games/wthor-1977-2025.txt`.
    #[arg(long, default_value = "../shared/data/reversi")]
    pub data: PathBuf,
}

fn engine_of(spec: &str) -> CliResult<reversi_rules::ai::levels::Engine> {
    use reversi_rules::ai::levels::{Engine, Level};
    let (level, eval) = spec.split_once(':').unwrap_or((spec, "pattern"));
    let level: Level = level.parse()?;
    match eval {
        "baseline" => Ok(Engine::baseline(level)),
        "pattern" => Ok(Engine::new(level)),
        other => Err(format!("unknown evaluation {other:?}: expected baseline or pattern").into()),
    }
}

/// An external engine spoken to over GTP.
struct External {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::BufReader<std::process::ChildStdout>,
}

impl External {
    fn start(command: &str) -> CliResult<External> {
        use std::process::{Command, Stdio};
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("empty engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{program}: {e}"))?;
        let input = child.stdin.take().ok_or("no engine stdin")?;
        let output = std::io::BufReader::new(child.stdout.take().ok_or("no engine stdout")?);
        Ok(External {
            child,
            input,
            output,
        })
    }

    fn ask(&mut self, command: &str) -> CliResult<String> {
        use std::io::{BufRead, Write};
        writeln!(self.input, "{command}")?;
        self.input.flush()?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                return Err(format!("the engine closed its output after {command:?}").into());
            }
            if line.trim().is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            answer.push_str(&line);
        }
        let answer = answer.trim().to_owned();
        match answer.strip_prefix('=') {
            Some(rest) => Ok(rest.trim().to_owned()),
            None => Err(format!("the engine answered {command:?} with {answer:?}").into()),
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.ask("quit");
        let _ = self.child.wait();
    }
}

/// A move as GTP writes it (`F5`, `pass`).
fn gtp_move(mv: reversi_rules::Move) -> String {
    match mv {
        reversi_rules::Move::Pass => "pass".to_owned(),
        reversi_rules::Move::Place(_) => format!("{mv:#}"),
    }
}

/// One game of our engine against an external GTP engine; Black minus
/// White discs.
fn external_game(
    ours: &mut reversi_rules::ai::levels::Engine,
    ext: &mut External,
    opening: &[reversi_rules::Move],
    ours_black: bool,
) -> CliResult<i32> {
    use board_core::{Game, Player};
    use reversi_rules::{Move, Position};
    let name = |p: Player| if p == Player::First { "black" } else { "white" };
    ext.ask("boardsize 8")?;
    ext.ask("clear_board")?;
    let mut pos = Position::start();
    for &m in opening {
        ext.ask(&format!("play {} {}", name(pos.to_move()), gtp_move(m)))?;
        pos.play(m).map_err(|e| format!("{m}: {e}"))?;
    }
    while !pos.is_game_over() {
        let our_turn = (pos.to_move() == Player::First) == ours_black;
        let mv = if our_turn {
            let mv = ours.choose(&pos).best.unwrap_or(Move::Pass);
            ext.ask(&format!("play {} {}", name(pos.to_move()), gtp_move(mv)))?;
            mv
        } else {
            let answer = ext.ask(&format!("genmove {}", name(pos.to_move())))?;
            answer
                .parse::<Move>()
                .map_err(|e| format!("engine move {answer:?}: {e}"))?
        };
        pos.play(mv).map_err(|e| format!("{mv}: {e}"))?;
    }
    let c = pos.disc_counts();
    Ok(c.first as i32 - c.second as i32)
}

/// Runs `spielwerk reversi match`: our levels against each other or an
/// external GTP engine, from the most frequent WTHOR openings, each played
/// with both colours.
pub fn match_(args: &MatchArgs, out: Output) -> CliResult {
    use reversi_rules::ai::matches::{Tally, openings_from_wthor, play_match};
    let path = args.data.join("games").join("wthor-1977-2025.txt");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let openings = openings_from_wthor(&text, args.plies, args.openings);
    let t0 = std::time::Instant::now();
    let mut first = engine_of(&args.first)?;
    let (second_name, tally) = if let Some(command) = &args.engine {
        let mut ext = External::start(command)?;
        let mut t = Tally::default();
        for opening in &openings {
            for ours_black in [true, false] {
                let d = external_game(&mut first, &mut ext, opening, ours_black)?;
                let d = if ours_black { d } else { -d };
                match d.cmp(&0) {
                    std::cmp::Ordering::Greater => t.wins += 1,
                    std::cmp::Ordering::Equal => t.draws += 1,
                    std::cmp::Ordering::Less => t.losses += 1,
                }
                t.discs += i64::from(d);
                out.progress(format!(
                    "game {}: {} {d:+}",
                    t.games(),
                    if ours_black { "black" } else { "white" }
                ));
            }
        }
        (command.clone(), t)
    } else {
        let mut second = engine_of(&args.second)?;
        let t = play_match(&mut first, &mut second, &openings, |n, black, rec| {
            let d = if black {
                rec.black_minus_white
            } else {
                -rec.black_minus_white
            };
            out.progress(format!(
                "game {n}: {} as {} {d:+}",
                args.first,
                if black { "black" } else { "white" }
            ));
        });
        (args.second.clone(), t)
    };
    let seconds = t0.elapsed().as_secs_f64();
    out.result(
        json!({
            "game": "reversi",
            "games": tally.games(),
            "wins": tally.wins,
            "draws": tally.draws,
            "losses": tally.losses,
            "first": args.first,
            "second": second_name,
            "discs": tally.discs,
            "seconds": seconds,
        }),
        || {
            format!(
                "{} vs {second_name}: {} games, +{} ={} -{} ({:.1}%, discs {:+}), {seconds:.0} s",
                args.first,
                tally.games(),
                tally.wins,
                tally.draws,
                tally.losses,
                100.0 * tally.score(),
                tally.discs
            )
        },
    );
    Ok(())
}

/// Arguments of `spielwerk reversi gtp`.
#[derive(Debug, clap::Args)]
pub struct GtpArgs {
    /// The level the engine plays at.
    #[arg(long, default_value = "hard")]
    pub level: String,
}

/// Runs `spielwerk reversi gtp`: the Go Text Protocol on stdin/stdout.
pub fn gtp(args: &GtpArgs, _out: Output) -> CliResult {
    let level = args.level.parse()?;
    let stdin = std::io::stdin();
    reversi_rules::ai::gtp::Gtp::new(level).run(stdin.lock(), std::io::stdout().lock())?;
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
}

fn board_text(pos: &reversi_rules::Position) -> String {
    use board_core::Player;
    let legal = pos.legal_squares();
    let mut s = String::from("  a b c d e f g h\n");
    for r in 0..8u8 {
        s.push_str(&format!("{} ", r + 1));
        for c in 0..8u8 {
            let Some(sq) = reversi_rules::Square::from_coords(c, r) else {
                continue;
            };
            let ch = match pos.at(sq) {
                Some(Player::First) => 'X',
                Some(Player::Second) => 'O',
                None if legal & sq.bit() != 0 => '.',
                None => '-',
            };
            s.push(ch);
            s.push(' ');
        }
        s.push('\n');
    }
    let c = pos.disc_counts();
    s.push_str(&format!("X (Black) {}  O (White) {}", c.first, c.second));
    s
}

/// Runs `spielwerk reversi play`: a human against the computer in the
/// terminal. Commands: a move (`f5`), `pass` when forced, `undo` (takes
/// back the last human move and the computer's reply), `hint`, `quit`.
pub fn play(args: &PlayArgs, out: Output) -> CliResult {
    use board_core::{Game, Player};
    use reversi_rules::ai::levels::{Engine, Level};
    use reversi_rules::{Move, Reversi};
    use std::io::BufRead;
    let human = match args.side.to_ascii_lowercase().as_str() {
        "black" | "b" | "x" => Player::First,
        "white" | "w" | "o" => Player::Second,
        other => return Err(format!("unknown side {other:?}: expected black or white").into()),
    };
    let level: Level = args.level.parse()?;
    let mut engine = Engine::new(level);
    let mut game = Reversi::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    out.line(format!("You play {} against level {level}. Moves like f5; undo, hint, quit. '.' marks legal moves.", if human == Player::First { "Black (X)" } else { "White (O)" }));
    while !game.is_over() {
        let pos = *game.position();
        if pos.to_move() != human {
            let choice = engine.choose(&pos);
            let mv = choice.best.unwrap_or(Move::Pass);
            game.play(mv)?;
            out.line(format!("Computer plays {mv}"));
            continue;
        }
        out.line(board_text(&pos));
        if pos.must_pass() {
            out.line("You have no legal move and pass.");
            game.play(Move::Pass)?;
            continue;
        }
        out.line("Your move:");
        let Some(line) = lines.next() else { break };
        let line = line?;
        let word = line.trim().to_ascii_lowercase();
        match word.as_str() {
            "" => {}
            "quit" | "q" => return Ok(()),
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
                let mut helper = Engine::new(level);
                if let Some(mv) = helper.choose(&pos).best {
                    out.line(format!("Hint: {mv}"));
                }
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
    out.line(board_text(pos));
    let c = pos.disc_counts();
    let result = match (c.first.cmp(&c.second), human) {
        (std::cmp::Ordering::Equal, _) => "Draw.",
        (std::cmp::Ordering::Greater, Player::First)
        | (std::cmp::Ordering::Less, Player::Second) => "You win!",
        _ => "The computer wins.",
    };
    out.result(
        json!({"black": c.first, "white": c.second, "moves": game.history().len()}),
        || format!("Game over: Black {} White {}. {result}", c.first, c.second),
    );
    Ok(())
}

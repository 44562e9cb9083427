//! `spielwerk fanorona`: play against the computer, watch it play itself,
//! perft, level matches and a fixed-search benchmark.

use std::io::{BufRead, Write};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use board_core::{Game, Outcome, Player, SideNames};
use board_search::{
    DEFAULT_MAX_PLIES, MatchOptions, Opening, Strategy, play_game, play_match_parallel,
};
use fanorona_rules::ai::{Computer, Eval, Level, Weights, limits};
use fanorona_rules::daily::{Date, daily_computer};
use fanorona_rules::scoring::score;
use fanorona_rules::{
    BLACK, Bitboard, CaptureKind, Diagram, Move, PerftTable, Position, Setup, Square, StepOption,
    Turn, WHITE,
};
use serde_json::json;

use crate::cli::output::{CliResult, Line, NOT_TEXT, Output};

/// Arguments of `spielwerk fanorona`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    verb: Verb,
}

#[derive(Debug, clap::Subcommand)]
enum Verb {
    /// Play White against the computer in the terminal.
    Play(PlayArgs),
    /// The computer against itself, printed move by move.
    Demo(DemoArgs),
    /// Count whole-turn move paths (each stopping point and each
    /// approach/withdrawal choice is a move), with time and rate.
    Perft(PerftArgs),
    /// A self-play match between two levels, colours alternating, from
    /// seeded random openings.
    Match(MatchArgs),
    /// Fixed-depth searches from fixed positions: a node-count signature
    /// and nodes per second.
    Bench(BenchArgs),
}

#[derive(Debug, clap::Args)]
struct PlayArgs {
    /// The computer's level (not with `--daily`: the game of the day has
    /// a computer of its own).
    #[arg(long, default_value = "medium", conflicts_with_all = ["daily", "date"])]
    level: Level,
    /// Play the game of the day: the day's computer (near the medium level,
    /// its choices varied by the date), the same answers for everybody
    /// that day.
    #[arg(long)]
    daily: bool,
    /// The date of the game of the day, YYYY-MM-DD (default: today, UTC).
    #[arg(long)]
    date: Option<Date>,
}

#[derive(Debug, clap::Args)]
struct DemoArgs {
    /// White's level.
    #[arg(long, default_value = "medium")]
    white: Level,
    /// Black's level.
    #[arg(long, default_value = "medium")]
    black: Level,
    /// Seed of the two-turn random opening (0: none).
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

#[derive(Debug, clap::Args)]
struct PerftArgs {
    /// The number of whole turns.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=12))]
    depth: u32,
    /// The position string (default: the start).
    #[arg(long)]
    position: Option<String>,
    /// Also print the count below each move.
    #[arg(long)]
    divide: bool,
    /// Cache counts of transposed positions in a table of this many MiB
    /// (0: plain bulk counting; at most 65536 and the machine's memory).
    #[arg(long, default_value_t = 0)]
    hash_mb: usize,
}

#[derive(Debug, clap::Args)]
struct MatchArgs {
    /// The first player's level (wins are counted for it).
    #[arg(long, default_value = "hard")]
    first: Level,
    /// The second player's level.
    #[arg(long, default_value = "medium")]
    second: Level,
    /// The number of games (pairs of games share an opening, colours
    /// swapped).
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Random whole turns before the players take over.
    #[arg(long, default_value_t = 2)]
    opening: usize,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, each on a thread of its own.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// The first player's evaluation: to measure what its terms are worth.
    #[arg(long, value_enum, default_value_t = EvalChoice::Full)]
    first_eval: EvalChoice,
    /// The second player's evaluation.
    #[arg(long, value_enum, default_value_t = EvalChoice::Full)]
    second_eval: EvalChoice,
}

/// Which evaluation a match player uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum EvalChoice {
    /// Material, initiative, threats and mobility (the levels' evaluation).
    Full,
    /// Material only.
    Material,
    /// Full without the initiative term.
    NoAttacker,
    /// Full without the threat term.
    NoThreat,
    /// Full without the mobility term.
    NoMobility,
}

impl EvalChoice {
    fn eval(self) -> Eval {
        match self {
            EvalChoice::Full => Eval::default(),
            EvalChoice::Material => Eval::new(Weights::material_only()),
            EvalChoice::NoAttacker => Eval::new(Weights {
                attacker: 0,
                ..Weights::default()
            }),
            EvalChoice::NoThreat => Eval::new(Weights {
                threat: 0,
                ..Weights::default()
            }),
            EvalChoice::NoMobility => Eval::new(Weights {
                mobility: 0,
                ..Weights::default()
            }),
        }
    }
}

#[derive(Debug, clap::Args)]
struct BenchArgs {
    /// The search depth.
    #[arg(long, default_value_t = 6)]
    depth: u32,
}

/// Runs `spielwerk fanorona ...`.
pub fn run(args: &Args, out: Output) -> CliResult {
    match &args.verb {
        Verb::Play(a) => run_play(a, out),
        Verb::Demo(a) => {
            let game = demo_game(a.white, a.black, a.seed, out)?;
            out.result(json!({ "games": [game] }), || "1 demo game finished".into());
            Ok(())
        }
        Verb::Perft(a) => run_perft(a, out),
        Verb::Match(a) => run_match(a, out),
        Verb::Bench(a) => run_bench(a, out),
    }
}

/// Plays and prints one computer-against-computer game (board-search's
/// `play_game`); returns its JSON summary `{"game","moves","outcome"}`
/// (for `spielwerk demo`).
pub fn demo_game(
    white: Level,
    black: Level,
    seed: u64,
    out: Output,
) -> CliResult<serde_json::Value> {
    out.line(format!("Fanorona: {white} (White) against {black} (Black)"));
    let opening = if seed == 0 {
        Opening::new(Position::new())
    } else {
        Opening::random(Position::new(), 2, seed)
    };
    let game = play_game(
        &mut Computer::new(white),
        &mut Computer::new(black),
        &opening,
        seed,
        DEFAULT_MAX_PLIES,
        |m| {
            let taken = m.before.count(!m.side) - m.after.count(!m.side);
            let side = m.before.side_name(m.side);
            out.line(format!(
                "{:>3}. {side:<5} {:<20} takes {taken}",
                m.ply,
                m.mv.to_string()
            ));
            true
        },
    )?;
    let outcome = game.outcome().unwrap_or(Outcome::Draw);
    out.line(game.last.diagram());
    let reason = crate::cli::ending::reason(game.last.end_reason());
    out.line(format!(
        "{} ({reason}) after {} moves ({} White, {} Black stones left)",
        game.last.outcome_text(outcome),
        game.moves.len(),
        game.last.count(WHITE),
        game.last.count(BLACK)
    ));
    Ok(json!({
        "game": "fanorona",
        "moves": game.moves.len(),
        "outcome": game.last.outcome_text(outcome),
        "reason": reason,
    }))
}

fn run_perft(a: &PerftArgs, out: Output) -> CliResult {
    let pos: Position = match &a.position {
        Some(s) => s.parse()?,
        None => Position::new(),
    };
    let start = Instant::now();
    let mut divide = Vec::new();
    let nodes = if a.divide && a.depth > 0 {
        let mut total = 0;
        for &mv in &pos.moves() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let n = child.perft(a.depth - 1);
            out.progress(format!("{mv}: {n}"));
            divide.push((mv.to_string(), n));
            total += n;
        }
        total
    } else if a.hash_mb > 0 {
        crate::cli::memory::check_table_mib("--hash-mb", a.hash_mb)?;
        let mut table = PerftTable::try_new(a.hash_mb)
            .map_err(|e| crate::cli::memory::table_error("--hash-mb", &e))?;
        pos.perft_hashed(a.depth, &mut table)
    } else {
        pos.perft(a.depth)
    };
    let mut extra = serde_json::Map::new();
    extra.insert("hash_mb".to_owned(), json!(a.hash_mb));
    extra.insert("kernel".to_owned(), json!(Position::perft_kernel()));
    crate::cli::perft::Perft {
        game: "fanorona",
        position: pos.to_string(),
        depth: a.depth,
        nodes,
        divide: a.divide.then_some(divide),
        seconds: start.elapsed().as_secs_f64(),
        extra,
    }
    .report(out);
    Ok(())
}

fn run_match(a: &MatchArgs, out: Output) -> CliResult {
    let openings = Opening::random_set(
        &Position::new(),
        a.opening,
        a.games.div_ceil(2) as usize,
        a.seed,
    );
    let options = MatchOptions::games(a.games)
        .with_seed(a.seed)
        .with_threads(a.threads);
    let start = Instant::now();
    let first_name = format!("{} ({:?})", a.first, a.first_eval);
    let second_name = format!("{} ({:?})", a.second, a.second_eval);
    let result = play_match_parallel(
        || Computer::with_eval(limits(a.first), a.first_eval.eval()),
        || Computer::with_eval(limits(a.second), a.second_eval.eval()),
        &openings,
        &options,
        |g, so_far| {
            out.match_game(
                g,
                so_far,
                &first_name,
                &crate::cli::ending::result(&g.record.last),
            );
        },
    )?;
    let seconds = start.elapsed().as_secs_f64();
    out.match_result(
        &result.report("fanorona", &first_name, &second_name),
        json!({
            "average_moves": result.plies as f64 / f64::from(a.games.max(1)),
            "seconds": seconds,
        }),
        &format!(" in {seconds:.1} s"),
    )
}

/// The bench positions: the start and the positions after seeded random
/// openings.
fn bench_positions() -> Vec<Position> {
    let mut v = vec![Position::new()];
    for seed in 1..=4 {
        let mut pos = Position::new();
        for mv in Opening::random(Position::new(), 4, seed).moves {
            pos.play_unchecked(mv);
        }
        v.push(pos);
    }
    v
}

fn run_bench(a: &BenchArgs, out: Output) -> CliResult {
    let start = Instant::now();
    let mut nodes = 0;
    for pos in bench_positions() {
        let mut c = Computer::with_eval(board_search::Limits::depth(a.depth), Eval::default());
        let r = c.think(&pos);
        out.progress(format!(
            "{pos}: {} score {} nodes {}",
            r.best_move.map_or("-".into(), |m| m.to_string()),
            r.score,
            r.nodes
        ));
        nodes += r.nodes;
    }
    let seconds = start.elapsed().as_secs_f64();
    crate::cli::bench::Bench {
        game: "fanorona",
        nodes,
        seconds,
        extra: serde_json::Map::new(),
    }
    .report(out, None);
    Ok(())
}

/// Today's date (UTC).
fn today() -> Option<Date> {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).ok()?.as_secs();
    Date::from_days_since_epoch(i64::try_from(secs / 86_400).ok()?)
}

/// The terminal of a play session: lines come from `input`, text goes to
/// `output` (the process's stdin and stdout, or buffers in the tests).
struct Term<'a> {
    input: &'a mut dyn BufRead,
    output: &'a mut dyn Write,
}

impl Term<'_> {
    /// Prints a line.
    fn say(&mut self, text: impl std::fmt::Display) -> CliResult {
        writeln!(self.output, "{text}")?;
        Ok(())
    }

    /// Prints `prompt` and reads a line, trimmed; `None` at the end of
    /// input. A line that is not UTF-8 is answered and asked again.
    fn ask(&mut self, prompt: &str) -> CliResult<Option<String>> {
        loop {
            write!(self.output, "{prompt}")?;
            self.output.flush()?;
            match crate::cli::output::read_line(&mut self.input)? {
                Line::Text(line) => return Ok(Some(line.trim().to_owned())),
                Line::NotText(_) => writeln!(self.output, "{NOT_TEXT}")?,
                Line::End => return Ok(None),
            }
        }
    }
}

fn list(points: Bitboard) -> String {
    points
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn describe(o: &StepOption) -> String {
    match o.capture {
        None => format!("{}-{}", o.from, o.to),
        Some(k) => format!(
            "{}-{} by {} takes {}",
            o.from,
            o.to,
            match k {
                CaptureKind::Approach => "approach (a)",
                CaptureKind::Withdrawal => "withdrawal (w)",
            },
            list(o.captured)
        ),
    }
}

/// The boards of a choice between two captures, side by side: on each the
/// stones that line would take in lower case and the step's end marked.
fn choice_boards(shown: &Position, options: [&StepOption; 2]) -> String {
    let boards = options.map(|o| {
        Diagram {
            position: shown,
            highlight: o.captured,
            marked: Some(o.to),
        }
        .to_string()
    });
    let titles = options.map(|o| match o.capture {
        Some(CaptureKind::Approach) => "approach (a)",
        Some(CaptureKind::Withdrawal) => "withdrawal (w)",
        None => "no capture",
    });
    let width = boards[0].lines().map(str::len).max().unwrap_or(0) + 4;
    let mut text = format!("{:<width$}{}", titles[0], titles[1]);
    for (left, right) in boards[0].lines().zip(boards[1].lines()) {
        text.push_str(&format!("\n{left:<width$}{right}"));
    }
    text
}

/// The human's turn, step by step; `None` if the human quits.
/// What the human chose at their turn.
enum Human {
    Move(Move),
    /// Take back the last own move and the computer's reply.
    Undo,
}

/// The human's turn in `pos`; `last` is where the computer's move ended
/// (marked on the first board shown).
fn human_turn(
    term: &mut Term<'_>,
    pos: &Position,
    mut last: Option<Square>,
) -> CliResult<Option<Human>> {
    let mut turn = Turn::new(pos);
    let mut selected: Option<Square> = None;
    loop {
        if turn.is_complete() {
            return Ok(Some(Human::Move(turn.finish()?)));
        }
        let shown = Position::from_setup(
            Setup::new(turn.stones(WHITE), turn.stones(BLACK), WHITE),
            pos.rules(),
        )?;
        term.say(Diagram {
            position: &shown,
            highlight: if turn.can_stop() {
                turn.movable()
            } else {
                selected.map_or(turn.movable(), Bitboard::from)
            },
            marked: last.take(),
        })?;
        let from = selected.or_else(|| {
            turn.can_stop()
                .then(|| turn.movable().iter().next())
                .flatten()
        });
        let prompt = match from {
            Some(p) => {
                for o in turn.steps_from(p) {
                    term.say(format!("  {}", describe(&o)))?;
                }
                if turn.can_stop() {
                    format!("Next step of {p} (a point), or 'stop': ")
                } else {
                    format!("Where does {p} go? (a point, or 'back'): ")
                }
            }
            None => format!(
                "Your move: a stone ({}) or a whole move like {}; hint, undo, 'quit' ends: ",
                list(turn.movable()),
                pos.moves().first().map_or(String::new(), |m| m.to_string())
            ),
        };
        let Some(input) = term.ask(&prompt)? else {
            return Ok(None);
        };
        match input.as_str() {
            "quit" | "q" => return Ok(None),
            "stop" | "s" if turn.can_stop() => return Ok(Some(Human::Move(turn.finish()?))),
            "undo" | "u" if from.is_none() => return Ok(Some(Human::Undo)),
            "hint" | "h" if from.is_none() => {
                // The move the medium computer would play here.
                let hint = Computer::new(Level::Medium).choose(pos)?.mv;
                term.say(format!("Hint: {hint}"))?;
                continue;
            }
            "back" | "b" if !turn.can_stop() => {
                selected = None;
                continue;
            }
            _ => {}
        }
        if from.is_none() && input.contains('-') {
            match pos.parse_move(&input) {
                Ok(mv) => return Ok(Some(Human::Move(mv))),
                Err(e) => {
                    term.say(e)?;
                    continue;
                }
            }
        }
        let Ok(p) = input.parse::<Square>() else {
            term.say(format!("'{input}' is not a point a1..i5"))?;
            continue;
        };
        let Some(from) = from else {
            if turn.movable().contains(p) {
                selected = Some(p);
            } else {
                term.say(format!(
                    "{p} cannot move now; movable: {}",
                    list(turn.movable())
                ))?;
            }
            continue;
        };
        let options: Vec<StepOption> = turn
            .steps_from(from)
            .into_iter()
            .filter(|o| o.to == p)
            .collect();
        let chosen = match options.as_slice() {
            [] => {
                term.say(format!("{from} cannot go to {p}"))?;
                continue;
            }
            [one] => *one,
            [a, b, ..] => {
                term.say(format!(
                    "Two lines can be taken:\n  {}\n  {}",
                    describe(a),
                    describe(b)
                ))?;
                term.say(choice_boards(&shown, [a, b]))?;
                // Asked again until the answer is one of the two.
                loop {
                    let Some(k) = term.ask("Approach (a) or withdrawal (w)? ")? else {
                        return Ok(None);
                    };
                    match k.to_ascii_lowercase().as_str() {
                        "a" | "approach" => break *a,
                        "w" | "withdrawal" => break *b,
                        other => term.say(format!(
                            "'{other}' is neither a (approach) nor w (withdrawal)"
                        ))?,
                    }
                }
            }
        };
        let taken = turn.step(chosen)?;
        if !taken.is_empty() {
            term.say(format!("You capture {}", list(taken)))?;
        }
        selected = None;
    }
}

fn run_play(a: &PlayArgs, out: Output) -> CliResult {
    let date = match a.date {
        Some(d) => Some(d),
        None if a.daily => today(),
        None => None,
    };
    let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
    let mut term = Term {
        input: &mut stdin.lock(),
        output: &mut stdout.lock(),
    };
    let Some(game) = play_session(&mut term, a.level, date)? else {
        return Ok(());
    };
    out.result(
        json!({
            "game": "fanorona",
            "moves": game.moves,
            "outcome": game.result(),
            "reason": game.reason,
            "score": game.score,
        }),
        || game.summary(),
    );
    Ok(())
}

/// A game of `play` that was played to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Finished {
    moves: usize,
    outcome: Outcome,
    /// Why it ended, in words.
    reason: String,
    /// The human's (White's) score.
    score: u32,
}

impl Finished {
    /// The result in words ("White wins"); Fanorona's sides have the same
    /// names in every position.
    fn result(&self) -> String {
        Position::new().outcome_text(self.outcome)
    }

    /// The last line of a finished game.
    fn summary(&self) -> String {
        format!(
            "{} ({}) after {} moves. Your score: {}",
            self.result(),
            self.reason,
            self.moves,
            self.score
        )
    }
}

/// A game of the human (White) against the computer at `level`, or the
/// game of the day of `date`, on `term`. `None` if the human quits or the
/// input ends before the game does.
fn play_session(
    term: &mut Term<'_>,
    level: Level,
    date: Option<Date>,
) -> CliResult<Option<Finished>> {
    let mut computer_daily = date.map(daily_computer);
    let mut computer = Computer::new(level);
    match date {
        Some(d) => term.say(format!(
            "Fanorona, game of the day {d}: you play White against the medium computer."
        ))?,
        None => term.say(format!(
            "Fanorona: you play White against the {level} computer."
        ))?,
    }
    term.say("Enter a stone, then its steps; after a capture go on or 'stop'.")?;
    let mut pos = Position::new();
    let mut moves = 0;
    // The position before every move, for `undo`.
    let mut history: Vec<Position> = Vec::new();
    // Where the computer's last move ended, marked `>` on the next board.
    let mut last: Option<Square> = None;
    while pos.outcome().is_none() {
        let mv = if pos.to_move() == WHITE {
            match human_turn(term, &pos, last)? {
                Some(Human::Move(mv)) => mv,
                Some(Human::Undo) => {
                    match history.iter().rposition(|p| p.to_move() == WHITE) {
                        Some(i) => {
                            pos = history[i].clone();
                            moves -= history.len() - i;
                            history.truncate(i);
                            term.say("Your last move is taken back.")?;
                        }
                        None => term.say("Nothing to undo.")?,
                    }
                    continue;
                }
                None => {
                    term.say("Game abandoned.")?;
                    return Ok(None);
                }
            }
        } else {
            match &mut computer_daily {
                Some(c) => c.choose(&pos)?.mv,
                None => computer.choose(&pos)?.mv,
            }
        };
        let mover = pos.to_move();
        let before = pos.stones(!mover);
        history.push(pos.clone());
        pos.play(mv)?;
        last = (mover == BLACK).then(|| mv.end());
        moves += 1;
        let taken = Bitboard(before.0 & !pos.stones(!mover).0);
        if mover == BLACK {
            match taken.len() {
                0 => term.say(format!("The computer plays {mv}"))?,
                n => term.say(format!(
                    "The computer plays {mv} and captures {n}: {}",
                    list(taken)
                ))?,
            }
        }
    }
    term.say(Diagram {
        marked: last,
        ..pos.diagram()
    })?;
    Ok(Some(Finished {
        moves,
        outcome: pos.outcome().unwrap_or(Outcome::Draw),
        reason: crate::cli::ending::reason(pos.end_reason()),
        score: score(&pos, Player::First).unwrap_or(0),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs a play session at `level` on `input`; the result and all text
    /// printed.
    fn session(level: Level, input: &str) -> (Option<Finished>, String) {
        let mut output = Vec::new();
        let result = play_session(
            &mut Term {
                input: &mut input.as_bytes(),
                output: &mut output,
            },
            level,
            None,
        )
        .expect("a session never fails on its input");
        (result, String::from_utf8(output).expect("text"))
    }

    #[test]
    fn a_legal_move_is_played_and_the_computer_answers() {
        let (result, text) = session(Level::Easy, "f3-e3w\nquit\n");
        assert_eq!(result, None);
        // The computer's answer is the one its level chooses.
        let mut pos = Position::new();
        pos.play("f3-e3w".parse().expect("a move")).expect("legal");
        let answer = Computer::new(Level::Easy)
            .choose(&pos)
            .expect("an answer")
            .mv;
        let line = format!("The computer plays {answer}");
        assert!(text.contains(&line), "{text}");
        assert!(text.ends_with("Game abandoned.\n"), "{text}");
    }

    #[test]
    fn a_stone_then_its_step_with_the_choice_of_capture() {
        // f3 to e3 can take d3 by approach or g3 by withdrawal.
        let (result, text) = session(Level::Easy, "f3\ne3\nw\nq\n");
        assert_eq!(result, None);
        assert!(text.contains("Two lines can be taken"), "{text}");
        assert!(text.contains("Approach (a) or withdrawal (w)?"), "{text}");
        assert!(text.contains("You capture g3"), "{text}");
        assert!(text.contains("The computer plays"), "{text}");
    }

    #[test]
    fn bad_input_gets_a_message_and_the_game_goes_on() {
        let input = "zz\na1\nd2-e4a\nf3\nh5\nback\ne2-e3a\n";
        let (result, text) = session(Level::Easy, input);
        // The input ends during White's second turn: the game is abandoned.
        assert_eq!(result, None);
        assert!(text.contains("'zz' is not a point a1..i5"), "{text}");
        assert!(text.contains("a1 cannot move now; movable: "), "{text}");
        assert!(text.contains("f3 cannot go to h5"), "{text}");
        // The illegal whole move is refused with the parser's message.
        let refused = Position::new()
            .parse_move("d2-e4a")
            .expect_err("not legal")
            .to_string();
        assert!(text.contains(&refused), "{text}");
        // After all that, a legal move is still accepted and answered.
        assert_eq!(text.matches("The computer plays").count(), 1, "{text}");
        assert!(text.ends_with("Game abandoned.\n"), "{text}");
    }

    #[test]
    fn the_end_of_input_abandons_the_game() {
        let (result, text) = session(Level::Easy, "");
        assert_eq!(result, None);
        assert!(text.contains("you play White against the easy computer"));
        assert!(text.ends_with("Game abandoned.\n"), "{text}");
    }

    #[test]
    fn a_game_played_to_the_end_prints_the_score() {
        // The human plays what the medium computer would, typed as whole
        // moves; the easy computer answers as it would. The same game is
        // played here to know the moves and the result.
        let mut white = Computer::new(Level::Medium);
        let mut black = Computer::new(Level::Easy);
        let mut pos = Position::new();
        let mut input = String::new();
        let mut moves = 0;
        while pos.outcome().is_none() {
            let mv = if pos.to_move() == WHITE {
                let mv = white.choose(&pos).expect("a move").mv;
                input.push_str(&format!("{mv}\n"));
                mv
            } else {
                black.choose(&pos).expect("a move").mv
            };
            pos.play(mv).expect("legal");
            moves += 1;
        }
        let expected = score(&pos, Player::First).expect("the game is over");
        let (result, text) = session(Level::Easy, &input);
        let game = result.expect("played to the end");
        assert_eq!(game.moves, moves);
        assert_eq!(Some(game.outcome), pos.outcome());
        assert_eq!(game.score, expected);
        assert!(
            game.summary().ends_with(&format!("Your score: {expected}")),
            "{}",
            game.summary()
        );
        // The final board is printed.
        let board = pos.diagram().to_string();
        assert!(text.ends_with(&format!("{board}\n")), "{text}");
    }
}

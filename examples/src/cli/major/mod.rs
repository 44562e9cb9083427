//! `spielwerk major`: perft, self-play matches between levels, a speed
//! bench, a computer demo, and games in the terminal (0, 1 or 2 computers)
//! with clocks and the highscore.

use std::io::BufRead;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use board_core::{Game, perft, perft_divide};
use board_search::{GameEnd, MatchOptions, Opening, Strategy, play_game, play_match_parallel};
use major_rules::ai::{Computer, Level};
use major_rules::highscore::{Entry, Highscores};
use major_rules::{Board, Clock, Colour, Move, Position, format_duration, parse_moves};
use serde_json::json;

use crate::cli::output::{CliResult, Line, NOT_TEXT, Output};

/// Arguments of `spielwerk major`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    verb: Verb,
}

#[derive(Debug, clap::Subcommand)]
enum Verb {
    /// Count the move paths of a given length from a board's start, or from
    /// the position after a list of moves.
    Perft(PerftArgs),
    /// A self-play match between two levels: W/D/L of the first.
    Match(MatchArgs),
    /// Fixed searches from every board's start: node signature and speed.
    Bench(BenchArgs),
    /// Computer against computer, printed move by move (no input needed).
    Demo(DemoArgs),
    /// A game in the terminal: each colour a human or a computer level.
    /// With two computers, Esc or q stops the demo at any move.
    Play(PlayArgs),
    /// The highscore tables (every board, or one), without playing.
    Highscore(HighscoreArgs),
}

#[derive(Debug, clap::Args)]
struct HighscoreArgs {
    /// Only this board, 1-4.
    #[arg(long)]
    board: Option<u32>,
    /// The highscore file (default: `major-highscore.json` in the data
    /// directory, as `play` uses).
    #[arg(long)]
    highscore: Option<PathBuf>,
}

/// Shows the highscore tables; a damaged file is an error that names it.
fn highscore_cmd(args: &HighscoreArgs, out: Output) -> CliResult {
    let path = match &args.highscore {
        Some(path) => path.clone(),
        None => crate::cli::data_dir::data_file("major-highscore.json")?,
    };
    let scores = Highscores::load(&path)?;
    let boards = match args.board {
        Some(n) => vec![board_of(n)?],
        None => (1..=4).map(board_of).collect::<CliResult<Vec<_>>>()?,
    };
    let tables: Vec<serde_json::Value> = boards
        .iter()
        .map(|b| json!({ "board": b.number(), "name": b.name(), "entries": scores.table(b) }))
        .collect();
    out.result(
        json!({ "file": path.display().to_string(), "tables": tables }),
        || {
            let shown: Vec<String> = boards.iter().map(|b| show_table(&scores, b)).collect();
            format!("{}\n({})", shown.join("\n\n"), path.display())
        },
    );
    Ok(())
}

fn board_of(n: u32) -> CliResult<Board> {
    Ok(Board::standard(n)?)
}

#[derive(Debug, clap::Args)]
struct PerftArgs {
    /// The number of plies.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=12))]
    depth: u32,
    /// The board, 1-4.
    #[arg(long, default_value_t = 1)]
    board: u32,
    /// Moves played from the start first, e.g. "a4-b4 h5-g5".
    #[arg(long, default_value = "")]
    moves: String,
    /// A position string instead of the board's start (see
    /// `major_rules::Position`); `--moves` are played from it.
    #[arg(long)]
    position: Option<String>,
    /// Print the count below each move.
    #[arg(long)]
    divide: bool,
}

fn perft_cmd(args: &PerftArgs, out: Output) -> CliResult {
    let mut pos = match &args.position {
        Some(p) => p.parse::<Position>()?,
        None => Position::start(board_of(args.board)?),
    };
    let moves = parse_moves(&args.moves)?;
    pos.play_moves(&moves)?;
    let t = Instant::now();
    let mut divide = Vec::new();
    let nodes = if args.divide {
        divide = perft_divide(&pos, args.depth, Default::default());
        divide.iter().map(|(_, n)| n).sum()
    } else {
        perft(&pos, args.depth)
    };
    let mut extra = serde_json::Map::new();
    extra.insert("board".to_owned(), json!(pos.board().number()));
    crate::cli::perft::Perft {
        game: "major",
        position: pos.to_string(),
        depth: args.depth,
        nodes,
        divide: args
            .divide
            .then(|| divide.iter().map(|(m, n)| (m.to_string(), *n)).collect()),
        seconds: t.elapsed().as_secs_f64(),
        extra,
    }
    .report(out);
    Ok(())
}

#[derive(Debug, clap::Args)]
struct MatchArgs {
    /// The board, 1-4.
    #[arg(long, default_value_t = 1)]
    board: u32,
    /// The number of games (colours alternate; each pair of games shares a
    /// random opening).
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// The first level (whose wins are counted).
    #[arg(long, default_value = "medium")]
    first: Level,
    /// The second level.
    #[arg(long, default_value = "easy")]
    second: Level,
    /// Random plies that open each game.
    #[arg(long, default_value_t = 4)]
    opening: usize,
    /// The seed of the openings.
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// Games played at once, each on a thread of its own.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

fn match_cmd(args: &MatchArgs, out: Output) -> CliResult {
    let board = board_of(args.board)?;
    let t = Instant::now();
    let openings = Opening::random_set(
        &Position::start(board),
        args.opening,
        args.games.div_ceil(2) as usize,
        args.seed,
    );
    let options = MatchOptions::games(args.games)
        .with_seed(args.seed)
        .with_threads(args.threads);
    let first = args.first.name();
    let result = play_match_parallel(
        || Computer::new(args.first),
        || Computer::new(args.second),
        &openings,
        &options,
        |g, so_far| {
            out.match_game(
                g,
                so_far,
                first,
                &crate::cli::ending::result(&g.record.last),
            )
        },
    )?;
    out.match_result(
        &result.report("major", first, args.second.name()),
        json!({ "board": args.board, "seconds": t.elapsed().as_secs_f64() }),
        &format!(" on board {}", args.board),
    )
}

#[derive(Debug, clap::Args)]
struct BenchArgs {
    /// The level whose budget each search uses.
    #[arg(long, default_value = "hard")]
    level: Level,
}

fn bench_cmd(args: &BenchArgs, out: Output) -> CliResult {
    let mut nodes = 0;
    let t = Instant::now();
    for board in Board::all_standard() {
        let mut pos = Position::start(board);
        // A fixed line of four moves per board, then a search.
        for _ in 0..4 {
            if pos.outcome().is_some() {
                break;
            }
            let mv = Computer::new(Level::Easy).choose(&pos)?.mv;
            pos.play(mv)?;
        }
        let result = Computer::new(args.level).think(&pos);
        nodes += result.nodes;
        out.progress(format!(
            "board {}: {} nodes, best {}",
            board.number().unwrap_or(0),
            result.nodes,
            result.best_move.map_or("-".to_owned(), |m| m.to_string())
        ));
    }
    let seconds = t.elapsed().as_secs_f64();
    crate::cli::bench::Bench {
        game: "major",
        nodes,
        seconds,
        extra: serde_json::Map::new(),
    }
    .report(out, None);
    Ok(())
}

#[derive(Debug, clap::Args)]
struct DemoArgs {
    /// The board, 1-4.
    #[arg(long, default_value_t = 1)]
    board: u32,
    /// Blue's level.
    #[arg(long, default_value = "medium")]
    blue: Level,
    /// Red's level.
    #[arg(long, default_value = "medium")]
    red: Level,
    /// Random opening plies (0 for the same game every time).
    #[arg(long, default_value_t = 2)]
    opening: usize,
    /// The seed of the opening.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// The result and why: "Blue wins (Red has no free piece left)".
fn result_text(pos: &Position) -> String {
    format!(
        "{} ({})",
        crate::cli::ending::result(pos),
        crate::cli::ending::reason(pos.end_reason())
    )
}

/// One computer-against-computer game on `board` (medium against medium,
/// two random opening plies), printed move by move; the JSON object of
/// `spielwerk demo`'s list (`{"game","moves","outcome"}`). For the global
/// `spielwerk demo`.
pub fn demo_game(board: u32, out: Output) -> CliResult<serde_json::Value> {
    demo(
        &DemoArgs {
            board,
            blue: Level::Medium,
            red: Level::Medium,
            opening: 2,
            seed: 1,
        },
        out,
    )
}

fn demo(args: &DemoArgs, out: Output) -> CliResult<serde_json::Value> {
    let board = board_of(args.board)?;
    out.line(format!(
        "Major, board {} ({}): Blue {} against Red {}",
        args.board,
        board.name(),
        args.blue,
        args.red
    ));
    let opening = Opening::random(Position::start(board), args.opening, args.seed);
    let game = play_game(
        &mut Computer::new(args.blue),
        &mut Computer::new(args.red),
        &opening,
        args.seed,
        MAX_PLIES,
        |m| {
            let who = m.before.side_to_move();
            out.line(format!("{:>3}. {who:<4} {}", m.ply, m.mv));
            true
        },
    )?;
    out.line(game.last.diagram());
    let outcome = crate::cli::ending::result(&game.last);
    out.line(format!(
        "{} after {} moves",
        result_text(&game.last),
        game.moves.len()
    ));
    Ok(
        json!({ "game": "major", "moves": game.moves.len(), "outcome": outcome,
               "reason": crate::cli::ending::reason(game.last.end_reason()) }),
    )
}

/// The most plies of a game the program plays (a guard: the quiet-move
/// rule ends games long before).
const MAX_PLIES: usize = 1000;

/// A side in `play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Human,
    Computer(Level),
}

impl std::str::FromStr for Side {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s.eq_ignore_ascii_case("human") {
            return Ok(Side::Human);
        }
        s.parse::<Level>()
            .map(Side::Computer)
            .map_err(|e| format!("{e}, or human"))
    }
}

#[derive(Debug, clap::Args)]
struct PlayArgs {
    /// The board, 1-4.
    #[arg(long, default_value_t = 1)]
    board: u32,
    /// Blue: human, easy, medium, hard or max.
    #[arg(long, default_value = "human")]
    blue: Side,
    /// Red: human, easy, medium, hard or max.
    #[arg(long, default_value = "medium")]
    red: Side,
    /// The highscore file (default: `major-highscore.json` in the data
    /// directory: `$SPIELWERK_DATA_DIR`, else `$XDG_DATA_HOME/spielwerk`,
    /// else `~/.local/share/spielwerk`; macOS `~/Library/Application
    /// Support/spielwerk`, Windows `%APPDATA%\spielwerk`). Its folder is
    /// created when the first win is saved.
    #[arg(long)]
    highscore: Option<PathBuf>,
    /// The human's name for the highscore (asked for when a human wins if
    /// not given).
    #[arg(long)]
    name: Option<String>,
    /// With two computers: the pause between moves, in milliseconds.
    #[arg(long, default_value_t = 400)]
    delay_ms: u64,
}

fn highscore_path(args: &PlayArgs) -> Result<PathBuf, crate::cli::output::Failure> {
    match &args.highscore {
        Some(path) => Ok(path.clone()),
        None => crate::cli::data_dir::data_file("major-highscore.json"),
    }
}

/// Why a win against `level` did not make the full table of `board`.
fn missed_table(scores: &Highscores, board: &Board, level: Level) -> String {
    let last = scores.table(board).last();
    match last {
        Some(e) if e.level > level => format!(
            "not entered: the table's {} wins were all against a stronger computer than {level}",
            major_rules::highscore::MAX_ENTRIES
        ),
        _ => format!(
            "not entered: the table's {} wins against {level} or stronger were all faster (or as fast, in fewer moves)",
            major_rules::highscore::MAX_ENTRIES
        ),
    }
}

fn show_table(scores: &Highscores, board: &Board) -> String {
    let table = scores.table(board);
    let mut s = format!(
        "Highscore, board {} ({}):",
        board.number().unwrap_or(0),
        board.name()
    );
    if table.is_empty() {
        s.push_str(" no entries yet");
    }
    for (i, e) in table.iter().enumerate() {
        s.push_str(&format!(
            "\n{:>3}. {:<24} {:<6} {:>8} {:>4} moves",
            i + 1,
            e.name,
            e.level.name(),
            format_duration(Duration::from_millis(e.millis)),
            e.moves
        ));
    }
    s
}

/// What the user typed at a human's turn.
enum Input {
    Move(Move),
    /// Take back the human's last move (and the computer's reply).
    Undo,
    Quit,
}

fn ask_move(pos: &Position, stdin: &mut impl BufRead) -> CliResult<Input> {
    loop {
        crate::say!(
            "{} to move (e.g. {}; 'moves' lists them, hint, undo, q quits): ",
            pos.side_to_move(),
            pos.moves()
                .first()
                .map_or("-".to_owned(), |m| m.to_string())
        );
        let line = match crate::cli::output::read_line(stdin)? {
            Line::Text(line) => line,
            Line::NotText(_) => {
                crate::sayln!("{NOT_TEXT}");
                continue;
            }
            Line::End => return Ok(Input::Quit),
        };
        let t = line.trim();
        if t.eq_ignore_ascii_case("q") || t.eq_ignore_ascii_case("quit") || t.contains('\u{1b}') {
            return Ok(Input::Quit);
        }
        if t == "moves" {
            let list: Vec<String> = pos.moves().iter().map(ToString::to_string).collect();
            crate::sayln!("{}", list.join(" "));
            continue;
        }
        if t.eq_ignore_ascii_case("hint") {
            // The move the medium computer would play here.
            crate::sayln!("hint: {}", Computer::new(Level::Medium).choose(pos)?.mv);
            continue;
        }
        if t.eq_ignore_ascii_case("undo") {
            return Ok(Input::Undo);
        }
        match t.parse::<Move>() {
            Ok(mv) => match pos.check(mv) {
                Ok(()) => return Ok(Input::Move(mv)),
                Err(e) => crate::sayln!("illegal: {e}"),
            },
            Err(e) => crate::sayln!("not a move: {e}"),
        }
    }
}

fn play_cmd(args: &PlayArgs, out: Output) -> CliResult {
    let board = board_of(args.board)?;
    let sides = [args.blue, args.red];
    let humans = sides.iter().filter(|s| **s == Side::Human).count();
    if humans == 0 {
        let levels = sides.map(|s| match s {
            Side::Computer(l) => l,
            Side::Human => Level::Medium,
        });
        return watch(board, levels, Duration::from_millis(args.delay_ms), out);
    }
    // The highscore only counts human-against-computer games; a damaged
    // file is reported (now, and again at a win) and never overwritten.
    let path = if humans == 1 {
        match highscore_path(args) {
            Ok(p) => {
                match Highscores::load(&p) {
                    Ok(s) => out.line(format!("{}\n", show_table(&s, &board))),
                    Err(e) => crate::tell!("highscore not available: {e}"),
                }
                Some(p)
            }
            Err(e) => {
                crate::tell!("highscore not available: {e}");
                None
            }
        }
    } else {
        None
    };
    let mut computers = sides.map(|s| match s {
        Side::Computer(l) => Some(Computer::new(l)),
        Side::Human => None,
    });
    let mut pos = Position::start(board);
    let mut clock = Clock::new();
    let mut human_moves = 0u32;
    // The position before every move played, for `undo`.
    let mut history: Vec<Position> = Vec::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    clock.start(pos.side_to_move(), Instant::now());
    let board_name = board
        .number()
        .map_or_else(|| "Your board".to_owned(), |n| format!("Board {n}"));
    // The last move's square, marked `>` on the board shown next.
    let mut last: Option<major_rules::Square> = None;
    let shown = |pos: &Position, last: Option<major_rules::Square>| match last {
        Some(sq) => pos.diagram().marked(sq).to_string(),
        None => pos.diagram().to_string(),
    };
    while pos.outcome().is_none() {
        let now = Instant::now();
        out.line(format!(
            "{}{board_name}: Blue {}  Red {}{}",
            shown(&pos, last),
            format_duration(clock.elapsed(Colour::Blue, now)),
            format_duration(clock.elapsed(Colour::Red, now)),
            pos.threat()
                .map_or(String::new(), |t| format!("  (capture {t} or lose!)"))
        ));
        let me = pos.side_to_move();
        let mv = match &mut computers[me.index()] {
            Some(computer) => {
                let mv = computer.choose(&pos)?.mv;
                let level = computer
                    .level()
                    .map_or_else(|| "computer".to_owned(), |l| l.to_string());
                out.line(format!("{me} ({level}) plays {mv}"));
                mv
            }
            None => match ask_move(&pos, &mut input)? {
                Input::Move(mv) => {
                    human_moves += 1;
                    mv
                }
                Input::Undo => {
                    // Back to this human's previous turn: their move and
                    // every computer move since.
                    let human_turn = history
                        .iter()
                        .rposition(|before| computers[before.side_to_move().index()].is_none());
                    match human_turn {
                        Some(i) => {
                            pos = history[i].clone();
                            history.truncate(i);
                            last = None;
                            human_moves = human_moves.saturating_sub(1);
                            out.line("move taken back");
                        }
                        None => out.line("nothing to undo"),
                    }
                    clock.start(pos.side_to_move(), Instant::now());
                    continue;
                }
                Input::Quit => {
                    out.line("game abandoned");
                    return Ok(());
                }
            },
        };
        history.push(pos.clone());
        pos.play(mv)?;
        last = Some(mv.to);
        clock.start(pos.side_to_move(), Instant::now());
    }
    let end = Instant::now();
    clock.stop(end);
    out.line(format!("{}{}", shown(&pos, last), result_text(&pos)));
    if let (Some(path), Some(winner)) = (&path, pos.winner())
        && let Side::Computer(level) = sides[winner.other().index()]
        && sides[winner.index()] == Side::Human
    {
        let name = match &args.name {
            Some(n) => n.clone(),
            None => {
                crate::say!("You won! Your name for the highscore: ");
                // A name in another encoding (Latin-1) is kept, lossily.
                crate::cli::output::read_line(&mut input)?
                    .lossy()
                    .unwrap_or_default()
            }
        };
        let entry = Entry::new(&name, level, clock.elapsed(winner, end), human_moves);
        // Entered in the file as it is now: another game may have saved
        // since this one started.
        match Highscores::enter(path, &board, entry) {
            Ok((Some(rank), scores)) => {
                out.line(format!(
                    "entered at place {} ({})",
                    rank + 1,
                    path.display()
                ));
                out.line(show_table(&scores, &board));
            }
            Ok((None, scores)) => {
                out.line(missed_table(&scores, &board, level));
                out.line(show_table(&scores, &board));
            }
            Err(e) => crate::tell!("your win was not entered in the highscore: {e}"),
        }
    }
    let outcome = crate::cli::ending::result(&pos);
    out.result(
        json!({ "game": "major", "moves": history.len(), "human_moves": human_moves, "outcome": outcome,
                "reason": crate::cli::ending::reason(pos.end_reason()) }),
        || format!("game over: {}", result_text(&pos)),
    );
    Ok(())
}

/// Keys without Enter and without echo while a demo runs, so that Esc, q
/// or Ctrl-C stop it at any move; the terminal's settings are saved first
/// and restored on drop (with `stty`, on Unix terminals; elsewhere, or when
/// stdin is not a terminal, no key stops the demo).
struct Keys {
    saved: Option<String>,
}

impl Keys {
    fn new() -> Keys {
        use std::io::IsTerminal;
        use std::process::{Command, Stdio};
        if !std::io::stdin().is_terminal() {
            return Keys { saved: None };
        }
        let saved = Command::new("stty")
            .arg("-g")
            .stdin(Stdio::inherit())
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned());
        let raw = saved.is_some()
            && Command::new("stty")
                .args(["-icanon", "-echo", "-isig", "min", "0", "time", "0"])
                .stdin(Stdio::inherit())
                .status()
                .is_ok_and(|s| s.success());
        Keys {
            saved: if raw { saved } else { None },
        }
    }

    /// Waits `pause`; `true` as soon as Esc, q or Ctrl-C is pressed.
    fn stop_requested(&self, pause: Duration) -> bool {
        use std::io::Read;
        let end = Instant::now() + pause;
        loop {
            if self.saved.is_some() {
                let mut buf = [0u8; 16];
                if let Ok(n) = std::io::stdin().lock().read(&mut buf)
                    && buf[..n]
                        .iter()
                        .any(|&b| matches!(b, 0x1b | b'q' | b'Q' | 0x03))
                {
                    return true;
                }
            }
            let now = Instant::now();
            if now >= end {
                return false;
            }
            std::thread::sleep((end - now).min(Duration::from_millis(20)));
        }
    }
}

impl Drop for Keys {
    fn drop(&mut self) {
        if let Some(settings) = &self.saved {
            let _ = std::process::Command::new("stty")
                .arg(settings)
                .stdin(std::process::Stdio::inherit())
                .status();
        }
    }
}

/// Two computers: the board after every move, stoppable with Esc or q.
fn watch(board: Board, levels: [Level; 2], pause: Duration, out: Output) -> CliResult {
    let keys = Keys::new();
    out.line(format!(
        "Board {} ({}): Blue {} against Red {}. Esc or q stops.",
        board.number().unwrap_or(0),
        board.name(),
        levels[0],
        levels[1]
    ));
    let mut clock = Clock::new();
    clock.start(Colour::Blue, Instant::now());
    let game = play_game(
        &mut Computer::new(levels[0]),
        &mut Computer::new(levels[1]),
        &Opening::new(Position::start(board)),
        0,
        MAX_PLIES,
        |m| {
            let now = Instant::now();
            clock.start(m.after.side_to_move(), now);
            out.line(format!(
                "{} plays {}\n{}Blue {}  Red {}",
                m.before.side_to_move(),
                m.mv,
                m.after.diagram(),
                format_duration(clock.elapsed(Colour::Blue, now)),
                format_duration(clock.elapsed(Colour::Red, now))
            ));
            !keys.stop_requested(pause)
        },
    )?;
    drop(keys);
    let (outcome, reason) = if game.end == GameEnd::Stopped {
        ("stopped".to_owned(), "stopped by a key".to_owned())
    } else {
        (
            crate::cli::ending::result(&game.last),
            crate::cli::ending::reason(game.last.end_reason()),
        )
    };
    out.result(
        json!({ "game": "major", "moves": game.moves.len(), "outcome": outcome,
                "reason": reason }),
        || format!("{outcome} ({reason}) after {} moves", game.moves.len()),
    );
    Ok(())
}

/// Runs `spielwerk major`.
pub fn run(args: &Args, out: Output) -> CliResult {
    match &args.verb {
        Verb::Perft(a) => perft_cmd(a, out),
        Verb::Match(a) => match_cmd(a, out),
        Verb::Bench(a) => bench_cmd(a, out),
        Verb::Demo(a) => {
            let game = demo(a, out)?;
            out.result(json!({ "games": [game] }), || {
                "1 demo game finished".to_owned()
            });
            Ok(())
        }
        Verb::Play(a) => play_cmd(a, out),
        Verb::Highscore(a) => highscore_cmd(a, out),
    }
}

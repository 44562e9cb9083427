//! `spielwerk stratego agent`: a player speaking the UCC 2012 manager's
//! protocol on stdin and stdout, so that it can play in that manager.
//!
//! The manager starts a program with no arguments, so it is run through a
//! one-line wrapper script (`examples/ucc-agent.sh` documents it):
//!
//! ```text
//! #!/bin/sh
//! exec /path/to/spielwerk stratego agent --level hard --setups /path/to/gravon_classic_human_setups.dat --seed 7
//! ```
//!
//! The protocol state of a game is the library's
//! [`stratego_rules::ucc::Agent`]; this module reads the arguments,
//! feeds it the lines of stdin and writes its answers to stdout. It stops
//! on `QUIT` or at the end of its input.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use stratego_rules::Army;
use stratego_rules::ai::{Computer, LearnStrength, Level, SeenSetup, SetupHabits};
use stratego_rules::ucc::{Agent, Reply};

use crate::cli::output::{CliResult, Output};
use crate::cli::stratego::matches::setup_source;

/// Arguments of `spielwerk stratego agent`.
#[derive(Debug, clap::Args)]
pub struct AgentArgs {
    /// The level.
    #[arg(long, default_value = "hard")]
    level: Level,
    /// The seed of the setup drawn (and of tie-breaks): give each game its
    /// own to vary the setups.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Draw the setup from this file of Gravon 40-character setups;
    /// default: the predefined ones.
    #[arg(long)]
    setups: Option<PathBuf>,
    /// Draw only setups whose Flag is in the back row with Bombs on every
    /// side (`stratego_rules::ai::flag_fortified`).
    #[arg(long)]
    fortified: bool,
    /// A safety cap on the seconds of one search (the manager allows 2 s
    /// per answer): the level's node budget decides every move unless the
    /// machine is so loaded that the cap stops the search first. 0 turns
    /// it off.
    #[arg(long, default_value_t = 1.2)]
    time_cap: f64,
    /// Append a line per move (time, nodes, depth) to this file.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Learn each opponent's setup habits over games: read the records of
    /// this file (bad lines are reported and skipped; a missing file is an
    /// empty one), expect the opponent named by the manager to set up as
    /// it did in them, and append this game's record (what the game showed
    /// of the opponent's setup) whenever the game shows more: the manager
    /// ends a paused agent without a word. Agents playing at the same time
    /// can share the file: a record is one line, appended in one write.
    #[arg(long)]
    learn: Option<PathBuf>,
    /// How many games the human setup prior weighs as on a square against
    /// the records of `--learn` (`SetupPrior::adapted`), or `auto`: per
    /// opponent, the strength under which its records are likeliest
    /// (`SetupPrior::fitted_strength`; 2 until two games are recorded).
    #[arg(long, default_value = "auto")]
    learn_strength: LearnStrength,
}

/// Runs `spielwerk stratego agent`.
pub fn run_agent(args: &AgentArgs, out: Output) -> CliResult {
    let mut source = setup_source(args.setups.as_deref(), Army::Classic, out)?;
    if args.fortified {
        source = source.filtered(stratego_rules::ai::flag_fortified);
    }
    let mut computer = Computer::new(args.level).with_setups(source);
    computer.reseed(args.seed);
    if args.time_cap > 0.0 {
        computer.set_time_cap(Some(std::time::Duration::from_secs_f64(args.time_cap)));
    }
    let mut warn = |m: String| crate::tell!("spielwerk agent: {m}");
    let mut agent = Agent::new(computer);
    if let Some(path) = &args.learn {
        agent = agent.with_habits(read_habits(path, &mut warn)?, args.learn_strength);
    }
    // This game's record: its identifier and what was last written.
    let game = game_id(args.seed);
    let mut recorded = SeenSetup::default();
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    let mut log = match &args.log {
        None => None,
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
        ),
    };
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                warn(format!("cannot read a line: {e}"));
                continue;
            }
        };
        let moves = agent.stats.len();
        let reply = agent.handle(&line, &mut warn);
        let quit = reply == Reply::Quit;
        match reply {
            Reply::Nothing | Reply::Quit => {}
            Reply::Lines(lines) => {
                for l in lines {
                    writeln!(stdout, "{l}")?;
                }
                stdout.flush()?;
            }
        }
        if let (Some(f), Some((s, n, d))) = (&mut log, agent.stats.get(moves)) {
            // A failed log line must not stop the game.
            let _ = writeln!(f, "{s:.4} {n} {d}");
        }
        if let Some(path) = &args.learn
            && let (Some(opponent), Some(seen)) = (agent.opponent(), agent.seen_setup())
            && seen != recorded
        {
            recorded = seen;
            let written = SetupHabits::line(opponent, game, &seen)
                .map_err(|e| e.to_string())
                .and_then(|line| append_line(path, &line).map_err(|e| e.to_string()));
            if let Err(e) = written {
                // The game goes on; the record is written again when the
                // game shows more.
                warn(format!(
                    "cannot add this game's record to {}: {e}",
                    path.display()
                ));
            }
        }
        if quit {
            break;
        }
    }
    Ok(())
}

/// An identifier for this game's record: the seed, the process and the
/// time mixed, so that games played with the same seed differ.
fn game_id(seed: u64) -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let pid = u64::from(std::process::id());
    board_core::SplitMix64::new(seed ^ nanos ^ (pid << 32)).next()
}

/// The records of `path` (none when it does not exist); bad lines go to
/// `warn`.
fn read_habits(path: &Path, warn: &mut dyn FnMut(String)) -> Result<SetupHabits, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let reading = SetupHabits::read(&text);
    for e in &reading.errors {
        warn(format!("{}: {e} (skipped)", path.display()));
    }
    Ok(reading.habits)
}

/// Appends `line` and a newline to `path` in one write, so that programs
/// sharing the file never interleave their lines.
fn append_line(path: &Path, line: &str) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    file.write_all(format!("{line}\n").as_bytes())?;
    file.sync_data()
}

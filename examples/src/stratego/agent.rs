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
//! [`stratego_rules::ai::agent::Agent`]; this module reads the arguments,
//! feeds it the lines of stdin and writes its answers to stdout. It stops
//! on `QUIT` or at the end of its input.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use stratego_rules::Army;
use stratego_rules::ai::agent::{Agent, Reply};
use stratego_rules::ai::{Computer, Level};

use crate::output::{CliResult, Output};
use crate::stratego::matches::setup_source;

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
    let mut agent = Agent::new(computer);
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    let mut warn = |m: String| eprintln!("spielwerk agent: {m}");
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
        match agent.handle(&line, &mut warn) {
            Reply::Nothing => {}
            Reply::Quit => break,
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
    }
    Ok(())
}

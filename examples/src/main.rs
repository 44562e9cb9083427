//! `spielwerk`: one program, a subcommand per game, the same verbs where
//! they apply (`play`, `demo`, `perft`, `match`, `replay`, `solve`, `bench`).
//!
//! Every verb takes `--json` to print one JSON object as its result; long
//! work shows progress on stderr; errors are printed as a message with a
//! non-zero exit status.

mod cli;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use cli::output::{self, CliResult, Output};
use cli::{demo, fanorona, major, reversi, serve, stratego};

/// Spielwerk: board-game engines in Rust.
#[derive(Debug, Parser)]
#[command(name = "spielwerk", version, about)]
struct Cli {
    /// Print the result as one JSON object on stdout.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Computer against computer in every game, printed move by move.
    Demo(demo::Args),
    /// Fanorona: play, demo, perft, level matches, bench.
    Fanorona(fanorona::Args),
    /// Major: play (0-2 computers), demo, perft, level matches, bench.
    Major(major::Args),
    /// Reversi (Othello): play, demo, GTP engine, matches, endgame solve, perft, replay, train.
    Reversi(reversi::Args),
    /// The Spielcenter: the game server and its browser client, every game (feature `serve`).
    Serve(serve::Args),
    /// Stratego: replay of UCC 2012 logs and Gravon games, perft, bench, play.
    Stratego(stratego::Args),
}

fn run(cli: Cli) -> CliResult {
    let out = Output { json: cli.json };
    match cli.command {
        Command::Demo(args) => demo::run(&args, out),
        Command::Fanorona(args) => fanorona::run(&args, out),
        Command::Major(args) => major::run(&args, out),
        Command::Reversi(args) => reversi::run(&args, out),
        Command::Serve(args) => serve::run(&args, out),
        Command::Stratego(args) => stratego::run(&args, out),
    }
}

/// Ends the program quietly, as Unix tools do, should anything (a
/// dependency) still print to a closed pipe with `print!`, which panics on
/// a broken pipe (and the release profile aborts on a panic). The
/// program's own writes go through [`output::write_stdout`] and
/// [`output::write_stderr`], which never panic.
fn exit_quietly_on_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to std") && message.contains("Broken pipe") {
            std::process::exit(i32::from(output::CLOSED_OUTPUT));
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    exit_quietly_on_broken_pipe();
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        // Nobody reads what the program writes: nothing to say.
        Err(e) if output::is_closed_pipe(&*e) => ExitCode::from(output::CLOSED_OUTPUT),
        Err(e) => {
            tell!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

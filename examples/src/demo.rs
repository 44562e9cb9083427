//! `spielwerk demo`: computer against computer, printed move by move.

use board_core::{Game, Outcome};
use board_search::{AlphaBeta, Limits};
use serde_json::json;
use spielwerk_testgames::{ConnectFour, ConnectFourEval};

use crate::output::{CliResult, Output};

/// Arguments of `spielwerk demo`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Search depth of the Connect Four players, in plies.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=20))]
    depth: u32,
    /// Seed of the choices that are random (setups, tie-breaks): the same
    /// seed replays the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Only this game (connect-four, fanorona, major, stratego); all of
    /// them by default.
    #[arg(long)]
    game: Option<String>,
}

/// The games `demo` plays, by name.
const GAMES: [&str; 4] = ["connect-four", "fanorona", "major", "stratego"];

/// Connect Four, the workspace's test game: two alpha-beta players.
fn connect_four(args: &Args, out: Output) -> CliResult<serde_json::Value> {
    let names = ["X", "O"];
    let mut pos = ConnectFour::new();
    let mut players = [
        AlphaBeta::new(ConnectFourEval),
        AlphaBeta::new(ConnectFourEval),
    ];
    let mut transcript = String::new();
    out.line(format!(
        "Connect Four, alpha-beta depth {} against itself",
        args.depth
    ));
    while pos.outcome().is_none() {
        let me = pos.to_move();
        let result = players[me.index()].search(&pos, &Limits::depth(args.depth));
        let Some(mv) = result.best_move else {
            crate::fail!("the search found no move in a position that is not over");
        };
        pos.play(mv)?;
        transcript.push(char::from(b'1' + mv));
        out.line(format!(
            "{:>2}. {} plays column {} (score {:+}, {} nodes)",
            pos.stones(),
            names[me.index()],
            mv + 1,
            result.score,
            result.nodes
        ));
    }
    out.line(pos);
    let outcome = match pos.outcome() {
        Some(Outcome::Win(p)) => format!("{} wins", names[p.index()]),
        Some(Outcome::Draw) | None => "draw".to_owned(),
    };
    out.line(format!(
        "{outcome} after {} moves: {transcript}",
        pos.stones()
    ));
    Ok(json!({ "game": "connect-four", "moves": pos.stones(), "outcome": outcome }))
}

/// Runs every demo game (or the one `--game` names).
pub fn run(args: &Args, out: Output) -> CliResult {
    if let Some(name) = &args.game
        && !GAMES.contains(&name.as_str())
    {
        crate::fail!("no game {name:?}: the demo games are {}", GAMES.join(", "));
    }
    let wanted = |name: &str| args.game.as_deref().is_none_or(|g| g == name);
    let mut games = Vec::new();
    if wanted("connect-four") {
        games.push(connect_four(args, out)?);
    }
    if wanted("fanorona") {
        use fanorona_rules::Level;
        games.push(crate::fanorona::demo_game(
            Level::Medium,
            Level::Medium,
            args.seed,
            out,
        )?);
    }
    if wanted("major") {
        games.push(crate::major::demo_game(1, out)?);
    }
    if wanted("stratego") {
        games.push(crate::stratego::demo_game(args.seed, out)?);
    }
    out.result(json!({ "games": games }), || {
        format!("{} demo game(s) finished", games.len())
    });
    Ok(())
}

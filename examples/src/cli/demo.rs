//! `spielwerk demo`: computer against computer, printed move by move.

use board_core::Outcome;
use board_search::{AlphaBetaStrategy, DEFAULT_MAX_PLIES, Limits, Opening, play_game};
use serde_json::json;
use spielwerk_testgames::{ConnectFour, ConnectFourEval};

use crate::cli::output::{CliResult, Output};

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
    /// Only this game (connect-four, fanorona, major, reversi, stratego); all of
    /// them by default.
    #[arg(long)]
    game: Option<String>,
}

/// The games `demo` plays, by name.
const GAMES: [&str; 5] = ["connect-four", "fanorona", "major", "reversi", "stratego"];

/// Connect Four, the workspace's test game: two alpha-beta players
/// (board-search's `AlphaBetaStrategy` and `play_game`).
fn connect_four(args: &Args, out: Output) -> CliResult<serde_json::Value> {
    let names = ["X", "O"];
    let player = || AlphaBetaStrategy::new(ConnectFourEval, Limits::depth(args.depth));
    out.line(format!(
        "Connect Four, alpha-beta depth {} against itself",
        args.depth
    ));
    let game = play_game(
        &mut player(),
        &mut player(),
        &Opening::new(ConnectFour::new()),
        args.seed,
        DEFAULT_MAX_PLIES,
        |m| {
            let (score, nodes) = m.choice.map_or((0, 0), |c| (c.score.unwrap_or(0), c.nodes));
            out.line(format!(
                "{:>2}. {} plays column {} (score {score:+}, {nodes} nodes)",
                m.ply,
                names[m.side.index()],
                m.mv + 1,
            ));
            true
        },
    )?;
    out.line(game.last);
    let outcome = match game.outcome() {
        Some(Outcome::Win(p)) => format!("{} wins", names[p.index()]),
        Some(Outcome::Draw) | None => "draw".to_owned(),
    };
    let transcript: String = game.moves.iter().map(|&mv| char::from(b'1' + mv)).collect();
    out.line(format!(
        "{outcome} after {} moves: {transcript}",
        game.moves.len()
    ));
    Ok(json!({ "game": "connect-four", "moves": game.moves.len(), "outcome": outcome }))
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
        use fanorona_rules::ai::Level;
        games.push(crate::cli::fanorona::demo_game(
            Level::Medium,
            Level::Medium,
            args.seed,
            out,
        )?);
    }
    if wanted("major") {
        games.push(crate::cli::major::demo_game(1, out)?);
    }
    if wanted("reversi") {
        use reversi_rules::ai::Level;
        let demo = crate::cli::reversi::ai::DemoArgs {
            black: Level::Medium,
            white: Level::Medium,
            seed: args.seed,
        };
        games.push(crate::cli::reversi::ai::demo_game(&demo, out)?);
    }
    if wanted("stratego") {
        games.push(crate::cli::stratego::demo_game(args.seed, out)?);
    }
    out.result(json!({ "games": games }), || {
        format!("{} demo game(s) finished", games.len())
    });
    Ok(())
}

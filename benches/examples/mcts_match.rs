//! A Connect Four match between Spielwerk's `Mcts` and the `minimax`
//! crate's `MonteCarloTreeSearch` at equal playouts per move, one thread
//! each:
//!
//! ```text
//! cargo run --release -p benches --example mcts_match -- [GAMES] [PLAYOUTS] [SEED] [C]
//! ```
//!
//! (defaults: 100 games, 2000 playouts, seed 1, Spielwerk's default
//! exploration constant `C`). The games come in pairs
//! from the same random two-ply opening with the colours swapped; both
//! search by random playouts alone (Spielwerk with `NoKnowledge`, UCT with
//! its solver). Prints the match result (Spielwerk's wins, draws and
//! losses, score with a 95 % interval, Elo difference) and each side's
//! playouts per second. `minimax` draws from its own unseeded generator,
//! so the result varies a little from run to run.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use benches::minimax_c4::MinimaxMcts;
use board_search::{
    Choice, Limits, MatchOptions, MctsOptions, MctsStrategy, NoKnowledge, Opening, Strategy,
    play_match,
};
use spielwerk_testgames::ConnectFour;

/// A strategy that counts the time it thinks and the playouts it reports
/// (a choice's `nodes`; `None`: a fixed number per move).
struct Timed<S> {
    inner: S,
    time: Duration,
    moves: u64,
    playouts: u64,
    per_move: Option<u64>,
}

impl<S: Strategy<ConnectFour>> Strategy<ConnectFour> for Timed<S> {
    type Error = S::Error;
    fn choose(&mut self, pos: &ConnectFour) -> Result<Choice<u8>, S::Error> {
        let start = Instant::now();
        let choice = self.inner.choose(pos);
        self.time += start.elapsed();
        self.moves += 1;
        if let Ok(c) = &choice {
            self.playouts += self.per_move.unwrap_or(c.nodes);
        }
        choice
    }
    fn new_game(&mut self, start: &ConnectFour, seed: u64) -> Result<(), S::Error> {
        self.inner.new_game(start, seed)
    }
    fn played(
        &mut self,
        before: &ConnectFour,
        mv: u8,
        after: &ConnectFour,
    ) -> Result<(), S::Error> {
        self.inner.played(before, mv, after)
    }
}

fn timed<S>(inner: S, per_move: Option<u64>) -> Timed<S> {
    Timed {
        inner,
        time: Duration::ZERO,
        moves: 0,
        playouts: 0,
        per_move,
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let exploration = match args.get(3).map(|c| c.parse::<f64>()) {
        None => MctsOptions::default().exploration,
        Some(Ok(c)) => c,
        Some(Err(e)) => {
            eprintln!("usage: mcts_match [GAMES] [PLAYOUTS] [SEED] [C]: {e}");
            return ExitCode::FAILURE;
        }
    };
    let args: Vec<u64> = match args.iter().take(3).map(|a| a.parse()).collect() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("usage: mcts_match [GAMES] [PLAYOUTS] [SEED] [C]: {e}");
            return ExitCode::FAILURE;
        }
    };
    let games = args.first().copied().unwrap_or(100) as u32;
    let playouts = args.get(1).copied().unwrap_or(2_000);
    let seed = args.get(2).copied().unwrap_or(1);
    let Ok(rollouts) = u32::try_from(playouts) else {
        eprintln!("at most {} playouts", u32::MAX);
        return ExitCode::FAILURE;
    };
    let mut ours = timed(
        MctsStrategy::new(
            NoKnowledge,
            MctsOptions {
                exploration,
                ..MctsOptions::default()
            },
            Limits::playouts(playouts),
        ),
        None,
    );
    let mut theirs = timed(MinimaxMcts::new(rollouts, 1), Some(playouts));
    let openings = Opening::random_set(&ConnectFour::new(), 2, games.div_ceil(2) as usize, seed);
    let options = MatchOptions::games(games).with_seed(seed);
    let result = play_match(&mut ours, &mut theirs, &openings, &options, |game, _| {
        eprint!("\rgame {}/{games}", game.index + 1);
    });
    eprintln!();
    let result: board_search::MatchResult = match result {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let report = result.report(
        "connect-four",
        "spielwerk Mcts",
        "minimax MonteCarloTreeSearch",
    );
    println!("{report}");
    println!(
        "(Spielwerk's solver ends a search early once the root is proven: it \
         plays fewer playouts in decided positions.)"
    );
    for (name, t, moves, done) in [
        ("spielwerk Mcts", ours.time, ours.moves, ours.playouts),
        (
            "minimax MonteCarloTreeSearch",
            theirs.time,
            theirs.moves,
            theirs.playouts,
        ),
    ] {
        let rate = done as f64 / t.as_secs_f64().max(1e-9);
        println!(
            "{name}: {moves} moves, {done} playouts, {:.2} s thinking, {rate:.0} playouts/s",
            t.as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}

//! What the computer thinks at a ply of a UCC 2012 log, from the view of
//! the side to move there: its belief about the pieces next to the move it
//! plays, the move, the score, the depth and the expected line.
//!
//!     cargo run --release -p stratego-rules --example stratego_think -- LOG PLY [LEVEL]

use board_core::{Game, Observable};
use stratego_rules::ai::{BeliefOptions, Computer, Level};
use stratego_rules::ucc::UccGame;
use stratego_rules::{Position, Preset};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(ply)) = (args.get(1), args.get(2)) else {
        return Err("usage: stratego_think LOG PLY [LEVEL]".into());
    };
    let ply: usize = ply.parse()?;
    let level: Level = args.get(3).map_or(Ok(Level::Hard), |l| l.parse())?;
    let game = UccGame::parse(&std::fs::read_to_string(path)?)?;
    let mut rules = Preset::UccReplay.rules();
    rules.max_plies = None;
    let mut pos = Position::from_setup(game.setup(), rules)?;
    let mut computer = Computer::new(level);
    for side in board_core::Player::ALL {
        computer.start(&pos.view(side));
    }
    for m in game.moves.iter().take(ply) {
        let mv = m.mv.ok_or("a move off the board")?;
        let public = pos.public_move(mv);
        pos.play(mv)?;
        computer.observe(public)?;
    }
    let side = pos.to_move();
    let view = pos.view(side);
    println!("{view}");
    let tracker = computer.tracker(side).ok_or("no tracker")?;
    let belief = tracker.belief(&BeliefOptions::default());
    let thought = computer.think(&view).ok_or("no move")?;
    println!(
        "{}: {} score {:.1} depth {} nodes {}",
        stratego_rules::colour(side),
        thought.mv,
        thought.score,
        thought.depth,
        thought.nodes
    );
    let pv: Vec<String> = thought.pv.iter().map(ToString::to_string).collect();
    println!("line: {}", pv.join(" "));
    if let Some(d) = belief.distribution(thought.mv.to) {
        let ranks: Vec<String> = stratego_rules::Rank::ALL
            .iter()
            .filter(|r| d[r.index()] > 0.01)
            .map(|r| format!("{r} {:.2}", d[r.index()]))
            .collect();
        println!("target {}: {}", thought.mv.to, ranks.join(", "));
    }
    Ok(())
}

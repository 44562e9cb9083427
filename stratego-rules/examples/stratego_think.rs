//! What the computer thinks at a ply of a game (a UCC 2012 log, or a
//! Gravon XML record such as `spielwerk stratego match --save` writes),
//! from the view of the side to move there: the move, the score, the depth,
//! the expected line and its belief about the target and about any
//! squares named after the level.
//!
//!     cargo run --release -p stratego-rules --example stratego_think -- GAME PLY [LEVEL [SQUARE...]]

use board_core::{Game, Observable};
use stratego_rules::ai::{BeliefOptions, Computer, Level};
use stratego_rules::ucc::UccGame;
use stratego_rules::{Position, Preset};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(ply)) = (args.get(1), args.get(2)) else {
        return Err("usage: stratego_think GAME PLY [LEVEL [SQUARE...]]".into());
    };
    let ply: usize = ply.parse()?;
    let level: Level = args.get(3).map_or(Ok(Level::Hard), |l| l.parse())?;
    let text = std::fs::read_to_string(path)?;
    let (setup, rules, moves) = if stratego_rules::gravon::looks_like_gravon(&text) {
        let g = stratego_rules::GravonGame::parse(&text)?;
        (g.setup, Preset::Battlegeneral.rules(), g.moves)
    } else {
        let g = UccGame::parse(&text)?;
        let mut rules = Preset::UccReplay.rules();
        rules.max_plies = None;
        let moves = g.moves.iter().filter_map(|m| m.mv).collect();
        (g.setup(), rules, moves)
    };
    let mut pos = Position::from_setup(setup, rules)?;
    let mut computer = Computer::new(level);
    for side in board_core::Player::ALL {
        computer.start(&pos.view(side));
    }
    for &mv in moves.iter().take(ply) {
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
    let show = |name: &str, sq: stratego_rules::Square| {
        if let Some(d) = belief.distribution(sq) {
            let ranks: Vec<String> = stratego_rules::Rank::ALL
                .iter()
                .filter(|r| d[r.index()] > 0.01)
                .map(|r| format!("{r} {:.2}", d[r.index()]))
                .collect();
            println!("{name} {sq}: {}", ranks.join(", "));
        }
    };
    show("target", thought.mv.to);
    for sq in args.iter().skip(4) {
        show("belief", sq.parse()?);
    }
    Ok(())
}

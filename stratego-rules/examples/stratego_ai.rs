//! The Stratego AI's parts one by one: the belief over Blue's hidden
//! pieces, the belief game, and an expectimax search of it.
//!
//!     cargo run --release -p stratego-rules --example stratego_ai

use board_core::{Game, Observable, Player, SplitMix64};
use board_search::{Expectimax, Limits};
use stratego_rules::ai::{Belief, BeliefGame, BeliefOptions, Eval, GameOptions};
use stratego_rules::{Army, Position, Rank, Rules, Setup, predefined};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let d = predefined();
    let mut game = Position::from_setup(
        Setup::from_deployments(Army::Classic, &d[2].1, &d[5].1),
        Rules::default(),
    )?;
    // Twenty random plies, so that the search has something to think about.
    let mut rng = SplitMix64::new(3);
    for _ in 0..20 {
        let moves = game.moves();
        game.play(moves[rng.below(moves.len() as u64) as usize])?;
    }
    let view = game.view(Player::First);
    let belief = Belief::new(&view, &BeliefOptions::default());
    println!("{view}");
    for sq in belief.unknown_squares().take(6).collect::<Vec<_>>() {
        let d = belief.distribution(sq).unwrap_or_default();
        let best: Vec<String> = Rank::ALL
            .iter()
            .filter(|r| d[r.index()] > 0.08)
            .map(|r| format!("{r} {:.2}", d[r.index()]))
            .collect();
        println!("{sq}: {}", best.join(", "));
    }
    let root = BeliefGame::new(&belief, GameOptions::default());
    let mut search = Expectimax::new(Eval::default());
    for depth in [2, 3, 4, 5] {
        let r = search.search(&root, &Limits::depth(depth));
        println!(
            "depth {}: best {:?} score {:.1}, {} nodes in {:.3} s ({:.0} nodes/s)",
            r.depth,
            r.best_move.map(|m| m.to_string()),
            r.score,
            r.nodes,
            r.elapsed.as_secs_f64(),
            r.nps()
        );
    }
    Ok(())
}

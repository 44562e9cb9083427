//! Levels: deterministic for a fixed budget; legal games to the end.

use reversi_rules::Move;
use reversi_rules::ai::levels::{Engine, Level};
use reversi_rules::ai::matches::play_game;

fn opening() -> Vec<Move> {
    ["f5", "d6", "c3", "d3"]
        .iter()
        .filter_map(|m| m.parse().ok())
        .collect()
}

#[test]
fn a_level_game_replays_identically() {
    let play = || {
        let (mut a, mut b) = (Engine::new(Level::Medium), Engine::new(Level::Easy));
        play_game(&mut a, &mut b, &opening())
    };
    let first = play();
    assert_eq!(first, play());
    assert!(first.moves.len() >= 60, "{} moves", first.moves.len());
}

#[test]
fn levels_parse_and_name() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
    }
    assert!("grandmaster".parse::<Level>().is_err());
}

#[test]
fn baseline_and_pattern_engines_move_legally() {
    let (mut a, mut b) = (Engine::baseline(Level::Easy), Engine::new(Level::Easy));
    let rec = play_game(&mut a, &mut b, &[]);
    assert!(rec.black_minus_white.abs() <= 64);
}

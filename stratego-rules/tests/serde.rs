//! serde (feature `serde`): squares, moves and positions travel as their
//! text forms; bad text is an error.
#![cfg(feature = "serde")]

use board_core::Game;
use stratego_rules::{Army, Move, Position, Preset, Rank, Setup, Square, predefined};

fn start() -> Position {
    let d = predefined();
    let setup = Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1);
    Position::from_setup(setup, Preset::Battlegeneral.rules()).expect("a valid setup")
}

#[test]
fn moves_squares_and_positions_travel_as_text() {
    let mv: Move = "a4-a5".parse().unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"a4-a5\"");
    assert_eq!(serde_json::from_str::<Move>("\"a4-a5\"").unwrap(), mv);
    let sq: Square = "j10".parse().unwrap();
    assert_eq!(serde_json::to_string(&sq).unwrap(), "\"j10\"");
    let mut pos = start();
    let first = pos.moves()[0];
    pos.play(first).unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, format!("\"{pos}\""));
    assert_eq!(
        serde_json::from_str::<Position>(&json).unwrap().to_string(),
        pos.to_string()
    );
    // Small value types stay data.
    assert_eq!(
        serde_json::from_str::<Rank>(&serde_json::to_string(&Rank::Marshal).unwrap()).unwrap(),
        Rank::Marshal
    );
}

#[test]
fn bad_text_is_an_error() {
    assert!(serde_json::from_str::<Move>("\"a4-k5\"").is_err());
    assert!(serde_json::from_str::<Move>("{\"from\":31,\"to\":41}").is_err());
    assert!(serde_json::from_str::<Square>("\"a11\"").is_err());
    assert!(serde_json::from_str::<Position>("\"not a position\"").is_err());
}

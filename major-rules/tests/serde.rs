//! serde (feature `serde`): squares, moves, boards and positions travel as
//! their text forms; bad text is an error naming what is wrong.
#![cfg(feature = "serde")]

use board_core::Game;
use major_rules::ai::Level;
use major_rules::{Board, Move, Position, Rules, Square};

#[test]
fn values_travel_as_their_text() {
    let sq: Square = "c4".parse().unwrap();
    assert_eq!(serde_json::to_string(&sq).unwrap(), "\"c4\"");
    let mv: Move = "a4-b4".parse().unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"a4-b4\"");
    assert_eq!(serde_json::from_str::<Move>("\"a4-b4\"").unwrap(), mv);
    let mut pos = Position::start(Board::standard(3).unwrap());
    let first = pos.moves()[0];
    pos.play(first).unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, format!("\"{pos}\""));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    let board: Board = ". . .\n. # .\n. . .".parse().unwrap();
    let back: Board = serde_json::from_str(&serde_json::to_string(&board).unwrap()).unwrap();
    assert_eq!(back, board);
    assert_eq!(serde_json::to_string(&Level::Max).unwrap(), "\"max\"");
    let rules = Rules::default();
    let back: Rules = serde_json::from_str(&serde_json::to_string(&rules).unwrap()).unwrap();
    assert_eq!(back, rules);
}

#[test]
fn bad_text_is_an_error() {
    let err = serde_json::from_str::<Square>("\"z99\"")
        .unwrap_err()
        .to_string();
    assert!(!err.is_empty());
    assert!(serde_json::from_str::<Move>("\"a4\"").is_err());
    assert!(serde_json::from_str::<Position>("\"1 ... b - 0\"").is_err());
    assert!(serde_json::from_str::<Level>("\"expert\"").is_err());
}

//! With the `serde` feature, squares, moves and positions serialise as
//! their text forms and refuse bad text on the way back:
//! `cargo test -p reversi-rules --features serde --test serde`.
#![cfg(feature = "serde")]

use reversi_rules::{Move, Position, Reversi, Square};

#[test]
fn values_serialise_as_their_text() {
    let game: Reversi = "f5d6c3".parse().expect("legal");
    let pos = *game.position();
    let json = serde_json::to_string(&(pos, Move::Pass, game.history()[0])).expect("serialises");
    assert_eq!(json, format!("[\"{pos}\",\"pass\",\"f5\"]"));
    let back: (Position, Move, Move) = serde_json::from_str(&json).expect("deserialises");
    assert_eq!(back, (pos, Move::Pass, game.history()[0]));
    let sq: Square = serde_json::from_str("\"H8\"").expect("a square");
    assert_eq!(sq.index(), 63);
}

#[test]
fn bad_text_is_an_error() {
    assert!(serde_json::from_str::<Square>("\"i9\"").is_err());
    assert!(serde_json::from_str::<Move>("\"passe\"").is_err());
    assert!(serde_json::from_str::<Position>("\"XO X\"").is_err());
    assert!(serde_json::from_str::<Square>("17").is_err());
}

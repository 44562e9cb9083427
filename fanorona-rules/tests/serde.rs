//! The `serde` feature: points and moves travel as their notation, rules
//! are checked when read.

#![cfg(feature = "serde")]
#![allow(clippy::unwrap_used)]

use fanorona_rules::{Move, Position, Rules, Square};

#[test]
fn points_moves_and_rules_round_trip_through_json() {
    let mv: Move = "d2-e3a-e4a".parse().unwrap();
    let json = serde_json::to_string(&mv).unwrap();
    assert_eq!(json, "\"d2-e3a-e4a\"");
    assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
    let p: Square = "i5".parse().unwrap();
    assert_eq!(serde_json::to_string(&p).unwrap(), "\"i5\"");
    let pos = Position::new();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    let rules = Rules::new(2, 30).unwrap();
    let json = serde_json::to_string(&rules).unwrap();
    assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), rules);
}

#[test]
fn invalid_values_are_rejected_not_accepted() {
    assert!(serde_json::from_str::<Move>("\"d2-f4a\"").is_err());
    assert!(serde_json::from_str::<Square>("\"j1\"").is_err());
    assert!(serde_json::from_str::<Position>("\"9/9/9/9 w\"").is_err());
    assert!(serde_json::from_str::<Rules>(r#"{"repetitions":1,"no_capture_limit":40}"#).is_err());
    assert!(serde_json::from_str::<Rules>(r#"{"repetitions":3,"no_capture_limit":65}"#).is_err());
}

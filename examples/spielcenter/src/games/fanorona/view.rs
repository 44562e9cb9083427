//! Fanorona positions and moves as protocol data.
//!
//! A board is 45 entries, index `9 * row + column` (a1 = 0, i1 = 8, i5 =
//! 44): `"W"`, `"B"` or `null`. A move is described with everything a page
//! needs to build it step by step and to show it: its text, the points it
//! visits, each step's capture kind (`"a"` approach, `"w"` withdrawal,
//! `null` for a paika) and the stones each step captures.

use fanorona_rules::{Bitboard, Move, Position, Square, Turn, WHITE};
use serde_json::{Value, json};

/// The board, index `9 * row + column`.
#[must_use]
pub fn board(pos: &Position) -> Vec<Option<&'static str>> {
    Square::all()
        .map(|sq| pos.at(sq).map(|p| if p == WHITE { "W" } else { "B" }))
        .collect()
}

/// `{"move", "path", "kinds", "captured"}` of a move in `pos` (replayed
/// through a [`Turn`], which finds each step's captured line).
#[must_use]
pub fn describe(pos: &Position, mv: Move) -> Value {
    let mut turn = Turn::new(pos);
    let mut at = mv.start();
    let mut path = vec![at.to_string()];
    let mut kinds = Vec::new();
    let mut captured = Vec::new();
    for step in mv.steps() {
        let Some(to) = at.step(step.direction) else {
            break;
        };
        let option = turn
            .steps_from(at)
            .into_iter()
            .find(|o| o.to == to && o.capture == step.capture);
        let taken = option
            .and_then(|o| turn.step(o).ok())
            .unwrap_or(Bitboard::EMPTY);
        path.push(to.to_string());
        kinds.push(step.capture.map(|k| k.letter().to_string()));
        captured.push(taken.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        at = to;
    }
    json!({"move": mv.to_string(), "path": path, "kinds": kinds, "captured": captured})
}

#[cfg(test)]
mod tests {
    use board_core::Game;

    use super::*;

    #[test]
    fn moves_are_described_step_by_step() {
        let pos = Position::new();
        let d = describe(&pos, "f3-e3w".parse().unwrap());
        assert_eq!(d["path"], json!(["f3", "e3"]));
        assert_eq!(d["kinds"], json!(["w"]));
        assert_eq!(d["captured"], json!([["g3"]]));
        let d = describe(&pos, "e2-e3a".parse().unwrap());
        let mut caught: Vec<String> = serde_json::from_value(d["captured"][0].clone()).unwrap();
        caught.sort();
        assert_eq!(caught, ["e4", "e5"]);
        let b = board(&pos);
        assert_eq!((b[0], b[4 + 9 * 2], b[44]), (Some("W"), None, Some("B")));
        assert_eq!(b.iter().flatten().count(), 44);
        // A chain: every step has its line.
        let mut p = pos.clone();
        let mut list = fanorona_rules::MoveList::new();
        let mut rng = board_core::SplitMix64::new(3);
        for _ in 0..40 {
            p.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            for &m in &list {
                let d = describe(&p, m);
                assert_eq!(d["move"], m.to_string());
                assert_eq!(d["kinds"].as_array().unwrap().len(), m.len());
                if m.is_capture() {
                    assert!(
                        d["captured"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .all(|c| !c.as_array().unwrap().is_empty()),
                        "{m}"
                    );
                }
            }
            p.play(list[rng.below(list.len() as u64) as usize]).unwrap();
        }
    }
}

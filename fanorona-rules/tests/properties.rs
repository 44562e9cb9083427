//! Invariants on generated positions: legality, no duplicates, material,
//! hashes, notation round trips, no panics, and the step-by-step turn
//! against the whole-turn generator.

#![allow(clippy::unwrap_used)] // test helpers, like tests, fail loudly

use std::collections::HashSet;

use board_core::{Game, Player, SplitMix64, ZobristHash};
use fanorona_rules::{
    BLACK, Bitboard, MAX_STONES, Move, Position, Rules, Setup, Square, Turn, WHITE,
};
use proptest::prelude::*;

/// A position reached by `plies` random moves from the start.
fn played(seed: u64, plies: u32) -> Position {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Position::new();
    for _ in 0..plies {
        let moves = pos.moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        pos.play(m).unwrap();
    }
    pos
}

/// A random arrangement: sparse or dense, at most 22 stones a side.
fn scattered(seed: u64) -> Position {
    let mut rng = SplitMix64::new(seed);
    let density = 10 + rng.below(80);
    let (mut w, mut b) = (0u64, 0u64);
    for p in Square::all() {
        if rng.below(100) < density {
            if rng.below(2) == 0 && w.count_ones() < MAX_STONES {
                w |= p.bit();
            } else if b.count_ones() < MAX_STONES {
                b |= p.bit();
            }
        }
    }
    let side = if rng.below(2) == 0 { WHITE } else { BLACK };
    Position::from_setup(Setup::new(Bitboard(w), Bitboard(b), side), Rules::default()).unwrap()
}

fn positions() -> impl Strategy<Value = Position> {
    prop_oneof![
        (any::<u64>(), 0u32..60).prop_map(|(s, n)| played(s, n)),
        any::<u64>().prop_map(scattered),
    ]
}

/// Every whole-turn move the step-by-step API can build, by trying every
/// option and every stopping point.
fn turn_moves(turn: &Turn, out: &mut Vec<Move>) {
    for option in turn.steps() {
        let mut next = turn.clone();
        next.step(option).unwrap();
        out.push(next.finish().unwrap());
        if !next.is_complete() {
            turn_moves(&next, out);
        }
    }
}

/// The stones a move captures, counted step by step with the turn API.
fn captured_by_steps(pos: &Position, mv: Move) -> u32 {
    let mut turn = Turn::new(pos);
    let mut at = mv.start();
    let mut total = 0;
    for step in mv.steps() {
        let to = at.step(step.direction).unwrap();
        let option = turn
            .steps_from(at)
            .into_iter()
            .find(|o| o.to == to && o.capture == step.capture)
            .unwrap();
        total += turn.step(option).unwrap().len();
        at = to;
    }
    total
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_generated_move_is_legal_and_listed_once(pos in positions()) {
        let moves = pos.moves();
        let set: HashSet<Move> = moves.iter().copied().collect();
        prop_assert_eq!(set.len(), moves.len());
        prop_assert_eq!(moves.len() as u64, pos.move_count());
        prop_assert_eq!(moves.is_empty(), pos.outcome().is_some());
        let any_capture = moves.iter().any(|m| m.is_capture());
        for &m in &moves {
            prop_assert!(pos.is_legal(m), "{m} in {pos}");
            // Paika only without captures; chains never repeat a
            // direction or a point.
            prop_assert!(m.is_capture() == any_capture);
            let dirs: Vec<_> = m.steps().map(|s| s.direction).collect();
            prop_assert!(dirs.windows(2).all(|w| w[0] != w[1]));
            let points: HashSet<Square> = m.points().collect();
            prop_assert_eq!(points.len(), m.len() + 1);
        }
    }

    #[test]
    fn stone_counts_drop_by_exactly_the_captured_stones(pos in positions()) {
        let me = pos.to_move();
        for &m in &pos.moves() {
            let taken = captured_by_steps(&pos, m);
            prop_assert_eq!(taken > 0, m.is_capture());
            let mut next = pos.clone();
            next.play_unchecked(m);
            prop_assert_eq!(next.count(me), pos.count(me));
            prop_assert_eq!(next.count(!me), pos.count(!me) - taken);
            let mut checked = pos.clone();
            checked.play(m).unwrap();
            prop_assert_eq!(&checked, &next);
        }
    }

    #[test]
    fn incremental_hash_equals_recomputed(seed in any::<u64>(), plies in 0u32..80) {
        let mut rng = SplitMix64::new(seed);
        let mut pos = Position::new();
        for _ in 0..plies {
            prop_assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
            let moves = pos.moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
        }
        prop_assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        // The same stones and side parsed afresh hash the same.
        let reparsed: Position = pos.to_string().parse().unwrap();
        prop_assert_eq!(reparsed.zobrist(), pos.zobrist());
    }

    #[test]
    fn turn_api_builds_exactly_the_generated_moves(pos in positions()) {
        let mut built = Vec::new();
        turn_moves(&Turn::new(&pos), &mut built);
        let mut generated: Vec<Move> = pos.moves().to_vec();
        let unique: HashSet<Move> = built.iter().copied().collect();
        prop_assert_eq!(unique.len(), built.len(), "the turn API built a move twice");
        built.sort();
        generated.sort();
        prop_assert_eq!(built, generated);
    }

    #[test]
    fn position_and_move_text_round_trip(pos in positions()) {
        let text = pos.to_string();
        let back: Position = text.parse().unwrap();
        prop_assert_eq!(back.to_string(), text);
        for &m in &pos.moves() {
            let t = m.to_string();
            prop_assert_eq!(t.parse::<Move>().unwrap(), m);
            prop_assert_eq!(pos.parse_move(&t).unwrap(), m);
        }
        for p in Square::all() {
            prop_assert_eq!(p.to_string().parse::<Square>().unwrap(), p);
        }
    }

    #[test]
    fn parsers_never_panic_on_arbitrary_text(s in "\\PC{0,40}") {
        let _ = s.parse::<Position>();
        let _ = s.parse::<Move>();
        let _ = s.parse::<Square>();
        let _ = Position::new().parse_move(&s);
    }

    #[test]
    fn parsers_never_panic_on_near_miss_text(
        s in "[WBwb.1-9/]{0,50}( [wbx]( [0-9]{1,4}( [0-9]{1,6})?)?)?",
        m in "[a-j][0-6][aw]?(-[a-j][0-6][awx]?){0,6}",
    ) {
        let _ = s.parse::<Position>();
        let _ = m.parse::<Move>();
        let _ = Position::new().parse_move(&m);
    }
}

#[test]
fn turn_api_matches_the_generator_along_many_random_games() {
    // Deterministic companion of the property test: 200 games, every
    // position of each.
    for seed in 0..200 {
        let mut rng = SplitMix64::new(seed);
        let mut pos = Position::new();
        while pos.outcome().is_none() {
            let mut built = Vec::new();
            turn_moves(&Turn::new(&pos), &mut built);
            let mut generated = pos.moves().to_vec();
            built.sort();
            generated.sort();
            assert_eq!(built, generated, "{pos}");
            let m = generated[rng.below(generated.len() as u64) as usize];
            pos.play(m).unwrap();
        }
        assert!(matches!(pos.to_move(), Player::First | Player::Second));
    }
}

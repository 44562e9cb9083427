//! Make/unmake (`board_core::Undo`): taking moves back restores the whole
//! position, the repetition history included.

#![allow(clippy::unwrap_used)] // test helpers, like tests, fail loudly

use board_core::{Game, SplitMix64, Undo, ZobristHash, perft, perft_undo};
use fanorona_rules::{Move, Position, Rules, Setup, UndoInfo, WHITE};
use proptest::prelude::*;

/// Everything a caller can see of a position, beyond `==` (which compares
/// stones, side to move, counters, rules, outcome and the history since
/// the last capture).
fn assert_same(now: &Position, before: &Position) {
    assert_eq!(now, before);
    assert_eq!(now.to_string(), before.to_string());
    assert_eq!(now.zobrist(), before.zobrist());
    assert_eq!(now.zobrist(), now.zobrist_from_scratch());
    assert_eq!(now.occurrences(), before.occurrences());
    assert_eq!(now.no_capture_moves(), before.no_capture_moves());
    assert_eq!(now.fullmove_number(), before.fullmove_number());
    assert_eq!(now.outcome(), before.outcome());
    assert_eq!(now.moves(), before.moves());
}

/// Plays up to `plies` random moves with `make` from `pos`, then takes them
/// all back with `unmake`, checking the position before each move is
/// restored at every step. Returns the number of moves made.
fn make_all_then_unmake(mut pos: Position, seed: u64, plies: u32) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut stack: Vec<(Position, Move, UndoInfo)> = Vec::new();
    for _ in 0..plies {
        let moves = pos.moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        let before = pos.clone();
        let undo = pos.make(mv);
        let mut played = before.clone();
        played.play(mv).unwrap();
        assert_same(&pos, &played);
        stack.push((before, mv, undo));
    }
    let made = stack.len();
    while let Some((before, mv, undo)) = stack.pop() {
        pos.unmake(mv, undo);
        assert_same(&pos, &before);
    }
    made
}

/// A position where the side to move has only paika moves, reached after
/// a capture, for history tests: lines of stones far apart.
fn quiet(rules: Rules) -> Position {
    "W7B/9/9/9/B7W w 0 1"
        .parse::<Position>()
        .map(|p| {
            Position::from_setup(Setup::new(p.stones(WHITE), p.stones(!WHITE), WHITE), rules)
                .unwrap()
        })
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn play_then_undo_restores_the_position_from_the_start(seed in any::<u64>(), plies in 1u32..120) {
        make_all_then_unmake(Position::new(), seed, plies);
    }

    #[test]
    fn play_then_undo_restores_quiet_games_with_repetitions(seed in any::<u64>(), plies in 1u32..80) {
        // Few stones: long runs of paika moves fill the history, and
        // positions repeat (draws by repetition are made and taken back).
        let rules = Rules::new(2 + (seed % 3) as u8, 10 + (seed % 50) as u8).unwrap();
        make_all_then_unmake(quiet(rules), seed, plies);
    }
}

/// A random game from the start, as its moves.
fn random_game(seed: u64) -> Vec<Move> {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Position::new();
    let mut moves = Vec::new();
    while pos.outcome().is_none() {
        let list = pos.moves();
        let mv = list[rng.below(list.len() as u64) as usize];
        pos.play(mv).unwrap();
        moves.push(mv);
    }
    moves
}

#[test]
fn undoing_a_capture_restores_the_history_slots_later_moves_overwrote() {
    // Moves without capture fill the history; a capture empties it (its
    // slots stay); the quiet move after the capture writes slot 0 again.
    // Taking the three back must give the old history, and so the old
    // repetition counts, back. Find such a stretch in random games.
    let mut found = 0;
    for seed in 0..200 {
        let game = random_game(seed);
        let mut pos = Position::new();
        let mut stack = Vec::new();
        for (i, &mv) in game.iter().enumerate() {
            let quiet_before = pos.no_capture_moves() >= 2;
            let before = pos.clone();
            let undo = pos.make(mv);
            stack.push((before, mv, undo));
            let next_is_quiet = game.get(i + 1).is_some_and(|&next| !next.is_capture());
            if quiet_before && mv.is_capture() && next_is_quiet {
                let next = game[i + 1];
                stack.push((pos.clone(), next, pos.make(next)));
                assert_eq!(pos.no_capture_moves(), 1);
                found += 1;
                while let Some((before, mv, undo)) = stack.pop() {
                    pos.unmake(mv, undo);
                    assert_same(&pos, &before);
                }
                break;
            }
        }
    }
    assert!(
        found >= 10,
        "only {found} games had a quiet run, a capture, a quiet move"
    );
}

#[test]
fn perft_by_make_and_unmake_matches_the_table() {
    let mut start = Position::new();
    for (depth, expected) in [(1, 5), (2, 39), (3, 724), (4, 18_026)] {
        assert_eq!(perft_undo(&mut start, depth), expected);
        assert_eq!(perft(&start, depth), expected);
        assert_eq!(start, Position::new());
    }
}

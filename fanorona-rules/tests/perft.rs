//! Perft against the reference table of the specification.

#![allow(clippy::unwrap_used)] // test helpers, like tests, fail loudly

use board_core::{FinishedGames, Game, perft, perft_divide};
use fanorona_rules::Position;

/// Whole-turn perft from the start, depths 1-7 of the spec's table.
const TABLE: [u64; 7] = [5, 39, 724, 18_026, 431_852, 9_205_774, 175_243_243];

#[test]
fn perft_matches_the_reference_table_to_depth_5() {
    let start = Position::new();
    for (i, &expected) in TABLE.iter().enumerate().take(5) {
        let depth = i as u32 + 1;
        assert_eq!(start.perft(depth), expected, "depth {depth}");
    }
}

#[test]
fn generic_perft_over_the_game_trait_agrees_with_the_fast_counter() {
    let start = Position::new();
    for depth in 0..=4 {
        assert_eq!(perft(&start, depth), start.perft(depth), "depth {depth}");
    }
}

#[test]
fn first_moves_and_their_subtrees_match_the_spec() {
    let start = Position::new();
    let mut divide: Vec<(String, u64)> = perft_divide(&start, 2, FinishedGames::Drop)
        .into_iter()
        .map(|(mv, n)| (mv.to_string(), n))
        .collect();
    divide.sort();
    assert_eq!(
        divide,
        [
            ("d2-e3a".to_owned(), 5),
            ("e2-e3a".to_owned(), 2),
            ("f2-e3a".to_owned(), 10),
            ("f3-e3a".to_owned(), 4),
            ("f3-e3w".to_owned(), 18),
        ]
    );
    // Each approach from row 2 takes two stones, f3-e3 one either way.
    for (text, taken) in [
        ("d2-e3a", 2),
        ("e2-e3a", 2),
        ("f2-e3a", 2),
        ("f3-e3a", 1),
        ("f3-e3w", 1),
    ] {
        let mut pos = start.clone();
        pos.play(text.parse().unwrap()).unwrap();
        assert_eq!(pos.count(fanorona_rules::BLACK), 22 - taken, "{text}");
    }
}

#[test]
fn the_cached_perft_counts_the_same() {
    // A tiny table forces replacements; a reused table must stay exact.
    let mut table = fanorona_rules::PerftTable::new(1);
    let start = Position::new();
    for (i, &expected) in TABLE.iter().enumerate().take(5) {
        assert_eq!(start.perft_hashed(i as u32 + 1, &mut table), expected);
    }
    assert_eq!(start.perft_hashed(5, &mut table), TABLE[4]);
}

#[test]
fn the_mirrored_start_position_gives_the_same_counts() {
    // Some sources mirror row 3 left to right; the board is symmetric.
    let mirrored: Position = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w 0 1"
        .parse()
        .unwrap();
    assert_ne!(mirrored, Position::new());
    for (i, &expected) in TABLE.iter().enumerate().take(4) {
        assert_eq!(mirrored.perft(i as u32 + 1), expected);
    }
}

#[test]
#[ignore = "slow in debug builds: run with --release -- --ignored"]
fn perft_depth_6_and_7() {
    let start = Position::new();
    assert_eq!(start.perft(6), TABLE[5]);
    assert_eq!(start.perft(7), TABLE[6]);
}

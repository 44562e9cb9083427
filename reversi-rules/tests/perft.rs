//! Perft from the start position against the published counts (table in
//! `shared/data/reversi/README.md`), in both conventions.

use board_core::{FinishedGames, Game, perft_undo, perft_with};
use reversi_rules::perft::{HashedPerft, perft};
use reversi_rules::{Board, Position};

/// Depths 1 to 9: the two conventions agree (no game ends before ply 9).
const SHALLOW: [u64; 9] = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288];

#[test]
fn perft_1_to_9_in_both_conventions() {
    for finished in [FinishedGames::CountAsLeaf, FinishedGames::Drop] {
        for (depth, &expected) in (1..).zip(SHALLOW.iter()) {
            assert_eq!(
                perft(Board::start(), depth, finished),
                expected,
                "depth {depth}, {finished:?}"
            );
        }
    }
}

#[test]
fn the_conventions_differ_from_depth_10() {
    // Hashed, to stay fast in debug builds: 24,571,284 (Bik) and
    // 24,571,056 (Edax).
    let mut bik = HashedPerft::new(16, FinishedGames::CountAsLeaf);
    assert_eq!(bik.count(Board::start(), 10), 24_571_284);
    let mut edax = HashedPerft::new(16, FinishedGames::Drop);
    assert_eq!(edax.count(Board::start(), 10), 24_571_056);
    assert!(edax.hit_rate() > 0.0);
}

#[test]
fn generic_perft_on_the_position_agrees() {
    // The board-core perft through the Game trait (move lists, passes as
    // moves) must give the same counts as the bitboard one.
    let pos = Position::start();
    assert_eq!(pos.moves().len(), 4);
    for (depth, &expected) in (1..=6).zip(SHALLOW.iter()) {
        assert_eq!(perft_with(&pos, depth, FinishedGames::Drop), expected);
        // Make/unmake through the Undo trait, and the position is restored.
        let mut p = pos;
        assert_eq!(perft_undo(&mut p, depth), expected);
        assert_eq!(p, pos);
    }
}

#[test]
fn depth_zero_is_one() {
    assert_eq!(perft(Board::start(), 0, FinishedGames::Drop), 1);
    assert_eq!(
        HashedPerft::new(0, FinishedGames::Drop).count(Board::start(), 0),
        1
    );
}

#[test]
fn the_smallest_table_still_counts_right() {
    let mut small = HashedPerft::new(0, FinishedGames::Drop);
    assert_eq!(small.buckets(), 1);
    assert_eq!(small.count(Board::start(), 5), 1_396);
}

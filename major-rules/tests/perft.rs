//! Perft of the four start positions, against the table published in the
//! crate documentation (computed by this engine and cross-checked up to
//! depth 3 by the simple generator of `tests/common`, see
//! `tests/differential.rs`), and the position-string errors of the
//! perft-from-moves path.

#![allow(clippy::unwrap_used)]

mod common;

use board_core::{Game, perft, perft_divide, perft_undo};
use major_rules::{Board, IllegalMoveError, Position, parse_moves};

/// Depths 1-6 from the start of boards 1-4 (see README.md).
const TABLE: [[u64; 6]; 4] = [
    [22, 484, 11_528, 274_576, 6_845_536, 170_668_096],
    [16, 256, 4_544, 80_656, 1_501_792, 27_962_944],
    [19, 361, 7_505, 156_025, 3_380_015, 73_222_249],
    [22, 484, 11_528, 274_576, 6_818_288, 169_312_144],
];

#[test]
fn perft_start_positions_match_the_published_table() {
    for (i, row) in TABLE.iter().enumerate() {
        let p = Position::start(Board::standard(i as u32 + 1).unwrap());
        // Depth 5 and 6 are for release runs (`spielwerk major perft`).
        for (d, &expected) in row.iter().enumerate().take(4) {
            assert_eq!(
                perft(&p, d as u32 + 1),
                expected,
                "board {} depth {}",
                i + 1,
                d + 1
            );
        }
    }
}

#[test]
fn perft_by_make_unmake_equals_copy_make() {
    for (i, row) in TABLE.iter().enumerate() {
        let mut p = Position::start(Board::standard(i as u32 + 1).unwrap());
        let before = p.clone();
        assert_eq!(perft_undo(&mut p, 4), row[3], "board {}", i + 1);
        assert_eq!(p, before);
    }
}

#[test]
fn perft_divide_adds_up_and_names_each_move() {
    let p = Position::start(Board::standard(3).unwrap());
    let divide = perft_divide(&p, 3, Default::default());
    assert_eq!(divide.len(), 19);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), TABLE[2][2]);
}

#[test]
fn perft_after_a_list_of_moves() {
    let mut p = Position::start(Board::standard(1).unwrap());
    p.play_moves(&parse_moves("a4-b4 h5-g5").unwrap()).unwrap();
    let n = common::Naive::from_position(&p);
    assert_eq!(perft(&p, 3), n.perft(3));
    assert!(p.moves().iter().any(|m| m.to_string() == "b4-c4"));
}

#[test]
fn perft_moves_reject_an_illegal_move_with_its_index() {
    let mut p = Position::start(Board::standard(1).unwrap());
    let before = p.clone();
    let err = p
        .play_moves(&parse_moves("a4-b4 h5-g5 b4-d4").unwrap())
        .unwrap_err();
    assert_eq!(err.index, 2);
    assert!(matches!(
        err.source,
        IllegalMoveError::WrongDistance { major: false, .. }
    ));
    assert_eq!(p, before, "the position is left as it was");
    assert!(err.to_string().contains("move 3"));
}

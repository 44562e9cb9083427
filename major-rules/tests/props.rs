//! Property tests: conservation of stones, one prisoner per Major, the
//! incremental hash, text round trips, and no panics on arbitrary input.

#![allow(clippy::unwrap_used)]

mod common;

use std::collections::HashSet;

use board_core::{Game, SplitMix64, Undo, ZobristHash};
use major_rules::{
    Board, Colour, Layout, Move, Place, Position, Rules, Setup, Square, Stack, parse_moves,
};
use proptest::prelude::*;

/// Checks every invariant of one position.
fn check_invariants(p: &Position) {
    for colour in Colour::ALL {
        let free = p.stacks().filter(|(_, s)| s.top == colour).count() as u8;
        assert_eq!(free, p.free_pieces(colour), "free count of {colour} in {p}");
        let prisoners = p
            .stacks()
            .filter(|(_, s)| s.prisoner_colour() == Some(colour))
            .count() as u8;
        assert_eq!(prisoners, p.prisoners(colour));
        assert_eq!(
            free + prisoners + p.removed(colour),
            p.board().start_stones(colour),
            "free + prisoners + removed of {colour} in {p}"
        );
    }
    for (sq, s) in p.stacks() {
        assert!(
            p.board().is_square(sq),
            "piece on a gap or off the board at {sq}"
        );
        if s.is_major() {
            assert_eq!(s.prisoner_colour(), Some(s.top.other()), "Major at {sq}");
        }
    }
    assert_eq!(p.zobrist(), p.zobrist_from_scratch(), "hash of {p}");
    if p.outcome().is_none() {
        let again: Position = Position::parse_with_rules(&p.to_string(), *p.rules()).unwrap();
        assert_eq!(&again, p, "position string round trip of {p}");
        assert_eq!(again.to_string(), p.to_string());
    }
    for &mv in p.moves().as_slice() {
        assert!(p.is_legal(mv), "generated {mv} is not legal in {p}");
        let again: Move = mv.to_string().parse().unwrap();
        assert_eq!(again, mv);
    }
}

/// make/unmake of every legal move restores the position exactly, and
/// make gives the same position as copy-make.
fn check_make_unmake(p: &mut Position) {
    for &mv in p.moves().as_slice() {
        let before = p.clone();
        let mut copied = p.clone();
        copied.play_unchecked(mv);
        let undo = p.make(mv);
        assert_eq!(*p, copied, "make of {mv}");
        p.unmake(mv, undo);
        assert_eq!(*p, before, "make/unmake of {mv}");
    }
}

/// The plies a random game may last before it must be cycling. Random
/// games that end do so within about 200 plies (the longest of a million
/// on the four boards: 196; of two million on arbitrary boards: 207), but
/// the rules have no repetition draw, and on some small boards a game
/// repeats a position for ever (see the rules test
/// `forward_captures_that_free_a_stone_can_repeat_a_position_for_ever`).
const MAX_PLIES: usize = 2_000;

/// Plays random moves to the end of the game, checking every invariant
/// on the way; a game still going after [`MAX_PLIES`] must repeat a
/// position within the next [`MAX_PLIES`] plies, and is left there.
fn play_out(mut p: Position, seed: u64) {
    let mut rng = SplitMix64::new(seed);
    let mut seen = HashSet::new();
    let mut plies = 0;
    check_invariants(&p);
    while p.outcome().is_none() {
        if plies >= MAX_PLIES && !seen.insert(p.clone()) {
            return;
        }
        assert!(
            plies < 2 * MAX_PLIES,
            "no end and no repetition in {plies} plies: {p}"
        );
        check_make_unmake(&mut p);
        let moves = p.moves();
        let mv = moves[rng.below(moves.len() as u64) as usize];
        p.play(mv).unwrap();
        check_invariants(&p);
        plies += 1;
    }
}

#[test]
fn a_game_that_repeats_for_ever_is_played_past_the_bound_and_left() {
    play_out(common::ENDLESS.parse().unwrap(), 1);
}

fn layout_strategy() -> impl Strategy<Value = Layout> {
    (2usize..=9, 1usize..=8).prop_flat_map(|(w, h)| {
        proptest::collection::vec(
            proptest::collection::vec(
                prop_oneof![4 => Just(Place::Square), 1 => Just(Place::Gap)],
                w,
            ),
            h,
        )
        .prop_map(|rows| Layout { rows })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(board in 1u32..=4, seed in any::<u64>(), limit in prop_oneof![Just(5u8), Just(0u8), 1u8..=8]) {
        let rules = Rules { quiet_move_limit: limit, ..Rules::default() };
        play_out(Position::start_with(Board::standard(board).unwrap(), rules), seed);
    }

    #[test]
    fn random_games_on_arbitrary_boards_keep_every_invariant(layout in layout_strategy(), seed in any::<u64>()) {
        if let Ok(board) = Board::new(&layout) {
            play_out(Position::start_with(board, Rules::default()), seed);
            let again: Board = board.to_string().parse().unwrap();
            prop_assert_eq!(again.layout(), layout);
        }
    }

    #[test]
    fn arbitrary_setups_never_panic_and_keep_invariants(
        layout in layout_strategy(),
        cells in proptest::collection::vec(0u8..8, 64),
        red in any::<bool>(),
        threat_row in proptest::option::of(0u8..8),
        quiet in 0u8..8,
        seed in any::<u64>(),
    ) {
        let Ok(board) = Board::new(&layout) else { return Ok(()) };
        let stacks = board
            .squares()
            .zip(cells)
            .filter_map(|(sq, k)| {
                let s = match k {
                    0 => Stack::stone(Colour::Blue),
                    1 => Stack::stone(Colour::Red),
                    2 => Stack::major(Colour::Blue),
                    3 => Stack::major(Colour::Red),
                    _ => return None,
                };
                Some((sq, s))
            })
            .collect();
        let to_move = if red { Colour::Red } else { Colour::Blue };
        let threat = threat_row.and_then(|r| Square::new(board.start_column(to_move), r));
        let setup = Setup { board, stacks, to_move, threat, quiet };
        if let Ok(p) = Position::from_setup(setup, Rules::default()) {
            play_out(p, seed);
        }
    }

    #[test]
    fn square_and_move_text_round_trips(a in 0u8..16, b in 0u8..16, c in 0u8..16, d in 0u8..16) {
        let from = Square::new(a, b).unwrap();
        let to = Square::new(c, d).unwrap();
        prop_assert_eq!(from.to_string().parse::<Square>(), Ok(from));
        let mv = Move::new(from, to);
        prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        prop_assert_eq!(format!("{from}x{to}").parse::<Move>(), Ok(mv));
    }

    #[test]
    fn arbitrary_strings_never_panic(s in "\\PC{0,80}") {
        let _ = s.parse::<Position>();
        let _ = s.parse::<Board>();
        let _ = s.parse::<Layout>();
        let _ = s.parse::<Move>();
        let _ = s.parse::<Square>();
        let _ = parse_moves(&s);
    }

    #[test]
    fn near_miss_position_strings_never_panic(s in "[1-4-] [.#bBrR/]{0,90} [brx] [a-p1-9-]{1,3} [0-9]{1,3}") {
        if let Ok(p) = s.parse::<Position>() {
            check_invariants(&p);
        }
    }

    #[test]
    fn arbitrary_moves_are_checked_never_panic(board in 1u32..=4, seed in any::<u64>(), a in 0u8..16, b in 0u8..16, c in 0u8..16, d in 0u8..16) {
        let mut rng = SplitMix64::new(seed);
        let plies = rng.below(30) as usize;
        let mut p = common::random_game(Board::standard(board).unwrap(), plies, &mut rng);
        let mv = Move::new(Square::new(a, b).unwrap(), Square::new(c, d).unwrap());
        let legal = p.moves().as_slice().contains(&mv);
        let before = p.clone();
        match p.play(mv) {
            Ok(()) => prop_assert!(legal),
            Err(_) => {
                prop_assert!(!legal);
                prop_assert_eq!(p, before);
            }
        }
    }

    #[test]
    fn unchecked_play_of_any_move_never_panics(board in 1u32..=4, seed in any::<u64>(), moves in proptest::collection::vec((0u8..16, 0u8..16, 0u8..16, 0u8..16), 1..20)) {
        let mut rng = SplitMix64::new(seed);
        let plies = rng.below(30) as usize;
        let mut p = common::random_game(Board::standard(board).unwrap(), plies, &mut rng);
        for (a, b, c, d) in moves {
            p.play_unchecked(Move::new(Square::new(a, b).unwrap(), Square::new(c, d).unwrap()));
            let _ = p.moves();
            let _ = p.to_string();
        }
    }
}

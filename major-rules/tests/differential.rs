//! The fast engine against the simple one of `common`: move lists, whole
//! positions after every move, and perft, on start positions, random games
//! and random setups of random boards.

#![allow(clippy::unwrap_used)]

mod common;

use board_core::{Game, SplitMix64, perft};
use common::{Naive, random_game, sorted_moves};
use major_rules::{Board, Colour, Layout, Place, Position, Rules, Setup, Square, Stack};

fn assert_same(p: &Position, context: &str) {
    let n = Naive::from_position(p);
    assert_eq!(
        sorted_moves(p),
        n.moves(),
        "moves differ at {p} ({context})"
    );
    for &mv in p.moves().as_slice() {
        let mut fast = p.clone();
        fast.play(mv).unwrap();
        let mut slow = n.clone();
        slow.play(mv);
        assert_eq!(
            Naive::from_position(&fast),
            slow,
            "after {mv} from {p} ({context})"
        );
    }
}

#[test]
fn perft_matches_the_simple_generator_from_every_start() {
    for board in Board::all_standard() {
        let p = Position::start(board);
        let n = Naive::from_position(&p);
        for depth in 1..=3 {
            assert_eq!(
                perft(&p, depth),
                n.perft(depth),
                "board {:?} depth {depth}",
                board.number()
            );
        }
    }
}

#[test]
fn random_games_match_the_simple_generator_move_by_move() {
    let mut rng = SplitMix64::new(0x6A_3E);
    for game in 0..120 {
        let board = Board::standard(1 + (game % 4)).unwrap();
        let mut p = Position::start(board);
        while p.outcome().is_none() {
            assert_same(&p, &format!("game {game}"));
            let moves = p.moves();
            let mv = moves[rng.below(moves.len() as u64) as usize];
            p.play(mv).unwrap();
        }
        assert_same(&p, &format!("end of game {game}"));
    }
}

#[test]
fn perft_matches_the_simple_generator_on_random_positions() {
    let mut rng = SplitMix64::new(77);
    for i in 0..60 {
        let board = Board::standard(1 + (i % 4)).unwrap();
        let plies = rng.below(40) as usize;
        let p = random_game(board, plies, &mut rng);
        assert_eq!(perft(&p, 3), Naive::from_position(&p).perft(3), "{p}");
    }
}

/// A random board of at most 8x8 with some gaps, and a random legal setup on
/// it (rejected setups are skipped).
fn random_setup(rng: &mut SplitMix64, rules: Rules) -> Option<Position> {
    let w = 2 + rng.below(7) as usize;
    let h = 1 + rng.below(8) as usize;
    let rows = (0..h)
        .map(|_| {
            (0..w)
                .map(|_| {
                    if rng.below(6) == 0 {
                        Place::Gap
                    } else {
                        Place::Square
                    }
                })
                .collect()
        })
        .collect();
    let board = Board::new(&Layout { rows }).ok()?;
    let mut stacks = Vec::new();
    for sq in board.squares() {
        let k = rng.below(8);
        let stack = match k {
            0 => Stack::stone(Colour::Blue),
            1 => Stack::stone(Colour::Red),
            2 => Stack::major(Colour::Blue),
            3 => Stack::major(Colour::Red),
            _ => continue,
        };
        stacks.push((sq, stack));
    }
    let to_move = if rng.below(2) == 0 {
        Colour::Blue
    } else {
        Colour::Red
    };
    let edge = board.start_column(to_move);
    let threat = if rng.below(3) == 0 {
        Square::new(edge, rng.below(u64::from(board.height())) as u8)
    } else {
        None
    };
    let quiet = rng.below(u64::from(rules.quiet_move_limit.max(1))) as u8;
    Position::from_setup(
        Setup {
            board,
            stacks,
            to_move,
            threat,
            quiet,
        },
        rules,
    )
    .ok()
}

#[test]
fn random_setups_on_random_boards_match_the_simple_generator() {
    let mut rng = SplitMix64::new(4242);
    let mut checked = 0;
    for i in 0..2000 {
        let rules = Rules {
            quiet_move_limit: [5, 2, 0][i % 3],
            ..Rules::default()
        };
        let Some(p) = random_setup(&mut rng, rules) else {
            continue;
        };
        checked += 1;
        assert_same(&p, "random setup");
        assert_eq!(perft(&p, 2), Naive::from_position(&p).perft(2), "{p}");
    }
    assert!(checked > 100, "only {checked} setups were valid");
}

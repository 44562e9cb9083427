//! The computer's levels: legal moves only, the same game for the same
//! seed, decisions from the view alone, and the computer's knowledge kept
//! from public moves equal to the referee's view.
#![cfg(feature = "ai")]

mod common;

use board_core::{Game, Observable, Player};
use board_search::{MatchOptions, Opening, Strategy, play_game, play_match};
use common::shuffle_hidden;
use stratego_rules::ai::{Computer, Greedy, Level, SetupSource, limits};
use stratego_rules::{Army, Position, predefined};

fn start(red: usize, blue: usize) -> Position {
    common::predefined_start(red, blue, 600)
}

#[test]
fn levels_parse_and_are_ordered_by_budget() {
    for level in Level::ALL {
        assert_eq!(level.name().parse(), Ok(level));
        assert_eq!(level.to_string(), level.name());
    }
    assert!("grandmaster".parse::<Level>().is_err());
    let nodes = |l: Level| limits(l).nodes.unwrap_or(u64::MAX);
    assert!(nodes(Level::Medium) < nodes(Level::Hard));
    assert!(nodes(Level::Hard) < nodes(Level::Max));
    assert!(
        Level::ALL.iter().all(|l| limits(*l).time.is_none()),
        "never wall time"
    );
}

/// A whole game between two levels, twice with the same seed: the same
/// moves (play_game checks every move is legal).
#[test]
fn a_game_replays_move_for_move_from_its_seed() {
    let opening = Opening::new(start(2, 5));
    let play = || {
        let mut medium = Computer::new(Level::Medium);
        let mut easy = Computer::new(Level::Easy);
        play_game(&mut medium, &mut easy, &opening, 11, 250, |_| true)
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let (a, b) = (play(), play());
    assert!(a.moves.len() > 20);
    assert_eq!(a.moves, b.moves);
    assert_eq!(a.end, b.end);
}

/// Referee states that differ only in what the mover cannot see get the
/// same move from a fresh computer: it decides from the view alone.
#[test]
fn the_choice_depends_on_the_view_alone() {
    let mut pos = start(1, 6);
    let mut a = Greedy::new(3);
    let mut checked = 0;
    for ply in 0..120u64 {
        if pos.outcome().is_some() {
            break;
        }
        let side = pos.to_move();
        if ply % 10 == 5 {
            let other = shuffle_hidden(&pos, !side, ply);
            assert_eq!(other.view(side), pos.view(side));
            let mut c1 = Computer::new(Level::Medium);
            let mut c2 = Computer::new(Level::Medium);
            c1.new_game(&pos, 1).unwrap_or_else(|e| panic!("{e}"));
            c2.new_game(&other, 1).unwrap_or_else(|e| panic!("{e}"));
            let m1 = c1.choose(&pos).unwrap_or_else(|e| panic!("{e}")).mv;
            let m2 = c2.choose(&other).unwrap_or_else(|e| panic!("{e}")).mv;
            assert_eq!(m1, m2, "ply {ply}");
            checked += 1;
        }
        let mv = a.choose(&pos).unwrap_or_else(|e| panic!("{e}")).mv;
        pos.play(mv).unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(checked >= 8);
}

/// The computer's trackers, fed the public moves of a game, keep exactly
/// the referee's view of each side.
#[test]
fn the_computer_follows_the_game_from_public_moves() {
    let mut pos = start(3, 4);
    let mut computer = Computer::new(Level::Medium);
    computer.new_game(&pos, 5).unwrap_or_else(|e| panic!("{e}"));
    let mut greedy = Greedy::new(9);
    for _ in 0..200 {
        if pos.outcome().is_some() {
            break;
        }
        let mv = greedy.choose(&pos).unwrap_or_else(|e| panic!("{e}")).mv;
        let before = pos.clone();
        pos.play(mv).unwrap_or_else(|e| panic!("{e}"));
        computer
            .played(&before, mv, &pos)
            .unwrap_or_else(|e| panic!("{e}"));
        for side in Player::ALL {
            assert_eq!(computer.view(side), Some(&pos.view(side)));
        }
    }
}

/// A short match between the two fast levels through the computer-player
/// layer: every game finishes, colours swapped.
#[test]
fn medium_plays_a_match_against_easy() {
    let openings = [Opening::new(start(0, 7))];
    let r = play_match(
        &mut Computer::new(Level::Medium),
        &mut Computer::new(Level::Easy),
        &openings,
        &MatchOptions::games(2).with_max_plies(601),
        |_, _| {},
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.games(), 2);
    println!("medium vs easy: {:?}", r.wdl);
    assert!(r.wdl.wins >= 1, "{:?}", r.wdl);
}

#[test]
fn setups_come_from_the_source_with_the_seed() {
    let text: String = predefined()
        .iter()
        .map(|(_, d)| d.to_gravon() + "\n")
        .collect();
    let (source, skipped) = SetupSource::parse(&text, Army::Classic);
    assert_eq!((source.len(), skipped), (8, 0));
    let mut a = Computer::new(Level::Hard).with_setups(source.clone());
    let mut b = Computer::new(Level::Hard).with_setups(source);
    a.reseed(4);
    b.reseed(4);
    let (da, db) = (a.setup(Army::Classic), b.setup(Army::Classic));
    assert_eq!(da, db);
    assert!(da.is_valid(Army::Classic));
    assert!(
        Computer::new(Level::Easy)
            .setup(Army::Barrage)
            .is_valid(Army::Barrage)
    );
}

//! Levels: deterministic for a fixed budget; legal games to the end,
//! played through board-search's computer-player layer.

use board_search::{GameEnd, MatchOptions, Opening, Strategy, play_game, play_match};
use reversi_rules::ai::{Computer, Level};
use reversi_rules::{Move, Position};

fn opening() -> Opening<Position> {
    let moves: Vec<Move> = ["f5", "d6", "c3", "d3"]
        .iter()
        .filter_map(|m| m.parse().ok())
        .collect();
    Opening::with_moves(Position::start(), moves)
}

#[test]
fn a_level_game_replays_identically() {
    let play = || {
        let (mut a, mut b) = (Computer::new(Level::Medium), Computer::new(Level::Easy));
        play_game(&mut a, &mut b, &opening(), 0, 200, |_| true).expect("a legal game")
    };
    let first = play();
    assert_eq!(first, play());
    assert!(first.moves.len() >= 60, "{} moves", first.moves.len());
    assert!(matches!(first.end, GameEnd::Over(_)));
    assert_eq!(first.opening, 4);
}

#[test]
fn levels_parse_and_name() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
    }
    assert!("grandmaster".parse::<Level>().is_err());
}

#[test]
fn baseline_and_pattern_computers_move_legally() {
    let (mut a, mut b) = (Computer::baseline(Level::Easy), Computer::new(Level::Easy));
    let start = Opening::new(Position::start());
    let rec = play_game(&mut a, &mut b, &start, 0, 200, |_| true).expect("a legal game");
    let counts = rec.last.disc_counts();
    assert!(counts.first + counts.second <= 64);
    assert!(rec.outcome().is_some());
}

#[test]
fn the_computer_passes_when_it_must_and_has_no_move_when_the_game_is_over() {
    // White to move with no legal move: the only move is the pass.
    let pos: Position = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO- O"
        .parse()
        .expect("a position");
    assert!(pos.must_pass() && !pos.is_game_over());
    let choice = Computer::new(Level::Easy).choose(&pos).expect("a move");
    assert_eq!(choice.mv, Move::Pass);
    let over: Position = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX O"
        .parse()
        .expect("a position");
    assert!(Computer::new(Level::Easy).choose(&over).is_err());
}

#[test]
fn a_short_match_between_levels_counts_both_colours() {
    let text = "2001 f5d6c3d3c4f4f6f3e6e7 40-24\n2002 f5f6e6f4e3c5c4d3c3d6 33-31\n";
    let openings: Vec<Opening<Position>> = reversi_rules::wthor::frequent_openings(text, 4, 2)
        .into_iter()
        .map(|moves| Opening::with_moves(Position::start(), moves))
        .collect();
    assert_eq!(openings.len(), 2);
    let result = play_match(
        &mut Computer::new(Level::Medium),
        &mut Computer::new(Level::Easy),
        &openings,
        &MatchOptions::games(4),
        |g, _| assert_eq!(g.record.opening, 4),
    )
    .expect("legal games");
    assert_eq!(result.games(), 4);
    assert_eq!(result.by_side.first.games(), 2);
}

/// The timed setting searches on several threads within its time a move,
/// and a computer switched to it and back plays legal moves throughout.
#[test]
fn the_timed_setting_keeps_to_its_time_on_two_threads() {
    use std::time::{Duration, Instant};

    use board_core::Game;
    use reversi_rules::ai::{Budget, limits};

    let mut computer = Computer::new(Level::Easy);
    let pos = Position::start();
    computer.set_budget(Budget::timed(Duration::from_millis(200)).with_threads(2));
    assert_eq!(computer.budget().threads, 2);
    let started = Instant::now();
    let choice = computer.choose(&pos).expect("a move");
    assert!(pos.is_legal(choice.mv));
    // 0.2 s a move, with a wide margin for a loaded machine; without the
    // time limit the search (60 plies) would not end.
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert!(
        choice.depth > 1,
        "deeper than easy in 0.2 s: {}",
        choice.depth
    );
    computer.set_budget(limits(Level::Easy));
    let again = computer.choose(&pos).expect("a move");
    assert_eq!(again.depth, 1, "back to easy's one ply");
}

//! One test per rule of the specification (`../shared/specs/fanorona.md`).

#![allow(clippy::unwrap_used)] // test helpers, like tests, fail loudly

use board_core::{Game, Outcome};
use fanorona_rules::{BLACK, IllegalMoveError, Move, Position, Rules, Square, WHITE};

fn pos(s: &str) -> Position {
    s.parse().unwrap()
}

fn pt(s: &str) -> Square {
    s.parse().unwrap()
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn after(p: &Position, m: &str) -> Position {
    let mut p = p.clone();
    p.play(mv(m)).unwrap();
    p
}

#[test]
fn start_position_rows_1_2_white_rows_4_5_black_centre_empty() {
    let start = Position::new();
    assert_eq!(start.count(WHITE), 22);
    assert_eq!(start.count(BLACK), 22);
    assert_eq!(start.at(pt("e3")), None);
    for p in ["a3", "c3", "f3", "h3", "a1", "i2"] {
        assert_eq!(start.at(pt(p)), Some(WHITE), "{p}");
    }
    for p in ["b3", "d3", "g3", "i3", "a4", "i5"] {
        assert_eq!(start.at(pt(p)), Some(BLACK), "{p}");
    }
    assert_eq!(
        start.to_string(),
        "BBBBBBBBB/BBBBBBBBB/WBWB1WBWB/WWWWWWWWW/WWWWWWWWW w 0 1"
    );
}

#[test]
fn white_moves_first() {
    assert_eq!(Position::new().to_move(), WHITE);
    assert_eq!(after(&Position::new(), "d2-e3a").to_move(), BLACK);
}

#[test]
fn approach_captures_the_stone_in_front_and_its_unbroken_line() {
    // a1 steps to b1 towards c1, d1, e1; the gap at f1 protects g1.
    let p = pos("9/9/9/9/W1BBB1B2 w");
    assert_eq!(moves(&p), ["a1-b1a"]);
    let q = after(&p, "a1-b1a");
    assert_eq!(q.count(BLACK), 1);
    assert_eq!(q.at(pt("g1")), Some(BLACK));
    assert_eq!(q.at(pt("b1")), Some(WHITE));
}

#[test]
fn withdrawal_captures_the_stone_behind_and_its_line_up_to_an_own_stone() {
    // c1 steps away from b1 to d1; the line b1 is taken, a1 is White's own.
    let p = pos("9/9/9/9/WBW6 w");
    assert_eq!(moves(&p), ["c1-d1w"]);
    let q = after(&p, "c1-d1w");
    assert_eq!(q.count(BLACK), 0);
    assert_eq!(q.count(WHITE), 2);
    // A longer line: c1, b1, a1 all go.
    let q = after(&pos("9/9/9/9/BBBW5 w"), "d1-e1w");
    assert_eq!(q.count(BLACK), 0);
}

#[test]
fn a_step_capturing_both_ways_is_two_moves_each_taking_one_line() {
    let p = pos("9/9/3BW1B2/9/9 w");
    assert_eq!(moves(&p), ["e3-f3a", "e3-f3w"]);
    let a = after(&p, "e3-f3a");
    assert_eq!((a.at(pt("g3")), a.at(pt("d3"))), (None, Some(BLACK)));
    let w = after(&p, "e3-f3w");
    assert_eq!((w.at(pt("g3")), w.at(pt("d3"))), (Some(BLACK), None));
    // The relaxed notation needs the letter here.
    assert!(p.parse_move("e3-f3").is_err());
}

#[test]
fn captures_are_compulsory_paika_is_illegal_while_any_capture_exists() {
    // a5 could step, but e3 can capture.
    let p = pos("W8/9/3BW1B2/9/9 w");
    assert!(p.moves().iter().all(|m| m.is_capture()));
    let mut q = p.clone();
    assert_eq!(
        q.play(mv("a5-b5")),
        Err(IllegalMoveError::CaptureCompulsory)
    );
    assert_eq!(q, p);
}

#[test]
fn paika_is_legal_only_when_no_capture_exists() {
    let p = pos("8B/9/9/9/W8 w");
    assert_eq!(moves(&p), ["a1-a2", "a1-b1", "a1-b2"]);
    assert!(!after(&p, "a1-b2").moves().iter().any(|m| m.is_capture()));
}

#[test]
fn the_same_stone_may_go_on_capturing_and_stop_after_any_capture() {
    // c1-d1 withdraws from b1; then d1-d2 approaches d3. Both stopping
    // points are moves.
    let p = pos("9/9/3B5/9/1BW2B3 w");
    assert_eq!(moves(&p), ["c1-d1w", "c1-d1w-d2a"]);
    assert_eq!(after(&p, "c1-d1w").to_move(), BLACK);
    assert_eq!(after(&p, "c1-d1w-d2a").count(BLACK), 1);
}

#[test]
fn never_the_same_direction_twice_in_a_row() {
    // After c1-d1 (east, withdrawing from b1), d1-e1 east would approach
    // f1: forbidden.
    let p = pos("9/9/9/9/1BW2B3 w");
    assert_eq!(moves(&p), ["c1-d1w"]);
    let mut q = p.clone();
    assert_eq!(
        q.play(mv("c1-d1w-e1a")),
        Err(IllegalMoveError::SameDirection {
            step: 2,
            direction: fanorona_rules::Direction::East
        })
    );
}

#[test]
fn never_back_onto_a_point_visited_this_turn_start_included() {
    // c1-d2 approaches e3, d2-d1 withdraws from d3, d1-c1 would approach
    // b1 but returns to the start point.
    let p = pos("9/9/3BB4/9/1BW6 w");
    let mut q = p.clone();
    assert_eq!(
        q.play(mv("c1-d2a-d1w-c1a")),
        Err(IllegalMoveError::Revisit {
            step: 3,
            to: pt("c1")
        })
    );
    assert!(moves(&p).contains(&"c1-d2a-d1w".to_owned()));
    assert!(!moves(&p).iter().any(|m| m.starts_with("c1-d2a-d1w-")));
}

#[test]
fn diagonal_steps_only_along_diagonal_lines_at_strong_points() {
    // b1 is not a strong point: no diagonal step from it.
    let p = pos("8B/9/9/9/1W7 w");
    assert_eq!(moves(&p), ["b1-a1", "b1-b2", "b1-c1"]);
    assert!("b1-c2".parse::<Move>().is_err());
}

#[test]
fn capturing_every_enemy_stone_wins() {
    let p = pos("9/9/9/9/W1B6 w");
    let q = after(&p, "a1-b1a");
    assert_eq!(q.outcome(), Some(Outcome::Win(WHITE)));
    assert!(q.moves().is_empty());
}

#[test]
fn a_player_to_move_without_a_legal_move_loses() {
    let p = pos("9/9/9/WW7/BW7 b");
    assert_eq!(p.outcome(), Some(Outcome::Win(WHITE)));
    assert!(p.moves().is_empty());
    let mut q = p.clone();
    assert_eq!(q.play(mv("a1-a2")), Err(IllegalMoveError::GameOver));
}

fn shuffle(rules: Rules, plies: usize) -> Position {
    let mut p = Position::parse_with_rules("8B/9/9/9/W8 w", rules).unwrap();
    for m in ["a1-b1", "i5-h5", "b1-a1", "h5-i5"]
        .iter()
        .cycle()
        .take(plies)
    {
        assert_eq!(p.outcome(), None);
        p.play(mv(m)).unwrap();
    }
    p
}

#[test]
fn third_occurrence_of_a_position_draws() {
    let rules = Rules::default();
    assert_eq!(shuffle(rules, 7).outcome(), None);
    let p = shuffle(rules, 8);
    assert_eq!(p.occurrences(), 3);
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    // The number of occurrences is a rules parameter.
    assert_eq!(
        shuffle(Rules::new(2, 40).unwrap(), 4).outcome(),
        Some(Outcome::Draw)
    );
}

#[test]
fn forty_moves_without_capture_draw() {
    let mut p = pos("8B/9/9/9/W8 w 39 20");
    assert_eq!(p.outcome(), None);
    p.play(mv("a1-b1")).unwrap();
    assert_eq!(p.no_capture_moves(), 40);
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    // The limit is a rules parameter.
    let mut p = Position::parse_with_rules("8B/9/9/9/W8 w", Rules::new(3, 3).unwrap()).unwrap();
    for m in ["a1-b1", "i5-h5", "b1-c1"] {
        assert_eq!(p.outcome(), None);
        p.play(mv(m)).unwrap();
    }
    assert_eq!(p.outcome(), Some(Outcome::Draw));
}

#[test]
fn a_capture_resets_the_no_capture_counter() {
    let p = pos("9/9/3BW1B2/9/W8 w 12 7");
    let q = after(&p, "e3-f3a");
    assert_eq!(q.no_capture_moves(), 0);
    assert_eq!(q.fullmove_number(), 7);
    assert_eq!(after(&q, "d3-e3a").fullmove_number(), 8);
}

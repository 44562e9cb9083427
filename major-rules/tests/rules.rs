//! One test per rule and per decision of the spec (`shared/specs/major.md`),
//! named after it.

#![allow(clippy::unwrap_used)]

mod common;

use board_core::{Game, Outcome, Player};
use common::winner_of;
use major_rules::{
    Board, Colour, IllegalMoveError, Move, NoMoveResult, Position, Rules, Square, Stack,
};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// A position on board 1 from eight rows of eight places.
fn classic(rows: [&str; 8], side: &str, threat: &str, quiet: u8) -> Position {
    format!("1 {} {side} {threat} {quiet}", rows.join("/"))
        .parse()
        .unwrap()
}

fn classic_with(rows: [&str; 8], side: &str, quiet: u8, rules: Rules) -> Position {
    Position::parse_with_rules(&format!("1 {} {side} - {quiet}", rows.join("/")), rules).unwrap()
}

fn targets(p: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut v: Vec<String> = p
        .moves()
        .iter()
        .filter(|m| m.from == from)
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v
}

fn play(p: &mut Position, m: &str) {
    p.play(mv(m)).unwrap_or_else(|e| panic!("{m} in {p}: {e}"));
}

#[test]
fn start_blue_on_first_column_red_on_last_column() {
    for board in Board::all_standard() {
        let p = Position::start(board);
        for colour in Colour::ALL {
            let col = board.start_column(colour);
            let stones: Vec<Square> = p
                .stacks()
                .filter(|(_, s)| *s == Stack::stone(colour))
                .map(|(sq, _)| sq)
                .collect();
            assert_eq!(stones.len(), usize::from(board.height()));
            assert!(stones.iter().all(|s| s.column() == col));
        }
    }
    let p = Position::start(Board::standard(1).unwrap());
    assert_eq!(p.stack(sq("a1")), Some(Stack::stone(Colour::Blue)));
    assert_eq!(p.stack(sq("h8")), Some(Stack::stone(Colour::Red)));
}

#[test]
fn decision_blue_moves_first_and_players_alternate() {
    let mut p = Position::start(Board::standard(1).unwrap());
    assert_eq!(p.side_to_move(), Colour::Blue);
    assert_eq!(p.to_move(), Player::First);
    play(&mut p, "a4-b4");
    assert_eq!(p.side_to_move(), Colour::Red);
    assert_eq!(p.to_move(), Player::Second);
    // Red cannot move twice, Blue cannot move out of turn.
    assert!(matches!(
        p.play(mv("b4-c4")),
        Err(IllegalMoveError::NotOwnPiece { .. })
    ));
    play(&mut p, "h4-g4");
    assert_eq!(p.side_to_move(), Colour::Blue);
}

#[test]
fn decision_rules_may_let_red_move_first() {
    let rules = Rules {
        first: Colour::Red,
        ..Rules::default()
    };
    let p = Position::start_with(Board::standard(1).unwrap(), rules);
    assert_eq!(p.side_to_move(), Colour::Red);
    assert_eq!(p.to_move(), Player::First);
    assert_eq!(p.colour(Player::First), Colour::Red);
    assert!(p.moves().iter().all(|m| m.from.column() == 7));
}

const EMPTY: &str = "........";

#[test]
fn stone_moves_one_square_in_any_direction_but_backward_only_to_capture() {
    let p = classic(
        [
            EMPTY, EMPTY, EMPTY, "...b....", EMPTY, EMPTY, EMPTY, ".......r",
        ],
        "b",
        "-",
        0,
    );
    // Forward three, sideways two; no backward move onto empty squares.
    assert_eq!(targets(&p, "d4"), ["d3", "d5", "e3", "e4", "e5"]);
    assert!(matches!(
        p.check(mv("d4-c4")),
        Err(IllegalMoveError::BackwardWithoutCapture { .. })
    ));
    let p = classic(
        [
            EMPTY, EMPTY, EMPTY, "..rb....", EMPTY, EMPTY, EMPTY, ".......r",
        ],
        "b",
        "-",
        0,
    );
    assert_eq!(targets(&p, "d4"), ["c4", "d3", "d5", "e3", "e4", "e5"]);
    assert!(matches!(
        p.check(mv("d4-f4")),
        Err(IllegalMoveError::WrongDistance { major: false, .. })
    ));
}

#[test]
fn sideways_moves_are_always_allowed() {
    let p = classic(
        [
            EMPTY, EMPTY, EMPTY, "...b....", EMPTY, EMPTY, EMPTY, ".......r",
        ],
        "b",
        "-",
        0,
    );
    assert!(p.is_legal(mv("d4-d3")) && p.is_legal(mv("d4-d5")));
    let p = classic(
        [
            EMPTY, EMPTY, EMPTY, "...R....", EMPTY, EMPTY, EMPTY, "b.......",
        ],
        "r",
        "-",
        0,
    );
    assert!(p.is_legal(mv("d4-d2")) && p.is_legal(mv("d4-d6")));
}

#[test]
fn red_moves_leftwards() {
    let p = classic(
        [
            EMPTY, EMPTY, EMPTY, "....r...", EMPTY, EMPTY, EMPTY, "b.......",
        ],
        "r",
        "-",
        0,
    );
    assert_eq!(targets(&p, "e4"), ["d3", "d4", "d5", "e3", "e5"]);
}

#[test]
fn major_moves_exactly_two_squares_with_sixteen_targets() {
    // A Blue Major alone in the middle: 5 + 2 + 2 forward and sideways.
    let p = classic(
        [
            EMPTY, EMPTY, EMPTY, "...B....", EMPTY, EMPTY, EMPTY, ".......r",
        ],
        "b",
        "-",
        0,
    );
    assert_eq!(
        targets(&p, "d4"),
        ["d2", "d6", "e2", "e6", "f2", "f3", "f4", "f5", "f6"]
    );
    // Backward targets only with an enemy there: all 16 with enemies behind.
    let p = classic(
        [
            EMPTY, ".rr.....", ".r......", ".r.B....", ".r......", ".rr.....", EMPTY, EMPTY,
        ],
        "b",
        "-",
        0,
    );
    assert_eq!(
        p.moves().iter().filter(|m| m.from == sq("d4")).count(),
        9 + 7
    );
    assert!(matches!(
        p.check(mv("d4-e4")),
        Err(IllegalMoveError::WrongDistance { major: true, .. })
    ));
}

#[test]
fn major_jumps_over_pieces_and_gaps() {
    let p = classic(
        [
            EMPTY, EMPTY, EMPTY, "...Bbr..", "....r...", EMPTY, EMPTY, EMPTY,
        ],
        "b",
        "-",
        0,
    );
    assert!(p.is_legal(mv("d4-f4")), "over an own piece onto an enemy");
    assert!(p.is_legal(mv("d4-f5")), "knight jump");
    // Board 3: e4 is a gap between d4 and f4.
    let mut p: Position =
        "3 ........./........./...#.#.../...B#..../...#.#.../........./........r b - 0"
            .parse()
            .unwrap();
    assert!(p.board().is_gap(sq("e4")));
    play(&mut p, "d4-f4");
    assert_eq!(p.stack(sq("f4")), Some(Stack::major(Colour::Blue)));
}

#[test]
fn no_move_onto_a_gap_off_the_board_or_an_own_piece() {
    let p: Position =
        "3 ........./........./...#.#.../..b.#..../...#.#.../........./........r b - 0"
            .parse()
            .unwrap();
    assert_eq!(targets(&p, "c4"), ["c3", "c5", "d4"]);
    assert!(matches!(
        p.check(mv("c4-d3")),
        Err(IllegalMoveError::OntoGap { .. })
    ));
    let p = classic(
        [
            "bb......", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, ".......r",
        ],
        "b",
        "-",
        0,
    );
    assert_eq!(targets(&p, "a1"), ["a2", "b2"]);
    assert!(matches!(
        p.check(mv("a1-b1")),
        Err(IllegalMoveError::OntoOwnPiece { .. })
    ));
    assert!(matches!(
        p.check(mv("a1-i1")),
        Err(IllegalMoveError::OffBoard { .. })
    ));
}

#[test]
fn capture_stone_takes_stone_and_becomes_a_major() {
    let mut p = classic(
        [
            EMPTY, EMPTY, EMPTY, "...br...", EMPTY, EMPTY, EMPTY, ".......r",
        ],
        "b",
        "-",
        0,
    );
    play(&mut p, "d4xe4");
    assert_eq!(p.stack(sq("e4")), Some(Stack::major(Colour::Blue)));
    assert_eq!(p.stack(sq("d4")), None);
    assert_eq!(p.prisoners(Colour::Red), 1);
    assert_eq!(p.free_pieces(Colour::Red), 1);
}

#[test]
fn capture_stone_takes_major_and_frees_its_prisoner() {
    let mut p = classic(
        [
            "b.......", EMPTY, EMPTY, "...bR...", EMPTY, EMPTY, EMPTY, ".......r",
        ],
        "b",
        "-",
        0,
    );
    play(&mut p, "d4-e4");
    // The Major's top piece becomes the prisoner of the capturer ...
    assert_eq!(p.stack(sq("e4")), Some(Stack::major(Colour::Blue)));
    assert_eq!(p.prisoners(Colour::Red), 1);
    // ... and its prisoner (Blue) is freed.
    assert_eq!(p.prisoners(Colour::Blue), 0);
    assert_eq!(p.free_pieces(Colour::Blue), 3);
}

#[test]
fn capture_major_takes_stone_and_removes_it() {
    let mut p = classic(
        [
            EMPTY, EMPTY, EMPTY, "...B.r..", EMPTY, EMPTY, EMPTY, ".......r",
        ],
        "b",
        "-",
        0,
    );
    let removed = p.removed(Colour::Red);
    play(&mut p, "d4-f4");
    assert_eq!(p.stack(sq("f4")), Some(Stack::major(Colour::Blue)));
    assert_eq!(p.prisoners(Colour::Red), 1, "the Major keeps its prisoner");
    assert_eq!(p.removed(Colour::Red), removed + 1);
    assert_eq!(p.free_pieces(Colour::Red), 1);
}

#[test]
fn capture_major_takes_major_and_removes_both_nobody_freed() {
    let mut p = classic(
        [
            "........", EMPTY, EMPTY, "...B.R..", EMPTY, EMPTY, EMPTY, ".......r",
        ],
        "b",
        "-",
        0,
    );
    let removed = [p.removed(Colour::Blue), p.removed(Colour::Red)];
    play(&mut p, "d4-f4");
    assert_eq!(p.stack(sq("f4")), Some(Stack::major(Colour::Blue)));
    assert_eq!(p.removed(Colour::Red), removed[1] + 1);
    assert_eq!(
        p.removed(Colour::Blue),
        removed[0] + 1,
        "the captured Major's prisoner is removed, not freed"
    );
    assert_eq!(p.free_pieces(Colour::Blue), 1);
    assert_eq!(p.stack(sq("a1")), None);
}

#[test]
fn freeing_places_the_stone_on_the_topmost_free_square_of_the_start_edge() {
    let mut p = classic(
        [
            "b.......", EMPTY, EMPTY, "...bR...", EMPTY, EMPTY, EMPTY, ".......r",
        ],
        "b",
        "-",
        0,
    );
    play(&mut p, "d4-e4");
    assert_eq!(p.stack(sq("a2")), Some(Stack::stone(Colour::Blue)));
    // Red frees onto its own edge, column h, top first.
    let mut p = classic(
        [
            EMPTY, EMPTY, EMPTY, "...Br...", EMPTY, EMPTY, EMPTY, "b.......",
        ],
        "r",
        "-",
        0,
    );
    play(&mut p, "e4-d4");
    assert_eq!(p.stack(sq("h1")), Some(Stack::stone(Colour::Red)));
    assert_eq!(p.stack(sq("d4")), Some(Stack::major(Colour::Red)));
}

#[test]
fn freeing_may_use_the_square_the_capturer_left() {
    let mut p = classic(
        [
            "b.......", ".R......", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, ".......r",
        ],
        "b",
        "-",
        0,
    );
    play(&mut p, "a1-b2");
    assert_eq!(p.stack(sq("a1")), Some(Stack::stone(Colour::Blue)));
}

#[test]
fn freed_stone_may_move_from_the_owners_next_turn() {
    let mut p = classic(
        [
            "b.......", EMPTY, EMPTY, "...bR...", EMPTY, EMPTY, EMPTY, ".......r",
        ],
        "b",
        "-",
        0,
    );
    play(&mut p, "d4-e4");
    play(&mut p, "h8-g8");
    assert!(p.is_legal(mv("a2-b2")));
}

#[test]
fn decision_freed_stone_is_removed_when_the_start_edge_is_full() {
    // Blue's edge is a1 and a2 (a3, a4 are gaps), both held by Red.
    let mut p: Position = "- r.../r.../#bR./#... b - 0".parse().unwrap();
    assert_eq!(p.board().start_stones(Colour::Blue), 2);
    play(&mut p, "b3-c3");
    assert_eq!(p.stack(sq("c3")), Some(Stack::major(Colour::Blue)));
    assert_eq!(p.free_pieces(Colour::Blue), 1);
    assert_eq!(p.removed(Colour::Blue), 1);
}

fn breakthrough_setup() -> Position {
    // Blue g4 steps onto h4; Red's h5 can capture it, Red's b4 can land on
    // Blue's edge instead.
    classic(
        [
            "b.......", EMPTY, EMPTY, ".r....b.", ".......r", EMPTY, EMPTY, EMPTY,
        ],
        "b",
        "-",
        0,
    )
}

#[test]
fn breakthrough_wins_if_the_opponent_does_not_capture_next_move() {
    let mut p = breakthrough_setup();
    play(&mut p, "g4-h4");
    assert_eq!(p.threat(), Some(sq("h4")));
    assert_eq!(p.outcome(), None);
    play(&mut p, "h5-g5");
    assert_eq!(winner_of(&p), Some(Colour::Blue));
    assert!(p.moves().is_empty(), "a finished game has no legal moves");
}

#[test]
fn breakthrough_captured_lets_the_game_go_on() {
    let mut p = breakthrough_setup();
    play(&mut p, "g4-h4");
    play(&mut p, "h5xh4");
    assert_eq!(p.outcome(), None);
    assert_eq!(p.threat(), None);
    assert_eq!(p.stack(sq("h4")), Some(Stack::major(Colour::Red)));
}

#[test]
fn breakthrough_can_be_answered_by_a_major_two_squares_away() {
    let mut p = classic(
        [
            EMPTY, ".......R", EMPTY, "......b.", EMPTY, EMPTY, EMPTY, "r.......",
        ],
        "b",
        "-",
        0,
    );
    play(&mut p, "g4-h4");
    assert_eq!(p.threat(), Some(sq("h4")));
    assert_eq!(p.moves().iter().filter(|m| m.to == sq("h4")).count(), 1);
}

#[test]
fn decision_breakthrough_without_a_capturing_reply_ends_the_game_at_once() {
    let mut p = classic(
        [
            EMPTY, EMPTY, EMPTY, ".r....b.", EMPTY, EMPTY, EMPTY, "........",
        ],
        "b",
        "-",
        0,
    );
    play(&mut p, "g4-h4");
    assert_eq!(winner_of(&p), Some(Colour::Blue));
    // The unanswerable threat stays, so the text form reads back as the
    // same finished game.
    assert_eq!(p.threat().map(|t| t.to_string()), Some("h4".to_owned()));
    assert_eq!(p.to_string().parse::<Position>(), Ok(p.clone()));
    assert!(p.moves().is_empty());
}

#[test]
fn decision_a_reply_landing_on_the_other_edge_does_not_save_the_opponent() {
    let mut p = breakthrough_setup();
    play(&mut p, "g4-h4");
    play(&mut p, "b4-a4");
    assert_eq!(winner_of(&p), Some(Colour::Blue));
}

#[test]
fn no_free_stones_loses_prisoners_do_not_count() {
    let mut p = classic(
        [
            EMPTY, EMPTY, EMPTY, "...br...", EMPTY, EMPTY, EMPTY, "b.......",
        ],
        "b",
        "-",
        0,
    );
    play(&mut p, "d4xe4");
    assert_eq!(p.prisoners(Colour::Red), 1);
    assert_eq!(winner_of(&p), Some(Colour::Blue));
    // A position given with no free Red piece is already decided.
    let p = classic(
        [EMPTY, EMPTY, EMPTY, "...B....", EMPTY, EMPTY, EMPTY, EMPTY],
        "r",
        "-",
        0,
    );
    assert_eq!(winner_of(&p), Some(Colour::Blue));
}

/// Red's only stone d1 is walled in by gaps.
const WALLED: &str = "- b..#r/b..## b - 0";

#[test]
fn decision_no_legal_move_loses() {
    let mut p: Position = WALLED.parse().unwrap();
    assert_eq!(p.outcome(), None);
    p.play(mv("a1-b1")).unwrap();
    assert_eq!(winner_of(&p), Some(Colour::Blue));
}

#[test]
fn decision_no_legal_move_may_be_a_draw_by_rules() {
    let rules = Rules {
        no_legal_move: NoMoveResult::Draw,
        ..Rules::default()
    };
    let mut p = Position::parse_with_rules(WALLED, rules).unwrap();
    p.play(mv("a1-b1")).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::Draw));
}

#[test]
fn stalemate_draw_after_five_plies_without_a_forward_move() {
    let rows = [
        "b.......", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, ".......r",
    ];
    let mut p = classic(rows, "b", "-", 0);
    for (i, m) in ["a1-a2", "h8-h7", "a2-a1", "h7-h8"].iter().enumerate() {
        play(&mut p, m);
        assert_eq!(usize::from(p.quiet()), i + 1);
        assert_eq!(p.outcome(), None);
    }
    let mut q = p.clone();
    play(&mut p, "a1-a2");
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    // A forward move resets the count.
    play(&mut q, "a1-b1");
    assert_eq!(q.quiet(), 0);
    assert_eq!(q.outcome(), None);
}

#[test]
fn stalemate_count_is_not_reset_by_a_capture_that_is_not_forward() {
    let mut p = classic(
        [
            EMPTY, EMPTY, EMPTY, "..rb....", EMPTY, EMPTY, EMPTY, ".......r",
        ],
        "b",
        "-",
        4,
    );
    play(&mut p, "d4xc4");
    assert_eq!(p.outcome(), Some(Outcome::Draw));
}

/// The spec has no repetition rule. Where each side's only move is a
/// forward capture that frees a stone back onto its own edge, every ply is
/// forward, the quiet count stays 0 and the position repeats for ever (a
/// random game on an arbitrary 3x3 board found it). Code that plays whole
/// games on boards of its own must bound their length.
#[test]
fn forward_captures_that_free_a_stone_can_repeat_a_position_for_ever() {
    let start: Position = common::ENDLESS.parse().unwrap();
    let mut p = start.clone();
    for _ in 0..3 {
        for (only, after) in [("c1-b2", "- b#r/#R#/.#. b - 0"), ("a1-b2", common::ENDLESS)] {
            assert_eq!(p.moves().as_slice(), [mv(only)], "{p}");
            play(&mut p, only);
            assert_eq!(p.to_string(), after);
            assert_eq!(p.quiet(), 0);
            assert_eq!(p.outcome(), None);
        }
    }
    assert_eq!(p, start);
}

#[test]
fn quiet_move_limit_is_a_rule_parameter() {
    let rows = [
        "b.......", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, ".......r",
    ];
    assert_eq!(Rules::default().quiet_move_limit, 5);
    let mut p = classic_with(
        rows,
        "b",
        2,
        Rules {
            quiet_move_limit: 3,
            ..Rules::default()
        },
    );
    play(&mut p, "a1-a2");
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    let mut p = classic_with(
        rows,
        "b",
        200,
        Rules {
            quiet_move_limit: 0,
            ..Rules::default()
        },
    );
    play(&mut p, "a1-a2");
    assert_eq!(p.outcome(), None, "limit 0 turns the rule off");
}

#[test]
fn check_order_breakthrough_is_judged_before_the_quiet_draw() {
    // Blue's h3 moves sideways along Red's edge at quiet count 4: the
    // uncapturable breakthrough wins before the count reaches the limit.
    let mut p = classic(
        [
            EMPTY, EMPTY, ".......b", EMPTY, EMPTY, EMPTY, EMPTY, "..r.....",
        ],
        "b",
        "-",
        4,
    );
    play(&mut p, "h3-h4");
    assert_eq!(winner_of(&p), Some(Colour::Blue));
}

#[test]
fn check_order_quiet_draw_is_judged_before_no_legal_move() {
    // Red's e1 is walled in; Blue's sideways a1-a2 at count 4 reaches the
    // limit: a draw, although Red then has no legal move.
    let mut p: Position = "- b..#r/...## b - 4".parse().unwrap();
    play(&mut p, "a1-a2");
    assert_eq!(p.outcome(), Some(Outcome::Draw));
}

#[test]
fn perft_counts_no_moves_in_a_finished_game() {
    let mut p = breakthrough_setup();
    play(&mut p, "g4-h4");
    play(&mut p, "h5-g5");
    assert_eq!(board_core::perft(&p, 1), 0);
    assert!(matches!(
        p.play(mv("a1-b1")),
        Err(IllegalMoveError::GameOver { .. })
    ));
}

#[test]
fn a_setup_error_lists_every_problem_and_hands_the_setup_back() {
    use major_rules::{Setup, SetupProblem};
    // Board 3 has gaps.
    let board = Board::standard(3).unwrap();
    let gap = (0..board.width())
        .flat_map(|c| (0..board.height()).filter_map(move |r| Square::new(c, r)))
        .find(|&sq| board.is_gap(sq))
        .expect("board 3 has gaps");
    let mut setup = Setup::start(board);
    let (first_square, first_stack) = setup.stacks[0];
    setup.stacks.push((gap, Stack::stone(Colour::Red)));
    setup.stacks.push((first_square, first_stack));
    let off = Square::new(major_rules::MAX_SIDE - 1, 0).unwrap();
    setup.stacks.push((off, Stack::stone(Colour::Blue)));
    // A Blue Major somewhere empty: one stone more than each side starts
    // with (the Major itself for Blue, its prisoner for Red).
    let empty = board
        .squares()
        .find(|&sq| !board.is_gap(sq) && setup.stacks.iter().all(|&(s, _)| s != sq))
        .expect("an empty square");
    setup.stacks.push((empty, Stack::major(Colour::Blue)));
    setup.threat = Some(empty);
    setup.quiet = 200;
    let err = Position::from_setup(setup.clone(), Rules::default()).unwrap_err();
    assert_eq!(err.setup, setup);
    let kinds: Vec<&str> = err
        .problems
        .iter()
        .map(|p| match p {
            SetupProblem::OffBoard { .. } => "off board",
            SetupProblem::OnGap { .. } => "on gap",
            SetupProblem::DuplicateSquare { .. } => "duplicate",
            SetupProblem::TooManyStones { .. } => "too many",
            SetupProblem::ThreatOffEdge { .. } => "threat off edge",
            SetupProblem::ThreatWithoutPiece { .. } => "threat without piece",
            SetupProblem::QuietBeyondLimit { .. } => "quiet",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "on gap",
            "duplicate",
            "off board",
            "too many",
            "too many",
            "threat off edge",
            "quiet"
        ],
        "{err}"
    );
    // The message names them all.
    let text = err.to_string();
    assert!(
        text.contains(&gap.to_string()) && text.contains(&off.to_string()),
        "{text}"
    );
}

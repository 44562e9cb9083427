//! One test per rule of `shared/specs/reversi.md`.

use board_core::{ByPlayer, Game, Outcome, Player};
use reversi_rules::{Board, IllegalMoveError, Move, Position, Reversi, Square};

fn sq(name: &str) -> Square {
    name.parse().expect("a square name")
}

fn mv(name: &str) -> Move {
    name.parse().expect("a move")
}

/// A position from an 8-line picture (`X`, `O`, `.`), row 1 first.
fn picture(rows: &str, to_move: Player) -> Position {
    let squares: String = rows.split_whitespace().collect();
    let side = if to_move == Player::First { "X" } else { "O" };
    format!("{squares} {side}")
        .parse()
        .expect("a valid picture")
}

#[test]
fn squares_are_named_column_letter_then_row_from_the_top() {
    assert_eq!((sq("a1").column(), sq("a1").row()), (0, 0));
    assert_eq!((sq("h1").column(), sq("h1").row()), (7, 0));
    assert_eq!((sq("a8").column(), sq("a8").row()), (0, 7));
    assert_eq!(sq("F5"), sq("f5"));
}

#[test]
fn start_position_and_black_moves_first() {
    let pos = Position::start();
    assert_eq!(pos.at(sq("d4")), Some(Player::Second));
    assert_eq!(pos.at(sq("e5")), Some(Player::Second));
    assert_eq!(pos.at(sq("d5")), Some(Player::First));
    assert_eq!(pos.at(sq("e4")), Some(Player::First));
    assert_eq!(pos.disc_counts(), ByPlayer::new(2, 2));
    assert_eq!(pos.to_move(), Player::First);
}

#[test]
fn a_move_must_outflank_at_least_one_disc() {
    let mut pos = Position::start();
    // Empty, adjacent to White, but no Black disc behind: no flip.
    assert_eq!(
        pos.play(mv("c3")),
        Err(IllegalMoveError::FlipsNothing { square: sq("c3") })
    );
    // Far from everything.
    assert_eq!(
        pos.play(mv("a1")),
        Err(IllegalMoveError::FlipsNothing { square: sq("a1") })
    );
    // Occupied.
    assert_eq!(
        pos.play(mv("d4")),
        Err(IllegalMoveError::Occupied { square: sq("d4") })
    );
    // A refused move changes nothing.
    assert_eq!(pos, Position::start());
}

#[test]
fn every_outflanked_line_flips_in_all_directions() {
    // Black plays d4: lines to the east (e4-f4 then G4 black), south (d5,
    // then D6 black), south-east (e5, then F6 black) and west (c4 then B4
    // black) all flip; north-west (c3 then empty b2) does not.
    let pos = picture(
        "........
         ........
         ..O.....
         .XO.OOX.
         ...OO...
         ...XOX..
         ........
         ........",
        Player::First,
    );
    let mut after = pos;
    after.play(mv("d4")).expect("d4 is legal");
    for name in ["c4", "d4", "e4", "f4", "d5", "e5"] {
        assert_eq!(after.at(sq(name)), Some(Player::First), "{name}");
    }
    assert_eq!(
        after.at(sq("c3")),
        Some(Player::Second),
        "c3 is not bounded"
    );
    assert_eq!(
        after.at(sq("e6")),
        Some(Player::Second),
        "e6 is off every line"
    );
    assert_eq!(after.disc_counts().first, pos.disc_counts().first + 6);
}

#[test]
fn only_lines_bounded_by_the_new_disc_flip() {
    // White lines elsewhere on the board are untouched: f5 flips e5 only,
    // even though d4 also lies between Black discs on no line through f5.
    let mut pos = Position::start();
    pos.play(mv("f5")).expect("legal");
    assert_eq!(pos.at(sq("e5")), Some(Player::First));
    assert_eq!(pos.at(sq("d4")), Some(Player::Second));
    assert_eq!(pos.disc_counts(), ByPlayer::new(4, 1));
}

#[test]
fn a_player_without_moves_must_pass_and_may_pass_only_then() {
    // White (to move) has no legal move, Black has: White must pass.
    let pos = picture(
        "XXXXXXXX
         XXXXXXXX
         XXXXXXXX
         XXXXXXXX
         XXXXXXXX
         XXXXXXXX
         XXXXXXXO
         XXXXX...",
        Player::Second,
    );
    assert!(pos.must_pass());
    assert_eq!(pos.moves().as_slice(), &[Move::Pass]);
    let mut p = pos;
    assert_eq!(
        p.play(mv("f8")),
        Err(IllegalMoveError::MustPass { square: sq("f8") })
    );
    p.play(Move::Pass).expect("the pass is forced");
    assert_eq!(p.to_move(), Player::First);
    // Black has moves, so Black may not pass.
    assert!(matches!(
        p.play(Move::Pass),
        Err(IllegalMoveError::PassNotAllowed { moves: 1 })
    ));
    // Records leave the pass out: the game with history puts it back.
    let mut game = Reversi::from_position(pos);
    assert_eq!(game.play_record_move(mv("h8")), Ok(true));
    assert_eq!(game.history(), &[Move::Pass, mv("h8")]);
}

#[test]
fn the_game_ends_when_neither_player_can_move() {
    // Full board.
    let full = picture(
        "XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXX OOOOOOOO OOOOOOOO OOOOOOOO OOOOOOOX",
        Player::First,
    );
    assert!(full.is_game_over());
    assert_eq!(full.moves().len(), 0);
    assert_eq!(full.outcome(), Some(Outcome::Win(Player::First)));
    // Empty squares left, but no move for either side (no White disc).
    let wiped = picture(
        "........ ........ ........ ...XX... ...XX... ........ ........ ........",
        Player::Second,
    );
    assert!(wiped.is_game_over());
    assert_eq!(wiped.outcome(), Some(Outcome::Win(Player::First)));
    let mut p = wiped;
    assert_eq!(
        p.play(Move::Pass),
        Err(IllegalMoveError::GameOver { mv: Move::Pass })
    );
    assert_eq!(
        p.play(mv("a1")),
        Err(IllegalMoveError::GameOver { mv: mv("a1") })
    );
}

#[test]
fn more_discs_win_equal_counts_draw() {
    let draw = picture(
        "XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXX OOOOOOOO OOOOOOOO OOOOOOOO OOOOOOOO",
        Player::Second,
    );
    assert_eq!(draw.outcome(), Some(Outcome::Draw));
    assert_eq!(draw.score_for(Player::First), 0);
    let white = picture(
        "OOOOOOOO XXXXXXXX XXXXXXXX XXXXXXXX OOOOOOOO OOOOOOOO OOOOOOOO OOOOOOOO",
        Player::First,
    );
    assert_eq!(white.outcome(), Some(Outcome::Win(Player::Second)));
}

#[test]
fn final_score_gives_the_empty_squares_to_the_winner() {
    // 13 Black, 3 White, 48 empties: were the game to end here, Black
    // would win 13 - 3 + 48 = 58.
    let pos = picture(
        "XXXXXXXX XXXXX... OOO..... ........ ........ ........ ........ ........",
        Player::Second,
    );
    assert_eq!(pos.score_for(Player::First), 58);
    assert_eq!(pos.score_for(Player::Second), -58);
    assert_eq!(pos.board().final_score(), -58);
    // A draw with empties splits nothing: the score is 0.
    let board = Board::new(0b11, 0b1100).expect("no overlap");
    assert_eq!(board.final_score(), 0);
    // The records' counts: empties to the winner, split on a draw.
    let game = Reversi::from_position(pos);
    assert_eq!(game.recorded_counts(), ByPlayer::new(61, 3));
}

#[test]
fn moves_accept_both_cases_and_both_pass_spellings() {
    assert_eq!(mv("F5"), mv("f5"));
    assert_eq!(mv("pass"), Move::Pass);
    assert_eq!(mv("PS"), Move::Pass);
    assert_eq!(mv("ps"), Move::Pass);
}

#[test]
fn undo_restores_every_earlier_position() {
    let mut game: Reversi = "f5d6c3d3c4f4f6f3e6e7".parse().expect("legal");
    let positions: Vec<Position> = game.positions().copied().collect();
    for expected in positions.iter().rev().skip(1) {
        game.undo().expect("a move to take back");
        assert_eq!(game.position(), expected);
    }
    assert_eq!(game.undo(), None);
    assert_eq!(*game.position(), Position::start());
}

#[test]
fn a_finished_games_diagram_says_how_it_ended_not_who_is_to_move() {
    let mut pos = Position::start();
    // The first legal move every time, to the end of the game.
    while pos.outcome().is_none() {
        let mut moves = Default::default();
        pos.legal_moves(&mut moves);
        pos.play(moves[0]).expect("a legal move");
    }
    let text = pos.diagram().to_string();
    let last = text.lines().last().unwrap_or_default();
    assert!(!last.contains("to move"), "{text}");
    let c = pos.disc_counts();
    let expected = match c.first.cmp(&c.second) {
        std::cmp::Ordering::Greater => "game over: Black wins",
        std::cmp::Ordering::Less => "game over: White wins",
        std::cmp::Ordering::Equal => "game over: a draw",
    };
    assert_eq!(
        last,
        format!("Black {} - White {}, {expected}", c.first, c.second)
    );
}

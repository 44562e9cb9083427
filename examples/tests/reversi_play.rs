//! `spielwerk reversi play` with piped input: leaving a game (quit, or the
//! end of the input) is reported as a game abandoned, never as a result.

mod cli_common;

use board_core::{Game, Player};
use board_search::Strategy;
use cli_common::run;
use reversi_rules::ai::{Computer, Level};
use reversi_rules::{Move, Position};

#[test]
fn the_end_of_the_input_abandons_the_game() {
    for input in ["f5\n", "", "f5\nquit\n"] {
        let r = run(&["reversi", "play", "--level", "easy"], input.as_bytes());
        assert!(r.ok, "{input:?}: {r}");
        assert!(
            r.stdout.trim_end().ends_with("Game abandoned."),
            "{input:?}: {r}"
        );
        assert!(!r.stdout.contains("Game over"), "{input:?}: {r}");
        assert!(!r.stdout.contains("wins"), "{input:?}: {r}");
    }
    let r = run(&["--json", "reversi", "play", "--level", "easy"], b"f5\n");
    let json: serde_json::Value =
        serde_json::from_str(r.stdout.lines().last().unwrap_or("")).expect("JSON");
    assert_eq!(json["outcome"], "abandoned", "{r}");
    assert_eq!(json["moves"], 2, "f5 and the computer's reply: {r}");
}

#[test]
fn the_computers_last_move_is_marked_and_a_finished_board_says_game_over() {
    // As White: the computer (Black) moves first; its disc is marked.
    let r = run(
        &["reversi", "play", "--level", "easy", "--side", "white"],
        b"quit\n",
    );
    assert!(r.ok, "{r}");
    let played = r
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("Computer plays "))
        .unwrap_or_else(|| panic!("the computer's move: {r}"));
    let (column, row) = played.split_at(1);
    let board_row = r
        .stdout
        .lines()
        .find(|l| l.starts_with(row) && l.contains(">X"))
        .unwrap_or_else(|| panic!("row {row} with the mark: {r}"));
    let marked_column = board_row.find('>').map(|i| (i - 1) / 2);
    let expected = "abcdefgh".find(column);
    assert_eq!(marked_column, expected, "{r}");
    // A whole game, the human playing its first legal move every time
    // against the same (deterministic) easy computer: the last board says
    // how the game ended, not who is to move.
    let mut input = String::new();
    let mut pos = Position::start();
    let mut computer = Computer::new(Level::Easy);
    while pos.outcome().is_none() {
        let mv = if pos.to_move() == Player::First {
            let mut moves = Default::default();
            pos.legal_moves(&mut moves);
            let mv: Move = moves[0];
            if mv != Move::Pass {
                input.push_str(&format!("{mv}\n"));
            }
            mv
        } else {
            computer.choose(&pos).expect("a move").mv
        };
        pos.play(mv).expect("legal");
    }
    let r = run(&["reversi", "play", "--level", "easy"], input.as_bytes());
    assert!(r.ok, "{r}");
    let board_end = r
        .stdout
        .lines()
        .rfind(|l| l.starts_with("Black ") && l.contains(" - White "))
        .unwrap_or_else(|| panic!("a board: {r}"));
    assert!(board_end.contains(", game over: "), "{r}");
    assert!(r.stdout.contains("Game over ("), "{r}");
}

#[test]
fn a_time_a_move_plays_and_a_bad_one_is_refused() {
    let r = run(
        &[
            "--json", "reversi", "play", "--level", "max", "--time", "0.1",
        ],
        b"f5\n",
    );
    let json: serde_json::Value =
        serde_json::from_str(r.stdout.lines().last().unwrap_or("")).expect("JSON");
    assert_eq!(
        json["moves"], 2,
        "f5 and the computer's reply in 0.1 s: {r}"
    );
    let bad = run(&["reversi", "play", "--time=-1"], b"");
    assert!(!bad.ok && bad.stderr.contains("--time -1"), "{bad}");
}

//! `spielwerk stratego play --level`: the human sees only its view, a bad
//! or illegal move is answered with the reason and the game goes on.

mod cli_common;

use std::io::Write;
use std::process::{Command, Stdio};

fn play(level: &str, input: &str) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args([
            "stratego", "play", "--level", level, "--setup", "1", "--seed", "3",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the spielwerk binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("the program reads");
    let out = child.wait_with_output().expect("the program ends");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn bad_moves_get_their_reason_and_the_game_goes_on() {
    // Fortress: a4 is a Scout, d1 a Bomb, d4 a Lieutenant before a lake.
    let (ok, out) = play("medium", "a4xx\nz9-a1\nd1-d2\nd4-d5\na4-a5\nquit\n");
    assert!(ok, "{out}");
    assert!(out.contains("'z' is not a column a-j"), "{out}");
    assert!(out.contains("never moves"), "a Bomb: {out}");
    assert!(out.contains("lake"), "d5 is a lake: {out}");
    assert!(
        out.matches("computer: ").count() >= 1,
        "the computer moved: {out}"
    );
    // Blue's pieces are unknown to Red: the board shows no Blue rank.
    assert!(out.contains("b?"));
    for rank in ["b10 ", "b9 ", "bB "] {
        assert!(!out.contains(rank), "a hidden rank leaked: {rank}");
    }
    assert!(out.contains("you left the game"));
}

#[test]
fn the_greedy_opponent_is_described_in_words() {
    let r = cli_common::run(
        &["stratego", "play", "--setup", "1", "--seed", "3"],
        b"quit\n",
    );
    assert!(r.stdout.contains("the computer (a greedy player: "), "{r}");
    assert!(!r.stdout.contains("Greedy"), "{r}");
}

#[test]
fn blue_sees_the_board_from_its_side_with_a_move_of_its_own_as_the_example() {
    let r = cli_common::run(
        &["stratego", "play", "--blue", "--setup", "1", "--seed", "3"],
        b"help\nquit\n",
    );
    assert!(r.ok, "{r}");
    // Turned half round: rank 1 (Red's) at the top, file j at the left.
    let board: Vec<&str> = r
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with(" 1 "))
        .take(11)
        .collect();
    assert!(board[0].contains("R?"), "{r}");
    assert!(
        board[9].starts_with("10 ") && board[9].contains("bF"),
        "{r}"
    );
    assert!(board[10].trim_start().starts_with("j"), "{r}");
    // The prompt's example is one of Blue's legal moves (from rank 7).
    let example = r
        .stdout
        .split("Blue to move (e.g. ")
        .nth(1)
        .and_then(|t| t.split(';').next())
        .unwrap_or_else(|| panic!("an example: {r}"));
    assert!(
        example.starts_with(|c: char| c.is_ascii_lowercase()) && example[1..].starts_with('7'),
        "{example}: {r}"
    );
    // The legend, asked for with help, names every mark; the Spy is S.
    assert!(r.stdout.contains("S the Spy"), "{r}");
    for mark in ["'?'", "?'", "~~", "a * after one"] {
        assert!(r.stdout.contains(mark), "{mark}: {r}");
    }
    assert!(r.stdout.contains("bS"), "Blue's Spy drawn as S: {r}");
}

#[test]
fn setup_commands_without_their_argument_are_explained_not_parsed_as_squares() {
    let r = cli_common::run(
        &["stratego", "play", "--setup", "manual", "--seed", "3"],
        b"help\npreset\npreset 99\nzap\nquit\n",
    );
    assert!(r.ok, "{r}");
    // Only `zap` is read as a square.
    assert_eq!(r.stdout.matches("is not a column a-j").count(), 1, "{r}");
    assert!(r.stdout.contains("'help' shows this"), "{r}");
    assert!(r.stdout.contains("which one? preset N: 1 fortress"), "{r}");
    assert!(r.stdout.contains("no preset \"99\""), "{r}");
    // A word that is neither a square nor a command says both.
    assert!(r.stdout.contains("\"zap\" is neither a square"), "{r}");
    assert!(
        !r.stdout.contains("You play"),
        "quit leaves before the game: {r}"
    );
    let bad = cli_common::run(&["stratego", "play", "--setup", "nonsense"], b"");
    assert!(!bad.ok, "{bad}");
    assert!(
        bad.stderr.contains("1 fortress") && bad.stderr.contains("8 tempest"),
        "{bad}"
    );
}

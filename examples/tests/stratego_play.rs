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
    assert!(out.contains("file 'z' is not a..j"), "{out}");
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

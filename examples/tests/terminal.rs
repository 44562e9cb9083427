//! The program in a terminal that misbehaves: a typed line that is not
//! UTF-8 (a Latin-1 terminal, a stray byte) is "not a move, try again" in
//! every game, and a closed standard output or error (`2>&1 | head -1`)
//! never makes a command panic.

mod cli_common;

use std::io::Write;
use std::process::{Command, Stdio};

use cli_common::run;

/// Every game's `play`, with a line that shows the game went on after the
/// bad one, and what that line makes the program print.
const GAMES: [(&[&str], &[u8], &str); 4] = [
    (
        &["reversi", "play", "--level", "easy"],
        b"f5\n",
        "Computer plays",
    ),
    (
        &["fanorona", "play", "--level", "easy"],
        b"hint\n",
        "Hint: ",
    ),
    (
        &[
            "major",
            "play",
            "--red",
            "easy",
            "--highscore",
            "/nonexistent/hs.json",
        ],
        b"moves\n",
        "a4-b4",
    ),
    (
        &["stratego", "play", "--setup", "1", "--seed", "3"],
        b"moves\n",
        "-",
    ),
];

#[test]
fn a_line_that_is_not_utf8_is_asked_again_in_every_game() {
    for (args, then, shows) in GAMES {
        let mut input = b"\xff\xfe\n".to_vec();
        input.extend_from_slice(then);
        input.extend_from_slice(b"quit\n");
        let r = run(args, &input);
        assert!(r.ok, "{args:?}: {r}");
        let (_, after) = r
            .stdout
            .split_once("that line is not text (not UTF-8)")
            .unwrap_or_else(|| panic!("{args:?} answers the line: {r}"));
        assert!(after.contains(shows), "{args:?} goes on: {r}");
        assert!(!r.stderr.contains("error"), "{args:?}: {r}");
    }
}

/// Runs `spielwerk ARGS` with `input`, its standard output and error one
/// pipe whose reader is gone before the program writes.
fn closed_output(args: &[&str], input: &[u8]) -> std::process::ExitStatus {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_spielwerk"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(writer.try_clone().expect("the pipe twice"))
        .stderr(writer);
    drop(reader);
    let mut child = cmd.spawn().expect("the spielwerk binary runs");
    drop(cmd);
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait().expect("the program ends")
}

#[test]
fn a_closed_output_ends_every_command_quietly() {
    let mut commands: Vec<(&[&str], &[u8])> = GAMES
        .iter()
        .map(|(args, _, _)| (*args, &b"quit\n"[..]))
        .collect();
    commands.push((&["reversi", "perft", "5", "--divide"], b""));
    commands.push((&["fanorona", "perft", "3"], b""));
    commands.push((
        &[
            "major",
            "play",
            "--blue",
            "easy",
            "--red",
            "easy",
            "--delay-ms",
            "0",
        ],
        b"",
    ));
    commands.push((&["no-such-command"], b""));
    for (args, input) in commands {
        let status = closed_output(args, input);
        // A panic is exit 101 in a debug build and SIGABRT in a release
        // build; a closed pipe is 141 (or an ordinary failure, 1/2).
        let code = status.code();
        assert!(
            matches!(code, Some(0 | 1 | 2 | 141)),
            "{args:?} ended with {status} (a signal or a panic)"
        );
    }
}

#[test]
fn a_closed_stdout_ends_quietly_with_the_status_of_sigpipe() {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_spielwerk"));
    cmd.args(["reversi", "perft", "5", "--divide"])
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped());
    drop(reader);
    let out = cmd.output().expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(141), "{err}");
    // Its progress, and no error: nobody reads the result.
    assert!(!err.contains("error") && !err.contains("panicked"), "{err}");
}

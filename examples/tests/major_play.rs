//! `spielwerk major play` as a user meets it: a human's win against the
//! computer is saved to the highscore in the platform's data directory,
//! whose folder the first save creates.

mod cli_common;

use std::path::Path;
use std::process::Command;

use cli_common::{Run, run_with, temp_dir};

use board_core::Game;
use board_search::Strategy;
use major_rules::ai::{Computer, Level};
use major_rules::{Board, Colour, Position};

/// A line of Blue moves that beats the easy computer (deterministic: it
/// plays the same move in the same position) on board 1, found by letting
/// a stronger computer play Blue.
fn winning_line() -> Vec<String> {
    for level in [Level::Medium, Level::Hard] {
        let mut blue = Computer::new(level);
        let mut red = Computer::new(Level::Easy);
        let mut pos = Position::start(Board::standard(1).expect("board 1"));
        let mut line = Vec::new();
        while pos.outcome().is_none() && line.len() < 500 {
            let mv = if pos.side_to_move() == Colour::Blue {
                let mv = blue.choose(&pos).expect("a move").mv;
                line.push(mv.to_string());
                mv
            } else {
                red.choose(&pos).expect("a move").mv
            };
            pos.play(mv).expect("legal");
        }
        if pos.winner() == Some(Colour::Blue) {
            return line;
        }
    }
    panic!("no level beats the easy computer as Blue");
}

fn play(line: &[String], env: &[(&str, &Path)]) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_spielwerk"));
    cmd.args(["major", "play", "--red", "easy", "--name", "Tester"])
        .env_remove("HOME")
        .env_remove("XDG_DATA_HOME")
        .env_remove("SPIELWERK_DATA_DIR");
    for (name, value) in env {
        cmd.env(name, value);
    }
    let mut input = line.join("\n");
    input.push('\n');
    run_with(&mut cmd, input.as_bytes())
}

fn assert_saved(r: &Run, file: &Path) {
    assert!(r.ok, "{r}");
    assert!(r.stdout.contains("entered at place 1"), "{r}");
    let text = std::fs::read_to_string(file).expect("the highscore file is written");
    assert!(text.contains("Tester"), "{text}");
}

#[test]
fn the_first_win_on_a_new_machine_is_saved_in_the_data_directory() {
    let line = winning_line();
    let home = temp_dir("major-home");
    // $SPIELWERK_DATA_DIR overrides the platform's rules, and needs no HOME.
    let own = home.join("own").join("folder");
    let out = play(&line, &[("SPIELWERK_DATA_DIR", &own)]);
    assert_saved(&out, &own.join("major-highscore.json"));
    if cfg!(any(windows, target_os = "macos")) {
        std::fs::remove_dir_all(&home).expect("cleaned up");
        return;
    }
    // No data folder yet: the XDG default under $HOME is created.
    let out = play(&line, &[("HOME", &home)]);
    assert_saved(
        &out,
        &home.join(".local/share/spielwerk/major-highscore.json"),
    );
    // $XDG_DATA_HOME is honoured.
    let xdg = home.join("xdg-data");
    let out = play(&line, &[("HOME", &home), ("XDG_DATA_HOME", &xdg)]);
    assert_saved(&out, &xdg.join("spielwerk/major-highscore.json"));
    std::fs::remove_dir_all(&home).expect("cleaned up");
}

#[test]
fn hint_and_undo_work_in_play() {
    let dir = temp_dir("major-undo");
    let scores = dir.join("scores.json");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_spielwerk"));
    cmd.args(["major", "play", "--red", "easy", "--highscore"])
        .arg(&scores);
    let r = run_with(&mut cmd, b"hint\nundo\na4-b4\nundo\na4-b4\nq\n");
    assert!(r.ok, "{r}");
    assert!(r.stdout.contains("hint: "), "{r}");
    assert!(r.stdout.contains("nothing to undo"), "{r}");
    assert!(r.stdout.contains("move taken back"), "{r}");
    let replies: Vec<&str> = cli_common::lines_with(&r.stdout, "Red (easy) plays");
    assert_eq!(replies.len(), 2, "{r}");
    assert_eq!(
        replies[0], replies[1],
        "the same answer after the undo: {r}"
    );
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

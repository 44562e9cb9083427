//! `spielwerk major play` as a user meets it: a human's win against the
//! computer is saved to the highscore in the platform's data directory,
//! whose folder the first save creates.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

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

fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "spielwerk-major-{tag}-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

fn play(line: &[String], env: &[(&str, &Path)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_spielwerk"));
    cmd.args(["major", "play", "--red", "easy", "--name", "Tester"])
        .env_remove("HOME")
        .env_remove("XDG_DATA_HOME")
        .env_remove("SPIELWERK_DATA_DIR");
    for (name, value) in env {
        cmd.env(name, value);
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the spielwerk binary runs");
    let mut input = line.join("\n");
    input.push('\n');
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("the moves are read");
    child.wait_with_output().expect("the program ends")
}

fn assert_saved(out: &Output, file: &Path) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}\n{stdout}");
    assert!(stdout.contains("entered at place 1"), "{stdout}");
    let text = std::fs::read_to_string(file).expect("the highscore file is written");
    assert!(text.contains("Tester"), "{text}");
}

#[test]
fn the_first_win_on_a_new_machine_is_saved_in_the_data_directory() {
    let line = winning_line();
    let home = temp_dir("home");
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

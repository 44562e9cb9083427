//! `spielwerk major play` as a user meets it: a human's win against the
//! computer is saved to the highscore in the platform's data directory,
//! whose folder the first save creates.

mod cli_common;

use std::path::Path;
use std::process::Command;

use board_core::Game;
use board_search::Strategy;
use cli_common::{Run, run_with, temp_dir};
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

/// `spielwerk major play` on `file`, as `name` (`None`: asked at the win).
fn player(file: &Path, name: Option<&str>) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_spielwerk"));
    cmd.args(["major", "play", "--red", "easy", "--highscore"])
        .arg(file);
    if let Some(name) = name {
        cmd.args(["--name", name]);
    }
    cmd
}

/// The names in `file`'s table of board 1, best first.
fn names_in(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).expect("the highscore file");
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    v["boards"]["1"]
        .as_array()
        .map(|t| {
            t.iter()
                .map(|e| e["name"].as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn two_games_on_one_highscore_file_keep_both_wins() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    let line = winning_line();
    let mut moves = line.join("\n");
    moves.push('\n');
    let dir = temp_dir("major-two");
    let file = dir.join("hs.json");
    // A starts (and reads the empty table) ...
    let mut a = player(&file, Some("A"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("A runs");
    let mut a_out = BufReader::new(a.stdout.take().expect("A's stdout"));
    let mut seen = String::new();
    while !seen.contains("Highscore, board 1") {
        let mut l = String::new();
        assert!(
            a_out.read_line(&mut l).expect("A writes") > 0,
            "A ended: {seen}"
        );
        seen.push_str(&l);
    }
    // ... B plays a whole game on the same file and wins ...
    let b = run_with(&mut player(&file, Some("B")), moves.as_bytes());
    assert!(b.stdout.contains("entered at place 1"), "{b}");
    assert_eq!(names_in(&file), ["B"]);
    // ... then A wins: both entries are kept.
    let mut stdin = a.stdin.take().expect("A's stdin");
    stdin
        .write_all(moves.as_bytes())
        .expect("A reads its moves");
    drop(stdin);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut a_out, &mut rest).expect("A's output");
    assert!(a.wait().expect("A ends").success(), "{rest}");
    assert!(rest.contains("entered at place"), "{rest}");
    let mut names = names_in(&file);
    names.sort();
    assert_eq!(names, ["A", "B"], "{rest}");
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn a_name_typed_in_latin_1_is_entered() {
    let line = winning_line();
    let dir = temp_dir("major-latin1");
    let file = dir.join("hs.json");
    let mut input = line.join("\n").into_bytes();
    input.extend_from_slice(b"\nJ\xfcrgen\n");
    let r = run_with(&mut player(&file, None), &input);
    assert!(r.ok, "{r}");
    assert!(r.stdout.contains("entered at place 1"), "{r}");
    assert_eq!(names_in(&file), ["J\u{fffd}rgen"]);
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn a_win_on_a_damaged_highscore_file_says_it_was_not_entered() {
    let line = winning_line();
    let dir = temp_dir("major-damaged");
    let file = dir.join("hs.json");
    std::fs::write(&file, "{ damaged").expect("written");
    let mut input = line.join("\n");
    input.push('\n');
    let r = run_with(&mut player(&file, Some("C")), input.as_bytes());
    assert!(r.ok, "{r}");
    assert!(r.stderr.contains("highscore not available"), "{r}");
    assert!(
        r.stderr
            .contains("your win was not entered in the highscore")
            && r.stderr.contains("hs.json"),
        "said at the win, with the file: {r}"
    );
    assert_eq!(std::fs::read_to_string(&file).expect("kept"), "{ damaged");
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn the_help_names_every_level_play_accepts() {
    let r = cli_common::run(&["major", "play", "--help"], b"");
    assert!(r.ok, "{r}");
    assert!(
        r.stdout.contains("Blue: human, easy, medium, hard or max"),
        "{r}"
    );
    assert!(
        r.stdout.contains("Red: human, easy, medium, hard or max"),
        "{r}"
    );
    for level in ["human", "easy", "medium", "hard", "max"] {
        // The level is accepted; the board number is what is refused.
        let run = cli_common::run(&["major", "play", "--blue", level, "--board", "9"], b"");
        assert!(!run.ok, "{level}: {run}");
        assert!(!run.stderr.contains("invalid value"), "{level}: {run}");
        assert!(run.stderr.contains("board"), "{level}: {run}");
    }
}

#[test]
fn the_board_is_named_and_the_last_move_marked() {
    let dir = temp_dir("major-marks");
    let r = run_with(&mut player(&dir.join("hs.json"), Some("M")), b"a4-b4\nq\n");
    assert!(r.ok, "{r}");
    assert!(r.stdout.contains("Board 1: Blue "), "{r}");
    // Red's reply: where it went is marked on the board shown next.
    let reply = r
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("Red (easy) plays "))
        .unwrap_or_else(|| panic!("Red's reply: {r}"));
    let to = reply.split('-').nth(1).expect("from-to");
    let (column, row) = to.split_at(1);
    let marked = r
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{row} ")) && l.contains(">r"))
        .unwrap_or_else(|| panic!("row {row} marked: {r}"));
    let at = marked.find('>').map(|i| (i - 3) / 2);
    assert_eq!(at, "abcdefghij".find(column), "{r}");
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn the_highscore_is_shown_without_playing() {
    let dir = temp_dir("major-show");
    let file = dir.join("hs.json");
    let file_arg = file.to_str().expect("utf-8");
    let empty = cli_common::run(&["major", "highscore", "--highscore", file_arg], b"");
    assert!(empty.ok, "{empty}");
    assert_eq!(empty.stdout.matches("no entries yet").count(), 4, "{empty}");
    let mut moves = winning_line().join("\n");
    moves.push('\n');
    let won = run_with(&mut player(&file, Some("Shown")), moves.as_bytes());
    assert!(won.ok, "{won}");
    let one = cli_common::run(
        &[
            "--json",
            "major",
            "highscore",
            "--highscore",
            file_arg,
            "--board",
            "1",
        ],
        b"",
    );
    let json: serde_json::Value = serde_json::from_str(&one.stdout).expect("JSON");
    assert_eq!(json["tables"][0]["board"], 1, "{one}");
    assert_eq!(json["tables"][0]["entries"][0]["name"], "Shown", "{one}");
    assert_eq!(json["tables"].as_array().map(Vec::len), Some(1), "{one}");
    std::fs::write(&file, "{ damaged").expect("written");
    let bad = cli_common::run(&["major", "highscore", "--highscore", file_arg], b"");
    assert!(!bad.ok && bad.stderr.contains("hs.json"), "{bad}");
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

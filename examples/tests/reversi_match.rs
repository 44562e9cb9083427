//! `spielwerk reversi match --engine`: an engine that misbehaves ends the
//! match with an error (never a hang), and an engine whose path has a space
//! can be named with shell quotes.

#![cfg(unix)]

mod cli_common;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::{Duration, Instant};

use cli_common::{run, temp_dir};

/// `spielwerk [--json] reversi match --first easy --openings 1 --data DATA
/// MORE... --engine ENGINE`.
fn match_against(json: bool, data: &Path, more: &[&str], engine: &str) -> cli_common::Run {
    let mut args = if json { vec!["--json"] } else { Vec::new() };
    args.extend(["reversi", "match", "--first", "easy", "--openings", "1"]);
    args.extend(["--data", data.to_str().expect("utf-8")]);
    args.extend(more);
    args.extend(["--engine", engine]);
    run(&args, b"")
}

fn script(path: &Path, text: &str) {
    std::fs::write(path, text).expect("written");
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("executable");
}

#[spielwerk_testgames::needs_data("reversi")]
#[test]
fn an_engine_that_ignores_quit_is_stopped_and_the_error_is_reported() {
    let Some(data) = spielwerk_testgames::shared_data("reversi") else {
        return;
    };
    let dir = temp_dir("gtp-rogue");
    let engine = dir.join("rogue.sh");
    // Answers every line, quit included, with an illegal move, and goes on
    // answering after its input ends.
    script(
        &engine,
        "#!/bin/sh\nwhile true; do read line; echo '= a1'; echo; done\n",
    );
    let t = Instant::now();
    let r = match_against(false, &data, &[], engine.to_str().expect("utf-8"));
    assert!(t.elapsed() < Duration::from_secs(60), "{:?}", t.elapsed());
    assert_eq!(r.code, Some(1), "{r}");
    assert!(r.stderr.contains("illegal move"), "{r}");
    assert!(!r.stderr.contains("a1: a1:"), "{r}");
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[spielwerk_testgames::needs_data("reversi")]
#[test]
fn an_engine_path_with_a_space_can_be_quoted() {
    let Some(data) = spielwerk_testgames::shared_data("reversi") else {
        return;
    };
    let dir = temp_dir("gtp-space").join("my engine");
    std::fs::create_dir_all(&dir).expect("a folder with a space");
    let engine = dir.join("spielwerk");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_spielwerk"), &engine).expect("a link");
    let command = format!("'{}' reversi gtp --level \"easy\"", engine.display());
    let r = match_against(true, &data, &["--plies", "2"], &command);
    assert!(r.ok, "{r}");
    let json: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(json["games"], 2, "{r}");
    let _ = std::fs::remove_dir_all(dir.parent().expect("the temporary folder"));
}

#[spielwerk_testgames::needs_data("reversi")]
#[test]
fn openings_longer_than_every_game_are_an_error_not_zero_games() {
    let Some(data) = spielwerk_testgames::shared_data("reversi") else {
        return;
    };
    let r = run(
        &[
            "reversi",
            "match",
            "--plies",
            "100",
            "--data",
            data.to_str().expect("utf-8"),
        ],
        b"",
    );
    assert_eq!(r.code, Some(1), "{r}");
    assert!(r.stderr.contains("no opening of 100 plies"), "{r}");
}

#[spielwerk_testgames::needs_data("reversi")]
#[test]
fn the_default_data_folder_is_found_from_any_folder() {
    // The workspace's data must be there for the default to find it.
    let Some(_data) = spielwerk_testgames::shared_data("reversi") else {
        return;
    };
    let elsewhere = cli_common::temp_dir("reversi-match-cwd");
    let r: cli_common::Run = std::process::Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args([
            "--json", "reversi", "match", "--first", "easy", "--second", "easy",
        ])
        .args(["--openings", "1", "--plies", "2"])
        .current_dir(&elsewhere)
        .output()
        .expect("runs")
        .into();
    assert!(r.ok, "{r}");
    let json: serde_json::Value = serde_json::from_str(&r.stdout).expect("one JSON object");
    assert_eq!(json["games"], 2, "{r}");
    std::fs::remove_dir_all(&elsewhere).expect("cleaned up");
}

#[spielwerk_testgames::needs_data("reversi")]
#[test]
fn a_time_a_move_is_told_to_the_engine_at_every_game() {
    let Some(data) = spielwerk_testgames::shared_data("reversi") else {
        return;
    };
    let dir = temp_dir("gtp-time");
    let log = dir.join("commands.log");
    let engine = dir.join("logging.sh");
    // Our own engine behind a wrapper that keeps every command it is sent.
    script(
        &engine,
        &format!(
            "#!/bin/sh\ntee '{}' | '{}' reversi gtp --level easy\n",
            log.display(),
            env!("CARGO_BIN_EXE_spielwerk")
        ),
    );
    // Openings of 50 plies: the few moves left are solved at once.
    let r = match_against(
        true,
        &data,
        &["--plies", "50", "--time", "0.2"],
        engine.to_str().expect("utf-8"),
    );
    assert!(r.ok, "{r}");
    assert!(r.stderr.contains("the engine gets 1 s a move"), "{r}");
    let sent = std::fs::read_to_string(&log).expect("the engine's log");
    assert_eq!(
        sent.matches("time_settings 0 1 1").count(),
        2,
        "one a game: {sent}"
    );
    assert!(
        sent.find("clear_board") < sent.find("time_settings"),
        "after clear_board: {sent}"
    );
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

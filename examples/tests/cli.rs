//! The `spielwerk` program run as a user runs it: results on stdout (one
//! JSON object with `--json`), errors as a message and a non-zero exit.

use std::process::{Command, Output};

fn spielwerk(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(args)
        .output()
        .expect("the spielwerk binary runs")
}

#[test]
fn demo_plays_every_game_to_the_end() {
    let out = spielwerk(&["--json", "demo", "--depth", "4"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let games = json["games"].as_array().expect("a list of games");
    let names: Vec<&str> = games.iter().filter_map(|g| g["game"].as_str()).collect();
    assert_eq!(names, ["connect-four", "fanorona", "major", "stratego"]);
    for g in games {
        assert!(g["moves"].as_u64().is_some_and(|n| n > 0), "{g}");
        let outcome = g["outcome"].as_str().expect("an outcome");
        assert!(outcome == "draw" || outcome.ends_with("wins"), "{outcome}");
    }
}

#[test]
fn demo_is_reproducible_for_a_seed() {
    let a = spielwerk(&["--json", "demo", "--game", "stratego", "--seed", "7"]);
    let b = spielwerk(&["--json", "demo", "--game", "stratego", "--seed", "7"]);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn bad_arguments_give_a_message_and_a_failure_status() {
    let out = spielwerk(&["demo", "--game", "chess"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no game \"chess\""), "{err}");
    assert!(out.stdout.is_empty());
    let out = spielwerk(&["demo", "--depth", "0"]);
    assert!(!out.status.success());
    let out = spielwerk(&["no-such-command"]);
    assert!(!out.status.success());
}

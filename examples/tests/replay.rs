//! `spielwerk reversi replay` and `spielwerk stratego replay` given files
//! that hold no game: each skipped file is named with the reason, and a run
//! that replayed no game at all is an error.

mod cli_common;

use cli_common::{run, temp_dir};

#[test]
fn a_replay_of_no_game_names_every_file_and_fails() {
    let dir = temp_dir("replay-nothing");
    std::fs::write(dir.join("empty.txt"), "").expect("written");
    std::fs::write(dir.join("garbage.txt"), "hello world\n").expect("written");
    let d = dir.to_str().expect("utf-8");
    let r = run(&["stratego", "replay", d], b"");
    assert!(!r.ok, "{r}");
    assert!(r.stderr.contains("error: no game replayed"), "{r}");
    assert!(
        r.stdout.contains("empty.txt: an empty file"),
        "the empty file is named: {r}"
    );
    assert!(
        r.stdout
            .contains("garbage.txt: neither a UCC 2012 log nor a Gravon XML game"),
        "{r}"
    );
    let empty = dir.join("empty.txt");
    let r = run(&["reversi", "replay", empty.to_str().expect("utf-8")], b"");
    assert!(!r.ok, "{r}");
    assert!(r.stderr.contains("error: no game replayed"), "{r}");
    assert!(
        r.stdout.contains("skipped: ") && r.stdout.contains("empty.txt"),
        "{r}"
    );
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[spielwerk_testgames::needs_data("stratego/gravon/classic-2004.11-0.xml")]
#[test]
fn a_replay_with_games_names_the_skipped_files_and_succeeds() {
    let Some(game) = spielwerk_testgames::shared_data("stratego/gravon/classic-2004.11-0.xml")
    else {
        return;
    };
    let dir = temp_dir("replay-some");
    let junk = dir.join("notes.txt");
    std::fs::write(&junk, "not a game\n").expect("written");
    let r = run(
        &[
            "--json",
            "stratego",
            "replay",
            game.to_str().expect("utf-8"),
            junk.to_str().expect("utf-8"),
        ],
        b"",
    );
    assert!(r.ok, "{r}");
    let json: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(json["games"], 1, "{r}");
    assert_eq!(json["skipped"], 1, "{r}");
    let named = &json["skipped_files"][0];
    assert!(
        named["file"]
            .as_str()
            .is_some_and(|f| f.ends_with("notes.txt")),
        "{r}"
    );
    assert!(named["why"].as_str().is_some_and(|w| !w.is_empty()), "{r}");
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

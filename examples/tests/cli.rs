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
    assert_eq!(
        names,
        ["connect-four", "fanorona", "major", "reversi", "stratego"]
    );
    for g in games {
        assert!(g["moves"].as_u64().is_some_and(|n| n > 0), "{g}");
        let outcome = g["outcome"].as_str().expect("an outcome");
        assert!(outcome == "draw" || outcome.ends_with("wins"), "{outcome}");
    }
}

/// The commentary and the results are in words: battles as "the defender
/// wins", never the enum's name; every game of the four says why it ended.
#[test]
fn demo_says_in_words_how_battles_and_games_end() {
    let out = spielwerk(&["demo", "--depth", "4"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for internal in [
        "DefenderWins",
        "AttackerWins",
        "BothRemoved",
        "Win(",
        "Over(",
    ] {
        assert!(!text.contains(internal), "{internal} in:\n{text}");
    }
    assert!(text.contains(": the attacker wins"), "{text}");
    let out = spielwerk(&["--json", "demo", "--depth", "4"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    for g in json["games"].as_array().expect("games") {
        if g["game"] == "connect-four" {
            continue;
        }
        let reason = g["reason"].as_str().unwrap_or("");
        assert!(!reason.is_empty() && reason != "not finished", "{g}");
        let words = [
            "flag",
            "stones",
            "move",
            "broke through",
            "board is full",
            "piece",
        ];
        assert!(words.iter().any(|w| reason.contains(w)), "{g}");
    }
}

/// `spielwerk --help` names what each game's subcommand does: Reversi has
/// far more than perft and replay.
#[test]
fn the_help_lists_every_reversi_verb() {
    let out = spielwerk(&["--help"]);
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    let line = help
        .lines()
        .find(|l| l.trim_start().starts_with("reversi"))
        .expect("a reversi line");
    for verb in ["play", "demo", "solve", "perft", "replay"] {
        assert!(line.contains(verb), "{line}");
    }
    let out = spielwerk(&["--json", "reversi", "demo", "--seed", "3"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(json["games"][0]["game"], "reversi");
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

#[spielwerk_testgames::needs_data("reversi/ffo/fforum-1-19.obf")]
#[test]
fn reversi_solve_gives_every_fforum_1_19_score() {
    let Some(file) = spielwerk_testgames::shared_data("reversi/ffo/fforum-1-19.obf") else {
        return;
    };
    let out = spielwerk(&[
        "--json",
        "reversi",
        "solve",
        file.to_str().expect("utf-8 path"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let positions = json["positions"].as_array().expect("positions");
    assert_eq!(positions.len(), 19);
    for p in positions {
        assert_eq!(p["score"], p["expected"], "{p}");
        assert!(p["best"].as_str().is_some_and(|m| m.len() == 2), "{p}");
        assert!(p["nodes"].as_u64().is_some_and(|n| n > 0));
    }
    assert!(json["total_nodes"].as_u64().is_some() && json["total_seconds"].as_f64().is_some());
}

#[test]
fn reversi_gtp_answers_a_session_and_rejects_bad_moves() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(["reversi", "gtp", "--level", "easy"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("gtp starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"boardsize 8\nclear_board\nplay black f5\ngenmove white\nplay white z9\nquit\n")
        .expect("commands written");
    let out = child.wait_with_output().expect("gtp ends");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<&str> = text
        .split("\n\n")
        .filter(|a| !a.trim().is_empty())
        .collect();
    assert_eq!(answers.len(), 6, "{text}");
    assert!(answers[..3].iter().all(|a| a.trim() == "="), "{text}");
    // After f5, white's legal replies are d6, f6 and f4.
    let reply = answers[3]
        .trim()
        .trim_start_matches("= ")
        .to_ascii_lowercase();
    assert!(["d6", "f6", "f4"].contains(&reply.as_str()), "{reply}");
    assert!(answers[4].starts_with('?'), "{}", answers[4]);
    assert_eq!(answers[5].trim(), "=");
}

/// `spielwerk ... | head`: when the reader closes the pipe, the program
/// stops quietly with the status a shell expects of a process ended by
/// SIGPIPE (141), or finishes normally if it had already written
/// everything; it never reports a panic.
#[test]
fn a_closed_output_pipe_ends_the_program_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args(["demo", "--depth", "3"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the spielwerk binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped stdout"))
        .read_line(&mut first)
        .expect("a first line");
    // The reader is dropped here: the pipe is closed.
    let out = child.wait_with_output().expect("the program ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!first.is_empty());
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        out.status.success() || out.status.code() == Some(141),
        "{:?}: {stderr}",
        out.status
    );
}

/// A file that names only one of a position's best moves agrees whichever
/// of them the solver plays ("other best move"); one that names a worse
/// move with the best score does not, and the program fails.
#[test]
fn reversi_solve_accepts_another_best_move_and_rejects_a_worse_one() {
    // FFO #6: a1 and h3 win by 14, a8 by 12.
    let board = "--OXXX--OOOXXX--OOOXOXO-OOXOOOX-OOXXXXXXXOOXXOX--OOOOX---XXXXXX-";
    let dir = std::env::temp_dir().join(format!("spielwerk-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let run = |best: &str| {
        let path = dir.join(format!("ffo-{best}.txt"));
        std::fs::write(&path, format!("6 {board} X {best} +14 14\n")).expect("written");
        let out = spielwerk(&["--json", "reversi", "solve", path.to_str().expect("utf-8")]);
        let _ = std::fs::remove_file(&path);
        out
    };
    let mut other = 0;
    for best in ["a1", "h3"] {
        let out = run(best);
        assert!(
            out.status.success(),
            "{best}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let p = &json["positions"][0];
        assert_eq!(
            (p["score"].as_i64(), p["agrees"].as_bool()),
            (Some(14), Some(true))
        );
        if p["other_best_move"] == true {
            assert_ne!(p["best"], best);
            other += 1;
        }
    }
    assert_eq!(other, 1, "the solver plays one of the two");
    let out = run("a8");
    assert!(!out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["disagreements"], 1);
}

#[test]
fn serve_help_lists_its_options_in_every_build() {
    // Built with or without the `serve` feature: the same options.
    let out = spielwerk(&["serve", "--help"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("The Spielcenter"), "{text}");
    for option in ["--addr", "--db", "--zone", "--origin", "--time-scale"] {
        assert!(text.contains(option), "{option}: {text}");
    }
}

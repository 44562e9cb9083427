//! `spielwerk reversi gtp` fed what real controllers and bad pipes send: a
//! line that is not UTF-8 gets `?` and the session goes on; every command
//! it answers is listed; a `komi` that is no number is an error.

mod cli_common;

use cli_common::run;

/// The answers of a session, without the blank line that ends each.
fn answers(stdout: &str) -> Vec<&str> {
    stdout
        .split("\n\n")
        .filter(|a| !a.trim().is_empty())
        .collect()
}

#[test]
fn a_line_that_is_not_utf8_is_answered_and_the_session_goes_on() {
    let r = run(&["reversi", "gtp"], b"name\n\xff\xfe\nname\n");
    assert!(r.ok, "{r}");
    let a = answers(&r.stdout);
    assert_eq!(a.len(), 3, "{r}");
    assert_eq!(a[0], "= Spielwerk Reversi");
    assert!(a[1].starts_with("? ") && a[1].contains("UTF-8"), "{r}");
    assert_eq!(a[2], "= Spielwerk Reversi");
}

#[test]
fn set_level_is_listed_and_known_and_komi_must_be_a_number() {
    let r = run(
        &["reversi", "gtp"],
        b"list_commands\nknown_command set_level\nkomi x\nkomi 0\nkomi\nset_level easy\n",
    );
    assert!(r.ok, "{r}");
    let a = answers(&r.stdout);
    assert_eq!(a.len(), 6, "{r}");
    assert!(
        a[0].lines()
            .any(|l| l.trim_start_matches("= ") == "set_level"),
        "{r}"
    );
    assert_eq!(a[1], "= true");
    assert!(a[2].starts_with('?'), "komi x: {r}");
    assert_eq!(a[3], "=");
    assert!(a[4].starts_with('?'), "komi without a value: {r}");
    assert_eq!(a[5], "=");
}

#[test]
fn a_time_a_move_is_kept_and_a_bad_one_is_refused() {
    let started = std::time::Instant::now();
    let r = run(
        &["reversi", "gtp", "--time", "0.2"],
        b"known_command time_settings\nknown_command time_left\nplay black f5\ngenmove white\ngenmove black\n",
    );
    assert!(r.ok, "{r}");
    let a = answers(&r.stdout);
    assert_eq!(a.len(), 5, "{r}");
    assert_eq!((a[0], a[1]), ("= true", "= true"), "{r}");
    assert!(a[3].starts_with("= ") && a[4].starts_with("= "), "{r}");
    // Two moves of 0.2 s, searched as deep as that allows (a depth limit
    // of 60 plies: without the time they would not end).
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "{r}"
    );
    let bad = run(&["reversi", "gtp", "--time", "0"], b"");
    assert!(!bad.ok && bad.stderr.contains("--time 0"), "{bad}");
}

//! `spielwerk reversi play` with piped input: leaving a game (quit, or the
//! end of the input) is reported as a game abandoned, never as a result.

mod cli_common;

use cli_common::run;

#[test]
fn the_end_of_the_input_abandons_the_game() {
    for input in ["f5\n", "", "f5\nquit\n"] {
        let r = run(&["reversi", "play", "--level", "easy"], input.as_bytes());
        assert!(r.ok, "{input:?}: {r}");
        assert!(
            r.stdout.trim_end().ends_with("Game abandoned."),
            "{input:?}: {r}"
        );
        assert!(!r.stdout.contains("Game over"), "{input:?}: {r}");
        assert!(!r.stdout.contains("wins"), "{input:?}: {r}");
    }
    let r = run(&["--json", "reversi", "play", "--level", "easy"], b"f5\n");
    let json: serde_json::Value =
        serde_json::from_str(r.stdout.lines().last().unwrap_or("")).expect("JSON");
    assert_eq!(json["outcome"], "abandoned", "{r}");
    assert_eq!(json["moves"], 2, "f5 and the computer's reply: {r}");
}

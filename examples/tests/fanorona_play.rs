//! `spielwerk fanorona play` with piped input: the approach/withdrawal
//! question is asked again, with the reason, until it is answered.

mod cli_common;

use cli_common::run;

#[test]
fn the_capture_question_is_asked_again_after_another_answer() {
    // f3 to e3 can take d3 by approach or g3 by withdrawal.
    let r = run(
        &["fanorona", "play", "--level", "easy"],
        b"f3\ne3\nx\nw\nq\n",
    );
    assert!(r.ok, "{r}");
    assert!(
        r.stdout
            .contains("'x' is neither a (approach) nor w (withdrawal)"),
        "{r}"
    );
    assert_eq!(
        r.stdout.matches("Approach (a) or withdrawal (w)?").count(),
        2,
        "{r}"
    );
    assert!(r.stdout.contains("You capture g3"), "{r}");
}

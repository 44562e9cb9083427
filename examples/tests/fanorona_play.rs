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

#[test]
fn hint_and_undo_work_in_play() {
    let r = run(
        &["fanorona", "play", "--level", "easy"],
        b"hint\nundo\nf3-e3w\nundo\nf3-e3w\nq\n",
    );
    assert!(r.ok, "{r}");
    assert!(r.stdout.contains("Hint: "), "{r}");
    assert!(r.stdout.contains("Nothing to undo."), "{r}");
    assert!(r.stdout.contains("Your last move is taken back."), "{r}");
    // The same move after the undo gets the same answer again.
    let answers: Vec<&str> = cli_common::lines_with(&r.stdout, "The computer plays");
    assert_eq!(answers.len(), 2, "{r}");
    assert_eq!(answers[0], answers[1], "{r}");
}

#[test]
fn the_game_of_the_day_refuses_a_level_instead_of_ignoring_it() {
    let r = run(&["fanorona", "play", "--daily", "--level", "hard"], b"q\n");
    assert_eq!(r.code, Some(2), "{r}");
    assert!(
        r.stderr.contains("--level") && r.stderr.contains("--daily"),
        "{r}"
    );
    // Without --level it is played.
    let r = run(
        &["fanorona", "play", "--daily", "--date", "2026-12-07"],
        b"q\n",
    );
    assert!(r.ok, "{r}");
}

#[test]
fn the_computers_last_move_is_marked_where_it_ended() {
    let r = run(&["fanorona", "play", "--level", "easy"], b"f3-e3w\nq\n");
    assert!(r.ok, "{r}");
    let reply = r
        .stdout
        .lines()
        .find_map(|l| l.split("The computer plays ").nth(1))
        .unwrap_or_else(|| panic!("the computer's move: {r}"));
    let path = reply.split_whitespace().next().expect("a move");
    // Its last point: the last two characters of the last step.
    let end = path.trim_end_matches(['a', 'w']);
    let (column, row) = end[end.len() - 2..].split_at(1);
    let marked = r
        .stdout
        .lines()
        .find(|l| l.starts_with(row) && l.contains('>'))
        .unwrap_or_else(|| panic!("row {row} marked: {r}"));
    assert_eq!(
        marked.find('>').map(|i| (i - 1) / 2),
        "abcdefghi".find(column),
        "{r}"
    );
}

#[test]
fn the_two_capture_rows_are_marked_on_two_boards() {
    // f3 to e3 takes d3 by approach or g3 by withdrawal.
    let r = run(&["fanorona", "play", "--level", "easy"], b"f3\ne3\nw\nq\n");
    assert!(r.ok, "{r}");
    let title = r
        .stdout
        .lines()
        .find(|l| l.starts_with("approach (a)"))
        .unwrap_or_else(|| panic!("the boards' titles: {r}"));
    assert!(title.contains("withdrawal (w)"), "{r}");
    // Row 3 of each board: the line taken in lower case, e3 marked.
    let row = r
        .stdout
        .lines()
        .find(|l| l.starts_with("3 W-B-W-b>.-W-B-W-B"))
        .unwrap_or_else(|| panic!("the approach board's row 3: {r}"));
    assert!(
        row.ends_with("3 W-B-W-B>.-W-b-W-B"),
        "the withdrawal board: {row}"
    );
}

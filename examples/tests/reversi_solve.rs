//! `spielwerk reversi solve` as a user meets it: each result line is
//! printed once, errors name the file, and problem numbers taken from the
//! file's name are explained when a range selects none.

mod cli_common;

use cli_common::{run, temp_dir};

/// FFO #6 in the FFO table form: a1 and h3 win by 14.
const FFO_6: &str =
    "6 --OXXX--OOOXXX--OOOXOXO-OOXOOOX-OOXXXXXXXOOXXOX--OOOOX---XXXXXX- X a1 +14 14\n";

#[test]
fn each_result_line_is_printed_once() {
    let dir = temp_dir("solve-once");
    let file = dir.join("ffo-6.txt");
    std::fs::write(&file, FFO_6).expect("written");
    let r = run(&["reversi", "solve", file.to_str().expect("utf-8")], b"");
    assert!(r.ok, "{r}");
    let all = format!("{}{}", r.stdout, r.stderr);
    assert_eq!(all.matches("#6 ").count(), 1, "{r}");
    assert!(r.stdout.contains("1 problems"), "{r}");
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn errors_name_the_file_and_numbers_from_the_name_are_explained() {
    let dir = temp_dir("solve-errors");
    let bad = dir.join("broken.obf");
    std::fs::write(&bad, "this is no problem\n").expect("written");
    let r = run(&["reversi", "solve", bad.to_str().expect("utf-8")], b"");
    assert!(!r.ok, "{r}");
    assert!(r.stderr.contains("broken.obf: "), "{r}");
    // An OBF file named fforum-40-59: its problems are 40, 41, ...
    let obf = dir.join("fforum-40-59.obf");
    std::fs::write(
        &obf,
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38;\n",
    )
    .expect("written");
    let path = obf.to_str().expect("utf-8");
    let r = run(&["reversi", "solve", path, "--from", "1", "--to", "2"], b"");
    assert!(!r.ok, "{r}");
    assert!(r.stderr.contains("fforum-40-59.obf: no problem"), "{r}");
    assert!(r.stderr.contains("numbered 40-40"), "{r}");
    let help = run(&["reversi", "solve", "--help"], b"");
    assert!(help.stdout.contains("name"), "{help}");
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

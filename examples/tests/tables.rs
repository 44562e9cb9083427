//! Table sizes given on the command line (`--hash-mb`): a size above the
//! documented maximum or the machine's memory is an error that names the
//! option, never an abort or a silent allocation.

mod cli_common;

use cli_common::run;

#[test]
fn a_huge_table_size_is_an_error_not_an_abort() {
    for args in [
        &["fanorona", "perft", "2", "--hash-mb", "100000"][..],
        &["reversi", "perft", "5", "--hash", "--hash-mb", "999999999"][..],
    ] {
        let r = run(args, b"");
        assert_eq!(r.code, Some(1), "{args:?}: {r}");
        assert!(r.stderr.contains("error: --hash-mb"), "{args:?}: {r}");
        assert!(r.stderr.contains("MiB"), "{args:?}: {r}");
        assert!(!r.stderr.contains("memory allocation"), "{args:?}: {r}");
    }
    // A size that fits still counts.
    let r = run(&["fanorona", "perft", "2", "--hash-mb", "1"], b"");
    assert!(r.ok, "{r}");
}

//! The Reversi GTP engine fed a whole session: every line of the input is
//! a command (the computer plays at the easy level, and `set_level` is
//! kept from raising it, so that `genmove` stays fast). Every answer is
//! a GTP response (`=` or `?`), and the engine's game stays consistent.
//!
//! The computer has no midgame table and the smallest solver table
//! (2^4 buckets). With a table allocated by every execution (the default
//! 8 MiB, even 1 MiB) the fuzzer's RSS climbs until libFuzzer stops it:
//! glibc serves the first such allocation with `mmap`, raises its mmap
//! threshold when it is freed, and from then on takes the table from the
//! heap, where the corpus's long-lived allocations keep the freed space
//! from being returned. With `MALLOC_MMAP_THRESHOLD_` fixed the RSS stays
//! flat, so nothing leaks (docs/fuzzing.md has the figures).
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_rules::ai::eval::{Eval, PatternEval};
use reversi_rules::ai::gtp::Gtp;
use reversi_rules::ai::{Computer, Level, limits};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let eval = Eval::Pattern(PatternEval::default());
    let computer = Computer::with_tables(limits(Level::Easy), eval, 0, 4);
    let mut gtp = Gtp::with_computer(computer);
    for line in text.lines().take(200) {
        if line.trim_start().to_ascii_lowercase().contains("set_level") {
            continue;
        }
        if let Some(answer) = gtp.execute(line) {
            assert!(
                answer.starts_with('=') || answer.starts_with('?'),
                "not a GTP answer to {line:?}: {answer:?}"
            );
        }
        if gtp.has_quit() {
            break;
        }
        let game = gtp.game();
        let replayed = reversi_rules::Reversi::replay_from(*game.start_position(), game.history());
        assert_eq!(
            replayed.expect("the engine's history replays").position(),
            game.position()
        );
    }
});

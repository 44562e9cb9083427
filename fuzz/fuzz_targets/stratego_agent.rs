//! The Stratego UCC agent fed a whole session: every line of the input is
//! a line from the manager (the colour line, move lines, board lines,
//! `START`, `QUIT`). The agent plays at the easy level; it must answer
//! every line without panicking, and whatever it answers to a setup line
//! is four rows of a valid setup.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stratego_rules::ai::{Computer, Level};
use stratego_rules::ucc::{Agent, Reply};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut agent = Agent::new(Computer::new(Level::Easy));
    let mut warnings = 0usize;
    for line in text.lines().take(400) {
        match agent.handle(line, &mut |w| {
            assert!(!w.is_empty());
            warnings += 1;
        }) {
            Reply::Quit => break,
            Reply::Nothing => {}
            Reply::Lines(lines) => assert!(!lines.is_empty(), "an empty answer to {line:?}"),
        }
    }
});

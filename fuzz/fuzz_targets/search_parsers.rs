//! The `FromStr`s of board-search and its test games: computer levels
//! (`parse(display(x)) == x`) and Connect Four move strings (its `Display`
//! is a diagram, not the move string: a parsed position is only drawn).
//! The first byte chooses the parser.
#![no_main]

use board_search::Level;
use libfuzzer_sys::fuzz_target;
use spielwerk_fuzz::{round_trip, split};
use spielwerk_testgames::ConnectFour;

fuzz_target!(|data: &[u8]| {
    let (which, text) = split(data);
    if which % 2 == 0 {
        round_trip::<Level>(&text);
    } else {
        if let Ok(pos) = text.parse::<ConnectFour>() {
            let _ = pos.to_string();
        }
    }
});

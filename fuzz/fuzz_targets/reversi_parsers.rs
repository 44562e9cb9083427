//! Every `FromStr` of reversi-rules on text (squares, moves, positions,
//! transcripts, replayed games), with `parse(display(x)) == x` where the
//! type prints its text form. The first byte chooses the parser.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_rules::{Move, Position, Reversi, Square, Transcript};
use spielwerk_fuzz::{round_trip, split};

fuzz_target!(|data: &[u8]| {
    let (which, text) = split(data);
    match which % 5 {
        0 => {
            round_trip::<Square>(&text);
        }
        1 => {
            round_trip::<Move>(&text);
        }
        2 => {
            if let Some(p) = round_trip::<Position>(&text) {
                let _ = p.diagram().to_string();
            }
        }
        3 => {
            round_trip::<Transcript>(&text);
        }
        _ => {
            // A transcript replayed: its own transcript replays to the same game.
            if let Ok(game) = text.parse::<Reversi>() {
                let again: Reversi = game.transcript().to_string().parse().expect("replays");
                assert_eq!(again.position(), game.position());
                assert_eq!(again.history(), game.history());
            }
        }
    }
});

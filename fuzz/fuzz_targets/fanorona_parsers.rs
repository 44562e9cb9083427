//! Every `FromStr` of fanorona-rules (points, moves, positions, dates of
//! the game of the day), positions with rules, and the relaxed move input
//! of a position; `parse(display(x)) == x` for each. The first byte
//! chooses the parser.
#![no_main]

use fanorona_rules::daily::Date;
use fanorona_rules::{Move, Position, Rules, Square};
use libfuzzer_sys::fuzz_target;
use spielwerk_fuzz::{check_round_trip, round_trip, split};

fuzz_target!(|data: &[u8]| {
    let (which, text) = split(data);
    match which % 6 {
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
            // Rules from the next two bytes, then a position under them.
            let (a, b) = (
                data.get(1).copied().unwrap_or(3),
                data.get(2).copied().unwrap_or(40),
            );
            let Ok(rules) = Rules::new(a, b) else { return };
            let text = String::from_utf8_lossy(data.get(3..).unwrap_or_default());
            if let Ok(p) = Position::parse_with_rules(&text, rules) {
                assert_eq!(p.rules(), rules);
                let back = Position::parse_with_rules(&p.to_string(), rules).expect("round trip");
                assert_eq!(back, p);
            }
        }
        4 => {
            round_trip::<Date>(&text);
        }
        _ => {
            // The relaxed move input, on the start position or on the
            // position before a `|`.
            let (pos, mv) = match text.split_once('|') {
                Some((p, m)) => match p.parse::<Position>() {
                    Ok(p) => (p, m),
                    Err(_) => return,
                },
                None => (Position::new(), text.as_str()),
            };
            match pos.parse_move(mv) {
                Ok(m) => {
                    assert!(board_core::Game::is_legal(&pos, m), "{m} is not legal");
                    check_round_trip(&m);
                }
                Err(e) => {
                    let _ = e.to_string();
                }
            }
        }
    }
});

//! Every `FromStr` of major-rules (squares, moves, positions, board
//! layouts and boards in their ASCII form), move lists, positions with
//! rules, and the highscore file; `parse(display(x)) == x` for each. The
//! first byte chooses the parser.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use major_rules::highscore::Highscores;
use major_rules::{
    Board, Colour, Layout, Move, NoMoveResult, Position, Rules, Square, parse_moves,
};
use spielwerk_fuzz::{round_trip, split};

fuzz_target!(|data: &[u8]| {
    let (which, text) = split(data);
    match which % 8 {
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
            // Rules from the next byte, then a position under them.
            let r = data.get(1).copied().unwrap_or(0);
            let rules = Rules {
                quiet_move_limit: r % 16,
                first: if r & 16 == 0 {
                    Colour::Blue
                } else {
                    Colour::Red
                },
                no_legal_move: if r & 32 == 0 {
                    NoMoveResult::Loses
                } else {
                    NoMoveResult::Draw
                },
            };
            let text = String::from_utf8_lossy(data.get(2..).unwrap_or_default());
            if let Ok(p) = Position::parse_with_rules(&text, rules) {
                assert_eq!(p.rules(), &rules);
                let back = Position::parse_with_rules(&p.to_string(), rules).expect("round trip");
                assert_eq!(back, p);
            }
        }
        4 => {
            round_trip::<Layout>(&text);
        }
        5 => {
            if let Some(board) = round_trip::<Board>(&text) {
                let _ = Position::start(board);
            }
        }
        6 => {
            if let Ok(moves) = parse_moves(&text) {
                let joined: Vec<String> = moves.iter().map(ToString::to_string).collect();
                assert_eq!(parse_moves(&joined.join(" ")).as_ref(), Ok(&moves));
            }
        }
        _ => match Highscores::from_json(&text, Path::new("highscores.json")) {
            Ok(table) => {
                let json = table.to_json();
                match Highscores::from_json(&json, Path::new("again.json")) {
                    Ok(back) => assert_eq!(back, table, "to_json round trip"),
                    Err(e) => panic!("the table's own JSON does not read: {e}\n{json}"),
                }
            }
            Err(e) => {
                let _ = e.to_string();
            }
        },
    }
});

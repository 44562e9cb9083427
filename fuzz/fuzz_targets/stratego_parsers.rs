//! Every `FromStr` of stratego-rules (squares, moves, positions, rule
//! presets, deployments, seen setups, learning strengths), positions under each preset's
//! rules, the Gravon and UCC forms of a deployment, army names and Gravon
//! squares;
//! `parse(display(x)) == x` for each. The first byte chooses the parser.
#![no_main]

use board_core::Player;
use libfuzzer_sys::fuzz_target;
use spielwerk_fuzz::{round_trip, split};
use stratego_rules::ai::{LearnStrength, SeenSetup};
use stratego_rules::gravon::parse_gravon_square;
use stratego_rules::{Army, Deployment, Move, Position, Preset, Square};

fuzz_target!(|data: &[u8]| {
    let (which, text) = split(data);
    match which % 9 {
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
            let preset = Preset::ALL[usize::from(which / 9) % Preset::ALL.len()];
            if let Ok(p) = Position::parse_with_rules(&text, preset.rules()) {
                assert_eq!(p.rules(), preset.rules());
                let back =
                    Position::parse_with_rules(&p.to_string(), preset.rules()).expect("round trip");
                assert_eq!(back, p);
            }
        }
        4 => {
            round_trip::<Preset>(&text);
        }
        5 => {
            if let Some(d) = round_trip::<Deployment>(&text) {
                for army in [Army::Classic, Army::Barrage] {
                    let _ = d.problems(army);
                }
                assert_eq!(
                    Deployment::from_gravon(&d.to_gravon()),
                    Ok(d),
                    "Gravon round trip"
                );
            }
        }
        6 => {
            if let Ok(d) = Deployment::from_gravon(&text) {
                assert_eq!(
                    Deployment::from_gravon(&d.to_gravon()),
                    Ok(d),
                    "Gravon round trip"
                );
            }
        }
        7 => {
            let owner = if which & 128 == 0 {
                Player::First
            } else {
                Player::Second
            };
            let mut rows = text.split('\n');
            let rows = [(); 4].map(|()| rows.next().unwrap_or(""));
            if let Ok(d) = Deployment::from_ucc_rows(owner, rows) {
                let back = d.to_ucc_rows(owner);
                let back =
                    Deployment::from_ucc_rows(owner, [&back[0], &back[1], &back[2], &back[3]]);
                assert_eq!(back, Ok(d), "UCC rows round trip");
            }
        }
        _ => {
            round_trip::<SeenSetup>(&text);
            round_trip::<LearnStrength>(&text);
            if let Some(army) = Army::from_name(&text) {
                assert_eq!(Army::from_name(&army.to_string()), Some(army));
            }
            if let Some(sq) = parse_gravon_square(&text) {
                let _ = sq.to_string();
            }
        }
    }
});

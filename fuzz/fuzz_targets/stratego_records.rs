//! The record readers of stratego-rules: Gravon XML games (and their
//! `to_xml` round trip), UCC 2012 logs, the human-setup files of Gravon
//! 40-character setups and the records of opponents' setups
//! (`SetupHabits`), and the UCC protocol's move lines; each record
//! that reads is replayed under every preset. The first byte chooses the
//! reader.
#![no_main]

use board_core::Player;
use libfuzzer_sys::fuzz_target;
use spielwerk_fuzz::{show, split};
use stratego_rules::ai::{SetupHabits, SetupPrior, SetupSource};
use stratego_rules::gravon::looks_like_gravon;
use stratego_rules::ucc::{looks_like_ucc, protocol};
use stratego_rules::{Army, GravonGame, Preset, UccGame};

fuzz_target!(|data: &[u8]| {
    let (which, text) = split(data);
    let preset = Preset::ALL[usize::from(which / 4) % Preset::ALL.len()];
    match which % 4 {
        0 => {
            let _ = looks_like_gravon(&text);
            if let Ok(game) = GravonGame::parse(&text) {
                let xml = game.to_xml();
                assert_eq!(
                    GravonGame::parse(&xml).as_ref(),
                    Ok(&game),
                    "to_xml round trip"
                );
                show(game.replay(preset.rules()));
            }
        }
        1 => {
            let _ = looks_like_ucc(&text);
            if let Ok(game) = UccGame::parse(&text) {
                let _ = game.setup();
                show(game.replay(preset.rules()));
            }
        }
        2 => {
            for army in [Army::Classic, Army::Barrage] {
                let (source, skipped) = SetupSource::parse(&text, army);
                assert!(skipped <= text.lines().count());
                if let SetupSource::List {
                    army: a,
                    deployments,
                } = &source
                {
                    assert_eq!(*a, army);
                    for d in deployments.iter() {
                        assert!(d.is_valid(army), "an invalid setup was kept: {d}");
                    }
                }
                let _ = source.filtered(stratego_rules::ai::flag_fortified).len();
            }
            // The records of an opponent's setups: what reads writes back.
            let reading = SetupHabits::read(&text);
            assert!(reading.errors.len() <= text.lines().count());
            let lines: String = reading.habits.lines().map(|l| l + "\n").collect();
            let again = SetupHabits::read(&lines);
            assert!(again.errors.is_empty(), "{:?}", again.errors);
            assert_eq!(again.habits, reading.habits, "records round trip");
            if let Some(line) = reading.habits.lines().next() {
                let name = line.split(' ').next().unwrap_or_default().to_owned();
                let prior = reading.habits.prior(&name, &SetupPrior::classic(), 2.0);
                assert_eq!(prior.army(), Army::Classic);
            }
        }
        _ => {
            for line in text.lines() {
                let _ = protocol::is_board_line(line);
                for player in [Player::First, Player::Second] {
                    if let Ok(m) = protocol::parse_move_line(line, player) {
                        let _ = m.outcome.is_consistent();
                        if let Some(mv) = m.mv {
                            let _ = protocol::move_line(mv);
                            let _ = m.outcome.public_move(mv);
                        }
                    }
                }
            }
        }
    }
});

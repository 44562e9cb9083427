//! Stored games as Gravon XML records, through `stratego_rules::gravon`,
//! and `spielwerk serve --export-games DIR`.
//!
//! Result types: flag captured 1, a side unable to move 0, both unable 2,
//! left or timed out 3 (the Gravon code for a resignation: the game was
//! given up). Games that never reached play (no field to write) and games
//! the server stopped are not exported.

use std::path::Path;

use board_core::{Outcome, Player};
use stratego_rules::Setup;
use stratego_rules::gravon::{GravonGame, GravonResult};

use super::store::{GameRecord, Reason};

/// The Gravon record of a stored game, if it reached play.
#[must_use]
pub fn gravon(record: &GameRecord) -> Option<GravonGame> {
    let (red, blue) = (record.red_setup?, record.blue_setup?);
    let winner = match record.outcome? {
        Outcome::Win(Player::First) => 1,
        Outcome::Win(Player::Second) => 2,
        Outcome::Draw => 3,
    };
    let kind = match record.reason {
        Reason::FlagCaptured => 1,
        Reason::NoMoves if winner == 3 => 2,
        Reason::NoMoves => 0,
        Reason::TimeOut(_) | Reason::Left(_) | Reason::SetupTimeout(_) => 3,
        Reason::ServerStopped => return None,
    };
    Some(GravonGame {
        setup: Setup::from_deployments(record.army, &red, &blue),
        moves: record.moves.iter().map(|(m, _)| *m).collect(),
        players: [Some(record.red.clone()), Some(record.blue.clone())],
        result: Some(GravonResult { kind, winner }),
    })
}

/// The file name of a game's record.
#[must_use]
pub fn file_name(id: u64) -> String {
    format!("battlegeneral-{id}.xml")
}

/// Writes `text` to `dir/name` through a temporary file and a rename, so
/// that a crash never leaves half a file under the final name.
pub fn write_atomically(dir: &Path, name: &str, text: &str) -> std::io::Result<()> {
    use std::io::Write as _;
    let tmp = dir.join(format!(".{name}.tmp"));
    let mut f = std::fs::File::create(&tmp)?;
    f.write_all(text.as_bytes())?;
    f.sync_all()?;
    drop(f);
    std::fs::rename(&tmp, dir.join(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_core::Game;
    use stratego_rules::{Army, MoveList, Position, Preset, predefined};

    #[test]
    fn an_exported_game_replays_to_its_result() {
        let d = predefined();
        let setup = Setup::from_deployments(Army::Classic, &d[2].1, &d[5].1);
        let mut pos = Position::from_setup(setup, Preset::Battlegeneral.rules()).unwrap();
        let mut rng = board_core::SplitMix64::new(11);
        let mut moves = Vec::new();
        let mut list = MoveList::new();
        while pos.outcome().is_none() {
            pos.legal_moves(&mut list);
            let m = list[rng.below(list.len() as u64) as usize];
            pos.play(m).unwrap();
            moves.push((m, 0));
        }
        let outcome = pos.outcome();
        let flag = outcome
            .and_then(|o| o.winner())
            .is_some_and(|w| pos.count(!w, stratego_rules::Rank::Flag) == 0);
        let record = GameRecord {
            id: 9,
            seq: 1,
            red: "anna <3".into(),
            blue: "bert & co".into(),
            red_computer: false,
            blue_computer: false,
            army: Army::Classic,
            rules: "battlegeneral".into(),
            started_at: 0,
            setup_done_at: Some(0),
            ended_at: 1,
            red_setup: Some(d[2].1),
            blue_setup: Some(d[5].1),
            moves,
            outcome,
            reason: if flag {
                Reason::FlagCaptured
            } else {
                Reason::NoMoves
            },
            counted: false,
        };
        let xml = gravon(&record).unwrap().to_xml();
        let back = GravonGame::parse(&xml).unwrap();
        assert_eq!(back.players[0].as_deref(), Some("anna <3"));
        let summary = back.replay(Preset::Gravon.rules()).unwrap();
        assert_eq!(summary.outcome, outcome);
        assert_eq!(summary.abnormal, None);
        assert_eq!(summary.plies, record.moves.len());
        // A left game replays with an abnormal end; a stopped one is not
        // exported.
        let mut left = record.clone();
        left.moves.truncate(10);
        left.outcome = Some(Outcome::Win(Player::First));
        left.reason = Reason::Left(Player::Second);
        let s = GravonGame::parse(&gravon(&left).unwrap().to_xml())
            .unwrap()
            .replay(Preset::Gravon.rules())
            .unwrap();
        assert!(s.abnormal.is_some());
        left.reason = Reason::ServerStopped;
        left.outcome = None;
        assert!(gravon(&left).is_none());
    }
}

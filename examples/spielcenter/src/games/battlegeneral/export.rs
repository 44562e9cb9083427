//! Stored games as Gravon XML records, through `stratego_rules::gravon`
//! (`GET /api/games/ID/gravon.xml`, `spielwerk serve --export-games DIR`).
//!
//! Result types: flag captured 1, a side unable to move 0, both unable 2,
//! left or timed out 3 (the Gravon code for a resignation: the game was
//! given up). Games that never reached play (no field to write) and games
//! the server stopped are not exported.

use board_core::{Outcome, Player};
use stratego_rules::Setup;
use stratego_rules::gravon::{GravonGame, GravonResult};

use super::record::Played;
use crate::hosted::{Export, GameId, StoredGame};

/// The Gravon record of a stored game, if it reached play.
#[must_use]
pub fn gravon(game: &StoredGame) -> Option<GravonGame> {
    let played = Played::read(game).ok()?;
    let [Some(red), Some(blue)] = played.setups else {
        return None;
    };
    let winner = match game.outcome? {
        Outcome::Win(Player::First) => 1,
        Outcome::Win(Player::Second) => 2,
        Outcome::Draw => 3,
    };
    let kind = match game.reason.as_str() {
        "flag_captured" => 1,
        "no_moves" if winner == 3 => 2,
        "no_moves" => 0,
        "timeout" | "left" | "setup_timeout" => 3,
        _ => return None,
    };
    Some(GravonGame {
        setup: Setup::from_deployments(played.army, &red, &blue),
        moves: played.moves.iter().map(|(m, _)| *m).collect(),
        players: [Some(game.players[0].clone()), Some(game.players[1].clone())],
        result: Some(GravonResult { kind, winner }),
    })
}

/// The file name of a game's record.
#[must_use]
pub fn file_name(id: GameId) -> String {
    format!("battlegeneral-{id}.xml")
}

/// Battlegeneral's downloads: the Gravon XML record.
pub const EXPORTS: &[Export] = &[Export {
    name: "gravon.xml",
    content_type: "application/xml; charset=utf-8",
    file_name,
    make: |g| gravon(g).map(|r| r.to_xml()),
}];

#[cfg(test)]
mod tests {
    use board_core::Game;
    use stratego_rules::{Army, MoveList, Position, Preset, predefined};

    use super::*;
    use crate::games::battlegeneral::record::Played;

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
        let played = Played {
            army: Army::Classic,
            rules: "battlegeneral".into(),
            counts: false,
            setup_done_at: Some(0),
            setups: [Some(d[2].1), Some(d[5].1)],
            moves,
        };
        let game = StoredGame {
            id: 9,
            seq: 1,
            kind: "battlegeneral".into(),
            players: ["anna <3".into(), "bert & co".into()],
            computers: [false, false],
            daily: None,
            started_at: 0,
            ended_at: 1,
            plies: played.moves.len() as u64,
            outcome,
            reason: if flag { "flag_captured" } else { "no_moves" }.into(),
            reason_player: None,
            counted: false,
            record: played.record(0),
        };
        let xml = gravon(&game).unwrap().to_xml();
        let back = GravonGame::parse(&xml).unwrap();
        assert_eq!(back.players[0].as_deref(), Some("anna <3"));
        let summary = back.replay(Preset::Gravon.rules()).unwrap();
        assert_eq!(summary.outcome, outcome);
        assert_eq!(summary.abnormal, None);
        assert_eq!(summary.plies, played.moves.len());
        // A left game replays with an abnormal end; a stopped one is not
        // exported.
        let mut left = played.clone();
        left.moves.truncate(10);
        let mut g = StoredGame {
            outcome: Some(Outcome::Win(Player::First)),
            reason: "left".into(),
            reason_player: Some(Player::Second),
            record: left.record(0),
            ..game
        };
        let s = GravonGame::parse(&gravon(&g).unwrap().to_xml())
            .unwrap()
            .replay(Preset::Gravon.rules())
            .unwrap();
        assert!(s.abnormal.is_some());
        g.reason = "server_stopped".into();
        g.outcome = None;
        assert!(gravon(&g).is_none());
    }
}

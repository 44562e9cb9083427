//! Parsers never panic, and every text form round-trips.

use proptest::prelude::*;
use stratego_rules::{
    Army, Deployment, GravonGame, Move, Position, Preset, Rank, Square, UccGame, gravon, ucc,
};

const XML: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<stratego>
 <game type="barrage">
  <field content="AAAAAADAAAEAAMACAAAAAADAAABAAALAAAAKAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAXPAAAAAAAWONAAAAAAAPQY"/>
  <move id="1" source="A4" target="A5"/>
  <move id="2" source="H9" target="G9"/>
  <player id="1">Red &amp; co</player>
  <result type="3" winner="2"/>
 </game>
</stratego>
"#;

const UCC: &str = "a RED SETUP\nFB8sB479B8\nBB31555583\n6724898974\n967B669999\nb BLUE SETUP\n967B669999\n6724898974\nBB31555583\nFB8sB479B8\n1 RED: 0 3 DOWN OK\n1 BLU: 0 6 UP OK\n2 RED: 0 4 DOWN BOTHDIE 9 9\nGame ends on BLUE's turn - REASON: SIGPIPE\n";

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn no_parser_panics_on_arbitrary_text(s in "\\PC{0,200}") {
        let _ = s.parse::<Square>();
        let _ = s.parse::<Move>();
        let _ = s.parse::<Position>();
        let _ = s.parse::<Deployment>();
        let _ = s.parse::<Preset>();
        let _ = Deployment::from_gravon(&s);
        let _ = UccGame::parse(&s);
        let _ = GravonGame::parse(&s);
        let _ = gravon::parse_gravon_square(&s);
    }

    #[test]
    fn no_parser_panics_on_mutated_records(cut in 0usize..2000, len in 0usize..40, insert in "[<>&;\"'/=a-zA-Z0-9 :_\\n-]{0,12}") {
        for base in [XML, UCC] {
            let chars: Vec<char> = base.chars().collect();
            let at = cut % (chars.len() + 1);
            let end = (at + len).min(chars.len());
            let text: String = chars[..at].iter().chain(insert.chars().collect::<Vec<_>>().iter()).chain(chars[end..].iter()).collect();
            if let Ok(g) = GravonGame::parse(&text) {
                let _ = g.replay(Preset::Gravon.rules());
                let _ = GravonGame::parse(&g.to_xml());
            }
            if let Ok(g) = UccGame::parse(&text) {
                let _ = g.replay(Preset::UccReplay.rules());
            }
            let _ = text.parse::<Position>();
        }
    }

    #[test]
    fn positions_with_arbitrary_boards_round_trip(cells in proptest::collection::vec(0u8..30, 100), blue in any::<bool>()) {
        let mut rows = Vec::new();
        for r in (0..10).rev() {
            let mut row = String::new();
            for f in 0..10 {
                let sq = Square::new(f, r).expect("on the board");
                if sq.is_lake() {
                    row.push('~');
                    continue;
                }
                let c = cells[sq.index()];
                match Rank::from_index(usize::from(c % 15)) {
                    Some(rank) if c < 24 => {
                        let l = rank.letter();
                        row.push(if c % 2 == 0 { l } else { l.to_ascii_lowercase() });
                        if rank.is_movable() && c % 3 == 0 { row.push('\''); }
                        if c % 5 == 0 { row.push('*'); }
                    }
                    _ => row.push('.'),
                }
            }
            rows.push(row);
        }
        let text = format!("{} {} classic", rows.join("/"), if blue { 'b' } else { 'r' });
        // Too many pieces of a rank is an error; otherwise the text round-trips.
        if let Ok(p) = text.parse::<Position>() {
            prop_assert_eq!(p.to_string().parse::<Position>(), Ok(p.clone()));
            let _ = board_core::Game::outcome(&p);
        }
    }

    #[test]
    fn squares_moves_and_deployments_round_trip(a in 0usize..100, b in 0usize..100, seed in any::<u64>(), barrage in any::<bool>()) {
        let (a, b) = (Square::from_index(a).expect("below 100"), Square::from_index(b).expect("below 100"));
        prop_assert_eq!(a.to_string().parse::<Square>(), Ok(a));
        let m = Move::new(a, b);
        prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        prop_assert_eq!(gravon::parse_gravon_square(&gravon::gravon_square(a)), Some(a));
        let army = if barrage { Army::Barrage } else { Army::Classic };
        let d = Deployment::random(army, &mut board_core::SplitMix64::new(seed));
        prop_assert!(d.is_valid(army));
        prop_assert_eq!(d.to_string().parse::<Deployment>(), Ok(d));
        prop_assert_eq!(Deployment::from_gravon(&d.to_gravon()), Ok(d));
    }
}

#[test]
fn the_sample_records_parse() {
    let g = GravonGame::parse(XML).expect("parses");
    assert_eq!(g.moves.len(), 2);
    assert_eq!(g.players[0].as_deref(), Some("Red & co"));
    assert!(gravon::looks_like_gravon(XML) && !ucc::looks_like_ucc(XML));
    let u = UccGame::parse(UCC).expect("parses");
    assert_eq!(u.moves.len(), 3);
    assert!(ucc::looks_like_ucc(UCC) && !gravon::looks_like_gravon(UCC));
    let s = u.replay(Preset::UccReplay.rules()).expect("replays");
    assert_eq!((s.plies, s.battles), (3, 1));
    assert!(s.abnormal.is_some());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Any sequence of session actions at any times: no panic, time never
    /// runs backwards inside the session, and a finished session stays
    /// finished.
    #[test]
    fn sessions_never_panic(actions in proptest::collection::vec((0u8..5, any::<bool>(), any::<u64>(), 0usize..300), 0..40)) {
        use board_core::{Game, Player};
        use stratego_rules::session::Challenge;
        use stratego_rules::{Army, Rules, predefined};
        let mut s = Challenge::new("b", "r", 0).expect("distinct names").accept(0, Army::Classic, Rules::default());
        let mut finished = false;
        for (kind, first, time, pick) in actions {
            let player = if first { Player::First } else { Player::Second };
            match kind {
                0 => { let _ = s.submit_setup(player, predefined()[pick % 8].1, time); }
                1 => { let _ = s.submit_setup(player, Deployment::EMPTY, time); }
                2 => {
                    let mv = s.position().and_then(|p| p.moves().get(pick % 50).copied());
                    if let Some(mv) = mv { let _ = s.play(player, mv, time); }
                }
                3 => { let _ = s.leave(player, time); }
                _ => { let _ = s.tick(time); }
            }
            if finished {
                prop_assert!(s.result().is_some());
            }
            finished = s.result().is_some();
        }
    }
}

/// The manager logs a surrender as a turn line (`2 BLU: SURRENDER OK`,
/// then the end notice and the result): it parses, names the side, and the
/// replay reports it as the abnormal end after the moves before it.
#[test]
fn a_surrender_line_ends_the_log() {
    let text = UCC.replace(
        "Game ends on BLUE's turn - REASON: SIGPIPE\n",
        "2 BLU: SURRENDER OK\nGame ends on BLUE's turn - REASON: This player has surrendered!\na RED VICTORY 2 40 39\n",
    );
    let u = UccGame::parse(&text).expect("parses");
    assert_eq!(u.moves.len(), 3);
    assert_eq!(u.surrendered, Some(board_core::Player::Second));
    assert_eq!(u.stopped, None);
    assert_eq!(
        u.result.as_ref().map(|r| r.result.as_str()),
        Some("VICTORY")
    );
    let s = u.replay(Preset::UccReplay.rules()).expect("replays");
    assert_eq!((s.plies, s.battles), (3, 1));
    assert_eq!(s.abnormal.as_deref(), Some("Blue surrendered"));
    assert_eq!(
        s.recorded,
        Some(board_core::Outcome::Win(board_core::Player::First))
    );
    // Without the surrender the same log ends on the SIGPIPE notice.
    assert_eq!(UccGame::parse(UCC).expect("parses").surrendered, None);
}

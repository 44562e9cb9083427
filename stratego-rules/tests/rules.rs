//! Every rule of the specification on small hand-made positions.

use board_core::{Game, Observable, Outcome, Player};
use stratego_rules::{
    Battle, IllegalMoveError, Move, MoveList, Position, Preset, Rank, Rules, Square, battle,
};

/// A position from `(square, token)` pairs in the text notation (`M` Red
/// Marshal, `c'` a moved Blue Scout...).
fn pos(pieces: &[(&str, &str)], side: char, rules: Rules) -> Position {
    let mut grid = vec![vec![String::from("."); 10]; 10];
    for r in [4, 5] {
        for f in [2, 3, 6, 7] {
            grid[r][f] = "~".into();
        }
    }
    for (sq, tok) in pieces {
        let s: Square = sq.parse().expect("square");
        grid[usize::from(s.row())][usize::from(s.column())] = (*tok).to_string();
    }
    let rows: Vec<String> = (0..10).rev().map(|r| grid[r].concat()).collect();
    Position::parse_with_rules(&format!("{} {side} classic", rows.join("/")), rules)
        .expect("position")
}

fn mv(s: &str) -> Move {
    s.parse().expect("move")
}

fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let from: Square = from.parse().expect("square");
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    let mut v: Vec<String> = l
        .iter()
        .filter(|m| m.from == from)
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v
}

/// Flags tucked away in the corners so the games do not end.
const FLAGS: [(&str, &str); 2] = [("a1", "F"), ("j10", "f")];

fn with_flags(extra: &[(&str, &str)]) -> Vec<(&'static str, &'static str)> {
    let mut v: Vec<(&str, &str)> = FLAGS.to_vec();
    for (a, b) in extra {
        // Leak the short test strings: fine in tests.
        v.push((
            Box::leak(a.to_string().into_boxed_str()),
            Box::leak(b.to_string().into_boxed_str()),
        ));
    }
    v
}

#[test]
fn a_piece_steps_one_square_orthogonally_never_into_a_lake() {
    let p = pos(
        &with_flags(&[("c4", "P"), ("e5", "P")]),
        'r',
        Rules::default(),
    );
    assert_eq!(moves_from(&p, "c4"), ["b4", "c3", "d4"]);
    assert_eq!(moves_from(&p, "e5"), ["e4", "e6", "f5"]);
    assert!(matches!(
        p.check(mv("c4-c5")),
        Err(IllegalMoveError::Lake { .. })
    ));
    assert!(matches!(
        p.check(mv("c4-c6")),
        Err(IllegalMoveError::TooFar { .. })
    ));
    assert!(matches!(
        p.check(mv("c4-d5")),
        Err(IllegalMoveError::NotStraight { .. })
    ));
    assert!(matches!(
        p.check(mv("a1-a2")),
        Err(IllegalMoveError::Immobile {
            rank: Rank::Flag,
            ..
        })
    ));
    assert!(matches!(
        p.check(mv("b2-b3")),
        Err(IllegalMoveError::NoPiece { .. })
    ));
    assert!(matches!(
        p.check(mv("j10-j9")),
        Err(IllegalMoveError::NotYours { .. })
    ));
}

#[test]
fn scouts_move_far_but_never_jump_and_attack_at_range_as_the_rules_say() {
    let pieces = with_flags(&[("e1", "C"), ("e7", "n"), ("a4", "C"), ("b4", "B")]);
    let p = pos(&pieces, 'r', Rules::default());
    assert_eq!(
        moves_from(&p, "e1"),
        [
            "b1", "c1", "d1", "e2", "e3", "e4", "e5", "e6", "e7", "f1", "g1", "h1", "i1", "j1"
        ]
    );
    assert!(matches!(
        p.check(mv("a4-c4")),
        Err(IllegalMoveError::OwnPiece { .. }) | Err(IllegalMoveError::Blocked { .. })
    ));
    assert!(matches!(
        p.check(mv("e1-e8")),
        Err(IllegalMoveError::Blocked { .. })
    ));
    let old = pos(
        &pieces,
        'r',
        Rules {
            scout_range_attack: false,
            ..Rules::default()
        },
    );
    assert!(matches!(
        old.check(mv("e1-e7")),
        Err(IllegalMoveError::RangeAttack { .. })
    ));
    assert!(old.check(mv("e1-e6")).is_ok());
    // A Scout cannot cross a lake.
    let q = pos(&with_flags(&[("c3", "C")]), 'r', Rules::default());
    assert!(matches!(
        q.check(mv("c3-c7")),
        Err(IllegalMoveError::Lake { .. })
    ));
    assert_eq!(
        moves_from(&q, "c3"),
        [
            "a3", "b3", "c1", "c2", "c4", "d3", "e3", "f3", "g3", "h3", "i3", "j3"
        ]
    );
}

#[test]
fn a_long_scout_move_reveals_the_scout_a_step_does_not() {
    let mut p = pos(
        &with_flags(&[("e1", "C"), ("e10", "c")]),
        'r',
        Rules::default(),
    );
    p.play(mv("e1-e2")).expect("legal");
    let e2: Square = "e2".parse().expect("sq");
    let seen = p.view(Player::Second).piece_at(e2).expect("piece");
    assert_eq!((seen.rank, seen.moved, seen.revealed), (None, true, false));
    p.play(mv("e10-e9")).expect("legal");
    p.play(mv("e2-e5")).expect("legal");
    let e5: Square = "e5".parse().expect("sq");
    let seen = p.view(Player::Second).piece_at(e5).expect("piece");
    assert_eq!((seen.rank, seen.revealed), (Some(Rank::Scout), true));
}

#[test]
fn combat_follows_the_table_and_reveals_the_winner() {
    use Rank::*;
    let cases = [
        ("S", "m", Battle::AttackerWins), // the Spy attacks the Marshal
        ("M", "s", Battle::AttackerWins), // the Marshal attacks the Spy
        ("G", "b", Battle::DefenderWins), // Bombs stay
        ("N", "b", Battle::AttackerWins), // Miners defuse
        ("P", "p", Battle::BothRemoved),
        ("E", "j", Battle::DefenderWins),
    ];
    for (a, d, expected) in cases {
        let mut p = pos(&with_flags(&[("e4", a), ("e5", d)]), 'r', Rules::default());
        let report = p.play_move(mv("e4-e5")).expect("legal");
        let (defender, result) = report.battle.expect("a battle");
        assert_eq!(result, expected, "{a} attacks {d}");
        assert_eq!(battle(report.piece.rank, defender.rank), expected);
        let e4 = p.piece_at("e4".parse().expect("sq"));
        let e5 = p.piece_at("e5".parse().expect("sq"));
        assert!(e4.is_none());
        match expected {
            Battle::AttackerWins => assert_eq!(
                e5.map(|x| (x.piece.owner, x.revealed)),
                Some((Player::First, true))
            ),
            Battle::DefenderWins => assert_eq!(
                e5.map(|x| (x.piece.owner, x.revealed)),
                Some((Player::Second, true))
            ),
            Battle::BothRemoved => assert!(e5.is_none()),
        }
    }
    assert_eq!(battle(Marshal, Bomb), Battle::DefenderWins);
}

#[test]
fn capturing_the_flag_wins() {
    let mut p = pos(
        &[("a1", "F"), ("e9", "C"), ("e10", "f"), ("j10", "b")],
        'r',
        Rules::default(),
    );
    assert_eq!(p.outcome(), None);
    p.play(mv("e9-e10")).expect("legal");
    assert_eq!(p.outcome(), Some(Outcome::Win(Player::First)));
    assert!(p.moves().is_empty());
    assert!(matches!(
        p.check(mv("j10-j9")),
        Err(IllegalMoveError::GameOver { .. })
    ));
}

#[test]
fn a_player_who_cannot_move_loses_and_both_stuck_is_a_draw() {
    // Blue to move has only a Bomb and its Flag: Blue loses.
    let p = pos(
        &[("a1", "F"), ("b1", "C"), ("j10", "f"), ("i10", "b")],
        'b',
        Rules::default(),
    );
    assert_eq!(p.outcome(), Some(Outcome::Win(Player::First)));
    // Neither side can move: a draw.
    let q = pos(
        &[("a1", "F"), ("b1", "B"), ("j10", "f"), ("i10", "b")],
        'r',
        Rules::default(),
    );
    assert_eq!(q.outcome(), Some(Outcome::Draw));
    // A blocked-in piece cannot move either.
    let r = pos(
        &[
            ("a1", "F"),
            ("a2", "B"),
            ("b1", "B"),
            ("a3", "M"),
            ("j10", "f"),
        ],
        'b',
        Rules::default(),
    );
    assert_eq!(r.outcome(), Some(Outcome::Win(Player::First)));
    // With the UCC rule the immobile side loses at once, whoever is to move.
    let ucc = pos(
        &[("a1", "F"), ("b1", "C"), ("j10", "f"), ("i10", "b")],
        'r',
        Preset::UccReplay.rules(),
    );
    assert_eq!(ucc.outcome(), Some(Outcome::Win(Player::First)));
}

#[test]
fn the_two_square_rule_limits_back_and_forth_moves() {
    for (limit, allowed) in [(Some(5u8), 5usize), (Some(3), 3), (None, 40)] {
        let rules = Rules {
            two_square: limit,
            ..Rules::default()
        };
        let mut p = pos(&with_flags(&[("e2", "P"), ("e9", "p")]), 'r', rules);
        let mut made = 0;
        for i in 0..40 {
            let m = if i % 2 == 0 { mv("e2-e3") } else { mv("e3-e2") };
            if p.play(m).is_err() {
                assert!(matches!(
                    p.check(m),
                    Err(IllegalMoveError::TwoSquare { .. })
                ));
                break;
            }
            made += 1;
            let b = if i % 2 == 0 { mv("e9-e8") } else { mv("e8-e9") };
            // Blue shuttles too, but starts its series later: a Blue move in
            // between does not break Red's series.
            p.play(b).expect("Blue's series is one move behind Red's");
        }
        assert_eq!(made, allowed, "limit {limit:?}");
    }
}

#[test]
fn the_two_square_rule_counts_a_scouts_common_boundary() {
    let rules = Rules {
        two_square: Some(3),
        ..Rules::default()
    };
    let mut p = pos(&with_flags(&[("a2", "C"), ("j2", "c")]), 'r', rules);
    let blue = ["j2-j3", "j3-j4", "j4-j5", "j5-j6"];
    // a2-a4, a4-a3, a3-a4: all cross the a3/a4 boundary: 3 moves.
    for (i, m) in ["a2-a4", "a4-a3", "a3-a4"].iter().enumerate() {
        p.play(mv(m)).expect("legal");
        p.play(mv(blue[i])).expect("legal");
    }
    // A fourth crossing is refused, even a longer one; a move that does
    // not cross a3/a4 is fine.
    assert!(matches!(
        p.check(mv("a4-a2")),
        Err(IllegalMoveError::TwoSquare { limit: 3, .. })
    ));
    assert!(matches!(
        p.check(mv("a4-a3")),
        Err(IllegalMoveError::TwoSquare { .. })
    ));
    assert!(p.check(mv("a4-a5")).is_ok());
    assert!(p.check(mv("a4-b4")).is_ok());
}

#[test]
fn move_limits_draw() {
    let rules = Rules {
        max_plies: Some(2),
        ..Rules::default()
    };
    let mut p = pos(&with_flags(&[("e2", "P"), ("e9", "p")]), 'r', rules);
    p.play(mv("e2-e3")).expect("legal");
    assert_eq!(p.outcome(), None);
    p.play(mv("e9-e8")).expect("legal");
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    let rules = Rules {
        max_plies_without_battle: Some(3),
        ..Rules::default()
    };
    let mut q = pos(
        &with_flags(&[("e2", "P"), ("e4", "l"), ("e9", "p")]),
        'r',
        rules,
    );
    q.play(mv("e2-e3")).expect("legal");
    q.play(mv("e9-e8")).expect("legal");
    q.play(mv("e3-e4")).expect("a battle resets the count");
    assert_eq!(q.plies_without_battle(), 0);
    assert_eq!(q.outcome(), None);
}

#[test]
fn red_moves_first_from_a_setup() {
    let d = stratego_rules::predefined();
    let setup =
        stratego_rules::Setup::from_deployments(stratego_rules::Army::Classic, &d[0].1, &d[1].1);
    let p = Position::from_setup(setup, Rules::default()).expect("valid");
    assert_eq!(p.to_move(), Player::First);
    assert!(p.moves().iter().all(|m| {
        p.piece_at(m.from)
            .is_some_and(|x| x.piece.owner == Player::First)
    }));
}

#[test]
fn the_rendered_view_shows_only_what_the_viewer_knows() {
    let d = stratego_rules::predefined();
    let setup =
        stratego_rules::Setup::from_deployments(stratego_rules::Army::Classic, &d[0].1, &d[1].1);
    let mut p = Position::from_setup(setup, Rules::default()).expect("valid");
    let blue = p.view(Player::Second).diagram().to_string();
    assert_eq!(blue.matches("R?").count(), 40);
    assert!(!blue.contains("b?"), "Blue knows its own ranks");
    // a4 is a Red Scout: its long move reveals it to Blue; Red sees it as
    // known to Blue.
    p.play(mv("a4-a6")).expect("legal");
    assert_eq!(
        p.view(Player::Second)
            .diagram()
            .to_string()
            .matches("R?")
            .count(),
        39
    );
    assert!(p.view(Player::Second).diagram().to_string().contains("R2 "));
    assert!(p.view(Player::First).diagram().to_string().contains("R2*"));
    assert_eq!(
        p.view(Player::First)
            .diagram()
            .to_string()
            .matches("b?")
            .count(),
        40
    );
}

#[test]
fn the_more_squares_rule_stops_a_chase_from_repeating_a_board() {
    use board_core::{Undo, ZobristHash};
    let pieces = with_flags(&[("d7", "M"), ("e9", "p")]);
    for (rules, forbidden) in [(Preset::Isf.rules(), true), (Rules::default(), false)] {
        let mut p = pos(&pieces, 'b', rules);
        // Blue's Captain moves, Red's Marshal comes next to it: a chase.
        for m in ["e9-e8", "d7-e7", "e8-f8", "e7-f7"] {
            p.play(mv(m)).expect("legal");
            assert_eq!(p.zobrist(), p.zobrist_from_scratch());
        }
        p.play(mv("f8-e8"))
            .expect("the chased piece may always flee");
        // Following to e7 again would recreate the board after d7-e7.
        let again = mv("f7-e7");
        assert_eq!(p.check(again).is_err(), forbidden);
        if forbidden {
            assert!(matches!(
                p.check(again),
                Err(IllegalMoveError::MoreSquares { .. })
            ));
        }
        assert_eq!(p.moves().contains(&again), !forbidden);
        // Red's view lists the same moves as the referee.
        let mut seen = MoveList::new();
        p.view(Player::First).legal_moves(&mut seen);
        assert_eq!(seen, p.moves());
        // Other moves stay legal, and make/unmake restores the chase.
        let other = mv("f7-f6");
        let before = p.clone();
        let undo = p.make(other);
        p.unmake(other, undo);
        assert_eq!(p, before);
        p.play(other).expect("not a following move");
        // The chase is over: the Marshal may go back later.
        p.play(mv("e8-e9")).expect("legal");
        p.play(mv("f6-f7")).expect("legal");
        assert_eq!(p.zobrist(), p.zobrist_from_scratch());
    }
}

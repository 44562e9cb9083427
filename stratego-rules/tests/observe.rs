//! A view advanced by public moves equals the referee's view after the
//! same moves, on random games under every rule variant; contradicting
//! moves are rejected and leave the view unchanged.

mod common;

use board_core::{Game, Observable, Player, SplitMix64};
use common::{random_start, rules_from};
use proptest::prelude::*;
use stratego_rules::{
    Army, MoveList, ObserveError, Position, Preset, PublicMove, Rank, Rules, Square,
};

fn follow_game(seed: u64, bits: u8, army: Army) -> usize {
    let rules = Rules {
        more_squares: seed.is_multiple_of(3),
        ..rules_from(bits)
    };
    let mut pos = random_start(army, rules, seed);
    let mut views = [pos.view(Player::First), pos.view(Player::Second)];
    let mut rng = SplitMix64::new(seed ^ 0x0B5E);
    let mut moves = MoveList::new();
    let mut battles = 0;
    for _ in 0..400 {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        // Attacks first a quarter of the time, so that battles are frequent.
        let attacks: Vec<_> = moves
            .iter()
            .copied()
            .filter(|m| pos.piece_at(m.to).is_some())
            .collect();
        let mv = if !attacks.is_empty() && rng.below(4) == 0 {
            attacks[rng.below(attacks.len() as u64) as usize]
        } else {
            moves[rng.below(moves.len() as u64) as usize]
        };
        let report = pos.play_move(mv).unwrap_or_else(|e| panic!("{e}"));
        let public = report.public();
        battles += usize::from(public.battle.is_some());
        for (i, v) in views.iter_mut().enumerate() {
            v.observe(public)
                .unwrap_or_else(|e| panic!("seed {seed} bits {bits}: {e}"));
            let expected = pos.view(Player::ALL[i]);
            assert_eq!(*v, expected, "seed {seed} bits {bits} after {public}");
        }
    }
    battles
}

#[test]
fn views_follow_real_games_by_public_moves() {
    let mut battles = 0;
    for seed in 0..24 {
        battles += follow_game(seed, (seed as u8 * 11) % 64, Army::Classic);
        battles += follow_game(seed, (seed as u8 * 7) % 64, Army::Barrage);
    }
    println!("{battles} battles");
    assert!(battles > 500, "{battles} battles");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn views_follow_random_games(seed in any::<u64>(), bits in 0u8..64, barrage in any::<bool>()) {
        follow_game(seed, bits, if barrage { Army::Barrage } else { Army::Classic });
    }
}

#[test]
fn contradicting_moves_are_rejected_and_change_nothing() {
    let pos = random_start(Army::Classic, Preset::Battlegeneral.rules(), 5);
    let view = pos.view(Player::Second);
    let sq = |s: &str| s.parse::<Square>().unwrap_or_else(|e| panic!("{e}"));
    let mv = |s: &str| s.parse().unwrap_or_else(|e| panic!("{e}"));
    type Expect = fn(&ObserveError) -> bool;
    let cases: Vec<(PublicMove, Expect)> = vec![
        // Blue's piece: not the side to move.
        (PublicMove::quiet(mv("a7-a6")), |e| {
            matches!(e, ObserveError::NoPiece { .. })
        }),
        // An empty square.
        (PublicMove::quiet(mv("a5-a6")), |e| {
            matches!(e, ObserveError::NoPiece { .. })
        }),
        // Diagonal.
        (PublicMove::quiet(mv("a4-b5")), |e| {
            matches!(e, ObserveError::Illegal { .. })
        }),
        // Into the lake.
        (PublicMove::quiet(mv("c4-c5")), |e| {
            matches!(e, ObserveError::Illegal { .. })
        }),
        // A battle on an empty square.
        (
            PublicMove::attack(mv("a4-a5"), Rank::Scout, Rank::Scout),
            |e| matches!(e, ObserveError::BattleMismatch { attack: false, .. }),
        ),
    ];
    for (public, expected) in cases {
        let mut v = view.clone();
        let err = v.observe(public).expect_err("must be rejected");
        assert!(expected(&err), "{public}: {err}");
        assert_eq!(v, view);
    }
    // A Red piece cannot be revealed as a Bomb when it attacks, nor a
    // moved one when attacked: walk a Red piece up to Blue's front row.
    let mut pos = pos;
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let step = moves
        .iter()
        .copied()
        .find(|m| m.to.row() == 4)
        .expect("a front-row step");
    pos.play(step).unwrap_or_else(|e| panic!("{e}"));
    let blue = pos.view(Player::Second);
    let red_piece = step.to;
    assert!(
        blue.piece_at(red_piece)
            .is_some_and(|p| p.moved && p.rank.is_none())
    );
    let mut b = blue.clone();
    // It is Blue's turn: a Blue piece can only attack it if adjacent; use
    // a fake attack by the Blue piece right in front, if any.
    let front = Square::new(red_piece.column(), 6).unwrap_or(sq("a7"));
    if pos.piece_at(front).is_some() && red_piece.row() == 5 {
        let attack = stratego_rules::Move::new(front, red_piece);
        let err = b.observe(PublicMove::attack(attack, Rank::Scout, Rank::Bomb));
        assert!(matches!(err, Err(ObserveError::ImpossibleRank { .. })));
        assert_eq!(b, blue);
    }
}

#[test]
fn a_long_move_of_an_unknown_piece_makes_it_a_known_scout() {
    let d = stratego_rules::predefined();
    let mut pos = Position::from_setup(
        stratego_rules::Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1),
        Rules::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut blue = pos.view(Player::Second);
    let report = pos
        .play_move("a4-a6".parse().unwrap_or_else(|e| panic!("{e}")))
        .unwrap_or_else(|e| panic!("{e}"));
    blue.observe(report.public())
        .unwrap_or_else(|e| panic!("{e}"));
    let a6 = "a6".parse().unwrap_or_else(|e| panic!("{e}"));
    let seen = blue.piece_at(a6).expect("the Scout");
    assert_eq!(
        (seen.rank, seen.revealed, seen.moved),
        (Some(Rank::Scout), true, true)
    );
}

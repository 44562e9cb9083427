//! Property tests over random games from random setups: the fast move
//! generator against the simple one, the incremental hash, piece
//! conservation, text round trips, make/unmake, hidden information and
//! determinization.

mod common;

use board_core::{Determinize, Game, Observable, Player, SplitMix64, Undo, ZobristHash};
use common::{Game2, random_start, rules_from, shuffle_hidden};
use proptest::prelude::*;
use stratego_rules::{Army, Battle, Move, MoveList, Position, Preset, Rank, Rules, Square};

fn sorted(moves: &MoveList) -> Vec<Move> {
    let mut v = moves.to_vec();
    v.sort_by_key(|m| (m.from, m.to));
    v
}

/// Every piece on the board, per side and rank.
fn census(pos: &Position) -> [[u8; 12]; 2] {
    let mut c = [[0u8; 12]; 2];
    for sq in Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            c[p.piece.owner.index()][p.piece.rank.index()] += 1;
        }
    }
    c
}

/// Plays a random game and checks every invariant at every ply.
fn check_game(seed: u64, rule_bits: u8, barrage: bool, max_plies: usize) {
    let army = if barrage {
        Army::Barrage
    } else {
        Army::Classic
    };
    let rules = rules_from(rule_bits);
    let start = random_start(army, rules, seed);
    let mut g = Game2::new(start);
    let mut rng = SplitMix64::new(seed ^ 0xABCD);
    let mut lost = [[0u8; 12]; 2];
    let mut moves = MoveList::new();
    for ply in 0..max_plies {
        let pos = g.pos.clone();
        // Incremental hash.
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch(), "ply {ply}");
        // Text round trip.
        let text = pos.to_string();
        assert_eq!(
            Position::parse_with_rules(&text, rules).as_ref(),
            Ok(&pos),
            "{text}"
        );
        // Piece conservation: the army minus what battles removed.
        let census = census(&pos);
        for p in Player::ALL {
            for r in Rank::ALL {
                let (i, k) = (p.index(), r.index());
                assert_eq!(census[i][k] + lost[i][k], army.count(r), "{p:?} {r}");
                assert_eq!(pos.count(p, r), census[i][k]);
            }
        }
        // Both generators agree, and `check` accepts exactly those moves.
        pos.legal_moves(&mut moves);
        let fast = sorted(&moves);
        assert_eq!(fast, g.simple_moves(), "ply {ply}: {text}");
        for &m in &fast {
            assert!(pos.is_legal(m));
        }
        for _ in 0..8 {
            let mut sq = || Square::from_index(rng.below(100) as usize).expect("below 100");
            let m = Move::new(sq(), sq());
            assert_eq!(pos.check(m).is_ok(), fast.contains(&m), "{m} in {text}");
        }
        // The outcome matches the move list.
        let outcome = pos.outcome();
        assert_eq!(outcome.is_some(), fast.is_empty(), "{text}");
        // Hidden information: each side's view is blind to the other's
        // hidden ranks, and determinizing reproduces the view.
        for side in Player::ALL {
            let viewer = !side;
            let other = shuffle_hidden(&pos, side, seed.wrapping_add(ply as u64));
            assert_eq!(other.view(viewer), pos.view(viewer), "{text}");
            let (mut a, mut b) = (MoveList::new(), MoveList::new());
            pos.legal_moves_of(viewer, &mut a);
            other.legal_moves_of(viewer, &mut b);
            assert_eq!(a, b);
            let view = pos.view(viewer);
            let mut r = SplitMix64::new(seed ^ ply as u64);
            let det = Position::determinize(&view, &mut r);
            assert_eq!(det.view(viewer), view, "determinized view differs: {text}");
            for sq in Square::all() {
                if let Some(p) = det.piece_at(sq) {
                    assert!(
                        !p.moved || p.piece.rank.is_movable(),
                        "a moved {} on {sq}",
                        p.piece.rank
                    );
                }
            }
            let mut r2 = SplitMix64::new(seed ^ ply as u64);
            assert_eq!(
                Position::determinize(&view, &mut r2),
                det,
                "same seed, same state"
            );
            if viewer == pos.to_move() {
                let mut vm = MoveList::new();
                view.legal_moves(&mut vm);
                assert_eq!(vm, moves, "the view lists the referee's moves");
            }
        }
        let Some(&mv) = fast.get(rng.below(fast.len().max(1) as u64) as usize) else {
            break;
        };
        // make/unmake restores the position exactly.
        let mut undo_pos = pos.clone();
        let undo = undo_pos.make(mv);
        undo_pos.unmake(mv, undo);
        assert_eq!(undo_pos, pos);
        let mut checked = pos.clone();
        let report = checked.play_move(mv).unwrap_or_else(|e| panic!("{e}"));
        if let Some((def, result)) = report.battle {
            let me = report.piece.owner.index();
            let (a, d) = (report.piece.rank.index(), def.rank.index());
            match result {
                Battle::AttackerWins => lost[1 - me][d] += 1,
                Battle::DefenderWins => lost[me][a] += 1,
                Battle::BothRemoved => {
                    lost[me][a] += 1;
                    lost[1 - me][d] += 1;
                }
            }
        }
        g.play(mv);
        assert_eq!(g.pos, checked);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_classic_games_keep_every_invariant(seed in any::<u64>(), bits in 0u8..64) {
        check_game(seed, bits, false, 120);
    }

    #[test]
    fn random_barrage_games_keep_every_invariant(seed in any::<u64>(), bits in 0u8..64) {
        check_game(seed, bits, true, 200);
    }
}

/// Determinizing a start position's view spreads the hidden Flag evenly
/// over the unknown pieces (a chi-square test at a generous bound).
#[test]
fn determinize_is_uniform_over_the_unknown_pieces() {
    let pos = random_start(Army::Barrage, Rules::default(), 11);
    let view = pos.view(Player::First);
    let blue: Vec<Square> = Square::all()
        .filter(|&s| {
            pos.piece_at(s)
                .is_some_and(|p| p.piece.owner == Player::Second)
        })
        .collect();
    assert_eq!(blue.len(), 8);
    let mut hits = vec![0u32; blue.len()];
    let mut rng = SplitMix64::new(5);
    let n = 8000;
    for _ in 0..n {
        let d = Position::determinize(&view, &mut rng);
        for (i, &s) in blue.iter().enumerate() {
            if d.piece_at(s).is_some_and(|p| p.piece.rank == Rank::Flag) {
                hits[i] += 1;
            }
        }
    }
    assert_eq!(hits.iter().sum::<u32>(), n);
    let expected = f64::from(n) / blue.len() as f64;
    let chi2: f64 = hits
        .iter()
        .map(|&h| (f64::from(h) - expected).powi(2) / expected)
        .sum();
    // 7 degrees of freedom: P(chi2 > 24.3) < 0.001.
    assert!(chi2 < 24.3, "{hits:?}");
}

/// Random games under the ISF rules (more-squares on): the rule only
/// removes following moves of the chaser, `check` agrees with the move
/// list, the view lists the referee's moves, and the hash stays exact.
fn check_isf_game(seed: u64) -> usize {
    let rules = Preset::Isf.rules();
    let mut pos = random_start(Army::Classic, rules, seed);
    let mut rng = SplitMix64::new(seed ^ 0x15F);
    let mut moves = MoveList::new();
    let mut removed_total = 0;
    // Each side's last move.
    let mut last: [Option<Move>; 2] = [None, None];
    for _ in 0..300 {
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        pos.legal_moves(&mut moves);
        let mut free = pos.clone();
        free.set_rules(Rules {
            more_squares: false,
            ..rules
        });
        let without: Vec<Move> = sorted(&free.moves());
        let with = sorted(&moves);
        for m in &without {
            match pos.check(*m) {
                Ok(()) => assert!(with.contains(m)),
                Err(e) => {
                    assert!(
                        matches!(e, stratego_rules::IllegalMoveError::MoreSquares { .. }),
                        "{e}"
                    );
                    assert!(!with.contains(m));
                    removed_total += 1;
                }
            }
        }
        assert!(with.iter().all(|m| without.contains(m)));
        let mut seen = MoveList::new();
        pos.view(pos.to_move()).legal_moves(&mut seen);
        assert_eq!(seen, moves);
        // A chasing policy: follow the enemy piece that moved last with the
        // piece that moved last, or flee with it when it is followed.
        let me = pos.to_move().index();
        let adjacent = |a: Square, b: Square| {
            (a.column() == b.column() && a.row().abs_diff(b.row()) == 1)
                || (a.row() == b.row() && a.column().abs_diff(b.column()) == 1)
        };
        let mine = last[me].map(|m| m.to);
        let theirs = last[1 - me].map(|m| m.to);
        let chasing: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| {
                Some(m.from) == mine
                    && pos.piece_at(m.to).is_none()
                    && theirs.is_some_and(|t| adjacent(m.to, t))
            })
            .collect();
        let fleeing: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| {
                Some(m.from) == mine
                    && pos.piece_at(m.to).is_none()
                    && theirs.is_some_and(|t| adjacent(m.from, t))
            })
            .collect();
        let pick = |list: &[Move], rng: &mut SplitMix64| {
            list.get(rng.below(list.len().max(1) as u64) as usize)
                .copied()
        };
        let mv = match (pick(&chasing, &mut rng), pick(&fleeing, &mut rng)) {
            (Some(c), _) if rng.below(10) < 8 => c,
            (_, Some(f)) if rng.below(10) < 8 => f,
            _ => match pick(&moves, &mut rng) {
                Some(m) => m,
                None => break,
            },
        };
        last[me] = Some(mv);
        pos.play(mv).unwrap_or_else(|e| panic!("{e}"));
    }
    removed_total
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn random_isf_games_are_consistent(seed in any::<u64>()) {
        check_isf_game(seed);
    }
}

#[test]
fn random_isf_games_meet_the_more_squares_rule() {
    let removed: usize = (0..12).map(check_isf_game).sum();
    eprintln!("{removed} moves removed by the more-squares rule in 12 games");
    assert!(removed > 0);
}

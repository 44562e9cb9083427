//! Properties of the belief and the belief game on random games: hard
//! facts exact, marginals balanced, determinization reproducing the
//! marginals, no hidden rank used, chance nodes that are distributions,
//! incremental hashes, the tracker following the game.
#![cfg(feature = "ai")]

mod common;

use board_core::{Game, Observable, Player, SplitMix64, Stochastic, ZobristHash};
use common::{random_start, shuffle_hidden};
use proptest::prelude::*;
use stratego_rules::ai::{
    Belief, BeliefGame, BeliefMove, BeliefOptions, GameOptions, ScoutMoves, Tracker,
};
use stratego_rules::{Army, Move, MoveList, Position, Rank, Rules, Square, View};

/// A random game of `plies` plies (attacks a third of the time), and each
/// move's public form.
fn random_game(seed: u64, plies: usize, army: Army, rules: Rules) -> (Position, Vec<Position>) {
    let mut pos = random_start(army, rules, seed);
    let mut rng = SplitMix64::new(seed ^ 0x5EED);
    let mut moves = MoveList::new();
    let mut history = vec![pos.clone()];
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let attacks: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| pos.piece_at(m.to).is_some())
            .collect();
        let mv = if !attacks.is_empty() && rng.below(3) == 0 {
            attacks[rng.below(attacks.len() as u64) as usize]
        } else {
            moves[rng.below(moves.len() as u64) as usize]
        };
        pos.play(mv).unwrap_or_else(|e| panic!("{e}"));
        history.push(pos.clone());
    }
    (pos, history)
}

fn options(bits: u8) -> BeliefOptions {
    BeliefOptions {
        prior_weight: [0.0, 0.5, 1.0][usize::from(bits % 3)],
        symmetric: bits & 4 != 0,
        behaviour: if bits & 8 != 0 { 1.0 } else { 0.0 },
        flag_neighbours: if bits & 16 != 0 { 1.0 } else { 0.0 },
    }
}

fn check_belief(view: &View, belief: &Belief) {
    let enemy = !view.viewer();
    // Exactly as many unmoved unknown pieces as Bombs and Flags left: they
    // are those.
    let unmoved = Square::all()
        .filter_map(|sq| view.piece_at(sq))
        .filter(|p| p.owner == enemy && p.rank.is_none() && !p.moved)
        .count();
    let tight = unmoved == usize::from(view.unlocated(Rank::Bomb) + view.unlocated(Rank::Flag));
    for sq in Square::all() {
        let seen = view.piece_at(sq);
        match seen {
            Some(p) if p.owner == enemy => {
                let d = belief
                    .distribution(sq)
                    .expect("an enemy piece has a distribution");
                let total: f64 = d.iter().sum();
                assert!((total - 1.0).abs() < 1e-9, "{sq}: sums to {total}");
                assert!(d.iter().all(|&x| x >= 0.0));
                match p.rank {
                    Some(r) => assert_eq!(d[r.index()], 1.0, "{sq}: a known rank is certain"),
                    None => {
                        for r in Rank::ALL {
                            if p.moved && !r.is_movable() {
                                assert_eq!(d[r.index()], 0.0, "{sq}: a moved piece is no {r}");
                            }
                            if view.unlocated(r) == 0 {
                                assert_eq!(d[r.index()], 0.0, "{sq}: no {r} is left unlocated");
                            } else if (!p.moved || r.is_movable())
                                && !(tight && r.is_movable() && !p.moved)
                            {
                                assert!(
                                    d[r.index()] > 0.0,
                                    "{sq}: a possible {r} has probability 0"
                                );
                            }
                        }
                    }
                }
            }
            _ => assert!(belief.distribution(sq).is_none()),
        }
    }
    for r in Rank::ALL {
        let expected = f64::from(view.unlocated(r));
        let got = belief.expected_count(r);
        assert!(
            (got - expected).abs() < 1e-6,
            "{r}: expected count {got}, unlocated {expected}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn beliefs_hold_the_hard_facts_and_balance_the_marginals(
        seed in any::<u64>(), plies in 0usize..300, bits in 0u8..32, barrage in any::<bool>()
    ) {
        let army = if barrage { Army::Barrage } else { Army::Classic };
        let (pos, history) = random_game(seed, plies, army, Rules::default());
        for viewer in Player::ALL {
            let view = pos.view(viewer);
            check_belief(&view, &Belief::new(&view, &options(bits)));
            // The same through a tracker that followed the game.
            let mut tracker = Tracker::new(&history[0].view(viewer));
            for w in history.windows(2) {
                let v = w[1].view(viewer);
                tracker.sync(&v, None).unwrap_or_else(|e| panic!("{e}"));
                prop_assert_eq!(tracker.view(), &v);
            }
            check_belief(&view, &tracker.belief(&options(bits)));
        }
    }
}

#[test]
fn equal_views_give_equal_beliefs() {
    let mut differ = 0;
    for seed in 0..30 {
        let (pos, _) = random_game(
            seed,
            40 + seed as usize * 7,
            Army::Classic,
            Rules::default(),
        );
        for viewer in Player::ALL {
            let other = shuffle_hidden(&pos, !viewer, seed + 100);
            differ += usize::from(other != pos);
            let (a, b) = (pos.view(viewer), other.view(viewer));
            assert_eq!(a, b);
            let o = BeliefOptions::default();
            assert_eq!(Belief::new(&a, &o), Belief::new(&b, &o));
            let (ga, gb) = (
                BeliefGame::new(&Belief::new(&a, &o), GameOptions::default()),
                BeliefGame::new(&Belief::new(&b, &o), GameOptions::default()),
            );
            assert_eq!(ga.zobrist(), gb.zobrist());
            assert_eq!(ga.moves(), gb.moves());
        }
    }
    assert!(
        differ > 40,
        "the shuffles changed only {differ} referee states"
    );
}

/// Sampling full positions reproduces the belief's marginals: with 4000
/// draws every frequency lies within 5 standard errors (plus a small
/// constant) of its probability, every draw is consistent with the view,
/// and every draw gives each rank exactly its unlocated count.
#[test]
fn determinize_reproduces_the_marginals() {
    let mut rng = SplitMix64::new(2024);
    for (seed, plies) in [(1u64, 0usize), (2, 60), (3, 150), (4, 250)] {
        let (pos, _) = random_game(seed, plies, Army::Classic, Rules::default());
        let view = pos.view(Player::First);
        let belief = Belief::new(&view, &BeliefOptions::default());
        let squares: Vec<Square> = belief.unknown_squares().collect();
        let mut freq = vec![[0u32; 12]; squares.len()];
        const N: u32 = 4000;
        for _ in 0..N {
            let full = belief.determinize(&mut rng);
            assert_eq!(full.view(Player::First), view);
            for (i, &sq) in squares.iter().enumerate() {
                let p = full.piece_at(sq).expect("a piece");
                freq[i][p.piece.rank.index()] += 1;
            }
        }
        let mut worst: f64 = 0.0;
        for (i, &sq) in squares.iter().enumerate() {
            let d = belief.distribution(sq).expect("unknown piece");
            for r in 0..12 {
                let p = d[r];
                let f = f64::from(freq[i][r]) / f64::from(N);
                let se = (p * (1.0 - p) / f64::from(N)).sqrt();
                let z = (f - p).abs() / (se + 1e-3);
                worst = worst.max(z);
                assert!(
                    (f - p).abs() <= 5.0 * se + 2e-3,
                    "seed {seed} {sq} rank {r}: frequency {f} probability {p}"
                );
            }
        }
        println!(
            "seed {seed}: {} unknown pieces, worst deviation {worst:.2} standard errors",
            squares.len()
        );
    }
}

/// Random playouts of belief games: chance nodes are distributions whose
/// outcomes are exactly the legal moves there, the incremental hash equals
/// the recomputed one, a moved unknown piece is never a Bomb or the Flag,
/// a long move makes a Scout, and the root's moves are the view's.
#[test]
fn belief_games_keep_their_invariants() {
    let mut chance_nodes = 0;
    for seed in 0..40u64 {
        let (pos, _) = random_game(
            seed,
            (seed as usize * 13) % 200,
            Army::Classic,
            Rules::default(),
        );
        let viewer = Player::ALL[(seed % 2) as usize];
        let view = pos.view(viewer);
        let belief = Belief::new(&view, &BeliefOptions::default());
        let scout_moves =
            [ScoutMoves::All, ScoutMoves::Attacks, ScoutMoves::None][(seed % 3) as usize];
        let mut g = BeliefGame::new(&belief, GameOptions { scout_moves });
        if view.to_move() == viewer {
            let mut vm = MoveList::new();
            view.legal_moves(&mut vm);
            let mut a: Vec<Move> = vm.to_vec();
            let mut b: Vec<Move> = g
                .moves()
                .iter()
                .map(|m| match m {
                    BeliefMove::Play(m) => *m,
                    BeliefMove::Reveal(_) => panic!("no chance at the root"),
                })
                .collect();
            a.sort_by_key(|m| (m.from, m.to));
            b.sort_by_key(|m| (m.from, m.to));
            assert_eq!(a, b, "seed {seed}: root moves");
        }
        let mut rng = SplitMix64::new(seed);
        for _ in 0..300 {
            assert_eq!(g.zobrist(), g.zobrist_from_scratch(), "seed {seed}");
            if g.outcome().is_some() {
                assert!(g.moves().is_empty());
                break;
            }
            let moves = g.moves();
            assert!(!moves.is_empty(), "seed {seed}: no move but no outcome");
            if g.is_chance_node() {
                chance_nodes += 1;
                let mut outcomes = Default::default();
                g.chance_outcomes(&mut outcomes);
                let outcomes: &board_core::arrayvec::ArrayVec<(BeliefMove, f64), 12> = &outcomes;
                let total: f64 = outcomes.iter().map(|o| o.1).sum();
                assert!((total - 1.0).abs() < 1e-9);
                assert!(outcomes.iter().all(|o| o.1 > 0.0));
                let listed: Vec<BeliefMove> = outcomes.iter().map(|o| o.0).collect();
                assert_eq!(listed, moves.to_vec());
                let mv = outcomes[rng.below(outcomes.len() as u64) as usize].0;
                g.play(mv).unwrap_or_else(|e| panic!("{e}"));
                continue;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            let before = g.clone();
            g.play(mv).unwrap_or_else(|e| panic!("{e}"));
            if let BeliefMove::Play(m) = mv {
                let piece = before.piece_at(m.from).expect("a mover");
                let long = m.line().is_some_and(|(_, n)| n > 1);
                if piece.rank.is_none() && piece.owner != viewer {
                    if g.is_chance_node() {
                        // The attacker moved: no Bomb or Flag among its ranks.
                        let mut o = Default::default();
                        g.chance_outcomes(&mut o);
                        let o: &board_core::arrayvec::ArrayVec<(BeliefMove, f64), 12> = &o;
                        assert!(o.iter().all(|(m, _)| !matches!(
                            m,
                            BeliefMove::Reveal(Rank::Bomb | Rank::Flag)
                        )));
                    } else if let Some(after) = g.piece_at(m.to).filter(|p| p.owner != viewer) {
                        if long {
                            assert_eq!(after.rank, Some(Rank::Scout), "a long move makes a Scout");
                        } else if after.rank.is_none() {
                            let d = g.distribution(m.to).expect("unknown");
                            assert_eq!(d[Rank::Bomb.index()] + d[Rank::Flag.index()], 0.0);
                        }
                    }
                }
            }
        }
    }
    assert!(chance_nodes > 100, "{chance_nodes} chance nodes");
}

/// Every battle of a belief game has at least one outcome, even on a path
/// whose earlier battles identified every piece of the ranks the unknown
/// piece could have (random playouts from many views reach such battles;
/// they had no outcome once, which left expectimax a chance node without
/// children).
#[test]
fn every_battle_of_a_belief_game_has_an_outcome() {
    let mut battles = 0;
    for seed in 0..300u64 {
        let (pos, _) = random_game(
            seed,
            (seed as usize * 7) % 150,
            Army::Classic,
            Rules::default(),
        );
        let viewer = Player::ALL[(seed % 2) as usize];
        let belief = Belief::new(&pos.view(viewer), &BeliefOptions::default());
        let mut g = BeliefGame::new(&belief, GameOptions::default());
        let mut rng = SplitMix64::new(seed ^ 0xB477);
        for _ in 0..200 {
            if g.outcome().is_some() {
                break;
            }
            let mv = if g.is_chance_node() {
                battles += 1;
                let mut o = Default::default();
                g.chance_outcomes(&mut o);
                let o: &board_core::arrayvec::ArrayVec<(BeliefMove, f64), 12> = &o;
                assert!(!o.is_empty(), "seed {seed}: a battle without an outcome");
                let total: f64 = o.iter().map(|x| x.1).sum();
                assert!((total - 1.0).abs() < 1e-9, "seed {seed}: sums to {total}");
                // The likeliest rank, as the benchmark's playouts take it:
                // that drains the ranks fastest.
                o[0].0
            } else {
                let moves = g.moves();
                assert!(!moves.is_empty(), "seed {seed}: no move but no outcome");
                moves[rng.below(moves.len() as u64) as usize]
            };
            g.play(mv).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
    }
    assert!(battles > 1000, "{battles} battles");
}

/// The Flag's neighbourhood evidence: after Red's Marshal dies on the Bomb
/// that started on b10, the unmoved pieces next to it (a10, c10) are
/// likelier the Flag than without the evidence; after the piece that
/// started on h10 walks away, its neighbours g10 and i10 are unlikelier.
/// The evidence comes from public moves only.
#[test]
fn found_bombs_and_departed_pieces_move_the_flag() {
    let text = "ebflpppeeb/.M'......../........../........../..~~..~~../..~~..~~../........../........../........../F......... r classic";
    let mut pos: Position = text.parse().unwrap_or_else(|e| panic!("{e}"));
    let mut tracker = Tracker::new(&pos.view(Player::First));
    let sq = |s: &str| -> Square { s.parse().unwrap_or_else(|e| panic!("{e}")) };
    for (from, to) in [("b9", "b10"), ("h10", "h9")] {
        let report = pos
            .play_move(Move::new(sq(from), sq(to)))
            .unwrap_or_else(|e| panic!("{e}"));
        tracker
            .observe(report.public())
            .unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(pos.piece_at(sq("b9")), None, "the Marshal died on the Bomb");
    let with = tracker.belief(&BeliefOptions {
        flag_neighbours: 1.0,
        ..BeliefOptions::default()
    });
    let without = tracker.belief(&BeliefOptions {
        flag_neighbours: 0.0,
        ..BeliefOptions::default()
    });
    check_belief(tracker.view(), &with);
    let flag = |b: &Belief, s: &str| b.probability(sq(s), Rank::Flag);
    for s in ["a10", "c10"] {
        assert!(
            flag(&with, s) > 1.5 * flag(&without, s),
            "{s}: {} against {}",
            flag(&with, s),
            flag(&without, s)
        );
    }
    for s in ["g10", "i10"] {
        assert!(
            flag(&with, s) < 0.8 * flag(&without, s),
            "{s}: {} against {}",
            flag(&with, s),
            flag(&without, s)
        );
    }
    // Nothing moved next to e10: only the balancing changes it, and less.
    let ratio = |s: &str| flag(&with, s) / flag(&without, s);
    assert!(ratio("e10") < ratio("a10") && ratio("e10") > ratio("g10"));
    // A belief from the view alone has no such evidence.
    assert_eq!(
        Belief::new(
            tracker.view(),
            &BeliefOptions {
                flag_neighbours: 1.0,
                ..BeliefOptions::default()
            }
        ),
        Belief::new(tracker.view(), &BeliefOptions::default())
    );
}

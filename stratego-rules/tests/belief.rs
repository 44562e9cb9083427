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
    Belief, BeliefGame, BeliefMove, BeliefOptions, EnemyAttacks, GameOptions, PriorArmyError,
    ScoutMoves, SetupPrior, Tracker,
};
use stratego_rules::{
    Army, Move, MoveList, Position, Rank, Rules, Setup, Square, View, predefined,
};

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
        flag_cluster: if bits & 32 != 0 { 1.0 } else { 0.0 },
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
        seed in any::<u64>(), plies in 0usize..300, bits in 0u8..64, barrage in any::<bool>()
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
        let mut g = BeliefGame::new(
            &belief,
            GameOptions {
                scout_moves,
                ..GameOptions::default()
            },
        );
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

/// Late in a game, when every movable enemy piece has moved, an unmoved
/// piece walled in by unmoved pieces is likelier the Flag than one whose
/// neighbours left, and the pieces around it likelier Bombs. At the start
/// of a game, when no piece has moved, the evidence says next to nothing.
#[test]
fn unmoved_pieces_around_a_piece_draw_the_flag_to_it() {
    // Blue: b10 walled in by a10, c10 and b9; h10 alone; four moved pieces.
    let text = "bfb....b../.b......../m'g'e'n'....../........../..~~..~~../..~~..~~../........../........../........../F.M....... r classic";
    let pos: Position = text.parse().unwrap_or_else(|e| panic!("{e}"));
    let view = pos.view(Player::First);
    let cluster = |k: f64| {
        Belief::new(
            &view,
            &BeliefOptions {
                flag_cluster: k,
                ..BeliefOptions::default()
            },
        )
    };
    let (with, without) = (cluster(1.0), cluster(0.0));
    check_belief(&view, &with);
    let sq = |s: &str| -> Square { s.parse().unwrap_or_else(|e| panic!("{e}")) };
    let p = |b: &Belief, s: &str, r: Rank| b.probability(sq(s), r);
    assert!(
        p(&with, "b10", Rank::Flag) > 2.0 * p(&without, "b10", Rank::Flag),
        "b10: {} against {}",
        p(&with, "b10", Rank::Flag),
        p(&without, "b10", Rank::Flag)
    );
    // The walled-in piece is now the likeliest Flag; without the evidence
    // the corner a10 was.
    for s in ["a10", "c10", "b9", "h10"] {
        assert!(p(&with, "b10", Rank::Flag) > p(&with, s, Rank::Flag), "{s}");
    }
    assert!(p(&without, "a10", Rank::Flag) > p(&without, "b10", Rank::Flag));
    assert!(p(&with, "h10", Rank::Flag) < 0.5 * p(&without, "h10", Rank::Flag));
    for s in ["a10", "c10", "b9"] {
        assert!(p(&with, s, Rank::Bomb) > p(&without, s, Rank::Bomb), "{s}");
    }
    // A stronger setting moves it further.
    assert!(p(&cluster(2.0), "b10", Rank::Flag) > p(&with, "b10", Rank::Flag));

    // At the start nothing has moved: the Flag's factor is 1, and the
    // Bombs' is measured against the prior, which the belief still is.
    let d = predefined();
    let start = Position::from_setup(
        Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1),
        Rules::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let view = start.view(Player::First);
    let on = Belief::new(
        &view,
        &BeliefOptions {
            flag_cluster: 1.0,
            ..BeliefOptions::default()
        },
    );
    let off = Belief::new(&view, &BeliefOptions::default());
    let mut worst: f64 = 0.0;
    for s in Square::all() {
        if let (Some(a), Some(b)) = (on.distribution(s), off.distribution(s)) {
            for r in Rank::ALL {
                worst = worst.max((a[r.index()] - b[r.index()]).abs());
            }
        }
    }
    assert!(worst < 0.01, "the start's belief moved by {worst}");
}

/// With a prudent enemy, its valuable pieces the viewer knows attack a
/// piece it has not identified only when every rank it can suspect there
/// loses to them; its cheap or unknown pieces attack as before, and a side
/// whose every move is such an attack keeps them. A gambling enemy's known
/// pieces attack when the material they expect is positive.
#[test]
fn a_prudent_enemy_risks_only_cheap_pieces_on_unknown_ones() {
    let attacks_on = |text: &str, enemy_attacks: EnemyAttacks, target: &str| -> Vec<String> {
        let pos: Position = text.parse().unwrap_or_else(|e| panic!("{e}"));
        let belief = Belief::new(&pos.view(Player::First), &BeliefOptions::default());
        let g = BeliefGame::new(
            &belief,
            GameOptions {
                enemy_attacks,
                ..GameOptions::default()
            },
        );
        let mut moves = Default::default();
        g.legal_moves(&mut moves);
        let mut out: Vec<String> = moves
            .iter()
            .filter_map(|m| match m {
                BeliefMove::Play(m) if m.to.to_string() == target => Some(m.to_string()),
                _ => None,
            })
            .collect();
        out.sort();
        out
    };
    // Blue's General (e4) and Scout (d3), both known to Red, and an unknown
    // Blue piece (f3) next to Red's moved Sergeant (e3); Red's Marshal has
    // not shown itself.
    let hidden = "f........./........../........../........../..~~..~~../..~~..~~../....g'*...../...c'*E'p'..../........../F........M b classic";
    assert_eq!(
        attacks_on(hidden, EnemyAttacks::Informed, "e3"),
        ["d3-e3", "e4-e3", "f3-e3"]
    );
    assert_eq!(
        attacks_on(hidden, EnemyAttacks::Prudent, "e3"),
        ["d3-e3", "f3-e3"],
        "the Sergeant may be the Marshal"
    );
    // Once the Marshal has shown itself, the General takes no risk.
    let shown = hidden.replace("M b classic", "M* b classic");
    assert_eq!(
        attacks_on(&shown, EnemyAttacks::Prudent, "e3"),
        ["d3-e3", "e4-e3", "f3-e3"]
    );
    // Blue's General cornered by two unknown Red pieces: its only moves
    // are risky attacks, and it keeps them.
    let cornered = "f.......E'g'*/.........E'/........../........../..~~..~~../..~~..~~../........../........../........../F........M b classic";
    assert_eq!(
        attacks_on(cornered, EnemyAttacks::Prudent, "j9"),
        ["j10-j9"]
    );
    assert_eq!(
        attacks_on(cornered, EnemyAttacks::Prudent, "i10"),
        ["j10-i10"]
    );
    // A gambling enemy weighs the ranks it may meet: against a Sergeant or
    // the Marshal (-2.5 expected) its General holds back as the prudent
    // one does; with three more moved Sergeants of Red's about, the
    // Sergeant is the likelier and the General attacks (+1.4).
    assert_eq!(
        attacks_on(hidden, EnemyAttacks::Gambling, "e3"),
        ["d3-e3", "f3-e3"]
    );
    let sergeants = hidden.replace("/........../F", "/E'E'E'......./F");
    assert_eq!(
        attacks_on(&sergeants, EnemyAttacks::Prudent, "e3"),
        ["d3-e3", "f3-e3"]
    );
    assert_eq!(
        attacks_on(&sergeants, EnemyAttacks::Gambling, "e3"),
        ["d3-e3", "e4-e3", "f3-e3"]
    );
}

/// The chance outcomes of the battle `mv` of the belief game of `text`
/// (viewed by Red) under `options`, as rank → probability.
fn battle_odds(text: &str, mv: &str, options: GameOptions) -> Vec<(Rank, f64)> {
    let pos: Position = text.parse().unwrap_or_else(|e| panic!("{e}"));
    let belief = Belief::new(&pos.view(Player::First), &BeliefOptions::default());
    let mut g = BeliefGame::new(&belief, options);
    let mv: Move = mv.parse().unwrap_or_else(|e| panic!("{e}"));
    g.play(BeliefMove::Play(mv))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        g.is_chance_node(),
        "{mv} is no battle with an unknown piece"
    );
    let mut outcomes = Default::default();
    g.chance_outcomes(&mut outcomes);
    let outcomes: &board_core::arrayvec::ArrayVec<(BeliefMove, f64), 12> = &outcomes;
    outcomes
        .iter()
        .map(|(m, p)| match m {
            BeliefMove::Reveal(r) => (*r, *p),
            BeliefMove::Play(m) => panic!("a move {m} among the outcomes"),
        })
        .collect()
}

/// `after` is `before` with each rank's probability multiplied by
/// `factor(rank)` and normalised again.
fn assert_reweighed(before: &[(Rank, f64)], after: &[(Rank, f64)], factor: impl Fn(Rank) -> f64) {
    assert_eq!(
        before.iter().map(|o| o.0).collect::<Vec<_>>(),
        after.iter().map(|o| o.0).collect::<Vec<_>>()
    );
    let sum: f64 = before.iter().map(|(r, p)| p * factor(*r)).sum();
    for ((r, p), (_, q)) in before.iter().zip(after) {
        let expected = p * factor(*r) / sum;
        assert!((q - expected).abs() < 1e-12, "{r}: {q} against {expected}");
    }
}

/// A Colonel, General or Marshal of the viewer attacking an unmoved piece
/// counts on `high_attack_flag_percent` of its Flag probability; lower
/// pieces, and 100, take the belief as it is.
#[test]
fn high_attacks_count_on_part_of_the_flag_chance() {
    // Blue's Flag, a Bomb and a Scout stand unmoved and unknown to Red;
    // Red's revealed Marshal (e6) and a Sergeant (f6) face e7 and f7.
    let text = "f.c......./........../........../....bs..../..~~MS~~../..~~..~~../........../........../........../F......... r classic";
    let text = text.replace("MS", "M'*E'");
    let plain = GameOptions {
        high_attack_flag_percent: 100,
        ..GameOptions::default()
    };
    let quarter = GameOptions {
        high_attack_flag_percent: 25,
        ..GameOptions::default()
    };
    let before = battle_odds(&text, "e6-e7", plain);
    assert!(
        before.iter().any(|&(r, p)| r == Rank::Flag && p > 0.0)
            && before.iter().any(|&(r, p)| r == Rank::Bomb && p > 0.0),
        "{before:?}"
    );
    let after = battle_odds(&text, "e6-e7", quarter);
    assert_reweighed(
        &before,
        &after,
        |r| if r == Rank::Flag { 0.25 } else { 1.0 },
    );
    // A Sergeant's attack takes the belief as it is.
    assert_eq!(
        battle_odds(&text, "f6-f7", plain),
        battle_odds(&text, "f6-f7", quarter)
    );
}

/// An unknown piece attacking a piece of the viewer's the enemy has
/// identified keeps `informed_attack_percent` of the probability of its
/// ranks that would lose (ties the mean of it and 100).
#[test]
fn informed_attacks_make_the_attacker_likelier_to_win() {
    // Blue's moved, unknown piece on e7 attacks Red's revealed Captain.
    let text = "fcsg....../........../........../....n'...../..~~P'*.~~../..~~..~~../........../........../........../F......... b classic";
    let odds = |percent| {
        battle_odds(
            text,
            "e7-e6",
            GameOptions {
                informed_attack_percent: percent,
                ..GameOptions::default()
            },
        )
    };
    let before = odds(100);
    // The General wins, the Miner, Scout and Spy lose: the reweighing shows.
    assert!(
        before.iter().any(|&(r, p)| r == Rank::General && p > 0.0)
            && before.iter().any(|&(r, p)| r == Rank::Miner && p > 0.0),
        "{before:?}"
    );
    let after = odds(20);
    assert_reweighed(&before, &after, |r| {
        match stratego_rules::battle(r, Rank::Captain) {
            stratego_rules::Battle::AttackerWins => 1.0,
            stratego_rules::Battle::BothRemoved => 0.6,
            stratego_rules::Battle::DefenderWins => 0.2,
        }
    });
}

/// A prior of the caller's: the embedded one gives the same belief as
/// `Belief::new`, one trained on the opponent's habit moves the belief to
/// it (also through a tracker, with its evidence), and a prior of the
/// other army is refused with the armies named.
#[test]
fn a_prior_of_the_callers_replaces_the_embedded_one() {
    let (pos, _) = random_game(7, 60, Army::Classic, Rules::default());
    let o = BeliefOptions::default();
    let embedded = SetupPrior::of(Army::Classic);
    let barrage = SetupPrior::of(Army::Barrage);
    // An opponent that always sets up the same way: its unmoved pieces
    // are what that setup has on their squares.
    let habit = predefined()[2].1.to_gravon();
    let prior = SetupPrior::train(Army::Classic, vec![habit.as_str(); 20]).prior;
    for viewer in Player::ALL {
        let view = pos.view(viewer);
        assert_eq!(
            Belief::with_prior(&view, &embedded, &o),
            Ok(Belief::new(&view, &o))
        );
        let tracker = Tracker::new(&view);
        assert_eq!(
            tracker.belief_with_prior(&embedded, &o),
            Ok(tracker.belief(&o))
        );
        let trained = Belief::with_prior(&view, &prior, &o).expect("same army");
        let default = Belief::new(&view, &o);
        check_belief(&view, &trained);
        assert_ne!(trained, default);
        let via_tracker = tracker.belief_with_prior(&prior, &o).expect("same army");
        check_belief(&view, &via_tracker);
        let err = Belief::with_prior(&view, &barrage, &o).unwrap_err();
        assert_eq!(
            err,
            PriorArmyError {
                prior: Army::Barrage,
                game: Army::Classic
            }
        );
        assert!(err.to_string().contains("Barrage") || err.to_string().contains("barrage"));
        assert_eq!(tracker.belief_with_prior(&barrage, &o), Err(err));
    }
}

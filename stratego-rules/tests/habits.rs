//! Learning an opponent's setup habits: what a game shows of the enemy's
//! setup ([`Tracker::seen_setup`]), its text form, the records of
//! [`SetupHabits`] and the prior adapted to them.
#![cfg(feature = "ai")]

mod common;

use board_core::{Game, Observable, Player};
use board_search::Strategy as _;
use proptest::prelude::*;
use rand::distr::Distribution as _;
use rand::distr::weighted::WeightedIndex;
use stratego_rules::ai::{
    Computer, Greedy, HabitsLineError, Level, ParseSeenSetupError, SeenSetup, SetupHabits,
    SetupPrior, Tracker,
};
use stratego_rules::ucc::{Agent, Reply};
use stratego_rules::{Army, Battle, Position, Rank, predefined, zone_index};

fn start(red: usize, blue: usize) -> Position {
    common::predefined_start(red, blue, 500)
}

/// The setup index of `index` seen from the other side of the board.
fn mirror(index: usize) -> usize {
    index / 10 * 10 + 9 - index % 10
}

/// Trackers of both sides, fed a game's public moves, see exactly the
/// enemy ranks that battles and long Scout moves showed, each on the
/// setup square the piece started on (in the owner's orientation).
#[test]
fn a_tracker_sees_the_ranks_the_game_showed_where_they_started() {
    let d = predefined();
    for (red, blue, seed) in [(0, 1, 1), (2, 3, 2), (4, 5, 3)] {
        let mut pos = start(red, blue);
        let deployments = [d[red].1, d[blue].1];
        let mut trackers = Player::ALL.map(|p| Tracker::new(&pos.view(p)));
        // The referee's own record of where each piece started.
        let mut origin: [Option<usize>; 100] = [None; 100];
        for p in Player::ALL {
            for (i, o) in origin.iter_mut().enumerate() {
                if let Some(sq) = stratego_rules::Square::from_index(i)
                    && let Some(index) = zone_index(p, sq)
                    && pos.view(p).piece_at(sq).is_some_and(|x| x.owner == p)
                {
                    *o = Some(index);
                }
            }
        }
        // Per side, the enemy setup indices whose rank the game showed.
        let mut shown = [[false; 40]; 2];
        let mut greedy = Greedy::new(seed);
        while pos.outcome().is_none() {
            let mover = pos.to_move();
            let mv = greedy.choose(&pos).unwrap_or_else(|e| panic!("{e}")).mv;
            let public = pos.public_move(mv);
            let (f, t) = (mv.from.index(), mv.to.index());
            let long = mv.line().is_some_and(|(_, n)| n > 1);
            if public.battle.is_some() || long {
                let o = origin[f].expect("a piece moves");
                shown[(!mover).index()][o] = true;
            }
            if public.battle.is_some() {
                let o = origin[t].expect("a piece is attacked");
                shown[mover.index()][o] = true;
            }
            let report = pos.play_move(mv).unwrap_or_else(|e| panic!("{e}"));
            match report.battle.map(|(_, b)| b) {
                None | Some(Battle::AttackerWins) => origin[t] = origin[f],
                Some(Battle::BothRemoved) => origin[t] = None,
                Some(Battle::DefenderWins) => {}
            }
            origin[f] = None;
            for t in &mut trackers {
                t.observe(public).unwrap_or_else(|e| panic!("{e}"));
            }
        }
        for viewer in Player::ALL {
            let enemy = !viewer;
            let seen = trackers[viewer.index()].seen_setup();
            let mut expected = 0;
            for index in 0..40 {
                // The seen setup is in the enemy's orientation.
                let at = match enemy {
                    Player::First => index,
                    Player::Second => mirror(index),
                };
                let truth = deployments[enemy.index()].squares[at];
                if shown[viewer.index()][at] {
                    expected += 1;
                    assert_eq!(seen.get(index), truth, "game {seed}, square {index}");
                } else {
                    assert_eq!(seen.get(index), None, "game {seed}, square {index}");
                }
            }
            assert!(
                expected > 5,
                "game {seed}: the game showed {expected} ranks"
            );
            assert_eq!(seen.count(), expected);
        }
    }
}

fn rank() -> impl Strategy<Value = Option<Rank>> {
    prop_oneof![Just(None), (0usize..12).prop_map(Rank::from_index)]
}

proptest! {
    #[test]
    fn a_seen_setup_reads_back_what_it_writes(squares in prop::array::uniform32(rank()), tail in prop::array::uniform8(rank())) {
        let mut all = [None; 40];
        all[..32].copy_from_slice(&squares);
        all[32..].copy_from_slice(&tail);
        let seen = SeenSetup::new(all);
        let text = seen.to_string();
        prop_assert_eq!(text.chars().count(), 40);
        prop_assert_eq!(text.parse::<SeenSetup>(), Ok(seen));
        prop_assert_eq!(seen.count(), all.iter().flatten().count());
    }

    /// No text makes the parsers panic; what they accept they write back.
    #[test]
    fn any_text_is_read_or_refused(text in "\\PC{0,60}") {
        if let Ok(seen) = text.parse::<SeenSetup>() {
            prop_assert_eq!(seen.to_string(), text.clone());
        }
        let reading = SetupHabits::read(&text);
        for line in reading.habits.lines() {
            prop_assert!(SetupHabits::read(&line).errors.is_empty());
        }
    }
}

#[test]
fn bad_seen_setups_are_refused_with_what_is_wrong() {
    let good = "????????????????????????????????????????";
    assert_eq!(good.parse::<SeenSetup>(), Ok(SeenSetup::default()));
    assert_eq!(
        "??".parse::<SeenSetup>(),
        Err(ParseSeenSetupError::Length { found: 2 })
    );
    let mut bad = good.to_owned();
    bad.replace_range(17..18, "Z");
    assert_eq!(
        bad.parse::<SeenSetup>(),
        Err(ParseSeenSetupError::BadChar { index: 17, ch: 'Z' })
    );
    let mut seen = SeenSetup::default();
    assert!(seen.set(40, Rank::Flag).is_err());
    assert_eq!(seen, SeenSetup::default());
}

#[test]
fn records_read_back_and_bad_lines_are_reported_by_number() {
    let mut seen = SeenSetup::default();
    seen.set(0, Rank::Spy).unwrap_or_else(|e| panic!("{e}"));
    let mut more = seen;
    more.set(1, Rank::Bomb).unwrap_or_else(|e| panic!("{e}"));
    let mut habits = SetupHabits::default();
    habits
        .record("bot", 7, seen)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(habits.record("two words", 8, seen).is_err());
    assert!(habits.record("", 8, seen).is_err());
    assert!(habits.record("#bot", 8, seen).is_err());
    assert_eq!(habits.games("bot"), 1);
    // A later record of the same game replaces the earlier one.
    habits
        .record("bot", 7, more)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(habits.seen("bot").collect::<Vec<_>>(), vec![&more]);
    let first = SetupHabits::line("bot", 7, &seen).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(first, format!("bot 0000000000000007 {seen}"));
    let later = SetupHabits::line("bot", 7, &more).unwrap_or_else(|e| panic!("{e}"));
    let other = SetupHabits::line("bot", 9, &seen).unwrap_or_else(|e| panic!("{e}"));
    let q39 = "?".repeat(39);
    let text = format!(
        "# comment\n\n{first}\nbot\nbot 0000000000000008 {q39}\nbot 12 {seen}\n{later}\n{other}\n"
    );
    let reading = SetupHabits::read(&text);
    assert_eq!(reading.habits.games("bot"), 2);
    assert_eq!(
        reading.habits.seen("bot").collect::<Vec<_>>(),
        vec![&more, &seen]
    );
    assert_eq!(
        reading.errors,
        vec![
            HabitsLineError::Form { line: 4 },
            HabitsLineError::Setup {
                line: 5,
                error: ParseSeenSetupError::Length { found: 39 }
            },
            HabitsLineError::Game {
                line: 6,
                word: "12".to_owned()
            },
        ]
    );
    assert!(reading.errors[1].to_string().starts_with("line 5: "));
    assert_eq!(
        reading.habits.lines().collect::<Vec<_>>(),
        vec![later, other]
    );
}

#[test]
fn the_adapted_prior_weighs_the_human_frequencies_as_strength_games() {
    let human = SetupPrior::classic();
    let mut spy = SeenSetup::default();
    spy.set(3, Rank::Spy).unwrap_or_else(|e| panic!("{e}"));
    let mut other = SeenSetup::default();
    other.set(3, Rank::Scout).unwrap_or_else(|e| panic!("{e}"));
    let h = |r: Rank| human.probability(3, r);
    for (strength, games, spies) in [(2.0, 1, 1), (2.0, 3, 2), (5.0, 4, 4), (0.5, 2, 1)] {
        let seen: Vec<SeenSetup> = (0..games)
            .map(|g| if g < spies { spy } else { other })
            .collect();
        let adapted = human.adapted(&seen, strength);
        let n = f64::from(games);
        let scouts = f64::from(games - spies);
        let want_spy = (strength * h(Rank::Spy) + f64::from(spies)) / (strength + n);
        let want_scout = (strength * h(Rank::Scout) + scouts) / (strength + n);
        let got = |r: Rank| adapted.probability(3, r);
        assert!(
            (got(Rank::Spy) - want_spy).abs() < 2e-3,
            "{strength} {games}: {}",
            got(Rank::Spy)
        );
        assert!(
            (got(Rank::Scout) - want_scout).abs() < 2e-3,
            "{strength} {games}"
        );
        // Elsewhere the human frequencies, every rank still possible.
        for r in Rank::ALL {
            assert!((adapted.probability(20, r) - human.probability(20, r)).abs() < 2e-3);
            assert!((human.count(20, r.index()) > 0) == (adapted.count(20, r.index()) > 0));
        }
        assert_eq!(adapted.setups(), human.setups() + games);
    }
    // Strength 0: what was seen alone where anything was.
    let adapted = human.adapted([&spy], 0.0);
    assert!((adapted.probability(3, Rank::Spy) - 1.0).abs() < 1e-12);
    // A prior without setups starts from the army's shares.
    let empty = SetupPrior::empty(Army::Classic).adapted([&spy], 1.0);
    let share = 1.0 / 40.0;
    assert!((empty.probability(3, Rank::Spy) - (share + 1.0) / 2.0).abs() < 2e-3);
    assert!((empty.probability(4, Rank::Scout) - 8.0 / 40.0).abs() < 2e-3);
}

/// The agent expects the opponent the manager names to set up as recorded
/// of it; another opponent gets the human prior.
#[test]
fn the_agent_adapts_its_prior_to_the_named_opponent() {
    let mut seen = SeenSetup::default();
    seen.set(3, Rank::Spy).unwrap_or_else(|e| panic!("{e}"));
    let mut habits = SetupHabits::default();
    habits
        .record("peternlewis", 1, seen)
        .unwrap_or_else(|e| panic!("{e}"));
    for (opponent, spy) in [("peternlewis", true), ("celsius", false)] {
        let mut agent = Agent::new(Computer::new(Level::Medium)).with_habits(habits.clone(), 2.0);
        let reply = agent.handle(&format!("BLUE {opponent} 10 10"), &mut |w| panic!("{w}"));
        assert!(matches!(reply, Reply::Lines(ref l) if l.len() == 4));
        assert_eq!(agent.opponent(), Some(opponent));
        let prior = agent.computer().settings().prior.clone().expect("a prior");
        let p = prior.probability(3, Rank::Spy);
        assert_eq!(p > 0.3, spy, "{opponent}: {p}");
        assert_eq!(agent.seen_setup(), Some(SeenSetup::default()));
    }
}

/// A prior of another army than the game's is not used: the computer
/// still plays.
#[test]
fn a_prior_of_another_army_is_not_used() {
    let pos = start(0, 1);
    let mut computer = Computer::new(Level::Medium);
    computer.set_prior(Some(SetupPrior::barrage()));
    computer.new_game(&pos, 1).unwrap_or_else(|e| panic!("{e}"));
    let mv = computer.choose(&pos).unwrap_or_else(|e| panic!("{e}")).mv;
    let mut plain = Computer::new(Level::Medium);
    plain.new_game(&pos, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(plain.choose(&pos).unwrap_or_else(|e| panic!("{e}")).mv, mv);
}

/// A manager that echoes the winning move to its winner (`... VICTORY_FLAG`,
/// as the protocol text describes; the 2012 manager sends the winner only
/// `QUIT`): the agent records the Flag where the captured piece started;
/// the enemy's capture of the agent's own Flag records nothing.
#[test]
fn a_flag_captured_by_the_agents_own_move_is_seen_where_it_started() {
    use stratego_rules::ucc::protocol;
    use stratego_rules::{Deployment, Move, Square};
    let blue = predefined()[0].1;
    for (colour, me) in [("RED", Player::First), ("BLUE", Player::Second)] {
        let mut agent = Agent::new(Computer::new(Level::Easy));
        let Reply::Lines(rows) =
            agent.handle(&format!("{colour} opponent 10 10"), &mut |w| panic!("{w}"))
        else {
            panic!("no setup");
        };
        let rows = [&*rows[0], &*rows[1], &*rows[2], &*rows[3]];
        let mine = Deployment::from_ucc_rows(me, rows).unwrap_or_else(|e| panic!("{e}"));
        // Red's Scout in a lane of its front row runs over the empty middle
        // into Blue's front row (Red moves first, so Red is the mover).
        let red = if me == Player::First { mine } else { blue };
        let file = [0u8, 1, 4, 5, 8, 9]
            .into_iter()
            .find(|&f| red.squares[usize::from(f)] == Some(Rank::Scout))
            .unwrap_or_else(|| panic!("no Scout in a lane of {:?}", red.squares));
        let to = Square::new(file, 6).expect("on the board");
        let mv = Move::new(Square::new(file, 3).expect("on the board"), to);
        let line = protocol::move_line(mv).expect("a straight move");
        assert!(line.ends_with(" 3"), "a long move: {line}");
        if me == Player::First {
            assert_eq!(
                agent.handle("START", &mut |w| panic!("{w}")),
                Reply::Nothing
            );
        }
        assert_eq!(agent.seen_setup().map(|s| s.count()), Some(0));
        let reply = agent.handle(&format!("{line} VICTORY_FLAG"), &mut |w| panic!("{w}"));
        assert_eq!(reply, Reply::Nothing);
        let seen = agent.seen_setup().expect("a game");
        if me == Player::First {
            // Blue's piece on `to`, in Blue's orientation.
            let at = zone_index(Player::Second, to).expect("Blue's zone");
            assert_eq!(seen.get(mirror(at)), Some(Rank::Flag), "{seen}");
            assert_eq!(seen.count(), 1, "{seen}");
        } else {
            assert_eq!(seen.count(), 0, "the agent's own Flag: {seen}");
        }
    }
}

/// What a game shows of `deployment`: `shown` of its squares, drawn by
/// `rng` (a game shows some ranks, not all).
fn glimpse(
    deployment: &stratego_rules::Deployment,
    shown: usize,
    rng: &mut board_core::SplitMix64,
) -> SeenSetup {
    let mut seen = SeenSetup::default();
    for i in rand::seq::index::sample(rng, 40, shown) {
        if let Some(rank) = deployment.squares[i] {
            seen.set(i, rank).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    seen
}

/// The fitted strength trusts what was seen of an opponent that sets up
/// the same way every game, and the human frequencies for one whose
/// setups are drawn from them; the fitted prior then predicts the next
/// game at least as well as a fixed strength of 2 does, and much better
/// than the one it did not choose.
#[test]
fn the_fitted_strength_follows_how_much_an_opponent_repeats_itself() {
    let human = SetupPrior::classic();
    let mut rng = board_core::SplitMix64::new(7);
    // One setup, 12 of its squares seen per game.
    let fixed = predefined()[2].1;
    let habitual: Vec<SeenSetup> = (0..18).map(|_| glimpse(&fixed, 12, &mut rng)).collect();
    // Setups drawn square by square from the human frequencies.
    let varied: Vec<SeenSetup> = (0..40)
        .map(|_| {
            let mut seen = SeenSetup::default();
            for square in 0..40 {
                if rng.below(10) < 3 {
                    let weights = Rank::ALL.map(|rank| human.probability(square, rank));
                    let drawn = WeightedIndex::new(weights).unwrap_or_else(|e| panic!("{e}"));
                    let rank = Rank::ALL[drawn.sample(&mut rng)];
                    seen.set(square, rank).unwrap_or_else(|e| panic!("{e}"));
                }
            }
            seen
        })
        .collect();
    // How well the prior adapted to `past` at `strength` predicts each of
    // the games `next` (held out: each from `past` alone).
    let predicts = |past: &[SeenSetup], next: &[SeenSetup], strength: f64| -> f64 {
        let before = human.log_likelihood(past, strength);
        next.iter()
            .map(|g| human.log_likelihood(past.iter().chain([g]), strength) - before)
            .sum()
    };
    let (past, next) = habitual.split_at(8);
    let s = human.fitted_strength(past, 2.0);
    assert!(s <= 1.0, "habitual: {s}");
    let (fitted, two, wide) = (
        predicts(past, next, s),
        predicts(past, next, 2.0),
        predicts(past, next, 64.0),
    );
    assert!(
        fitted > two && fitted > wide + 50.0,
        "{fitted} {two} {wide}"
    );
    let (past, next) = varied.split_at(30);
    let s = human.fitted_strength(past, 2.0);
    assert!(s >= 64.0, "varied: {s}");
    let (fitted, two) = (predicts(past, next, s), predicts(past, next, 2.0));
    assert!(fitted > two + 20.0, "{fitted} {two}");
    // One game or none tells nothing: the fallback.
    assert_eq!(human.fitted_strength(&habitual[..1], 3.0), 3.0);
    assert_eq!(human.fitted_strength(&[] as &[SeenSetup], 3.0), 3.0);
    assert_eq!(human.fitted_strength(&habitual[..1], -1.0), 0.25);
}

/// Real human setups, one per game, as an opponent that varies its setup
/// as humans do: the fitted strength leaves the human frequencies their
/// weight.
#[spielwerk_testgames::needs_data("stratego/setups/gravon_classic_human_setups.dat")]
#[test]
fn the_fitted_strength_trusts_the_human_prior_against_human_setups() {
    let Some(path) =
        spielwerk_testgames::shared_data("stratego/setups/gravon_classic_human_setups.dat")
    else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = board_core::SplitMix64::new(11);
    let games: Vec<SeenSetup> = text
        .lines()
        .filter_map(|l| stratego_rules::Deployment::from_gravon(l).ok())
        .step_by(997)
        .take(40)
        .map(|d| glimpse(&d, 12, &mut rng))
        .collect();
    assert_eq!(games.len(), 40);
    let s = SetupPrior::classic().fitted_strength(&games, 2.0);
    assert!(s >= 32.0, "{s}");
}

/// `LearnStrength`'s text form reads back what it writes, and anything
/// else is an error that names the text.
#[test]
fn learn_strengths_read_back_and_junk_is_refused() {
    use stratego_rules::ai::{LearnStrength, ParseLearnStrengthError};
    for s in [
        LearnStrength::Fixed(0.0),
        LearnStrength::Fixed(2.0),
        LearnStrength::Fixed(0.125),
        LearnStrength::Fitted { fallback: 2.0 },
        LearnStrength::Fitted { fallback: 16.0 },
    ] {
        assert_eq!(s.to_string().parse(), Ok(s), "{s}");
    }
    for junk in ["", "auto:", "autox", "auto:-1", "-2", "NaN", "inf", "two"] {
        assert_eq!(
            junk.parse::<LearnStrength>(),
            Err(ParseLearnStrengthError(junk.to_owned())),
            "{junk:?}"
        );
    }
}

/// With a fitted strength, the agent trusts four identical records of
/// the opponent it is named, far more than a fixed strength of 2 would.
#[test]
fn the_agent_fits_its_strength_to_the_named_opponent() {
    use stratego_rules::ai::LearnStrength;
    let mut seen = SeenSetup::default();
    seen.set(3, Rank::Spy).unwrap_or_else(|e| panic!("{e}"));
    seen.set(36, Rank::Flag).unwrap_or_else(|e| panic!("{e}"));
    let mut habits = SetupHabits::default();
    for game in 1..=4 {
        habits
            .record("peternlewis", game, seen)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    for (strength, expected) in [
        (LearnStrength::Fitted { fallback: 2.0 }, 0.25),
        (LearnStrength::Fixed(2.0), 2.0),
    ] {
        let mut agent =
            Agent::new(Computer::new(Level::Medium)).with_habits(habits.clone(), strength);
        assert_eq!(agent.learn_strength(), None);
        let reply = agent.handle("RED peternlewis 10 10", &mut |w| panic!("{w}"));
        assert!(matches!(reply, Reply::Lines(ref l) if l.len() == 4));
        assert_eq!(agent.learn_strength(), Some(expected), "{strength}");
        let prior = agent.computer().settings().prior.clone().expect("a prior");
        let p = prior.probability(3, Rank::Spy);
        let formula =
            (expected * SetupPrior::classic().probability(3, Rank::Spy) + 4.0) / (expected + 4.0);
        assert!(
            (p - formula).abs() < 2e-3,
            "{strength}: {p} against {formula}"
        );
    }
}

//! The computer-player layer: games and matches between strategies, and
//! every failure reported as an error.

use board_core::{Game, Outcome, Player};
use board_search::{
    AlphaBetaStrategy, Choice, GameEnd, GameError, Limits, MatchError, MatchOptions, NoLegalMove,
    Opening, RandomStrategy, Strategy, play_game, play_match, play_match_parallel,
};
use spielwerk_testgames::{ConnectFour, ConnectFourEval};

/// A strategy that records what it hears and delegates its choices.
struct Recorder<S> {
    inner: S,
    seeds: Vec<u64>,
    heard: Vec<u8>,
    asked: usize,
}

impl<S> Recorder<S> {
    fn new(inner: S) -> Self {
        Recorder {
            inner,
            seeds: Vec::new(),
            heard: Vec::new(),
            asked: 0,
        }
    }
}

impl<S: Strategy<ConnectFour>> Strategy<ConnectFour> for Recorder<S> {
    type Error = S::Error;
    fn choose(&mut self, pos: &ConnectFour) -> Result<Choice<u8>, S::Error> {
        self.asked += 1;
        self.inner.choose(pos)
    }
    fn new_game(&mut self, start: &ConnectFour, seed: u64) -> Result<(), S::Error> {
        self.seeds.push(seed);
        self.heard.clear();
        self.inner.new_game(start, seed)
    }
    fn played(
        &mut self,
        before: &ConnectFour,
        mv: u8,
        after: &ConnectFour,
    ) -> Result<(), S::Error> {
        let mut check = *before;
        check.play(mv).expect("the move reported was legal");
        assert_eq!(&check, after);
        self.heard.push(mv);
        self.inner.played(before, mv, after)
    }
}

/// Always the given column, legal or not.
struct Stubborn(u8);

impl Strategy<ConnectFour> for Stubborn {
    type Error = NoLegalMove;
    fn choose(&mut self, _pos: &ConnectFour) -> Result<Choice<u8>, NoLegalMove> {
        Ok(Choice::new(self.0))
    }
}

/// Fails after a number of choices.
struct Failing(usize);

#[derive(Debug, thiserror::Error)]
#[error("the engine went away")]
struct Gone;

impl Strategy<ConnectFour> for Failing {
    type Error = Gone;
    fn choose(&mut self, pos: &ConnectFour) -> Result<Choice<u8>, Gone> {
        if self.0 == 0 {
            return Err(Gone);
        }
        self.0 -= 1;
        Ok(Choice::new(pos.moves().as_slice()[0]))
    }
}

fn searcher(depth: u32) -> AlphaBetaStrategy<ConnectFour, ConnectFourEval> {
    AlphaBetaStrategy::new(ConnectFourEval, Limits::depth(depth))
}

#[test]
fn a_game_is_played_to_its_end_and_both_sides_hear_every_move() {
    let mut a = Recorder::new(searcher(4));
    let mut b = Recorder::new(RandomStrategy::new(3));
    let opening = Opening::with_moves(ConnectFour::new(), vec![3, 3]);
    let mut seen = Vec::new();
    let game = play_game(&mut a, &mut b, &opening, 99, 100, |m| {
        seen.push((m.ply, m.side, m.mv, m.choice.is_some()));
        assert_eq!(m.before.to_move(), m.side);
        true
    })
    .expect("a legal game");
    // The rules ended it; the record replays to its last position.
    let outcome = game.outcome().expect("finished");
    let mut pos = game.start;
    for &mv in &game.moves {
        pos.play(mv).expect("legal");
    }
    assert_eq!(pos, game.last);
    assert_eq!(pos.outcome(), Some(outcome));
    assert_eq!(game.opening, 2);
    // Both heard every move, opening included, and the game's seed.
    assert_eq!(a.heard, game.moves);
    assert_eq!(b.heard, game.moves);
    assert_eq!(
        (a.seeds.as_slice(), b.seeds.as_slice()),
        (&[99][..], &[99][..])
    );
    // The commentary saw every move once, in order; opening moves have no
    // choice, the others do, and each side was asked for its own moves.
    assert_eq!(seen.len(), game.moves.len());
    for (i, &(ply, side, mv, chosen)) in seen.iter().enumerate() {
        assert_eq!((ply, mv), (i + 1, game.moves[i]));
        assert_eq!(chosen, i >= 2);
        assert_eq!(
            side,
            if i % 2 == 0 {
                Player::First
            } else {
                Player::Second
            }
        );
    }
    let after_opening = game.moves.len() - 2;
    assert_eq!(a.asked + b.asked, after_opening);
    assert_eq!(a.asked, after_opening.div_ceil(2));
    assert!(game.nodes.first > 0 && game.nodes.second == 0);
}

#[test]
fn an_illegal_move_is_an_error_not_replaced() {
    // Column 0 fills after six stones; the seventh is illegal.
    let mut a = Stubborn(0);
    let mut b = Stubborn(0);
    let err = play_game(
        &mut a,
        &mut b,
        &Opening::new(ConnectFour::new()),
        0,
        100,
        |_| true,
    )
    .expect_err("the seventh stone in a column is illegal");
    match &err {
        GameError::IllegalMove { side, ply, mv, .. } => {
            assert_eq!((*side, *ply, *mv), (Player::First, 7, 0));
        }
        other => panic!("{other}"),
    }
    assert!(err.to_string().contains("illegal move 0 at ply 7"), "{err}");
}

#[test]
fn a_failing_strategy_and_a_bad_opening_are_errors() {
    let mut a = searcher(2);
    // It plays three moves (plies 1, 3, 5) and fails at ply 7, before the
    // searcher can have won.
    let mut b = Failing(3);
    let err = play_game(
        &mut b,
        &mut a,
        &Opening::new(ConnectFour::new()),
        0,
        100,
        |_| true,
    )
    .expect_err("the engine goes away");
    assert!(
        matches!(
            err,
            GameError::Strategy {
                side: Player::First,
                ply: 7,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("the engine went away"), "{err}");
    let bad = Opening::with_moves(ConnectFour::new(), vec![3, 9]);
    let err = play_game(&mut a, &mut searcher(2), &bad, 0, 100, |_| true).expect_err("column 10");
    assert!(
        matches!(
            err,
            GameError::IllegalOpening {
                index: 1,
                mv: 9,
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(bad.position().map_err(|(i, _)| i), Err(1));
}

#[test]
fn the_ply_limit_and_the_commentary_stop_a_game() {
    let (mut a, mut b) = (searcher(2), searcher(2));
    let start = Opening::new(ConnectFour::new());
    let game = play_game(&mut a, &mut b, &start, 0, 5, |_| true).expect("legal");
    assert_eq!((game.end, game.moves.len()), (GameEnd::PlyLimit, 5));
    let game = play_game(&mut a, &mut b, &start, 0, 100, |m| m.ply < 3).expect("legal");
    assert_eq!((game.end, game.moves.len()), (GameEnd::Stopped, 3));
    assert_eq!(game.outcome(), None);
}

#[test]
fn the_same_position_gets_the_same_choice_whatever_was_searched_before() {
    let pos: ConnectFour = "4453".parse().unwrap();
    let fresh = searcher(7).choose(&pos).unwrap();
    let mut used = searcher(7);
    for other in ["", "44", "1234567", "4453"] {
        used.choose(&other.parse().unwrap()).unwrap();
    }
    assert_eq!(used.choose(&pos).unwrap(), fresh);
    assert_eq!(
        searcher(3).choose(&"1212121".parse().unwrap()),
        Err(NoLegalMove)
    );
}

#[test]
fn a_match_swaps_colours_and_shares_openings_and_seeds_within_a_pair() {
    let openings = Opening::random_set(&ConnectFour::new(), 2, 3, 11);
    assert_eq!(openings.len(), 3);
    assert!(
        openings
            .iter()
            .all(|o| o.moves.len() == 2 && o.position().is_ok())
    );
    let mut strong = Recorder::new(searcher(5));
    let mut weak = Recorder::new(RandomStrategy::new(5));
    let options = MatchOptions::games(8).with_seed(42);
    let mut games = Vec::new();
    let result = play_match(&mut strong, &mut weak, &openings, &options, |g, so_far| {
        assert_eq!(so_far.games(), g.index + 1);
        games.push((g.index, g.first_side, g.seed, g.record.moves[..2].to_vec()));
    })
    .expect("legal games");
    assert_eq!(result.games(), 8);
    for (index, side, seed, opening) in &games {
        let pair = (index / 2) as usize;
        let expected = if index % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        assert_eq!(*side, expected);
        assert_eq!(opening, &openings[pair % 3].moves);
        assert_eq!(*seed, games[pair * 2].2);
    }
    assert_ne!(games[0].2, games[2].2);
    assert_eq!(strong.seeds, weak.seeds);
    // Four games with each colour; the searcher beats the random mover.
    assert_eq!(result.by_side.first.games(), 4);
    assert_eq!(result.by_side.second.games(), 4);
    assert_eq!(result.by_side.first + result.by_side.second, result.wdl);
    assert!(result.wdl.wins >= 7, "{:?}", result.wdl);
    // The same match again gives the same result.
    let again = play_match(
        &mut searcher(5),
        &mut RandomStrategy::new(5),
        &openings,
        &options,
        |_, _| {},
    )
    .expect("legal games");
    assert_eq!(again, result);
}

#[test]
fn a_match_counts_from_the_first_strategys_side() {
    // Depth 6 against depth 1: whoever plays First, the result is counted
    // for the strategy passed first.
    let openings = [Opening::new(ConnectFour::new())];
    let options = MatchOptions::games(2);
    let r = play_match(
        &mut searcher(1),
        &mut searcher(6),
        &openings,
        &options,
        |_, _| {},
    )
    .expect("legal");
    let swapped = play_match(
        &mut searcher(6),
        &mut searcher(1),
        &openings,
        &options,
        |_, _| {},
    )
    .expect("legal");
    assert_eq!(r.wdl, swapped.wdl.reversed());
    assert_eq!(r.by_side.first, swapped.by_side.second.reversed());
}

#[test]
fn a_failed_game_stops_the_match_with_its_number() {
    let openings = [Opening::new(ConnectFour::new())];
    let err = play_match(
        &mut searcher(2),
        &mut Failing(10),
        &openings,
        &MatchOptions::games(40),
        |_, _| {},
    )
    .expect_err("the engine goes away in a later game");
    match err {
        MatchError::Game { game, .. } => assert!(game > 0),
        MatchError::NoOpenings => panic!("there is an opening"),
    }
    let none: [Opening<ConnectFour>; 0] = [];
    let err = play_match(
        &mut searcher(2),
        &mut searcher(2),
        &none,
        &MatchOptions::games(2),
        |_, _| {},
    );
    assert!(matches!(err, Err(MatchError::NoOpenings)));
}

#[test]
fn unfinished_games_count_as_draws() {
    let openings = [Opening::new(ConnectFour::new())];
    let options = MatchOptions::games(4).with_max_plies(6);
    let r = play_match(
        &mut searcher(2),
        &mut searcher(2),
        &openings,
        &options,
        |g, _| {
            assert_eq!(g.record.outcome(), None::<Outcome>);
        },
    )
    .expect("legal");
    assert_eq!((r.wdl.draws, r.unfinished, r.plies), (4, 4, 24));
    let report = r.report("connect-four", "a", "b");
    assert_eq!((report.unfinished, report.score), (4, 0.5));
    assert!(
        report.to_string().starts_with("a vs b: 4 games, +0 =4 -0"),
        "{report}"
    );
}

#[cfg(feature = "serde")]
#[test]
fn the_report_serializes_with_the_keys_of_the_match_verb() {
    let openings = [Opening::new(ConnectFour::new())];
    let r = play_match(
        &mut searcher(4),
        &mut RandomStrategy::new(2),
        &openings,
        &MatchOptions::games(2),
        |_, _| {},
    )
    .expect("legal");
    let json = serde_json::to_value(r.report("connect-four", "depth 4", "random")).unwrap();
    for key in [
        "game", "games", "wins", "draws", "losses", "first", "second",
    ] {
        assert!(json.get(key).is_some(), "{key} in {json}");
    }
    assert_eq!(json["games"], 2);
    assert_eq!(json["first"], "depth 4");
    assert_eq!(json["score_ci95"].as_array().map(Vec::len), Some(2));
}

#[test]
fn games_in_parallel_are_the_games_played_one_by_one() {
    let openings = Opening::random_set(&ConnectFour::new(), 3, 4, 9);
    for threads in [1, 2, 3] {
        let options = MatchOptions::games(12).with_seed(5).with_threads(threads);
        let mut heard = Vec::new();
        let parallel = play_match_parallel(
            || searcher(3),
            || RandomStrategy::new(0),
            &openings,
            &options,
            |g, so_far| heard.push((g.index, g.record.moves.clone(), so_far.games())),
        )
        .expect("no game fails");
        let mut sequential = Vec::new();
        let one_by_one = play_match(
            &mut searcher(3),
            &mut RandomStrategy::new(0),
            &openings,
            &options,
            |g, _| sequential.push((g.index, g.record.moves.clone())),
        )
        .expect("no game fails");
        assert_eq!(parallel, one_by_one, "{threads} threads");
        // Every game heard once, with the count so far growing by one.
        assert_eq!(
            heard.iter().map(|h| h.2).collect::<Vec<_>>(),
            (1..=12).collect::<Vec<u32>>()
        );
        heard.sort_by_key(|h| h.0);
        let heard: Vec<_> = heard.into_iter().map(|h| (h.0, h.1)).collect();
        assert_eq!(heard, sequential, "{threads} threads: the same games");
    }
}

#[test]
fn a_match_can_skip_its_first_games() {
    let openings = Opening::random_set(&ConnectFour::new(), 2, 4, 3);
    let options = MatchOptions::games(8).with_skip(5).with_threads(2);
    let mut games = Vec::new();
    let r = play_match_parallel(
        || searcher(2),
        || searcher(1),
        &openings,
        &options,
        |g, _| {
            games.push(g.index);
        },
    )
    .expect("no game fails");
    games.sort_unstable();
    assert_eq!((games, r.games()), (vec![5, 6, 7], 3));
}

#[test]
fn a_failed_game_stops_a_parallel_match_with_the_lowest_number() {
    let openings = [Opening::new(ConnectFour::new())];
    let err = play_match_parallel(
        || searcher(2),
        || Failing(0),
        &openings,
        &MatchOptions::games(40).with_threads(2),
        |_, _| {},
    )
    .expect_err("the engine never answers");
    // Games 0 and 1 fail at once (Failing(0) answers nothing); a thread may
    // have started game 2 or 3 as well, which fail too: the first is told.
    match err {
        MatchError::Game { game, .. } => assert_eq!(game, 0),
        MatchError::NoOpenings => panic!("there is an opening"),
    }
    let none: [Opening<ConnectFour>; 0] = [];
    let err = play_match_parallel(
        || searcher(1),
        || searcher(1),
        &none,
        &MatchOptions::games(2),
        |_, _| {},
    );
    assert!(matches!(err, Err(MatchError::NoOpenings)));
}

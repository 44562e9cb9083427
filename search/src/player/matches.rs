//! A match between two [`Strategy`]s: pairs of games with the colours
//! swapped, from openings or seeds, and its result.

use core::fmt;

use board_core::{ByPlayer, Game, Player};

use crate::player::play::{
    DEFAULT_MAX_PLIES, GameEnd, GameError, GameRecord, Opening, derive_seed,
};
use crate::{Strategy, Wdl, play_game};

/// How a match is played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchOptions {
    /// The number of games. Games `2k` and `2k + 1` are a pair: the same
    /// opening and the same seed, with the first strategy moving first in
    /// the even game and second in the odd one.
    pub games: u32,
    /// The seed of the match: game `g` gets the seed
    /// [`derive_seed`](crate::derive_seed)`(seed, g / 2)`, so a pair shares it.
    pub seed: u64,
    /// Games still going after this many plies are stopped and counted as
    /// draws (and as [`unfinished`](MatchResult::unfinished)).
    pub max_plies: usize,
    /// The games to leave out at the start: the match plays games
    /// `skip..games` (to go on with a match that was stopped).
    pub skip: u32,
    /// The games [`play_match_parallel`] plays at once, each on a thread of
    /// its own with its own strategies (at least 1).
    pub threads: usize,
}

impl Default for MatchOptions {
    fn default() -> Self {
        MatchOptions {
            games: 100,
            seed: 1,
            max_plies: DEFAULT_MAX_PLIES,
            skip: 0,
            threads: 1,
        }
    }
}

impl MatchOptions {
    /// `games` games with seed 1 and the default ply limit.
    #[must_use]
    pub fn games(games: u32) -> Self {
        MatchOptions {
            games,
            ..MatchOptions::default()
        }
    }

    /// The same options with another seed.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The same options with another ply limit.
    #[must_use]
    pub fn with_max_plies(mut self, max_plies: usize) -> Self {
        self.max_plies = max_plies;
        self
    }

    /// The same options leaving out the first `skip` games.
    #[must_use]
    pub fn with_skip(mut self, skip: u32) -> Self {
        self.skip = skip;
        self
    }

    /// The same options playing `threads` games at once
    /// ([`play_match_parallel`]).
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// Which opening, seed and side the first strategy has in game `game`
    /// (from 0) of a match over `openings` openings.
    #[must_use]
    pub fn game_plan(&self, game: u32, openings: usize) -> (usize, u64, Player) {
        let pair = game / 2;
        let side = if game.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        };
        (
            pair as usize % openings.max(1),
            derive_seed(self.seed, u64::from(pair)),
            side,
        )
    }
}

/// One game of a match, as [`play_match`] reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchGame<G: Game> {
    /// Its number, from 0.
    pub index: u32,
    /// The side the match's first strategy played.
    pub first_side: Player,
    /// The game's seed.
    pub seed: u64,
    /// The game.
    pub record: GameRecord<G>,
}

/// The result of a match, from the first strategy's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MatchResult {
    /// Wins, draws and losses of the first strategy.
    pub wdl: Wdl,
    /// The same, by the side it played: `by_side[Player::First]` counts the
    /// games it moved first in.
    pub by_side: ByPlayer<Wdl>,
    /// Games stopped at the ply limit (counted among the draws).
    pub unfinished: u32,
    /// Plies played in all games.
    pub plies: u64,
}

impl MatchResult {
    /// Counts one game in which the first strategy played `first_side`.
    pub fn add<G: Game>(&mut self, first_side: Player, record: &GameRecord<G>) {
        let outcome = record.outcome();
        self.wdl.add(outcome, first_side);
        self.by_side[first_side].add(outcome, first_side);
        if !matches!(record.end, GameEnd::Over(_)) {
            self.unfinished += 1;
        }
        self.plies += record.moves.len() as u64;
    }

    /// The games counted.
    #[must_use]
    pub const fn games(&self) -> u32 {
        self.wdl.games()
    }

    /// The result with names, ready to print or to serialize: the `match`
    /// object of the `spielwerk` program.
    #[must_use]
    pub fn report(&self, game: &str, first: &str, second: &str) -> MatchReport {
        let (low, high) = self.wdl.interval95();
        let (elo_low, elo_high) = self.wdl.elo_interval95();
        MatchReport {
            game: game.to_owned(),
            games: self.games(),
            wins: self.wdl.wins,
            draws: self.wdl.draws,
            losses: self.wdl.losses,
            first: first.to_owned(),
            second: second.to_owned(),
            score: self.wdl.score(),
            score_ci95: [low, high],
            elo: self.wdl.elo(),
            elo_ci95: [elo_low, elo_high],
            unfinished: self.unfinished,
            as_first: self.by_side.first,
            as_second: self.by_side.second,
            plies: self.plies,
        }
    }
}

/// A match result with the names of the game and of the two strategies:
/// `{"game","games","wins","draws","losses","first","second",...}` with
/// the `serde` feature (wins are the first strategy's).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchReport {
    /// The game.
    pub game: String,
    /// Games played.
    pub games: u32,
    /// Games the first strategy won.
    pub wins: u32,
    /// Games drawn (unfinished ones included).
    pub draws: u32,
    /// Games the first strategy lost.
    pub losses: u32,
    /// The first strategy.
    pub first: String,
    /// The second strategy.
    pub second: String,
    /// The first strategy's points per game (a draw is half a point).
    pub score: f64,
    /// The 95 % interval of the score ([`Wdl::interval95`]).
    pub score_ci95: [f64; 2],
    /// The Elo difference of the score ([`Wdl::elo`]), `None` for 0 or 100 %.
    pub elo: Option<f64>,
    /// The Elo differences of the interval's ends.
    pub elo_ci95: [Option<f64>; 2],
    /// Games stopped at the ply limit.
    pub unfinished: u32,
    /// The first strategy's results when it moved first.
    pub as_first: Wdl,
    /// Its results when it moved second.
    pub as_second: Wdl,
    /// Plies played in all games.
    pub plies: u64,
}

impl fmt::Display for MatchReport {
    /// `hard vs medium: 100 games, +63 =37 -0 (81.5 %, 95 %: 72.8-87.9 %), Elo +258`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wdl = Wdl {
            wins: self.wins,
            draws: self.draws,
            losses: self.losses,
        };
        write!(
            f,
            "{} vs {}: {} games, {wdl}",
            self.first, self.second, self.games
        )?;
        match self.elo {
            Some(elo) => write!(f, ", Elo {elo:+.0}")?,
            None => f.write_str(", Elo unbounded")?,
        }
        if self.unfinished > 0 {
            write!(f, ", {} unfinished", self.unfinished)?;
        }
        Ok(())
    }
}

/// Why [`play_match`] stopped.
#[derive(Debug, thiserror::Error)]
pub enum MatchError<M: fmt::Debug> {
    /// The list of openings was empty.
    #[error("a match needs at least one opening")]
    NoOpenings,
    /// A game failed.
    #[error("game {game} (the first strategy playing {first_side}): {error}")]
    Game {
        /// The game's number, from 0.
        game: u32,
        /// The side the first strategy played.
        first_side: Player,
        /// What went wrong.
        #[source]
        error: GameError<M>,
    },
}

/// Plays a match of [`MatchOptions::games`] games (from game
/// [`MatchOptions::skip`]) between `first` and `second`: game `g` starts from opening `(g / 2) % openings.len()` with
/// seed [`derive_seed`](crate::derive_seed)`(seed, g / 2)`; `first` moves
/// first in the even games and second in the odd ones, so each opening and
/// seed is played with both colours. `progress` hears every game and the
/// result so far.
///
/// # Errors
///
/// [`MatchError::NoOpenings`], or the first game that failed (an illegal
/// move, a strategy's error): a failed game is never counted.
///
/// ```
/// use board_search::{AlphaBetaStrategy, Limits, MatchOptions, Opening, RandomStrategy, play_match};
/// use spielwerk_testgames::{ConnectFour, ConnectFourEval};
///
/// let mut searcher = AlphaBetaStrategy::new(ConnectFourEval, Limits::depth(4));
/// let mut random = RandomStrategy::new(1);
/// let openings = [Opening::new(ConnectFour::new())];
/// let result = play_match(&mut searcher, &mut random, &openings, &MatchOptions::games(6), |_, _| {})?;
/// assert_eq!(result.games(), 6);
/// assert!(result.wdl.wins >= 5);
/// let report = result.report("connect-four", "depth 4", "random");
/// assert_eq!((report.games, report.wins), (6, result.wdl.wins));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_match<G, A, B>(
    first: &mut A,
    second: &mut B,
    openings: &[Opening<G>],
    options: &MatchOptions,
    mut progress: impl FnMut(&MatchGame<G>, &MatchResult),
) -> Result<MatchResult, MatchError<G::Move>>
where
    G: Game,
    A: Strategy<G>,
    B: Strategy<G>,
{
    if openings.is_empty() {
        return Err(MatchError::NoOpenings);
    }
    let mut result = MatchResult::default();
    for game in options.skip..options.games {
        let (first_side, seed, played) = play_match_game(first, second, openings, options, game);
        let record = played.map_err(|error| MatchError::Game {
            game,
            first_side,
            error,
        })?;
        count_match_game(&mut result, &mut progress, game, first_side, seed, record);
    }
    Ok(result)
}

/// One game of a match as [`play_match_game`] plays it: the first
/// strategy's side, the game's seed, and the game or why it failed.
type Played<G> = (
    Player,
    u64,
    Result<GameRecord<G>, GameError<<G as Game>::Move>>,
);

/// Plays game `game` of a match between `first` and `second` (the opening,
/// seed and colours of [`MatchOptions::game_plan`]).
fn play_match_game<G: Game, A: Strategy<G>, B: Strategy<G>>(
    first: &mut A,
    second: &mut B,
    openings: &[Opening<G>],
    options: &MatchOptions,
    game: u32,
) -> Played<G> {
    let (opening, seed, side) = options.game_plan(game, openings.len());
    let opening = &openings[opening];
    let played = match side {
        Player::First => play_game(first, second, opening, seed, options.max_plies, |_| true),
        Player::Second => play_game(second, first, opening, seed, options.max_plies, |_| true),
    };
    (side, seed, played)
}

/// Counts a played game in `result` and tells `progress`.
fn count_match_game<G: Game>(
    result: &mut MatchResult,
    progress: &mut impl FnMut(&MatchGame<G>, &MatchResult),
    index: u32,
    first_side: Player,
    seed: u64,
    record: GameRecord<G>,
) {
    result.add(first_side, &record);
    progress(
        &MatchGame {
            index,
            first_side,
            seed,
            record,
        },
        result,
    );
}

/// Plays the match of [`play_match`] with [`MatchOptions::threads`] games
/// at once: each thread makes its own two strategies with `first()` and
/// `second()` and plays the next game not yet taken. Every game is the one
/// [`play_match`] plays (the same opening, seed and colours), so for
/// strategies whose moves depend only on the position and the game's seed
/// (every level of the Spielwerk games) the result is the same; `progress`
/// hears each game as it ends, on the calling thread, with the result so
/// far.
///
/// # Errors
///
/// As [`play_match`]; after a failed game no new game starts, and the
/// failure of the lowest-numbered game is returned.
///
/// ```
/// use board_search::{AlphaBetaStrategy, Limits, MatchOptions, Opening, play_match, play_match_parallel};
/// use spielwerk_testgames::{ConnectFour, ConnectFourEval};
///
/// let openings = Opening::random_set(&ConnectFour::new(), 2, 3, 1);
/// let options = MatchOptions::games(6).with_threads(2);
/// let deep = || AlphaBetaStrategy::new(ConnectFourEval, Limits::depth(4));
/// let shallow = || AlphaBetaStrategy::new(ConnectFourEval, Limits::depth(1));
/// let parallel = play_match_parallel(deep, shallow, &openings, &options, |_, _| {})?;
/// let one_by_one = play_match(&mut deep(), &mut shallow(), &openings, &options, |_, _| {})?;
/// assert_eq!(parallel, one_by_one);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_match_parallel<G, A, B>(
    first: impl Fn() -> A + Sync,
    second: impl Fn() -> B + Sync,
    openings: &[Opening<G>],
    options: &MatchOptions,
    mut progress: impl FnMut(&MatchGame<G>, &MatchResult),
) -> Result<MatchResult, MatchError<G::Move>>
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
    A: Strategy<G>,
    B: Strategy<G>,
{
    use std::sync::atomic::Ordering::Relaxed;
    use std::sync::atomic::{AtomicBool, AtomicU32};
    use std::sync::mpsc;

    if openings.is_empty() {
        return Err(MatchError::NoOpenings);
    }
    let next = AtomicU32::new(options.skip);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(u32, Played<G>)>();
    let mut result = MatchResult::default();
    let mut failed: Option<MatchError<G::Move>> = None;
    std::thread::scope(|scope| {
        for _ in 0..options.threads.max(1) {
            let sender = sender.clone();
            let (next, stop, first, second) = (&next, &stop, &first, &second);
            scope.spawn(move || {
                let (mut a, mut b) = (first(), second());
                while !stop.load(Relaxed) {
                    let game = next.fetch_add(1, Relaxed);
                    if game >= options.games {
                        break;
                    }
                    let played = play_match_game(&mut a, &mut b, openings, options, game);
                    if played.2.is_err() {
                        stop.store(true, Relaxed);
                    }
                    if sender.send((game, played)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for (game, (first_side, seed, played)) in receiver {
            match played {
                Ok(record) => {
                    count_match_game(&mut result, &mut progress, game, first_side, seed, record);
                }
                Err(error) => {
                    if failed
                        .as_ref()
                        .is_none_or(|f| matches!(f, MatchError::Game { game: g, .. } if *g > game))
                    {
                        failed = Some(MatchError::Game {
                            game,
                            first_side,
                            error,
                        });
                    }
                }
            }
        }
    });
    match failed {
        Some(error) => Err(error),
        None => Ok(result),
    }
}

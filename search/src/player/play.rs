//! One game between two [`Strategy`]s: where it starts, what is reported
//! after every move, and how it ended.

use std::error::Error;

use board_core::{ByPlayer, Game, MoveList, Outcome, Player, SplitMix64};

use crate::{Choice, Strategy};

/// The plies a game may last in [`play_game`] and [`play_match`](crate::play_match)
/// unless told otherwise: far beyond the natural end of every Spielwerk
/// game (their rules end games by draw rules long before), a guard against
/// a strategy and a game that never end.
pub const DEFAULT_MAX_PLIES: usize = 5000;

/// Where a game starts: a position and moves played from it before the
/// strategies take over (a balanced opening from real games, random
/// plies for variety, or none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening<G: Game> {
    /// The position before the opening moves (a start position, a setup).
    pub start: G,
    /// The moves played first, in order; each must be legal.
    pub moves: Vec<G::Move>,
}

impl<G: Game> Opening<G> {
    /// The game from `start` with no opening moves.
    pub fn new(start: G) -> Self {
        Opening {
            start,
            moves: Vec::new(),
        }
    }

    /// The game from `start` after `moves`.
    pub fn with_moves(start: G, moves: Vec<G::Move>) -> Self {
        Opening { start, moves }
    }

    /// `plies` uniformly random legal moves from `start`, drawn from
    /// `seed` (fewer if the game ends first). The same seed gives the same
    /// opening on every machine.
    pub fn random(start: G, plies: usize, seed: u64) -> Self {
        let mut rng = SplitMix64::new(seed);
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(plies);
        for _ in 0..plies {
            let list = pos.moves();
            let list = list.as_slice();
            if list.is_empty() {
                break;
            }
            let mv = list[rng.below(list.len() as u64) as usize];
            pos.play_unchecked(mv);
            moves.push(mv);
        }
        Opening { start, moves }
    }

    /// `count` random openings of `plies` moves from `start`, the `i`-th
    /// from a seed derived from `seed` and `i`: the usual openings of a
    /// self-play match.
    pub fn random_set(start: &G, plies: usize, count: usize, seed: u64) -> Vec<Self> {
        (0..count)
            .map(|i| Opening::random(start.clone(), plies, derive_seed(seed, i as u64)))
            .collect()
    }

    /// The position after the opening moves, or the index of the first
    /// opening move that is illegal and why.
    pub fn position(&self) -> Result<G, (usize, G::Error)> {
        let mut pos = self.start.clone();
        for (i, &mv) in self.moves.iter().enumerate() {
            pos.play(mv).map_err(|e| (i, e))?;
        }
        Ok(pos)
    }
}

/// A seed for the `index`-th item of a series seeded by `seed`: distinct
/// indices give unrelated seeds (SplitMix64's mixing).
#[must_use]
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    SplitMix64::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03)).next()
}

/// A move just played in [`play_game`], for a running commentary.
#[derive(Debug)]
pub struct PlayedMove<'a, G: Game> {
    /// The number of the move in the game, from 1 (opening moves count).
    pub ply: usize,
    /// Who played it.
    pub side: Player,
    /// The move.
    pub mv: G::Move,
    /// What the strategy said about it; `None` for an opening move.
    pub choice: Option<&'a Choice<G::Move>>,
    /// The position before it.
    pub before: &'a G,
    /// The position after it.
    pub after: &'a G,
}

/// How a game of [`play_game`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// The rules ended it.
    Over(Outcome),
    /// It reached the ply limit unfinished (a match counts it as a draw).
    PlyLimit,
    /// The commentary callback stopped it.
    Stopped,
}

impl GameEnd {
    /// The outcome, if the rules ended the game.
    #[must_use]
    pub const fn outcome(self) -> Option<Outcome> {
        match self {
            GameEnd::Over(o) => Some(o),
            GameEnd::PlyLimit | GameEnd::Stopped => None,
        }
    }
}

/// A game played by [`play_game`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord<G: Game> {
    /// The position the game started from (before the opening).
    pub start: G,
    /// Every move, the opening's first.
    pub moves: Vec<G::Move>,
    /// How many of [`moves`](GameRecord::moves) were the opening.
    pub opening: usize,
    /// How it ended.
    pub end: GameEnd,
    /// The final position.
    pub last: G,
    /// The nodes each side's strategy searched.
    pub nodes: ByPlayer<u64>,
}

impl<G: Game> GameRecord<G> {
    /// The outcome, if the rules ended the game.
    pub fn outcome(&self) -> Option<Outcome> {
        self.end.outcome()
    }
}

/// Why [`play_game`] could not finish a game. Every failure is an error:
/// no move is replaced, no failed game is counted as a draw.
#[derive(Debug, thiserror::Error)]
pub enum GameError<M: core::fmt::Debug> {
    /// An opening move is not legal where it is played.
    #[error("opening move {index} ({mv:?}) is illegal: {source}")]
    IllegalOpening {
        /// Its index in the opening, from 0.
        index: usize,
        /// The move.
        mv: M,
        /// The game's reason.
        source: Box<dyn Error + Send + Sync>,
    },
    /// A strategy returned an illegal move: a bug of that strategy.
    #[error("the {side} player's strategy chose the illegal move {mv:?} at ply {ply}: {source}")]
    IllegalMove {
        /// The side whose strategy chose it.
        side: Player,
        /// The number the move would have had in the game, from 1.
        ply: usize,
        /// The move.
        mv: M,
        /// The game's reason.
        source: Box<dyn Error + Send + Sync>,
    },
    /// A strategy failed.
    #[error("the {side} player's strategy failed at ply {ply}: {source}")]
    Strategy {
        /// The side whose strategy failed.
        side: Player,
        /// The number of the move it was to choose or follow, from 1.
        ply: usize,
        /// Its error.
        source: Box<dyn Error + Send + Sync>,
    },
}

/// Plays one game: the opening's moves, then `first` (playing
/// [`Player::First`]) and `second` choosing in turn, until the rules end
/// the game, `max_plies` moves were played, or `on_move` returns `false`.
///
/// Both strategies hear [`new_game`](Strategy::new_game) with `seed` and
/// every move through [`played`](Strategy::played); `on_move` sees each
/// move after it is played.
///
/// # Errors
///
/// An illegal opening move, a strategy's error, or an illegal move a
/// strategy returned, with the side and the ply.
///
/// ```
/// use board_search::{AlphaBetaStrategy, GameEnd, Limits, Opening, RandomStrategy, play_game};
/// use spielwerk_testgames::{ConnectFour, ConnectFourEval};
///
/// let mut searcher = AlphaBetaStrategy::new(ConnectFourEval, Limits::depth(4));
/// let mut random = RandomStrategy::new(1);
/// let opening = Opening::new(ConnectFour::new());
/// let game = play_game(&mut searcher, &mut random, &opening, 7, 100, |_| true)?;
/// assert!(matches!(game.end, GameEnd::Over(_)));
/// assert_eq!(game.opening, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_game<G, A, B>(
    first: &mut A,
    second: &mut B,
    opening: &Opening<G>,
    seed: u64,
    max_plies: usize,
    mut on_move: impl FnMut(&PlayedMove<'_, G>) -> bool,
) -> Result<GameRecord<G>, GameError<G::Move>>
where
    G: Game,
    A: Strategy<G>,
    B: Strategy<G>,
{
    let strategy_error = |side: Player, ply: usize| {
        move |e: Box<dyn Error + Send + Sync>| GameError::Strategy {
            side,
            ply,
            source: e,
        }
    };
    first
        .new_game(&opening.start, seed)
        .map_err(|e| strategy_error(Player::First, 1)(Box::new(e)))?;
    second
        .new_game(&opening.start, seed)
        .map_err(|e| strategy_error(Player::Second, 1)(Box::new(e)))?;
    let mut pos = opening.start.clone();
    let mut moves = Vec::with_capacity(opening.moves.len() + 64);
    let mut nodes = ByPlayer::new(0, 0);
    let end = loop {
        if let Some(outcome) = pos.outcome() {
            break GameEnd::Over(outcome);
        }
        if moves.len() >= max_plies {
            break GameEnd::PlyLimit;
        }
        let ply = moves.len() + 1;
        let side = pos.to_move();
        let (mv, choice) = if let Some(&mv) = opening.moves.get(moves.len()) {
            (mv, None)
        } else {
            let choice = match side {
                Player::First => first.choose(&pos).map_err(|e| Box::new(e) as Box<_>),
                Player::Second => second.choose(&pos).map_err(|e| Box::new(e) as Box<_>),
            }
            .map_err(strategy_error(side, ply))?;
            nodes[side] += choice.nodes;
            (choice.mv, Some(choice))
        };
        let before = pos.clone();
        if let Err(e) = pos.play(mv) {
            let source = Box::new(e);
            return Err(if choice.is_none() {
                GameError::IllegalOpening {
                    index: moves.len(),
                    mv,
                    source,
                }
            } else {
                GameError::IllegalMove {
                    side,
                    ply,
                    mv,
                    source,
                }
            });
        }
        moves.push(mv);
        first
            .played(&before, mv, &pos)
            .map_err(|e| strategy_error(Player::First, ply)(Box::new(e)))?;
        second
            .played(&before, mv, &pos)
            .map_err(|e| strategy_error(Player::Second, ply)(Box::new(e)))?;
        let report = PlayedMove {
            ply,
            side,
            mv,
            choice: choice.as_ref(),
            before: &before,
            after: &pos,
        };
        if !on_move(&report) {
            break GameEnd::Stopped;
        }
    };
    Ok(GameRecord {
        start: opening.start.clone(),
        opening: opening.moves.len().min(moves.len()),
        moves,
        end,
        last: pos,
        nodes,
    })
}

//! The computer-player layer: the [`Strategy`] trait ("choose a move in
//! this position"), what a choice reports, and two strategies every game
//! gets for free: alpha-beta within fixed [`Limits`] and a seeded random
//! mover.

use core::fmt;

use board_core::{Game, MoveList, SplitMix64, ZobristHash};

use crate::{AlphaBeta, Evaluator, Limits, Options, SearchResult};

/// A computer player: it chooses a move for the side to move.
///
/// Every game's levels implement it (`reversi_rules::ai::Computer`,
/// `fanorona_rules::ai::Computer`, ...), and so do [`AlphaBetaStrategy`],
/// [`RandomStrategy`] and any engine a user writes; [`play_game`] and
/// [`play_match`] play any two against each other. (It is called
/// `Strategy`, not `Player`, because [`board_core::Player`] names a side of
/// the board, which a strategy may play either of.)
///
/// # Contract
///
/// - [`choose`](Strategy::choose) is given the position the game is played
///   on, the referee's. A player of a game with hidden information (the
///   Stratego AI) must look only at what the side to move may know: it
///   builds that side's view ([`board_core::Observable::view`]) and
///   decides from the view alone.
/// - It is called only in a position that is not over; it returns a legal
///   move or an error. A strategy that returns an illegal move has a bug:
///   [`play_game`] reports it as [`GameError::IllegalMove`], it never
///   replaces the move.
/// - **One rule for what a strategy remembers**: a choice depends only on
///   the game it is given (the position, and, for strategies that follow
///   it, the moves reported to [`played`](Strategy::played) since
///   [`new_game`](Strategy::new_game)) and on the seed of `new_game`, never
///   on earlier searches. Search-based strategies empty their transposition
///   tables before every choice. So a game replays move for move, a hint
///   is the move the computer would play, and the games of a match do not
///   depend on the order they are played in.
///
/// [`play_game`]: crate::play_game
/// [`play_match`]: crate::play_match
/// [`GameError::IllegalMove`]: crate::GameError::IllegalMove
///
/// ```
/// use board_core::Game;
/// use board_search::{Choice, NoLegalMove, Strategy};
///
/// /// Plays the first legal move.
/// struct FirstMove;
///
/// impl<G: Game> Strategy<G> for FirstMove {
///     type Error = NoLegalMove;
///     fn choose(&mut self, pos: &G) -> Result<Choice<G::Move>, NoLegalMove> {
///         use board_core::MoveList;
///         let moves = pos.moves();
///         moves.as_slice().first().map(|&mv| Choice::new(mv)).ok_or(NoLegalMove)
///     }
/// }
/// ```
pub trait Strategy<G: Game> {
    /// Why a choice failed (an engine that crashed, a protocol error). Use
    /// [`NoLegalMove`] for a strategy that fails only when asked in a
    /// position without a move, [`core::convert::Infallible`] for one that
    /// never fails.
    type Error: std::error::Error + Send + Sync + 'static;

    /// Chooses a move for the side to move of `pos`, a position that is not
    /// over.
    fn choose(&mut self, pos: &G) -> Result<Choice<G::Move>, Self::Error>;

    /// A new game starts from `start` (before its opening moves). `seed`
    /// is the game's seed: a strategy that draws random numbers (tie
    /// breaks, setups) draws them from it, so that the game replays. The
    /// default does nothing.
    fn new_game(&mut self, start: &G, seed: u64) -> Result<(), Self::Error> {
        let _ = (start, seed);
        Ok(())
    }

    /// `mv` was played in `before`, giving `after`: every move of the game,
    /// the opening's, this strategy's own and the opponent's. A strategy
    /// that keeps state across moves (an engine behind a protocol, a belief
    /// about hidden pieces) follows the game here. The default does
    /// nothing.
    fn played(&mut self, before: &G, mv: G::Move, after: &G) -> Result<(), Self::Error> {
        let _ = (before, mv, after);
        Ok(())
    }
}

impl<G: Game, S: Strategy<G> + ?Sized> Strategy<G> for &mut S {
    type Error = S::Error;
    fn choose(&mut self, pos: &G) -> Result<Choice<G::Move>, S::Error> {
        (**self).choose(pos)
    }
    fn new_game(&mut self, start: &G, seed: u64) -> Result<(), S::Error> {
        (**self).new_game(start, seed)
    }
    fn played(&mut self, before: &G, mv: G::Move, after: &G) -> Result<(), S::Error> {
        (**self).played(before, mv, after)
    }
}

impl<G: Game, S: Strategy<G> + ?Sized> Strategy<G> for Box<S> {
    type Error = S::Error;
    fn choose(&mut self, pos: &G) -> Result<Choice<G::Move>, S::Error> {
        (**self).choose(pos)
    }
    fn new_game(&mut self, start: &G, seed: u64) -> Result<(), S::Error> {
        (**self).new_game(start, seed)
    }
    fn played(&mut self, before: &G, mv: G::Move, after: &G) -> Result<(), S::Error> {
        (**self).played(before, mv, after)
    }
}

/// A chosen move and what the choice cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Choice<M> {
    /// The move.
    pub mv: M,
    /// The score the strategy gave it, from the mover's point of view, in
    /// its own units (an alpha-beta score; an expectimax value rounded),
    /// if it has one.
    pub score: Option<i32>,
    /// The depth the search completed (0 if it did not search).
    pub depth: u32,
    /// The nodes searched (0 if it did not search).
    pub nodes: u64,
}

impl<M> Choice<M> {
    /// A move chosen without a search.
    #[must_use]
    pub const fn new(mv: M) -> Self {
        Choice {
            mv,
            score: None,
            depth: 0,
            nodes: 0,
        }
    }
}

impl<M: Copy> Choice<M> {
    /// The choice a search made, `None` if it found no move (the position
    /// has no legal move).
    ///
    /// ```
    /// use board_search::{Bound, Choice, SearchResult};
    /// use std::time::Duration;
    /// let r = SearchResult { best_move: Some(3u8), score: 25, bound: Bound::Exact,
    ///     pv: vec![3], depth: 6, nodes: 1000, elapsed: Duration::ZERO };
    /// let c = Choice::from_search(&r).unwrap();
    /// assert_eq!((c.mv, c.score, c.depth, c.nodes), (3, Some(25), 6, 1000));
    /// ```
    #[must_use]
    pub fn from_search<S: Copy + Into<f64>>(result: &SearchResult<M, S>) -> Option<Self> {
        let score: f64 = result.score.into();
        Some(Choice {
            mv: result.best_move?,
            // Saturating: an expectimax value is within its evaluator's
            // i32 bound anyway.
            score: Some(score.round() as i32),
            depth: result.depth,
            nodes: result.nodes,
        })
    }
}

/// The error of a strategy asked to choose in a position without a legal
/// move (a finished game). [`play_game`](crate::play_game) never asks
/// there; a strategy that finds no move in a position that is not over
/// reports this too, and then the game's move generator has a bug.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, thiserror::Error)]
#[error("no move to choose: the position has no legal move")]
pub struct NoLegalMove;

/// Alpha-beta within fixed limits, as a [`Strategy`]: the table is emptied
/// before every choice (the rule of [`Strategy`]), so with depth and node
/// limits (no time) the same position always gets the same move.
///
/// ```
/// use board_core::Game;
/// use board_search::{AlphaBetaStrategy, Limits, Strategy};
/// use spielwerk_testgames::{ConnectFour, ConnectFourEval};
///
/// let mut computer = AlphaBetaStrategy::new(ConnectFourEval, Limits::depth(6));
/// let pos = ConnectFour::new();
/// let choice = computer.choose(&pos)?;
/// assert!(pos.is_legal(choice.mv));
/// assert_eq!(choice.depth, 6);
/// // The same position, the same answer.
/// assert_eq!(computer.choose(&pos)?, choice);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct AlphaBetaStrategy<G: ZobristHash, E: Evaluator<G>> {
    search: AlphaBeta<G, E>,
    limits: Limits,
}

impl<G: ZobristHash, E: Evaluator<G>> fmt::Debug for AlphaBetaStrategy<G, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AlphaBetaStrategy")
            .field("limits", &self.limits)
            .field("options", self.search.options())
            .finish_non_exhaustive()
    }
}

impl<G: ZobristHash, E: Evaluator<G>> AlphaBetaStrategy<G, E> {
    /// A strategy searching with `eval` within `limits`, with the default
    /// [`Options`].
    pub fn new(eval: E, limits: Limits) -> Self {
        Self::with_options(eval, limits, Options::default())
    }

    /// A strategy with the given search options.
    pub fn with_options(eval: E, limits: Limits, options: Options) -> Self {
        AlphaBetaStrategy {
            search: AlphaBeta::with_options(eval, options),
            limits,
        }
    }

    /// The limits of every choice.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The searcher (its options, evaluator and table).
    pub fn search(&self) -> &AlphaBeta<G, E> {
        &self.search
    }
}

impl<G: ZobristHash + Sync, E: Evaluator<G> + Sync> AlphaBetaStrategy<G, E> {
    /// Searches `pos` afresh (an empty table) within the limits and returns
    /// the whole result; its `best_move` is `None` only when `pos` has no
    /// legal move.
    pub fn think(&mut self, pos: &G) -> SearchResult<G::Move> {
        self.search.clear();
        self.search.search(pos, &self.limits)
    }
}

impl<G: ZobristHash + Sync, E: Evaluator<G> + Sync> Strategy<G> for AlphaBetaStrategy<G, E> {
    type Error = NoLegalMove;

    fn choose(&mut self, pos: &G) -> Result<Choice<G::Move>, NoLegalMove> {
        if pos.outcome().is_some() {
            return Err(NoLegalMove);
        }
        Choice::from_search(&self.think(pos)).ok_or(NoLegalMove)
    }
}

/// A uniformly random legal move, from a seeded generator: a baseline
/// opponent and a source of variety. The generator is reseeded by every
/// [`new_game`](Strategy::new_game), so a game replays from its seed.
///
/// ```
/// use board_core::Game;
/// use board_search::{RandomStrategy, Strategy};
/// use spielwerk_testgames::ConnectFour;
///
/// let pos = ConnectFour::new();
/// let mut a = RandomStrategy::new(7);
/// let mut b = RandomStrategy::new(7);
/// let mv = a.choose(&pos)?.mv;
/// assert!(pos.is_legal(mv));
/// assert_eq!(b.choose(&pos)?.mv, mv);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct RandomStrategy {
    seed: u64,
    rng: SplitMix64,
}

impl RandomStrategy {
    /// A random mover drawing from `seed` until the first
    /// [`new_game`](Strategy::new_game).
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        RandomStrategy {
            seed,
            rng: SplitMix64::new(seed),
        }
    }
}

impl<G: Game> Strategy<G> for RandomStrategy {
    type Error = NoLegalMove;

    fn choose(&mut self, pos: &G) -> Result<Choice<G::Move>, NoLegalMove> {
        let moves = pos.moves();
        let moves = moves.as_slice();
        if moves.is_empty() {
            return Err(NoLegalMove);
        }
        let i = self.rng.below(moves.len() as u64) as usize;
        Ok(Choice::new(moves[i]))
    }

    fn new_game(&mut self, _start: &G, seed: u64) -> Result<(), NoLegalMove> {
        // Mixed with the construction seed, so two random movers built
        // with different seeds still differ within one game.
        self.rng = SplitMix64::new(seed ^ self.seed.rotate_left(32));
        Ok(())
    }
}

//! The [`Game`] trait: what every game offers, and the generic error of a
//! rejected move.

use core::fmt::Debug;
use core::hash::Hash;

use crate::{MoveList, Outcome, Player};

/// A two-player, turn-based game position.
///
/// This is the minimal capability every Spielwerk game has. Everything a
/// particular search or tool needs beyond it is an opt-in trait
/// ([`ZobristHash`](crate::ZobristHash), [`Undo`](crate::Undo),
/// [`Stochastic`](crate::Stochastic), [`Observable`](crate::Observable),
/// [`Determinize`](crate::Determinize)), so the compiler tells a user what a
/// search requires instead of a panic at run time.
///
/// # Contract
///
/// - A move is a whole turn (a capture chain, a pass). [`legal_moves`]
///   lists every legal move exactly once, in a deterministic order, and lists
///   nothing exactly when the game is over ([`outcome`] is `Some`).
/// - [`play_unchecked`] must only be given a move that [`legal_moves`] lists
///   for this position; it may then skip every check. [`play`] checks and
///   leaves the position unchanged when it returns an error.
/// - Positions are values: [`Clone`] gives an independent copy (copy-make
///   search relies on it).
///
/// [`legal_moves`]: Game::legal_moves
/// [`outcome`]: Game::outcome
/// [`play_unchecked`]: Game::play_unchecked
/// [`play`]: Game::play
pub trait Game: Clone {
    /// A whole turn. Small and `Copy`.
    type Move: Copy + Eq + Hash + Debug;
    /// The buffer [`legal_moves`](Game::legal_moves) fills; of fixed capacity
    /// for games with a proven maximum number of moves.
    type MoveList: MoveList<Self::Move>;
    /// The error of a rejected [`play`](Game::play).
    type Error: std::error::Error + Send + Sync + 'static;

    /// The player to move.
    fn to_move(&self) -> Player;

    /// Clears `moves` and fills it with every legal move of this position.
    fn legal_moves(&self, moves: &mut Self::MoveList);

    /// Plays a move that [`legal_moves`](Game::legal_moves) lists, without
    /// checking it. Given any other move the result is unspecified (but
    /// memory-safe).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` if it is legal; otherwise returns why not and leaves the
    /// position as it was.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::Error>;

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The legal moves in a new list.
    fn moves(&self) -> Self::MoveList {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves
    }

    /// Whether `mv` is legal here. The default generates the legal moves and
    /// looks for `mv`; games override it with a direct test.
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.moves().as_slice().contains(&mv)
    }
}

/// A generic "this move is not legal here" error, for games whose checked
/// [`play`](Game::play) has nothing more specific to say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv:?}: {reason}")]
pub struct IllegalMove<M: Debug> {
    /// The rejected move.
    pub mv: M,
    /// Why it was rejected.
    pub reason: &'static str,
}

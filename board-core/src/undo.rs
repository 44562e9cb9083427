//! Make/unmake: the opt-in alternative to copy-make.

use crate::Game;

/// A game that can take a move back in place.
///
/// Search in `board-search` uses copy-make ([`Clone`] then
/// [`play_unchecked`](Game::play_unchecked)), which is fastest for small
/// positions (bitboards); the `benches` package measures both on the same
/// game. Applications use this trait (or a game's own history) for undo.
pub trait Undo: Game {
    /// What [`unmake`](Undo::unmake) needs besides the move: captured pieces,
    /// counters, the previous hash...
    type Undo: Copy;

    /// Plays a legal move and returns what undoing it needs.
    fn make(&mut self, mv: Self::Move) -> Self::Undo;

    /// Takes back the move `mv` that the matching [`make`](Undo::make)
    /// returned `undo` for; the position is then exactly as before it.
    fn unmake(&mut self, mv: Self::Move, undo: Self::Undo);
}

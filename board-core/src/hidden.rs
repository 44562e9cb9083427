//! Imperfect information: what a player sees, and sampling a full state
//! consistent with it.

use rand_core::RngCore;

use crate::{Game, Player};

/// A game with hidden information, whose referee state (this type) knows
/// everything, and which gives each player a view of what that player may
/// know.
///
/// A view must never leak hidden state: two referee states that differ only
/// in what `player` cannot know must give `player` equal views. Games test
/// this as a property.
pub trait Observable: Game {
    /// What one player knows.
    type View: Clone + Eq + core::fmt::Debug;

    /// What `player` knows of this state.
    fn view(&self, player: Player) -> Self::View;
}

/// A game that can sample a full referee state consistent with a view: the
/// basis of determinized search (PIMC) and of belief games.
pub trait Determinize: Observable {
    /// A full state whose [`view`](Observable::view) for the viewing player
    /// equals `view`, drawn with `rng`. The same view and the same generator
    /// state give the same result.
    fn determinize<R: RngCore + ?Sized>(view: &Self::View, rng: &mut R) -> Self;
}

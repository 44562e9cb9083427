//! Chance nodes: positions where chance, not a player, picks what happens.

use crate::{Game, MoveList};

/// A game with chance nodes (dice, card deals, or the unknown rank of an
/// attacked piece in a belief game over hidden information).
///
/// At a chance node, [`Game::legal_moves`] lists the chance outcomes as
/// moves, in the same order as [`chance_outcomes`](Stochastic::chance_outcomes)
/// (so that generic tools such as [`perft`](crate::perft) and replays treat
/// them like any move), and `chance_outcomes` adds the probability of each.
/// [`Game::to_move`] at a chance node names the player from whose point of
/// view its value is counted by an expectimax search.
pub trait Stochastic: Game {
    /// The buffer of `(outcome, probability)` pairs.
    type ChanceList: MoveList<(Self::Move, f64)>;

    /// Whether chance moves here.
    fn is_chance_node(&self) -> bool;

    /// Clears `outcomes` and fills it with every outcome of this chance node
    /// and its probability. Probabilities are positive and sum to 1 (within
    /// rounding). Not called at player nodes.
    fn chance_outcomes(&self, outcomes: &mut Self::ChanceList);
}

//! The parameters of the rules that the spec leaves to a decision.

use crate::stack::Colour;

/// What happens to a player who is to move, has free pieces, but no legal
/// move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum NoMoveResult {
    /// **Decision (default):** that player loses.
    #[default]
    Loses,
    /// The game is drawn.
    Draw,
}

/// The rule parameters a user may change. [`Rules::default`] is the spec's
/// game.
///
/// The other decisions of the spec are fixed and documented where they act:
/// a freed stone with no free square on its start edge is removed from the
/// game; a breakthrough the opponent cannot capture ends the game at once; a
/// reply landing on the other edge does not save the opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// The number of consecutive plies without a forward move after which
    /// the game is drawn (the "stalemate draw"); 0 turns the rule off.
    /// **Decision:** default 5, as the manual says; a capture that is not
    /// forward does not reset the count.
    pub quiet_move_limit: u8,
    /// Who moves first. **Decision:** Blue. The first mover is
    /// [`Player::First`](board_core::Player::First) of the `Game` trait.
    pub first: Colour,
    /// A player to move with free pieces but no legal move.
    pub no_legal_move: NoMoveResult,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            quiet_move_limit: 5,
            first: Colour::Blue,
            no_legal_move: NoMoveResult::Loses,
        }
    }
}

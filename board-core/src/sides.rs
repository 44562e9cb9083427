//! The names of a game's two sides.

use crate::{Outcome, Player};

/// The names of the two sides as the game's players say them: Black and
/// White in Reversi, White and Black in Fanorona, Blue and Red in Major,
/// Red and Blue in Stratego. [`Player::First`] is the side that moves
/// first; which colour that is belongs to the game (in Major, to the
/// position's rules), so the name is asked of a position.
///
/// ```
/// use board_core::{Outcome, Player, SideNames};
///
/// struct Chess;
/// impl SideNames for Chess {
///     fn side_name(&self, player: Player) -> &'static str {
///         match player {
///             Player::First => "White",
///             Player::Second => "Black",
///         }
///     }
/// }
/// assert_eq!(Chess.side_name(Player::Second), "Black");
/// assert_eq!(Chess.outcome_text(Outcome::Win(Player::First)), "White wins");
/// assert_eq!(Chess.outcome_text(Outcome::Draw), "draw");
/// ```
pub trait SideNames {
    /// The name of `player`'s side, capitalised: `"Black"`, `"Red"`.
    fn side_name(&self, player: Player) -> &'static str;

    /// The result in words: `"White wins"`, or `"draw"`.
    fn outcome_text(&self, outcome: Outcome) -> String {
        match outcome {
            Outcome::Win(player) => format!("{} wins", self.side_name(player)),
            Outcome::Draw => "draw".to_owned(),
        }
    }
}

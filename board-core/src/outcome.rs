//! The result of a finished game.

use core::fmt;

use crate::Player;

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The given player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The winner, if there is one.
    #[inline]
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(p) => Some(p),
            Outcome::Draw => None,
        }
    }

    /// `+1` if `player` won, `-1` if it lost, `0` for a draw.
    ///
    /// ```
    /// use board_core::{Outcome, Player};
    /// assert_eq!(Outcome::Win(Player::First).value_for(Player::Second), -1);
    /// assert_eq!(Outcome::Draw.value_for(Player::First), 0);
    /// ```
    #[inline]
    #[must_use]
    pub const fn value_for(self, player: Player) -> i32 {
        match self {
            Outcome::Draw => 0,
            Outcome::Win(w) => {
                if w.index() == player.index() {
                    1
                } else {
                    -1
                }
            }
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(p) => write!(f, "{p} player wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

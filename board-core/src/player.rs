//! The two players of a game and a container indexed by them.

use core::fmt;
use core::ops::{Index, IndexMut, Not};

/// One of the two players of a two-player game.
///
/// Spielwerk names them by turn order, not by colour: each game documents
/// which of its colours is [`Player::First`] (Black in Reversi, Red in
/// Stratego, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// The player who moves first from the start position.
    First,
    /// The player who moves second.
    Second,
}

impl Player {
    /// Both players, first mover first.
    pub const ALL: [Player; 2] = [Player::First, Player::Second];

    /// The opponent.
    ///
    /// ```
    /// use board_core::Player;
    /// assert_eq!(Player::First.other(), Player::Second);
    /// assert_eq!(!Player::Second, Player::First);
    /// ```
    #[inline]
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for [`Player::First`], 1 for [`Player::Second`].
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }

    /// The player with the given [`index`](Player::index), if it is 0 or 1.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Player> {
        match index {
            0 => Some(Player::First),
            1 => Some(Player::Second),
            _ => None,
        }
    }

    /// `+1` for [`Player::First`], `-1` for [`Player::Second`]: the sign that
    /// turns a score from the first player's point of view into this
    /// player's.
    #[inline]
    #[must_use]
    pub const fn sign(self) -> i32 {
        match self {
            Player::First => 1,
            Player::Second => -1,
        }
    }
}

impl Not for Player {
    type Output = Player;
    #[inline]
    fn not(self) -> Player {
        self.other()
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "first",
            Player::Second => "second",
        })
    }
}

/// A pair of values, one per player, indexed by [`Player`] instead of by
/// casts.
///
/// ```
/// use board_core::{ByPlayer, Player};
/// let mut discs = ByPlayer::new(2, 2);
/// discs[Player::First] += 3;
/// assert_eq!(discs.first, 5);
/// assert_eq!(discs.map(|n| n * 10), ByPlayer::new(50, 20));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByPlayer<T> {
    /// The value of [`Player::First`].
    pub first: T,
    /// The value of [`Player::Second`].
    pub second: T,
}

impl<T> ByPlayer<T> {
    /// A pair from the first and the second player's value.
    #[inline]
    pub const fn new(first: T, second: T) -> Self {
        ByPlayer { first, second }
    }

    /// A pair built by calling `f` for each player.
    #[inline]
    pub fn from_fn(mut f: impl FnMut(Player) -> T) -> Self {
        ByPlayer {
            first: f(Player::First),
            second: f(Player::Second),
        }
    }

    /// The value of `player`.
    #[inline]
    pub const fn get(&self, player: Player) -> &T {
        match player {
            Player::First => &self.first,
            Player::Second => &self.second,
        }
    }

    /// The value of `player`, mutably.
    #[inline]
    pub const fn get_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::First => &mut self.first,
            Player::Second => &mut self.second,
        }
    }

    /// Applies `f` to both values.
    #[inline]
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer {
            first: f(self.first),
            second: f(self.second),
        }
    }

    /// The values as `(player, value)` pairs, first mover first.
    pub fn iter(&self) -> impl Iterator<Item = (Player, &T)> {
        [(Player::First, &self.first), (Player::Second, &self.second)].into_iter()
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    #[inline]
    fn index(&self, player: Player) -> &T {
        self.get(player)
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    #[inline]
    fn index_mut(&mut self, player: Player) -> &mut T {
        self.get_mut(player)
    }
}

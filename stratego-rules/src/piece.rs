//! Ranks, pieces and the two armies (classic and Barrage).

use core::fmt;

use board_core::Player;

/// The rank of a piece. Movable ranks have a strength from 1 (Spy) to 10
/// (Marshal); Bomb and Flag never move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Rank {
    /// The Flag: captured, it loses the game. Never moves.
    Flag,
    /// The Spy (1): defeats the Marshal, but only when the Spy attacks.
    Spy,
    /// The Scout (2): moves any distance in a straight line.
    Scout,
    /// The Miner (3): the only piece that defuses Bombs.
    Miner,
    /// The Sergeant (4).
    Sergeant,
    /// The Lieutenant (5).
    Lieutenant,
    /// The Captain (6).
    Captain,
    /// The Major (7).
    Major,
    /// The Colonel (8).
    Colonel,
    /// The General (9).
    General,
    /// The Marshal (10), the strongest piece.
    Marshal,
    /// A Bomb: defeats every attacker but a Miner and stays. Never moves.
    Bomb,
}

impl Rank {
    /// All twelve ranks, in the order of [`Rank::index`].
    pub const ALL: [Rank; 12] = [
        Rank::Flag,
        Rank::Spy,
        Rank::Scout,
        Rank::Miner,
        Rank::Sergeant,
        Rank::Lieutenant,
        Rank::Captain,
        Rank::Major,
        Rank::Colonel,
        Rank::General,
        Rank::Marshal,
        Rank::Bomb,
    ];

    /// 0 (Flag), 1 (Spy) ... 10 (Marshal), 11 (Bomb): the strength for
    /// movable ranks.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank of an [`index`](Rank::index), if it is below 12.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Rank> {
        if index < 12 {
            Some(Rank::ALL[index])
        } else {
            None
        }
    }

    /// Whether pieces of this rank ever move (everything but Bomb and Flag).
    #[inline]
    #[must_use]
    pub const fn is_movable(self) -> bool {
        !matches!(self, Rank::Bomb | Rank::Flag)
    }

    /// The English name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rank::Flag => "Flag",
            Rank::Spy => "Spy",
            Rank::Scout => "Scout",
            Rank::Miner => "Miner",
            Rank::Sergeant => "Sergeant",
            Rank::Lieutenant => "Lieutenant",
            Rank::Captain => "Captain",
            Rank::Major => "Major",
            Rank::Colonel => "Colonel",
            Rank::General => "General",
            Rank::Marshal => "Marshal",
            Rank::Bomb => "Bomb",
        }
    }

    /// The letter of this crate's text notation (upper case; Blue writes
    /// it in lower case): `F` Flag, `S` Spy, `C` sCout, `N` miNer,
    /// `E` sErgeant, `L` Lieutenant, `P` caPtain, `J` maJor, `O` cOlonel,
    /// `G` General, `M` Marshal, `B` Bomb.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Rank::Flag => 'F',
            Rank::Spy => 'S',
            Rank::Scout => 'C',
            Rank::Miner => 'N',
            Rank::Sergeant => 'E',
            Rank::Lieutenant => 'L',
            Rank::Captain => 'P',
            Rank::Major => 'J',
            Rank::Colonel => 'O',
            Rank::General => 'G',
            Rank::Marshal => 'M',
            Rank::Bomb => 'B',
        }
    }

    /// The rank of a [`letter`](Rank::letter), in either case.
    #[must_use]
    pub fn from_letter(c: char) -> Option<Rank> {
        let up = c.to_ascii_uppercase();
        Rank::ALL.into_iter().find(|r| r.letter() == up)
    }

    /// A short label for boards: the strength `1`..`10` for movable pieces,
    /// `B` and `F` for Bomb and Flag.
    #[must_use]
    pub const fn short(self) -> &'static str {
        match self {
            Rank::Flag => "F",
            Rank::Spy => "1",
            Rank::Scout => "2",
            Rank::Miner => "3",
            Rank::Sergeant => "4",
            Rank::Lieutenant => "5",
            Rank::Captain => "6",
            Rank::Major => "7",
            Rank::Colonel => "8",
            Rank::General => "9",
            Rank::Marshal => "10",
            Rank::Bomb => "B",
        }
    }

    /// The label of boards drawn for people, as in the Spielcenter's
    /// browser board and the terminal [`Diagram`](crate::Diagram): `S` for
    /// the Spy, the strength `2`..`10` for the other movable pieces, `B`
    /// and `F` for Bomb and Flag. ([`short`](Rank::short) keeps `1` for
    /// the Spy: the protocol's and the records' label.)
    ///
    /// ```
    /// use stratego_rules::Rank;
    /// assert_eq!(Rank::Spy.symbol(), "S");
    /// assert_eq!(Rank::Marshal.symbol(), "10");
    /// ```
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            Rank::Spy => "S",
            other => other.short(),
        }
    }

    /// The letter of the Gravon formats for Red (`B` Bomb, `C` Spy, `D`
    /// Scout ... `L` Marshal, `M` Flag); Blue adds 12 (`N`..`Y`).
    #[must_use]
    pub const fn gravon_letter(self) -> char {
        match self {
            Rank::Bomb => 'B',
            Rank::Spy => 'C',
            Rank::Scout => 'D',
            Rank::Miner => 'E',
            Rank::Sergeant => 'F',
            Rank::Lieutenant => 'G',
            Rank::Captain => 'H',
            Rank::Major => 'I',
            Rank::Colonel => 'J',
            Rank::General => 'K',
            Rank::Marshal => 'L',
            Rank::Flag => 'M',
        }
    }

    /// The rank and owner of a Gravon letter (`B`..`M` Red, `N`..`Y` Blue).
    #[must_use]
    pub fn from_gravon_letter(c: char) -> Option<(Player, Rank)> {
        let (owner, red) = match c {
            'B'..='M' => (Player::First, c),
            'N'..='Y' => (Player::Second, char::from(c as u8 - 12)),
            _ => return None,
        };
        Rank::ALL
            .into_iter()
            .find(|r| r.gravon_letter() == red)
            .map(|r| (owner, r))
    }

    /// The character of the UCC 2012 logs (old numbering: `1` Marshal ...
    /// `9` Scout, `s` Spy, `B` Bomb, `F` Flag).
    #[must_use]
    pub const fn ucc_char(self) -> char {
        match self {
            Rank::Marshal => '1',
            Rank::General => '2',
            Rank::Colonel => '3',
            Rank::Major => '4',
            Rank::Captain => '5',
            Rank::Lieutenant => '6',
            Rank::Sergeant => '7',
            Rank::Miner => '8',
            Rank::Scout => '9',
            Rank::Spy => 's',
            Rank::Bomb => 'B',
            Rank::Flag => 'F',
        }
    }

    /// The rank of a UCC 2012 character.
    #[must_use]
    pub fn from_ucc_char(c: char) -> Option<Rank> {
        Rank::ALL.into_iter().find(|r| r.ucc_char() == c)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: its owner and its rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Who owns it (Red is [`Player::First`]).
    pub owner: Player,
    /// Its rank.
    pub rank: Rank,
}

/// A piece on the board with what the opponent has learned about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoardPiece {
    /// Owner and rank.
    pub piece: Piece,
    /// The opponent knows the rank (a battle or a Scout's long move showed it).
    pub revealed: bool,
    /// The piece has moved (so it is neither Bomb nor Flag).
    pub moved: bool,
}

/// The piece sets: the classic 40 and Barrage's 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Army {
    /// Marshal, General, 2 Colonels, 3 Majors, 4 Captains, 4 Lieutenants,
    /// 4 Sergeants, 5 Miners, 8 Scouts, Spy, 6 Bombs, Flag: 40 pieces.
    #[default]
    Classic,
    /// Flag, Bomb, Spy, Marshal, General, Miner, 2 Scouts: 8 pieces.
    Barrage,
}

impl Army {
    /// How many pieces of `rank` the army has.
    #[must_use]
    pub const fn count(self, rank: Rank) -> u8 {
        self.counts()[rank.index()]
    }

    /// The count of every rank, indexed by [`Rank::index`].
    #[must_use]
    pub const fn counts(self) -> [u8; 12] {
        match self {
            //           F  S  C  N  E  L  P  J  O  G  M  B
            Army::Classic => [1, 1, 8, 5, 4, 4, 4, 3, 2, 1, 1, 6],
            Army::Barrage => [1, 1, 2, 1, 0, 0, 0, 0, 0, 1, 1, 1],
        }
    }

    /// The number of pieces: 40 or 8.
    #[must_use]
    pub const fn size(self) -> usize {
        match self {
            Army::Classic => 40,
            Army::Barrage => 8,
        }
    }

    /// The lower-case name, `classic` or `barrage`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Army::Classic => "classic",
            Army::Barrage => "barrage",
        }
    }

    /// The army of a [`name`](Army::name).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Army> {
        match name {
            "classic" => Some(Army::Classic),
            "barrage" => Some(Army::Barrage),
            _ => None,
        }
    }

    /// The ranks of the army, one entry per piece, weakest first.
    #[must_use]
    pub fn pieces(self) -> Vec<Rank> {
        Rank::ALL
            .into_iter()
            .flat_map(|r| core::iter::repeat_n(r, usize::from(self.count(r))))
            .collect()
    }
}

impl fmt::Display for Army {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The colour name of a player: Red moves first.
#[must_use]
pub const fn colour(player: Player) -> &'static str {
    match player {
        Player::First => "Red",
        Player::Second => "Blue",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn armies_have_their_sizes() {
        for army in [Army::Classic, Army::Barrage] {
            let total: usize = army.counts().iter().map(|&c| usize::from(c)).sum();
            assert_eq!(total, army.size());
            assert_eq!(army.pieces().len(), army.size());
        }
    }

    #[test]
    fn letters_round_trip() {
        for r in Rank::ALL {
            assert_eq!(Rank::from_letter(r.letter()), Some(r));
            assert_eq!(Rank::from_letter(r.letter().to_ascii_lowercase()), Some(r));
            assert_eq!(Rank::from_ucc_char(r.ucc_char()), Some(r));
            assert_eq!(
                Rank::from_gravon_letter(r.gravon_letter()),
                Some((Player::First, r))
            );
            let blue = char::from(r.gravon_letter() as u8 + 12);
            assert_eq!(Rank::from_gravon_letter(blue), Some((Player::Second, r)));
            assert_eq!(Rank::from_index(r.index()), Some(r));
        }
        assert_eq!(Rank::from_gravon_letter('A'), None);
        assert_eq!(Rank::from_gravon_letter('Z'), None);
        assert_eq!(Rank::from_index(12), None);
    }
}

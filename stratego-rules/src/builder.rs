//! Building a deployment piece by piece, as a setup screen works.

use board_core::Player;

use crate::{Army, Deployment, Rank, Square, zone_index};

/// A builder for one side's deployment, as a setup screen works:
/// a click on an empty square places the next available piece, a click on
/// a placed piece takes it back.
///
/// ```
/// use stratego_rules::{Army, Rank, SetupBuilder, Square};
/// use board_core::Player;
/// let mut b = SetupBuilder::new(Player::First, Army::Barrage);
/// let a1: Square = "a1".parse().unwrap();
/// assert_eq!(b.next_piece(), Some(Rank::Flag));
/// assert_eq!(b.place(a1), Ok(Rank::Flag));
/// assert_eq!(b.take_back(a1), Ok(Rank::Flag));
/// assert_eq!(b.remaining(), 8);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupBuilder {
    owner: Player,
    army: Army,
    deployment: Deployment,
}

/// A builder action that cannot be done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// The square is not in the side's four ranks.
    #[error("{0} is outside the side's four ranks")]
    OutsideZone(Square),
    /// A piece already stands there.
    #[error("{0} is already occupied")]
    Occupied(Square),
    /// No piece stands there to take back.
    #[error("no piece on {0} to take back")]
    Empty(Square),
    /// Every piece is placed.
    #[error("every piece is placed")]
    AllPlaced,
    /// The deployment is not complete.
    #[error("{0} pieces are still to be placed")]
    Incomplete(usize),
}

/// The order in which the builder hands out pieces: Flag, Bombs, then the
/// movable ranks from the Marshal down to the Spy.
pub const BUILD_ORDER: [Rank; 12] = [
    Rank::Flag,
    Rank::Bomb,
    Rank::Marshal,
    Rank::General,
    Rank::Colonel,
    Rank::Major,
    Rank::Captain,
    Rank::Lieutenant,
    Rank::Sergeant,
    Rank::Miner,
    Rank::Scout,
    Rank::Spy,
];

impl SetupBuilder {
    /// An empty deployment for `owner`.
    #[must_use]
    pub fn new(owner: Player, army: Army) -> SetupBuilder {
        SetupBuilder {
            owner,
            army,
            deployment: Deployment::EMPTY,
        }
    }

    /// Starts from an existing deployment (a predefined one, to adjust).
    /// Pieces beyond the army's counts are dropped.
    #[must_use]
    pub fn from_deployment(owner: Player, army: Army, deployment: &Deployment) -> SetupBuilder {
        let mut b = SetupBuilder::new(owner, army);
        let mut counts = [0u8; 12];
        for (i, r) in deployment.squares.iter().enumerate() {
            if let Some(r) = r
                && counts[r.index()] < army.count(*r)
            {
                counts[r.index()] += 1;
                b.deployment.squares[i] = Some(*r);
            }
        }
        b
    }

    /// The piece the next [`place`](Self::place) puts down.
    #[must_use]
    pub fn next_piece(&self) -> Option<Rank> {
        let counts = self.deployment.counts();
        BUILD_ORDER
            .into_iter()
            .find(|r| counts[r.index()] < self.army.count(*r))
    }

    /// Pieces still to place.
    #[must_use]
    pub fn remaining(&self) -> usize {
        let placed = self.deployment.squares.iter().flatten().count();
        self.army.size().saturating_sub(placed)
    }

    /// The deployment so far.
    #[must_use]
    pub fn deployment(&self) -> &Deployment {
        &self.deployment
    }

    /// The side being set up.
    #[must_use]
    pub fn owner(&self) -> Player {
        self.owner
    }

    /// Places the next available piece on `sq`.
    pub fn place(&mut self, sq: Square) -> Result<Rank, BuildError> {
        let i = zone_index(self.owner, sq).ok_or(BuildError::OutsideZone(sq))?;
        if self.deployment.squares[i].is_some() {
            return Err(BuildError::Occupied(sq));
        }
        let rank = self.next_piece().ok_or(BuildError::AllPlaced)?;
        self.deployment.squares[i] = Some(rank);
        Ok(rank)
    }

    /// Takes back the piece on `sq`.
    pub fn take_back(&mut self, sq: Square) -> Result<Rank, BuildError> {
        let i = zone_index(self.owner, sq).ok_or(BuildError::OutsideZone(sq))?;
        self.deployment.squares[i]
            .take()
            .ok_or(BuildError::Empty(sq))
    }

    /// The finished deployment, once every piece is placed.
    pub fn finish(&self) -> Result<Deployment, BuildError> {
        match self.remaining() {
            0 => Ok(self.deployment),
            n => Err(BuildError::Incomplete(n)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zone_square;

    #[test]
    fn builder_places_and_takes_back() {
        let mut b = SetupBuilder::new(Player::Second, Army::Classic);
        let a1 = Square::at(0);
        assert_eq!(b.place(a1), Err(BuildError::OutsideZone(a1)));
        let zone: Vec<Square> = (0..40)
            .filter_map(|i| zone_square(Player::Second, i))
            .collect();
        for (n, &sq) in zone.iter().enumerate() {
            assert_eq!(b.remaining(), 40 - n);
            assert!(b.place(sq).is_ok());
        }
        assert_eq!(b.place(zone[0]), Err(BuildError::Occupied(zone[0])));
        assert_eq!(b.next_piece(), None);
        let done = b.finish();
        assert!(done.is_ok_and(|d| d.is_valid(Army::Classic)));
        assert_eq!(b.take_back(zone[0]), Ok(Rank::Flag));
        assert_eq!(b.take_back(zone[0]), Err(BuildError::Empty(zone[0])));
        assert_eq!(b.finish(), Err(BuildError::Incomplete(1)));
        assert_eq!(b.next_piece(), Some(Rank::Flag));
        assert_eq!(b.place(zone[1]), Err(BuildError::Occupied(zone[1])));
        assert_eq!(b.place(zone[0]), Ok(Rank::Flag));
    }
}

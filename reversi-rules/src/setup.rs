//! The unchecked [`Setup`] of a position and its validation: a
//! [`SetupError`] hands the setup back with every problem found.

use board_core::{Game, Player};

use crate::{Board, Position, Square};

/// An unchecked position: the discs of each colour and the side to move,
/// which [`Position::from_setup`] validates.
///
/// ```
/// use board_core::{Game, Player};
/// use reversi_rules::{Position, Setup};
/// let setup = Setup { black: 0x0000_0008_1000_0000, white: 0x0000_0010_0800_0000, to_move: Player::First };
/// assert_eq!(Position::from_setup(setup)?, Position::start());
/// assert_eq!(Position::start().setup(), setup);
///
/// // e4 Black and White at once: the setup comes back with the problem.
/// let both = Setup { white: setup.white | 1 << 28, ..setup };
/// let err = Position::from_setup(both).unwrap_err();
/// assert_eq!(err.setup, both);
/// assert_eq!(err.to_string(), "invalid setup: e4 holds a disc of both colours");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Black's discs, bit `8 * row + column` (`a1` bit 0, `h8` bit 63).
    pub black: u64,
    /// White's discs.
    pub white: u64,
    /// The side to move (Black is [`Player::First`]).
    pub to_move: Player,
}

/// One reason why a [`Setup`] is not a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SetupProblem {
    /// A square holds a disc of both colours.
    #[error("{0} holds a disc of both colours")]
    Overlap(Square),
}

/// Why a [`Setup`] is not a position: the setup, handed back, and every
/// problem found in it (each square that holds both colours is one).
pub type SetupError = board_core::SetupError<Setup, SetupProblem>;

impl Position {
    /// Validates a setup.
    ///
    /// # Errors
    /// [`SetupError`] with the setup and every [`SetupProblem`].
    pub fn from_setup(setup: Setup) -> Result<Position, SetupError> {
        let both = setup.black & setup.white;
        if both != 0 {
            let problems = crate::bitboard::squares(both)
                .filter_map(|i| Square::from_index(i.into()))
                .map(SetupProblem::Overlap)
                .collect();
            return Err(SetupError { setup, problems });
        }
        let board = match setup.to_move {
            Player::First => Board::from_parts(setup.black, setup.white),
            Player::Second => Board::from_parts(setup.white, setup.black),
        };
        Ok(Position::from_board(board, setup.to_move))
    }

    /// The setup of this position.
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup {
            black: self.black(),
            white: self.white(),
            to_move: self.to_move(),
        }
    }
}

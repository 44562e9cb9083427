//! The unchecked [`Setup`] of a position and its validation: a
//! [`SetupError`] hands the setup back with every problem found.

use board_core::Player;

use crate::board::{BOARD, Bitboard};
use crate::position::{BLACK, MAX_STONES, Position, WHITE};
use crate::rules::Rules;
use crate::square::Square;

/// An unchecked position: public fields that [`Position::from_setup`]
/// validates. The history of earlier positions (for repetitions) is not
/// part of it: a position made from a setup has none.
///
/// ```
/// use fanorona_rules::{Bitboard, Position, Rules, Setup, WHITE};
/// let mut setup = Position::new().setup();
/// setup.white = Bitboard(setup.white.0 & !1 | 1 << 44); // White's a1 stone to i5, where Black stands
/// setup.no_capture = 200;
/// let err = Position::from_setup(setup, Rules::default()).unwrap_err();
/// assert_eq!(err.problems.len(), 2); // i5 is taken twice, the counter is too high
/// assert_eq!(err.setup.no_capture, 200);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// White's stones.
    pub white: Bitboard,
    /// Black's stones.
    pub black: Bitboard,
    /// The side to move.
    pub to_move: Player,
    /// Consecutive moves without capture so far.
    pub no_capture: u8,
    /// The move number: 1 for White's first move, counting up after each
    /// Black move.
    pub move_number: u16,
}

impl Setup {
    /// The stones of each side and the side to move, at move 1 with no
    /// moves without capture.
    #[must_use]
    pub const fn new(white: Bitboard, black: Bitboard, to_move: Player) -> Setup {
        Setup {
            white,
            black,
            to_move,
            no_capture: 0,
            move_number: 1,
        }
    }
}

/// One reason why a [`Setup`] is not a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SetupProblem {
    /// A bit beyond the 45 points is set.
    #[error("the {0:?} stones include bits beyond the 45 points")]
    OffTheBoard(Player),
    /// A point holds stones of both sides.
    #[error("{0} holds a stone of each side")]
    Overlap(Square),
    /// More than [`MAX_STONES`] stones of one side.
    #[error("{player:?} has {count} stones, more than {MAX_STONES}")]
    TooManyStones {
        /// The side.
        player: Player,
        /// How many it has.
        count: u32,
    },
    /// The counter of moves without capture is above the rules' limit.
    #[error("{count} moves without capture is beyond the limit of {limit}")]
    NoCaptureCount {
        /// The counter given.
        count: u8,
        /// The rules' limit.
        limit: u8,
    },
    /// Move numbers start at 1.
    #[error("the move number must be at least 1")]
    MoveNumber,
}

/// Why a [`Setup`] is not a position: the setup, handed back, and every
/// problem found in it.
pub type SetupError = board_core::SetupError<Setup, SetupProblem>;

impl Position {
    /// Validates a setup to be played under `rules`.
    ///
    /// # Errors
    /// [`SetupError`] with the setup and every [`SetupProblem`] (each
    /// point taken by both sides is one).
    pub fn from_setup(setup: Setup, rules: Rules) -> Result<Position, SetupError> {
        let mut problems = Vec::new();
        for (player, bb) in [(WHITE, setup.white), (BLACK, setup.black)] {
            if bb.0 & !BOARD != 0 {
                problems.push(SetupProblem::OffTheBoard(player));
            }
            if bb.len() > MAX_STONES {
                problems.push(SetupProblem::TooManyStones {
                    player,
                    count: bb.len(),
                });
            }
        }
        for p in Bitboard(setup.white.0 & setup.black.0 & BOARD).iter() {
            problems.push(SetupProblem::Overlap(p));
        }
        if setup.no_capture > rules.no_capture_limit() {
            problems.push(SetupProblem::NoCaptureCount {
                count: setup.no_capture,
                limit: rules.no_capture_limit(),
            });
        }
        if setup.move_number == 0 {
            problems.push(SetupProblem::MoveNumber);
        }
        if !problems.is_empty() {
            return Err(SetupError { setup, problems });
        }
        Ok(Position::assemble(
            setup.white.0,
            setup.black.0,
            setup.to_move,
            setup.no_capture,
            setup.move_number,
            rules,
        ))
    }

    /// The setup of this position (without its history and rules).
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup {
            white: self.stones(WHITE),
            black: self.stones(BLACK),
            to_move: board_core::Game::to_move(self),
            no_capture: self.no_capture_moves(),
            move_number: self.fullmove_number(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_problem_is_listed() {
        let setup = Setup {
            white: Bitboard(1 << 50 | 0b111),
            black: Bitboard(0b110),
            to_move: WHITE,
            no_capture: 99,
            move_number: 0,
        };
        let err = Position::from_setup(setup, Rules::default()).unwrap_err();
        assert_eq!(err.setup, setup);
        let b1: Square = "b1".parse().unwrap();
        let c1: Square = "c1".parse().unwrap();
        assert_eq!(
            err.problems,
            [
                SetupProblem::OffTheBoard(WHITE),
                SetupProblem::Overlap(b1),
                SetupProblem::Overlap(c1),
                SetupProblem::NoCaptureCount {
                    count: 99,
                    limit: Rules::default().no_capture_limit()
                },
                SetupProblem::MoveNumber,
            ]
        );
        assert!(err.to_string().contains("b1") && err.to_string().contains("c1"));
        let pos = Position::new();
        assert_eq!(Position::from_setup(pos.setup(), pos.rules()).unwrap(), pos);
    }
}

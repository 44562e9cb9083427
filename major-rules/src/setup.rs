//! The unchecked [`Setup`] of a position and its validation: a
//! [`SetupError`] hands the setup back with every problem found.

use board_core::ZobristHash;

use crate::board::Board;
use crate::position::Position;
use crate::rules::Rules;
use crate::square::Square;
use crate::stack::{Colour, Stack};

/// An unchecked position: public fields that
/// [`Position::from_setup`] validates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The board.
    pub board: Board,
    /// The pieces, by square.
    pub stacks: Vec<(Square, Stack)>,
    /// The colour to move.
    pub to_move: Colour,
    /// The square of the piece that landed on the start edge of the player
    /// to move with the last move, if that threat is pending.
    pub threat: Option<Square>,
    /// Consecutive plies without a forward move.
    pub quiet: u8,
}

impl Setup {
    /// The start position of `board`: each colour's stones on every square of
    /// its start edge, Blue to move.
    #[must_use]
    pub fn start(board: Board) -> Setup {
        let stacks = Colour::ALL
            .iter()
            .flat_map(|&c| board.start_edge(c).map(move |sq| (sq, Stack::stone(c))))
            .collect();
        Setup {
            board,
            stacks,
            to_move: Colour::Blue,
            threat: None,
            quiet: 0,
        }
    }
}

/// One reason why a [`Setup`] is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupProblem {
    /// A piece on a square outside the board.
    #[error("{square} is not on the board")]
    OffBoard {
        /// The square.
        square: Square,
    },
    /// A piece on a gap.
    #[error("{square} is a gap; no piece may stand there")]
    OnGap {
        /// The square.
        square: Square,
    },
    /// Two stacks for one square.
    #[error("{square} is given twice")]
    DuplicateSquare {
        /// The square.
        square: Square,
    },
    /// More stones of a colour (free and prisoners) than it starts with.
    #[error(
        "{colour} has {found} stones on the board (free and prisoners) but starts with {start}"
    )]
    TooManyStones {
        /// The colour.
        colour: Colour,
        /// Its stones on the board.
        found: u8,
        /// Its stones at the start.
        start: u8,
    },
    /// A pending breakthrough on a square without a piece of the player who
    /// just moved.
    #[error("the breakthrough square {square} holds no piece of the player who just moved")]
    ThreatWithoutPiece {
        /// The square.
        square: Square,
    },
    /// A pending breakthrough off the start edge of the player to move.
    #[error("the breakthrough square {square} is not on the start edge of the player to move")]
    ThreatOffEdge {
        /// The square.
        square: Square,
    },
    /// A quiet-move count beyond the rules' limit.
    #[error("quiet-move count {found} is beyond the limit {limit}")]
    QuietBeyondLimit {
        /// The count.
        found: u8,
        /// The limit.
        limit: u8,
    },
}

/// Why a [`Setup`] is not a legal position: the setup, handed back, and
/// every problem found in it (pieces first).
pub type SetupError = board_core::SetupError<Setup, SetupProblem>;

impl Position {
    /// Validates a setup under `rules`: the position, or the setup handed
    /// back with every problem found.
    ///
    /// ```
    /// use major_rules::{Board, Colour, Position, Rules, Setup, SetupProblem, Stack};
    /// let board = Board::standard(1)?;
    /// let mut setup = Setup::start(board);
    /// setup.stacks.push(("k9".parse()?, Stack::stone(Colour::Blue)));
    /// setup.stacks.push(("a1".parse()?, Stack::stone(Colour::Blue)));
    /// setup.quiet = 99;
    /// let err = Position::from_setup(setup, Rules::default()).unwrap_err();
    /// assert_eq!(err.problems.len(), 3); // off the board, a1 twice, the count
    /// assert!(err.problems.iter().any(|p| matches!(p, SetupProblem::OffBoard { .. })));
    /// assert_eq!(err.setup.quiet, 99);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetupError`] with the setup and every [`SetupProblem`].
    pub fn from_setup(setup: Setup, rules: Rules) -> Result<Position, SetupError> {
        let board = setup.board;
        let mut pos = Position::raw(board, rules);
        pos.outcome = None;
        pos.to_move = setup.to_move;
        let mut problems = Vec::new();
        let mut on_board = [0u8; 2];
        for &(square, stack) in &setup.stacks {
            if !board.contains(square) {
                problems.push(SetupProblem::OffBoard { square });
                continue;
            }
            if board.is_gap(square) {
                problems.push(SetupProblem::OnGap { square });
                continue;
            }
            let i = board.index(square);
            if pos.cells[i] != 0 {
                problems.push(SetupProblem::DuplicateSquare { square });
                continue;
            }
            pos.cells[i] = stack.code();
            pos.free[stack.top.index()] += 1;
            on_board[stack.top.index()] += 1;
            if stack.prisoner {
                on_board[stack.top.other().index()] += 1;
            }
        }
        for colour in Colour::ALL {
            let start = board.start_stones(colour);
            let found = on_board[colour.index()];
            if found > start {
                problems.push(SetupProblem::TooManyStones {
                    colour,
                    found,
                    start,
                });
            }
            pos.removed[colour.index()] = start.saturating_sub(found);
        }
        if let Some(square) = setup.threat {
            if !board.contains(square) || square.column() != board.start_column(setup.to_move) {
                problems.push(SetupProblem::ThreatOffEdge { square });
            } else if pos.stack(square).map(|s| s.top) != Some(setup.to_move.other()) {
                problems.push(SetupProblem::ThreatWithoutPiece { square });
            }
        }
        if rules.quiet_move_limit > 0 && setup.quiet > rules.quiet_move_limit {
            problems.push(SetupProblem::QuietBeyondLimit {
                found: setup.quiet,
                limit: rules.quiet_move_limit,
            });
        }
        if !problems.is_empty() {
            return Err(SetupError { setup, problems });
        }
        pos.threat = setup.threat;
        pos.quiet = setup.quiet;
        pos.outcome = pos.status();
        pos.hash = pos.zobrist_from_scratch();
        Ok(pos)
    }

    /// The validated setup of this position (its data, without the rules).
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup {
            board: self.board,
            stacks: self.stacks().collect(),
            to_move: self.to_move,
            threat: self.threat,
            quiet: self.quiet,
        }
    }
}

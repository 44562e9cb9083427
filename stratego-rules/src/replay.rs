//! Replaying recorded games: the summary of a replay and what can go wrong.

use board_core::Outcome;

use crate::{IllegalMoveError, Move, SetupError};

/// What a successful replay found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplaySummary {
    /// Moves replayed.
    pub plies: usize,
    /// Battles among them (each checked against the record where it has
    /// them).
    pub battles: usize,
    /// The outcome of the final position by the rules (`None`: not over).
    pub outcome: Option<Outcome>,
    /// The recorded result, when the record states one.
    pub recorded: Option<Outcome>,
    /// Why the record ends abnormally (a rejected move, a crashed program,
    /// a resignation...), if it does; the moves before it were replayed.
    pub abnormal: Option<String>,
}

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The setup is not valid.
    #[error("setup: {0}")]
    Setup(Box<SetupError>),
    /// A recorded move is illegal by the rules.
    #[error("ply {ply}: {error}")]
    Illegal {
        /// 1-based ply.
        ply: usize,
        /// Why.
        error: IllegalMoveError,
    },
    /// A move that leaves the board (only allowed on a move the record
    /// marks as rejected).
    #[error("ply {ply}: the move leaves the board")]
    OffBoard {
        /// 1-based ply.
        ply: usize,
    },
    /// The record has the wrong side moving.
    #[error("ply {ply}: the record has the wrong side moving")]
    WrongSide {
        /// 1-based ply.
        ply: usize,
    },
    /// A battle ended otherwise than recorded.
    #[error("ply {ply} {mv}: recorded {recorded}, the rules give {found}")]
    BattleMismatch {
        /// 1-based ply.
        ply: usize,
        /// The move.
        mv: Move,
        /// The record's battle, as text.
        recorded: String,
        /// The rules' battle, as text.
        found: String,
    },
    /// A move the record marks as rejected is legal by the rules.
    #[error("ply {ply} {mv}: the record rejects a move the rules allow")]
    RejectedLegalMove {
        /// 1-based ply.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// The game ends otherwise than recorded.
    #[error("the record says {recorded}, the rules give {found}")]
    OutcomeMismatch {
        /// The record's result.
        recorded: String,
        /// The rules' result.
        found: String,
    },
}

pub(crate) fn outcome_text(o: Option<Outcome>) -> String {
    match o {
        None => "game not over".into(),
        Some(Outcome::Draw) => "draw".into(),
        Some(Outcome::Win(p)) => format!("{} wins", crate::colour(p)),
    }
}

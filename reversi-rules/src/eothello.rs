//! The eOthello CSV export: `Othello_game_id,winner,game_moves`.

use core::fmt;
use core::str::FromStr;

use board_core::{Outcome, Player};

use crate::{ParseTranscriptError, ReplayError, Reversi, Transcript};

/// The header line of the CSV file.
pub const HEADER: &str = "Othello_game_id,winner,game_moves";

/// One game of the eOthello CSV: the game's id, the recorded winner and
/// the moves, passes implicit.
///
/// ```
/// use board_core::{Outcome, Player};
/// use reversi_rules::eothello::EothelloGame;
/// let g: EothelloGame = "1056798,-1,f5d6c4".parse()?;
/// assert_eq!(g.id, 1056798);
/// assert_eq!(g.winner, Outcome::Win(Player::Second));
/// assert_eq!(g.to_string(), "1056798,-1,f5d6c4");
/// # Ok::<(), reversi_rules::eothello::ParseEothelloError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EothelloGame {
    /// The game's id on eOthello.
    pub id: u64,
    /// The recorded result: `1` Black wins, `-1` White wins, `0` draw.
    pub winner: Outcome,
    /// The moves, passes left out.
    pub moves: Transcript,
}

/// Why an eOthello CSV line was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseEothelloError {
    /// Not three comma-separated fields.
    #[error("expected 3 comma-separated fields (id, winner, moves), found {0}")]
    FieldCount(usize),
    /// The id is not a number.
    #[error("bad game id {0:?}")]
    BadId(String),
    /// The winner is not `1`, `-1` or `0`.
    #[error("bad winner {0:?}: expected 1 (Black), -1 (White) or 0 (draw)")]
    BadWinner(String),
    /// The moves are not a transcript.
    #[error("bad moves: {0}")]
    BadMoves(#[from] ParseTranscriptError),
}

impl FromStr for EothelloGame {
    type Err = ParseEothelloError;

    fn from_str(s: &str) -> Result<EothelloGame, ParseEothelloError> {
        let fields: Vec<&str> = s.trim_end_matches(['\r', '\n']).split(',').collect();
        let &[id, winner, moves] = fields.as_slice() else {
            return Err(ParseEothelloError::FieldCount(fields.len()));
        };
        let id = id
            .trim()
            .parse()
            .map_err(|_| ParseEothelloError::BadId(id.to_owned()))?;
        let winner = match winner.trim() {
            "1" => Outcome::Win(Player::First),
            "-1" => Outcome::Win(Player::Second),
            "0" => Outcome::Draw,
            _ => return Err(ParseEothelloError::BadWinner(winner.to_owned())),
        };
        Ok(EothelloGame {
            id,
            winner,
            moves: moves.parse()?,
        })
    }
}

impl fmt::Display for EothelloGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let winner = match self.winner {
            Outcome::Win(Player::First) => "1",
            Outcome::Win(Player::Second) => "-1",
            Outcome::Draw => "0",
        };
        write!(f, "{},{winner},{}", self.id, self.moves)
    }
}

impl EothelloGame {
    /// Replays the moves from the start position (implicit passes filled
    /// in).
    pub fn replay(&self) -> Result<Reversi, ReplayError> {
        Reversi::replay_from(crate::Position::start(), self.moves.moves())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors() {
        assert_eq!(
            "1,1".parse::<EothelloGame>(),
            Err(ParseEothelloError::FieldCount(2))
        );
        assert_eq!(
            "x,1,f5".parse::<EothelloGame>(),
            Err(ParseEothelloError::BadId("x".into()))
        );
        assert_eq!(
            "1,2,f5".parse::<EothelloGame>(),
            Err(ParseEothelloError::BadWinner("2".into()))
        );
        assert!(matches!(
            "1,1,f5k".parse::<EothelloGame>(),
            Err(ParseEothelloError::BadMoves(_))
        ));
    }
}

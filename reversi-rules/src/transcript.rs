//! Transcripts: a game's moves written one after the other (`f5d6c3d3`).

use core::fmt;
use core::str::FromStr;

use crate::{Move, ParseMoveError};

/// A sequence of moves as written in game records: `f5d6c3d3c4f4`.
///
/// Parsing accepts either case, `pass` or `ps` for explicit passes, and
/// whitespace between moves; it does not check legality (see
/// [`Reversi::replay`](crate::Reversi::replay), which also fills in
/// implicit passes). Display writes lower case and `ps` for passes; the
/// alternate form `{:#}` writes upper case (`F5D6PS`), as Edax does.
///
/// ```
/// use reversi_rules::{Move, Transcript};
/// let t: Transcript = "f5 D6 c3 ps".parse()?;
/// assert_eq!(t.moves().len(), 4);
/// assert_eq!(t.moves()[3], Move::Pass);
/// assert_eq!(t.to_string(), "f5d6c3ps");
/// assert_eq!(format!("{t:#}"), "F5D6C3PS");
/// # Ok::<(), reversi_rules::ParseTranscriptError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Transcript(Vec<Move>);

impl Transcript {
    /// The transcript of these moves.
    #[must_use]
    pub fn new(moves: Vec<Move>) -> Transcript {
        Transcript(moves)
    }

    /// The moves.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.0
    }

    /// The moves, owned.
    #[must_use]
    pub fn into_moves(self) -> Vec<Move> {
        self.0
    }
}

impl From<Vec<Move>> for Transcript {
    fn from(moves: Vec<Move>) -> Transcript {
        Transcript(moves)
    }
}

/// Why a transcript was rejected: which move, where, and what is wrong
/// with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {number} (at character {offset}): {source}")]
pub struct ParseTranscriptError {
    /// The number of the bad move, from 1.
    pub number: usize,
    /// The character offset of the bad move in the text, from 0.
    pub offset: usize,
    /// What is wrong with it.
    pub source: ParseMoveError,
}

impl FromStr for Transcript {
    type Err = ParseTranscriptError;

    fn from_str(s: &str) -> Result<Transcript, ParseTranscriptError> {
        let mut moves = Vec::with_capacity(s.len() / 2);
        let mut rest = s.trim_start();
        while !rest.is_empty() {
            let number = moves.len() + 1;
            let offset = s
                .get(..s.len() - rest.len())
                .map_or(0, |done| done.chars().count());
            let (mv, after) = Move::parse_prefix(rest).map_err(|source| ParseTranscriptError {
                number,
                offset,
                source,
            })?;
            moves.push(mv);
            rest = after.trim_start();
        }
        Ok(Transcript(moves))
    }
}

impl fmt::Display for Transcript {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for mv in &self.0 {
            match (mv, f.alternate()) {
                (Move::Place(sq), false) => write!(f, "{sq}")?,
                (Move::Place(sq), true) => write!(f, "{sq:#}")?,
                (Move::Pass, false) => f.write_str("ps")?,
                (Move::Pass, true) => f.write_str("PS")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ParseSquareError;

    #[test]
    fn empty_transcript() {
        assert_eq!("".parse::<Transcript>(), Ok(Transcript::default()));
        assert_eq!("  ".parse::<Transcript>(), Ok(Transcript::default()));
        assert_eq!(Transcript::default().to_string(), "");
    }

    #[test]
    fn error_names_move_and_offset() {
        let err = "f5d6x3".parse::<Transcript>().expect_err("x3");
        assert_eq!(err.number, 3);
        assert_eq!(err.offset, 4);
        assert!(matches!(
            err.source,
            ParseMoveError::BadSquare {
                source: ParseSquareError::Column { found: 'x', .. },
                ..
            }
        ));
        let err = "f5d".parse::<Transcript>().expect_err("d");
        assert_eq!((err.number, err.offset), (2, 2));
    }

    #[test]
    fn passes_in_both_spellings() {
        let t: Transcript = "f5passd6PSc3".parse().expect("valid");
        assert_eq!(t.moves().iter().filter(|m| **m == Move::Pass).count(), 2);
        assert_eq!(t.to_string(), "f5psd6psc3");
    }
}

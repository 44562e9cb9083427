//! Replaying whole files of recorded games and checking them against the
//! rules: the engine of `spielwerk reversi replay` and of the replay tests.

use core::fmt;

use board_core::ByPlayer;

use crate::eothello::{self, EothelloGame};
use crate::game::recorded_counts;
use crate::wthor::{WtbFile, WthorLine};
use crate::{ReplayError, Reversi};

/// What is wrong with one recorded game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The line is not a record of the format.
    #[error("unreadable record: {0}")]
    Unreadable(String),
    /// A move is illegal.
    #[error("illegal {0}")]
    Illegal(ReplayError),
    /// The game is finished but the record's result disagrees with the
    /// board's.
    #[error("record says {recorded}, board gives {board}")]
    Mismatch {
        /// The recorded result.
        recorded: String,
        /// The result on the board after the last move.
        board: String,
    },
}

/// A [`Problem`] and where it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct RecordError {
    /// The line of the file (from 1), or the game's number in a binary
    /// file.
    pub line: usize,
    /// What is wrong.
    pub problem: Problem,
}

/// The result of replaying a file of games.
///
/// ```
/// use reversi_rules::record::ReplaySummary;
/// let text = "1977 f5d6c3 34-30\n1977 f5f5 32-32\n";
/// let summary = ReplaySummary::wthor_text(text);
/// assert_eq!((summary.games, summary.moves, summary.illegal), (2, 3, 1));
/// assert_eq!(summary.abnormal, 1); // the first game stops early
/// assert_eq!(summary.errors[0].line, 2);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReplaySummary {
    /// Records read (including unreadable ones).
    pub games: usize,
    /// Moves of the records that were played (implicit passes not
    /// counted).
    pub moves: usize,
    /// Records with an illegal move.
    pub illegal: usize,
    /// Unreadable records.
    pub unreadable: usize,
    /// Finished games whose recorded result disagrees with the board.
    pub mismatches: usize,
    /// Legal games that stop before the end (resignation, time...); their
    /// recorded result is not checked.
    pub abnormal: usize,
    /// Every problem found, in file order.
    pub errors: Vec<RecordError>,
}

impl ReplaySummary {
    /// Replays the WTHOR text export (`<year> <moves> <black>-<white>` a
    /// line; blank lines skipped). A finished game must have the counts of
    /// [`recorded_counts`] (empties to the winner, split on a draw).
    #[must_use]
    pub fn wthor_text(text: &str) -> ReplaySummary {
        let mut summary = ReplaySummary::default();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            summary.games += 1;
            match line.parse::<WthorLine>() {
                Err(e) => summary.unreadable(i + 1, e),
                Ok(record) => {
                    let replayed = record.replay();
                    summary.check_counts(
                        i + 1,
                        record.moves.moves().len(),
                        replayed,
                        record.recorded(),
                    );
                }
            }
        }
        summary
    }

    /// Replays the eOthello CSV (`id,winner,moves`, a header line first).
    /// A finished game must have the recorded winner.
    #[must_use]
    pub fn eothello_csv(text: &str) -> ReplaySummary {
        let mut summary = ReplaySummary::default();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || (i == 0 && line.trim() == eothello::HEADER) {
                continue;
            }
            summary.games += 1;
            match line.parse::<EothelloGame>() {
                Err(e) => summary.unreadable(i + 1, e),
                Ok(record) => {
                    let n = record.moves.moves().len();
                    match record.replay() {
                        Err(e) => summary.illegal(i + 1, e),
                        Ok(game) => {
                            summary.moves += n;
                            match game.outcome() {
                                None => summary.abnormal += 1,
                                Some(outcome) if outcome == record.winner => {}
                                Some(outcome) => summary.mismatch(
                                    i + 1,
                                    record.winner.to_string(),
                                    outcome.to_string(),
                                ),
                            }
                        }
                    }
                }
            }
        }
        summary
    }

    /// Replays a binary `.wtb` file; `line` in the errors is the game's
    /// number. A finished game must have Black's count of
    /// [`recorded_counts`].
    #[must_use]
    pub fn wtb(file: &WtbFile) -> ReplaySummary {
        let mut summary = ReplaySummary::default();
        for (i, record) in file.games.iter().enumerate() {
            summary.games += 1;
            let number = i + 1;
            match record.replay() {
                Err(e) => summary.illegal(number, e),
                Ok(game) => {
                    summary.moves += record.moves.len();
                    if !game.is_over() {
                        summary.abnormal += 1;
                    } else {
                        let board = recorded_counts(game.position()).first;
                        if board != u32::from(record.black_discs) {
                            summary.mismatch(
                                number,
                                format!("Black {}", record.black_discs),
                                format!("Black {board}"),
                            );
                        }
                    }
                }
            }
        }
        summary
    }

    fn unreadable(&mut self, line: usize, e: impl fmt::Display) {
        self.unreadable += 1;
        self.errors.push(RecordError {
            line,
            problem: Problem::Unreadable(e.to_string()),
        });
    }

    fn illegal(&mut self, line: usize, e: ReplayError) {
        self.illegal += 1;
        self.errors.push(RecordError {
            line,
            problem: Problem::Illegal(e),
        });
    }

    fn mismatch(&mut self, line: usize, recorded: String, board: String) {
        self.mismatches += 1;
        self.errors.push(RecordError {
            line,
            problem: Problem::Mismatch { recorded, board },
        });
    }

    fn check_counts(
        &mut self,
        line: usize,
        moves: usize,
        replayed: Result<Reversi, ReplayError>,
        recorded: ByPlayer<u32>,
    ) {
        match replayed {
            Err(e) => self.illegal(line, e),
            Ok(game) => {
                self.moves += moves;
                if !game.is_over() {
                    self.abnormal += 1;
                } else {
                    let board = recorded_counts(game.position());
                    if board != recorded {
                        self.mismatch(
                            line,
                            format!("{}-{}", recorded.first, recorded.second),
                            format!("{}-{}", board.first, board.second),
                        );
                    }
                }
            }
        }
    }
}

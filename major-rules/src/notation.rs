//! The text form of a position: the position string (`FromStr`,
//! `Display`, [`Position::parse_with_rules`]) and the board picture
//! ([`Position::diagram`]).

use core::fmt;
use core::str::FromStr;

use board_core::coords::ParseSquareError;

use crate::board::{Board, BoardError, Layout, Place};
use crate::position::Position;
use crate::rules::Rules;
use crate::setup::{Setup, SetupError};
use crate::square::Square;
use crate::stack::{Colour, Stack};

/// Why a position string was rejected. Rows and columns count from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// Not five fields separated by spaces.
    #[error(
        "a position has 5 fields (board, rows, side, breakthrough, quiet count), found {found}"
    )]
    FieldCount {
        /// The number of fields.
        found: usize,
    },
    /// The board field is neither `1`-`4` nor `-`.
    #[error("board field: {0}")]
    BoardNumber(BoardError),
    /// A character of the rows that is not `.`, `#`, `b`, `r`, `B` or `R`.
    #[error("row {row}, column {column}: {found:?} is not one of . # b r B R")]
    UnknownSymbol {
        /// The row, from 1.
        row: usize,
        /// The column, from 1.
        column: usize,
        /// The character.
        found: char,
    },
    /// The rows do not form a valid board (ragged, too large, no start edge...).
    #[error("rows: {0}")]
    Layout(BoardError),
    /// The rows' gaps differ from those of the numbered board.
    #[error("the rows do not have the layout of board {number}")]
    LayoutMismatch {
        /// The board number.
        number: u8,
    },
    /// The side field is neither `b` nor `r`.
    #[error("side to move: {found:?} is not 'b' or 'r'")]
    Side {
        /// The field.
        found: String,
    },
    /// The breakthrough field is neither `-` nor a square.
    #[error("breakthrough field: {0}")]
    Threat(ParseSquareError),
    /// The quiet-move count is not a number 0-255.
    #[error("quiet-move count: {found:?} is not a number 0-255")]
    Quiet {
        /// The field.
        found: String,
    },
    /// The position is not legal.
    #[error("{0}")]
    Setup(SetupError),
}

impl Position {
    /// Parses a position string (see [`Position`]'s `Display`) under `rules`.
    pub fn parse_with_rules(s: &str, rules: Rules) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        let [board_f, rows_f, side_f, threat_f, quiet_f] = fields[..] else {
            return Err(ParsePositionError::FieldCount {
                found: fields.len(),
            });
        };
        let numbered = if board_f == "-" {
            None
        } else {
            Some(board_f.parse::<u32>().map_or(
                Err(ParsePositionError::BoardNumber(BoardError::UnknownNumber {
                    found: u32::MAX,
                })),
                |n| Board::standard(n).map_err(ParsePositionError::BoardNumber),
            )?)
        };
        let mut rows = Vec::new();
        let mut stacks = Vec::new();
        for (r, text) in rows_f.split('/').enumerate() {
            let mut row = Vec::new();
            for (c, found) in text.chars().enumerate() {
                let place = match found {
                    '#' => Place::Gap,
                    '.' => Place::Square,
                    _ => {
                        let stack =
                            Stack::from_symbol(found).ok_or(ParsePositionError::UnknownSymbol {
                                row: r + 1,
                                column: c + 1,
                                found,
                            })?;
                        if let (Ok(cc), Ok(rr)) = (u8::try_from(c), u8::try_from(r))
                            && let Some(sq) = Square::new(cc, rr)
                        {
                            stacks.push((sq, stack));
                        }
                        Place::Square
                    }
                };
                row.push(place);
            }
            rows.push(row);
        }
        let layout = Layout { rows };
        let board = Board::new(&layout).map_err(ParsePositionError::Layout)?;
        let board = match numbered {
            Some(b) if b.layout() != layout => {
                return Err(ParsePositionError::LayoutMismatch {
                    number: b.number().unwrap_or(0),
                });
            }
            Some(b) => b,
            None => board,
        };
        let to_move = match side_f {
            "b" => Colour::Blue,
            "r" => Colour::Red,
            _ => {
                return Err(ParsePositionError::Side {
                    found: side_f.to_owned(),
                });
            }
        };
        let threat = if threat_f == "-" {
            None
        } else {
            Some(threat_f.parse().map_err(ParsePositionError::Threat)?)
        };
        let quiet = quiet_f.parse().map_err(|_| ParsePositionError::Quiet {
            found: quiet_f.to_owned(),
        })?;
        let setup = Setup {
            board,
            stacks,
            to_move,
            threat,
            quiet,
        };
        Position::from_setup(setup, rules).map_err(ParsePositionError::Setup)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses a position string under the default rules.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::parse_with_rules(s, Rules::default())
    }
}

impl fmt::Display for Position {
    /// The position string: five fields separated by single spaces,
    ///
    /// 1. the board number `1`-`4`, or `-` for a board of one's own;
    /// 2. the rows from the top separated by `/`, one character per place
    ///    from the left: `.` empty, `#` gap, `b`/`r` a Blue/Red stone,
    ///    `B`/`R` a Blue/Red Major (with its prisoner);
    /// 3. the side to move, `b` or `r`;
    /// 4. the square of a pending breakthrough (the piece the side to move
    ///    must capture now), or `-`;
    /// 5. the quiet-move count.
    ///
    /// The rules are not part of the string; [`Position::parse_with_rules`] takes
    /// them. Nor is the end of a game won because the reply did not capture
    /// the piece that broke through: the threat is written only while it
    /// stands, so that final position reads back as a game not over (every
    /// other end follows from the position itself).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.board.number() {
            Some(n) => write!(f, "{n} ")?,
            None => f.write_str("- ")?,
        }
        for r in 0..self.board.height() {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..self.board.width() {
                let sq = Square::at(c, r);
                let ch = if self.board.is_gap(sq) {
                    '#'
                } else {
                    self.stack(sq).map_or('.', Stack::symbol)
                };
                write!(f, "{ch}")?;
            }
        }
        write!(f, " {} ", self.to_move.letter())?;
        match self.threat {
            Some(t) => write!(f, "{t}")?,
            None => f.write_str("-")?,
        }
        write!(f, " {}", self.quiet)
    }
}

#[cfg(feature = "serde")]
board_core::serde_as_text!(Position);

//! The text form of a position: the FFO line (64 squares `X`, `O`, `-`
//! and the side to move), read and written.

use core::fmt;
use core::str::FromStr;

use board_core::{Game, Player};

use crate::{Board, Position, Square};

/// Why a position in FFO text form was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// Fewer than 64 square characters.
    #[error("the board has {found} square characters, 64 are needed")]
    TooShort {
        /// How many square characters there are.
        found: usize,
    },
    /// A character that is not `X`, `*`, `O`, `-` or `.`.
    #[error(
        "bad character {found:?} for square {square}: expected X or * (Black), O (White), - or . (empty)"
    )]
    BadSquare {
        /// The square (the character's place in a1..h8 order).
        square: Square,
        /// The character found.
        found: char,
    },
    /// The board is not followed by whitespace.
    #[error("the board is followed by {found:?}: expected whitespace, then the side to move")]
    NoSeparator {
        /// The character found after the 64 squares.
        found: char,
    },
    /// No side to move after the board.
    #[error("the side to move is missing after the board")]
    MissingSide,
    /// The side to move is not one of `X`, `O`, `Black`, `White`.
    #[error("bad side to move {0:?}: expected X, O, Black or White")]
    BadSide(String),
    /// Text follows the side to move.
    #[error("unexpected text {0:?} after the side to move")]
    Trailing(String),
}

/// Reads the 64 square characters at the start of `s`; returns the Black
/// and White bitboards and the rest of `s`.
fn parse_squares(s: &str) -> Result<(u64, u64, &str), ParsePositionError> {
    let (mut black, mut white) = (0u64, 0u64);
    let mut chars = s.char_indices();
    for index in 0u8..64 {
        let Some((_, c)) = chars.next() else {
            return Err(ParsePositionError::TooShort {
                found: index as usize,
            });
        };
        let square = Square::from_coords_const(index % 8, index / 8);
        match c {
            'X' | 'x' | '*' => black |= square.bit(),
            'O' | 'o' => white |= square.bit(),
            '-' | '.' => {}
            found => return Err(ParsePositionError::BadSquare { square, found }),
        }
    }
    let rest = chars.as_str();
    Ok((black, white, rest))
}

/// Parses a side to move word.
fn parse_side(word: &str) -> Result<Player, ParsePositionError> {
    match word.to_ascii_lowercase().as_str() {
        "x" | "*" | "b" | "black" => Ok(Player::First),
        "o" | "w" | "white" => Ok(Player::Second),
        _ => Err(ParsePositionError::BadSide(word.to_owned())),
    }
}

impl Position {
    /// Parses the board and the side to move at the start of `s` (after
    /// optional whitespace); returns the position and the text after the
    /// side word (which ends at whitespace or `;`).
    pub(crate) fn parse_prefix(s: &str) -> Result<(Position, &str), ParsePositionError> {
        let s = s.trim_start();
        let (black, white, rest) = parse_squares(s)?;
        match rest.chars().next() {
            None => return Err(ParsePositionError::MissingSide),
            Some(c) if !c.is_whitespace() => {
                return Err(ParsePositionError::NoSeparator { found: c });
            }
            Some(_) => {}
        }
        let rest = rest.trim_start();
        let end = rest
            .find(|c: char| c.is_whitespace() || c == ';')
            .unwrap_or(rest.len());
        let (word, rest) = rest.split_at(end);
        if word.is_empty() {
            return Err(ParsePositionError::MissingSide);
        }
        let to_move = parse_side(word)?;
        // The squares were read one bit each: they cannot overlap.
        let board = match to_move {
            Player::First => Board::from_parts(black, white),
            Player::Second => Board::from_parts(white, black),
        };
        Ok((Position::from_board(board, to_move), rest))
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses the FFO form (see [`Position`]); surrounding whitespace is
    /// allowed, nothing else.
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let (pos, rest) = Position::parse_prefix(s)?;
        let rest = rest.trim();
        if rest.is_empty() {
            Ok(pos)
        } else {
            Err(ParsePositionError::Trailing(rest.to_owned()))
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(66);
        for sq in Square::all() {
            text.push(match self.at(sq) {
                Some(Player::First) => 'X',
                Some(Player::Second) => 'O',
                None => '-',
            });
        }
        text.push(' ');
        text.push(match self.to_move() {
            Player::First => 'X',
            Player::Second => 'O',
        });
        f.write_str(&text)
    }
}

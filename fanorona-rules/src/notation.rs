//! Text forms: points, moves and positions, with `FromStr`/`Display` round
//! trips and one error variant per thing that can be wrong.
//!
//! # Points
//! A column letter `a`–`i` (left to right from White's side) and a row
//! `1`–`5` (from White's side up): `a1`..`i5`. Upper-case letters are
//! accepted.
//!
//! # Moves
//! The points the stone visits joined by `-`; every capture step's point is
//! followed by `a` (approach) or `w` (withdrawal); a paika's point has no
//! letter: `e2-e3` (paika), `f3-e3w`, `d2-e3a-e4a` (a chain of two
//! approaches). [`Move`]'s `FromStr` takes exactly this form (letters in
//! either case, spaces around the `-` ignored). [`Position::parse_move`] is
//! relaxed: letters may be left out wherever only one legal move fits.
//!
//! # Positions
//! Four fields separated by spaces:
//!
//! 1. the rows from 5 (Black's side) down to 1, separated by `/`, each
//!    listing columns `a` to `i`: `W` a white stone, `B` a black stone, a
//!    digit `1`–`9` that many empty points (`.` is accepted for one empty
//!    point; `w`, `b` for stones);
//! 2. the side to move, `w` or `b`;
//! 3. the number of consecutive moves without capture (decides the draw
//!    after [`Rules::no_capture_limit`](crate::Rules::no_capture_limit));
//! 4. the move number, starting at 1 and counting up after each Black move.
//!
//! Fields 3 and 4 may be left out together (they are then 0 and 1). The
//! start position is
//! `BBBBBBBBB/BBBBBBBBB/WBWB1WBWB/WWWWWWWWW/WWWWWWWWW w 0 1`. The history
//! of earlier positions (for repetitions) is not part of the text.

use core::fmt;
use core::str::FromStr;

use board_core::coords::ParseSquareError;
use board_core::{Game, Player};
use smallvec::SmallVec;

use crate::board::{Bitboard, COLUMNS, ROWS};
use crate::diagram::Diagram;
use crate::moves::{CaptureKind, MAX_STEPS, Move, MoveError};
use crate::position::{BLACK, Position, WHITE};
use crate::rules::Rules;
use crate::setup::{Setup, SetupError};
use crate::square::Square;

/// Why a move did not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// Nothing but spaces.
    #[error("empty move")]
    Empty,
    /// The start point alone: a move needs at least one step.
    #[error("a move needs at least one step after its start point")]
    NoStep,
    /// A point of the move is not a point.
    #[error("point {index} of the move: {error}")]
    Square {
        /// 0 for the start point, then the number of the step.
        index: usize,
        /// What is wrong with it.
        error: ParseSquareError,
    },
    /// A capture letter other than `a` or `w`.
    #[error("step {step}: {found:?} is not a capture kind (a or w)")]
    Kind {
        /// The step's number, 1 for the first.
        step: usize,
        /// The letter found.
        found: char,
    },
    /// Two points in a row are not joined by a line.
    #[error("step {step}: no line joins {from} and {to}")]
    NotAdjacent {
        /// The step's number, 1 for the first.
        step: usize,
        /// Where the step starts.
        from: Square,
        /// Where it was said to go.
        to: Square,
    },
    /// A step without capture letter in a move of several steps: only a
    /// single step may be a paika.
    #[error("step {step} has no capture letter, but only a one-step move can be a paika")]
    MissingKind {
        /// The step's number, 1 for the first.
        step: usize,
    },
    /// More steps than a turn can have.
    #[error("{0} steps is more than the {MAX_STEPS} a turn can have")]
    TooManySteps(usize),
}

/// The start point and every step's destination and (optional) letter.
type Tokens = (Square, SmallVec<[(Square, Option<CaptureKind>); 8]>);

fn tokens(s: &str) -> Result<Tokens, ParseMoveError> {
    let s = s.trim();
    if s.is_empty() {
        return Err(ParseMoveError::Empty);
    }
    let mut parts = s.split('-').map(str::trim);
    let first = parts.next().unwrap_or_default();
    let start: Square = first
        .parse()
        .map_err(|error| ParseMoveError::Square { index: 0, error })?;
    let mut steps = SmallVec::new();
    let mut at = start;
    for (i, part) in parts.enumerate() {
        let step = i + 1;
        if step > MAX_STEPS {
            return Err(ParseMoveError::TooManySteps(s.split('-').count() - 1));
        }
        let (point, kind) = match part.char_indices().nth(2) {
            None => (part, None),
            Some((cut, _)) => {
                let (p, k) = part.split_at(cut);
                let mut ks = k.chars();
                let kind = match (ks.next(), ks.next()) {
                    (Some('a' | 'A'), None) => CaptureKind::Approach,
                    (Some('w' | 'W'), None) => CaptureKind::Withdrawal,
                    (Some(found), None) => return Err(ParseMoveError::Kind { step, found }),
                    _ => {
                        return Err(ParseMoveError::Square {
                            index: step,
                            error: ParseSquareError::Row {
                                text: part.to_owned(),
                                found: part.get(1..).unwrap_or_default().to_owned(),
                                rows: ROWS,
                            },
                        });
                    }
                };
                (p, Some(kind))
            }
        };
        let to: Square = point
            .parse()
            .map_err(|error| ParseMoveError::Square { index: step, error })?;
        if at.direction_to(to).is_none() {
            return Err(ParseMoveError::NotAdjacent { step, from: at, to });
        }
        steps.push((to, kind));
        at = to;
    }
    if steps.is_empty() {
        return Err(ParseMoveError::NoStep);
    }
    Ok((start, steps))
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let (start, steps) = tokens(s)?;
        let mut at = start;
        let mut chain: SmallVec<[_; 8]> = SmallVec::new();
        for (i, &(to, kind)) in steps.iter().enumerate() {
            let dir = at.direction_to(to).ok_or(ParseMoveError::NotAdjacent {
                step: i + 1,
                from: at,
                to,
            })?;
            match kind {
                Some(k) => chain.push((dir, k)),
                None if steps.len() == 1 => {
                    return Move::paika(start, dir).map_err(|e| move_error(&e));
                }
                None => return Err(ParseMoveError::MissingKind { step: i + 1 }),
            }
            at = to;
        }
        Move::capture(start, &chain).map_err(|e| move_error(&e))
    }
}

fn move_error(e: &MoveError) -> ParseMoveError {
    match *e {
        MoveError::NoSteps => ParseMoveError::NoStep,
        MoveError::TooManySteps { count } => ParseMoveError::TooManySteps(count),
        MoveError::OffTheLines { step, from, .. } => ParseMoveError::NotAdjacent {
            step,
            from,
            to: from,
        },
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.start())?;
        for (p, s) in self.points().skip(1).zip(self.steps()) {
            write!(f, "-{p}")?;
            if let Some(k) = s.capture {
                write!(f, "{}", k.letter())?;
            }
        }
        Ok(())
    }
}

/// Why [`Position::parse_move`] found no move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveInputError {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// No legal move has this path and these letters.
    #[error("no legal move matches {0:?}")]
    NotLegal(String),
    /// Several legal moves match: the capture letters are needed.
    #[error("{count} legal moves match {text:?}; add the capture letters (a or w)")]
    Ambiguous {
        /// The text.
        text: String,
        /// How many moves match.
        count: usize,
    },
}

impl Position {
    /// Reads a move in the relaxed notation: as [`Move`]'s `FromStr`, but
    /// a capture letter may be left out wherever exactly one legal move
    /// has the given path (`d2-e3` for the capture `d2-e3a` at the start).
    ///
    /// ```
    /// use fanorona_rules::Position;
    /// let pos = Position::new();
    /// assert_eq!(pos.parse_move("d2-e3").unwrap().to_string(), "d2-e3a");
    /// assert!(pos.parse_move("f3-e3").is_err()); // approach or withdrawal?
    /// ```
    ///
    /// # Errors
    /// [`MoveInputError`]: not a move, no legal move, or ambiguous.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveInputError> {
        let (start, steps) = tokens(text)?;
        let fits =
            |mv: &Move| {
                mv.start() == start
                    && mv.len() == steps.len()
                    && mv.points().skip(1).zip(mv.steps()).zip(&steps).all(
                        |((p, s), &(to, kind))| p == to && (kind.is_none() || kind == s.capture),
                    )
            };
        let moves = self.moves();
        let mut found = moves.iter().copied().filter(fits);
        match (found.next(), found.count()) {
            (Some(mv), 0) => Ok(mv),
            (Some(_), more) => Err(MoveInputError::Ambiguous {
                text: text.trim().to_owned(),
                count: more + 1,
            }),
            (None, _) => Err(MoveInputError::NotLegal(text.trim().to_owned())),
        }
    }
}

/// Why a position string did not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// No board field.
    #[error("empty position")]
    Empty,
    /// Not 5 rows.
    #[error("the board needs 5 rows separated by '/', found {0}")]
    RowCount(usize),
    /// A character that is no stone, digit or `.`.
    #[error("row {row}: {found:?} is not W, B, a digit 1-9 or '.'")]
    Cell {
        /// The row, 1–5.
        row: u8,
        /// The character.
        found: char,
    },
    /// A row describes more or fewer than 9 points.
    #[error("row {row} describes {points} points instead of 9")]
    RowLength {
        /// The row, 1–5.
        row: u8,
        /// How many points it describes.
        points: usize,
    },
    /// No side-to-move field.
    #[error("the side to move (w or b) is missing")]
    MissingSide,
    /// The side to move is not `w` or `b`.
    #[error("{0:?} is not a side to move (w or b)")]
    Side(String),
    /// The counter of moves without capture is not a number 0–255.
    #[error("{0:?} is not a count of moves without capture")]
    NoCaptureCount(String),
    /// The move number is missing (it may only be left out together with
    /// the counter of moves without capture).
    #[error("the move number is missing")]
    MissingMoveNumber,
    /// The move number is not a number 1–65535.
    #[error("{0:?} is not a move number")]
    MoveNumber(String),
    /// Text after the four fields.
    #[error("unexpected text after the position: {0:?}")]
    Trailing(String),
    /// The fields are well formed but do not make a position.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

impl Position {
    /// Parses a position string (see the [module documentation](self)) to
    /// be played under `rules`.
    ///
    /// # Errors
    /// A [`ParsePositionError`] saying what is wrong and where.
    pub fn parse_with_rules(s: &str, rules: Rules) -> Result<Position, ParsePositionError> {
        let mut fields = s.split_whitespace();
        let board = fields.next().ok_or(ParsePositionError::Empty)?;
        let rows: SmallVec<[&str; 5]> = board.split('/').collect();
        if rows.len() != usize::from(ROWS) {
            return Err(ParsePositionError::RowCount(rows.len()));
        }
        let (mut white, mut black) = (0u64, 0u64);
        for (i, text) in rows.iter().enumerate() {
            let row = ROWS - 1 - i as u8;
            let mut column = 0usize;
            for c in text.chars() {
                let stone = match c {
                    'W' | 'w' => Some(WHITE),
                    'B' | 'b' => Some(BLACK),
                    '.' => None,
                    '1'..='9' => {
                        column += usize::from(c as u8 - b'0');
                        continue;
                    }
                    found => {
                        return Err(ParsePositionError::Cell {
                            row: row + 1,
                            found,
                        });
                    }
                };
                if column < usize::from(COLUMNS) {
                    let bit = 1u64 << (usize::from(row) * usize::from(COLUMNS) + column);
                    match stone {
                        Some(p) if p == WHITE => white |= bit,
                        Some(_) => black |= bit,
                        None => {}
                    }
                }
                column += 1;
            }
            if column != usize::from(COLUMNS) {
                return Err(ParsePositionError::RowLength {
                    row: row + 1,
                    points: column,
                });
            }
        }
        let to_move = match fields.next() {
            None => return Err(ParsePositionError::MissingSide),
            Some("w" | "W") => WHITE,
            Some("b" | "B") => BLACK,
            Some(other) => return Err(ParsePositionError::Side(other.to_owned())),
        };
        let (no_capture, fullmove) = match fields.next() {
            None => (0, 1),
            Some(n) => {
                let n: u8 = n
                    .parse()
                    .map_err(|_| ParsePositionError::NoCaptureCount(n.to_owned()))?;
                let m = fields.next().ok_or(ParsePositionError::MissingMoveNumber)?;
                let m: u16 = m
                    .parse()
                    .map_err(|_| ParsePositionError::MoveNumber(m.to_owned()))?;
                (n, m)
            }
        };
        if let Some(extra) = fields.next() {
            return Err(ParsePositionError::Trailing(extra.to_owned()));
        }
        let setup = Setup {
            white: Bitboard(white),
            black: Bitboard(black),
            to_move,
            no_capture,
            move_number: fullmove,
        };
        Ok(Position::from_setup(setup, rules)?)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses a position string under the default [`Rules`].
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        Position::parse_with_rules(s, Rules::default())
    }
}

impl fmt::Display for Position {
    /// The position string (see the [module documentation](self)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..ROWS).rev() {
            let mut empty = 0;
            for column in 0..COLUMNS {
                let p = Square::new(column, row).unwrap_or(Square(0));
                match self.at(p) {
                    None => empty += 1,
                    Some(player) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        f.write_str(if player == WHITE { "W" } else { "B" })?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if row > 0 {
                f.write_str("/")?;
            }
        }
        let side = if self.to_move() == Player::First {
            'w'
        } else {
            'b'
        };
        write!(
            f,
            " {side} {} {}",
            self.no_capture_moves(),
            self.fullmove_number()
        )
    }
}

impl Position {
    /// A drawing of the position with its lines, for terminals (a
    /// [`Diagram`] without highlights; set
    /// [`highlight`](Diagram::highlight) to mark points).
    ///
    /// ```
    /// use fanorona_rules::Position;
    /// let text = Position::new().diagram().to_string();
    /// assert!(text.starts_with("5 B-B-B-B-B-B-B-B-B"));
    /// ```
    #[must_use]
    pub fn diagram(&self) -> Diagram<'_> {
        Diagram {
            position: self,
            highlight: Bitboard::EMPTY,
            marked: None,
        }
    }
}

#[cfg(feature = "serde")]
board_core::serde_as_text!(Square);
#[cfg(feature = "serde")]
board_core::serde_as_text!(Move);
#[cfg(feature = "serde")]
board_core::serde_as_text!(Position);

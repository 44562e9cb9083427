//! The text form of a position, with a parser that names every error.
//!
//! ```text
//! <rank 10>/<rank 9>/.../<rank 1> <side> <army> [<ply> <quiet> <red series> <blue series>]
//! ```
//!
//! - Each rank lists files a..j: `.` an empty square, `~` a lake, or a
//!   piece: its [`Rank::letter`] (upper case Red, lower case Blue), then `'`
//!   if it has moved and `*` if its rank is revealed.
//! - `<side>` is `r` or `b` (to move); `<army>` `classic` or `barrage`.
//! - Optional counters: plies played, plies since the last battle, and each
//!   side's two-square series, `-` or `<at>:<from>-<to>:<count>` (the piece
//!   that moved last stands on `<at>`, the series crossed the boundaries
//!   between `<from>` and `<to>` `<count>` times). Left out, they are 0 and
//!   `-`.
//!
//! [`Display`](core::fmt::Display) writes every field, so parsing the output
//! gives the position back. With the `serde` feature a position travels as
//! this text; the rules are not part of it (they are the default rules when
//! it is read back, [`Position::parse_with_rules`] takes others), nor is an
//! ISF chase in progress.

use core::fmt;
use core::str::FromStr;

use board_core::{ByPlayer, Player};

use crate::cell::{self, Cell};
use crate::shuttle::Shuttle;
use crate::{Army, Piece, Position, Rank, Rules, Square};

/// A position text that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// Not 3 or 7 space-separated fields.
    #[error("expected 3 or 7 fields, found {0}")]
    Fields(usize),
    /// The board does not have 10 ranks.
    #[error("expected 10 ranks separated by '/', found {0}")]
    Ranks(usize),
    /// A rank does not describe 10 squares.
    #[error("rank {rank} describes {found} squares, not 10")]
    RankLength {
        /// The rank (1..10).
        rank: u8,
        /// How many squares it described.
        found: usize,
    },
    /// A character that is no square content.
    #[error("unexpected {ch:?} in rank {rank}")]
    BadChar {
        /// The rank (1..10).
        rank: u8,
        /// The character.
        ch: char,
    },
    /// A lake square that is not written `~`.
    #[error("{0} is a lake and must be written '~'")]
    LakeExpected(Square),
    /// A `~` on a square that is no lake.
    #[error("{0} is not a lake")]
    NotALake(Square),
    /// A Bomb or Flag marked as moved.
    #[error("the {rank} on {square} is marked as moved but never moves")]
    ImmobileMoved {
        /// Where.
        square: Square,
        /// Bomb or Flag.
        rank: Rank,
    },
    /// More pieces of a rank than the army has.
    #[error("{} has {found} {rank} pieces, the {army} army only {max}", crate::colour(*owner))]
    TooMany {
        /// The side.
        owner: Player,
        /// The rank.
        rank: Rank,
        /// The army.
        army: Army,
        /// Its count.
        max: u8,
        /// The count found.
        found: u8,
    },
    /// The side to move is not `r` or `b`.
    #[error("side to move {0:?} is not r or b")]
    Side(String),
    /// The army is not `classic` or `barrage`.
    #[error("army {0:?} is not classic or barrage")]
    Army(String),
    /// A counter is not a number.
    #[error("{field} {text:?} is not a number")]
    Counter {
        /// Which counter.
        field: &'static str,
        /// The text.
        text: String,
    },
    /// A two-square series that does not parse or is not well formed.
    #[error("two-square series {0:?} is not '-' or <at>:<from>-<to>:<count> on one line")]
    Series(String),
}

impl Position {
    /// Parses the text form (see the [`notation`](crate::notation) module)
    /// with the given rules.
    pub fn parse_with_rules(text: &str, rules: Rules) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 3 && fields.len() != 7 {
            return Err(ParsePositionError::Fields(fields.len()));
        }
        let board = parse_board(fields[0])?;
        let to_move = match fields[1] {
            "r" => Player::First,
            "b" => Player::Second,
            s => return Err(ParsePositionError::Side(s.to_string())),
        };
        let army =
            Army::from_name(fields[2]).ok_or_else(|| ParsePositionError::Army(fields[2].into()))?;
        let (mut ply, mut quiet, mut shuttle) = (0, 0, ByPlayer::<Shuttle>::default());
        if fields.len() == 7 {
            ply = counter("ply", fields[3])?;
            quiet = counter("plies without battle", fields[4])?;
            shuttle = ByPlayer::new(parse_series(fields[5])?, parse_series(fields[6])?);
        }
        let pos = Position::from_parts(board, army, to_move, rules, ply, quiet, shuttle);
        for owner in Player::ALL {
            for rank in Rank::ALL {
                let (found, max) = (pos.count(owner, rank), army.count(rank));
                if found > max {
                    return Err(ParsePositionError::TooMany {
                        owner,
                        rank,
                        army,
                        max,
                        found,
                    });
                }
            }
        }
        Ok(pos)
    }
}

fn counter(field: &'static str, text: &str) -> Result<u32, ParsePositionError> {
    text.parse().map_err(|_| ParsePositionError::Counter {
        field,
        text: text.to_string(),
    })
}

fn parse_board(text: &str) -> Result<[Cell; 100], ParsePositionError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 10 {
        return Err(ParsePositionError::Ranks(rows.len()));
    }
    let mut board = [cell::EMPTY; 100];
    for (i, row) in rows.iter().enumerate() {
        let rank = 9 - i as u8;
        let mut file = 0u8;
        let mut chars = row.chars().peekable();
        while let Some(ch) = chars.next() {
            let sq = Square::new(file, rank);
            file = file.saturating_add(1);
            let Some(sq) = sq else {
                continue; // counted, reported below
            };
            match ch {
                '.' if sq.is_lake() => return Err(ParsePositionError::LakeExpected(sq)),
                '.' => {}
                '~' if sq.is_lake() => {}
                '~' => return Err(ParsePositionError::NotALake(sq)),
                _ => {
                    let Some(r) = Rank::from_letter(ch).filter(|_| ch.is_ascii_alphabetic()) else {
                        return Err(ParsePositionError::BadChar { rank: rank + 1, ch });
                    };
                    if sq.is_lake() {
                        return Err(ParsePositionError::LakeExpected(sq));
                    }
                    let owner = if ch.is_ascii_uppercase() {
                        Player::First
                    } else {
                        Player::Second
                    };
                    let moved = chars.next_if_eq(&'\'').is_some();
                    let revealed = chars.next_if_eq(&'*').is_some();
                    if moved && !r.is_movable() {
                        return Err(ParsePositionError::ImmobileMoved {
                            square: sq,
                            rank: r,
                        });
                    }
                    board[sq.index()] = cell::make(Piece { owner, rank: r }, revealed, moved);
                }
            }
        }
        if file != 10 {
            return Err(ParsePositionError::RankLength {
                rank: rank + 1,
                found: usize::from(file),
            });
        }
    }
    Ok(board)
}

fn parse_series(text: &str) -> Result<Shuttle, ParsePositionError> {
    if text == "-" {
        return Ok(Shuttle::default());
    }
    let bad = || ParsePositionError::Series(text.to_string());
    let mut parts = text.split(':');
    let (Some(at), Some(span), Some(count), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad());
    };
    let (lo, hi) = span.split_once('-').ok_or_else(bad)?;
    let sq = |s: &str| {
        s.parse::<Square>()
            .map(|s| s.index() as u8)
            .map_err(|_| bad())
    };
    let s = Shuttle {
        at: sq(at)?,
        lo: sq(lo)?,
        hi: sq(hi)?,
        count: count.parse().map_err(|_| bad())?,
    };
    if s.count == 0 || !s.is_well_formed() {
        return Err(bad());
    }
    Ok(s)
}

fn write_series(f: &mut fmt::Formatter<'_>, s: Shuttle) -> fmt::Result {
    if s.count == 0 {
        return f.write_str("-");
    }
    write!(
        f,
        "{}:{}-{}:{}",
        Square::at(s.at),
        Square::at(s.lo),
        Square::at(s.hi),
        s.count
    )
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10u8).rev() {
            for file in 0..10u8 {
                let sq = Square::at(rank * 10 + file);
                let c = self.board[sq.index()];
                if sq.is_lake() {
                    f.write_str("~")?;
                } else if let Some(p) = cell::board_piece(c) {
                    let l = p.piece.rank.letter();
                    let l = match p.piece.owner {
                        Player::First => l,
                        Player::Second => l.to_ascii_lowercase(),
                    };
                    write!(f, "{l}")?;
                    if p.moved {
                        f.write_str("'")?;
                    }
                    if p.revealed {
                        f.write_str("*")?;
                    }
                } else {
                    f.write_str(".")?;
                }
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let side = match self.to_move {
            Player::First => "r",
            Player::Second => "b",
        };
        write!(f, " {side} {} {} {} ", self.army, self.ply, self.quiet)?;
        write_series(f, self.shuttle.first)?;
        f.write_str(" ")?;
        write_series(f, self.shuttle.second)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;
    /// [`Position::parse_with_rules`] with the default rules.
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        Position::parse_with_rules(s, Rules::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Setup, predefined};

    fn start() -> Position {
        let d = predefined();
        let setup = Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1);
        Position::from_setup(setup, Rules::default()).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn start_position_round_trips() {
        let pos = start();
        let text = pos.to_string();
        assert!(text.ends_with(" r classic 0 0 - -"), "{text}");
        assert_eq!(text.parse::<Position>(), Ok(pos.clone()));
        // The short form (3 fields) gives the same start position.
        let short: String = text.split(' ').take(3).collect::<Vec<_>>().join(" ");
        assert_eq!(short.parse::<Position>(), Ok(pos));
    }

    #[test]
    fn every_error_is_named() {
        let empty = "........../........../........../........../..~~..~~../..~~..~~../........../........../........../..........";
        assert!(format!("{empty} r classic").parse::<Position>().is_ok());
        let cases: Vec<(String, ParsePositionError)> = vec![
            ("x".into(), ParsePositionError::Fields(1)),
            (
                format!("{empty} r classic 0"),
                ParsePositionError::Fields(4),
            ),
            ("a/b r classic".into(), ParsePositionError::Ranks(2)),
            (
                format!("{empty} x classic"),
                ParsePositionError::Side("x".into()),
            ),
            (
                format!("{empty} r chess"),
                ParsePositionError::Army("chess".into()),
            ),
            (
                format!("{empty} r classic z 0 - -"),
                ParsePositionError::Counter {
                    field: "ply",
                    text: "z".into(),
                },
            ),
            (
                format!("{empty} r classic 0 0 a1:a1-a1:1 -"),
                ParsePositionError::Series("a1:a1-a1:1".into()),
            ),
            (
                format!("{empty}. r classic"),
                ParsePositionError::RankLength { rank: 1, found: 11 },
            ),
            (
                format!("Q{} r classic", &empty[1..]),
                ParsePositionError::BadChar { rank: 10, ch: 'Q' },
            ),
            (
                format!("~{} r classic", &empty[1..]),
                ParsePositionError::NotALake(Square::at(90)),
            ),
            (
                empty.replacen('~', ".", 1) + " r classic",
                ParsePositionError::LakeExpected(Square::at(52)),
            ),
            (
                format!("B'{} r classic", &empty[1..]),
                ParsePositionError::ImmobileMoved {
                    square: Square::at(90),
                    rank: Rank::Bomb,
                },
            ),
            (
                format!("MM{} r classic", &empty[2..]),
                ParsePositionError::TooMany {
                    owner: Player::First,
                    rank: Rank::Marshal,
                    army: Army::Classic,
                    max: 1,
                    found: 2,
                },
            ),
        ];
        for (text, err) in cases {
            assert_eq!(text.parse::<Position>(), Err(err), "{text}");
        }
    }
}

#[cfg(feature = "serde")]
board_core::serde_as_text!(Position);

//! The WTHOR database of the French Othello Federation: its text export
//! (one game a line) and its binary `.wtb` files.

use core::fmt;
use core::str::FromStr;

use board_core::ByPlayer;

use crate::{Move, ParseTranscriptError, ReplayError, Reversi, Square, Transcript};

/// One game of the WTHOR text export: `<year> <moves> <black>-<white>`,
/// passes implicit, the recorded final disc counts last.
///
/// ```
/// use reversi_rules::wthor::WthorLine;
/// let line: WthorLine = "1977 f5d6c3 34-30".parse()?;
/// assert_eq!(line.year, 1977);
/// assert_eq!(line.moves.moves().len(), 3);
/// assert_eq!((line.black, line.white), (34, 30));
/// assert_eq!(line.to_string(), "1977 f5d6c3 34-30");
/// # Ok::<(), reversi_rules::wthor::ParseWthorLineError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WthorLine {
    /// The year the game was played.
    pub year: u16,
    /// The moves, passes left out.
    pub moves: Transcript,
    /// Black's recorded final disc count.
    pub black: u8,
    /// White's recorded final disc count.
    pub white: u8,
}

/// Why a WTHOR text line was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseWthorLineError {
    /// Not three whitespace-separated fields (or two, for a game without
    /// moves).
    #[error("expected 3 fields (year, moves, black-white), found {0}")]
    FieldCount(usize),
    /// The first field is not a year.
    #[error("bad year {0:?}")]
    BadYear(String),
    /// The second field is not a transcript.
    #[error("bad moves: {0}")]
    BadMoves(#[from] ParseTranscriptError),
    /// The third field is not two disc counts `black-white` of 0..=64
    /// adding up to at most 64.
    #[error("bad score {0:?}: expected black-white, two disc counts adding up to at most 64")]
    BadScore(String),
}

/// Parses `b-w` disc counts.
pub(crate) fn parse_score(text: &str) -> Option<(u8, u8)> {
    let (b, w) = text.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.len() <= 2 && s.bytes().all(|c| c.is_ascii_digit());
    if !digits(b) || !digits(w) {
        return None;
    }
    let (b, w) = (b.parse::<u8>().ok()?, w.parse::<u8>().ok()?);
    (u16::from(b) + u16::from(w) <= 64).then_some((b, w))
}

impl FromStr for WthorLine {
    type Err = ParseWthorLineError;

    fn from_str(s: &str) -> Result<WthorLine, ParseWthorLineError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        // A game without moves is written with an empty middle field.
        let (year, moves, score) = match *fields.as_slice() {
            [year, moves, score] => (year, moves, score),
            [year, score] => (year, "", score),
            _ => return Err(ParseWthorLineError::FieldCount(fields.len())),
        };
        let year = year
            .parse()
            .map_err(|_| ParseWthorLineError::BadYear(year.to_owned()))?;
        let moves = moves.parse()?;
        let (black, white) =
            parse_score(score).ok_or_else(|| ParseWthorLineError::BadScore(score.to_owned()))?;
        Ok(WthorLine {
            year,
            moves,
            black,
            white,
        })
    }
}

impl fmt::Display for WthorLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}-{}",
            self.year, self.moves, self.black, self.white
        )
    }
}

impl WthorLine {
    /// Replays the moves from the start position (implicit passes filled
    /// in).
    pub fn replay(&self) -> Result<Reversi, ReplayError> {
        Reversi::replay_from(crate::Position::start(), self.moves.moves())
    }

    /// The recorded counts.
    #[must_use]
    pub fn recorded(&self) -> ByPlayer<u32> {
        ByPlayer::new(u32::from(self.black), u32::from(self.white))
    }
}

/// The `count` most frequent openings of `plies` moves among the games of
/// a WTHOR text export (tournament openings, so balanced ones), most
/// frequent first, ties in the order first seen. Lines that do not parse
/// and games shorter than `plies` or with a pass in the opening are left
/// out.
///
/// ```
/// use reversi_rules::wthor::frequent_openings;
/// let text = "1977 f5d6c3 34-30\n1978 f5f6e6 40-24\n1979 f5d6c5 30-34\nnot a game\n";
/// let openings = frequent_openings(text, 2, 5);
/// let names: Vec<String> = openings.iter().map(|o| format!("{}{}", o[0], o[1])).collect();
/// assert_eq!(names, ["f5d6", "f5f6"]);
/// ```
#[must_use]
pub fn frequent_openings(text: &str, plies: usize, count: usize) -> Vec<Vec<Move>> {
    let mut seen: std::collections::HashMap<Vec<Move>, (usize, usize)> =
        std::collections::HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let Ok(g) = line.parse::<WthorLine>() else {
            continue;
        };
        let moves = g.moves.moves();
        if moves.len() < plies || moves.iter().take(plies).any(|m| *m == Move::Pass) {
            continue;
        }
        let e = seen.entry(moves[..plies].to_vec()).or_insert((0, i));
        e.0 += 1;
    }
    let mut list: Vec<(Vec<Move>, (usize, usize))> = seen.into_iter().collect();
    list.sort_by(|a, b| b.1.0.cmp(&a.1.0).then(a.1.1.cmp(&b.1.1)));
    list.into_iter().take(count).map(|(m, _)| m).collect()
}

/// The header of a `.wtb` file (16 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct WtbHeader {
    /// The century the file was written (e.g. 20).
    pub created_century: u8,
    /// The year of that century (e.g. 25).
    pub created_year: u8,
    /// The month, 1-12.
    pub created_month: u8,
    /// The day, 1-31.
    pub created_day: u8,
    /// The second count field (player or tournament records in the other
    /// WTHOR files; 0 in game files).
    pub n2: u16,
    /// The year of the games.
    pub games_year: u16,
    /// The board size: 0 or 8 for 8x8 (the only one supported).
    pub board_size: u8,
    /// The game type (0 normal, 1 solitaire).
    pub game_type: u8,
    /// The depth of the theoretical scores.
    pub depth: u8,
    /// The reserved byte.
    pub reserved: u8,
}

/// One game of a `.wtb` file (68 bytes).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WtbGame {
    /// The tournament's number in the WTHOR tournament file.
    pub tournament: u16,
    /// Black's number in the WTHOR player file.
    pub black_player: u16,
    /// White's number in the WTHOR player file.
    pub white_player: u16,
    /// Black's recorded final disc count.
    pub black_discs: u8,
    /// The theoretical score (Black's discs with perfect play from the
    /// file's depth on).
    pub theoretical: u8,
    /// The moves, passes left out (at most 60).
    pub moves: Vec<Square>,
}

/// A `.wtb` game file: a header and its games.
///
/// ```
/// use reversi_rules::wthor::{WtbFile, WtbGame, WtbHeader};
/// let file = WtbFile {
///     header: WtbHeader { games_year: 2025, board_size: 8, ..WtbHeader::default() },
///     games: vec![WtbGame {
///         tournament: 1, black_player: 2, white_player: 3,
///         black_discs: 33, theoretical: 32,
///         moves: vec!["f5".parse()?, "d6".parse()?],
///     }],
/// };
/// let bytes = file.to_bytes()?;
/// assert_eq!(bytes.len(), 16 + 68);
/// assert_eq!(WtbFile::parse(&bytes)?, file);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct WtbFile {
    /// The header (its game count is the length of `games`).
    pub header: WtbHeader,
    /// The games.
    pub games: Vec<WtbGame>,
}

/// Why bytes are not a `.wtb` file, or a file cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WtbError {
    /// Fewer than 16 bytes.
    #[error("the file has {0} bytes, fewer than the 16 of a header")]
    ShortHeader(usize),
    /// The size does not match the game count of the header.
    #[error("the header announces {games} games ({expected} bytes), the file has {found} bytes")]
    Length {
        /// The game count of the header.
        games: u32,
        /// The size that count needs.
        expected: u64,
        /// The actual size.
        found: usize,
    },
    /// The board is not 8x8.
    #[error("board size {0}: only 8x8 (0 or 8) is supported")]
    BoardSize(u8),
    /// A move byte is not 10 * row + column with both in 1..=8, nor 0.
    #[error("game {game}, move {number}: bad move byte {byte}")]
    BadMove {
        /// The game, from 1.
        game: usize,
        /// The move, from 1.
        number: usize,
        /// The byte.
        byte: u8,
    },
    /// A move follows the end marker (0) of a game.
    #[error("game {game}, move {number}: a move after the end of the game")]
    MoveAfterEnd {
        /// The game, from 1.
        game: usize,
        /// The move, from 1.
        number: usize,
    },
    /// A game to write has more than 60 moves.
    #[error("game {game} has {moves} moves; a record holds at most 60")]
    TooManyMoves {
        /// The game, from 1.
        game: usize,
        /// Its number of moves.
        moves: usize,
    },
    /// More games than a header can count.
    #[error("{0} games are more than a header can count")]
    TooManyGames(usize),
}

/// The byte of a square: 10 * row + column, both from 1.
fn square_byte(sq: Square) -> u8 {
    10 * (sq.row() + 1) + sq.column() + 1
}

/// The square of a move byte.
fn byte_square(byte: u8) -> Option<Square> {
    let (row, column) = (byte / 10, byte % 10);
    if (1..=8).contains(&row) && (1..=8).contains(&column) {
        Square::new(column - 1, row - 1)
    } else {
        None
    }
}

impl WtbFile {
    /// The size of the header.
    pub const HEADER_LEN: usize = 16;
    /// The size of one game record.
    pub const RECORD_LEN: usize = 68;

    /// Reads a `.wtb` file.
    pub fn parse(bytes: &[u8]) -> Result<WtbFile, WtbError> {
        let Some((head, body)) = bytes.split_first_chunk::<16>() else {
            return Err(WtbError::ShortHeader(bytes.len()));
        };
        let u16_at = |i: usize| u16::from_le_bytes([head[i], head[i + 1]]);
        let count = u32::from_le_bytes([head[4], head[5], head[6], head[7]]);
        let header = WtbHeader {
            created_century: head[0],
            created_year: head[1],
            created_month: head[2],
            created_day: head[3],
            n2: u16_at(8),
            games_year: u16_at(10),
            board_size: head[12],
            game_type: head[13],
            depth: head[14],
            reserved: head[15],
        };
        let expected = 16 + 68 * u64::from(count);
        if body.len() as u64 + 16 != expected {
            return Err(WtbError::Length {
                games: count,
                expected,
                found: bytes.len(),
            });
        }
        if header.board_size != 0 && header.board_size != 8 {
            return Err(WtbError::BoardSize(header.board_size));
        }
        let mut games = Vec::with_capacity(count as usize);
        for (i, record) in body.chunks_exact(Self::RECORD_LEN).enumerate() {
            let game = i + 1;
            let Some((fixed, move_bytes)) = record.split_first_chunk::<8>() else {
                continue;
            };
            let mut moves = Vec::with_capacity(60);
            let mut ended = false;
            for (j, &byte) in move_bytes.iter().enumerate() {
                let number = j + 1;
                if byte == 0 {
                    ended = true;
                } else if ended {
                    return Err(WtbError::MoveAfterEnd { game, number });
                } else {
                    let sq = byte_square(byte).ok_or(WtbError::BadMove { game, number, byte })?;
                    moves.push(sq);
                }
            }
            games.push(WtbGame {
                tournament: u16::from_le_bytes([fixed[0], fixed[1]]),
                black_player: u16::from_le_bytes([fixed[2], fixed[3]]),
                white_player: u16::from_le_bytes([fixed[4], fixed[5]]),
                black_discs: fixed[6],
                theoretical: fixed[7],
                moves,
            });
        }
        Ok(WtbFile { header, games })
    }

    /// Writes the file: the header (with the game count) and the records.
    pub fn to_bytes(&self) -> Result<Vec<u8>, WtbError> {
        let count = u32::try_from(self.games.len())
            .map_err(|_| WtbError::TooManyGames(self.games.len()))?;
        let h = &self.header;
        let mut out = Vec::with_capacity(16 + 68 * self.games.len());
        out.extend_from_slice(&[
            h.created_century,
            h.created_year,
            h.created_month,
            h.created_day,
        ]);
        out.extend_from_slice(&count.to_le_bytes());
        out.extend_from_slice(&h.n2.to_le_bytes());
        out.extend_from_slice(&h.games_year.to_le_bytes());
        out.extend_from_slice(&[h.board_size, h.game_type, h.depth, h.reserved]);
        for (i, g) in self.games.iter().enumerate() {
            if g.moves.len() > 60 {
                return Err(WtbError::TooManyMoves {
                    game: i + 1,
                    moves: g.moves.len(),
                });
            }
            out.extend_from_slice(&g.tournament.to_le_bytes());
            out.extend_from_slice(&g.black_player.to_le_bytes());
            out.extend_from_slice(&g.white_player.to_le_bytes());
            out.extend_from_slice(&[g.black_discs, g.theoretical]);
            let mut moves = [0u8; 60];
            for (slot, &sq) in moves.iter_mut().zip(&g.moves) {
                *slot = square_byte(sq);
            }
            out.extend_from_slice(&moves);
        }
        Ok(out)
    }
}

impl WtbGame {
    /// Replays the moves from the start position (implicit passes filled
    /// in).
    pub fn replay(&self) -> Result<Reversi, ReplayError> {
        let moves: Vec<Move> = self.moves.iter().map(|&sq| Move::Place(sq)).collect();
        Reversi::replay_from(crate::Position::start(), &moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_bytes_round_trip() {
        for sq in Square::all() {
            assert_eq!(byte_square(square_byte(sq)), Some(sq));
        }
        assert_eq!(square_byte(Square::from_coords_const(0, 0)), 11);
        assert_eq!(square_byte(Square::from_coords_const(7, 7)), 88);
        for bad in [0, 9, 10, 19, 90, 255] {
            assert_eq!(byte_square(bad), None);
        }
    }

    #[test]
    fn line_errors() {
        assert_eq!(
            "1977".parse::<WthorLine>(),
            Err(ParseWthorLineError::FieldCount(1))
        );
        assert_eq!(
            "197x f5 33-31".parse::<WthorLine>(),
            Err(ParseWthorLineError::BadYear("197x".into()))
        );
        assert!(matches!(
            "1977 f5z 33-31".parse::<WthorLine>(),
            Err(ParseWthorLineError::BadMoves(_))
        ));
        for score in ["33", "33-", "-31", "40-40", "+3-3", "333-1"] {
            assert_eq!(
                format!("1977 f5 {score}").parse::<WthorLine>(),
                Err(ParseWthorLineError::BadScore(score.into()))
            );
        }
    }
}

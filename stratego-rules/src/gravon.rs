//! Gravon / StraDoS2 XML game records: reading, writing and replaying.
//!
//! `<game type="classic|barrage">` holds a `<field content="...">` of 100
//! characters (row-major from a1: `A` empty, `_` lake, `B`..`M` Red's
//! pieces, `N`..`Y` Blue's), `<move id source target>` elements with
//! squares such as `E4` (files `A`..`I`, `K`; rank 10 written `:`), and
//! `<result type winner>` (winner 1 Red, 2 Blue, 3 draw; type 0 unable to
//! move, 1 flag captured, 2 both unable to move, 3 resigned, 4 tie agreed,
//! 10–14 missing players or clocks).

use core::fmt::Write as _;

use board_core::{Game, Outcome, Player};

use crate::replay::{ReplayError, ReplaySummary, outcome_text};
use crate::xml::{self, Event, XmlError};
use crate::{Army, Move, Piece, Position, Rank, Rules, Setup, Square};

/// A Gravon game record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GravonGame {
    /// The setup of both sides (its army is the game type).
    pub setup: Setup,
    /// The moves.
    pub moves: Vec<Move>,
    /// The players' names (`<player id="1">` is Red).
    pub players: [Option<String>; 2],
    /// The recorded result.
    pub result: Option<GravonResult>,
}

/// `<result type winner>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GravonResult {
    /// How the game ended (see the module documentation).
    pub kind: u8,
    /// 1 Red, 2 Blue, 3 draw.
    pub winner: u8,
}

impl GravonResult {
    /// The recorded outcome, if `winner` is 1, 2 or 3.
    #[must_use]
    pub fn outcome(self) -> Option<Outcome> {
        match self.winner {
            1 => Some(Outcome::Win(Player::First)),
            2 => Some(Outcome::Win(Player::Second)),
            3 => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// Whether the rules decided the game (flag captured or a side unable
    /// to move), so a replay must reach the same outcome.
    #[must_use]
    pub fn decided_on_the_board(self) -> bool {
        self.kind <= 2
    }

    /// A description of `kind`.
    #[must_use]
    pub fn description(self) -> &'static str {
        match self.kind {
            0 => "a side was unable to move",
            1 => "flag captured",
            2 => "both sides unable to move",
            3 => "resigned",
            4 => "tie agreed",
            10..=14 => "a player or clock was missing",
            _ => "unknown result type",
        }
    }
}

/// A Gravon record that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GravonError {
    /// Not well-formed XML.
    #[error(transparent)]
    Xml(#[from] XmlError),
    /// No `<game>` element.
    #[error("no <game> element")]
    NoGame,
    /// The game type is not `classic` or `barrage`.
    #[error("game type {0:?} is not classic or barrage")]
    GameType(String),
    /// No `<field content>`.
    #[error("no <field content=...> element")]
    NoField,
    /// The field is not 100 characters.
    #[error("the field has {0} characters, not 100")]
    FieldLength(usize),
    /// A field character that is not a piece, `A` or a lake where one
    /// belongs.
    #[error("field character {ch:?} on {square} is wrong")]
    FieldChar {
        /// The square.
        square: Square,
        /// The character.
        ch: char,
    },
    /// A move element lacks an attribute.
    #[error("move {index} lacks its {attribute} attribute")]
    MoveAttribute {
        /// 1-based index among the moves.
        index: usize,
        /// `source` or `target`.
        attribute: &'static str,
    },
    /// A square that is not a Gravon square.
    #[error("move {index}: {text:?} is not a square (files A-I, K; ranks 1-9, ':')")]
    MoveSquare {
        /// 1-based index among the moves.
        index: usize,
        /// The text.
        text: String,
    },
    /// A result attribute that is not a number.
    #[error("result attribute {0:?} is not a number")]
    Result(String),
}

const FILES: [char; 10] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'K'];

/// A Gravon square: `E4`, `K:`.
pub fn parse_gravon_square(text: &str) -> Option<Square> {
    let mut c = text.chars();
    let (f, r, end) = (c.next()?, c.next()?, c.next());
    if end.is_some() {
        return None;
    }
    let file = FILES.iter().position(|&x| x == f.to_ascii_uppercase())?;
    let rank = match r {
        '1'..='9' => r as u8 - b'1',
        ':' => 9,
        _ => return None,
    };
    Square::new(file as u8, rank)
}

/// The Gravon name of a square.
#[must_use]
pub fn gravon_square(sq: Square) -> String {
    let r = if sq.row() == 9 {
        ':'
    } else {
        char::from(b'1' + sq.row())
    };
    format!("{}{r}", FILES[usize::from(sq.column())])
}

/// Whether `text` looks like a Gravon record (`<stratego>` and a `<field`).
#[must_use]
pub fn looks_like_gravon(text: &str) -> bool {
    text.contains("<stratego") && text.contains("<field")
}

fn attr<'a>(attrs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    attrs
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

impl GravonGame {
    /// Parses a record.
    pub fn parse(text: &str) -> Result<GravonGame, GravonError> {
        let events = xml::parse(text)?;
        let mut army = None;
        let mut field = None;
        let mut moves = Vec::new();
        let mut players = [None, None];
        let mut result = None;
        let mut player_open: Option<usize> = None;
        for ev in &events {
            match ev {
                Event::Open { name, attrs, .. } => match name.as_str() {
                    "game" => {
                        let t = attr(attrs, "type").unwrap_or("classic");
                        army = Some(
                            Army::from_name(t).ok_or_else(|| GravonError::GameType(t.into()))?,
                        );
                    }
                    "field" => field = attr(attrs, "content").map(str::to_string),
                    "move" => {
                        let index = moves.len() + 1;
                        let sq = |attribute: &'static str| -> Result<Square, GravonError> {
                            let t = attr(attrs, attribute)
                                .ok_or(GravonError::MoveAttribute { index, attribute })?;
                            parse_gravon_square(t).ok_or_else(|| GravonError::MoveSquare {
                                index,
                                text: t.to_string(),
                            })
                        };
                        moves.push(Move::new(sq("source")?, sq("target")?));
                    }
                    "player" => {
                        player_open = match attr(attrs, "id") {
                            Some("1") => Some(0),
                            Some("2") => Some(1),
                            _ => None,
                        };
                    }
                    "result" => {
                        let num = |n: &str| -> Result<u8, GravonError> {
                            let v = attr(attrs, n).unwrap_or("");
                            v.parse().map_err(|_| GravonError::Result(v.to_string()))
                        };
                        result = Some(GravonResult {
                            kind: num("type")?,
                            winner: num("winner")?,
                        });
                    }
                    _ => {}
                },
                Event::Text(t) => {
                    // A name of only white space is no name (`to_xml` then
                    // leaves the player out, and reads back the same game).
                    if let Some(i) = player_open
                        && !t.trim().is_empty()
                    {
                        players[i] = Some(t.trim().to_string());
                    }
                }
                Event::Close { .. } => player_open = None,
            }
        }
        let army = army.ok_or(GravonError::NoGame)?;
        let field = field.ok_or(GravonError::NoField)?;
        Ok(GravonGame {
            setup: parse_field(&field, army)?,
            moves,
            players,
            result,
        })
    }

    /// The record as XML, in the layout Gravon uses.
    #[must_use]
    pub fn to_xml(&self) -> String {
        let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n");
        let _ = writeln!(out, " <game type=\"{}\">", self.setup.army);
        let _ = writeln!(out, "  <field content=\"{}\"/>", field_string(&self.setup));
        for (i, m) in self.moves.iter().enumerate() {
            let _ = writeln!(
                out,
                "  <move id=\"{}\" source=\"{}\" target=\"{}\"/>",
                i + 1,
                gravon_square(m.from),
                gravon_square(m.to)
            );
        }
        for (i, p) in self.players.iter().enumerate() {
            if let Some(name) = p {
                let _ = writeln!(
                    out,
                    "  <player id=\"{}\">{}</player>",
                    i + 1,
                    xml::escape(name)
                );
            }
        }
        if let Some(r) = self.result {
            let _ = writeln!(
                out,
                "  <result type=\"{}\" winner=\"{}\"/>",
                r.kind, r.winner
            );
        }
        out.push_str(" </game>\n</stratego>\n");
        out
    }

    /// Replays the record under `rules` (normally
    /// [`Preset::Gravon`](crate::Preset::Gravon)): every move must be legal;
    /// a result decided on the board (flag captured, unable to move) must be
    /// the rules' outcome; other results (resignation, agreement, missing
    /// players) are reported as abnormal ends.
    pub fn replay(&self, rules: Rules) -> Result<ReplaySummary, ReplayError> {
        let mut pos = Position::from_setup(self.setup.clone(), rules)
            .map_err(|e| ReplayError::Setup(Box::new(e)))?;
        let mut battles = 0;
        for (n, &mv) in self.moves.iter().enumerate() {
            let report = pos
                .play_move(mv)
                .map_err(|error| ReplayError::Illegal { ply: n + 1, error })?;
            battles += usize::from(report.battle.is_some());
        }
        let outcome = pos.outcome();
        let recorded = self.result.and_then(GravonResult::outcome);
        let mut abnormal = None;
        match self.result {
            Some(r) if r.decided_on_the_board() => {
                if outcome != recorded || outcome.is_none() {
                    return Err(ReplayError::OutcomeMismatch {
                        recorded: format!("{} ({})", r.description(), outcome_text(recorded)),
                        found: outcome_text(outcome),
                    });
                }
            }
            Some(r) => abnormal = Some(format!("{} ({})", r.description(), outcome_text(recorded))),
            None => abnormal = Some("no result recorded".into()),
        }
        Ok(ReplaySummary {
            plies: self.moves.len(),
            battles,
            outcome,
            recorded,
            abnormal,
        })
    }
}

fn parse_field(field: &str, army: Army) -> Result<Setup, GravonError> {
    let chars: Vec<char> = field.chars().collect();
    if chars.len() != 100 {
        return Err(GravonError::FieldLength(chars.len()));
    }
    let mut setup = Setup::empty(army);
    for (sq, &ch) in Square::all().zip(chars.iter()) {
        let bad = GravonError::FieldChar { square: sq, ch };
        match ch {
            '_' if sq.is_lake() => {}
            _ if sq.is_lake() => return Err(bad),
            'A' => {}
            _ => {
                let (owner, rank) = Rank::from_gravon_letter(ch).ok_or(bad)?;
                setup.board[sq.index()] = Some(Piece { owner, rank });
            }
        }
    }
    Ok(setup)
}

fn field_string(setup: &Setup) -> String {
    Square::all()
        .map(|sq| {
            if sq.is_lake() {
                return '_';
            }
            match setup.board[sq.index()] {
                None => 'A',
                Some(p) => {
                    let l = p.rank.gravon_letter();
                    match p.owner {
                        Player::First => l,
                        Player::Second => char::from(l as u8 + 12),
                    }
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for sq in Square::all() {
            assert_eq!(parse_gravon_square(&gravon_square(sq)), Some(sq));
        }
        assert_eq!(
            parse_gravon_square("K:").map(|s| s.to_string()),
            Some("j10".into())
        );
        assert_eq!(parse_gravon_square("J1"), None);
        assert_eq!(parse_gravon_square("A0"), None);
        assert_eq!(parse_gravon_square("A10"), None);
    }
}

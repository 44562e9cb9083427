//! The WebSocket protocol, version [`PROTOCOL_VERSION`]: what a browser tab
//! may send ([`ClientMsg`], parsed with a typed error for every mistake) and
//! what the platform sends back ([`ServerMsg`]). A hosted game's own
//! messages (its actions, its screens) travel in the same frames: an action
//! is any message with a number field `game`, handed to that game as an
//! [`Action`]; a game's screens are JSON objects the game builds. The
//! README documents every message with an example; a test checks that
//! every message type named here appears there.

use std::fmt;

use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Map, Value};

/// The protocol version, sent in `welcome`. It changes whenever a message
/// or field changes meaning or disappears.
pub const PROTOCOL_VERSION: u32 = 2;

/// The largest text message the server reads (bytes). Larger ones get a
/// `too_large` error (up to [`MAX_FRAME_BYTES`]) and change nothing.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;

/// The largest frame the WebSocket layer accepts at all; beyond it the
/// connection is closed (1009, "message too big").
pub const MAX_FRAME_BYTES: usize = 1024 * 1024;

/// The longest message type a game action may have, in bytes.
pub const MAX_TYPE_BYTES: usize = 40;

/// Why a message was refused: the `code` of an `error` message. The
/// platform's codes are the associated constants; a hosted game adds its
/// own (documented with the game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ErrorCode(pub &'static str);

impl ErrorCode {
    /// Not JSON, or not a JSON object.
    pub const BAD_JSON: ErrorCode = ErrorCode("bad_json");
    /// A binary frame (the protocol is text).
    pub const BINARY: ErrorCode = ErrorCode("binary");
    /// No `type`, or a type the server (or the game) does not know.
    pub const UNKNOWN_TYPE: ErrorCode = ErrorCode("unknown_type");
    /// A field is missing, unknown or of the wrong kind.
    pub const BAD_FIELD: ErrorCode = ErrorCode("bad_field");
    /// Over [`MAX_MESSAGE_BYTES`].
    pub const TOO_LARGE: ErrorCode = ErrorCode("too_large");
    /// Too many messages; more get the connection closed.
    pub const RATE_LIMITED: ErrorCode = ErrorCode("rate_limited");
    /// The name is empty, too long, or holds a character names may not.
    pub const NAME_INVALID: ErrorCode = ErrorCode("name_invalid");
    /// The name is (or looks like) a computer player's.
    pub const NAME_RESERVED: ErrorCode = ErrorCode("name_reserved");
    /// Another connected player has the name (or one that looks the same).
    pub const NAME_TAKEN: ErrorCode = ErrorCode("name_taken");
    /// The name has played here from another browser: only that browser's
    /// token reclaims it.
    pub const NAME_OWNED: ErrorCode = ErrorCode("name_owned");
    /// This connection already has a name.
    pub const ALREADY_NAMED: ErrorCode = ErrorCode("already_named");
    /// The action needs a name first.
    pub const NO_NAME: ErrorCode = ErrorCode("no_name");
    /// The chat text is empty, too long or holds control characters.
    pub const CHAT_INVALID: ErrorCode = ErrorCode("chat_invalid");
    /// No game of that kind is hosted here (or it has no game of the day).
    pub const UNKNOWN_GAME: ErrorCode = ErrorCode("unknown_game");
    /// No connected player has that name.
    pub const UNKNOWN_PLAYER: ErrorCode = ErrorCode("unknown_player");
    /// A player cannot challenge itself.
    pub const SELF_CHALLENGE: ErrorCode = ErrorCode("self_challenge");
    /// The player (or the sender) is in a game.
    pub const BUSY: ErrorCode = ErrorCode("busy");
    /// That challenge was already made.
    pub const ALREADY_CHALLENGED: ErrorCode = ErrorCode("already_challenged");
    /// Too many open challenges.
    pub const TOO_MANY_CHALLENGES: ErrorCode = ErrorCode("too_many_challenges");
    /// No such challenge.
    pub const NO_CHALLENGE: ErrorCode = ErrorCode("no_challenge");
    /// The sender is not in that game.
    pub const NOT_IN_GAME: ErrorCode = ErrorCode("not_in_game");
    /// It is the opponent's turn.
    pub const NOT_YOUR_TURN: ErrorCode = ErrorCode("not_your_turn");
    /// The move does not parse or is not legal.
    pub const ILLEGAL_MOVE: ErrorCode = ErrorCode("illegal_move");
    /// Not in this game (a game against a person, the game of the day).
    pub const NOT_ALLOWED: ErrorCode = ErrorCode("not_allowed");
    /// The game is over.
    pub const GAME_OVER: ErrorCode = ErrorCode("game_over");
    /// The server could not do it (storage); nothing changed.
    pub const INTERNAL: ErrorCode = ErrorCode("internal");

    /// The code's text.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for ErrorCode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

/// A refused message: the code, a message for people, and the type of the
/// message refused (when it was known).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProtocolError {
    /// What kind of error.
    pub code: ErrorCode,
    /// What was wrong, and where.
    pub message: String,
    /// The `type` of the refused message.
    pub request: Option<String>,
}

impl ProtocolError {
    /// An error with a message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ProtocolError {
        ProtocolError {
            code,
            message: message.into(),
            request: None,
        }
    }

    /// The same error, naming the refused message's type.
    #[must_use]
    pub fn about(mut self, request: &str) -> ProtocolError {
        self.request = Some(request.to_owned());
        self
    }

    /// The `error` message.
    #[must_use]
    pub fn to_msg(&self) -> ServerMsg {
        ServerMsg::Error {
            code: self.code,
            message: self.message.clone(),
            request: self.request.clone(),
        }
    }
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for ProtocolError {}

/// What a JSON value is, for error messages.
#[must_use]
pub fn describe(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The fields of one message, taken out one by one; whatever is left over
/// is an unknown field ([`Fields::done`]). Hosted games read their actions
/// with it too.
#[derive(Debug, Clone, PartialEq)]
pub struct Fields {
    ty: String,
    map: Map<String, Value>,
}

impl Fields {
    /// The fields of a message of type `ty`.
    #[must_use]
    pub fn new(ty: &str, map: Map<String, Value>) -> Fields {
        Fields {
            ty: ty.to_owned(),
            map,
        }
    }

    /// The message's type.
    #[must_use]
    pub fn ty(&self) -> &str {
        &self.ty
    }

    /// A `bad_field` error about this message.
    #[must_use]
    pub fn bad(&self, message: String) -> ProtocolError {
        ProtocolError::new(ErrorCode::BAD_FIELD, message).about(&self.ty)
    }

    /// Takes the string field `name`.
    pub fn string(&mut self, name: &str) -> Result<String, ProtocolError> {
        match self.map.remove(name) {
            Some(Value::String(s)) => Ok(s),
            Some(v) => Err(self.bad(format!(
                "field \"{name}\" of \"{}\" must be a string, not {}",
                self.ty,
                describe(&v)
            ))),
            None => Err(self.bad(format!("\"{}\" needs the string field \"{name}\"", self.ty))),
        }
    }

    /// Takes the string field `name` if it is there (`null` counts as
    /// missing).
    pub fn opt_string(&mut self, name: &str) -> Result<Option<String>, ProtocolError> {
        match self.map.get(name) {
            None | Some(Value::Null) => {
                self.map.remove(name);
                Ok(None)
            }
            Some(_) => self.string(name).map(Some),
        }
    }

    /// Takes the object field `name` if it is there (missing or `null`: an
    /// empty object).
    pub fn opt_object(&mut self, name: &str) -> Result<Map<String, Value>, ProtocolError> {
        match self.map.remove(name) {
            None | Some(Value::Null) => Ok(Map::new()),
            Some(Value::Object(m)) => Ok(m),
            Some(v) => Err(self.bad(format!(
                "field \"{name}\" of \"{}\" must be an object, not {}",
                self.ty,
                describe(&v)
            ))),
        }
    }

    /// Takes the whole-number field `name`.
    pub fn number(&mut self, name: &str) -> Result<u64, ProtocolError> {
        match self.map.remove(name) {
            Some(Value::Number(n)) => n.as_u64().ok_or_else(|| {
                self.bad(format!(
                    "field \"{name}\" of \"{}\" must be a whole number from 0 to 2^64-1, not {n}",
                    self.ty
                ))
            }),
            Some(v) => Err(self.bad(format!(
                "field \"{name}\" of \"{}\" must be a number, not {}",
                self.ty,
                describe(&v)
            ))),
            None => Err(self.bad(format!("\"{}\" needs the number field \"{name}\"", self.ty))),
        }
    }

    /// Takes the whole-number field `name` if it is there.
    pub fn opt_number(&mut self, name: &str) -> Result<Option<u64>, ProtocolError> {
        match self.map.get(name) {
            None | Some(Value::Null) => {
                self.map.remove(name);
                Ok(None)
            }
            Some(_) => self.number(name).map(Some),
        }
    }

    /// Ends the reading: an error if a field is left that was not taken.
    pub fn done(self) -> Result<(), ProtocolError> {
        match self.map.keys().next() {
            None => Ok(()),
            Some(k) => Err(self.bad(format!("\"{}\" has no field \"{k}\"", self.ty))),
        }
    }
}

/// A hosted game's action: the message's type and its fields but `type`
/// and `game` (the game reads them with [`Fields`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Action {
    /// The fields; [`Fields::ty`] is the message's type.
    pub fields: Fields,
}

impl Action {
    /// The action's type.
    #[must_use]
    pub fn ty(&self) -> &str {
        self.fields.ty()
    }
}

/// A message from a client.
#[derive(Debug, Clone, PartialEq)]
pub enum ClientMsg {
    /// Choose the name of this connection (for every game).
    Name {
        /// The name.
        name: String,
        /// The browser's secret token, which reclaims a name that has
        /// played here from this browser.
        token: Option<String>,
    },
    /// Say something in the lobby chat.
    Chat {
        /// The text.
        text: String,
    },
    /// Challenge a player to a game (a computer player starts it at once).
    Challenge {
        /// Whom.
        to: String,
        /// Which game (`battlegeneral`, `fanorona`, ...).
        kind: String,
        /// The game's options: `side` (the challenger's side) and the
        /// game's own (Major's `board`).
        options: Map<String, Value>,
    },
    /// Start a game on this screen alone: each side played here (`me`:
    /// two people sharing the screen when both are) or by a computer of a
    /// level (both computers: a demonstration to watch).
    Play {
        /// Which game.
        kind: String,
        /// The first side: `me` or a level.
        first: String,
        /// The second side.
        second: String,
        /// The game's own options.
        options: Map<String, Value>,
    },
    /// Take back a challenge.
    Withdraw {
        /// Whom it was for.
        to: String,
    },
    /// Accept a challenge.
    Accept {
        /// Who challenged.
        from: String,
    },
    /// Decline a challenge.
    Decline {
        /// Who challenged.
        from: String,
    },
    /// Play the game of the day of a game (against its computer).
    Daily {
        /// Which game.
        kind: String,
    },
    /// Leave a game (the opponent wins).
    Leave {
        /// The game.
        game: u64,
    },
    /// Say something to the other players of a game.
    Say {
        /// The game.
        game: u64,
        /// The text.
        text: String,
    },
    /// An action in a game (a move, a setup step, ...): any message with a
    /// number field `game` whose type is not one of the platform's.
    Act {
        /// The game.
        game: u64,
        /// The action.
        action: Action,
    },
    /// Ask for a `pong` once everything sent before has been handled.
    Ping {
        /// Echoed in the `pong`.
        id: Option<u64>,
    },
}

/// Every message type of the platform a client may send (a game's actions
/// come on top: see [`ClientMsg::Act`]).
pub const CLIENT_TYPES: [&str; 11] = [
    "name",
    "chat",
    "challenge",
    "play",
    "withdraw",
    "accept",
    "decline",
    "daily",
    "leave",
    "say",
    "ping",
];

/// Every message type the platform sends (games send their own on top).
pub const SERVER_TYPES: [&str; 15] = [
    "welcome",
    "error",
    "named",
    "lobby",
    "players",
    "chat",
    "challenges",
    "declined",
    "leaderboard",
    "highscores",
    "game_start",
    "game_chat",
    "game_over",
    "notice",
    "pong",
];

impl ClientMsg {
    /// Parses one text frame. Every mistake is a typed error naming what is
    /// wrong: not JSON (with line and column), not an object, no or an
    /// unknown `type`, a missing, unknown or mistyped field, too long. A
    /// game action is checked here only for its `game` field; the game
    /// checks the rest.
    pub fn parse(text: &str) -> Result<ClientMsg, ProtocolError> {
        if text.len() > MAX_MESSAGE_BYTES {
            return Err(ProtocolError::new(
                ErrorCode::TOO_LARGE,
                format!(
                    "the message has {} bytes; the limit is {MAX_MESSAGE_BYTES}",
                    text.len()
                ),
            ));
        }
        let value: Value = serde_json::from_str(text)
            .map_err(|e| ProtocolError::new(ErrorCode::BAD_JSON, format!("not valid JSON: {e}")))?;
        let Value::Object(mut map) = value else {
            return Err(ProtocolError::new(
                ErrorCode::BAD_JSON,
                format!("a message must be a JSON object, not {}", describe(&value)),
            ));
        };
        let ty = match map.remove("type") {
            Some(Value::String(t)) => t,
            Some(v) => {
                return Err(ProtocolError::new(
                    ErrorCode::UNKNOWN_TYPE,
                    format!("\"type\" must be a string, not {}", describe(&v)),
                ));
            }
            None => {
                return Err(ProtocolError::new(
                    ErrorCode::UNKNOWN_TYPE,
                    "a message needs a \"type\"",
                ));
            }
        };
        let mut f = Fields::new(&ty, map);
        let msg = match ty.as_str() {
            "name" => ClientMsg::Name {
                name: f.string("name")?,
                token: f.opt_string("token")?,
            },
            "chat" => ClientMsg::Chat {
                text: f.string("text")?,
            },
            "challenge" => ClientMsg::Challenge {
                to: f.string("to")?,
                kind: f.string("kind")?,
                options: f.opt_object("options")?,
            },
            "play" => ClientMsg::Play {
                kind: f.string("kind")?,
                first: f.string("first")?,
                second: f.string("second")?,
                options: f.opt_object("options")?,
            },
            "withdraw" => ClientMsg::Withdraw {
                to: f.string("to")?,
            },
            "accept" => ClientMsg::Accept {
                from: f.string("from")?,
            },
            "decline" => ClientMsg::Decline {
                from: f.string("from")?,
            },
            "daily" => ClientMsg::Daily {
                kind: f.string("kind")?,
            },
            "leave" => ClientMsg::Leave {
                game: f.number("game")?,
            },
            "say" => ClientMsg::Say {
                game: f.number("game")?,
                text: f.string("text")?,
            },
            "ping" => ClientMsg::Ping {
                id: f.opt_number("id")?,
            },
            _ => {
                if ty.is_empty()
                    || ty.len() > MAX_TYPE_BYTES
                    || !ty.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
                    || !f.map.contains_key("game")
                {
                    let mut shown: String = ty.chars().take(40).collect();
                    if shown.len() < ty.len() {
                        shown.push('…');
                    }
                    return Err(ProtocolError::new(
                        ErrorCode::UNKNOWN_TYPE,
                        format!(
                            "unknown message type {shown:?} (the platform's: {}; a game's actions carry the number field \"game\")",
                            CLIENT_TYPES.join(", ")
                        ),
                    ));
                }
                let game = f.number("game")?;
                return Ok(ClientMsg::Act {
                    game,
                    action: Action { fields: f },
                });
            }
        };
        f.done()?;
        Ok(msg)
    }

    /// The message's `type`.
    #[must_use]
    pub fn type_name(&self) -> &str {
        match self {
            ClientMsg::Name { .. } => "name",
            ClientMsg::Chat { .. } => "chat",
            ClientMsg::Challenge { .. } => "challenge",
            ClientMsg::Play { .. } => "play",
            ClientMsg::Withdraw { .. } => "withdraw",
            ClientMsg::Accept { .. } => "accept",
            ClientMsg::Decline { .. } => "decline",
            ClientMsg::Daily { .. } => "daily",
            ClientMsg::Leave { .. } => "leave",
            ClientMsg::Say { .. } => "say",
            ClientMsg::Act { action, .. } => action.ty(),
            ClientMsg::Ping { .. } => "ping",
        }
    }

    /// The game a game message is about.
    #[must_use]
    pub fn game(&self) -> Option<u64> {
        match self {
            ClientMsg::Leave { game }
            | ClientMsg::Say { game, .. }
            | ClientMsg::Act { game, .. } => Some(*game),
            _ => None,
        }
    }
}

/// The limits a client should keep to, sent in `welcome`.
#[derive(Debug, Clone, Serialize)]
pub struct Limits {
    /// [`MAX_MESSAGE_BYTES`].
    pub max_message_bytes: usize,
    /// The longest name, in characters.
    pub name_max_chars: usize,
    /// The longest chat line, in characters.
    pub chat_max_chars: usize,
    /// Messages per second a connection may send on average...
    pub messages_per_second: u32,
    /// ...and in a burst.
    pub burst: u32,
}

/// A hosted game as `welcome` lists it.
#[derive(Debug, Clone, Serialize)]
pub struct GameInfo {
    /// Its id (`battlegeneral`, `fanorona`).
    pub kind: &'static str,
    /// The two sides' names, the first player's first.
    pub sides: [&'static str; 2],
    /// The computer players' levels (each a lobby player `Computer
    /// (LEVEL)`).
    pub levels: Vec<&'static str>,
    /// People may challenge each other to it.
    pub challenge: bool,
    /// The date of its game of the day (in the server's time zone), if it
    /// has one.
    pub daily: Option<String>,
    /// Its score tables (see `leaderboard`).
    pub boards: Vec<&'static str>,
    /// One screen may play it alone (`play`).
    pub local: bool,
    /// Its highscore tables (see `highscores`).
    pub highscores: Vec<&'static str>,
}

/// A highscore table: its game, its name, its rows best first.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct HighscoreTable {
    /// The game.
    pub kind: String,
    /// The table (Major: the board).
    pub table: String,
    /// The rows, best first.
    pub rows: Vec<crate::highscore::Entry>,
}

/// A player in the lobby.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PlayerInfo {
    /// The name.
    pub name: String,
    /// `idle` or `playing` (computer players are always `idle`: they play
    /// any number of games at once).
    pub state: &'static str,
    /// The game being played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// Against whom.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
    /// A computer player (accepts every challenge).
    pub computer: bool,
}

/// A chat line.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ChatLine {
    /// Who said it.
    pub from: String,
    /// What.
    pub text: String,
    /// When (Unix milliseconds on the server's clock).
    pub at: u64,
}

/// One row of a score table.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Score {
    /// The player.
    pub name: String,
    /// The points.
    pub points: u32,
}

/// One score table of a board: a period and its rows, best first.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Table {
    /// `day`, `month` or `eternal`.
    pub period: String,
    /// The day (`YYYY-MM-DD`) or month (`YYYY-MM`); empty for `eternal`.
    pub key: String,
    /// The rows, best first (ties by name).
    pub rows: Vec<Score>,
}

/// A game's score tables (its leaderboard, Fanorona's Bestenliste).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Board {
    /// The board's id (the game's id).
    pub board: String,
    /// Its tables: the current day's and month's, and the eternal one, as
    /// the board keeps them.
    pub tables: Vec<Table>,
}

/// A player's points after a game.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Points {
    /// The player.
    pub name: String,
    /// The points per period, as the board keeps them: `{"month": 30,
    /// "eternal": 50}`.
    pub points: std::collections::BTreeMap<String, u32>,
}

/// A message from the platform. Serialized with a `type` field.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The first message on every connection.
    Welcome {
        /// [`PROTOCOL_VERSION`].
        protocol: u32,
        /// The server program and version.
        server: String,
        /// What a client should keep to.
        limits: Limits,
        /// Session milliseconds per real millisecond (1 unless the server
        /// runs a fast clock for tests).
        time_scale: u64,
        /// The server's time zone (days of the games of the day, months of
        /// the tables).
        zone: String,
        /// The games hosted here.
        games: Vec<GameInfo>,
    },
    /// A message was refused; nothing changed.
    Error {
        /// What kind of error.
        code: ErrorCode,
        /// What was wrong.
        message: String,
        /// The type of the refused message.
        #[serde(skip_serializing_if = "Option::is_none")]
        request: Option<String>,
    },
    /// The connection now has this name.
    Named {
        /// The name.
        name: String,
        /// The browser's secret token: keep it and send it with `name`
        /// (only this connection ever gets it).
        token: String,
        /// The name has played here: the token is what reclaims it.
        registered: bool,
    },
    /// The whole lobby: after naming and after every game.
    Lobby {
        /// Everyone with a name, computers first.
        players: Vec<PlayerInfo>,
        /// The last chat lines, oldest first.
        chat: Vec<ChatLine>,
        /// Every game's score tables.
        boards: Vec<Board>,
        /// Every highscore table.
        highscores: Vec<HighscoreTable>,
    },
    /// Players who came or changed state, and who went (to the players in
    /// the lobby, at most every [`NEWS_EVERY_MS`] milliseconds).
    Players {
        /// Their state now.
        changed: Vec<PlayerInfo>,
        /// Names that went.
        left: Vec<String>,
    },
    /// A lobby chat line.
    Chat(ChatLine),
    /// The recipient's open challenges, after every change.
    Challenges {
        /// Who challenged the recipient, to which game.
        incoming: Vec<ChallengeInfo>,
        /// Whom the recipient challenged.
        outgoing: Vec<ChallengeInfo>,
    },
    /// A challenge of the recipient was declined.
    Declined {
        /// By whom.
        by: String,
    },
    /// A game's score tables changed.
    Leaderboard(Board),
    /// A highscore table changed.
    Highscores(HighscoreTable),
    /// A game starts. The game's own fields follow (see the game).
    GameStart {
        /// The game's id.
        game: u64,
        /// Which game.
        kind: &'static str,
        /// The recipient's side (`red`, `white`, ...).
        colour: &'static str,
        /// The recipient's name.
        you: String,
        /// The opponent's name.
        opponent: String,
        /// The opponent is a computer player.
        opponent_computer: bool,
        /// The game's own fields.
        #[serde(flatten)]
        extra: Map<String, Value>,
    },
    /// A chat line in a game (to its players only).
    GameChat {
        /// The game.
        game: u64,
        /// Who said it.
        from: String,
        /// What.
        text: String,
        /// When.
        at: u64,
    },
    /// The game ended (it is stored).
    GameOver {
        /// The game.
        game: u64,
        /// `red`, `blue`, `white`, ... (the winning side), `draw`, or
        /// `none` when it was ended without a result.
        outcome: &'static str,
        /// The winner's name.
        winner: Option<String>,
        /// Why it ended (the game's reasons, `left`, `server_stopped`).
        reason: &'static str,
        /// Whose doing the reason was (who left, timed out), if anyone's.
        reason_player: Option<&'static str>,
        /// It entered the game's score tables.
        counted: bool,
        /// Session milliseconds from the start to the end.
        duration_ms: u64,
        /// The players' points now, first player first (when it counted).
        points: Vec<Points>,
        /// The place (from 1) the game took in a highscore table, if it
        /// entered one.
        #[serde(skip_serializing_if = "Option::is_none")]
        highscore: Option<usize>,
        /// The game's own fields.
        #[serde(flatten)]
        extra: Map<String, Value>,
    },
    /// Something for people to read (the server is stopping, ...).
    Notice {
        /// The text.
        text: String,
    },
    /// The answer to `ping`.
    Pong {
        /// The ping's id.
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
    },
}

/// A challenge as `challenges` lists it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ChallengeInfo {
    /// The other player.
    pub name: String,
    /// The game.
    pub kind: &'static str,
    /// Its options (the challenger's side, the game's own).
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub options: Map<String, Value>,
}

/// Lobby news goes out at most this often (milliseconds).
pub const NEWS_EVERY_MS: u64 = 250;

impl ServerMsg {
    /// The JSON text of the message.
    #[must_use]
    pub fn to_json(&self) -> String {
        // Serializing these types cannot fail (string keys only); an empty
        // object stands in if it ever did.
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> ErrorCode {
        match ClientMsg::parse(text) {
            Ok(m) => panic!("{text} parsed as {m:?}"),
            Err(e) => e.code,
        }
    }

    #[test]
    fn every_message_parses() {
        let cases = [
            (r#"{"type":"name","name":"anna"}"#, "name"),
            (r#"{"type":"chat","text":"hi"}"#, "chat"),
            (
                r#"{"type":"challenge","to":"bert","kind":"fanorona"}"#,
                "challenge",
            ),
            (
                r#"{"type":"play","kind":"major","first":"me","second":"hard"}"#,
                "play",
            ),
            (r#"{"type":"withdraw","to":"bert"}"#, "withdraw"),
            (r#"{"type":"accept","from":"anna"}"#, "accept"),
            (r#"{"type":"decline","from":"anna"}"#, "decline"),
            (r#"{"type":"daily","kind":"fanorona"}"#, "daily"),
            (r#"{"type":"leave","game":1}"#, "leave"),
            (r#"{"type":"say","game":1,"text":"gg"}"#, "say"),
            (r#"{"type":"ping"}"#, "ping"),
        ];
        for (text, ty) in cases {
            let m = ClientMsg::parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!(m.type_name(), ty);
        }
        assert_eq!(cases.len(), CLIENT_TYPES.len());
        assert_eq!(
            ClientMsg::parse(r#"{"type":"name","name":"a","token":"x"}"#),
            Ok(ClientMsg::Name {
                name: "a".into(),
                token: Some("x".into())
            })
        );
        assert_eq!(
            ClientMsg::parse(r#"{"type":"ping","id":null}"#),
            Ok(ClientMsg::Ping { id: None })
        );
        // A game action: its fields go to the game.
        let m = ClientMsg::parse(r#"{"type":"move","game":7,"move":"a4-a5"}"#).unwrap();
        let ClientMsg::Act { game, mut action } = m else {
            panic!("{m:?}")
        };
        assert_eq!((game, action.ty()), (7, "move"));
        assert_eq!(action.fields.string("move").unwrap(), "a4-a5");
        assert!(action.fields.done().is_ok());
    }

    #[test]
    fn every_mistake_has_its_code() {
        assert_eq!(code("{"), ErrorCode::BAD_JSON);
        assert_eq!(code("[1,2]"), ErrorCode::BAD_JSON);
        assert_eq!(code("\"name\""), ErrorCode::BAD_JSON);
        assert_eq!(code("{}"), ErrorCode::UNKNOWN_TYPE);
        assert_eq!(code(r#"{"type":7}"#), ErrorCode::UNKNOWN_TYPE);
        assert_eq!(code(r#"{"type":"fly"}"#), ErrorCode::UNKNOWN_TYPE);
        assert_eq!(code(r#"{"type":"Fly","game":1}"#), ErrorCode::UNKNOWN_TYPE);
        assert_eq!(code(r#"{"type":"name"}"#), ErrorCode::BAD_FIELD);
        assert_eq!(code(r#"{"type":"name","name":3}"#), ErrorCode::BAD_FIELD);
        assert_eq!(
            code(r#"{"type":"name","name":"a","admin":true}"#),
            ErrorCode::BAD_FIELD
        );
        assert_eq!(
            code(r#"{"type":"challenge","to":"a"}"#),
            ErrorCode::BAD_FIELD
        );
        assert_eq!(
            code(r#"{"type":"move","game":-1,"move":"a4-a5"}"#),
            ErrorCode::BAD_FIELD
        );
        assert_eq!(
            code(r#"{"type":"move","game":1.5,"move":"a4-a5"}"#),
            ErrorCode::BAD_FIELD
        );
        let big = format!(
            r#"{{"type":"chat","text":"{}"}}"#,
            "x".repeat(MAX_MESSAGE_BYTES)
        );
        assert_eq!(code(&big), ErrorCode::TOO_LARGE);
        // Deep nesting is an error, not a stack overflow.
        let deep = format!(
            "{{\"type\":\"chat\",\"text\":{}{}}}",
            "[".repeat(5000),
            "]".repeat(5000)
        );
        assert_eq!(code(&deep), ErrorCode::BAD_JSON);
        let e = ClientMsg::parse(r#"{"type":"leave"}"#).unwrap_err();
        assert_eq!(e.request.as_deref(), Some("leave"));
        assert!(e.message.contains("\"game\""), "{}", e.message);
    }

    /// The JSON examples of a part of the protocol document, by the
    /// message type of the heading they stand under.
    fn examples(part: &str) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for section in part.split("\n### ").skip(1) {
            let Some(section) = section.strip_prefix('`') else {
                continue;
            };
            let ty = section.split('`').next().unwrap_or("").to_owned();
            for block in section.split("```json\n").skip(1) {
                out.push((
                    ty.clone(),
                    block.split("```").next().unwrap_or("").to_owned(),
                ));
            }
        }
        out
    }

    /// The protocol document: every client example parses as the message
    /// of its heading, every message type of the platform (both ways) and
    /// every action of every game has a heading.
    #[test]
    fn the_protocol_document_covers_every_message() {
        let doc = include_str!("../PROTOCOL.md");
        assert!(doc.contains(&format!("version {PROTOCOL_VERSION}")));
        let (head, rest) = doc
            .split_once("## Client to server")
            .expect("the client part");
        let (client, rest) = rest
            .split_once("## Server to client")
            .expect("the server part");
        let (server, games) = rest.split_once("\n## Battlegeneral").expect("the games");
        let games = format!("\n## Battlegeneral{games}");
        let _ = head;
        let mut parsed = 0;
        for (ty, json) in examples(client) {
            assert!(CLIENT_TYPES.contains(&ty.as_str()), "unknown heading {ty}");
            let msg = ClientMsg::parse(&json).unwrap_or_else(|e| panic!("{json}: {e:?}"));
            assert_eq!(msg.type_name(), ty);
            parsed += 1;
        }
        for ty in CLIENT_TYPES {
            assert!(client.contains(&format!("### `{ty}`")), "client {ty}");
        }
        for ty in SERVER_TYPES {
            assert!(server.contains(&format!("### `{ty}`")), "server {ty}");
        }
        // Each game's actions, in the game's section: a heading each, and
        // examples that are game actions of that type.
        for kind in crate::games::GAMES {
            let mut title = kind.id.to_owned();
            title[..1].make_ascii_uppercase();
            let part = games
                .split("\n## ")
                .find(|p| p.starts_with(&format!("{title}\n")))
                .unwrap_or_else(|| panic!("the section of {title}"));
            let actions = kind.actions;
            for ty in actions {
                assert!(
                    part.contains(&format!("### `{ty}`")),
                    "{title}: action {ty}"
                );
            }
            for (ty, json) in examples(part) {
                if !actions.contains(&ty.as_str()) {
                    continue;
                }
                match ClientMsg::parse(&json) {
                    Ok(ClientMsg::Act { action, .. }) => assert_eq!(action.ty(), ty),
                    other => panic!("{json}: {other:?}"),
                }
                parsed += 1;
            }
        }
        assert!(parsed > CLIENT_TYPES.len() + 8, "{parsed} examples");
    }

    #[test]
    fn server_messages_carry_their_type() {
        let m = ServerMsg::Pong { id: Some(3) };
        assert_eq!(m.to_json(), r#"{"type":"pong","id":3}"#);
        let e = ProtocolError::new(ErrorCode::NOT_YOUR_TURN, "wait").about("move");
        assert_eq!(
            e.to_msg().to_json(),
            r#"{"type":"error","code":"not_your_turn","message":"wait","request":"move"}"#
        );
        let mut extra = Map::new();
        extra.insert("rules".into(), "battlegeneral".into());
        let start = ServerMsg::GameStart {
            game: 1,
            kind: "battlegeneral",
            colour: "red",
            you: "a".into(),
            opponent: "b".into(),
            opponent_computer: false,
            extra,
        };
        let v: Value = serde_json::from_str(&start.to_json()).unwrap();
        assert_eq!(v["type"], "game_start");
        assert_eq!(v["rules"], "battlegeneral");
    }
}

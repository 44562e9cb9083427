//! The WebSocket protocol, version [`PROTOCOL_VERSION`]: what a browser tab
//! may send ([`ClientMsg`], parsed with a typed error for every mistake) and
//! what the server sends back ([`ServerMsg`]). `docs/protocol.md` documents
//! every message with an example; a test checks that every message type
//! named here appears there.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The protocol version, sent in `welcome`. It changes whenever a message
/// or field changes meaning or disappears.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest text message the server reads (bytes). Larger ones get a
/// `too_large` error (up to [`MAX_FRAME_BYTES`]) and change nothing.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;

/// The largest frame the WebSocket layer accepts at all; beyond it the
/// connection is closed (1009, "message too big").
pub const MAX_FRAME_BYTES: usize = 1024 * 1024;

/// A message from a client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientMsg {
    /// Choose the name of this connection.
    Name {
        /// The name.
        name: String,
    },
    /// Say something in the lobby chat.
    Chat {
        /// The text.
        text: String,
    },
    /// Challenge a player (the challenger plays Blue).
    Challenge {
        /// Whom.
        to: String,
    },
    /// Take back a challenge.
    Withdraw {
        /// Whom it was for.
        to: String,
    },
    /// Accept a challenge (the acceptor plays Red and moves first).
    Accept {
        /// Who challenged.
        from: String,
    },
    /// Decline a challenge.
    Decline {
        /// Who challenged.
        from: String,
    },
    /// Setup screen: place the next available piece on an empty square.
    Place {
        /// The game.
        game: u64,
        /// The square, such as `a4`.
        square: String,
    },
    /// Setup screen: take back the piece on a square.
    Take {
        /// The game.
        game: u64,
        /// The square.
        square: String,
    },
    /// Setup screen: adopt one of the predefined setups (0-7), once offered.
    Adopt {
        /// The game.
        game: u64,
        /// The index in the `predefined` message.
        setup: u64,
    },
    /// Setup screen: take back every piece.
    Clear {
        /// The game.
        game: u64,
    },
    /// Setup screen: hand in the setup (the one built on the screen, or a
    /// whole deployment in the text form).
    Ready {
        /// The game.
        game: u64,
        /// A whole deployment (`stratego_rules::Deployment` text form);
        /// without it, the setup built with `place`/`take`/`adopt`.
        deployment: Option<String>,
    },
    /// Play a move, such as `a4-a5`.
    Move {
        /// The game.
        game: u64,
        /// The move.
        mv: String,
    },
    /// Leave the game (the opponent wins).
    Leave {
        /// The game.
        game: u64,
    },
    /// Ask for a `pong` (round-trip measurement, keep-alive).
    Ping {
        /// Echoed in the `pong`.
        id: Option<u64>,
    },
}

/// Every message type a client may send, for errors and the docs test.
pub const CLIENT_TYPES: [&str; 14] = [
    "name",
    "chat",
    "challenge",
    "withdraw",
    "accept",
    "decline",
    "place",
    "take",
    "adopt",
    "clear",
    "ready",
    "move",
    "leave",
    "ping",
];

/// Every message type the server sends, for the docs test.
#[cfg(test)]
pub const SERVER_TYPES: [&str; 17] = [
    "welcome",
    "error",
    "named",
    "lobby",
    "player",
    "player_left",
    "chat",
    "challenges",
    "declined",
    "leaderboard",
    "game_start",
    "setup",
    "predefined",
    "state",
    "game_over",
    "notice",
    "pong",
];

/// Why a message was refused: the `code` of an `error` message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or not a JSON object.
    BadJson,
    /// A binary frame (the protocol is text).
    Binary,
    /// No `type`, or a type the server does not know.
    UnknownType,
    /// A field is missing, unknown or of the wrong kind.
    BadField,
    /// Over [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// Too many messages; more get the connection closed.
    RateLimited,
    /// The name is empty, too long, or holds a character names may not.
    NameInvalid,
    /// Names starting with "Computer" belong to the computer players.
    NameReserved,
    /// Another connected player has the name.
    NameTaken,
    /// This connection already has a name.
    AlreadyNamed,
    /// The action needs a name first.
    NoName,
    /// The chat text is empty, too long or holds control characters.
    ChatInvalid,
    /// No connected player has that name.
    UnknownPlayer,
    /// A player cannot challenge itself.
    SelfChallenge,
    /// The player (or the sender) is in a game.
    Busy,
    /// That challenge was already made.
    AlreadyChallenged,
    /// Too many open challenges.
    TooManyChallenges,
    /// No such challenge.
    NoChallenge,
    /// The sender is not in that game.
    NotInGame,
    /// The game is not in its setup phase.
    SetupOver,
    /// The predefined setups are not offered yet.
    NotOfferedYet,
    /// No predefined setup has that index.
    NoSuchSetup,
    /// A setup-screen action that cannot be done (outside the zone, an
    /// occupied or empty square, every piece placed).
    Build,
    /// The setup is not the army (or not complete).
    InvalidSetup,
    /// The sender already handed in its setup.
    AlreadyReady,
    /// The game has not started yet (setup phase).
    NotPlaying,
    /// It is the opponent's turn.
    NotYourTurn,
    /// The move does not parse or is not legal.
    IllegalMove,
    /// The game is over.
    GameOver,
    /// The server could not do it (storage); nothing changed.
    Internal,
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
    pub request: Option<&'static str>,
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
    pub fn about(mut self, request: &'static str) -> ProtocolError {
        self.request = Some(request);
        self
    }

    /// The `error` message.
    pub fn to_msg(&self) -> ServerMsg {
        ServerMsg::Error {
            code: self.code,
            message: self.message.clone(),
            request: self.request,
        }
    }
}

fn describe(v: &Value) -> &'static str {
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
/// is an unknown field.
struct Fields {
    ty: &'static str,
    map: serde_json::Map<String, Value>,
}

impl Fields {
    fn bad(&self, message: String) -> ProtocolError {
        ProtocolError::new(ErrorCode::BadField, message).about(self.ty)
    }

    fn string(&mut self, name: &str) -> Result<String, ProtocolError> {
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

    fn opt_string(&mut self, name: &str) -> Result<Option<String>, ProtocolError> {
        match self.map.get(name) {
            None | Some(Value::Null) => {
                self.map.remove(name);
                Ok(None)
            }
            Some(_) => self.string(name).map(Some),
        }
    }

    fn number(&mut self, name: &str) -> Result<u64, ProtocolError> {
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

    fn opt_number(&mut self, name: &str) -> Result<Option<u64>, ProtocolError> {
        match self.map.get(name) {
            None | Some(Value::Null) => {
                self.map.remove(name);
                Ok(None)
            }
            Some(_) => self.number(name).map(Some),
        }
    }

    fn done(self, msg: ClientMsg) -> Result<ClientMsg, ProtocolError> {
        match self.map.keys().next() {
            None => Ok(msg),
            Some(k) => Err(self.bad(format!("\"{}\" has no field \"{k}\"", self.ty))),
        }
    }
}

impl ClientMsg {
    /// Parses one text frame. Every mistake is a typed error naming what is
    /// wrong: not JSON (with line and column), not an object, no or an
    /// unknown `type`, a missing, unknown or mistyped field, too long.
    pub fn parse(text: &str) -> Result<ClientMsg, ProtocolError> {
        if text.len() > MAX_MESSAGE_BYTES {
            return Err(ProtocolError::new(
                ErrorCode::TooLarge,
                format!(
                    "the message has {} bytes; the limit is {MAX_MESSAGE_BYTES}",
                    text.len()
                ),
            ));
        }
        let value: Value = serde_json::from_str(text)
            .map_err(|e| ProtocolError::new(ErrorCode::BadJson, format!("not valid JSON: {e}")))?;
        let Value::Object(mut map) = value else {
            return Err(ProtocolError::new(
                ErrorCode::BadJson,
                format!("a message must be a JSON object, not {}", describe(&value)),
            ));
        };
        let ty = match map.remove("type") {
            Some(Value::String(t)) => t,
            Some(v) => {
                return Err(ProtocolError::new(
                    ErrorCode::UnknownType,
                    format!("\"type\" must be a string, not {}", describe(&v)),
                ));
            }
            None => {
                return Err(ProtocolError::new(
                    ErrorCode::UnknownType,
                    "a message needs a \"type\"",
                ));
            }
        };
        let Some(&ty) = CLIENT_TYPES.iter().find(|&&t| t == ty) else {
            let mut shown: String = ty.chars().take(40).collect();
            if shown.len() < ty.len() {
                shown.push('…');
            }
            return Err(ProtocolError::new(
                ErrorCode::UnknownType,
                format!(
                    "unknown message type {shown:?} (known: {})",
                    CLIENT_TYPES.join(", ")
                ),
            ));
        };
        let mut f = Fields { ty, map };
        let msg = match ty {
            "name" => ClientMsg::Name {
                name: f.string("name")?,
            },
            "chat" => ClientMsg::Chat {
                text: f.string("text")?,
            },
            "challenge" => ClientMsg::Challenge {
                to: f.string("to")?,
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
            "place" => ClientMsg::Place {
                game: f.number("game")?,
                square: f.string("square")?,
            },
            "take" => ClientMsg::Take {
                game: f.number("game")?,
                square: f.string("square")?,
            },
            "adopt" => ClientMsg::Adopt {
                game: f.number("game")?,
                setup: f.number("setup")?,
            },
            "clear" => ClientMsg::Clear {
                game: f.number("game")?,
            },
            "ready" => ClientMsg::Ready {
                game: f.number("game")?,
                deployment: f.opt_string("deployment")?,
            },
            "move" => ClientMsg::Move {
                game: f.number("game")?,
                mv: f.string("move")?,
            },
            "leave" => ClientMsg::Leave {
                game: f.number("game")?,
            },
            _ => ClientMsg::Ping {
                id: f.opt_number("id")?,
            },
        };
        f.done(msg)
    }

    /// The message's `type`.
    #[must_use]
    pub fn type_name(&self) -> &'static str {
        match self {
            ClientMsg::Name { .. } => "name",
            ClientMsg::Chat { .. } => "chat",
            ClientMsg::Challenge { .. } => "challenge",
            ClientMsg::Withdraw { .. } => "withdraw",
            ClientMsg::Accept { .. } => "accept",
            ClientMsg::Decline { .. } => "decline",
            ClientMsg::Place { .. } => "place",
            ClientMsg::Take { .. } => "take",
            ClientMsg::Adopt { .. } => "adopt",
            ClientMsg::Clear { .. } => "clear",
            ClientMsg::Ready { .. } => "ready",
            ClientMsg::Move { .. } => "move",
            ClientMsg::Leave { .. } => "leave",
            ClientMsg::Ping { .. } => "ping",
        }
    }

    /// The game a game message is about.
    #[must_use]
    pub fn game(&self) -> Option<u64> {
        match self {
            ClientMsg::Place { game, .. }
            | ClientMsg::Take { game, .. }
            | ClientMsg::Adopt { game, .. }
            | ClientMsg::Clear { game }
            | ClientMsg::Ready { game, .. }
            | ClientMsg::Move { game, .. }
            | ClientMsg::Leave { game } => Some(*game),
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

/// A player in the lobby.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PlayerInfo {
    /// The name.
    pub name: String,
    /// `idle`, `setup` or `playing` (computer players are always `idle`:
    /// they play any number of games at once).
    pub state: &'static str,
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

/// One row of a leaderboard table.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Score {
    /// The player.
    pub name: String,
    /// The points.
    pub points: u32,
}

/// The monthly and eternal tables, best first.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Default)]
pub struct Tables {
    /// The month of the monthly table, `YYYY-MM` (UTC).
    pub month: String,
    /// The month's points.
    pub monthly: Vec<Score>,
    /// All-time points.
    pub eternal: Vec<Score>,
}

/// The last move as both players may know it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LastMove {
    /// From.
    pub from: String,
    /// To.
    pub to: String,
    /// Who moved: `red` or `blue`.
    pub by: &'static str,
    /// The battle, if the move attacked (both ranks are public then).
    pub battle: Option<BattleInfo>,
}

/// A battle's public result.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct BattleInfo {
    /// The attacker's rank label (`10` .. `1`, `B`, `F`).
    pub attacker: &'static str,
    /// The defender's rank label.
    pub defender: &'static str,
    /// `attacker`, `defender` or `both` (removed).
    pub winner: &'static str,
}

/// The move clock.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ClockInfo {
    /// Whose clock runs: `red` or `blue`.
    pub running: &'static str,
    /// Real milliseconds left for the move when the message was sent.
    pub remaining_ms: u64,
}

/// The points of a player after a game.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Points {
    /// The player.
    pub name: String,
    /// Eternal points now.
    pub eternal: u32,
    /// This month's points now.
    pub monthly: u32,
}

/// A message from the server. Serialized with a `type` field.
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
        /// Session milliseconds per move.
        move_time_ms: u64,
        /// Session milliseconds per real millisecond (1 unless the server
        /// runs a fast clock for tests).
        time_scale: u64,
    },
    /// A message was refused; nothing changed.
    Error {
        /// What kind of error.
        code: ErrorCode,
        /// What was wrong.
        message: String,
        /// The type of the refused message.
        #[serde(skip_serializing_if = "Option::is_none")]
        request: Option<&'static str>,
    },
    /// The connection now has this name.
    Named {
        /// The name.
        name: String,
    },
    /// The whole lobby, once after naming.
    Lobby {
        /// Everyone with a name, computers first.
        players: Vec<PlayerInfo>,
        /// The last chat lines, oldest first.
        chat: Vec<ChatLine>,
        /// The leaderboard.
        leaderboard: Tables,
    },
    /// A player came or changed state.
    Player(PlayerInfo),
    /// A player went.
    PlayerLeft {
        /// The name.
        name: String,
    },
    /// A chat line.
    Chat(ChatLine),
    /// The recipient's open challenges, after every change.
    Challenges {
        /// Players who challenged the recipient.
        incoming: Vec<String>,
        /// Players the recipient challenged.
        outgoing: Vec<String>,
    },
    /// A challenge of the recipient was declined.
    Declined {
        /// By whom.
        by: String,
    },
    /// The leaderboard changed.
    Leaderboard(Tables),
    /// A game starts (setup phase).
    GameStart {
        /// The game's id.
        game: u64,
        /// The recipient's colour: `red` or `blue`.
        colour: &'static str,
        /// The recipient's name.
        you: String,
        /// The opponent's name.
        opponent: String,
        /// The opponent is a computer player.
        opponent_computer: bool,
        /// The rules preset.
        rules: &'static str,
        /// Real milliseconds until the predefined setups are offered.
        predefined_in_ms: u64,
        /// Real milliseconds to hand in the setup.
        setup_time_ms: u64,
    },
    /// The recipient's setup screen.
    Setup {
        /// The game.
        game: u64,
        /// The board, index `rank * 10 + file` (a1 = 0): the recipient's
        /// pieces placed so far, `null` elsewhere.
        board: Vec<Option<String>>,
        /// The piece the next `place` puts down (`null` when all stand).
        next: Option<&'static str>,
        /// Pieces still to place.
        remaining: usize,
        /// Every piece stands: `ready` may be sent.
        complete: bool,
        /// The recipient handed in its setup.
        ready: bool,
        /// The opponent handed in its setup.
        opponent_ready: bool,
    },
    /// The predefined setups are offered.
    Predefined {
        /// The game.
        game: u64,
        /// Name and deployment (text form, front row first).
        setups: Vec<PredefinedSetup>,
    },
    /// The game as the recipient may see it, after the setup and every
    /// move.
    State {
        /// The game.
        game: u64,
        /// Plies played.
        ply: u32,
        /// `red` or `blue`.
        to_move: &'static str,
        /// The recipient is to move.
        your_turn: bool,
        /// The board as the recipient sees it (see the protocol document
        /// for the square tokens), index `rank * 10 + file`.
        board: Vec<Option<String>>,
        /// The recipient's legal moves (empty when it is not to move).
        moves: Vec<String>,
        /// The last move.
        last: Option<LastMove>,
        /// The move clock.
        clock: Option<ClockInfo>,
        /// Pieces left per rank label (public knowledge), Red's and Blue's.
        left: LeftCounts,
    },
    /// The game ended (it is stored).
    GameOver {
        /// The game.
        game: u64,
        /// `red`, `blue` or `draw`; `none` when it was ended without a
        /// result.
        outcome: &'static str,
        /// The winner's name.
        winner: Option<String>,
        /// `flag_captured`, `no_moves`, `timeout`, `left`, `setup_timeout`
        /// or `server_stopped`.
        reason: &'static str,
        /// It counts for the leaderboard.
        counted: bool,
        /// Session milliseconds from accepting to the end.
        duration_ms: u64,
        /// Both players' points now (red first).
        points: Vec<Points>,
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

/// A predefined setup as the `predefined` message lists it.
#[derive(Debug, Clone, Serialize)]
pub struct PredefinedSetup {
    /// Its name.
    pub name: &'static str,
    /// Its deployment.
    pub deployment: String,
}

/// Pieces left per side: `{"red": {"10": 1, ...}, "blue": {...}}`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LeftCounts {
    /// Red's.
    pub red: std::collections::BTreeMap<&'static str, u8>,
    /// Blue's.
    pub blue: std::collections::BTreeMap<&'static str, u8>,
}

impl ServerMsg {
    /// The JSON text of the message.
    #[must_use]
    pub fn to_json(&self) -> String {
        // Serializing these types cannot fail (string keys, no maps with
        // other keys); an empty object stands in if it ever did.
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
            (r#"{"type":"challenge","to":"bert"}"#, "challenge"),
            (r#"{"type":"withdraw","to":"bert"}"#, "withdraw"),
            (r#"{"type":"accept","from":"anna"}"#, "accept"),
            (r#"{"type":"decline","from":"anna"}"#, "decline"),
            (r#"{"type":"place","game":1,"square":"a4"}"#, "place"),
            (r#"{"type":"take","game":1,"square":"a4"}"#, "take"),
            (r#"{"type":"adopt","game":1,"setup":3}"#, "adopt"),
            (r#"{"type":"clear","game":1}"#, "clear"),
            (r#"{"type":"ready","game":1}"#, "ready"),
            (r#"{"type":"move","game":1,"move":"a4-a5"}"#, "move"),
            (r#"{"type":"leave","game":1}"#, "leave"),
            (r#"{"type":"ping"}"#, "ping"),
        ];
        for (text, ty) in cases {
            let m = ClientMsg::parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!(m.type_name(), ty);
        }
        assert_eq!(cases.len(), CLIENT_TYPES.len());
        assert_eq!(
            ClientMsg::parse(r#"{"type":"ready","game":2,"deployment":"x"}"#),
            Ok(ClientMsg::Ready {
                game: 2,
                deployment: Some("x".into())
            })
        );
        assert_eq!(
            ClientMsg::parse(r#"{"type":"ping","id":null}"#),
            Ok(ClientMsg::Ping { id: None })
        );
    }

    #[test]
    fn every_mistake_has_its_code() {
        assert_eq!(code("{"), ErrorCode::BadJson);
        assert_eq!(code("[1,2]"), ErrorCode::BadJson);
        assert_eq!(code("\"name\""), ErrorCode::BadJson);
        assert_eq!(code("{}"), ErrorCode::UnknownType);
        assert_eq!(code(r#"{"type":7}"#), ErrorCode::UnknownType);
        assert_eq!(code(r#"{"type":"fly"}"#), ErrorCode::UnknownType);
        assert_eq!(code(r#"{"type":"name"}"#), ErrorCode::BadField);
        assert_eq!(code(r#"{"type":"name","name":3}"#), ErrorCode::BadField);
        assert_eq!(
            code(r#"{"type":"name","name":"a","admin":true}"#),
            ErrorCode::BadField
        );
        assert_eq!(
            code(r#"{"type":"move","game":-1,"move":"a4-a5"}"#),
            ErrorCode::BadField
        );
        assert_eq!(
            code(r#"{"type":"move","game":1.5,"move":"a4-a5"}"#),
            ErrorCode::BadField
        );
        let big = format!(
            r#"{{"type":"chat","text":"{}"}}"#,
            "x".repeat(MAX_MESSAGE_BYTES)
        );
        assert_eq!(code(&big), ErrorCode::TooLarge);
        // Deep nesting is an error, not a stack overflow.
        let deep = format!(
            "{{\"type\":\"chat\",\"text\":{}{}}}",
            "[".repeat(5000),
            "]".repeat(5000)
        );
        assert_eq!(code(&deep), ErrorCode::BadJson);
        let e = ClientMsg::parse(r#"{"type":"move","game":1}"#).unwrap_err();
        assert_eq!(e.request, Some("move"));
        assert!(e.message.contains("\"move\""), "{}", e.message);
    }

    /// The protocol document: every client example parses as the message
    /// of its heading, and every message type of both directions has a
    /// heading.
    #[test]
    fn the_protocol_document_covers_every_message() {
        let doc = include_str!("../../../docs/protocol.md");
        let (client, server) = doc
            .split_once("## Server to client")
            .expect("the two sections");
        let mut examples = 0;
        for section in client.split("\n### `").skip(1) {
            let ty = section.split('`').next().unwrap_or("");
            assert!(CLIENT_TYPES.contains(&ty), "unknown heading {ty}");
            for block in section.split("```json\n").skip(1) {
                let json = block.split("```").next().unwrap_or("");
                let msg = ClientMsg::parse(json).unwrap_or_else(|e| panic!("{json}: {e:?}"));
                assert_eq!(msg.type_name(), ty);
                examples += 1;
            }
        }
        for ty in CLIENT_TYPES {
            assert!(client.contains(&format!("### `{ty}`")), "client {ty}");
        }
        for ty in SERVER_TYPES {
            assert!(server.contains(&format!("### `{ty}`")), "server {ty}");
        }
        assert!(examples > CLIENT_TYPES.len());
        assert!(doc.contains(&format!("version {PROTOCOL_VERSION}")));
    }

    #[test]
    fn server_messages_carry_their_type() {
        let m = ServerMsg::Pong { id: Some(3) };
        assert_eq!(m.to_json(), r#"{"type":"pong","id":3}"#);
        let e = ProtocolError::new(ErrorCode::NotYourTurn, "wait").about("move");
        assert_eq!(
            e.to_msg().to_json(),
            r#"{"type":"error","code":"not_your_turn","message":"wait","request":"move"}"#
        );
    }
}

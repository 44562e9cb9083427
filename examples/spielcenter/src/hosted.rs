//! What the platform needs of a hosted game: the one trait,
//! [`HostedGame`], for a running game, and the one description,
//! [`GameKind`], for a kind of game (its sides, computer levels, score
//! tables and stored record). The platform (connections, names, lobby,
//! chat, challenges, timers, storage, HTTP) calls these and knows nothing
//! else of any game.
//!
//! A game is pure logic: every call gets the current session time in a
//! [`Ctx`], and what the game wants sent goes into the same [`Ctx`] as JSON
//! messages for one seat or both. A computer seat's thinking is a job the
//! platform runs on its blocking pool ([`Thinking`]); its result comes back
//! through [`HostedGame::thought`].

use std::any::Any;

use board_core::{ByPlayer, Outcome, Player};
use board_search::Level;
use serde_json::{Map, Value};

use crate::leaderboard::{Change, Day, PeriodKind, Standing};
use crate::protocol::{Action, ProtocolError};

/// Milliseconds on the session clock (Unix time, possibly running fast in
/// tests).
pub type Millis = u64;

/// A game's id (the stored one).
pub type GameId = u64;

/// Who sits in a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatInfo {
    /// The name shown (a computer's is `Computer (LEVEL)`).
    pub name: String,
    /// The level of a computer player; `None` for a person.
    pub computer: Option<Level>,
}

/// How a game was started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// A challenge (of a person or a computer player).
    Normal,
    /// The game of the day of this date.
    Daily(Day),
}

/// Settings of the server that games read.
#[derive(Debug, Clone)]
pub struct GameSettings {
    /// Session milliseconds per real millisecond.
    pub time_scale: u64,
    /// Battlegeneral: real milliseconds until the setup screen offers the
    /// predefined setups.
    pub predefined_after_ms: u64,
}

/// What starting a game gets.
#[derive(Debug)]
pub struct Start<'a> {
    /// The game's id.
    pub id: GameId,
    /// Who sits where.
    pub seats: ByPlayer<SeatInfo>,
    /// The session time.
    pub now: Millis,
    /// A seed for the game's random choices (computer setups, ...).
    pub seed: u64,
    /// A challenge or the game of the day.
    pub mode: Mode,
    /// The server's settings.
    pub settings: &'a GameSettings,
    /// The score tables now (a game of the day tells whether it will count).
    pub standing: &'a Standing,
    /// The game's own options, as its kind's `options` checked them.
    pub options: &'a Map<String, Value>,
    /// It is played on one screen (both seats there, or a demonstration).
    pub local: bool,
}

/// What a game wants sent, collected during one call.
#[derive(Debug, Default)]
pub struct Ctx {
    now: Millis,
    out: Vec<(Option<Player>, Value)>,
}

impl Ctx {
    /// A context at session time `now`.
    #[must_use]
    pub fn new(now: Millis) -> Ctx {
        Ctx {
            now,
            out: Vec::new(),
        }
    }

    /// The session time.
    #[must_use]
    pub fn now(&self) -> Millis {
        self.now
    }

    /// Sends a message to one seat (a computer's seat drops it).
    pub fn send(&mut self, to: Player, msg: Value) {
        self.out.push((Some(to), msg));
    }

    /// Sends a message to both seats.
    pub fn both(&mut self, msg: Value) {
        self.out.push((None, msg));
    }

    /// Takes what was sent, in order (`None`: both seats).
    pub fn take(&mut self) -> Vec<(Option<Player>, Value)> {
        std::mem::take(&mut self.out)
    }
}

/// A computer seat's thinking, to be run away from the game (it may take
/// a while): its result goes back to [`HostedGame::thought`] with the tag.
pub struct Thinking {
    /// Says which state of the game the thought is for.
    pub tag: u64,
    /// The work.
    pub job: Box<dyn FnOnce() -> Thought + Send>,
}

impl std::fmt::Debug for Thinking {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Thinking").field("tag", &self.tag).finish()
    }
}

/// The result of a [`Thinking`] job, for the game that made it.
pub type Thought = Box<dyn Any + Send>;

/// The move a computer's job found (a job that answers `Option<M>`):
/// `None` when it found none or failed.
#[must_use]
pub fn thought_move<M: 'static>(thought: Option<Thought>) -> Option<M> {
    thought
        .and_then(|t| t.downcast::<Option<M>>().ok())
        .and_then(|b| *b)
}

/// Plays the computer's move `mv` of game `id` with `play`; when it found
/// none (its job failed) or its move is refused, says why in the log and
/// returns `false`: the computer then leaves rather than hold the game up.
pub fn computer_played<M: std::fmt::Display, E: std::fmt::Display>(
    id: GameId,
    mv: Option<M>,
    play: impl FnOnce(&M) -> Result<(), E>,
) -> bool {
    let Some(mv) = mv else {
        log!("game {id}: the computer player failed; it leaves");
        return false;
    };
    match play(&mv) {
        Ok(()) => true,
        Err(e) => {
            log!("game {id}: the computer's move {mv} was refused: {e}");
            false
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// The result (`None`: ended without one).
    pub outcome: Option<Outcome>,
    /// Why, as the protocol and the store name it (`flag_captured`,
    /// `left`, `timeout`, ...).
    pub reason: &'static str,
    /// Whose doing the reason was (who left or timed out), if anyone's.
    pub reason_player: Option<Player>,
    /// When (session time).
    pub ended_at: Millis,
}

impl Ending {
    /// `seat` left the game at `at`: the other side wins.
    #[must_use]
    pub fn left(seat: Player, at: Millis) -> Ending {
        Ending {
            outcome: Some(Outcome::Win(!seat)),
            reason: "left",
            reason_player: Some(seat),
            ended_at: at,
        }
    }

    /// The clock of `late` (the side to move) ran out at `at`: the other
    /// side wins.
    #[must_use]
    pub fn timeout(late: Player, at: Millis) -> Ending {
        Ending {
            outcome: Some(Outcome::Win(!late)),
            reason: "timeout",
            reason_player: Some(late),
            ended_at: at,
        }
    }
}

/// A running game: the referee of one game.
pub trait HostedGame: Send {
    /// The kind of game.
    fn kind(&self) -> &'static GameKind;

    /// The game's own fields of `game_start` for a seat.
    fn start_fields(&self, seat: Player) -> Map<String, Value>;

    /// The game begins (right after both players got `game_start`): the
    /// first screens, the computers' first steps.
    fn begin(&mut self, ctx: &mut Ctx);

    /// A seat's action. An error changes nothing and goes back to that
    /// seat only. Never called once the game has ended.
    fn act(&mut self, seat: Player, action: Action, ctx: &mut Ctx) -> Result<(), ProtocolError>;

    /// A seat leaves (the leave button, a closed socket): the other wins,
    /// if the game has begun.
    fn leave(&mut self, seat: Player, ctx: &mut Ctx);

    /// The next session time at which [`wake`](Self::wake) must be called
    /// (clocks, offers), if any.
    fn wake_at(&self) -> Option<Millis>;

    /// Timers are due.
    fn wake(&mut self, ctx: &mut Ctx);

    /// A computer seat must act now: the job that finds its action (called
    /// after every change; at most one job is out at a time).
    fn think(&mut self) -> Option<Thinking>;

    /// A job's result (`None`: it failed; the computer then leaves).
    fn thought(&mut self, tag: u64, thought: Option<Thought>, ctx: &mut Ctx);

    /// The end, once the game is over.
    fn ending(&self) -> Option<Ending>;

    /// The game's own fields of `game_over` for a seat (the whole board,
    /// the score, ...).
    fn over_fields(&self, seat: Player) -> Map<String, Value>;

    /// The record to store (moves, setups, times: whatever replays the
    /// game and scores it).
    fn record(&self) -> Value;

    /// Plies played (moves of both sides).
    fn plies(&self) -> u64;

    /// The seat to act now, if one is (a screen that plays both seats acts
    /// for this one).
    fn turn(&self) -> Option<Player> {
        None
    }
}

/// A finished game as stored: the platform's columns and the game's own
/// record.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredGame {
    /// The id.
    pub id: GameId,
    /// The order of storing (the order the score tables are built in).
    pub seq: u64,
    /// The kind of game.
    pub kind: String,
    /// The players' names, the first player's first.
    pub players: [String; 2],
    /// Which players were computers.
    pub computers: [bool; 2],
    /// The date of the game of the day it was, if it was one.
    pub daily: Option<Day>,
    /// When it started (session ms).
    pub started_at: Millis,
    /// When it ended.
    pub ended_at: Millis,
    /// Plies played.
    pub plies: u64,
    /// The result.
    pub outcome: Option<Outcome>,
    /// Why it ended.
    pub reason: String,
    /// Whose doing the reason was.
    pub reason_player: Option<Player>,
    /// It entered the score tables.
    pub counted: bool,
    /// The game's own record.
    pub record: Value,
}

/// A file a stored game can be downloaded as (`/api/games/ID/NAME`).
#[derive(Debug, Clone, Copy)]
pub struct Export {
    /// The last part of the path, such as `gravon.xml`.
    pub name: &'static str,
    /// Its content type.
    pub content_type: &'static str,
    /// The file's name when saved.
    pub file_name: fn(GameId) -> String,
    /// The file, if the game has one (`None`: it never reached play).
    pub make: fn(&StoredGame) -> Option<String>,
}

/// A kind of game the Spielcenter hosts.
#[derive(Debug)]
pub struct GameKind {
    /// Its id (`battlegeneral`, `fanorona`): in the protocol, the store and
    /// paths.
    pub id: &'static str,
    /// The two sides' names, the first player's first (`red`, `blue`).
    pub sides: [&'static str; 2],
    /// The computer players' levels (each one lobby player for every game).
    pub levels: &'static [Level],
    /// The side a person plays against a computer player.
    pub human_side: Player,
    /// People may challenge each other to it.
    pub challenge: bool,
    /// One screen may play it alone: both sides there (two people taking
    /// turns), or against a computer, or watching two computers.
    pub local: bool,
    /// It has a game of the day.
    pub daily: bool,
    /// Checks a game's own options (not `side`, which the platform
    /// takes); returns them complete (with defaults) or what is wrong.
    pub options: OptionsFn,
    /// Its highscore tables, if it keeps any.
    pub highscore: Option<crate::highscore::HighscoreRule>,
    /// The action types its players may send (`move`, ...): each has a
    /// heading in its section of the protocol document.
    pub actions: &'static [&'static str],
    /// The reasons its own rules end a game with (the platform adds
    /// [`PLATFORM_REASONS`]): each has a text in the client.
    pub reasons: &'static [&'static str],
    /// The periods of its score tables (empty: it keeps none).
    pub periods: &'static [PeriodKind],
    /// Starts a game.
    pub start: fn(Start<'_>) -> Box<dyn HostedGame>,
    /// What a finished game changes in the score tables (given the day it
    /// ended on in the server's time zone and the tables before it).
    pub score: fn(&StoredGame, Day, &Standing) -> Vec<Change>,
    /// The files a stored game can be downloaded as.
    pub exports: &'static [Export],
}

impl GameKind {
    /// The name of a side.
    #[must_use]
    pub fn side(&self, player: Player) -> &'static str {
        match player {
            Player::First => self.sides[0],
            Player::Second => self.sides[1],
        }
    }

    /// The player of a side's name.
    #[must_use]
    pub fn side_from(&self, text: &str) -> Option<Player> {
        Player::ALL.into_iter().find(|&p| self.side(p) == text)
    }

    /// An outcome as the protocol names it: the winning side, `draw` or
    /// `none`.
    #[must_use]
    pub fn outcome_text(&self, outcome: Option<Outcome>) -> &'static str {
        match outcome {
            Some(Outcome::Win(p)) => self.side(p),
            Some(Outcome::Draw) => "draw",
            None => "none",
        }
    }

    /// Reads [`outcome_text`](Self::outcome_text) back.
    #[must_use]
    pub fn outcome_from(&self, text: &str) -> Option<Option<Outcome>> {
        match text {
            "draw" => Some(Some(Outcome::Draw)),
            "none" => Some(None),
            t => self.side_from(t).map(|p| Some(Outcome::Win(p))),
        }
    }
}

/// Checks a game's options: complete (with defaults), or what is wrong.
pub type OptionsFn = fn(&Map<String, Value>) -> Result<Map<String, Value>, String>;

/// The reasons the platform ends a game of any kind with: a player left,
/// a clock ran out, a one-screen game was stopped, the server stopped.
pub const PLATFORM_REASONS: [&str; 4] = ["left", "timeout", "stopped", "server_stopped"];

/// Options for a game that has none: only an empty object.
///
/// # Errors
/// The first option given.
pub fn no_options(options: &Map<String, Value>) -> Result<Map<String, Value>, String> {
    match options.keys().next() {
        None => Ok(Map::new()),
        Some(k) => Err(format!("this game has no option {k:?}")),
    }
}

/// The lobby name of a computer player of `level`.
#[must_use]
pub fn computer_name(level: Level) -> String {
    format!("Computer ({level})")
}

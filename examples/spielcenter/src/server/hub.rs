//! What the connection, lobby, game and storage tasks share: the channels
//! between them and the server's settings.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use board_core::Player;
use tokio::sync::{Notify, mpsc, oneshot};

use super::clock::Clock;
use super::store::Store;
use crate::calendar::Calendar;
use crate::hosted::{GameId, GameSettings, StoredGame};
use crate::leaderboard::{Change, Standing};
use crate::protocol::{Board, ClientMsg, ServerMsg};

/// A connection's id: the server binds a name to it, and no message can
/// name another connection to act for.
pub type ConnId = u64;

/// The server's settings.
#[derive(Debug)]
pub struct Config {
    /// Session time.
    pub clock: Clock,
    /// Days and months.
    pub calendar: Calendar,
    /// What games read.
    pub games: GameSettings,
    /// Messages per second a connection may send on average.
    pub rate: u32,
    /// Messages a connection may send in a burst.
    pub burst: u32,
    /// How long a computer player waits before it moves (real time).
    pub computer_delay: Duration,
    /// Connections at most.
    pub max_connections: usize,
    /// The `Origin`s a browser's WebSocket may come from
    /// (`http://host:port`, lower case).
    pub origins: Vec<String>,
    /// The computer players' thinking pool.
    pub thinkers: super::thinkers::Thinkers,
    /// The score tables (the writer's, after each commit).
    pub standing: Arc<RwLock<Standing>>,
    /// The highscore tables (the writer's, after each commit).
    pub highscores: Arc<RwLock<crate::highscore::Highscores>>,
}

/// What a connection task is told.
#[derive(Debug)]
pub enum ToConn {
    /// A message to send.
    Frame(Utf8Bytes),
    /// The connection plays in this game now.
    Joined(GameLink),
    /// The game is over.
    Ended(GameId),
}

/// A connection's seat in a game: where its game messages go.
#[derive(Debug, Clone)]
pub struct GameLink {
    /// The game.
    pub id: GameId,
    /// The connection's seat (`None`: every seat a person plays in a game
    /// on one screen, or none in a demonstration).
    pub seat: Option<Player>,
    /// The game task.
    pub tx: mpsc::Sender<GameCmd>,
}

/// The sending end of a connection: never blocks; a connection whose queue
/// is full (a client that does not read) is closed.
#[derive(Debug, Clone)]
pub struct Outbox {
    tx: mpsc::Sender<ToConn>,
    kick: Arc<Notify>,
}

/// A connection's queue length: the messages a client may leave unread
/// before it is dropped as too slow.
pub const OUTBOX_LEN: usize = 4096;

impl Outbox {
    /// A new outbox and its receiving end.
    #[must_use]
    pub fn new() -> (Outbox, mpsc::Receiver<ToConn>, Arc<Notify>) {
        let (tx, rx) = mpsc::channel(OUTBOX_LEN);
        let kick = Arc::new(Notify::new());
        (
            Outbox {
                tx,
                kick: Arc::clone(&kick),
            },
            rx,
            kick,
        )
    }

    /// Queues a control message or frame; a full queue closes the
    /// connection. Returns whether it was queued.
    pub fn push(&self, item: ToConn) -> bool {
        match self.tx.try_send(item) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.kick.notify_one();
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Queues a message.
    pub fn send(&self, msg: &ServerMsg) -> bool {
        self.push(ToConn::Frame(Utf8Bytes::from(msg.to_json())))
    }

    /// Queues an already serialized message (a broadcast).
    pub fn send_frame(&self, frame: &Utf8Bytes) -> bool {
        self.push(ToConn::Frame(frame.clone()))
    }
}

/// What the lobby task is told.
#[derive(Debug)]
pub enum LobbyCmd {
    /// A connection opened.
    Connect {
        /// Its id.
        conn: ConnId,
        /// Its outbox.
        out: Outbox,
    },
    /// A lobby message of a connection.
    Msg {
        /// From.
        conn: ConnId,
        /// The message.
        msg: ClientMsg,
    },
    /// A connection closed.
    Disconnect {
        /// Its id.
        conn: ConnId,
    },
    /// Answered once everything a connection sent before was handled.
    Barrier {
        /// Where to answer.
        reply: oneshot::Sender<()>,
    },
    /// A game could not be started (storage): its players are free.
    GameFailed {
        /// The game.
        id: GameId,
    },
    /// A game is over and stored; its players are free again once `done`
    /// is answered (before they are told the result, so that a challenge
    /// they send on finds them free).
    GameEnded {
        /// The game.
        id: GameId,
        /// The game's score tables after it, if they changed.
        board: Option<Board>,
        /// The highscore table it entered, if it did.
        highscore: Option<crate::protocol::HighscoreTable>,
        /// Answered when the lobby has freed the players.
        done: oneshot::Sender<()>,
    },
    /// Counts for `/api/status`.
    Status {
        /// Where to answer.
        reply: oneshot::Sender<Status>,
    },
    /// The server stops: end every game (stored as stopped by the server).
    Shutdown {
        /// Answered when every game has ended.
        reply: oneshot::Sender<()>,
    },
}

/// The lobby's counts.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct Status {
    /// Open connections.
    pub connections: usize,
    /// Connections with a name.
    pub players: usize,
    /// Games running.
    pub games: usize,
    /// Open challenges.
    pub challenges: usize,
}

/// What a game task is told.
#[derive(Debug)]
pub enum GameCmd {
    /// A game message of a seat (an action, a chat line, leaving).
    Msg {
        /// Which seat sent it (`None`: the one screen of a game played on
        /// one screen).
        seat: Option<Player>,
        /// The message.
        msg: ClientMsg,
    },
    /// A seat's connection closed.
    Left {
        /// Which seat (`None`: the one screen of a game played on one
        /// screen).
        seat: Option<Player>,
    },
    /// A computer's thinking is done.
    Thought {
        /// The job's tag.
        tag: u64,
        /// Its result (`None`: it failed).
        thought: Option<crate::hosted::Thought>,
    },
    /// Answered once everything sent before was handled.
    Barrier {
        /// Where to answer.
        reply: oneshot::Sender<()>,
    },
    /// The server stops.
    Shutdown {
        /// Answered once the game is stored.
        reply: oneshot::Sender<()>,
    },
}

/// What the storage writer is told (it does one thing at a time, in
/// order, so that the score tables are built game by game).
#[derive(Debug)]
pub enum StoreCmd {
    /// A game finished: score it and store it.
    Finish {
        /// The game (its `seq` and `counted` are set by the writer).
        game: Box<StoredGame>,
        /// The changes and tables, or why the game could not be stored.
        reply: oneshot::Sender<Result<Finished, String>>,
    },
}

/// A stored game's score changes and its board after it.
#[derive(Debug, Clone)]
pub struct Finished {
    /// The changes.
    pub changes: Vec<Change>,
    /// The game's board after it (the current periods).
    pub board: Option<Board>,
    /// The highscore table the game entered, if it did (with its place,
    /// from 1).
    pub highscore: Option<(crate::protocol::HighscoreTable, usize)>,
}

/// Everything a connection needs.
#[derive(Debug)]
pub struct Hub {
    /// The settings.
    pub config: Arc<Config>,
    /// The lobby task.
    pub lobby: mpsc::Sender<LobbyCmd>,
    /// The storage, for reading.
    pub store: Store,
    next_conn: AtomicU64,
    open: AtomicUsize,
}

impl Hub {
    /// A hub.
    #[must_use]
    pub fn new(config: Arc<Config>, lobby: mpsc::Sender<LobbyCmd>, store: Store) -> Hub {
        Hub {
            config,
            lobby,
            store,
            next_conn: AtomicU64::new(1),
            open: AtomicUsize::new(0),
        }
    }

    /// Takes a connection slot and an id, unless the server is full.
    pub fn open_connection(&self) -> Option<ConnId> {
        let before = self.open.fetch_add(1, Ordering::SeqCst);
        if before >= self.config.max_connections {
            self.open.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(self.next_conn.fetch_add(1, Ordering::Relaxed))
    }

    /// Gives a connection slot back.
    pub fn close_connection(&self) {
        self.open.fetch_sub(1, Ordering::SeqCst);
    }

    /// Open connections.
    pub fn open_connections(&self) -> usize {
        self.open.load(Ordering::SeqCst)
    }
}

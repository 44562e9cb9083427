//! The lobby task: names (and the tokens that keep them), who is online
//! and in which game, chat, challenges, the game of the day, and the start
//! of games. Every action is taken for the connection it came from; a
//! message never names the sender.
//!
//! Presence costs each client in proportion to what it shows: news of
//! players goes out in one `players` message at most every
//! [`NEWS_EVERY`], only to the players in the lobby (not in a game);
//! a player who comes back from a game gets the whole lobby once.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::ops::Range;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use board_core::{ByPlayer, Player};
use board_search::Level;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use super::hub::{Config, ConnId, GameCmd, GameLink, LobbyCmd, Outbox, Status, ToConn};
use super::store::{Registration, Store};
use super::table::{self, Launch, Links};
use super::writer::boards;
use crate::games;
use crate::hosted::{GameId, GameKind, Mode, SeatInfo, computer_name};
use crate::leaderboard::Day;
use crate::names::{check_chat, check_name, is_token, name_key};
use crate::protocol::{
    Board, ChallengeInfo, ChatLine, ClientMsg, ErrorCode, HighscoreTable, NEWS_EVERY_MS,
    PlayerInfo, ProtocolError, ServerMsg,
};

/// Chat lines kept for players who arrive.
pub const CHAT_HISTORY: usize = 50;
/// Open challenges a player may have made at once.
pub const MAX_CHALLENGES: usize = 20;
/// Player news goes out at most this often, the latest state of each
/// player only.
pub const NEWS_EVERY: Duration = Duration::from_millis(NEWS_EVERY_MS);
/// A board's tables go out at most this often.
pub const TABLES_EVERY: Duration = Duration::from_secs(1);

#[derive(Debug)]
struct Member {
    out: Outbox,
    name: Option<String>,
    key: Option<String>,
    token: Option<String>,
    game: Option<GameId>,
}

impl Member {
    /// In the lobby: named and not in a game.
    fn watching(&self) -> bool {
        self.name.is_some() && self.game.is_none()
    }
}

#[derive(Debug)]
struct Live {
    tx: mpsc::Sender<GameCmd>,
    humans: Vec<ConnId>,
    kind: &'static str,
    names: [String; 2],
}

/// A challenge: the game, the challenger's side (if chosen) and the game's
/// own options.
#[derive(Debug, Clone)]
struct Offer {
    kind: &'static GameKind,
    side: Option<Player>,
    options: Map<String, Value>,
}

impl Offer {
    /// The options as `challenges` shows them.
    fn shown(&self) -> Map<String, Value> {
        let mut m = self.options.clone();
        if let Some(side) = self.side {
            m.insert("side".into(), self.kind.side(side).into());
        }
        m
    }
}

/// Whom a name stands for.
#[derive(Debug, Clone, Copy)]
enum Target {
    Human(ConnId),
    Computer(Level),
}

/// Where the lobby starts games.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The settings.
    pub config: Arc<Config>,
    /// The store (ids, names, starts).
    pub store: Store,
    /// The storage writer.
    pub writer: mpsc::Sender<super::hub::StoreCmd>,
    /// The first reserved game ids.
    pub ids: Range<u64>,
    /// The names that have played: key, name, token hash.
    pub registered: HashMap<String, (String, String)>,
}

struct Lobby {
    setup: Setup,
    members: HashMap<ConnId, Member>,
    names: HashMap<String, ConnId>,
    /// (challenger, challenged) and the game.
    challenges: BTreeMap<(ConnId, ConnId), Offer>,
    chat: VecDeque<ChatLine>,
    games: HashMap<GameId, Live>,
    me: mpsc::Sender<LobbyCmd>,
    /// Player news not sent yet (`None`: left).
    news: BTreeMap<String, Option<PlayerInfo>>,
    /// The boards as last computed, and the day they are of.
    boards: (Day, Vec<Board>),
    /// Boards not sent yet.
    pending_boards: BTreeMap<String, Board>,
    boards_sent: Option<Instant>,
    flush_at: Option<Instant>,
}

/// Starts the lobby task.
pub fn spawn(setup: Setup) -> (mpsc::Sender<LobbyCmd>, tokio::task::JoinHandle<()>) {
    let (tx, rx) = mpsc::channel(4096);
    let day = setup.config.calendar.day_of(setup.config.clock.now());
    let current = {
        let s = setup
            .config
            .standing
            .read()
            .unwrap_or_else(|e| e.into_inner());
        boards(&s, day)
    };
    let lobby = Lobby {
        setup,
        members: HashMap::new(),
        names: HashMap::new(),
        challenges: BTreeMap::new(),
        chat: VecDeque::new(),
        games: HashMap::new(),
        me: tx.clone(),
        news: BTreeMap::new(),
        boards: (day, current),
        pending_boards: BTreeMap::new(),
        boards_sent: None,
        flush_at: None,
    };
    let handle = tokio::spawn(lobby.run(rx));
    (tx, handle)
}

/// Every highscore table of every game.
fn highscore_tables(config: &Config) -> Vec<HighscoreTable> {
    let h = config.highscores.read().unwrap_or_else(|e| e.into_inner());
    let mut out = Vec::new();
    for kind in games::GAMES {
        if let Some(rule) = kind.highscore {
            for table in rule.tables {
                out.push(HighscoreTable {
                    kind: kind.id.to_owned(),
                    table: (*table).to_owned(),
                    rows: h.table(kind.id, table).to_vec(),
                });
            }
        }
    }
    out
}

fn refusal(code: ErrorCode, message: impl Into<String>, request: &str) -> ProtocolError {
    ProtocolError::new(code, message).about(request)
}

/// A new secret token: 128 random bits as 32 hexadecimal digits.
fn new_token() -> Option<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The SHA-256 of a token, hexadecimal: what the store keeps.
fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

impl Lobby {
    async fn run(mut self, mut rx: mpsc::Receiver<LobbyCmd>) {
        loop {
            let cmd = match self.flush_at {
                Some(at) => tokio::select! {
                    cmd = rx.recv() => cmd,
                    () = tokio::time::sleep_until(at) => {
                        self.flush();
                        continue;
                    }
                },
                None => rx.recv().await,
            };
            let Some(cmd) = cmd else { return };
            match cmd {
                LobbyCmd::Connect { conn, out } => {
                    self.members.insert(
                        conn,
                        Member {
                            out,
                            name: None,
                            key: None,
                            token: None,
                            game: None,
                        },
                    );
                }
                LobbyCmd::Msg { conn, msg } => {
                    let request = msg.type_name().to_owned();
                    if let Err(e) = self.on_message(conn, msg).await {
                        let e = if e.request.is_none() {
                            e.about(&request)
                        } else {
                            e
                        };
                        self.send(conn, &e.to_msg());
                    }
                }
                LobbyCmd::Disconnect { conn } => self.on_disconnect(conn),
                LobbyCmd::Barrier { reply } => {
                    let _ = reply.send(());
                }
                LobbyCmd::GameFailed { id } => self.free(id),
                LobbyCmd::GameEnded {
                    id,
                    board,
                    highscore,
                    done,
                } => {
                    if let Some(table) = highscore {
                        self.broadcast(&ServerMsg::Highscores(table));
                    }
                    if let Some(b) = board {
                        if let Some(slot) = self.boards.1.iter_mut().find(|x| x.board == b.board) {
                            *slot = b.clone();
                        }
                        self.pending_boards.insert(b.board.clone(), b);
                        self.schedule(Instant::now());
                    }
                    self.free(id);
                    let _ = done.send(());
                }
                LobbyCmd::Status { reply } => {
                    let _ = reply.send(Status {
                        connections: self.members.len(),
                        players: self.names.len(),
                        games: self.games.len(),
                        challenges: self.challenges.len(),
                    });
                }
                LobbyCmd::Shutdown { reply } => {
                    self.shutdown(&mut rx).await;
                    let _ = reply.send(());
                    return;
                }
            }
        }
    }

    /// Notes news of a player (`None`: it left) for the next flush.
    fn news_of(&mut self, name: String, info: Option<PlayerInfo>) {
        self.news.insert(name, info);
        self.schedule(Instant::now() + NEWS_EVERY);
    }

    fn schedule(&mut self, at: Instant) {
        self.flush_at = Some(self.flush_at.map_or(at, |f| f.min(at)));
    }

    /// Sends the news and, if it is time, the boards, to the players in
    /// the lobby.
    fn flush(&mut self) {
        self.flush_at = None;
        if !self.news.is_empty() {
            let mut changed = Vec::new();
            let mut left = Vec::new();
            for (name, info) in std::mem::take(&mut self.news) {
                match info {
                    Some(info) => changed.push(info),
                    None => left.push(name),
                }
            }
            self.broadcast(&ServerMsg::Players { changed, left });
        }
        if !self.pending_boards.is_empty() {
            let now = Instant::now();
            match self.boards_sent.map(|t| t + TABLES_EVERY) {
                Some(next) if next > now => self.schedule(next),
                _ => {
                    for (_, b) in std::mem::take(&mut self.pending_boards) {
                        self.broadcast(&ServerMsg::Leaderboard(b));
                    }
                    self.boards_sent = Some(now);
                }
            }
        }
    }

    fn send(&self, conn: ConnId, msg: &ServerMsg) {
        if let Some(m) = self.members.get(&conn) {
            m.out.send(msg);
        }
    }

    /// Sends to every player in the lobby.
    fn broadcast(&self, msg: &ServerMsg) {
        let frame = Utf8Bytes::from(msg.to_json());
        for m in self.members.values() {
            if m.watching() {
                m.out.send_frame(&frame);
            }
        }
    }

    fn name_of(&self, conn: ConnId) -> Option<&str> {
        self.members.get(&conn).and_then(|m| m.name.as_deref())
    }

    fn info(&self, conn: ConnId) -> Option<PlayerInfo> {
        let m = self.members.get(&conn)?;
        let name = m.name.clone()?;
        let live = m.game.and_then(|g| self.games.get(&g));
        Some(PlayerInfo {
            state: if live.is_some() { "playing" } else { "idle" },
            kind: live.map(|l| l.kind),
            opponent: live.and_then(|l| l.names.iter().find(|n| **n != name).cloned()),
            name,
            computer: false,
        })
    }

    fn computer_info(level: Level) -> PlayerInfo {
        PlayerInfo {
            name: computer_name(level),
            state: "idle",
            kind: None,
            opponent: None,
            computer: true,
        }
    }

    fn resolve(&self, name: &str) -> Option<Target> {
        let key = name_key(name.trim());
        if let Some(level) = Level::ALL
            .into_iter()
            .find(|&l| name_key(&computer_name(l)) == key)
        {
            return Some(Target::Computer(level));
        }
        self.names.get(&key).map(|&c| Target::Human(c))
    }

    fn named(&self, conn: ConnId) -> Result<&str, ProtocolError> {
        self.name_of(conn).ok_or_else(|| {
            ProtocolError::new(ErrorCode::NO_NAME, "choose a name first (message \"name\")")
        })
    }

    fn idle(&self, conn: ConnId) -> bool {
        self.members.get(&conn).is_some_and(|m| m.game.is_none())
    }

    fn send_challenges(&self, conn: ConnId) {
        let list = |pairs: Vec<(ConnId, &Offer)>| -> Vec<ChallengeInfo> {
            let mut v: Vec<ChallengeInfo> = pairs
                .into_iter()
                .filter_map(|(c, o)| {
                    self.name_of(c).map(|n| ChallengeInfo {
                        name: n.to_owned(),
                        kind: o.kind.id,
                        options: o.shown(),
                    })
                })
                .collect();
            v.sort_by(|a, b| (&a.name, a.kind).cmp(&(&b.name, b.kind)));
            v
        };
        let incoming = self
            .challenges
            .iter()
            .filter(|((_, to), _)| *to == conn)
            .map(|((from, _), o)| (*from, o))
            .collect();
        let outgoing = self
            .challenges
            .iter()
            .filter(|((from, _), _)| *from == conn)
            .map(|((_, to), o)| (*to, o))
            .collect();
        self.send(
            conn,
            &ServerMsg::Challenges {
                incoming: list(incoming),
                outgoing: list(outgoing),
            },
        );
    }

    /// Removes every challenge involving `conn`; tells the others.
    fn drop_challenges(&mut self, conn: ConnId) {
        let gone: Vec<(ConnId, ConnId)> = self
            .challenges
            .keys()
            .filter(|(a, b)| *a == conn || *b == conn)
            .copied()
            .collect();
        let mut touched = BTreeSet::new();
        for pair in gone {
            self.challenges.remove(&pair);
            touched.insert(pair.0);
            touched.insert(pair.1);
        }
        for c in touched {
            self.send_challenges(c);
        }
    }

    /// The whole lobby, for one connection.
    fn send_lobby(&mut self, conn: ConnId) {
        let config = Arc::clone(&self.setup.config);
        let day = config.calendar.day_of(config.clock.now());
        if day != self.boards.0 {
            let s = config.standing.read().unwrap_or_else(|e| e.into_inner());
            self.boards = (day, boards(&s, day));
        }
        let mut players: Vec<PlayerInfo> =
            Level::ALL.into_iter().map(Lobby::computer_info).collect();
        let mut humans: Vec<PlayerInfo> =
            self.names.values().filter_map(|&c| self.info(c)).collect();
        humans.sort_by(|a, b| a.name.cmp(&b.name));
        players.extend(humans);
        self.send(
            conn,
            &ServerMsg::Lobby {
                players,
                chat: self.chat.iter().cloned().collect(),
                boards: self.boards.1.clone(),
                highscores: highscore_tables(&config),
            },
        );
        self.send_challenges(conn);
    }

    fn game_kind(id: &str, request: &str) -> Result<&'static GameKind, ProtocolError> {
        games::kind(id).ok_or_else(|| {
            refusal(
                ErrorCode::UNKNOWN_GAME,
                format!(
                    "no game {id:?} is hosted here (the games: {})",
                    games::GAMES
                        .iter()
                        .map(|k| k.id)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                request,
            )
        })
    }

    async fn on_message(&mut self, conn: ConnId, msg: ClientMsg) -> Result<(), ProtocolError> {
        match msg {
            ClientMsg::Name { name, token } => self.on_name(conn, &name, token.as_deref()),
            ClientMsg::Chat { text } => {
                let from = self.named(conn)?.to_string();
                let text = check_chat(&text, "chat")?;
                let line = ChatLine {
                    from,
                    text,
                    at: self.setup.config.clock.now(),
                };
                if self.chat.len() == CHAT_HISTORY {
                    self.chat.pop_front();
                }
                self.chat.push_back(line.clone());
                self.broadcast(&ServerMsg::Chat(line));
                Ok(())
            }
            ClientMsg::Challenge { to, kind, options } => {
                self.on_challenge(conn, &to, &kind, options).await
            }
            ClientMsg::Play {
                kind,
                first,
                second,
                options,
            } => self.on_play(conn, &kind, [&first, &second], options).await,
            ClientMsg::Daily { kind } => {
                self.named(conn)?;
                let kind = Lobby::game_kind(&kind, "daily")?;
                if !kind.daily {
                    return Err(refusal(
                        ErrorCode::UNKNOWN_GAME,
                        format!("{} has no game of the day", kind.id),
                        "daily",
                    ));
                }
                if !self.idle(conn) {
                    return Err(refusal(
                        ErrorCode::BUSY,
                        "you are in a game; play the game of the day when it is over",
                        "daily",
                    ));
                }
                let config = &self.setup.config;
                let day = config.calendar.day_of(config.clock.now());
                let seats = if kind.human_side == Player::First {
                    ByPlayer::new(Target::Human(conn), Target::Computer(Level::Medium))
                } else {
                    ByPlayer::new(Target::Computer(Level::Medium), Target::Human(conn))
                };
                self.start_game(kind, seats, Mode::Daily(day), Map::new())
                    .await
            }
            ClientMsg::Withdraw { to } => {
                self.named(conn)?;
                let them = self.human(&to, "withdraw")?;
                if self.challenges.remove(&(conn, them)).is_none() {
                    return Err(refusal(
                        ErrorCode::NO_CHALLENGE,
                        format!("you have not challenged {}", to.trim()),
                        "withdraw",
                    ));
                }
                self.send_challenges(conn);
                self.send_challenges(them);
                Ok(())
            }
            ClientMsg::Accept { from } => {
                self.named(conn)?;
                let them = self.human(&from, "accept")?;
                self.accept(conn, them, &from).await
            }
            ClientMsg::Decline { from } => {
                let me = self.named(conn)?.to_string();
                let them = self.human(&from, "decline")?;
                if self.challenges.remove(&(them, conn)).is_none() {
                    return Err(refusal(
                        ErrorCode::NO_CHALLENGE,
                        format!("{} has not challenged you", from.trim()),
                        "decline",
                    ));
                }
                self.send(them, &ServerMsg::Declined { by: me });
                self.send_challenges(conn);
                self.send_challenges(them);
                Ok(())
            }
            // Game messages and pings never reach the lobby.
            _ => Ok(()),
        }
    }

    /// `conn` accepts the challenge of `them`: the game starts, the
    /// acceptor as the first player unless the challenger chose a side.
    async fn accept(
        &mut self,
        conn: ConnId,
        them: ConnId,
        shown: &str,
    ) -> Result<(), ProtocolError> {
        let Some(offer) = self.challenges.get(&(them, conn)).cloned() else {
            return Err(refusal(
                ErrorCode::NO_CHALLENGE,
                format!("{} has not challenged you", shown.trim()),
                "accept",
            ));
        };
        if !self.idle(conn) || !self.idle(them) {
            return Err(refusal(
                ErrorCode::BUSY,
                "one of you is in a game",
                "accept",
            ));
        }
        let seats = if offer.side == Some(Player::First) {
            ByPlayer::new(Target::Human(them), Target::Human(conn))
        } else {
            ByPlayer::new(Target::Human(conn), Target::Human(them))
        };
        self.start_game(offer.kind, seats, Mode::Normal, offer.options)
            .await
    }

    /// Checks the options of a challenge or a game on one screen: `side`
    /// (one of the game's sides, when `with_side`) and the game's own.
    fn options(
        kind: &'static GameKind,
        mut options: Map<String, Value>,
        with_side: bool,
        request: &str,
    ) -> Result<(Option<Player>, Map<String, Value>), ProtocolError> {
        let bad = |m: String| ProtocolError::new(ErrorCode::BAD_FIELD, m).about(request);
        let side = match options.remove("side") {
            None | Some(Value::Null) => None,
            Some(Value::String(t)) if with_side => Some(kind.side_from(&t).ok_or_else(|| {
                bad(format!(
                    "side {t:?} is not one of {}'s sides ({})",
                    kind.id,
                    kind.sides.join(", ")
                ))
            })?),
            Some(_) if !with_side => {
                return Err(bad(
                    "a game on one screen chooses its sides with \"first\" and \"second\"".into(),
                ));
            }
            Some(v) => return Err(bad(format!("side must be a string, not {v}"))),
        };
        let options = (kind.options)(&options)
            .map_err(|why| bad(format!("options of {}: {why}", kind.id)))?;
        Ok((side, options))
    }

    /// A game on one screen: each side `me` or a computer's level.
    async fn on_play(
        &mut self,
        conn: ConnId,
        kind: &str,
        sides: [&str; 2],
        options: Map<String, Value>,
    ) -> Result<(), ProtocolError> {
        self.named(conn)?;
        let kind = Lobby::game_kind(kind, "play")?;
        if !kind.local {
            return Err(refusal(
                ErrorCode::UNKNOWN_GAME,
                format!("{} is not played on one screen", kind.id),
                "play",
            ));
        }
        let (_, options) = Lobby::options(kind, options, false, "play")?;
        let mut seats = Vec::new();
        for side in sides {
            seats.push(if side == "me" {
                Target::Human(conn)
            } else {
                let level = side
                    .parse::<Level>()
                    .ok()
                    .filter(|l| kind.levels.contains(l))
                    .ok_or_else(|| {
                        refusal(
                            ErrorCode::BAD_FIELD,
                            format!(
                                "a side is \"me\" or a level ({}), not {side:?}",
                                kind.levels
                                    .iter()
                                    .map(|l| l.name())
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                            "play",
                        )
                    })?;
                Target::Computer(level)
            });
        }
        if !self.idle(conn) {
            return Err(refusal(
                ErrorCode::BUSY,
                "you are in a game; start another when it is over",
                "play",
            ));
        }
        self.launch(
            kind,
            ByPlayer::new(seats[0], seats[1]),
            Mode::Normal,
            options,
            Some(conn),
        )
        .await
    }

    fn human(&self, name: &str, request: &str) -> Result<ConnId, ProtocolError> {
        match self.resolve(name) {
            Some(Target::Human(c)) => Ok(c),
            Some(Target::Computer(level)) => Err(refusal(
                ErrorCode::NO_CHALLENGE,
                format!("{} accepts every challenge at once", computer_name(level)),
                request,
            )),
            None => Err(refusal(
                ErrorCode::UNKNOWN_PLAYER,
                format!("no player named {:?} is here", name.trim()),
                request,
            )),
        }
    }

    fn on_name(
        &mut self,
        conn: ConnId,
        name: &str,
        token: Option<&str>,
    ) -> Result<(), ProtocolError> {
        if let Some(old) = self.name_of(conn) {
            return Err(ProtocolError::new(
                ErrorCode::ALREADY_NAMED,
                format!("this connection is {old} already"),
            ));
        }
        let mut name = check_name(name)?;
        let key = name_key(&name);
        if let Some(&other) = self.names.get(&key) {
            let shown = self.name_of(other).unwrap_or_default().to_owned();
            return Err(ProtocolError::new(
                ErrorCode::NAME_TAKEN,
                if shown == name {
                    format!("{name} is taken by another player")
                } else {
                    format!("{name} is taken: it looks the same as {shown}, who is here")
                },
            ));
        }
        let token = token.filter(|t| is_token(t)).map(str::to_owned);
        let registered = match self.setup.registered.get(&key) {
            Some((owner, hash)) => {
                if token.as_deref().map(token_hash).as_ref() != Some(hash) {
                    return Err(ProtocolError::new(
                        ErrorCode::NAME_OWNED,
                        if *owner == name {
                            format!(
                                "{name} has played here from another browser; choose another name"
                            )
                        } else {
                            format!(
                                "{name} looks the same as {owner}, who has played here from another browser; choose another name"
                            )
                        },
                    ));
                }
                name.clone_from(owner);
                true
            }
            None => false,
        };
        let Some(token) = token.or_else(new_token) else {
            return Err(ProtocolError::new(
                ErrorCode::INTERNAL,
                "the server could not make a token; try again",
            ));
        };
        let Some(m) = self.members.get_mut(&conn) else {
            return Ok(());
        };
        m.name = Some(name.clone());
        m.key = Some(key.clone());
        m.token = Some(token.clone());
        self.names.insert(key, conn);
        self.send(
            conn,
            &ServerMsg::Named {
                name: name.clone(),
                token,
                registered,
            },
        );
        self.send_lobby(conn);
        if let Some(info) = self.info(conn) {
            self.news_of(name, Some(info));
        }
        Ok(())
    }

    async fn on_challenge(
        &mut self,
        conn: ConnId,
        to: &str,
        kind: &str,
        options: Map<String, Value>,
    ) -> Result<(), ProtocolError> {
        let me = self.named(conn)?.to_string();
        let kind = Lobby::game_kind(kind, "challenge")?;
        let (side, options) = Lobby::options(kind, options, true, "challenge")?;
        if name_key(to.trim()) == name_key(&me) {
            return Err(ProtocolError::new(
                ErrorCode::SELF_CHALLENGE,
                "you cannot challenge yourself",
            ));
        }
        let target = self.resolve(to).ok_or_else(|| {
            ProtocolError::new(
                ErrorCode::UNKNOWN_PLAYER,
                format!("no player named {:?} is here", to.trim()),
            )
        })?;
        if !self.idle(conn) {
            return Err(ProtocolError::new(
                ErrorCode::BUSY,
                "you are in a game; challenge when it is over",
            ));
        }
        match target {
            // A computer player accepts at once; the person plays the side
            // it chose, or the game's side for people.
            Target::Computer(level) => {
                if !kind.levels.contains(&level) {
                    return Err(ProtocolError::new(
                        ErrorCode::UNKNOWN_PLAYER,
                        format!("{} does not play {}", computer_name(level), kind.id),
                    ));
                }
                let mine = side.unwrap_or(kind.human_side);
                let seats = if mine == Player::First {
                    ByPlayer::new(Target::Human(conn), target)
                } else {
                    ByPlayer::new(target, Target::Human(conn))
                };
                self.start_game(kind, seats, Mode::Normal, options).await
            }
            Target::Human(them) => {
                if !kind.challenge {
                    return Err(ProtocolError::new(
                        ErrorCode::UNKNOWN_GAME,
                        format!("{} is played against the computer only", kind.id),
                    ));
                }
                if !self.idle(them) {
                    return Err(ProtocolError::new(
                        ErrorCode::BUSY,
                        format!("{} is in a game", to.trim()),
                    ));
                }
                // They challenged us to this game already: that is a yes.
                if self
                    .challenges
                    .get(&(them, conn))
                    .is_some_and(|o| o.kind.id == kind.id)
                {
                    return self.accept(conn, them, to).await;
                }
                if self.challenges.contains_key(&(conn, them)) {
                    return Err(ProtocolError::new(
                        ErrorCode::ALREADY_CHALLENGED,
                        format!("you have challenged {} already", to.trim()),
                    ));
                }
                let open = self.challenges.keys().filter(|(a, _)| *a == conn).count();
                if open >= MAX_CHALLENGES {
                    return Err(ProtocolError::new(
                        ErrorCode::TOO_MANY_CHALLENGES,
                        format!("at most {MAX_CHALLENGES} open challenges; withdraw one first"),
                    ));
                }
                self.challenges.insert(
                    (conn, them),
                    Offer {
                        kind,
                        side,
                        options,
                    },
                );
                self.send_challenges(conn);
                self.send_challenges(them);
                Ok(())
            }
        }
    }

    /// The next game id (a new block is reserved when one runs out).
    async fn next_id(&mut self) -> Result<GameId, ProtocolError> {
        if self.setup.ids.is_empty() {
            self.setup.ids = self.setup.store.reserve_ids().await.map_err(|e| {
                log!("storage: reserving game ids failed: {e}");
                ProtocolError::new(
                    ErrorCode::INTERNAL,
                    format!("the server could not start a game: {e}"),
                )
            })?;
        }
        self.setup.ids.next().ok_or_else(|| {
            ProtocolError::new(ErrorCode::INTERNAL, "the server could not start a game")
        })
    }

    /// Starts a game between `seats`; `screen`: the connection of a game
    /// played on one screen (it may hold both seats, or none in a
    /// demonstration).
    async fn start_game(
        &mut self,
        kind: &'static GameKind,
        seats: ByPlayer<Target>,
        mode: Mode,
        options: Map<String, Value>,
    ) -> Result<(), ProtocolError> {
        self.launch(kind, seats, mode, options, None).await
    }

    async fn launch(
        &mut self,
        kind: &'static GameKind,
        seats: ByPlayer<Target>,
        mode: Mode,
        options: Map<String, Value>,
        screen: Option<ConnId>,
    ) -> Result<(), ProtocolError> {
        let id = self.next_id().await?;
        let mut humans: Vec<(ConnId, Player)> = Vec::new();
        let mut registrations = Vec::new();
        let mut infos: Vec<(SeatInfo, Option<Outbox>)> = Vec::new();
        for p in Player::ALL {
            match seats[p] {
                Target::Human(c) => {
                    let Some(m) = self.members.get(&c) else {
                        return Ok(());
                    };
                    let (Some(name), Some(key), Some(token)) = (&m.name, &m.key, &m.token) else {
                        return Ok(());
                    };
                    if !self.setup.registered.contains_key(key) {
                        let hash = token_hash(token);
                        self.setup
                            .registered
                            .insert(key.clone(), (name.clone(), hash.clone()));
                        registrations.push(Registration {
                            key: key.clone(),
                            name: name.clone(),
                            token_hash: hash,
                        });
                    }
                    infos.push((
                        SeatInfo {
                            name: name.clone(),
                            computer: None,
                        },
                        Some(m.out.clone()),
                    ));
                    humans.push((c, p));
                }
                Target::Computer(level) => infos.push((
                    SeatInfo {
                        name: computer_name(level),
                        computer: Some(level),
                    },
                    None,
                )),
            }
        }
        let mut infos = infos.into_iter();
        let (Some(first), Some(second)) = (infos.next(), infos.next()) else {
            return Ok(());
        };
        // The connections in the game, each with its seat (`None`: both
        // seats, or none, on one screen).
        let mut links: Vec<(ConnId, Option<Player>)> = Vec::new();
        for &(c, p) in &humans {
            match links.iter_mut().find(|(l, _)| *l == c) {
                Some(link) => link.1 = None,
                None => links.push((c, Some(p))),
            }
        }
        if let Some(c) = screen {
            match links.iter_mut().find(|(l, _)| *l == c) {
                Some(link) => {
                    if humans.len() != 1 {
                        link.1 = None;
                    }
                }
                None => links.push((c, None)),
            }
        }
        let screen_out = screen
            .and_then(|c| self.members.get(&c))
            .map(|m| m.out.clone());
        for &(c, _) in &links {
            self.drop_challenges(c);
        }
        let (tx, rx) = table::channel();
        for &(c, seat) in &links {
            if let Some(m) = self.members.get_mut(&c) {
                m.game = Some(id);
                m.out.push(ToConn::Joined(GameLink {
                    id,
                    seat,
                    tx: tx.clone(),
                }));
            }
        }
        let names = [first.0.name.clone(), second.0.name.clone()];
        let config = Arc::clone(&self.setup.config);
        let seed = id.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ config.clock.now();
        table::spawn(
            Launch {
                id,
                kind,
                seats: ByPlayer::new(first, second),
                mode,
                options,
                screen: screen_out,
                registrations,
                seed,
            },
            Links {
                config,
                lobby: self.me.clone(),
                writer: self.setup.writer.clone(),
                store: self.setup.store.clone(),
            },
            (tx.clone(), rx),
        );
        self.games.insert(
            id,
            Live {
                tx,
                humans: links.iter().map(|&(c, _)| c).collect(),
                kind: kind.id,
                names,
            },
        );
        for (c, _) in links {
            if let Some(info) = self.info(c) {
                self.news_of(info.name.clone(), Some(info));
            }
        }
        Ok(())
    }

    /// A game is over (or failed to start): its players are back in the
    /// lobby, and see it whole.
    fn free(&mut self, id: GameId) {
        let Some(live) = self.games.remove(&id) else {
            return;
        };
        for c in live.humans {
            let back = self.members.get_mut(&c).is_some_and(|m| {
                let mine = m.game == Some(id);
                if mine {
                    m.game = None;
                }
                mine
            });
            if back {
                self.send_lobby(c);
                if let Some(info) = self.info(c) {
                    self.news_of(info.name.clone(), Some(info));
                }
            }
        }
    }

    fn on_disconnect(&mut self, conn: ConnId) {
        self.drop_challenges(conn);
        let Some(m) = self.members.remove(&conn) else {
            return;
        };
        if let (Some(name), Some(key)) = (m.name, m.key) {
            self.names.remove(&key);
            self.news_of(name, None);
        }
    }

    /// Ends every game (each stores itself as stopped by the server) and
    /// waits for them, at most 10 seconds.
    async fn shutdown(&mut self, rx: &mut mpsc::Receiver<LobbyCmd>) {
        let notice = ServerMsg::Notice {
            text: "the server is stopping".into(),
        };
        let frame = Utf8Bytes::from(notice.to_json());
        for m in self.members.values() {
            if m.name.is_some() {
                m.out.send_frame(&frame);
            }
        }
        let mut waits = Vec::new();
        for live in self.games.values() {
            let (tx, rx) = oneshot::channel();
            if live.tx.send(GameCmd::Shutdown { reply: tx }).await.is_ok() {
                waits.push(rx);
            }
        }
        let all = async {
            for w in waits {
                let _ = w.await;
            }
        };
        tokio::pin!(all);
        let deadline = tokio::time::sleep(Duration::from_secs(10));
        tokio::pin!(deadline);
        loop {
            tokio::select! {
                () = &mut all => return,
                () = &mut deadline => return,
                cmd = rx.recv() => match cmd {
                    // A game that ends waits for the lobby to free its
                    // players.
                    Some(LobbyCmd::GameEnded { id, done, .. }) => {
                        self.games.remove(&id);
                        let _ = done.send(());
                    }
                    Some(LobbyCmd::Barrier { reply }) => {
                        let _ = reply.send(());
                    }
                    Some(_) => {}
                    None => return,
                },
            }
        }
    }
}

//! The lobby task: names, the player list, chat, challenges, and the start
//! of games. Every action is taken for the connection it came from; a
//! message never names the sender.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use board_core::{ByPlayer, Player};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use super::computer::{LEVELS, Level};
use super::game::{self, Seat};
use super::hub::{
    Config, ConnId, GameCmd, GameId, GameLink, LobbyCmd, Outbox, Status, StoreCmd, ToConn,
};
use super::names::{check_chat, check_name, name_key};
use super::protocol::{
    ChatLine, ClientMsg, ErrorCode, PlayerInfo, ProtocolError, ServerMsg, Tables,
};

/// Chat lines kept for players who arrive.
pub const CHAT_HISTORY: usize = 50;
/// Open challenges a player may have made at once.
pub const MAX_CHALLENGES: usize = 20;
/// Player news (arrivals, states, departures) goes out at most this often,
/// the latest state of each player only: a burst of a thousand players
/// arriving or starting games costs each lobby member one message per
/// player, not one per change.
pub const NEWS_EVERY: Duration = Duration::from_millis(100);
/// The leaderboard goes out at most this often.
pub const TABLES_EVERY: Duration = Duration::from_secs(1);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Idle,
    Setup,
    Playing,
}

impl Phase {
    fn name(self) -> &'static str {
        match self {
            Phase::Idle => "idle",
            Phase::Setup => "setup",
            Phase::Playing => "playing",
        }
    }
}

#[derive(Debug)]
struct Member {
    out: Outbox,
    name: Option<String>,
    game: Option<GameId>,
    phase: Phase,
}

#[derive(Debug)]
struct Live {
    tx: mpsc::Sender<GameCmd>,
    humans: Vec<ConnId>,
}

/// Whom a name stands for.
#[derive(Debug, Clone, Copy)]
enum Target {
    Human(ConnId),
    Computer(Level),
}

struct Lobby {
    config: Arc<Config>,
    members: HashMap<ConnId, Member>,
    names: HashMap<String, ConnId>,
    /// (challenger, challenged).
    challenges: BTreeSet<(ConnId, ConnId)>,
    chat: VecDeque<ChatLine>,
    games: HashMap<GameId, Live>,
    next_game: GameId,
    tables: Tables,
    store: mpsc::Sender<StoreCmd>,
    me: mpsc::Sender<LobbyCmd>,
    /// Player news not sent yet: the latest state of each player whose
    /// state changed (`None`: left), sent together at most every
    /// [`NEWS_EVERY`].
    news: BTreeMap<String, Option<PlayerInfo>>,
    /// Tables not sent yet (at most one `leaderboard` every
    /// [`TABLES_EVERY`]).
    pending_tables: Option<Tables>,
    tables_sent: Option<Instant>,
    flush_at: Option<Instant>,
}

/// Starts the lobby task.
pub fn spawn(
    config: Arc<Config>,
    next_game: GameId,
    tables: Tables,
    store: mpsc::Sender<StoreCmd>,
) -> (mpsc::Sender<LobbyCmd>, tokio::task::JoinHandle<()>) {
    let (tx, rx) = mpsc::channel(4096);
    let lobby = Lobby {
        config,
        members: HashMap::new(),
        names: HashMap::new(),
        challenges: BTreeSet::new(),
        chat: VecDeque::new(),
        games: HashMap::new(),
        next_game,
        tables,
        store,
        me: tx.clone(),
        news: BTreeMap::new(),
        pending_tables: None,
        tables_sent: None,
        flush_at: None,
    };
    let handle = tokio::spawn(lobby.run(rx));
    (tx, handle)
}

fn refusal(code: ErrorCode, message: impl Into<String>, request: &'static str) -> ProtocolError {
    ProtocolError::new(code, message).about(request)
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
                            game: None,
                            phase: Phase::Idle,
                        },
                    );
                }
                LobbyCmd::Msg { conn, msg } => {
                    let request = msg.type_name();
                    if let Err(e) = self.on_message(conn, msg).await {
                        self.send(conn, &e.about(request).to_msg());
                    }
                }
                LobbyCmd::Disconnect { conn } => self.on_disconnect(conn),
                LobbyCmd::GamePlaying { id } => self.set_phase(id, Phase::Playing, None),
                LobbyCmd::GameEnded { id, tables, done } => {
                    self.set_phase(id, Phase::Idle, Some(id));
                    self.games.remove(&id);
                    let _ = done.send(());
                    if let Some(t) = tables {
                        self.tables = t.clone();
                        self.pending_tables = Some(t);
                        self.schedule(Instant::now());
                    }
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

    /// Sends the news and, if it is time, the tables.
    fn flush(&mut self) {
        self.flush_at = None;
        for (name, info) in std::mem::take(&mut self.news) {
            match info {
                Some(info) => self.broadcast(&ServerMsg::Player(info)),
                None => self.broadcast(&ServerMsg::PlayerLeft { name }),
            }
        }
        if self.pending_tables.is_some() {
            let now = Instant::now();
            match self.tables_sent.map(|t| t + TABLES_EVERY) {
                Some(next) if next > now => self.schedule(next),
                _ => {
                    if let Some(t) = self.pending_tables.take() {
                        self.broadcast(&ServerMsg::Leaderboard(t));
                    }
                    self.tables_sent = Some(now);
                }
            }
        }
    }

    fn send(&self, conn: ConnId, msg: &ServerMsg) {
        if let Some(m) = self.members.get(&conn) {
            m.out.send(msg);
        }
    }

    /// Sends to every connection with a name.
    fn broadcast(&self, msg: &ServerMsg) {
        let frame = Utf8Bytes::from(msg.to_json());
        for m in self.members.values() {
            if m.name.is_some() {
                m.out.send_frame(&frame);
            }
        }
    }

    fn name_of(&self, conn: ConnId) -> Option<&str> {
        self.members.get(&conn).and_then(|m| m.name.as_deref())
    }

    fn info(&self, conn: ConnId) -> Option<PlayerInfo> {
        let m = self.members.get(&conn)?;
        Some(PlayerInfo {
            name: m.name.clone()?,
            state: m.phase.name(),
            computer: false,
        })
    }

    fn computer_info(level: &Level) -> PlayerInfo {
        PlayerInfo {
            name: level.player.to_string(),
            state: Phase::Idle.name(),
            computer: true,
        }
    }

    fn resolve(&self, name: &str) -> Option<Target> {
        let key = name_key(name.trim());
        if let Some(level) = LEVELS.iter().find(|l| name_key(l.player) == key) {
            return Some(Target::Computer(*level));
        }
        self.names.get(&key).map(|&c| Target::Human(c))
    }

    fn named(&self, conn: ConnId) -> Result<&str, ProtocolError> {
        self.name_of(conn).ok_or_else(|| {
            ProtocolError::new(ErrorCode::NoName, "choose a name first (message \"name\")")
        })
    }

    fn idle(&self, conn: ConnId) -> bool {
        self.members
            .get(&conn)
            .is_some_and(|m| m.phase == Phase::Idle && m.game.is_none())
    }

    fn send_challenges(&self, conn: ConnId) {
        let names = |list: Vec<ConnId>| -> Vec<String> {
            let mut v: Vec<String> = list
                .into_iter()
                .filter_map(|c| self.name_of(c).map(str::to_string))
                .collect();
            v.sort();
            v
        };
        let incoming = self
            .challenges
            .iter()
            .filter(|(_, to)| *to == conn)
            .map(|(from, _)| *from)
            .collect();
        let outgoing = self
            .challenges
            .iter()
            .filter(|(from, _)| *from == conn)
            .map(|(_, to)| *to)
            .collect();
        self.send(
            conn,
            &ServerMsg::Challenges {
                incoming: names(incoming),
                outgoing: names(outgoing),
            },
        );
    }

    /// Removes every challenge involving `conn`; tells the others.
    fn drop_challenges(&mut self, conn: ConnId) {
        let gone: Vec<(ConnId, ConnId)> = self
            .challenges
            .iter()
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

    async fn on_message(&mut self, conn: ConnId, msg: ClientMsg) -> Result<(), ProtocolError> {
        match msg {
            ClientMsg::Name { name } => self.on_name(conn, &name),
            ClientMsg::Chat { text } => {
                let from = self.named(conn)?.to_string();
                let text = check_chat(&text)?;
                let line = ChatLine {
                    from,
                    text,
                    at: self.config.clock.now(),
                };
                if self.chat.len() == CHAT_HISTORY {
                    self.chat.pop_front();
                }
                self.chat.push_back(line.clone());
                self.broadcast(&ServerMsg::Chat(line));
                Ok(())
            }
            ClientMsg::Challenge { to } => self.on_challenge(conn, &to).await,
            ClientMsg::Withdraw { to } => {
                self.named(conn)?;
                let them = self.human(&to, "withdraw")?;
                if !self.challenges.remove(&(conn, them)) {
                    return Err(refusal(
                        ErrorCode::NoChallenge,
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
                if !self.challenges.contains(&(them, conn)) {
                    return Err(refusal(
                        ErrorCode::NoChallenge,
                        format!("{} has not challenged you", from.trim()),
                        "accept",
                    ));
                }
                if !self.idle(conn) || !self.idle(them) {
                    return Err(refusal(
                        ErrorCode::Busy,
                        "one of you is in a game",
                        "accept",
                    ));
                }
                self.start_game(Target::Human(conn), them).await;
                Ok(())
            }
            ClientMsg::Decline { from } => {
                let me = self.named(conn)?.to_string();
                let them = self.human(&from, "decline")?;
                if !self.challenges.remove(&(them, conn)) {
                    return Err(refusal(
                        ErrorCode::NoChallenge,
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

    fn human(&self, name: &str, request: &'static str) -> Result<ConnId, ProtocolError> {
        match self.resolve(name) {
            Some(Target::Human(c)) => Ok(c),
            Some(Target::Computer(level)) => Err(refusal(
                ErrorCode::NoChallenge,
                format!("{} accepts every challenge at once", level.player),
                request,
            )),
            None => Err(refusal(
                ErrorCode::UnknownPlayer,
                format!("no player named {:?} is here", name.trim()),
                request,
            )),
        }
    }

    fn on_name(&mut self, conn: ConnId, name: &str) -> Result<(), ProtocolError> {
        if let Some(old) = self.name_of(conn) {
            return Err(ProtocolError::new(
                ErrorCode::AlreadyNamed,
                format!("this connection is {old} already"),
            ));
        }
        let name = check_name(name)?;
        let key = name_key(&name);
        if self.names.contains_key(&key) {
            return Err(ProtocolError::new(
                ErrorCode::NameTaken,
                format!("{name} is taken by another player"),
            ));
        }
        let Some(m) = self.members.get_mut(&conn) else {
            return Ok(());
        };
        m.name = Some(name.clone());
        self.names.insert(key, conn);
        self.send(conn, &ServerMsg::Named { name });
        let mut players: Vec<PlayerInfo> = LEVELS.iter().map(Lobby::computer_info).collect();
        let mut humans: Vec<PlayerInfo> =
            self.names.values().filter_map(|&c| self.info(c)).collect();
        humans.sort_by(|a, b| a.name.cmp(&b.name));
        players.extend(humans);
        self.send(
            conn,
            &ServerMsg::Lobby {
                players,
                chat: self.chat.iter().cloned().collect(),
                leaderboard: self.tables.clone(),
            },
        );
        self.send_challenges(conn);
        if let Some(info) = self.info(conn) {
            self.news_of(info.name.clone(), Some(info));
        }
        Ok(())
    }

    async fn on_challenge(&mut self, conn: ConnId, to: &str) -> Result<(), ProtocolError> {
        let me = self.named(conn)?.to_string();
        if name_key(to.trim()) == name_key(&me) {
            return Err(ProtocolError::new(
                ErrorCode::SelfChallenge,
                "you cannot challenge yourself",
            ));
        }
        let target = self.resolve(to).ok_or_else(|| {
            ProtocolError::new(
                ErrorCode::UnknownPlayer,
                format!("no player named {:?} is here", to.trim()),
            )
        })?;
        if !self.idle(conn) {
            return Err(ProtocolError::new(
                ErrorCode::Busy,
                "you are in a game; challenge when it is over",
            ));
        }
        match target {
            // A computer player accepts at once.
            Target::Computer(_) => {
                self.start_game(target, conn).await;
                Ok(())
            }
            Target::Human(them) => {
                if !self.idle(them) {
                    return Err(ProtocolError::new(
                        ErrorCode::Busy,
                        format!("{} is in a game", to.trim()),
                    ));
                }
                if self.challenges.contains(&(conn, them)) {
                    return Err(ProtocolError::new(
                        ErrorCode::AlreadyChallenged,
                        format!("you have challenged {} already", to.trim()),
                    ));
                }
                let open = self.challenges.iter().filter(|(a, _)| *a == conn).count();
                if open >= MAX_CHALLENGES {
                    return Err(ProtocolError::new(
                        ErrorCode::TooManyChallenges,
                        format!("at most {MAX_CHALLENGES} open challenges; withdraw one first"),
                    ));
                }
                self.challenges.insert((conn, them));
                self.send_challenges(conn);
                self.send_challenges(them);
                Ok(())
            }
        }
    }

    fn seat(&self, conn: ConnId) -> Option<Seat> {
        let m = self.members.get(&conn)?;
        Some(Seat::Human {
            name: m.name.clone()?,
            out: m.out.clone(),
        })
    }

    /// Starts a game: `red` accepted (or is the computer), `blue`
    /// challenged.
    async fn start_game(&mut self, red: Target, blue: ConnId) {
        let red_seat = match red {
            Target::Human(c) => self.seat(c),
            Target::Computer(level) => Some(Seat::Computer { level }),
        };
        let (Some(red_seat), Some(blue_seat)) = (red_seat, self.seat(blue)) else {
            return;
        };
        let id = self.next_game;
        self.next_game += 1;
        let mut humans = vec![blue];
        if let Target::Human(c) = red {
            humans.push(c);
        }
        for &c in &humans {
            self.drop_challenges(c);
        }
        let at = self.config.clock.now();
        let _ = self
            .store
            .send(StoreCmd::Start {
                id,
                red: red_seat.name().to_string(),
                blue: blue_seat.name().to_string(),
                at,
            })
            .await;
        let (tx, rx) = game::channel();
        let links: Vec<(ConnId, Player)> = humans
            .iter()
            .map(|&c| {
                (
                    c,
                    if c == blue {
                        Player::Second
                    } else {
                        Player::First
                    },
                )
            })
            .collect();
        for &(c, player) in &links {
            if let Some(m) = self.members.get_mut(&c) {
                m.game = Some(id);
                m.phase = Phase::Setup;
                m.out.push(ToConn::Joined(GameLink {
                    id,
                    player,
                    tx: tx.clone(),
                }));
            }
        }
        game::spawn(
            id,
            ByPlayer::new(red_seat, blue_seat),
            game::Links {
                config: Arc::clone(&self.config),
                lobby: self.me.clone(),
                store: self.store.clone(),
            },
            (tx.clone(), rx),
        );
        self.games.insert(
            id,
            Live {
                tx,
                humans: humans.clone(),
            },
        );
        for c in humans {
            if let Some(info) = self.info(c) {
                self.news_of(info.name.clone(), Some(info));
            }
        }
    }

    fn set_phase(&mut self, id: GameId, phase: Phase, leaving: Option<GameId>) {
        let Some(live) = self.games.get(&id) else {
            return;
        };
        let humans = live.humans.clone();
        for c in humans {
            if let Some(m) = self.members.get_mut(&c)
                && m.game == Some(id)
            {
                m.phase = phase;
                if leaving.is_some() {
                    m.game = None;
                }
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
        if let Some(name) = m.name {
            self.names.remove(&name_key(&name));
            self.news_of(name, None);
        }
    }

    /// Ends every game (each stores itself as stopped by the server) and
    /// waits for them, at most 10 seconds.
    async fn shutdown(&mut self, rx: &mut mpsc::Receiver<LobbyCmd>) {
        let notice = ServerMsg::Notice {
            text: "the server is stopping".into(),
        };
        self.broadcast(&notice);
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
                    Some(_) => {}
                    None => return,
                },
            }
        }
    }
}

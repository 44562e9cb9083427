//! One task per game: it drives a [`HostedGame`] (the referee), sends each
//! seat what the game says it may see, runs the game's timers, hands the
//! computers' thinking to a bounded pool, carries the game's chat, and
//! stores the finished game before anyone is told the result. Its start is
//! stored (and committed) before the players are told that it started.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use board_core::{ByPlayer, Outcome, Player};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use super::hub::{Config, GameCmd, LobbyCmd, Outbox, StoreCmd, ToConn};
use super::store::{Registration, Running, Store};
use super::writer::Backoff;
use crate::hosted::{Ctx, Ending, GameId, GameKind, HostedGame, Mode, SeatInfo, Start, StoredGame};
use crate::names::check_chat;
use crate::protocol::{ClientMsg, ErrorCode, Points, ProtocolError, ServerMsg};

/// The least time between two moves of a demonstration (two computers
/// on one screen): slow enough to follow.
pub const DEMO_PACE: Duration = Duration::from_millis(700);

/// A game's command channel, made before the game starts so that its
/// players' connections can be linked to it first.
#[must_use]
pub fn channel() -> (mpsc::Sender<GameCmd>, mpsc::Receiver<GameCmd>) {
    mpsc::channel(64)
}

/// Where a game reports.
#[derive(Debug, Clone)]
pub struct Links {
    /// The settings.
    pub config: Arc<Config>,
    /// The lobby task.
    pub lobby: mpsc::Sender<LobbyCmd>,
    /// The storage writer.
    pub writer: mpsc::Sender<StoreCmd>,
    /// The storage, to note the start.
    pub store: Store,
}

/// A game to start.
#[derive(Debug)]
pub struct Launch {
    /// Its id.
    pub id: GameId,
    /// The kind.
    pub kind: &'static GameKind,
    /// Who sits where, with the outboxes of the people.
    pub seats: ByPlayer<(SeatInfo, Option<Outbox>)>,
    /// A challenge or the game of the day.
    pub mode: Mode,
    /// The game's own options.
    pub options: serde_json::Map<String, serde_json::Value>,
    /// The one screen of a game played on one screen (it gets every
    /// message once; it may play both seats, one, or watch).
    pub screen: Option<Outbox>,
    /// Names that play here for the first time.
    pub registrations: Vec<Registration>,
    /// The seed of the game's random choices.
    pub seed: u64,
}

struct Table {
    id: GameId,
    kind: &'static GameKind,
    game: Box<dyn HostedGame>,
    seats: ByPlayer<SeatInfo>,
    outs: ByPlayer<Option<Outbox>>,
    screen: Option<Outbox>,
    mode: Mode,
    started_at: u64,
    thinking: bool,
    links: Links,
    me: mpsc::Sender<GameCmd>,
}

/// Starts game `launch` on the channel made by [`channel`].
pub fn spawn(
    launch: Launch,
    links: Links,
    (tx, rx): (mpsc::Sender<GameCmd>, mpsc::Receiver<GameCmd>),
) {
    tokio::spawn(run(launch, links, tx, rx));
}

async fn run(
    launch: Launch,
    links: Links,
    me: mpsc::Sender<GameCmd>,
    mut rx: mpsc::Receiver<GameCmd>,
) {
    let Launch {
        id,
        kind,
        seats,
        mode,
        options,
        screen,
        registrations,
        seed,
    } = launch;
    let now = links.config.clock.now();
    let (infos, outs) = (
        ByPlayer::new(seats.first.0, seats.second.0),
        ByPlayer::new(seats.first.1, seats.second.1),
    );
    let running = Running {
        id,
        kind: kind.id,
        players: [infos.first.name.clone(), infos.second.name.clone()],
        computers: [
            infos.first.computer.is_some(),
            infos.second.computer.is_some(),
        ],
        daily: match mode {
            Mode::Daily(d) => Some(d),
            Mode::Normal => None,
        },
        started_at: now,
    };
    let mut backoff = Backoff::new();
    let what = format!("noting the start of game {id}");
    loop {
        match links.store.start_game(&running, &registrations).await {
            Ok(()) => break,
            Err(e) => {
                if !backoff.again(&what, &e).await {
                    let notice = ServerMsg::Notice {
                        text: format!(
                            "the game could not be started: the server could not store it ({e})"
                        ),
                    };
                    let mut told = Vec::new();
                    for (_, out) in outs.iter() {
                        told.extend(out.clone());
                    }
                    told.extend(screen.clone());
                    for out in told {
                        out.send(&notice);
                        out.push(ToConn::Ended(id));
                    }
                    let _ = links.lobby.send(LobbyCmd::GameFailed { id }).await;
                    return;
                }
            }
        }
    }
    // The game's clocks start now, when its players are told.
    let now = links.config.clock.now();
    let game = {
        let standing = links
            .config
            .standing
            .read()
            .unwrap_or_else(|e| e.into_inner());
        (kind.start)(Start {
            id,
            seats: infos.clone(),
            now,
            seed,
            mode,
            settings: &links.config.games,
            standing: &standing,
            options: &options,
            local: screen.is_some(),
        })
    };
    let mut table = Table {
        id,
        kind,
        game,
        seats: infos,
        outs,
        screen,
        mode,
        started_at: now,
        thinking: false,
        links,
        me,
    };
    table.play(&mut rx).await;
}

impl Table {
    fn ctx(&self) -> Ctx {
        Ctx::new(self.links.config.clock.now())
    }

    fn send(&self, seat: Player, msg: &ServerMsg) {
        if let Some(out) = &self.outs[seat] {
            out.send(msg);
        }
    }

    /// Sends a message meant for every player: on one screen, once.
    fn send_all(&self, msg: &ServerMsg) {
        match &self.screen {
            Some(out) => {
                out.send(msg);
            }
            None => {
                for p in Player::ALL {
                    self.send(p, msg);
                }
            }
        }
    }

    /// Sends what the game put into `ctx`: to each person's seat, or, on
    /// one screen, once (what is meant for a computer's seat is dropped).
    fn flush(&self, ctx: &mut Ctx) {
        for (to, msg) in ctx.take() {
            let frame = Utf8Bytes::from(msg.to_string());
            if let Some(out) = &self.screen {
                if to.is_none_or(|t| self.seats[t].computer.is_none()) {
                    out.send_frame(&frame);
                }
                continue;
            }
            for p in Player::ALL {
                if to.is_none_or(|t| t == p)
                    && let Some(out) = &self.outs[p]
                {
                    out.send_frame(&frame);
                }
            }
        }
    }

    /// The seats people play.
    fn people(&self) -> Vec<Player> {
        Player::ALL
            .into_iter()
            .filter(|&p| self.seats[p].computer.is_none())
            .collect()
    }

    /// Who sent a message: the link's seat, or on one screen the person's
    /// seat to act now (`Err`: nobody's, with why).
    fn sender(&self, seat: Option<Player>, request: &str) -> Result<Player, ProtocolError> {
        if let Some(p) = seat {
            return Ok(p);
        }
        let people = self.people();
        if people.is_empty() {
            return Err(ProtocolError::new(
                ErrorCode::NOT_ALLOWED,
                "a demonstration is watched: the computers play it",
            )
            .about(request));
        }
        match self.game.turn() {
            Some(p) if people.contains(&p) => Ok(p),
            _ => Err(
                ProtocolError::new(ErrorCode::NOT_YOUR_TURN, "it is not your turn").about(request),
            ),
        }
    }

    /// The one screen of the game leaves: between two people or two
    /// computers nobody wins (the game is stopped); against a computer the
    /// person loses.
    fn screen_leaves(&mut self, ctx: &mut Ctx) -> Option<Ending> {
        match self.people().as_slice() {
            [p] => {
                self.game.leave(*p, ctx);
                None
            }
            _ => Some(Ending {
                outcome: None,
                reason: "stopped",
                reason_player: None,
                ended_at: ctx.now(),
            }),
        }
    }

    fn refuse(&self, seat: Player, e: &ProtocolError) {
        self.send(seat, &e.to_msg());
    }

    /// Hands a computer's job (if the game has one) to the thinking pool,
    /// after the configured delay.
    fn think(&mut self) {
        if self.thinking {
            return;
        }
        let Some(job) = self.game.think() else {
            return;
        };
        self.thinking = true;
        let tx = self.me.clone();
        // A demonstration is watched: at most one move every DEMO_PACE.
        let mut delay = self.links.config.computer_delay;
        if self.screen.is_some() && self.people().is_empty() {
            delay = delay.max(DEMO_PACE);
        }
        let pool = self.links.config.thinkers.clone();
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            let tag = job.tag;
            let thought = pool.think(job).await;
            let _ = tx.send(GameCmd::Thought { tag, thought }).await;
        });
    }

    fn wake_instant(&self) -> Instant {
        let far = Instant::now() + Duration::from_secs(3600);
        match self.game.wake_at() {
            Some(at) => Instant::from_std(self.links.config.clock.instant_of(at)).min(far),
            None => far,
        }
    }

    async fn play(&mut self, rx: &mut mpsc::Receiver<GameCmd>) {
        match &self.screen {
            Some(out) => {
                // One start for the one screen: its first person's side,
                // and who plays each side.
                let p = self.people().first().copied().unwrap_or(Player::First);
                let mut extra = self.game.start_fields(p);
                extra.insert("local".into(), true.into());
                let sides: Vec<Value> = Player::ALL
                    .into_iter()
                    .map(|s| match self.seats[s].computer {
                        Some(level) => level.name().into(),
                        None => "me".into(),
                    })
                    .collect();
                extra.insert("seats".into(), sides.into());
                out.send(&ServerMsg::GameStart {
                    game: self.id,
                    kind: self.kind.id,
                    colour: self.kind.side(p),
                    you: self.seats[p].name.clone(),
                    opponent: self.seats[!p].name.clone(),
                    opponent_computer: self.seats[!p].computer.is_some(),
                    extra,
                });
            }
            None => {
                for p in Player::ALL {
                    let msg = ServerMsg::GameStart {
                        game: self.id,
                        kind: self.kind.id,
                        colour: self.kind.side(p),
                        you: self.seats[p].name.clone(),
                        opponent: self.seats[!p].name.clone(),
                        opponent_computer: self.seats[!p].computer.is_some(),
                        extra: self.game.start_fields(p),
                    };
                    self.send(p, &msg);
                }
            }
        }
        let mut ctx = self.ctx();
        self.game.begin(&mut ctx);
        self.flush(&mut ctx);
        let mut shutdown: Option<oneshot::Sender<()>> = None;
        let ending = loop {
            if let Some(end) = self.game.ending() {
                break end;
            }
            self.think();
            let wake = self.wake_instant();
            let cmd = tokio::select! {
                cmd = rx.recv() => cmd,
                () = tokio::time::sleep_until(wake) => None,
            };
            let mut ctx = self.ctx();
            let mut stopped = None;
            match cmd {
                Some(GameCmd::Msg { seat, msg }) => stopped = self.on_message(seat, msg, &mut ctx),
                Some(GameCmd::Left { seat: Some(seat) }) => self.game.leave(seat, &mut ctx),
                Some(GameCmd::Left { seat: None }) => stopped = self.screen_leaves(&mut ctx),
                Some(GameCmd::Thought { tag, thought }) => {
                    self.thinking = false;
                    self.game.thought(tag, thought, &mut ctx);
                }
                Some(GameCmd::Barrier { reply }) => {
                    let _ = reply.send(());
                }
                Some(GameCmd::Shutdown { reply }) => {
                    shutdown = Some(reply);
                    self.flush(&mut ctx);
                    break Ending {
                        outcome: None,
                        reason: "server_stopped",
                        reason_player: None,
                        ended_at: ctx.now(),
                    };
                }
                None => self.game.wake(&mut ctx),
            }
            self.flush(&mut ctx);
            if let Some(end) = stopped {
                break end;
            }
        };
        self.finish(ending).await;
        if let Some(reply) = shutdown {
            let _ = reply.send(());
        }
        // Commands that came meanwhile are dropped with the channel; a
        // shutdown that raced the end is answered by dropping its sender.
        rx.close();
        while let Some(cmd) = rx.recv().await {
            match cmd {
                GameCmd::Shutdown { reply } => {
                    let _ = reply.send(());
                }
                GameCmd::Barrier { reply } => {
                    let _ = reply.send(());
                }
                _ => {}
            }
        }
    }

    /// A message of a seat (`None`: the one screen); the end, when the one
    /// screen stops its game.
    fn on_message(
        &mut self,
        seat: Option<Player>,
        msg: ClientMsg,
        ctx: &mut Ctx,
    ) -> Option<Ending> {
        let reply_to = seat
            .or_else(|| self.people().first().copied())
            .unwrap_or(Player::First);
        let refuse = |t: &Table, e: &ProtocolError| match &t.screen {
            Some(out) => {
                out.send(&e.to_msg());
            }
            None => t.refuse(reply_to, e),
        };
        match msg {
            ClientMsg::Act { action, .. } => {
                let request = action.ty().to_owned();
                match self.sender(seat, &request) {
                    Ok(p) => {
                        if let Err(e) = self.game.act(p, action, ctx) {
                            self.flush(ctx);
                            refuse(self, &e);
                        }
                    }
                    Err(e) => refuse(self, &e),
                }
            }
            ClientMsg::Leave { .. } => match seat {
                Some(p) => self.game.leave(p, ctx),
                None => return self.screen_leaves(ctx),
            },
            ClientMsg::Say { text, .. } => match check_chat(&text, "say") {
                Ok(text) => {
                    let line = ServerMsg::GameChat {
                        game: self.id,
                        from: self.seats[reply_to].name.clone(),
                        text,
                        at: ctx.now(),
                    };
                    self.send_all(&line);
                }
                Err(e) => refuse(self, &e),
            },
            // Lobby messages and pings never reach a game.
            _ => {}
        }
        None
    }

    async fn finish(&mut self, end: Ending) {
        debug_assert!(
            self.kind.reasons.contains(&end.reason)
                || crate::hosted::PLATFORM_REASONS.contains(&end.reason),
            "{} ended with the undeclared reason {}",
            self.kind.id,
            end.reason
        );
        let game = StoredGame {
            id: self.id,
            seq: 0,
            kind: self.kind.id.to_owned(),
            players: [
                self.seats.first.name.clone(),
                self.seats.second.name.clone(),
            ],
            computers: [
                self.seats.first.computer.is_some(),
                self.seats.second.computer.is_some(),
            ],
            daily: match self.mode {
                Mode::Daily(d) => Some(d),
                Mode::Normal => None,
            },
            started_at: self.started_at,
            ended_at: end.ended_at.max(self.started_at),
            plies: self.game.plies(),
            outcome: end.outcome,
            reason: end.reason.to_owned(),
            reason_player: end.reason_player,
            counted: false,
            record: self.game.record(),
        };
        let (reply_tx, reply_rx) = oneshot::channel();
        let sent = self
            .links
            .writer
            .send(StoreCmd::Finish {
                game: Box::new(game),
                reply: reply_tx,
            })
            .await;
        let stored = match sent {
            Ok(()) => reply_rx
                .await
                .unwrap_or_else(|_| Err("the storage writer stopped".into())),
            Err(_) => Err("the storage writer stopped".into()),
        };
        let (counted, points, board, entered) = match stored {
            Ok(f) => {
                // Both players' points now, in the tables of the day the
                // game ended.
                let config = &self.links.config;
                let day = config.calendar.day_of(end.ended_at.max(self.started_at));
                let standing = config.standing.read().unwrap_or_else(|e| e.into_inner());
                let points: Vec<Points> = if self.kind.periods.is_empty() {
                    Vec::new()
                } else {
                    Player::ALL
                        .into_iter()
                        .map(|p| {
                            let name = &self.seats[p].name;
                            let per: BTreeMap<String, u32> = self
                                .kind
                                .periods
                                .iter()
                                .map(|pk| {
                                    let period = pk.of(day);
                                    let v = standing.points(self.kind.id, period, name);
                                    (period.kind().to_owned(), v.unwrap_or(0))
                                })
                                .collect();
                            Points {
                                name: name.clone(),
                                points: per,
                            }
                        })
                        .collect()
                };
                (!f.changes.is_empty(), points, f.board, f.highscore)
            }
            Err(why) => {
                let notice = ServerMsg::Notice {
                    text: format!("the server could not store this game: {why}"),
                };
                for p in Player::ALL {
                    self.send(p, &notice);
                }
                (false, Vec::new(), None, None)
            }
        };
        let highscore = entered.as_ref().map(|(_, place)| *place);
        // The lobby frees the players first, so that whatever they do
        // after reading the result finds them free.
        let (done_tx, done_rx) = oneshot::channel();
        let freed = self
            .links
            .lobby
            .send(LobbyCmd::GameEnded {
                id: self.id,
                board,
                highscore: entered.map(|(table, _)| table),
                done: done_tx,
            })
            .await;
        if freed.is_ok() {
            let _ = done_rx.await;
        }
        let screen_seat = self.people().first().copied().unwrap_or(Player::First);
        for p in Player::ALL {
            if self.screen.is_some() && p != screen_seat {
                continue;
            }
            let msg = ServerMsg::GameOver {
                game: self.id,
                outcome: self.kind.outcome_text(end.outcome),
                winner: end
                    .outcome
                    .and_then(Outcome::winner)
                    .map(|w| self.seats[w].name.clone()),
                reason: end.reason,
                reason_player: end.reason_player.map(|w| self.kind.side(w)),
                counted,
                duration_ms: end.ended_at.saturating_sub(self.started_at),
                points: points.clone(),
                highscore,
                extra: self.game.over_fields(p),
            };
            match &self.screen {
                Some(out) => {
                    out.send(&msg);
                    out.push(ToConn::Ended(self.id));
                }
                None => {
                    self.send(p, &msg);
                    if let Some(out) = &self.outs[p] {
                        out.push(ToConn::Ended(self.id));
                    }
                }
            }
        }
    }
}

//! One task per game: the referee. It holds the `stratego_rules` session,
//! checks every setup and move with it, runs the setup and move clocks,
//! sends each player only its own view and legal moves, moves for computer
//! players, and stores the finished game before anyone is told the result.

use std::sync::Arc;
use std::time::Duration;

use board_core::{ByPlayer, Game, Observable, Outcome, Player, SplitMix64};
use stratego_rules::session::{Challenge, EndReason, Session, SessionError, SessionResult};
use stratego_rules::{
    Army, BuildError, Deployment, Move, MoveList, MoveReport, Position, Preset, Rank, SetupBuilder,
    Square, predefined,
};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use super::board::{last_move, left_counts, setup_board, side, view_board};
use super::computer::{Level, Thinker, shown, think};
use super::hub::{Config, GameCmd, GameId, LobbyCmd, Outbox, StoreCmd, ToConn};
use super::protocol::{ClientMsg, ClockInfo, ErrorCode, PredefinedSetup, ProtocolError, ServerMsg};
use super::store::{GameRecord, Reason, outcome_text};

/// Who sits on one side.
#[derive(Debug, Clone)]
pub enum Seat {
    /// A person in a browser tab (or any client).
    Human {
        /// The name.
        name: String,
        /// Its outbox.
        out: Outbox,
    },
    /// A computer player.
    Computer {
        /// Its level.
        level: Level,
    },
}

impl Seat {
    /// The name shown.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Seat::Human { name, .. } => name,
            Seat::Computer { level } => level.player,
        }
    }

    fn out(&self) -> Option<&Outbox> {
        match self {
            Seat::Human { out, .. } => Some(out),
            Seat::Computer { .. } => None,
        }
    }

    fn level(&self) -> Option<Level> {
        match self {
            Seat::Human { .. } => None,
            Seat::Computer { level } => Some(*level),
        }
    }
}

/// The rules every game is played by.
pub const RULES: Preset = Preset::Battlegeneral;

struct GameTask {
    id: GameId,
    config: Arc<Config>,
    seats: ByPlayer<Seat>,
    session: Session,
    builders: ByPlayer<SetupBuilder>,
    submitted: ByPlayer<Option<Deployment>>,
    started_at: u64,
    setup_done_at: Option<u64>,
    moves: Vec<(Move, u64)>,
    last: Option<MoveReport>,
    offered: bool,
    offer_at: Instant,
    /// The computer players' brains (taken out while they think).
    brains: ByPlayer<Option<Thinker>>,
    rng: SplitMix64,
    me: mpsc::Sender<GameCmd>,
    lobby: mpsc::Sender<LobbyCmd>,
    store: mpsc::Sender<StoreCmd>,
}

/// How a game ended, before it is stored.
struct Ending {
    outcome: Option<Outcome>,
    reason: Reason,
    counted: bool,
    ended_at: u64,
}

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
    pub store: mpsc::Sender<StoreCmd>,
}

/// Starts game `id` between `red` (the acceptor) and `blue` (the
/// challenger) on the channel made by [`channel`].
pub fn spawn(
    id: GameId,
    seats: ByPlayer<Seat>,
    links: Links,
    (tx, rx): (mpsc::Sender<GameCmd>, mpsc::Receiver<GameCmd>),
) {
    let Links {
        config,
        lobby,
        store,
    } = links;
    let now = config.clock.now();
    // The challenger plays Blue, the acceptor Red.
    let session = Challenge {
        challenger: seats.second.name().to_string(),
        opponent: seats.first.name().to_string(),
        at: now,
    }
    .accept(now, Army::Classic, RULES.rules());
    let task = GameTask {
        id,
        offer_at: Instant::now() + config.predefined_after,
        config,
        seats,
        session,
        builders: ByPlayer::from_fn(|p| SetupBuilder::new(p, Army::Classic)),
        submitted: ByPlayer::default(),
        started_at: now,
        setup_done_at: None,
        moves: Vec::new(),
        last: None,
        offered: false,
        brains: ByPlayer::default(),
        rng: SplitMix64::new(id.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ now),
        me: tx,
        lobby,
        store,
    };
    tokio::spawn(task.run(rx));
}

fn err(code: ErrorCode, message: impl Into<String>, request: &'static str) -> ProtocolError {
    ProtocolError::new(code, message).about(request)
}

fn session_error(e: &SessionError, request: &'static str) -> ProtocolError {
    let code = match e {
        SessionError::NotInSetup => ErrorCode::SetupOver,
        SessionError::AlreadySetUp(_) => ErrorCode::AlreadyReady,
        SessionError::InvalidSetup(_) => ErrorCode::InvalidSetup,
        SessionError::NotPlaying => ErrorCode::NotPlaying,
        SessionError::NotYourTurn(_) => ErrorCode::NotYourTurn,
        SessionError::Illegal(_) => ErrorCode::IllegalMove,
        SessionError::Finished => ErrorCode::GameOver,
        SessionError::SelfChallenge(_) | SessionError::TimeWentBack { .. } => ErrorCode::Internal,
    };
    let message = match e {
        SessionError::InvalidSetup(problems) => format!(
            "invalid setup: {}",
            problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        ),
        e => e.to_string(),
    };
    err(code, message, request)
}

fn build_error(e: BuildError, request: &'static str) -> ProtocolError {
    let code = match e {
        BuildError::Incomplete(_) => ErrorCode::InvalidSetup,
        _ => ErrorCode::Build,
    };
    err(code, e.to_string(), request)
}

fn parse_square(text: &str, request: &'static str) -> Result<Square, ProtocolError> {
    text.parse().map_err(|e| {
        err(
            ErrorCode::Build,
            format!("{text:?} is not a square: {e}"),
            request,
        )
    })
}

impl GameTask {
    async fn run(mut self, mut rx: mpsc::Receiver<GameCmd>) {
        for p in Player::ALL {
            self.send_start(p);
        }
        if self.config.predefined_after.is_zero() {
            self.offer_predefined();
        }
        for p in Player::ALL {
            if let Some(level) = self.seats[p].level() {
                let d = level.setup(&mut self.rng);
                let now = self.config.clock.now();
                if let Err(e) = self.session.submit_setup(p, d, now) {
                    eprintln!("game {}: the computer's setup was refused: {e}", self.id);
                    let end = self.on_leave(p);
                    if let Some(end) = end {
                        self.finish(end).await;
                    }
                    return;
                }
                self.accept_setup(p, d);
            }
        }
        let mut shutdown: Option<oneshot::Sender<()>> = None;
        let ending = loop {
            let wake = self.next_wake();
            let cmd = tokio::select! {
                cmd = rx.recv() => cmd,
                () = tokio::time::sleep_until(wake) => None,
            };
            let ended = match cmd {
                Some(GameCmd::Msg { player, msg }) => self.on_message(player, msg),
                Some(GameCmd::Left { player }) => self.on_leave(player),
                Some(GameCmd::ComputerMove { ply, mv, brain }) => {
                    self.on_computer_move(ply, mv, brain)
                }
                Some(GameCmd::Shutdown { reply }) => {
                    shutdown = Some(reply);
                    Some(Ending {
                        outcome: None,
                        reason: Reason::ServerStopped,
                        counted: false,
                        ended_at: self.config.clock.now(),
                    })
                }
                None => self.on_timers(),
            };
            if let Some(end) = ended {
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
            if let GameCmd::Shutdown { reply } = cmd {
                let _ = reply.send(());
            }
        }
    }

    /// The earliest timer: the offer of the predefined setups, the setup
    /// time, the move clock.
    fn next_wake(&self) -> Instant {
        let clock = &self.config.clock;
        let far = Instant::now() + Duration::from_secs(3600);
        let mut wake = far;
        if !self.offered {
            wake = wake.min(self.offer_at);
        }
        let deadline = match self.session.position() {
            None => Some(self.started_at + self.config.setup_time),
            Some(_) => self.session.deadline(),
        };
        if let Some(d) = deadline {
            wake = wake.min(Instant::from_std(clock.instant_of(d)));
        }
        wake
    }

    fn on_timers(&mut self) -> Option<Ending> {
        if !self.offered && Instant::now() >= self.offer_at {
            self.offer_predefined();
        }
        let now = self.config.clock.now();
        if self.session.position().is_none() {
            if now <= self.started_at + self.config.setup_time {
                return None;
            }
            let late: Vec<Player> = Player::ALL
                .into_iter()
                .filter(|&p| self.submitted[p].is_none())
                .collect();
            return match late.as_slice() {
                [p] => self
                    .session
                    .leave(*p, now)
                    .ok()
                    .map(|r| self.ending(r, Reason::SetupTimeout(Some(*p)))),
                _ => Some(Ending {
                    outcome: None,
                    reason: Reason::SetupTimeout(None),
                    counted: false,
                    ended_at: now,
                }),
            };
        }
        let result = self.session.tick(now)?;
        Some(self.ended_by_session(result))
    }

    fn ending(&self, r: SessionResult, reason: Reason) -> Ending {
        Ending {
            outcome: Some(r.outcome),
            reason,
            counted: r.counts,
            ended_at: r.ended_at,
        }
    }

    fn ended_by_session(&self, r: SessionResult) -> Ending {
        let reason = match r.reason {
            EndReason::TimeOut(p) => Reason::TimeOut(p),
            EndReason::Left(p) => Reason::Left(p),
            EndReason::Rules => match (r.outcome, self.session.position()) {
                (Outcome::Win(w), Some(pos)) if pos.count(!w, Rank::Flag) == 0 => {
                    Reason::FlagCaptured
                }
                _ => Reason::NoMoves,
            },
        };
        self.ending(r, reason)
    }

    fn send(&self, player: Player, msg: &ServerMsg) {
        if let Some(out) = self.seats[player].out() {
            out.send(msg);
        }
    }

    fn refuse(&self, player: Player, e: &ProtocolError) {
        self.send(player, &e.to_msg());
    }

    fn send_start(&self, player: Player) {
        let until_offer = self.offer_at.saturating_duration_since(Instant::now());
        self.send(
            player,
            &ServerMsg::GameStart {
                game: self.id,
                colour: side(player),
                you: self.seats[player].name().to_string(),
                opponent: self.seats[!player].name().to_string(),
                opponent_computer: self.seats[!player].level().is_some(),
                rules: RULES.name(),
                predefined_in_ms: u64::try_from(until_offer.as_millis()).unwrap_or(u64::MAX),
                setup_time_ms: millis(self.config.clock.real(self.config.setup_time)),
            },
        );
        self.send_setup(player);
    }

    fn send_setup(&self, player: Player) {
        let b = &self.builders[player];
        self.send(
            player,
            &ServerMsg::Setup {
                game: self.id,
                board: setup_board(player, b.deployment()),
                next: b.next_piece().map(Rank::short),
                remaining: b.remaining(),
                complete: b.remaining() == 0,
                ready: self.submitted[player].is_some(),
                opponent_ready: self.submitted[!player].is_some(),
            },
        );
    }

    fn offer_predefined(&mut self) {
        self.offered = true;
        if self.session.position().is_some() {
            return;
        }
        let msg = ServerMsg::Predefined {
            game: self.id,
            setups: predefined()
                .iter()
                .map(|(name, d)| PredefinedSetup {
                    name,
                    deployment: d.to_string(),
                })
                .collect(),
        };
        for p in Player::ALL {
            if self.submitted[p].is_none() {
                self.send(p, &msg);
            }
        }
    }

    fn send_state(&self, player: Player) {
        let Some(pos) = self.session.position() else {
            return;
        };
        let view = pos.view(player);
        let mut moves = MoveList::new();
        view.legal_moves(&mut moves);
        let over = self.session.result().is_some();
        let clock = self
            .session
            .deadline()
            .filter(|_| !over)
            .map(|d| ClockInfo {
                running: side(pos.to_move()),
                remaining_ms: millis(
                    self.config
                        .clock
                        .real(d.saturating_sub(self.config.clock.now())),
                ),
            });
        self.send(
            player,
            &ServerMsg::State {
                game: self.id,
                ply: pos.ply(),
                to_move: side(pos.to_move()),
                your_turn: !over && pos.to_move() == player,
                board: view_board(&view),
                moves: if over {
                    Vec::new()
                } else {
                    moves.iter().map(ToString::to_string).collect()
                },
                last: self.last.as_ref().map(last_move),
                clock,
                left: left_counts(&view),
            },
        );
    }

    fn in_setup(&self, player: Player, request: &'static str) -> Result<(), ProtocolError> {
        if self.session.position().is_some() {
            return Err(err(
                ErrorCode::SetupOver,
                "the setup phase is over",
                request,
            ));
        }
        if self.submitted[player].is_some() {
            return Err(err(
                ErrorCode::AlreadyReady,
                "you have handed in your setup",
                request,
            ));
        }
        Ok(())
    }

    fn on_message(&mut self, player: Player, msg: ClientMsg) -> Option<Ending> {
        let request = msg.type_name();
        let result = match msg {
            ClientMsg::Place { square, .. } => self.in_setup(player, request).and_then(|()| {
                let sq = parse_square(&square, request)?;
                self.builders[player]
                    .place(sq)
                    .map(|_| ())
                    .map_err(|e| build_error(e, request))
            }),
            ClientMsg::Take { square, .. } => self.in_setup(player, request).and_then(|()| {
                let sq = parse_square(&square, request)?;
                self.builders[player]
                    .take_back(sq)
                    .map(|_| ())
                    .map_err(|e| build_error(e, request))
            }),
            ClientMsg::Adopt { setup, .. } => self.in_setup(player, request).and_then(|()| {
                if !self.offered {
                    return Err(err(
                        ErrorCode::NotOfferedYet,
                        "the predefined setups are not offered yet",
                        request,
                    ));
                }
                let all = predefined();
                let (_, d) = usize::try_from(setup)
                    .ok()
                    .and_then(|i| all.get(i))
                    .ok_or_else(|| {
                        err(
                            ErrorCode::NoSuchSetup,
                            format!("there are {} predefined setups, numbered from 0", all.len()),
                            request,
                        )
                    })?;
                self.builders[player] = SetupBuilder::from_deployment(player, Army::Classic, d);
                Ok(())
            }),
            ClientMsg::Clear { .. } => self.in_setup(player, request).map(|()| {
                self.builders[player] = SetupBuilder::new(player, Army::Classic);
            }),
            ClientMsg::Ready { deployment, .. } => {
                return self.on_ready(player, deployment.as_deref(), request);
            }
            ClientMsg::Move { mv, .. } => return self.on_move(player, &mv, request),
            ClientMsg::Leave { .. } => return self.on_leave(player),
            // Lobby messages never reach a game.
            _ => Ok(()),
        };
        match result {
            Ok(()) => self.send_setup(player),
            Err(e) => self.refuse(player, &e),
        }
        None
    }

    fn on_ready(
        &mut self,
        player: Player,
        text: Option<&str>,
        request: &'static str,
    ) -> Option<Ending> {
        let deployment = match text {
            Some(t) => t.parse::<Deployment>().map_err(|e| {
                err(
                    ErrorCode::InvalidSetup,
                    format!("the deployment does not parse: {e}"),
                    request,
                )
            }),
            None => self.builders[player]
                .finish()
                .map_err(|e| build_error(e, request)),
        };
        let deployment = match self.in_setup(player, request).and(deployment) {
            Ok(d) => d,
            Err(e) => {
                self.refuse(player, &e);
                return None;
            }
        };
        if let Err(e) = self
            .session
            .submit_setup(player, deployment, self.config.clock.now())
        {
            self.refuse(player, &session_error(&e, request));
            return self
                .session
                .result()
                .copied()
                .map(|r| self.ended_by_session(r));
        }
        self.accept_setup(player, deployment);
        None
    }

    /// Notes a setup the session accepted; starts play when both stand.
    fn accept_setup(&mut self, player: Player, deployment: Deployment) {
        self.builders[player] = SetupBuilder::from_deployment(player, Army::Classic, &deployment);
        self.submitted[player] = Some(deployment);
        for p in Player::ALL {
            self.send_setup(p);
        }
        if self.session.position().is_some() {
            self.setup_done_at = Some(self.config.clock.now());
            self.wake_computers();
            let _ = self.lobby.try_send(LobbyCmd::GamePlaying { id: self.id });
            for p in Player::ALL {
                self.send_state(p);
            }
            self.schedule_computer();
        }
    }

    fn on_move(&mut self, player: Player, text: &str, request: &'static str) -> Option<Ending> {
        let mv: Move = match text.parse() {
            Ok(m) => m,
            Err(e) => {
                self.refuse(
                    player,
                    &err(
                        ErrorCode::IllegalMove,
                        format!("{text:?} is not a move: {e}"),
                        request,
                    ),
                );
                return None;
            }
        };
        self.play(player, mv, request)
    }

    fn play(&mut self, player: Player, mv: Move, request: &'static str) -> Option<Ending> {
        let before: Option<Position> = self.session.position().cloned();
        let now = self.config.clock.now();
        match self.session.play(player, mv, now) {
            Ok(result) => {
                self.last = before.and_then(|mut p| p.play_move(mv).ok());
                self.moves.push((mv, now));
                for p in Player::ALL {
                    self.send_state(p);
                }
                match result {
                    Some(r) => Some(self.ended_by_session(r)),
                    None => {
                        self.schedule_computer();
                        None
                    }
                }
            }
            Err(e) => {
                if let Some(r) = self.session.result().copied() {
                    return Some(self.ended_by_session(r));
                }
                self.refuse(player, &session_error(&e, request));
                None
            }
        }
    }

    fn on_leave(&mut self, player: Player) -> Option<Ending> {
        let now = self.config.clock.now();
        match self.session.leave(player, now) {
            Ok(r) => Some(self.ended_by_session(r)),
            Err(_) => self
                .session
                .result()
                .copied()
                .map(|r| self.ended_by_session(r)),
        }
    }

    /// Gives each computer player its brain, once play begins.
    fn wake_computers(&mut self) {
        let Some(pos) = self.session.position() else {
            return;
        };
        for p in Player::ALL {
            if let Some(level) = self.seats[p].level() {
                let mut brain = level.brain(self.rng.next());
                brain.new_game(&shown(pos, p, &mut self.rng), self.rng.next());
                self.brains[p] = Some(Thinker(brain));
            }
        }
    }

    fn schedule_computer(&mut self) {
        let Some(pos) = self.session.position() else {
            return;
        };
        let mover = pos.to_move();
        let Some(Thinker(mut brain)) = self.brains[mover].take() else {
            return;
        };
        let view = pos.view(mover);
        let ply = pos.ply();
        let mut rng = SplitMix64::new(self.rng.next());
        let tx = self.me.clone();
        let delay = self.config.computer_delay;
        tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            let thought = tokio::task::spawn_blocking(move || {
                let mv = think(brain.as_mut(), &view, &mut rng);
                (mv, Thinker(brain))
            })
            .await;
            let (mv, brain) = match thought {
                Ok((mv, brain)) => (mv, Some(brain)),
                Err(_) => (None, None),
            };
            let _ = tx.send(GameCmd::ComputerMove { ply, mv, brain }).await;
        });
    }

    fn on_computer_move(
        &mut self,
        ply: u32,
        mv: Option<Move>,
        brain: Option<Thinker>,
    ) -> Option<Ending> {
        let pos = self.session.position()?;
        let mover = pos.to_move();
        if pos.ply() != ply || self.seats[mover].level().is_none() {
            return None;
        }
        self.brains[mover] = brain;
        match mv {
            Some(mv) if self.brains[mover].is_some() => self.play(mover, mv, "move"),
            // The computer player failed (it has a legal move: the game
            // would be over otherwise): it leaves rather than hold the
            // game up.
            _ => {
                eprintln!("game {}: the computer player failed; it leaves", self.id);
                self.on_leave(mover)
            }
        }
    }

    async fn finish(&mut self, end: Ending) {
        let record = GameRecord {
            id: self.id,
            seq: 0,
            red: self.seats.first.name().to_string(),
            blue: self.seats.second.name().to_string(),
            red_computer: self.seats.first.level().is_some(),
            blue_computer: self.seats.second.level().is_some(),
            army: Army::Classic,
            rules: RULES.name().to_string(),
            started_at: self.started_at,
            setup_done_at: self.setup_done_at,
            ended_at: end.ended_at,
            red_setup: self.submitted.first,
            blue_setup: self.submitted.second,
            moves: std::mem::take(&mut self.moves),
            outcome: end.outcome,
            reason: end.reason,
            counted: end.counted && end.outcome.is_some(),
        };
        let (reply_tx, reply_rx) = oneshot::channel();
        let counted = record.counted;
        let sent = self
            .store
            .send(StoreCmd::Finish {
                record: Box::new(record),
                reply: reply_tx,
            })
            .await;
        let stored = match sent {
            Ok(()) => reply_rx
                .await
                .unwrap_or_else(|_| Err("the storage writer stopped".into())),
            Err(_) => Err("the storage writer stopped".into()),
        };
        let (points, tables, counted) = match stored {
            Ok(f) => (f.points.to_vec(), counted.then_some(f.tables), counted),
            Err(why) => {
                let notice = ServerMsg::Notice {
                    text: format!("the server could not store this game: {why}"),
                };
                for p in Player::ALL {
                    self.send(p, &notice);
                }
                (Vec::new(), None, false)
            }
        };
        // The lobby frees the players first, so that whatever they do
        // after reading the result finds them free.
        let (done_tx, done_rx) = oneshot::channel();
        let freed = self
            .lobby
            .send(LobbyCmd::GameEnded {
                id: self.id,
                tables,
                done: done_tx,
            })
            .await;
        if freed.is_ok() {
            let _ = done_rx.await;
        }
        let (reason, _) = end.reason.parts();
        let msg = ServerMsg::GameOver {
            game: self.id,
            outcome: outcome_text(end.outcome),
            winner: end
                .outcome
                .and_then(|o| o.winner())
                .map(|w| self.seats[w].name().to_string()),
            reason,
            counted,
            duration_ms: end.ended_at.saturating_sub(self.started_at),
            points,
        };
        for p in Player::ALL {
            self.send(p, &msg);
            if let Some(out) = self.seats[p].out() {
                out.push(ToConn::Ended(self.id));
            }
        }
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

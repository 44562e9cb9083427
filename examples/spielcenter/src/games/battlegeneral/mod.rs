//! Battlegeneral: online Stratego by the rules of Stratego, with a setup
//! screen, a 5-minute move clock and a monthly and eternal leaderboard.
//!
//! The referee is a `stratego_rules::session::Session`; every setup and
//! move goes through it, and each player is sent only its own view
//! (`stratego_rules::View`) and legal moves. The challenger plays Blue, the
//! one who accepts Red, and Red moves first; a computer player plays Red.

mod board;
mod computer;
pub mod export;
pub mod record;

use board_core::{ByPlayer, Game, Observable, Outcome, Player, SplitMix64};
use serde_json::{Map, Value, json};
use stratego_rules::ai::Level;
use stratego_rules::session::{
    Challenge, EndReason, MOVE_TIME, Session, SessionError, SessionResult,
};
use stratego_rules::{
    Army, BuildError, Deployment, Move, MoveList, MoveReport, Position, Preset, Rank, SetupBuilder,
    Square, predefined,
};

use self::board::{full_board, last_move, left_counts, setup_board, side, view_board};
use self::computer::{Brain, THINK_CAP, shown, think};
use self::record::Played;
use crate::hosted::{
    Ctx, Ending, GameId, GameKind, HostedGame, Millis, SeatInfo, Start, StoredGame, Thinking,
    Thought, no_options,
};
use crate::leaderboard::{Change, Day, Period, PeriodKind, Standing, duel};
use crate::protocol::{Action, ErrorCode, ProtocolError};

/// The rules every game is played by.
pub const RULES: Preset = Preset::Battlegeneral;

/// The game's id.
pub const ID: &str = "battlegeneral";

/// Battlegeneral as the Spielcenter hosts it.
pub static KIND: GameKind = GameKind {
    id: ID,
    sides: ["red", "blue"],
    levels: &Level::ALL,
    human_side: Player::Second,
    challenge: true,
    local: false,
    daily: false,
    options: no_options,
    highscore: None,
    actions: &ACTIONS,
    reasons: &["flag_captured", "no_moves", "setup_timeout"],
    periods: &[PeriodKind::Month, PeriodKind::Eternal],
    start,
    score,
    exports: export::EXPORTS,
};

/// The action types a player may send.
pub const ACTIONS: [&str; 6] = ["place", "take", "adopt", "clear", "ready", "move"];

/// The game is not in its setup phase.
pub const SETUP_OVER: ErrorCode = ErrorCode("setup_over");
/// The predefined setups are not offered yet.
pub const NOT_OFFERED_YET: ErrorCode = ErrorCode("not_offered_yet");
/// No predefined setup has that index.
pub const NO_SUCH_SETUP: ErrorCode = ErrorCode("no_such_setup");
/// A setup-screen action that cannot be done (outside the zone, an
/// occupied or empty square, every piece placed).
pub const BUILD: ErrorCode = ErrorCode("build");
/// The setup is not the army (or not complete).
pub const INVALID_SETUP: ErrorCode = ErrorCode("invalid_setup");
/// The sender already handed in its setup.
pub const ALREADY_READY: ErrorCode = ErrorCode("already_ready");
/// The game has not started yet (setup phase).
pub const NOT_PLAYING: ErrorCode = ErrorCode("not_playing");

/// One game: the session, the setup screens, the clocks, the computers.
pub struct Battlegeneral {
    id: GameId,
    seats: ByPlayer<SeatInfo>,
    session: Session,
    builders: ByPlayer<SetupBuilder>,
    submitted: ByPlayer<Option<Deployment>>,
    started_at: Millis,
    setup_done_at: Option<Millis>,
    moves: Vec<(Move, Millis)>,
    last: Option<MoveReport>,
    offered: bool,
    offer_at: Millis,
    time_scale: u64,
    /// The computer players' brains (taken out while they think).
    brains: ByPlayer<Option<Box<dyn Brain>>>,
    /// The ply and seat a computer thinks about.
    thinking: Option<(u32, Player)>,
    rng: SplitMix64,
    ending: Option<Ending>,
    counts: bool,
}

fn start(s: Start<'_>) -> Box<dyn HostedGame> {
    // The challenger plays Blue, the acceptor Red.
    let session = Challenge {
        challenger: s.seats.second.name.clone(),
        opponent: s.seats.first.name.clone(),
        at: s.now,
    }
    .accept(s.now, Army::Classic, RULES.rules());
    let scale = s.settings.time_scale.max(1);
    Box::new(Battlegeneral {
        id: s.id,
        seats: s.seats,
        session,
        builders: ByPlayer::from_fn(|p| SetupBuilder::new(p, Army::Classic)),
        submitted: ByPlayer::default(),
        started_at: s.now,
        setup_done_at: None,
        moves: Vec::new(),
        last: None,
        offered: false,
        offer_at: s
            .now
            .saturating_add(s.settings.predefined_after_ms.saturating_mul(scale)),
        time_scale: scale,
        brains: ByPlayer::default(),
        thinking: None,
        rng: SplitMix64::new(s.seed),
        ending: None,
        counts: false,
    })
}

/// What a finished game changes in the leaderboard: the duel rule (+10 a
/// win, −10 a loss, never below 0) for the month it ended in and all time,
/// when the session's rule let it count.
fn score(game: &StoredGame, day: Day, standing: &Standing) -> Vec<Change> {
    let (Ok(played), Some(outcome)) = (Played::read(game), game.outcome) else {
        return Vec::new();
    };
    if !played.counts {
        return Vec::new();
    }
    let periods = [Period::Month(day.month()), Period::Eternal];
    duel(
        standing,
        ID,
        &periods,
        [&game.players[0], &game.players[1]],
        outcome,
    )
}

fn err(code: ErrorCode, message: impl Into<String>, request: &str) -> ProtocolError {
    ProtocolError::new(code, message).about(request)
}

fn session_error(e: &SessionError, request: &str) -> ProtocolError {
    let code = match e {
        SessionError::NotInSetup => SETUP_OVER,
        SessionError::AlreadySetUp(_) => ALREADY_READY,
        SessionError::InvalidSetup(_) => INVALID_SETUP,
        SessionError::NotPlaying => NOT_PLAYING,
        SessionError::NotYourTurn(_) => ErrorCode::NOT_YOUR_TURN,
        SessionError::Illegal(_) => ErrorCode::ILLEGAL_MOVE,
        SessionError::Finished => ErrorCode::GAME_OVER,
        SessionError::SelfChallenge(_) | SessionError::TimeWentBack { .. } => ErrorCode::INTERNAL,
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

fn build_error(e: BuildError, request: &str) -> ProtocolError {
    let code = match e {
        BuildError::Incomplete(_) => INVALID_SETUP,
        _ => BUILD,
    };
    err(code, e.to_string(), request)
}

fn parse_square(text: &str, request: &str) -> Result<Square, ProtocolError> {
    text.parse()
        .map_err(|e| err(BUILD, format!("{text:?} is not a square: {e}"), request))
}

impl Battlegeneral {
    fn real(&self, ms: Millis) -> u64 {
        ms / self.time_scale
    }

    fn ending(&self, r: &SessionResult, reason: &'static str, who: Option<Player>) -> Ending {
        Ending {
            outcome: Some(r.outcome),
            reason,
            reason_player: who,
            ended_at: r.ended_at,
        }
    }

    fn end_by_session(&mut self, r: SessionResult) {
        let (reason, who) = match r.reason {
            EndReason::TimeOut(p) => ("timeout", Some(p)),
            EndReason::Left(p) => ("left", Some(p)),
            EndReason::Rules => match (r.outcome, self.session.position()) {
                (Outcome::Win(w), Some(pos)) if pos.count(!w, Rank::Flag) == 0 => {
                    ("flag_captured", None)
                }
                _ => ("no_moves", None),
            },
        };
        self.counts = r.counts;
        self.ending = Some(self.ending(&r, reason, who));
    }

    fn send_setup(&self, player: Player, ctx: &mut Ctx) {
        let b = &self.builders[player];
        ctx.send(
            player,
            json!({
                "type": "setup",
                "game": self.id,
                "board": setup_board(player, b.deployment()),
                "next": b.next_piece().map(Rank::short),
                "remaining": b.remaining(),
                "complete": b.remaining() == 0,
                "ready": self.submitted[player].is_some(),
                "opponent_ready": self.submitted[!player].is_some(),
            }),
        );
    }

    fn offer_predefined(&mut self, ctx: &mut Ctx) {
        self.offered = true;
        if self.session.position().is_some() {
            return;
        }
        let setups: Vec<Value> = predefined()
            .iter()
            .map(|(name, d)| json!({"name": name, "deployment": d.to_string()}))
            .collect();
        let msg = json!({"type": "predefined", "game": self.id, "setups": setups});
        for p in Player::ALL {
            if self.submitted[p].is_none() {
                ctx.send(p, msg.clone());
            }
        }
    }

    fn send_state(&self, player: Player, ctx: &mut Ctx) {
        let Some(pos) = self.session.position() else {
            return;
        };
        let view = pos.view(player);
        let mut moves = MoveList::new();
        view.legal_moves(&mut moves);
        let over = self.session.result().is_some();
        let clock = self.session.deadline().filter(|_| !over).map(|d| {
            json!({
                "running": side(pos.to_move()),
                "remaining_ms": self.real(d.saturating_sub(ctx.now())),
            })
        });
        ctx.send(
            player,
            json!({
                "type": "state",
                "game": self.id,
                "ply": pos.ply(),
                "to_move": side(pos.to_move()),
                "your_turn": !over && pos.to_move() == player,
                "board": view_board(&view),
                "moves": if over {
                    Vec::new()
                } else {
                    moves.iter().map(ToString::to_string).collect::<Vec<_>>()
                },
                "last": self.last.as_ref().map(last_move),
                "clock": clock,
                "left": left_counts(&view),
            }),
        );
    }

    fn in_setup(&self, player: Player, request: &str) -> Result<(), ProtocolError> {
        if self.session.position().is_some() {
            return Err(err(SETUP_OVER, "the setup phase is over", request));
        }
        if self.submitted[player].is_some() {
            return Err(err(ALREADY_READY, "you have handed in your setup", request));
        }
        Ok(())
    }

    fn on_ready(
        &mut self,
        player: Player,
        text: Option<&str>,
        request: &str,
        ctx: &mut Ctx,
    ) -> Result<(), ProtocolError> {
        self.in_setup(player, request)?;
        let deployment = match text {
            Some(t) => t.parse::<Deployment>().map_err(|e| {
                err(
                    INVALID_SETUP,
                    format!("the deployment does not parse: {e}"),
                    request,
                )
            })?,
            None => self.builders[player]
                .finish()
                .map_err(|e| build_error(e, request))?,
        };
        if let Err(e) = self.session.submit_setup(player, deployment, ctx.now()) {
            if let Some(r) = self.session.result().copied() {
                self.end_by_session(r);
            }
            return Err(session_error(&e, request));
        }
        self.accept_setup(player, deployment, ctx);
        Ok(())
    }

    /// Notes a setup the session accepted; starts play when both stand.
    fn accept_setup(&mut self, player: Player, deployment: Deployment, ctx: &mut Ctx) {
        self.builders[player] = SetupBuilder::from_deployment(player, Army::Classic, &deployment);
        self.submitted[player] = Some(deployment);
        for p in Player::ALL {
            self.send_setup(p, ctx);
        }
        if self.session.position().is_some() {
            self.setup_done_at = Some(ctx.now());
            self.wake_computers();
            for p in Player::ALL {
                self.send_state(p, ctx);
            }
        }
    }

    fn on_move(
        &mut self,
        player: Player,
        text: &str,
        request: &str,
        ctx: &mut Ctx,
    ) -> Result<(), ProtocolError> {
        let mv: Move = text.parse().map_err(|e| {
            err(
                ErrorCode::ILLEGAL_MOVE,
                format!("{text:?} is not a move: {e}"),
                request,
            )
        })?;
        self.play(player, mv, request, ctx)
    }

    fn play(
        &mut self,
        player: Player,
        mv: Move,
        request: &str,
        ctx: &mut Ctx,
    ) -> Result<(), ProtocolError> {
        let before: Option<Position> = self.session.position().cloned();
        let now = ctx.now();
        match self.session.play(player, mv, now) {
            Ok(result) => {
                self.last = before.and_then(|mut p| p.play_move(mv).ok());
                self.moves.push((mv, now));
                for p in Player::ALL {
                    self.send_state(p, ctx);
                }
                if let Some(r) = result {
                    self.end_by_session(r);
                }
                Ok(())
            }
            Err(e) => {
                if let Some(r) = self.session.result().copied() {
                    // A move after the clock ran out ends the game by time.
                    self.end_by_session(r);
                    return Ok(());
                }
                Err(session_error(&e, request))
            }
        }
    }

    /// Gives each computer player its brain, once play begins.
    fn wake_computers(&mut self) {
        let Some(pos) = self.session.position() else {
            return;
        };
        for p in Player::ALL {
            if let Some(level) = self.seats[p].computer {
                let mut b = computer::brain(level, self.rng.next(), THINK_CAP);
                b.new_game(&shown(pos, p, &mut self.rng), self.rng.next());
                self.brains[p] = Some(b);
            }
        }
    }

    fn action(
        &mut self,
        player: Player,
        action: Action,
        ctx: &mut Ctx,
    ) -> Result<(), ProtocolError> {
        let mut f = action.fields;
        let request = f.ty().to_owned();
        let request = request.as_str();
        match request {
            "place" | "take" => {
                let square = f.string("square")?;
                f.done()?;
                self.in_setup(player, request)?;
                let sq = parse_square(&square, request)?;
                let b = &mut self.builders[player];
                let done = if request == "place" {
                    b.place(sq).map(|_| ())
                } else {
                    b.take_back(sq).map(|_| ())
                };
                done.map_err(|e| build_error(e, request))?;
                self.send_setup(player, ctx);
            }
            "adopt" => {
                let index = f.number("setup")?;
                f.done()?;
                self.in_setup(player, request)?;
                if !self.offered {
                    return Err(err(
                        NOT_OFFERED_YET,
                        "the predefined setups are not offered yet",
                        request,
                    ));
                }
                let all = predefined();
                let (_, d) = usize::try_from(index)
                    .ok()
                    .and_then(|i| all.get(i))
                    .ok_or_else(|| {
                        err(
                            NO_SUCH_SETUP,
                            format!("there are {} predefined setups, numbered from 0", all.len()),
                            request,
                        )
                    })?;
                self.builders[player] = SetupBuilder::from_deployment(player, Army::Classic, d);
                self.send_setup(player, ctx);
            }
            "clear" => {
                f.done()?;
                self.in_setup(player, request)?;
                self.builders[player] = SetupBuilder::new(player, Army::Classic);
                self.send_setup(player, ctx);
            }
            "ready" => {
                let deployment = f.opt_string("deployment")?;
                f.done()?;
                self.on_ready(player, deployment.as_deref(), request, ctx)?;
            }
            "move" => {
                let mv = f.string("move")?;
                f.done()?;
                self.on_move(player, &mv, request, ctx)?;
            }
            other => {
                return Err(err(
                    ErrorCode::UNKNOWN_TYPE,
                    format!(
                        "Battlegeneral has no action {other:?} (its actions: {})",
                        ACTIONS.join(", ")
                    ),
                    other,
                ));
            }
        }
        Ok(())
    }
}

impl HostedGame for Battlegeneral {
    fn kind(&self) -> &'static GameKind {
        &KIND
    }

    fn start_fields(&self, _seat: Player) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("rules".into(), RULES.name().into());
        m.insert(
            "predefined_in_ms".into(),
            self.real(self.offer_at.saturating_sub(self.started_at))
                .into(),
        );
        m.insert(
            "setup_time_ms".into(),
            self.real(stratego_rules::session::MOVE_TIME).into(),
        );
        m.insert("move_time_ms".into(), self.real(MOVE_TIME).into());
        m
    }

    fn begin(&mut self, ctx: &mut Ctx) {
        for p in Player::ALL {
            self.send_setup(p, ctx);
        }
        if self.offer_at <= ctx.now() {
            self.offer_predefined(ctx);
        }
        for p in Player::ALL {
            if self.seats[p].computer.is_some() {
                let d = computer::setup(&mut self.rng);
                if let Err(e) = self.session.submit_setup(p, d, ctx.now()) {
                    log!("game {}: the computer's setup was refused: {e}", self.id);
                    self.leave(p, ctx);
                    return;
                }
                self.accept_setup(p, d, ctx);
            }
        }
    }

    fn act(&mut self, seat: Player, action: Action, ctx: &mut Ctx) -> Result<(), ProtocolError> {
        self.action(seat, action, ctx)
    }

    fn leave(&mut self, seat: Player, ctx: &mut Ctx) {
        if self.ending.is_some() {
            return;
        }
        match self.session.leave(seat, ctx.now()) {
            Ok(r) => self.end_by_session(r),
            Err(_) => {
                if let Some(r) = self.session.result().copied() {
                    self.end_by_session(r);
                }
            }
        }
    }

    fn wake_at(&self) -> Option<Millis> {
        if self.ending.is_some() {
            return None;
        }
        let deadline = match self.session.position() {
            None => Some(self.started_at + MOVE_TIME),
            Some(_) => self.session.deadline(),
        };
        let offer = (!self.offered).then_some(self.offer_at);
        match (deadline, offer) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn wake(&mut self, ctx: &mut Ctx) {
        if self.ending.is_some() {
            return;
        }
        let now = ctx.now();
        if !self.offered && now >= self.offer_at {
            self.offer_predefined(ctx);
        }
        if self.session.position().is_none() {
            if now <= self.started_at + MOVE_TIME {
                return;
            }
            let late: Vec<Player> = Player::ALL
                .into_iter()
                .filter(|&p| self.submitted[p].is_none())
                .collect();
            match late.as_slice() {
                [p] => {
                    if let Ok(r) = self.session.leave(*p, now) {
                        self.counts = r.counts;
                        self.ending = Some(self.ending(&r, "setup_timeout", Some(*p)));
                    }
                }
                _ => {
                    self.ending = Some(Ending {
                        outcome: None,
                        reason: "setup_timeout",
                        reason_player: None,
                        ended_at: now,
                    });
                }
            }
            return;
        }
        if let Some(r) = self.session.tick(now) {
            self.end_by_session(r);
        }
    }

    fn think(&mut self) -> Option<Thinking> {
        if self.ending.is_some() || self.thinking.is_some() {
            return None;
        }
        let pos = self.session.position()?;
        let mover = pos.to_move();
        let mut brain = self.brains[mover].take()?;
        let view = pos.view(mover);
        let ply = pos.ply();
        let mut rng = SplitMix64::new(self.rng.next());
        self.thinking = Some((ply, mover));
        Some(Thinking {
            tag: u64::from(ply),
            job: Box::new(move || {
                let mv = think(brain.as_mut(), &view, &mut rng);
                Box::new((mv, brain)) as Thought
            }),
        })
    }

    fn thought(&mut self, tag: u64, thought: Option<Thought>, ctx: &mut Ctx) {
        let Some((ply, mover)) = self.thinking.take() else {
            return;
        };
        if u64::from(ply) != tag || self.ending.is_some() {
            return;
        }
        let result = thought.and_then(|t| t.downcast::<(Option<Move>, Box<dyn Brain>)>().ok());
        match result.map(|b| *b) {
            Some((Some(mv), brain)) => {
                self.brains[mover] = Some(brain);
                if let Err(e) = self.play(mover, mv, "move", ctx) {
                    log!(
                        "game {}: the computer's move {mv} was refused: {e}",
                        self.id
                    );
                    self.leave(mover, ctx);
                }
            }
            // The computer player failed (it has a legal move: the game
            // would be over otherwise): it leaves rather than hold the
            // game up.
            _ => {
                log!("game {}: the computer player failed; it leaves", self.id);
                self.leave(mover, ctx);
            }
        }
    }

    fn ending(&self) -> Option<Ending> {
        self.ending.clone()
    }

    fn over_fields(&self, _seat: Player) -> Map<String, Value> {
        let mut m = Map::new();
        if let Some(pos) = self.session.position() {
            // The game is over: both armies are shown.
            m.insert("board".into(), json!(full_board(pos)));
        }
        m
    }

    fn record(&self) -> Value {
        Played {
            army: Army::Classic,
            rules: RULES.name().to_owned(),
            counts: self.counts && self.ending.as_ref().is_some_and(|e| e.outcome.is_some()),
            setup_done_at: self.setup_done_at,
            setups: [self.submitted.first, self.submitted.second],
            moves: self.moves.clone(),
        }
        .record(self.started_at)
    }

    fn plies(&self) -> u64 {
        self.moves.len() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hosted::GameSettings;
    use crate::protocol::{ClientMsg, Fields};

    fn seat(name: &str, computer: Option<Level>) -> SeatInfo {
        SeatInfo {
            name: name.into(),
            computer,
        }
    }

    fn action(text: &str) -> Action {
        match ClientMsg::parse(text) {
            Ok(ClientMsg::Act { action, .. }) => action,
            other => panic!("{other:?}"),
        }
    }

    fn new_game(red: SeatInfo, blue: SeatInfo) -> Box<dyn HostedGame> {
        let settings = GameSettings {
            time_scale: 1,
            predefined_after_ms: 0,
        };
        let standing = Standing::default();
        (KIND.start)(Start {
            id: 1,
            seats: ByPlayer::new(red, blue),
            now: 1_000,
            seed: 7,
            mode: crate::hosted::Mode::Normal,
            settings: &settings,
            standing: &standing,
            options: &Map::new(),
            local: false,
        })
    }

    #[test]
    fn a_game_between_people_runs_through_the_session() {
        let mut g = new_game(seat("bert", None), seat("anna", None));
        let mut ctx = Ctx::new(2_000);
        g.begin(&mut ctx);
        let sent = ctx.take();
        assert!(sent.iter().any(|(_, m)| m["type"] == "predefined"));
        // Errors name the action.
        let e = g
            .act(
                Player::First,
                action(r#"{"type":"fly","game":1}"#),
                &mut ctx,
            )
            .unwrap_err();
        assert_eq!(
            (e.code, e.request.as_deref()),
            (ErrorCode::UNKNOWN_TYPE, Some("fly"))
        );
        let e = g
            .act(
                Player::First,
                action(r#"{"type":"move","game":1,"move":"a4-a5"}"#),
                &mut ctx,
            )
            .unwrap_err();
        assert_eq!(e.code, NOT_PLAYING);
        let e = g
            .act(
                Player::First,
                action(r#"{"type":"adopt","game":1,"setup":9}"#),
                &mut ctx,
            )
            .unwrap_err();
        assert_eq!(e.code, NO_SUCH_SETUP);
        for (p, i) in [(Player::First, 0), (Player::Second, 3)] {
            g.act(
                p,
                action(&format!(r#"{{"type":"adopt","game":1,"setup":{i}}}"#)),
                &mut ctx,
            )
            .unwrap();
            g.act(p, action(r#"{"type":"ready","game":1}"#), &mut ctx)
                .unwrap();
        }
        let sent = ctx.take();
        let states: Vec<_> = sent.iter().filter(|(_, m)| m["type"] == "state").collect();
        assert_eq!(states.len(), 2);
        let red = &states
            .iter()
            .find(|(to, _)| *to == Some(Player::First))
            .unwrap()
            .1;
        assert_eq!(red["your_turn"], true);
        // The session's clock wakes the game; Red times out.
        let at = g.wake_at().unwrap();
        let mut late = Ctx::new(at + 1);
        g.wake(&mut late);
        let end = g.ending().unwrap();
        assert_eq!(
            (end.reason, end.reason_player),
            ("timeout", Some(Player::First))
        );
        assert_eq!(end.outcome, Some(Outcome::Win(Player::Second)));
        assert!(g.over_fields(Player::First)["board"].as_array().is_some());
        let _ = Fields::new("x", Map::new());
    }

    #[test]
    fn a_computer_sets_up_and_thinks_off_the_game() {
        let mut g = new_game(
            seat("Computer (easy)", Some(Level::Easy)),
            seat("anna", None),
        );
        let mut ctx = Ctx::new(2_000);
        g.begin(&mut ctx);
        assert!(g.think().is_none(), "no thinking before both setups stand");
        g.act(
            Player::Second,
            action(r#"{"type":"adopt","game":1,"setup":1}"#),
            &mut ctx,
        )
        .unwrap();
        g.act(
            Player::Second,
            action(r#"{"type":"ready","game":1}"#),
            &mut ctx,
        )
        .unwrap();
        let job = g.think().expect("Red, the computer, moves first");
        assert!(g.think().is_none(), "one job at a time");
        let thought = (job.job)();
        g.thought(job.tag, Some(thought), &mut ctx);
        assert_eq!(g.plies(), 1);
        // A stale or failed thought: the computer leaves only when its
        // job fails.
        let job = g.think();
        assert!(job.is_none(), "Blue, the person, is to move");
    }
}

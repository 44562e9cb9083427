//! Fanorona, the board game of Madagascar: against the computer at four
//! levels, the game of the day (everyone plays the same day's computer,
//! `fanorona_rules::daily`), and person against person.
//!
//! The referee is a `fanorona_rules::Position`. A player sends whole turns
//! (`d2-e3a-e4a`); to let the browser build a turn step by step, every
//! `state` lists each legal turn with its points, capture kinds and the
//! stones each step captures, so the page needs no rules of its own.
//!
//! The Bestenliste: a game of the day scores 100 + 2 a stone left for a
//! win, 50 for a draw, 1 a captured stone for a loss
//! (`fanorona_rules::scoring`); the first finished game of the day per
//! name enters that day's list, and the month's and the eternal list sum
//! the daily scores.

mod openings;
mod view;

use board_core::{ByPlayer, Game, Outcome, Player};
use board_search::Strategy;
use fanorona_rules::ai::{Computer, Level};
use fanorona_rules::daily::{self, Date};
use fanorona_rules::{MAX_STONES, Move, MoveList, Position, WHITE};
use serde_json::{Map, Value, json};

use self::view::{board, describe};
use crate::hosted::{
    Ctx, Ending, GameId, GameKind, HostedGame, Millis, Mode, SeatInfo, Start, StoredGame, Thinking,
    Thought, no_options,
};
use crate::leaderboard::{Change, Day, Period, PeriodKind, Standing};
use crate::protocol::{Action, ErrorCode, ProtocolError};

/// The game's id.
pub const ID: &str = "fanorona";

/// Fanorona as the Spielcenter hosts it.
pub static KIND: GameKind = GameKind {
    id: ID,
    sides: ["white", "black"],
    levels: &Level::ALL,
    human_side: WHITE,
    challenge: true,
    local: false,
    daily: true,
    options: no_options,
    highscore: None,
    actions: &ACTIONS,
    reasons: &["all_captured", "no_moves", "repetition", "no_capture"],
    periods: &[PeriodKind::Day, PeriodKind::Month, PeriodKind::Eternal],
    start,
    score,
    exports: &[],
};

/// The action types a player may send.
pub const ACTIONS: [&str; 3] = ["move", "hint", "undo"];

/// A player's move clock against a person (session milliseconds).
pub const MOVE_TIME: Millis = 5 * 60_000;
/// Against the computer: a tab left this long without a move loses.
pub const IDLE_TIME: Millis = 30 * 60_000;

/// Points of a won game before the stones (from `fanorona_rules::scoring`).
pub use fanorona_rules::scoring::{DRAW_POINTS, POINTS_PER_STONE, WIN_POINTS};

/// What the computer's thinking is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Job {
    /// Its move.
    Move,
    /// A hint for the person.
    Hint,
}

/// One game.
pub struct Fanorona {
    id: GameId,
    seats: ByPlayer<SeatInfo>,
    mode: Mode,
    pos: Position,
    moves: Vec<(Move, Millis)>,
    started_at: Millis,
    /// When the player to move began its turn.
    turn_started: Millis,
    /// A game of the day that enters the Bestenliste (the first of the
    /// day for this name).
    counts: bool,
    hint_wanted: bool,
    thinking: Option<(u64, Job)>,
    undos: u32,
    ending: Option<Ending>,
}

fn start(s: Start<'_>) -> Box<dyn HostedGame> {
    let counts = match s.mode {
        Mode::Daily(day) => s
            .standing
            .points(ID, Period::Day(day), &s.seats[WHITE].name)
            .is_none(),
        Mode::Normal => false,
    };
    Box::new(Fanorona {
        id: s.id,
        seats: s.seats,
        mode: s.mode,
        pos: Position::new(),
        moves: Vec::new(),
        started_at: s.now,
        turn_started: s.now,
        counts,
        hint_wanted: false,
        thinking: None,
        undos: 0,
        ending: None,
    })
}

/// The seed's score of `player` in a game that ended with `outcome` at
/// `pos`: a win 100 + 2 for each own stone left, a draw 50, a loss 1 for
/// each enemy stone captured.
#[must_use]
pub fn seed_score(pos: &Position, player: Player, outcome: Outcome) -> u32 {
    match outcome {
        Outcome::Win(w) if w == player => WIN_POINTS + POINTS_PER_STONE * pos.count(player),
        Outcome::Win(_) => MAX_STONES.saturating_sub(pos.count(!player)),
        Outcome::Draw => DRAW_POINTS,
    }
}

/// The stored moves replayed from the start.
fn replay(game: &StoredGame) -> Option<Position> {
    let moves = game.record.get("moves")?.as_str()?;
    let mut pos = Position::new();
    for m in moves.split_whitespace() {
        pos.play(m.parse().ok()?).ok()?;
    }
    Some(pos)
}

/// What a finished game changes in the Bestenliste: a game of the day
/// with a result, of a person playing White, that is the first of that day
/// for the name, enters the day's list with its score and adds it to the
/// month's and the eternal list.
fn score(game: &StoredGame, _ended: Day, standing: &Standing) -> Vec<Change> {
    let (Some(day), Some(outcome)) = (game.daily, game.outcome) else {
        return Vec::new();
    };
    let name = &game.players[0];
    if game.computers[0] || standing.points(ID, Period::Day(day), name).is_some() {
        return Vec::new();
    }
    let Some(pos) = replay(game) else {
        return Vec::new();
    };
    let points = i64::from(seed_score(&pos, WHITE, outcome));
    [
        Period::Day(day),
        Period::Month(day.month()),
        Period::Eternal,
    ]
    .into_iter()
    .map(|p| standing.add(ID, p, name, points))
    .collect()
}

fn err(code: ErrorCode, message: impl Into<String>, request: &str) -> ProtocolError {
    ProtocolError::new(code, message).about(request)
}

/// The date of the game of the day as `fanorona_rules::daily` takes it.
fn date(day: Day) -> Option<Date> {
    let (y, m, d) = day.ymd();
    Date::new(y, m, d).ok()
}

impl Fanorona {
    fn computer(&self, p: Player) -> Option<Level> {
        self.seats[p].computer
    }

    fn against_computer(&self) -> bool {
        Player::ALL.into_iter().any(|p| self.computer(p).is_some())
    }

    fn deadline(&self) -> Millis {
        let time = if self.against_computer() {
            IDLE_TIME
        } else {
            MOVE_TIME
        };
        self.turn_started.saturating_add(time)
    }

    fn send_state(&self, ctx: &mut Ctx) {
        let mut list = MoveList::new();
        self.pos.legal_moves(&mut list);
        let moves: Vec<Value> = list.iter().map(|&m| describe(&self.pos, m)).collect();
        let last = self.moves.last().map(|&(mv, _)| {
            let mut before = Position::new();
            for &(m, _) in &self.moves[..self.moves.len() - 1] {
                let _ = before.play(m);
            }
            let mut d = describe(&before, mv);
            d["by"] = KIND.side(before.to_move()).into();
            d
        });
        let over = self.ending.is_some();
        let mover = self.pos.to_move();
        let rules = self.pos.rules();
        for p in Player::ALL {
            if self.computer(p).is_some() {
                continue;
            }
            let mine = !over && mover == p;
            ctx.send(
                p,
                json!({
                    "type": "state",
                    "game": self.id,
                    "ply": self.moves.len(),
                    "to_move": KIND.side(mover),
                    "your_turn": mine,
                    "board": board(&self.pos),
                    "moves": if mine { moves.clone() } else { Vec::new() },
                    "capturers": if mine {
                        self.pos.capturers().iter().map(|s| s.to_string()).collect::<Vec<_>>()
                    } else {
                        Vec::new()
                    },
                    "last": last,
                    "stones": {"white": self.pos.count(WHITE), "black": self.pos.count(!WHITE)},
                    "no_capture": self.pos.no_capture_moves(),
                    "no_capture_limit": rules.no_capture_limit(),
                    "repetition": self.pos.occurrences(),
                    "repetition_limit": rules.repetitions(),
                    "undo": self.can_undo(p),
                    "hint": self.hint_allowed(p).is_ok() && mine,
                    "deadline_ms": (!over).then(|| self.deadline().saturating_sub(ctx.now())),
                }),
            );
        }
    }

    fn hint_allowed(&self, p: Player) -> Result<(), &'static str> {
        if matches!(self.mode, Mode::Daily(_)) {
            return Err("the game of the day has no hints");
        }
        if !self.against_computer() || self.computer(p).is_some() {
            return Err("hints are for games against the computer");
        }
        Ok(())
    }

    fn can_undo(&self, p: Player) -> bool {
        self.hint_allowed(p).is_ok()
            && self.ending.is_none()
            && self.pos.to_move() == p
            && self.thinking.is_none()
            && self.moves.len() >= 2
    }

    fn rebuild(&mut self) {
        let mut pos = Position::new();
        for &(m, _) in &self.moves {
            let _ = pos.play(m);
        }
        self.pos = pos;
    }

    fn play(&mut self, mv: Move, ctx: &mut Ctx) -> Result<(), String> {
        self.pos.play(mv).map_err(|e| e.to_string())?;
        self.moves.push((mv, ctx.now()));
        self.turn_started = ctx.now();
        self.hint_wanted = false;
        if let Some(outcome) = self.pos.outcome() {
            let reason = match outcome {
                Outcome::Draw
                    if self.pos.occurrences() >= usize::from(self.pos.rules().repetitions()) =>
                {
                    "repetition"
                }
                Outcome::Draw => "no_capture",
                Outcome::Win(w) if self.pos.count(!w) == 0 => "all_captured",
                Outcome::Win(_) => "no_moves",
            };
            self.ending = Some(Ending {
                outcome: Some(outcome),
                reason,
                reason_player: None,
                ended_at: ctx.now(),
            });
        }
        self.send_state(ctx);
        Ok(())
    }

    fn action(&mut self, seat: Player, action: Action, ctx: &mut Ctx) -> Result<(), ProtocolError> {
        let mut f = action.fields;
        let request = f.ty().to_owned();
        let request = request.as_str();
        match request {
            "move" => {
                let text = f.string("move")?;
                f.done()?;
                if self.pos.to_move() != seat {
                    return Err(err(
                        ErrorCode::NOT_YOUR_TURN,
                        "it is not your turn",
                        request,
                    ));
                }
                let mv = self
                    .pos
                    .parse_move(&text)
                    .map_err(|e| err(ErrorCode::ILLEGAL_MOVE, format!("{text:?}: {e}"), request))?;
                self.play(mv, ctx)
                    .map_err(|e| err(ErrorCode::ILLEGAL_MOVE, format!("{text:?}: {e}"), request))
            }
            "hint" => {
                f.done()?;
                self.hint_allowed(seat)
                    .map_err(|why| err(ErrorCode::NOT_ALLOWED, why, request))?;
                if self.pos.to_move() != seat {
                    return Err(err(
                        ErrorCode::NOT_YOUR_TURN,
                        "it is not your turn",
                        request,
                    ));
                }
                self.hint_wanted = true;
                Ok(())
            }
            "undo" => {
                f.done()?;
                self.hint_allowed(seat)
                    .map_err(|why| err(ErrorCode::NOT_ALLOWED, why, request))?;
                if !self.can_undo(seat) {
                    return Err(err(
                        ErrorCode::NOT_ALLOWED,
                        "nothing to take back now (wait for the computer's reply)",
                        request,
                    ));
                }
                // Your last move and the computer's reply.
                self.moves.truncate(self.moves.len() - 2);
                self.undos += 1;
                self.hint_wanted = false;
                self.rebuild();
                self.turn_started = ctx.now();
                self.send_state(ctx);
                Ok(())
            }
            other => Err(err(
                ErrorCode::UNKNOWN_TYPE,
                format!(
                    "Fanorona has no action {other:?} (its actions: {})",
                    ACTIONS.join(", ")
                ),
                other,
            )),
        }
    }

    /// The computer's choice for a seat, to be made on the thinking pool:
    /// the day's computer in the game of the day, else the level's (built
    /// there, so its table lives only while it thinks); the replies to the
    /// first moves of a game are remembered for every game.
    fn chooser(&self, level: Level) -> Chooser {
        let line: Vec<Move> = self.moves.iter().map(|&(m, _)| m).collect();
        if let Mode::Daily(day) = self.mode
            && let Some(d) = date(day)
        {
            let (y, m, dd) = day.ymd();
            let who =
                openings::Who::Daily(u32::from(y) * 10_000 + u32::from(m) * 100 + u32::from(dd));
            return Box::new(move |pos| {
                openings::reply(who, &line, || {
                    daily::daily_computer(d).choose(pos).ok().map(|c| c.mv)
                })
            });
        }
        let who = openings::Who::Level(level.name());
        Box::new(move |pos| openings::reply(who, &line, || level_move(level, pos)))
    }
}

thread_local! {
    /// Each thinking thread's computers, one per level: a computer empties
    /// its table before every search, so keeping it changes no answer and
    /// saves allocating the table for every move.
    static COMPUTERS: std::cell::RefCell<Vec<(Level, Computer)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The move of the computer of `level` in `pos`.
fn level_move(level: Level, pos: &Position) -> Option<Move> {
    COMPUTERS.with(|cell| {
        let mut computers = cell.borrow_mut();
        let i = match computers.iter().position(|(l, _)| *l == level) {
            Some(i) => i,
            None => {
                computers.push((level, Computer::new(level)));
                computers.len() - 1
            }
        };
        computers[i].1.choose(pos).ok().map(|c| c.mv)
    })
}

/// A computer's choice of a move, made away from the game.
type Chooser = Box<dyn FnOnce(&Position) -> Option<Move> + Send>;

impl HostedGame for Fanorona {
    fn kind(&self) -> &'static GameKind {
        &KIND
    }

    fn start_fields(&self, _seat: Player) -> Map<String, Value> {
        let mut m = Map::new();
        let level = Player::ALL
            .into_iter()
            .find_map(|p| self.computer(p))
            .map(|l| l.to_string());
        m.insert("level".into(), level.into());
        let daily = match self.mode {
            Mode::Daily(day) => Value::from(day.to_string()),
            Mode::Normal => Value::Null,
        };
        m.insert("daily".into(), daily);
        m.insert("counts".into(), self.counts.into());
        m.insert(
            "move_time_ms".into(),
            if self.against_computer() {
                IDLE_TIME
            } else {
                MOVE_TIME
            }
            .into(),
        );
        m
    }

    fn begin(&mut self, ctx: &mut Ctx) {
        self.turn_started = ctx.now();
        self.send_state(ctx);
    }

    fn act(&mut self, seat: Player, action: Action, ctx: &mut Ctx) -> Result<(), ProtocolError> {
        self.action(seat, action, ctx)
    }

    fn leave(&mut self, seat: Player, ctx: &mut Ctx) {
        if self.ending.is_some() {
            return;
        }
        self.ending = Some(Ending::left(seat, ctx.now()));
    }

    fn wake_at(&self) -> Option<Millis> {
        self.ending.is_none().then(|| self.deadline())
    }

    fn wake(&mut self, ctx: &mut Ctx) {
        if self.ending.is_none() && ctx.now() >= self.deadline() {
            let late = self.pos.to_move();
            self.ending = Some(Ending::timeout(late, ctx.now()));
        }
    }

    fn think(&mut self) -> Option<Thinking> {
        if self.ending.is_some() || self.thinking.is_some() {
            return None;
        }
        let mover = self.pos.to_move();
        let tag = self.moves.len() as u64;
        let (job, level) = match self.computer(mover) {
            Some(level) => (Job::Move, level),
            None if self.hint_wanted => (Job::Hint, Level::Hard),
            None => return None,
        };
        let choose: Chooser = if job == Job::Hint {
            Box::new(move |pos| level_move(level, pos))
        } else {
            self.chooser(level)
        };
        let pos = self.pos.clone();
        self.thinking = Some((tag, job));
        Some(Thinking {
            tag,
            job: Box::new(move || Box::new(choose(&pos)) as Thought),
        })
    }

    fn thought(&mut self, tag: u64, thought: Option<Thought>, ctx: &mut Ctx) {
        let Some((at, job)) = self.thinking.take() else {
            return;
        };
        if at != tag || self.ending.is_some() || self.moves.len() as u64 != tag {
            return;
        }
        let mv = crate::hosted::thought_move::<Move>(thought);
        let mover = self.pos.to_move();
        match (job, mv) {
            (Job::Move, mv) => {
                if !crate::hosted::computer_played(self.id, mv, |&mv| self.play(mv, ctx)) {
                    self.leave(mover, ctx);
                }
            }
            (Job::Hint, mv) => {
                self.hint_wanted = false;
                let hint = mv.map(|m| describe(&self.pos, m));
                ctx.send(
                    mover,
                    json!({"type": "hint", "game": self.id, "hint": hint}),
                );
            }
        }
    }

    fn ending(&self) -> Option<Ending> {
        self.ending.clone()
    }

    fn over_fields(&self, seat: Player) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("board".into(), json!(board(&self.pos)));
        if let Some(outcome) = self.ending.as_ref().and_then(|e| e.outcome)
            && self.against_computer()
            && self.computer(seat).is_none()
        {
            m.insert("score".into(), seed_score(&self.pos, seat, outcome).into());
        }
        m.insert(
            "daily_counted".into(),
            (self.counts && matches!(self.mode, Mode::Daily(_))).into(),
        );
        m
    }

    fn record(&self) -> Value {
        let text = |list: Vec<String>| list.join(" ");
        json!({
            "level": Player::ALL.into_iter().find_map(|p| self.computer(p)).map(|l| l.to_string()),
            "moves": text(self.moves.iter().map(|(m, _)| m.to_string()).collect()),
            "move_times": text(self.moves.iter().map(|(_, t)| t.saturating_sub(self.started_at).to_string()).collect()),
            "undos": self.undos,
        })
    }

    fn plies(&self) -> u64 {
        self.moves.len() as u64
    }
}

#[cfg(test)]
mod tests;

//! Reversi (Othello): against the computer at four levels, the person's
//! colour chosen on the start page (Black moves first), or against a
//! person. The referee is a `reversi_rules::Reversi` (every move checked,
//! the history kept for taking back). A side that cannot move passes: the
//! server plays the pass at once and says so; two passes end the game and
//! the discs are counted.
//!
//! Finished games download as a transcript and, once ended by the rules,
//! as a line of WTHOR text (`reversi_rules::wthor`).

use board_core::{ByPlayer, Game, Player};
use reversi_rules::ai::{Computer, Level};
use reversi_rules::wthor::WthorLine;
use reversi_rules::{Move, Position, Reversi, Square, Transcript};
use serde_json::{Map, Value, json};

use crate::hosted::{
    Ctx, Ending, Export, GameId, GameKind, HostedGame, Millis, SeatInfo, Start, StoredGame,
    Thinking, Thought, no_options,
};
use crate::leaderboard::{Change, Day, Standing};
use crate::protocol::{Action, ErrorCode, ProtocolError};

/// The game's id.
pub const ID: &str = "reversi";

/// Reversi as the Spielcenter hosts it.
pub static KIND: GameKind = GameKind {
    id: ID,
    sides: ["black", "white"],
    levels: &Level::ALL,
    human_side: Player::First,
    challenge: true,
    local: false,
    daily: false,
    options: no_options,
    highscore: None,
    actions: &ACTIONS,
    reasons: &["count"],
    periods: &[],
    start,
    score: no_score,
    exports: EXPORTS,
};

/// The action types a player may send.
pub const ACTIONS: [&str; 3] = ["move", "hint", "undo"];

/// A player's move clock against a person (session milliseconds).
pub const MOVE_TIME: Millis = 5 * 60_000;
/// Against the computer: a tab left this long without a move loses.
pub const IDLE_TIME: Millis = 30 * 60_000;

/// What the computer's thinking is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Job {
    Move,
    Hint,
}

/// One game.
pub struct ReversiGame {
    id: GameId,
    seats: ByPlayer<SeatInfo>,
    game: Reversi,
    times: Vec<Millis>,
    started_at: Millis,
    turn_started: Millis,
    hint_wanted: bool,
    thinking: Option<(u64, Job)>,
    undos: u32,
    ending: Option<Ending>,
}

fn start(s: Start<'_>) -> Box<dyn HostedGame> {
    Box::new(ReversiGame {
        id: s.id,
        seats: s.seats,
        game: Reversi::new(),
        times: Vec::new(),
        started_at: s.now,
        turn_started: s.now,
        hint_wanted: false,
        thinking: None,
        undos: 0,
        ending: None,
    })
}

fn no_score(_: &StoredGame, _: Day, _: &Standing) -> Vec<Change> {
    Vec::new()
}

/// The squares of a bit set.
fn squares(mut bits: u64) -> Vec<String> {
    let mut out = Vec::new();
    while let Some(sq) = Square::first_of(bits) {
        out.push(sq.to_string());
        bits &= bits - 1;
    }
    out
}

/// The board, index `8 * row + column` (a1 = 0, top left; h8 = 63): `"B"`,
/// `"W"` or `null`.
fn board(pos: &Position) -> Vec<Option<&'static str>> {
    Square::all()
        .map(|sq| {
            pos.at(sq).map(|p| match p {
                Player::First => "B",
                Player::Second => "W",
            })
        })
        .collect()
}

fn err(code: ErrorCode, message: impl Into<String>, request: &str) -> ProtocolError {
    ProtocolError::new(code, message).about(request)
}

thread_local! {
    /// Each thinking thread's computers, one per level (each empties its
    /// tables before every move, so keeping it changes no answer).
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
        computers[i].1.think(pos).best
    })
}

impl ReversiGame {
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

    fn helps(&self, p: Player) -> Result<(), &'static str> {
        if !self.against_computer() || self.computer(p).is_some() {
            return Err("hints and taking back are for games against the computer");
        }
        Ok(())
    }

    fn can_undo(&self, p: Player) -> bool {
        self.helps(p).is_ok()
            && self.ending.is_none()
            && self.game.to_move() == p
            && self.thinking.is_none()
            && self.last_own_move(p).is_some()
    }

    /// How many moves back the person's last own move (not a pass) is.
    fn last_own_move(&self, p: Player) -> Option<usize> {
        let history = self.game.history();
        let mut pos = *self.game.start_position();
        let mut movers = Vec::with_capacity(history.len());
        for &mv in history {
            movers.push((pos.to_move(), mv));
            let _ = pos.play(mv);
        }
        movers
            .iter()
            .rposition(|&(who, mv)| who == p && mv != Move::Pass)
            .map(|i| history.len() - i)
    }

    /// The last move as the players may see it: who, which square (or a
    /// pass) and the discs it turned.
    fn last(&self) -> Value {
        let history = self.game.history();
        let Some(&mv) = history.last() else {
            return Value::Null;
        };
        let positions: Vec<&Position> = self.game.positions().collect();
        let before = positions.get(positions.len().wrapping_sub(2)).copied();
        let (by, flips) = match before {
            Some(b) => (b.to_move(), b.check(mv).unwrap_or(0)),
            None => (self.game.to_move(), 0),
        };
        json!({
            "by": KIND.side(by),
            "move": mv.to_string(),
            "pass": mv == Move::Pass,
            "flips": squares(flips),
        })
    }

    fn send_state(&self, ctx: &mut Ctx) {
        let pos = self.game.position();
        let over = self.ending.is_some();
        let mover = pos.to_move();
        let counts = pos.disc_counts();
        for p in Player::ALL {
            if self.computer(p).is_some() {
                continue;
            }
            // A side that must pass is not to act: the server passes for
            // it in the next state.
            let mine = !over && mover == p && !pos.must_pass();
            ctx.send(
                p,
                json!({
                    "type": "state",
                    "game": self.id,
                    "ply": self.game.history().len(),
                    "to_move": KIND.side(mover),
                    "your_turn": mine,
                    "board": board(pos),
                    "moves": if mine { squares(pos.legal_squares()) } else { Vec::new() },
                    "last": self.last(),
                    "discs": {"black": counts.first, "white": counts.second},
                    "undo": self.can_undo(p),
                    "hint": self.helps(p).is_ok() && mine,
                    "deadline_ms": (!over).then(|| self.deadline().saturating_sub(ctx.now())),
                }),
            );
        }
    }

    /// Plays `mv`, then the passes of sides that cannot move; notes the end.
    fn play(&mut self, mv: Move, ctx: &mut Ctx) -> Result<(), String> {
        self.game.play(mv).map_err(|e| e.to_string())?;
        self.times.push(ctx.now());
        self.turn_started = ctx.now();
        self.hint_wanted = false;
        // The move is a state of its own, then each pass that follows (the
        // page turns the move's discs, then says who passed).
        loop {
            if let Some(outcome) = self.game.outcome() {
                self.ending = Some(Ending {
                    outcome: Some(outcome),
                    reason: "count",
                    reason_player: None,
                    ended_at: ctx.now(),
                });
            }
            self.send_state(ctx);
            if self.game.is_over()
                || !self.game.position().must_pass()
                || self.game.play(Move::Pass).is_err()
            {
                break;
            }
            self.times.push(ctx.now());
            self.turn_started = ctx.now();
        }
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
                if self.game.to_move() != seat {
                    return Err(err(
                        ErrorCode::NOT_YOUR_TURN,
                        "it is not your turn",
                        request,
                    ));
                }
                let mv: Move = text.parse().map_err(|e| {
                    err(
                        ErrorCode::ILLEGAL_MOVE,
                        format!("{text:?} is not a move: {e}"),
                        request,
                    )
                })?;
                self.play(mv, ctx)
                    .map_err(|e| err(ErrorCode::ILLEGAL_MOVE, format!("{text}: {e}"), request))
            }
            "hint" => {
                f.done()?;
                self.helps(seat)
                    .map_err(|why| err(ErrorCode::NOT_ALLOWED, why, request))?;
                if self.game.to_move() != seat {
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
                self.helps(seat)
                    .map_err(|why| err(ErrorCode::NOT_ALLOWED, why, request))?;
                if !self.can_undo(seat) {
                    return Err(err(
                        ErrorCode::NOT_ALLOWED,
                        "nothing to take back now (wait for the computer's reply)",
                        request,
                    ));
                }
                // Back to before the person's last own move.
                let back = self.last_own_move(seat).unwrap_or(0);
                for _ in 0..back {
                    self.game.undo();
                    self.times.pop();
                }
                self.undos += 1;
                self.hint_wanted = false;
                self.turn_started = ctx.now();
                self.send_state(ctx);
                Ok(())
            }
            other => Err(err(
                ErrorCode::UNKNOWN_TYPE,
                format!(
                    "Reversi has no action {other:?} (its actions: {})",
                    ACTIONS.join(", ")
                ),
                other,
            )),
        }
    }
}

impl HostedGame for ReversiGame {
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
            let late = self.game.to_move();
            self.ending = Some(Ending::timeout(late, ctx.now()));
        }
    }

    fn think(&mut self) -> Option<Thinking> {
        if self.ending.is_some() || self.thinking.is_some() {
            return None;
        }
        let mover = self.game.to_move();
        let tag = self.game.history().len() as u64;
        let (job, level) = match self.computer(mover) {
            Some(level) => (Job::Move, level),
            None if self.hint_wanted => (Job::Hint, Level::Hard),
            None => return None,
        };
        let pos = *self.game.position();
        self.thinking = Some((tag, job));
        Some(Thinking {
            tag,
            job: Box::new(move || Box::new(level_move(level, &pos)) as Thought),
        })
    }

    fn thought(&mut self, tag: u64, thought: Option<Thought>, ctx: &mut Ctx) {
        let Some((at, job)) = self.thinking.take() else {
            return;
        };
        if at != tag || self.ending.is_some() || self.game.history().len() as u64 != tag {
            return;
        }
        let mv = crate::hosted::thought_move::<Move>(thought);
        let mover = self.game.to_move();
        match (job, mv) {
            (Job::Move, mv) => {
                if !crate::hosted::computer_played(self.id, mv, |&mv| self.play(mv, ctx)) {
                    self.leave(mover, ctx);
                }
            }
            (Job::Hint, mv) => {
                self.hint_wanted = false;
                ctx.send(
                    mover,
                    json!({"type": "hint", "game": self.id, "hint": mv.map(|m| m.to_string())}),
                );
            }
        }
    }

    fn ending(&self) -> Option<Ending> {
        self.ending.clone()
    }

    fn over_fields(&self, _seat: Player) -> Map<String, Value> {
        let pos = self.game.position();
        let counts = pos.disc_counts();
        let mut m = Map::new();
        m.insert("board".into(), json!(board(pos)));
        m.insert(
            "discs".into(),
            json!({"black": counts.first, "white": counts.second}),
        );
        m
    }

    fn record(&self) -> Value {
        let text = |list: Vec<String>| list.join(" ");
        json!({
            "level": Player::ALL.into_iter().find_map(|p| self.computer(p)).map(|l| l.to_string()),
            "moves": self.game.transcript().to_string(),
            "move_times": text(self.times.iter().map(|t| t.saturating_sub(self.started_at).to_string()).collect()),
            "undos": self.undos,
        })
    }

    fn plies(&self) -> u64 {
        self.game.history().len() as u64
    }

    fn turn(&self) -> Option<Player> {
        Some(self.game.to_move())
    }
}

/// A stored game replayed.
fn replayed(game: &StoredGame) -> Option<Reversi> {
    let moves: Transcript = game.record.get("moves")?.as_str()?.parse().ok()?;
    Reversi::replay(moves).ok()
}

/// The transcript: `[Event "Spielcenter"]`-free plain text, the players,
/// the result and the moves (`f5d6c3...`, `ps` for a pass).
fn transcript(game: &StoredGame) -> Option<String> {
    let played = replayed(game)?;
    let counts = played.disc_counts();
    Some(format!(
        "Black: {}\nWhite: {}\nResult: {} ({}-{}, {})\nMoves: {}\n",
        game.players[0],
        game.players[1],
        KIND.outcome_text(game.outcome),
        counts.first,
        counts.second,
        game.reason,
        played.transcript()
    ))
}

/// The game as a WTHOR text line (year, moves without passes, the final
/// disc counts), for a game that ended by the rules.
fn wthor(game: &StoredGame) -> Option<String> {
    if game.reason != "count" {
        return None;
    }
    let played = replayed(game)?;
    let counts = played.recorded_counts();
    let day = crate::calendar::Calendar::new("UTC")
        .ok()?
        .day_of(game.ended_at);
    let moves = Transcript::new(
        played
            .history()
            .iter()
            .copied()
            .filter(|&m| m != Move::Pass)
            .collect(),
    );
    let line = WthorLine {
        year: day.ymd().0,
        moves,
        black: u8::try_from(counts.first).ok()?,
        white: u8::try_from(counts.second).ok()?,
    };
    Some(format!("{line}\n"))
}

/// Reversi's downloads: the transcript and a WTHOR text line.
pub const EXPORTS: &[Export] = &[
    Export {
        name: "transcript.txt",
        content_type: "text/plain; charset=utf-8",
        file_name: |id| format!("reversi-{id}.txt"),
        make: transcript,
    },
    Export {
        name: "wthor.txt",
        content_type: "text/plain; charset=utf-8",
        file_name: |id| format!("reversi-{id}-wthor.txt"),
        make: wthor,
    },
];

#[cfg(test)]
mod tests;

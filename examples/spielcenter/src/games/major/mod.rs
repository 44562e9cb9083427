//! Major on its four boards (`major_rules`): two people on one screen,
//! a person against the computer, a demonstration of two computers, or two
//! people on two screens through a lobby challenge. The clock of the side
//! to move runs (the time each side used). A person's win against the
//! computer enters the board's highscore table: ordered by the computer's
//! level, then the person's time, then the person's moves, the ten best
//! per board, computed from the stored game (no entry comes from a
//! client).
//!
//! Major hides nothing: both sides get the same `state`.

use board_core::{ByPlayer, Game, Outcome, Player};
use major_rules::ai::{Computer, Level};
use major_rules::{Board, Colour, Move, MoveList, Position, Square};
use serde_json::{Map, Value, json};

use crate::highscore::{Entry, HighscoreRule};
use crate::hosted::{
    Ctx, Ending, GameId, GameKind, HostedGame, Millis, SeatInfo, Start, StoredGame, Thinking,
    Thought,
};
use crate::leaderboard::{Change, Day, Standing};
use crate::protocol::{Action, ErrorCode, ProtocolError};

/// The game's id.
pub const ID: &str = "major";

/// Major as the Spielcenter hosts it.
pub static KIND: GameKind = GameKind {
    id: ID,
    sides: ["blue", "red"],
    levels: &Level::ALL,
    human_side: Player::First,
    challenge: true,
    local: true,
    daily: false,
    options,
    highscore: Some(HighscoreRule {
        rows: 10,
        tables: &["1", "2", "3", "4"],
        entry: highscore,
    }),
    actions: &ACTIONS,
    reasons: &["breakthrough", "no_pieces", "no_moves", "quiet"],
    periods: &[],
    start,
    score: no_score,
    exports: &[],
};

/// The action types a player may send.
pub const ACTIONS: [&str; 1] = ["move"];

/// A player's move clock between two screens (session milliseconds).
pub const MOVE_TIME: Millis = 5 * 60_000;
/// On one screen or against the computer: a game left this long without a
/// move ends (the side to move loses; a demonstration stops).
pub const IDLE_TIME: Millis = 30 * 60_000;

/// The board of a game's options: 1 to 4 (default 1).
fn options(given: &Map<String, Value>) -> Result<Map<String, Value>, String> {
    let mut out = Map::new();
    for (k, v) in given {
        match k.as_str() {
            "board" => {
                let n = v
                    .as_u64()
                    .filter(|n| (1..=4).contains(n))
                    .ok_or_else(|| format!("board must be 1, 2, 3 or 4, not {v}"))?;
                out.insert("board".into(), n.into());
            }
            other => return Err(format!("Major has no option {other:?} (its option: board)")),
        }
    }
    out.entry("board").or_insert_with(|| 1.into());
    Ok(out)
}

fn no_score(_: &StoredGame, _: Day, _: &Standing) -> Vec<Change> {
    Vec::new()
}

/// One game.
pub struct MajorGame {
    id: GameId,
    seats: ByPlayer<SeatInfo>,
    number: u32,
    pos: Position,
    moves: Vec<(Move, Millis)>,
    started_at: Millis,
    turn_started: Millis,
    /// The time each side used (session milliseconds), the running turn
    /// not included.
    used: ByPlayer<Millis>,
    thinking: Option<u64>,
    ending: Option<Ending>,
    local: bool,
}

fn start(s: Start<'_>) -> Box<dyn HostedGame> {
    let number = s
        .options
        .get("board")
        .and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
        .unwrap_or(1);
    let board = Board::standard(number).unwrap_or_else(|_| {
        Board::standard(1).unwrap_or_else(|_| unreachable!("board 1 is a standard board"))
    });
    Box::new(MajorGame {
        id: s.id,
        seats: s.seats,
        number,
        pos: Position::start(board),
        moves: Vec::new(),
        started_at: s.now,
        turn_started: s.now,
        used: ByPlayer::default(),
        thinking: None,
        ending: None,
        local: s.local,
    })
}

fn err(code: ErrorCode, message: impl Into<String>, request: &str) -> ProtocolError {
    ProtocolError::new(code, message).about(request)
}

fn side(colour: Colour) -> &'static str {
    match colour {
        Colour::Blue => "blue",
        Colour::Red => "red",
    }
}

/// The board as the page draws it: its size, and a cell per square, row
/// by row from the top: `"#"` a gap, `null` empty, or the piece
/// (`{"side", "major", "prisoner"}`).
fn board(pos: &Position) -> Value {
    let b = pos.board();
    let mut cells = Vec::new();
    for row in 0..b.height() {
        for col in 0..b.width() {
            let cell = match Square::new(col, row) {
                Some(sq) if b.is_gap(sq) => json!("#"),
                Some(sq) => match pos.stack(sq) {
                    Some(st) => json!({
                        "side": side(st.top),
                        "major": st.is_major(),
                        "prisoner": st.prisoner_colour().map(side),
                    }),
                    None => Value::Null,
                },
                None => Value::Null,
            };
            cells.push(cell);
        }
    }
    json!({"number": b.number(), "name": b.name(), "width": b.width(), "height": b.height(), "cells": cells})
}

thread_local! {
    /// Each thinking thread's computers, one per level (each empties its
    /// table before every move, so keeping it changes no answer).
    static COMPUTERS: std::cell::RefCell<Vec<(Level, Computer)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The move of the computer of `level` in `pos`.
fn level_move(level: Level, pos: &Position) -> Option<Move> {
    use board_search::Strategy;
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

impl MajorGame {
    fn computer(&self, p: Player) -> Option<Level> {
        self.seats[p].computer
    }

    fn deadline(&self) -> Millis {
        let people = Player::ALL
            .into_iter()
            .filter(|&p| self.computer(p).is_none())
            .count();
        let time = if people == 2 && !self.local {
            MOVE_TIME
        } else {
            IDLE_TIME
        };
        self.turn_started.saturating_add(time)
    }

    /// The time each side used, the running turn included.
    fn clocks(&self, now: Millis) -> ByPlayer<Millis> {
        let mut used = self.used;
        if self.ending.is_none() {
            let mover = self.pos.to_move();
            used[mover] += now.saturating_sub(self.turn_started);
        }
        used
    }

    /// The last move as the page shows it: from, to, who, what it took,
    /// where a freed stone went.
    fn last(&self) -> Value {
        let Some(&(mv, _)) = self.moves.last() else {
            return Value::Null;
        };
        let mut before = Position::start(*self.pos.board());
        for &(m, _) in &self.moves[..self.moves.len() - 1] {
            let _ = before.play(m);
        }
        let mover = before.side_to_move();
        let captured = before.stack(mv.to);
        // A stone that takes a Major frees the stone held under it: back on
        // the mover's start edge (the square the capturer left counts as
        // free).
        let frees = captured.is_some_and(|c| c.is_major())
            && before.stack(mv.from).is_some_and(|c| !c.is_major());
        let freed = frees
            .then(|| {
                self.pos.board().start_edge(mover).find(|&sq| {
                    sq != mv.to
                        && self
                            .pos
                            .stack(sq)
                            .is_some_and(|s| s.top == mover && !s.is_major())
                        && (before.stack(sq).is_none() || sq == mv.from)
                })
            })
            .flatten()
            .map(|sq| sq.to_string());
        json!({
            "from": mv.from.to_string(),
            "to": mv.to.to_string(),
            "by": side(mover),
            "capture": captured.is_some(),
            "freed": freed,
        })
    }

    fn send_state(&self, ctx: &mut Ctx) {
        let over = self.ending.is_some();
        let mut list = MoveList::new();
        self.pos.legal_moves(&mut list);
        let clocks = self.clocks(ctx.now());
        let rules = self.pos.rules();
        let mut state = json!({
            "type": "state",
            "game": self.id,
            "ply": self.moves.len(),
            "to_move": side(self.pos.side_to_move()),
            "board": board(&self.pos),
            "moves": if over { Vec::new() } else { list.iter().map(ToString::to_string).collect::<Vec<_>>() },
            "last": self.last(),
            "threat": self.pos.threat().map(|sq| sq.to_string()),
            "quiet": self.pos.quiet(),
            "quiet_limit": rules.quiet_move_limit,
            "prisoners": {"blue": self.pos.prisoners(Colour::Blue), "red": self.pos.prisoners(Colour::Red)},
            "clocks": {"blue": clocks.first, "red": clocks.second, "running": (!over).then(|| side(self.pos.side_to_move()))},
            "deadline_ms": (!over).then(|| self.deadline().saturating_sub(ctx.now())),
        });
        // `your_turn`: on one screen, whether a person plays the side to
        // move (the same message for the screen); else per seat.
        let mover = self.pos.to_move();
        if self.local {
            state["your_turn"] = (!over && self.computer(mover).is_none()).into();
            ctx.both(state);
        } else {
            for p in Player::ALL {
                let mut mine = state.clone();
                mine["your_turn"] = (!over && p == mover).into();
                ctx.send(p, mine);
            }
        }
    }

    fn play(&mut self, mv: Move, ctx: &mut Ctx) -> Result<(), String> {
        let mover = self.pos.to_move();
        self.pos.play(mv).map_err(|e| e.to_string())?;
        self.used[mover] += ctx.now().saturating_sub(self.turn_started);
        self.moves.push((mv, ctx.now()));
        self.turn_started = ctx.now();
        if let Some(outcome) = self.pos.outcome() {
            self.ending = Some(Ending {
                outcome: Some(outcome),
                reason: reason(&self.pos, outcome),
                reason_player: None,
                ended_at: ctx.now(),
            });
        }
        self.send_state(ctx);
        Ok(())
    }
}

/// Why a game ended by the rules.
fn reason(pos: &Position, outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Draw => "quiet",
        Outcome::Win(w) => {
            let loser = pos.colour(!w);
            if pos.free_pieces(loser) == 0 {
                "no_pieces"
            } else {
                let edge: Vec<Square> = pos.board().start_edge(loser).collect();
                let broke = edge
                    .iter()
                    .any(|&sq| pos.stack(sq).is_some_and(|s| s.top == pos.colour(w)));
                if broke { "breakthrough" } else { "no_moves" }
            }
        }
    }
}

impl HostedGame for MajorGame {
    fn kind(&self) -> &'static GameKind {
        &KIND
    }

    fn start_fields(&self, _seat: Player) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("board".into(), self.number.into());
        m.insert(
            "levels".into(),
            json!(Player::ALL.map(|p| self.computer(p).map(|l| l.to_string()))),
        );
        m
    }

    fn begin(&mut self, ctx: &mut Ctx) {
        self.turn_started = ctx.now();
        self.send_state(ctx);
    }

    fn act(&mut self, seat: Player, action: Action, ctx: &mut Ctx) -> Result<(), ProtocolError> {
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
            other => Err(err(
                ErrorCode::UNKNOWN_TYPE,
                format!("Major has no action {other:?} (its action: move)"),
                other,
            )),
        }
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
        let level = self.computer(self.pos.to_move())?;
        let tag = self.moves.len() as u64;
        let pos = self.pos.clone();
        self.thinking = Some(tag);
        Some(Thinking {
            tag,
            job: Box::new(move || Box::new(level_move(level, &pos)) as Thought),
        })
    }

    fn thought(&mut self, tag: u64, thought: Option<Thought>, ctx: &mut Ctx) {
        if self.thinking.take() != Some(tag) || self.ending.is_some() {
            return;
        }
        let mv = crate::hosted::thought_move::<Move>(thought);
        let mover = self.pos.to_move();
        if !crate::hosted::computer_played(self.id, mv, |&mv| self.play(mv, ctx)) {
            self.leave(mover, ctx);
        }
    }

    fn ending(&self) -> Option<Ending> {
        self.ending.clone()
    }

    fn over_fields(&self, _seat: Player) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("board".into(), board(&self.pos));
        let used = self.clocks(self.ending.as_ref().map_or(0, |e| e.ended_at));
        m.insert(
            "clocks".into(),
            json!({"blue": used.first, "red": used.second}),
        );
        m
    }

    fn record(&self) -> Value {
        let text = |list: Vec<String>| list.join(" ");
        json!({
            "board": self.number,
            "levels": Player::ALL.map(|p| self.computer(p).map(|l| l.to_string())),
            "moves": text(self.moves.iter().map(|(m, _)| m.to_string()).collect()),
            "move_times": text(self.moves.iter().map(|(_, t)| t.saturating_sub(self.started_at).to_string()).collect()),
            "clocks": [self.used.first, self.used.second],
        })
    }

    fn plies(&self) -> u64 {
        self.moves.len() as u64
    }

    fn turn(&self) -> Option<Player> {
        self.ending.is_none().then(|| self.pos.to_move())
    }
}

/// The highscore entry of a stored game: a person's win against the
/// computer by the rules (not by the computer's leaving or time), with the
/// computer's level, the person's time (its own clock) and the person's
/// moves, replayed from the stored moves.
fn highscore(game: &StoredGame) -> Option<Entry> {
    let Some(Outcome::Win(w)) = game.outcome else {
        return None;
    };
    if !matches!(
        game.reason.as_str(),
        "breakthrough" | "no_pieces" | "no_moves"
    ) {
        return None;
    }
    let human = match game.computers {
        [false, true] => Player::First,
        [true, false] => Player::Second,
        _ => return None,
    };
    if w != human {
        return None;
    }
    let r = &game.record;
    let number = u32::try_from(r.get("board")?.as_u64()?).ok()?;
    let level: Level = r
        .get("levels")?
        .get(match !human {
            Player::First => 0,
            Player::Second => 1,
        })?
        .as_str()?
        .parse()
        .ok()?;
    let time = r
        .get("clocks")?
        .get(match human {
            Player::First => 0,
            Player::Second => 1,
        })?
        .as_u64()?;
    // The moves replay to the same end.
    let mut pos = Position::start(Board::standard(number).ok()?);
    let mut moves = 0u64;
    for m in r.get("moves")?.as_str()?.split_whitespace() {
        if pos.to_move() == human {
            moves += 1;
        }
        pos.play(m.parse().ok()?).ok()?;
    }
    if pos.outcome() != Some(Outcome::Win(human)) {
        return None;
    }
    let rank = Level::ALL.iter().position(|&l| l == level)? as i64;
    let mut fields = Map::new();
    fields.insert("level".into(), level.to_string().into());
    fields.insert("time_ms".into(), time.into());
    fields.insert("moves".into(), moves.into());
    Some(Entry {
        kind: ID.into(),
        table: number.to_string(),
        name: game.players[match human {
            Player::First => 0,
            Player::Second => 1,
        }]
        .clone(),
        key: vec![-rank, i64::try_from(time).ok()?, i64::try_from(moves).ok()?],
        fields,
        game: game.id,
    })
}

#[cfg(test)]
mod tests;

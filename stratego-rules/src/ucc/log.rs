//! UCC 2012 programming-competition manager logs: reading and replaying.
//!
//! See `../shared/data/stratego/README.md` for the format. Coordinates: `x`
//! 0–9 is the file, `y` 0–9 the rank from Red's back row (`y` = rank − 1);
//! `DOWN` is toward Blue (y + 1).

use board_core::{Outcome, Player};

use crate::replay::{ReplayError, ReplaySummary, outcome_text};
use crate::{
    Army, Battle, Deployment, Move, ParseDeploymentError, Position, Rank, Rules, Setup, Square,
};

/// A UCC log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UccGame {
    /// Red's program.
    pub red_agent: String,
    /// Blue's program.
    pub blue_agent: String,
    /// Red's setup.
    pub red: Deployment,
    /// Blue's setup.
    pub blue: Deployment,
    /// The moves, in order.
    pub moves: Vec<UccMove>,
    /// A turn line without a move (`NO_MOVE`, nothing, or the end notice on
    /// the same line): the program failed to move.
    pub stopped: Option<(Player, String)>,
    /// The side that answered `SURRENDER` (the manager logs it as a turn
    /// line, `128 BLU: SURRENDER OK`, and ends the game).
    pub surrendered: Option<Player>,
    /// The first `Game ends on ...` line: the side on turn and the reason.
    pub end: Option<(Player, String)>,
    /// The result line, if present.
    pub result: Option<UccResult>,
    /// Other text after the end (further end notices, controller messages).
    pub notes: Vec<String>,
}

/// One recorded move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UccMove {
    /// 1-based line number in the log.
    pub line: usize,
    /// The side.
    pub player: Player,
    /// The move, or `None` if it leaves the board (only on a rejected move).
    pub mv: Option<Move>,
    /// What the manager reported.
    pub outcome: UccOutcome,
}

/// What the manager reported for a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UccOutcome {
    /// A move to an empty square.
    Ok,
    /// The attacker (first rank) defeated the defender.
    Kills(Rank, Rank),
    /// The attacker (first rank) lost to the defender.
    Dies(Rank, Rank),
    /// Both were removed.
    BothDie(Rank, Rank),
    /// The Flag was captured.
    VictoryFlag,
    /// The manager rejected the move.
    Illegal,
}

/// The last line: `<agent> <COLOUR> <RESULT> <turns> <red value> <blue value>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UccResult {
    /// The program named.
    pub agent: String,
    /// Its colour.
    pub colour: Player,
    /// `VICTORY`, `DEFEAT`, `DRAW_DEFAULT`, `ILLEGAL`...
    pub result: String,
    /// Turns played.
    pub turns: u32,
}

impl UccResult {
    /// The outcome it states, if it states one.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match self.result.as_str() {
            "VICTORY" => Some(Outcome::Win(self.colour)),
            "DEFEAT" => Some(Outcome::Win(!self.colour)),
            "DRAW" | "DRAW_DEFAULT" => Some(Outcome::Draw),
            _ => None,
        }
    }
}

/// A log that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct UccError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub kind: UccErrorKind,
}

/// What is wrong in a UCC log.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UccErrorKind {
    /// The log ends early.
    #[error("the log ends before the {0}")]
    Truncated(&'static str),
    /// A setup header is not `<agent> RED SETUP` / `<agent> BLUE SETUP`.
    #[error("expected '<agent> {0} SETUP'")]
    SetupHeader(&'static str),
    /// A setup row is wrong.
    #[error("setup row: {0}")]
    SetupRow(ParseDeploymentError),
    /// A line that is no move, end notice or result.
    #[error("unexpected line {0:?}")]
    Unexpected(String),
    /// A coordinate is not a digit 0–9.
    #[error("coordinate {0:?} is not 0..9")]
    Coordinate(String),
    /// A direction that is not UP, DOWN, LEFT or RIGHT.
    #[error("direction {0:?} is not UP, DOWN, LEFT or RIGHT")]
    Direction(String),
    /// A distance that is not a positive number.
    #[error("distance {0:?} is not a number from 1 to 9")]
    Distance(String),
    /// An outcome word or its ranks are wrong.
    #[error("outcome {0:?} is not OK, KILLS a d, DIES a d, BOTHDIE a d, VICTORY_FLAG or ILLEGAL")]
    Outcome(String),
}

fn err(line: usize, kind: UccErrorKind) -> UccError {
    UccError { line, kind }
}

/// Whether `text` looks like a UCC log (its first line is a Red setup
/// header).
#[must_use]
pub fn looks_like_ucc(text: &str) -> bool {
    text.lines()
        .next()
        .is_some_and(|l| l.trim_end().ends_with(" RED SETUP"))
}

impl UccGame {
    /// Parses a log.
    pub fn parse(text: &str) -> Result<UccGame, UccError> {
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        let (red_agent, red) = read_setup(&lines, &mut i, Player::First)?;
        let (blue_agent, blue) = read_setup(&lines, &mut i, Player::Second)?;
        let mut game = UccGame {
            red_agent,
            blue_agent,
            red,
            blue,
            moves: Vec::new(),
            stopped: None,
            surrendered: None,
            end: None,
            result: None,
            notes: Vec::new(),
        };
        while let Some(&raw) = lines.get(i) {
            i += 1;
            let line = raw.trim_end();
            if line.trim().is_empty() {
                continue;
            }
            if let Some(end) = parse_end(line) {
                if game.end.is_none() {
                    game.end = Some(end);
                } else {
                    game.notes.push(line.to_string());
                }
                continue;
            }
            if game.end.is_some() {
                match parse_result(line) {
                    Some(r) if game.result.is_none() => game.result = Some(r),
                    _ => game.notes.push(line.trim().to_string()),
                }
                continue;
            }
            if game.stopped.is_some() || game.surrendered.is_some() {
                game.notes.push(line.trim().to_string());
                continue;
            }
            let Some((player, rest)) = turn_line(line) else {
                return Err(err(i, UccErrorKind::Unexpected(line.to_string())));
            };
            let rest = rest.trim();
            if rest.split_whitespace().next() == Some("SURRENDER") {
                game.surrendered = Some(player);
            } else if rest.is_empty() || rest == "NO_MOVE" {
                game.stopped = Some((
                    player,
                    if rest.is_empty() {
                        "no response".into()
                    } else {
                        rest.into()
                    },
                ));
            } else if let Some(at) = rest.find("Game ends on") {
                game.stopped = Some((player, "no move".into()));
                if let Some(end) = parse_end(&rest[at..]) {
                    game.end = Some(end);
                }
            } else {
                game.moves.push(parse_move(i, player, rest)?);
            }
        }
        Ok(game)
    }

    /// The setup (classic army).
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup::from_deployments(Army::Classic, &self.red, &self.blue)
    }

    /// Replays the log under `rules` (normally
    /// [`Preset::UccReplay`](crate::Preset::UccReplay)): every move must be
    /// legal, every battle must end as recorded, a move the manager rejected
    /// must be illegal, and a normal end (flag captured, all movable
    /// pieces destroyed, the 1000-turn draw) must be the rules' outcome.
    /// Abnormal ends are reported in the summary, not failed.
    pub fn replay(&self, rules: Rules) -> Result<ReplaySummary, ReplayError> {
        let mut pos = Position::from_setup(self.setup(), rules)
            .map_err(|e| ReplayError::Setup(Box::new(e)))?;
        let mut summary = ReplaySummary {
            plies: 0,
            battles: 0,
            outcome: None,
            recorded: self.result.as_ref().and_then(UccResult::outcome),
            abnormal: None,
        };
        for (n, m) in self.moves.iter().enumerate() {
            let ply = n + 1;
            if m.player != board_core::Game::to_move(&pos) {
                return Err(ReplayError::WrongSide { ply });
            }
            if m.outcome == UccOutcome::Illegal {
                if let Some(mv) = m.mv
                    && pos.check(mv).is_ok()
                {
                    return Err(ReplayError::RejectedLegalMove { ply, mv });
                }
                let text = m.mv.map_or("off the board".into(), |mv| mv.to_string());
                summary.abnormal = Some(format!("the manager rejected move {ply} ({text})"));
                break;
            }
            let mv = m.mv.ok_or(ReplayError::OffBoard { ply })?;
            let report = pos
                .play_move(mv)
                .map_err(|error| ReplayError::Illegal { ply, error })?;
            summary.plies = ply;
            let recorded = recorded_battle(m.outcome);
            let found = report
                .battle
                .map(|(d, b)| (Some(report.piece.rank), d.rank, b));
            if found.is_some() {
                summary.battles += 1;
            }
            if !matches_record(recorded, found) {
                return Err(ReplayError::BattleMismatch {
                    ply,
                    mv,
                    recorded: recorded_text(recorded),
                    found: recorded_text(found),
                });
            }
        }
        summary.outcome = board_core::Game::outcome(&pos);
        if summary.abnormal.is_none()
            && let Some((_, why)) = &self.stopped
        {
            summary.abnormal = Some(format!("a program failed to move: {why}"));
        }
        if summary.abnormal.is_none()
            && let Some(side) = self.surrendered
        {
            summary.abnormal = Some(format!("{} surrendered", crate::colour(side)));
        }
        let reason = self.end.as_ref().map(|(_, r)| r.as_str()).unwrap_or("");
        let normal = reason.starts_with("Captured the flag")
            || reason.starts_with("Destroyed all mobile")
            || reason.contains("draw after");
        if summary.abnormal.is_none() {
            if normal {
                let mover = self.moves.last().map(|m| m.player);
                let expected = if reason.contains("draw after") {
                    Some(Outcome::Draw)
                } else if reason.starts_with("Captured the flag") {
                    mover.map(Outcome::Win)
                } else {
                    summary.recorded.or(mover.map(Outcome::Win))
                };
                if summary.outcome != expected || summary.outcome.is_none() {
                    return Err(ReplayError::OutcomeMismatch {
                        recorded: format!("{reason} ({})", outcome_text(expected)),
                        found: outcome_text(summary.outcome),
                    });
                }
            } else {
                summary.abnormal = Some(if reason.is_empty() {
                    "the log has no end notice".into()
                } else {
                    reason.to_string()
                });
            }
        }
        // A program that crashed because it could not move: the rules have
        // ended the game already; say so next to the abnormal end.
        if let (Some(why), Some(o)) = (&mut summary.abnormal, summary.outcome) {
            why.push_str(&format!(" (by the rules: {})", outcome_text(Some(o))));
        }
        Ok(summary)
    }
}

/// The battle a record states: attacker rank (if stated), defender rank,
/// result.
type Recorded = Option<(Option<Rank>, Rank, Battle)>;

fn recorded_battle(outcome: UccOutcome) -> Recorded {
    match outcome {
        UccOutcome::Ok | UccOutcome::Illegal => None,
        UccOutcome::VictoryFlag => Some((None, Rank::Flag, Battle::AttackerWins)),
        UccOutcome::Kills(a, d) | UccOutcome::Dies(a, d) | UccOutcome::BothDie(a, d) => {
            battle_for(outcome).map(|b| (Some(a), d, b))
        }
    }
}

fn matches_record(recorded: Recorded, found: Recorded) -> bool {
    match (recorded, found) {
        (None, None) => true,
        (Some((ra, rd, rb)), Some((fa, fd, fb))) => {
            ra.is_none_or(|a| Some(a) == fa) && rd == fd && rb == fb
        }
        _ => false,
    }
}

fn recorded_text(r: Recorded) -> String {
    match r {
        None => "no battle".into(),
        Some((a, d, b)) => format!(
            "{} attacks {d}: {b:?}",
            a.map_or("the piece".to_string(), |a| a.to_string())
        ),
    }
}

fn battle_for(outcome: UccOutcome) -> Option<Battle> {
    match outcome {
        UccOutcome::Kills(..) => Some(Battle::AttackerWins),
        UccOutcome::Dies(..) => Some(Battle::DefenderWins),
        UccOutcome::BothDie(..) => Some(Battle::BothRemoved),
        _ => None,
    }
}

fn read_setup(
    lines: &[&str],
    i: &mut usize,
    owner: Player,
) -> Result<(String, Deployment), UccError> {
    let (word, what) = match owner {
        Player::First => ("RED", "Red setup"),
        Player::Second => ("BLUE", "Blue setup"),
    };
    let header = lines
        .get(*i)
        .ok_or(err(*i + 1, UccErrorKind::Truncated(what)))?
        .trim_end();
    let agent = header
        .strip_suffix(&format!(" {word} SETUP"))
        .ok_or(err(*i + 1, UccErrorKind::SetupHeader(word)))?;
    let mut rows = [""; 4];
    for (k, row) in rows.iter_mut().enumerate() {
        *row = lines
            .get(*i + 1 + k)
            .ok_or(err(*i + 2 + k, UccErrorKind::Truncated(what)))?;
    }
    let dep = Deployment::from_ucc_rows(owner, rows)
        .map_err(|e| err(*i + 2, UccErrorKind::SetupRow(e)))?;
    *i += 5;
    Ok((agent.to_string(), dep))
}

fn turn_line(line: &str) -> Option<(Player, &str)> {
    let (turn, rest) = line.split_once(' ')?;
    if turn.is_empty() || !turn.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if let Some(r) = rest.strip_prefix("RED:") {
        Some((Player::First, r))
    } else {
        rest.strip_prefix("BLU:").map(|r| (Player::Second, r))
    }
}

fn parse_end(line: &str) -> Option<(Player, String)> {
    let rest = line.trim().strip_prefix("Game ends on ")?;
    let player = if rest.starts_with("RED") {
        Player::First
    } else {
        Player::Second
    };
    let reason = rest.split_once("REASON:").map_or("", |(_, r)| r.trim());
    Some((player, reason.to_string()))
}

fn parse_result(line: &str) -> Option<UccResult> {
    let w: Vec<&str> = line.split_whitespace().collect();
    if w.len() != 6 {
        return None;
    }
    let colour = match w[1] {
        "RED" => Player::First,
        "BLUE" => Player::Second,
        _ => return None,
    };
    Some(UccResult {
        agent: w[0].to_string(),
        colour,
        result: w[2].to_string(),
        turns: w[3].parse().ok()?,
    })
}

pub(super) fn parse_move(line: usize, player: Player, text: &str) -> Result<UccMove, UccError> {
    let w: Vec<&str> = text.split_whitespace().collect();
    let coord = |s: Option<&&str>| -> Result<u8, UccError> {
        let s = s.copied().unwrap_or("");
        match s.parse::<u8>() {
            Ok(v) if v < 10 && s.len() == 1 => Ok(v),
            _ => Err(err(line, UccErrorKind::Coordinate(s.to_string()))),
        }
    };
    let x = coord(w.first())?;
    let y = coord(w.get(1))?;
    let dir = w.get(2).copied().unwrap_or("");
    let (dx, dy): (i8, i8) = match dir {
        "UP" => (0, -1),
        "DOWN" => (0, 1),
        "LEFT" => (-1, 0),
        "RIGHT" => (1, 0),
        _ => return Err(err(line, UccErrorKind::Direction(dir.to_string()))),
    };
    let mut k = 3;
    let mut n: i8 = 1;
    if let Some(d) = w.get(3)
        && d.bytes().all(|b| b.is_ascii_digit())
    {
        n = match d.parse::<i8>() {
            Ok(v @ 1..=9) => v,
            _ => return Err(err(line, UccErrorKind::Distance((*d).to_string()))),
        };
        k = 4;
    }
    let rank = |s: Option<&&str>| -> Option<Rank> {
        let s = s?;
        let mut c = s.chars();
        let r = Rank::from_ucc_char(c.next()?)?;
        c.next().is_none().then_some(r)
    };
    let bad = || err(line, UccErrorKind::Outcome(w[k.min(w.len())..].join(" ")));
    let word = w.get(k).copied().unwrap_or("");
    let two = || -> Result<(Rank, Rank), UccError> {
        match (rank(w.get(k + 1)), rank(w.get(k + 2)), w.len() == k + 3) {
            (Some(a), Some(d), true) => Ok((a, d)),
            _ => Err(bad()),
        }
    };
    let one = |o: UccOutcome| if w.len() == k + 1 { Ok(o) } else { Err(bad()) };
    let outcome = match word {
        "OK" => one(UccOutcome::Ok)?,
        "VICTORY_FLAG" => one(UccOutcome::VictoryFlag)?,
        "ILLEGAL" => one(UccOutcome::Illegal)?,
        "KILLS" => two().map(|(a, d)| UccOutcome::Kills(a, d))?,
        "DIES" => two().map(|(a, d)| UccOutcome::Dies(a, d))?,
        "BOTHDIE" => two().map(|(a, d)| UccOutcome::BothDie(a, d))?,
        _ => return Err(bad()),
    };
    let from = Square::new(x, y);
    let (tx, ty) = (x as i8 + dx * n, y as i8 + dy * n);
    let to = if (0..10).contains(&tx) && (0..10).contains(&ty) {
        Square::new(tx as u8, ty as u8)
    } else {
        None
    };
    Ok(UccMove {
        line,
        player,
        mv: from.zip(to).map(|(f, t)| Move::new(f, t)),
        outcome,
    })
}

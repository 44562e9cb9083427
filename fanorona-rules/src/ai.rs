//! The computer player: levels as fixed search budgets, and self-play.

use core::fmt;
use core::str::FromStr;

use board_core::{Game, Outcome, SplitMix64};
use board_search::{AlphaBeta, Evaluator, Limits, SearchResult};

use crate::eval::FanoronaEval;
use crate::moves::Move;
use crate::position::Position;

/// The strength of the computer. Each level is a fixed search depth in
/// whole turns, never a time, so the same position gets the same answer on
/// every machine:
///
/// | level | depth (whole turns) |
/// |---|---|
/// | easy | 1 |
/// | medium | 3 |
/// | hard | 6 |
///
/// Each searches with a fresh transposition table (16 MiB) for every move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Level {
    /// One turn ahead: takes what it can see now.
    Easy,
    /// Three turns ahead.
    Medium,
    /// Six turns ahead.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The search depth of this level, in whole turns.
    #[must_use]
    pub const fn depth(self) -> u32 {
        match self {
            Level::Easy => 1,
            Level::Medium => 3,
            Level::Hard => 6,
        }
    }

    /// The search limits of this level.
    #[must_use]
    pub fn limits(self) -> Limits {
        Limits::depth(self.depth())
    }

    /// The level's name: `easy`, `medium` or `hard`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not `easy`, `medium` or `hard`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a level (easy, medium or hard)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_owned()))
    }
}

/// A computer player: a level and an evaluator over alpha-beta search.
pub struct Computer<E: Evaluator<Position> = FanoronaEval> {
    limits: Limits,
    search: AlphaBeta<Position, E>,
}

impl Computer {
    /// The computer at `level` with the standard evaluation.
    #[must_use]
    pub fn new(level: Level) -> Self {
        Computer::with_eval(level.limits(), FanoronaEval::default())
    }
}

impl<E: Evaluator<Position> + Sync> Computer<E> {
    /// A computer with its own limits (use depth or node limits to stay
    /// deterministic) and evaluator.
    pub fn with_eval(limits: Limits, eval: E) -> Self {
        Computer {
            limits,
            search: AlphaBeta::new(eval),
        }
    }

    /// Searches `pos` afresh (an empty table, so the answer depends on the
    /// position alone) and returns the full result; `best_move` is `None`
    /// only when the game is over.
    pub fn think(&mut self, pos: &Position) -> SearchResult<Move> {
        self.search.clear();
        self.search.search(pos, &self.limits)
    }

    /// The move the computer plays in `pos`, `None` when the game is over.
    pub fn choose(&mut self, pos: &Position) -> Option<Move> {
        if pos.outcome().is_some() {
            return None;
        }
        self.think(pos).best_move
    }
}

/// A finished self-play game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedGame {
    /// Every move from the start position, the opening included.
    pub moves: Vec<Move>,
    /// How it ended.
    pub outcome: Outcome,
    /// The final position.
    pub last: Position,
}

/// The most moves a self-play game may last before it is called a draw
/// (the 40-move rule and repetitions end every real game long before).
pub const MAX_GAME_MOVES: usize = 1000;

/// Plays a game from the start: `opening` first (moves that are not legal
/// end the opening early), then `white` and `black` in turn.
pub fn play_game<W: Evaluator<Position> + Sync, B: Evaluator<Position> + Sync>(
    white: &mut Computer<W>,
    black: &mut Computer<B>,
    opening: &[Move],
) -> PlayedGame {
    let mut pos = Position::new();
    let mut moves = Vec::new();
    for &mv in opening {
        if pos.play(mv).is_err() {
            break;
        }
        moves.push(mv);
    }
    while pos.outcome().is_none() && moves.len() < MAX_GAME_MOVES {
        let choice = if pos.to_move() == crate::WHITE {
            white.choose(&pos)
        } else {
            black.choose(&pos)
        };
        let Some(mv) = choice else { break };
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    PlayedGame {
        outcome: pos.outcome().unwrap_or(Outcome::Draw),
        moves,
        last: pos,
    }
}

/// A random opening of `plies` whole turns, reproducible from `seed`: the
/// variety of a self-play match.
#[must_use]
pub fn random_opening(seed: u64, plies: usize) -> Vec<Move> {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Position::new();
    let mut out = Vec::new();
    for _ in 0..plies {
        let moves = pos.moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        pos.play_unchecked(mv);
        out.push(mv);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_and_deepen() {
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>(), Ok(l));
        }
        assert!("expert".parse::<Level>().is_err());
        assert!(Level::Easy.depth() < Level::Medium.depth());
        assert!(Level::Medium.depth() < Level::Hard.depth());
    }

    #[test]
    fn the_computer_takes_the_bigger_capture() {
        // e3 can take one stone at f3's far side by approach (g3) or the
        // line d3-c3-b3 by withdrawal.
        let pos: Position = "9/9/1BBBW1B2/9/9 w".parse().unwrap();
        let mv = Computer::new(Level::Easy).choose(&pos).unwrap();
        assert_eq!(mv.to_string(), "e3-f3w");
    }

    #[test]
    fn same_position_same_answer() {
        let opening = random_opening(3, 4);
        let mut pos = Position::new();
        for &m in &opening {
            pos.play(m).unwrap();
        }
        let a = Computer::new(Level::Medium).think(&pos);
        let mut c = Computer::new(Level::Medium);
        c.think(&Position::new());
        let b = c.think(&pos);
        assert_eq!(
            (a.best_move, a.score, a.nodes),
            (b.best_move, b.score, b.nodes)
        );
    }

    #[test]
    fn a_self_play_game_ends() {
        let mut w = Computer::new(Level::Easy);
        let mut b = Computer::new(Level::Easy);
        let game = play_game(&mut w, &mut b, &random_opening(1, 2));
        assert_eq!(game.last.outcome(), Some(game.outcome));
        assert!(game.moves.len() >= 2);
    }
}

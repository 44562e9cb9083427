//! The computer player: levels as fixed search budgets, and the
//! [`Computer`] that plays them, a [`board_search::Strategy`] (self-play
//! games and matches are board-search's `play_game` and `play_match`).

use core::fmt;
use core::str::FromStr;

use board_search::{
    AlphaBetaStrategy, Choice, Evaluator, Limits, NoLegalMove, SearchResult, Strategy,
};

use crate::eval::FanoronaEval;
use crate::moves::Move;
use crate::position::Position;

/// The strength of the computer. Each level is a fixed search budget in
/// whole turns and nodes, never a time, so the same position gets the same
/// answer on every machine:
///
/// | level | depth (whole turns) | node limit |
/// |---|---|---|
/// | easy | 1 | — |
/// | medium | 3 | — |
/// | hard | 6 | — |
/// | max | 9 | 3,000,000 (the last completed depth is played) |
///
/// Each searches with a fresh transposition table (16 MiB) for every move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Level {
    /// One turn ahead: takes what it can see now.
    Easy,
    /// Three turns ahead.
    Medium,
    /// Six turns ahead.
    Hard,
    /// Nine turns ahead, within three million nodes.
    Max,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Max];

    /// The deepest search of this level, in whole turns.
    #[must_use]
    pub const fn depth(self) -> u32 {
        match self {
            Level::Easy => 1,
            Level::Medium => 3,
            Level::Hard => 6,
            Level::Max => 9,
        }
    }

    /// The search limits of this level.
    #[must_use]
    pub fn limits(self) -> Limits {
        match self {
            Level::Max => Limits::depth(self.depth()).and_nodes(3_000_000),
            _ => Limits::depth(self.depth()),
        }
    }

    /// The level's name: `easy`, `medium`, `hard` or `max`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Max => "max",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not `easy`, `medium`, `hard` or `max`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a level (easy, medium, hard or max)")]
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

/// A computer player: a level (or any limits) and an evaluator over
/// alpha-beta search, a [`Strategy`]. Every choice starts from an empty
/// table, so the answer depends on the position alone.
///
/// ```
/// use board_core::Game;
/// use board_search::Strategy;
/// use fanorona_rules::Position;
/// use fanorona_rules::ai::{Computer, Level};
///
/// let pos = Position::new();
/// let choice = Computer::new(Level::Medium).choose(&pos)?;
/// assert!(pos.is_legal(choice.mv));
/// assert_eq!(choice.depth, 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Computer<E: Evaluator<Position> = FanoronaEval>(AlphaBetaStrategy<Position, E>);

impl<E: Evaluator<Position>> fmt::Debug for Computer<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Computer").field(&self.0).finish()
    }
}

impl Computer {
    /// The computer at `level` with the standard evaluation.
    #[must_use]
    pub fn new(level: Level) -> Self {
        Computer::with_eval(level.limits(), FanoronaEval::default())
    }
}

impl<E: Evaluator<Position>> Computer<E> {
    /// A computer with its own limits (use depth or node limits to stay
    /// deterministic) and evaluator.
    pub fn with_eval(limits: Limits, eval: E) -> Self {
        Computer(AlphaBetaStrategy::new(eval, limits))
    }

    /// Searches `pos` afresh (an empty table, so the answer depends on the
    /// position alone) and returns the full result; `best_move` is `None`
    /// only when the game is over.
    pub fn think(&mut self, pos: &Position) -> SearchResult<Move> {
        self.0.think(pos)
    }
}

impl<E: Evaluator<Position>> Strategy<Position> for Computer<E> {
    type Error = NoLegalMove;

    fn choose(&mut self, pos: &Position) -> Result<Choice<Move>, NoLegalMove> {
        self.0.choose(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_core::Game;
    use board_search::{Opening, play_game};

    #[test]
    fn levels_parse_and_deepen() {
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>(), Ok(l));
        }
        assert!("expert".parse::<Level>().is_err());
        for pair in Level::ALL.windows(2) {
            assert!(pair[0].depth() < pair[1].depth());
        }
    }

    #[test]
    fn the_computer_takes_the_bigger_capture() {
        // e3 can take one stone at f3's far side by approach (g3) or the
        // line d3-c3-b3 by withdrawal.
        let pos: Position = "9/9/1BBBW1B2/9/9 w".parse().unwrap();
        let mv = Computer::new(Level::Easy).choose(&pos).unwrap().mv;
        assert_eq!(mv.to_string(), "e3-f3w");
    }

    #[test]
    fn same_position_same_answer() {
        let opening = Opening::random(Position::new(), 4, 3);
        let pos = opening.position().unwrap();
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
        let opening = Opening::random(Position::new(), 2, 1);
        let game = play_game(&mut w, &mut b, &opening, 0, 1000, |_| true).unwrap();
        assert_eq!(game.last.outcome(), game.outcome());
        assert!(game.outcome().is_some());
        assert!(game.moves.len() >= 2);
    }

    #[test]
    fn max_stops_at_its_node_limit() {
        let pos = Opening::random(Position::new(), 6, 2).position().unwrap();
        let r = Computer::new(Level::Max).think(&pos);
        assert!(r.nodes <= 3_000_001, "{}", r.nodes);
        assert!(r.best_move.is_some());
    }
}

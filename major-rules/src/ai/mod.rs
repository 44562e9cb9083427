//! Computer players on `board-search` (feature `ai`, on by default): the
//! evaluation as an [`Evaluator`], the [`Level`]s with their documented
//! search budgets, and the [`Computer`] that plays them, a
//! [`board_search::Strategy`] (games and matches between computers are
//! board-search's `play_game` and `play_match`).
//!
//! Every budget is a depth and a node limit, never time: a level plays the
//! same move in the same position on every machine.
//!
//! ```
//! use board_search::{MatchOptions, Opening, play_match};
//! use major_rules::ai::{Computer, Level};
//! use major_rules::{Board, Position};
//!
//! let start = Position::start(Board::standard(2)?);
//! let openings = Opening::random_set(&start, 2, 1, 7);
//! let r = play_match(
//!     &mut Computer::new(Level::Medium),
//!     &mut Computer::new(Level::Easy),
//!     &openings,
//!     &MatchOptions::games(2),
//!     |_, _| {},
//! )?;
//! assert_eq!(r.games(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod level;

use core::fmt;

use board_search::{
    AlphaBetaStrategy, Choice, Evaluator, NoLegalMove, Options, SearchResult, Strategy,
};

use crate::board::MAX_SQUARES;
use crate::eval::{EVAL_BOUND, Weights, evaluate};
use crate::notation::Move;
use crate::position::Position;

pub use board_search::{Level, ParseLevelError};
pub use level::{limits, quiescence};

/// The evaluation of [`evaluate`] with search hints: breakthroughs and
/// captures first, then forward moves; captures and edge landings are
/// noisy (searched by quiescence).
#[derive(Debug, Clone, Copy, Default)]
pub struct MajorEval {
    /// The weights.
    pub weights: Weights,
    /// Whether to run a quiescence search over noisy moves.
    pub quiescence: bool,
}

impl Evaluator<Position> for MajorEval {
    fn evaluate(&self, pos: &Position) -> i32 {
        evaluate(pos, &self.weights)
    }

    fn move_hint(&self, pos: &Position, mv: Move) -> i32 {
        let me = pos.side_to_move();
        let mut h = 0;
        if mv.to.col() == pos.board().start_column(me.other()) {
            h += 1000;
        }
        if let Some(target) = pos.stack(mv.to) {
            h += if target.is_major() { 600 } else { 400 };
            // A stone capturing is usually better than a Major capturing.
            if pos.stack(mv.from).is_some_and(|s| !s.is_major()) {
                h += 100;
            }
        }
        h + 10 * mv.dcol() * me.forward()
    }

    fn uses_quiescence(&self) -> bool {
        self.quiescence
    }

    fn is_noisy(&self, pos: &Position, mv: Move) -> bool {
        pos.is_capture(mv) || mv.to.col() == pos.board().start_column(pos.side_to_move().other())
    }

    fn history_size(&self) -> usize {
        2 * MAX_SQUARES * MAX_SQUARES
    }

    fn history_index(&self, pos: &Position, mv: Move) -> usize {
        let b = pos.board();
        let from = usize::from(mv.from.row()) * usize::from(b.width()) + usize::from(mv.from.col());
        let to = usize::from(mv.to.row()) * usize::from(b.width()) + usize::from(mv.to.col());
        (pos.side_to_move().index() * MAX_SQUARES + from) * MAX_SQUARES + to
    }

    fn bound(&self) -> i32 {
        EVAL_BOUND
    }
}

/// A computer player of one level, a [`Strategy`]: alpha-beta within the
/// level's budget, the table emptied before every choice, so the same
/// position always gets the same move.
///
/// ```
/// use board_core::Game;
/// use board_search::Strategy;
/// use major_rules::ai::{Computer, Level};
/// use major_rules::{Board, Position};
///
/// let pos = Position::start(Board::standard(1)?);
/// let choice = Computer::new(Level::Easy).choose(&pos)?;
/// assert!(pos.is_legal(choice.mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Computer {
    level: Level,
    search: AlphaBetaStrategy<Position, MajorEval>,
}

impl fmt::Debug for Computer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Computer")
            .field("level", &self.level)
            .finish_non_exhaustive()
    }
}

impl Computer {
    /// A player of `level` with the default evaluation.
    #[must_use]
    pub fn new(level: Level) -> Computer {
        Computer::with_eval(
            level,
            MajorEval {
                weights: Weights::default(),
                quiescence: quiescence(level),
            },
        )
    }

    /// A player of `level` with another evaluation (for measuring terms).
    #[must_use]
    pub fn with_eval(level: Level, eval: MajorEval) -> Computer {
        let options = Options {
            tt_mib: 4,
            ..Options::default()
        };
        Computer {
            level,
            search: AlphaBetaStrategy::with_options(eval, limits(level), options),
        }
    }

    /// The level.
    #[must_use]
    pub const fn level(&self) -> Level {
        self.level
    }

    /// Searches `pos` afresh within the level's budget. `best_move` is
    /// `None` only when the game is over.
    pub fn think(&mut self, pos: &Position) -> SearchResult<Move> {
        self.search.think(pos)
    }
}

impl Strategy<Position> for Computer {
    type Error = NoLegalMove;

    fn choose(&mut self, pos: &Position) -> Result<Choice<Move>, NoLegalMove> {
        self.search.choose(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;
    use board_search::{MatchOptions, Opening, play_game, play_match};

    #[test]
    fn levels_deepen_and_quiesce_from_medium() {
        for pair in Level::ALL.windows(2) {
            let (a, b) = (limits(pair[0]), limits(pair[1]));
            assert!(a.depth < b.depth && a.nodes < b.nodes, "{pair:?}");
        }
        assert!(!quiescence(Level::Easy) && quiescence(Level::Medium));
    }

    #[test]
    fn engine_takes_a_winning_breakthrough() {
        // Blue's g4 can step onto h4 where no Red piece can capture it.
        let pos: Position =
            "1 ......../......../......../......b./......../......../......../r....... b - 0"
                .parse()
                .unwrap();
        for level in Level::ALL {
            let mv = Computer::new(level).choose(&pos).unwrap().mv;
            assert_eq!(mv.to.col(), 7, "{level} plays {mv}");
        }
    }

    #[test]
    fn engine_captures_a_breakthrough_threat() {
        // Red threatens on a4; Blue must capture it with a3 (or a5).
        let pos: Position =
            "1 ......../......../b......./r......./......../......../......../.......r b a4 0"
                .parse()
                .unwrap();
        let mv = Computer::new(Level::Medium).choose(&pos).unwrap().mv;
        assert_eq!(mv.to.to_string(), "a4");
    }

    #[test]
    fn medium_beats_easy_in_a_short_match() {
        // The 100-game matches on every board are release runs (README);
        // this keeps the ordering of the two cheap levels under test.
        for n in [2, 4] {
            let start = Position::start(Board::standard(n).unwrap());
            let openings = Opening::random_set(&start, 4, 3, 11);
            let r = play_match(
                &mut Computer::new(Level::Medium),
                &mut Computer::new(Level::Easy),
                &openings,
                &MatchOptions::games(6),
                |_, _| {},
            )
            .unwrap();
            assert!(r.wdl.wins > r.wdl.losses + 2, "board {n}: {:?}", r.wdl);
        }
    }

    #[test]
    fn search_is_deterministic() {
        let start = Position::start(Board::standard(1).unwrap());
        let opening = Opening::random(start, 2, 3);
        let play = || {
            let (mut a, mut b) = (Computer::new(Level::Easy), Computer::new(Level::Medium));
            play_game(&mut a, &mut b, &opening, 0, 1000, |_| true).unwrap()
        };
        let a = play();
        assert_eq!(a, play());
        assert!(a.outcome().is_some());
    }
}

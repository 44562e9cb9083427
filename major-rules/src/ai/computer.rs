//! The [`Computer`] that plays a level, a [`Strategy`].

use core::fmt;

use board_search::{
    AlphaBetaStrategy, Choice, Limits, NoLegalMove, Options, SearchResult, Strategy,
};

use super::eval::{Eval, Weights};
use super::{Level, limits, quiescence};
use crate::moves::Move;
use crate::position::Position;

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
    level: Option<Level>,
    search: AlphaBetaStrategy<Position, Eval>,
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
        let eval = Eval {
            weights: Weights::default(),
            quiescence: quiescence(level),
        };
        Computer {
            level: Some(level),
            ..Computer::with_eval(limits(level), eval)
        }
    }

    /// A player with its own limits (use depth or node limits to stay
    /// deterministic) and evaluation (for measuring terms).
    #[must_use]
    pub fn with_eval(limits: Limits, eval: Eval) -> Computer {
        let options = Options {
            tt_mib: 4,
            ..Options::default()
        };
        Computer {
            level: None,
            search: AlphaBetaStrategy::with_options(eval, limits, options),
        }
    }

    /// The level of a computer made by [`new`](Computer::new); `None` for
    /// one made by [`with_eval`](Computer::with_eval).
    #[must_use]
    pub const fn level(&self) -> Option<Level> {
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
    use board_search::{MatchOptions, Opening, play_game, play_match};

    use super::*;
    use crate::Board;

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
            assert_eq!(mv.to.column(), 7, "{level} plays {mv}");
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

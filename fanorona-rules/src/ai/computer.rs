//! The [`Computer`] that plays a level, a [`board_search::Strategy`].

use core::fmt;

use board_search::{
    AlphaBetaStrategy, Choice, Evaluator, Limits, NoLegalMove, SearchResult, Strategy,
};

use super::{Eval, Level, limits};
use crate::moves::Move;
use crate::position::Position;

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
pub struct Computer<E: Evaluator<Position> = Eval>(AlphaBetaStrategy<Position, E>);

impl<E: Evaluator<Position>> fmt::Debug for Computer<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Computer").field(&self.0).finish()
    }
}

impl Computer {
    /// The computer at `level` (searching within [`limits`]) with the
    /// standard evaluation.
    #[must_use]
    pub fn new(level: Level) -> Self {
        Computer::with_eval(limits(level), Eval::default())
    }
}

impl<E: Evaluator<Position> + Sync> Computer<E> {
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

impl<E: Evaluator<Position> + Sync> Strategy<Position> for Computer<E> {
    type Error = NoLegalMove;

    fn choose(&mut self, pos: &Position) -> Result<Choice<Move>, NoLegalMove> {
        self.0.choose(pos)
    }
}

#[cfg(test)]
mod tests {
    use board_core::Game;
    use board_search::{Opening, play_game};

    use super::*;

    #[test]
    fn levels_deepen() {
        for pair in Level::ALL.windows(2) {
            assert!(limits(pair[0]).depth < limits(pair[1]).depth);
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

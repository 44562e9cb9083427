//! What a game tells the search: its evaluation and its search hints.

use board_core::{Game, Outcome};

/// A game's static evaluation and search knowledge.
///
/// Only [`evaluate`](Evaluator::evaluate) is required; the hints have
/// neutral defaults, so a first engine is one function. Closures
/// `Fn(&G) -> i32` are evaluators.
pub trait Evaluator<G: Game> {
    /// The static value of a position that is not over, from the point of
    /// view of the player to move. Must lie within ±[`MAX_EVAL`](crate::MAX_EVAL)
    /// (values beyond are clamped).
    fn evaluate(&self, pos: &G) -> i32;

    /// A move-ordering hint: moves with a higher hint are searched first
    /// (after the transposition-table move); among moves of equal hint the
    /// killers go first, then the history heuristic orders. Default 0.
    /// Keep it cheap; only the order of hints matters, within `i16` range.
    fn move_hint(&self, _pos: &G, _mv: G::Move) -> i32 {
        0
    }

    /// Whether the search should run a quiescence search over
    /// [`is_noisy`](Evaluator::is_noisy) moves at the horizon. Default
    /// `false`: a leaf is worth its evaluation, and no moves are generated
    /// there.
    fn uses_quiescence(&self) -> bool {
        false
    }

    /// Whether `mv` is "noisy" (a capture, a promotion...): searched by
    /// quiescence at the horizon (when
    /// [`uses_quiescence`](Evaluator::uses_quiescence) says so), and never
    /// stored as a killer. Default: no move is noisy.
    fn is_noisy(&self, _pos: &G, _mv: G::Move) -> bool {
        false
    }

    /// The number of slots of the history table; 0 (the default) turns
    /// history ordering off for this game.
    fn history_size(&self) -> usize {
        0
    }

    /// The history-table slot of `mv` (below
    /// [`history_size`](Evaluator::history_size)), typically from its
    /// squares and the side to move.
    fn history_index(&self, _pos: &G, _mv: G::Move) -> usize {
        0
    }

    /// The largest absolute value [`evaluate`](Evaluator::evaluate) returns.
    /// Expectimax needs a tight bound for Star1/Star2 pruning (a decided game
    /// scores ±this bound there). Default [`MAX_EVAL`](crate::MAX_EVAL).
    fn bound(&self) -> i32 {
        crate::MAX_EVAL
    }

    /// What the finished game `pos` (its [`outcome`](Game::outcome) is
    /// `outcome`) is worth to its player to move, from -1 (the worst loss)
    /// to 1 (the best win), for the searches that average results of
    /// games ([`Mcts`](crate::Mcts), [`Ismcts`](crate::Ismcts)). Default
    /// 1 for a win, -1 for a loss, 0 for a draw. A game whose results have
    /// a size (chips, points) returns it, scaled into the range, so that
    /// the search prefers losing less and winning more. Alpha-beta scores
    /// finished games by [`win_in`](crate::win_in) and ignores it.
    fn outcome_value(&self, pos: &G, outcome: Outcome) -> f64 {
        f64::from(outcome.value_for(pos.to_move()))
    }
}

impl<G: Game, F: Fn(&G) -> i32> Evaluator<G> for F {
    fn evaluate(&self, pos: &G) -> i32 {
        self(pos)
    }
}

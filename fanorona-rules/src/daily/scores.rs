//! The score of every move of a position, each searched to the same depth
//! with a full window: what the game of the day chooses among.

use board_core::Game;
use board_search::{AlphaBeta, Limits, Options, TtCutoffs, loss_in, plies_to_end, win_in};

use crate::ai::Eval;
use crate::moves::Move;
use crate::position::Position;

/// The table of each move's search, in MiB: a depth-2 search of one move
/// visits a few thousand nodes, far fewer than 1 MiB holds.
const TABLE_MIB: usize = 1;

/// A move and its exact score, from the mover's point of view, in
/// hundredths of a stone (a won or lost game scores as
/// [`board_search::win_in`] or [`board_search::loss_in`] from the
/// position the move is played in).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoredMove {
    /// The move.
    pub mv: Move,
    /// Its score.
    pub score: i32,
}

/// Every move of a position with its score, and what scoring them cost.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RootScores {
    /// The moves in the order of the move generator.
    pub moves: Vec<ScoredMove>,
    /// The nodes searched.
    pub nodes: u64,
}

/// Scores every move of a position by searching the position after it
/// with [`Eval`]: one thread, a fresh table for each move, and
/// table entries used only at the depth they were searched to, so each
/// score is the plain minimax value at that depth and depends on the
/// position alone.
///
/// ```
/// use fanorona_rules::Position;
/// use fanorona_rules::daily::RootScorer;
/// let scores = RootScorer::new().scores(&Position::new(), 3);
/// assert_eq!(scores.moves.len(), 5);
/// ```
pub struct RootScorer {
    search: AlphaBeta<Position, Eval>,
}

impl core::fmt::Debug for RootScorer {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RootScorer").finish_non_exhaustive()
    }
}

impl Default for RootScorer {
    fn default() -> Self {
        RootScorer::new()
    }
}

impl RootScorer {
    /// A scorer with the standard evaluation.
    #[must_use]
    pub fn new() -> Self {
        let options = Options {
            tt_mib: TABLE_MIB,
            tt_cutoffs: TtCutoffs::EqualDepth,
            ..Options::default()
        };
        RootScorer {
            search: AlphaBeta::with_options(Eval::default(), options),
        }
    }

    /// Every legal move of `pos` with its exact score at `depth` whole
    /// turns from `pos` (at least 1: the move itself), the moves after it
    /// searched to `depth - 1` with a full window. Empty when the game is
    /// over.
    pub fn scores(&mut self, pos: &Position, depth: u32) -> RootScores {
        let limits = Limits::depth(depth.max(1) - 1);
        let mut scores = RootScores::default();
        for &mv in pos.moves().as_slice() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            self.search.clear();
            let result = self.search.search(&child, &limits);
            scores.nodes += result.nodes.max(1);
            scores.moves.push(ScoredMove {
                mv,
                score: parent_score(result.score),
            });
        }
        scores
    }
}

/// The score of a move whose position scores `child` for the opponent:
/// negated, a decided game one ply further away.
fn parent_score(child: i32) -> i32 {
    match plies_to_end(child) {
        Some(plies) if child > 0 => loss_in(plies + 1),
        Some(plies) => win_in(plies + 1),
        None => -child,
    }
}

#[cfg(test)]
mod tests {
    use board_search::{Evaluator, WIN};

    use super::*;

    #[test]
    fn decided_games_count_one_ply_more_from_the_parent() {
        assert_eq!(parent_score(win_in(0)), loss_in(1));
        assert_eq!(parent_score(loss_in(2)), win_in(3));
        assert_eq!(parent_score(35), -35);
        assert_eq!(parent_score(0), 0);
        assert!(parent_score(loss_in(0)) < WIN);
    }

    #[test]
    fn depth_one_scores_are_the_negated_evaluation_of_each_child() {
        let pos = Position::new();
        let scores = RootScorer::new().scores(&pos, 1);
        assert_eq!(scores.moves.len(), pos.moves().as_slice().len());
        for s in &scores.moves {
            let mut child = pos.clone();
            child.play_unchecked(s.mv);
            assert_eq!(s.score, -Eval::default().evaluate(&child));
        }
        assert_eq!(RootScorer::new().scores(&pos, 0), scores);
    }

    #[test]
    fn the_best_score_is_the_searchs_root_score() {
        // The maximum over the moves equals a full-window search of the
        // root to the same depth without table cut-offs across depths.
        let options = Options {
            tt_cutoffs: TtCutoffs::EqualDepth,
            ..Options::default()
        };
        let mut pos = Position::new();
        for mv in ["d2-e3a", "f5-f4a"] {
            pos.play(mv.parse().unwrap()).unwrap();
        }
        let mut root = AlphaBeta::with_options(Eval::default(), options);
        let expected = root.search(&pos, &Limits::depth(3)).score;
        let scores = RootScorer::new().scores(&pos, 3);
        let best = scores.moves.iter().map(|s| s.score).max();
        assert_eq!(best, Some(expected));
        assert!(scores.nodes > 0);
    }

    #[test]
    fn a_finished_game_has_no_scores() {
        let pos: Position = "9/9/9/9/4W4 b".parse().unwrap();
        assert!(pos.outcome().is_some());
        assert!(RootScorer::new().scores(&pos, 3).moves.is_empty());
    }
}

//! The static evaluation of Major positions: material, Majors, advancement
//! and runners (pieces that can reach the enemy edge with their next move)
//! in [`evaluate`], and [`Eval`], which plugs it into `board-search` with
//! move ordering hints and quiescence.

use board_search::Evaluator;

use crate::board::MAX_SQUARES;
use crate::moves::Move;
use crate::position::Position;
use crate::stack::Colour;

/// The weights of [`evaluate`]. [`Weights::default`] are the weights the
/// computer levels use; the match program of the `examples` package measured
/// each term (docs/measurements/major.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// A free stone.
    pub stone: i32,
    /// A Major (its prisoner is already missing from the other side).
    pub major: i32,
    /// Per column of distance from the own start edge.
    pub advance: i32,
    /// A piece that can land on the enemy start edge with its next move.
    pub runner: i32,
    /// A runner whose landing square no enemy piece could capture
    /// (a breakthrough that wins if it is the side to move's).
    pub free_runner: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            stone: 100,
            major: 170,
            advance: 6,
            runner: 25,
            free_runner: 150,
        }
    }
}

/// The value of `pos` for the side to move, in centi-stones; bounded by
/// ±[`EVAL_BOUND`]. Decided games are for the search to score; here they
/// are evaluated like any other position.
#[must_use]
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let board = pos.board();
    let width = i32::from(board.width());
    let mut score = [0i32; 2];
    for (sq, stack) in pos.stacks() {
        let c = stack.top;
        let col = i32::from(sq.column());
        let advance = match c {
            Colour::Blue => col,
            Colour::Red => width - 1 - col,
        };
        let s = &mut score[c.index()];
        *s += if stack.is_major() { w.major } else { w.stone };
        *s += w.advance * advance;
        let reach = if stack.is_major() { 2 } else { 1 };
        let to_edge = width - 1 - advance;
        if to_edge > 0 && to_edge <= reach {
            *s += w.runner;
            if has_free_landing(pos, sq, stack.is_major()) {
                *s += w.free_runner;
            }
        }
    }
    let me = pos.side_to_move().index();
    (score[me] - score[1 - me]).clamp(-EVAL_BOUND, EVAL_BOUND)
}

/// The largest absolute value of [`evaluate`].
pub const EVAL_BOUND: i32 = 100_000;

/// Whether the piece on `from` can land on the enemy edge on a square the
/// enemy could not capture.
fn has_free_landing(pos: &Position, from: crate::Square, major: bool) -> bool {
    let Some(piece) = pos.stack(from) else {
        return false;
    };
    let enemy = piece.top.other();
    let edge = pos.board().start_column(enemy);
    let reach: i32 = if major { 2 } else { 1 };
    (-reach..=reach).any(|dr| {
        let dc = i32::from(edge) - i32::from(from.column());
        if dc.abs() > reach || (dc.abs() != reach && dr.abs() != reach) {
            return false;
        }
        from.offset(dc, dr).is_some_and(|to| {
            pos.board().is_square(to)
                && pos.stack(to).is_none_or(|s| s.top == enemy)
                && !pos.can_capture_after(enemy, from, to)
        })
    })
}

/// The evaluation of [`evaluate`] with search hints: breakthroughs and
/// captures first, then forward moves; captures and edge landings are
/// noisy (searched by quiescence).
#[derive(Debug, Clone, Copy, Default)]
pub struct Eval {
    /// The weights.
    pub weights: Weights,
    /// Whether to run a quiescence search over noisy moves.
    pub quiescence: bool,
}

impl Evaluator<Position> for Eval {
    fn evaluate(&self, pos: &Position) -> i32 {
        evaluate(pos, &self.weights)
    }

    fn move_hint(&self, pos: &Position, mv: Move) -> i32 {
        let me = pos.side_to_move();
        let mut h = 0;
        if mv.to.column() == pos.board().start_column(me.other()) {
            h += 1000;
        }
        if let Some(target) = pos.stack(mv.to) {
            h += if target.is_major() { 600 } else { 400 };
            // A stone capturing is usually better than a Major capturing.
            if pos.stack(mv.from).is_some_and(|s| !s.is_major()) {
                h += 100;
            }
        }
        h + 10 * mv.dcolumn() * me.forward()
    }

    fn uses_quiescence(&self) -> bool {
        self.quiescence
    }

    fn is_noisy(&self, pos: &Position, mv: Move) -> bool {
        pos.is_capture(mv) || mv.to.column() == pos.board().start_column(pos.side_to_move().other())
    }

    fn history_size(&self) -> usize {
        2 * MAX_SQUARES * MAX_SQUARES
    }

    fn history_index(&self, pos: &Position, mv: Move) -> usize {
        let b = pos.board();
        let from =
            usize::from(mv.from.row()) * usize::from(b.width()) + usize::from(mv.from.column());
        let to = usize::from(mv.to.row()) * usize::from(b.width()) + usize::from(mv.to.column());
        (pos.side_to_move().index() * MAX_SQUARES + from) * MAX_SQUARES + to
    }

    fn bound(&self) -> i32 {
        EVAL_BOUND
    }
}

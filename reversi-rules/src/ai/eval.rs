//! Static evaluations of a Reversi position for the midgame search: a
//! hand-written [`Baseline`] (corners, mobility, stability) and the
//! trained [`PatternEval`].
//!
//! Both score in 1/[`SCALE`] disc from the side to move's point of view
//! (an estimate of the final disc difference) and implement
//! [`board_search::Evaluator`] for [`Position`].

pub mod patterns;

use board_search::Evaluator;

use crate::ai::endgame::stable_discs;
pub use crate::ai::weights::SCALE;
use crate::ai::weights::Weights;
use crate::bitboard::moves;
use crate::{Move, Position};

const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The X squares (diagonally next to a corner).
const X_SQUARES: u64 = 0x0042_0000_0000_4200;
/// The C squares (next to a corner on an edge).
const C_SQUARES: u64 = 0x4281_0000_0000_8142;

/// A move-ordering value per square: corners first, X and C squares last.
const SQUARE_VALUE: [i8; 64] = [
    20, -3, 11, 8, 8, 11, -3, 20, //
    -3, -7, -4, 1, 1, -4, -7, -3, //
    11, -4, 2, 2, 2, 2, -4, 11, //
    8, 1, 2, -3, -3, 2, 1, 8, //
    8, 1, 2, -3, -3, 2, 1, 8, //
    11, -4, 2, 2, 2, 2, -4, 11, //
    -3, -7, -4, 1, 1, -4, -7, -3, //
    20, -3, 11, 8, 8, 11, -3, 20,
];

fn hint(mv: Move) -> i32 {
    mv.square()
        .map_or(0, |s| i32::from(SQUARE_VALUE[s.index() & 63]))
}

/// The hand-written baseline: corners held, X squares next to an empty
/// corner, mobility and stable discs.
#[derive(Debug, Clone, Copy, Default)]
pub struct Baseline;

impl Baseline {
    /// The value for the side owning `p` against `o`, in 1/[`SCALE`] disc.
    #[must_use]
    pub fn value(p: u64, o: u64) -> i32 {
        let count = |b: u64| b.count_ones() as i32;
        let empty_corners = CORNERS & !(p | o);
        // X squares next to an empty corner.
        let near = ((empty_corners << 9)
            | (empty_corners >> 9)
            | (empty_corners << 7)
            | (empty_corners >> 7))
            & X_SQUARES;
        let c_near = ((empty_corners << 1)
            | (empty_corners >> 1)
            | (empty_corners << 8)
            | (empty_corners >> 8))
            & C_SQUARES;
        let corners = count(p & CORNERS) - count(o & CORNERS);
        let x = count(p & near) - count(o & near);
        let c = count(p & c_near) - count(o & c_near);
        let mobility = count(moves(p, o)) - count(moves(o, p));
        let stable = count(stable_discs(p, o)) - count(stable_discs(o, p));
        let empties = count(!(p | o));
        let discs = if empties < 20 { count(p) - count(o) } else { 0 };
        SCALE * (8 * corners - 4 * x - c + 2 * stable + discs) + SCALE * mobility
    }
}

impl Evaluator<Position> for Baseline {
    fn evaluate(&self, pos: &Position) -> i32 {
        let b = pos.board();
        Baseline::value(b.player(), b.opponent())
    }

    fn move_hint(&self, _pos: &Position, mv: Move) -> i32 {
        hint(mv)
    }
}

/// The trained pattern evaluation (tables per pattern and game phase, see
/// [`patterns`]), by default with the weights the crate embeds.
#[derive(Debug, Clone, Copy)]
pub struct PatternEval {
    weights: &'static Weights,
}

impl Default for PatternEval {
    fn default() -> Self {
        PatternEval {
            weights: Weights::embedded(),
        }
    }
}

impl PatternEval {
    /// The evaluation with these weights.
    #[must_use]
    pub fn with_weights(weights: &'static Weights) -> Self {
        PatternEval { weights }
    }

    /// The value for the side owning `p` against `o`, in 1/[`SCALE`] disc.
    #[must_use]
    pub fn value(&self, p: u64, o: u64) -> i32 {
        self.weights.evaluate(p, o)
    }
}

impl Evaluator<Position> for PatternEval {
    fn evaluate(&self, pos: &Position) -> i32 {
        let b = pos.board();
        self.value(b.player(), b.opponent())
    }

    fn move_hint(&self, _pos: &Position, mv: Move) -> i32 {
        hint(mv)
    }
}

/// The evaluation of a [`Computer`](super::Computer): either one, chosen
/// at run time (for matches between them); the trained patterns by default.
#[derive(Debug, Clone, Copy)]
pub enum Eval {
    /// The hand-written baseline.
    Baseline(Baseline),
    /// The trained patterns.
    Pattern(PatternEval),
}

impl Default for Eval {
    fn default() -> Eval {
        Eval::Pattern(PatternEval::default())
    }
}

impl Evaluator<Position> for Eval {
    fn evaluate(&self, pos: &Position) -> i32 {
        match self {
            Eval::Baseline(e) => e.evaluate(pos),
            Eval::Pattern(e) => e.evaluate(pos),
        }
    }

    fn move_hint(&self, _pos: &Position, mv: Move) -> i32 {
        hint(mv)
    }
}

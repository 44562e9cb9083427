//! The static evaluation: material, initiative and safety.

use board_core::Game;
use board_search::Evaluator;

use crate::movegen;
use crate::moves::Move;
use crate::position::Position;

/// The weights of [`Eval`], in hundredths of a stone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// One stone.
    pub stone: i32,
    /// Each stone of the side to move that can capture now (initiative).
    pub attacker: i32,
    /// Each enemy stone that could capture if it were the enemy's turn
    /// (the threats the side to move faces after its move); 0 by default,
    /// as it did not help.
    pub threat: i32,
    /// Each paika step of the side to move minus the enemy's (mobility,
    /// which decides the end of the game when little is left).
    pub mobility: i32,
}

impl Default for Weights {
    fn default() -> Self {
        // Measured at the medium level, 100 games each against the full
        // evaluation: without mobility 21 %, without initiative 42 %,
        // material only 16 %; a threat weight of 3 made no difference
        // (52.5 % without it), so it is off.
        Weights {
            stone: 100,
            attacker: 6,
            threat: 0,
            mobility: 1,
        }
    }
}

impl Weights {
    /// Material only: the baseline the other terms are measured against.
    #[must_use]
    pub fn material_only() -> Self {
        Weights {
            stone: 100,
            attacker: 0,
            threat: 0,
            mobility: 0,
        }
    }
}

/// The evaluation of the computer player, from the side to move's point
/// of view. Bounded by ±[`Eval::BOUND`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Eval {
    /// The weights.
    pub weights: Weights,
}

impl Eval {
    /// The largest absolute value [`evaluate`](Evaluator::evaluate)
    /// returns.
    pub const BOUND: i32 = 100_000;

    /// An evaluation with the given weights.
    #[must_use]
    pub fn new(weights: Weights) -> Self {
        Eval { weights }
    }
}

impl Evaluator<Position> for Eval {
    fn evaluate(&self, pos: &Position) -> i32 {
        let w = &self.weights;
        let (own, opp) = pos.sides();
        let mut score = w.stone * (own.count_ones() as i32 - opp.count_ones() as i32);
        if w.attacker != 0 {
            score += w.attacker * movegen::capturers(own, opp).count_ones() as i32;
        }
        if w.threat != 0 {
            score -= w.threat * movegen::capturers(opp, own).count_ones() as i32;
        }
        if w.mobility != 0 {
            let m = movegen::paika_count(own, opp) as i32 - movegen::paika_count(opp, own) as i32;
            score += w.mobility * m;
        }
        score.clamp(-Self::BOUND, Self::BOUND)
    }

    /// Longer capture chains first: they usually take more stones.
    fn move_hint(&self, _pos: &Position, mv: Move) -> i32 {
        if mv.is_capture() {
            1 + mv.len() as i32
        } else {
            0
        }
    }

    fn history_size(&self) -> usize {
        2 * 45 * 8
    }

    fn history_index(&self, pos: &Position, mv: Move) -> usize {
        let first = mv.step(0).map_or(0, |s| s.direction as usize);
        pos.to_move().index() * 360 + mv.start().index() * 8 + first
    }

    fn bound(&self) -> i32 {
        Self::BOUND
    }
}

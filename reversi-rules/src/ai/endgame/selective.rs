//! The selective stages of a whole-board solve: searches that cut a node
//! off as probably failing when the pattern evaluation lies far outside the
//! window, each filling the table with best moves for the next, the exact
//! search last.

use super::Solver;
use super::table::TABLE_MIN_EMPTIES;

/// Whole-board solves of at least this many empties first run selective
/// searches (see [`STAGES`]).
pub(super) const SELECTIVE_MIN_EMPTIES: u32 = 16;

/// The selective searches run before an exact solve, as the number of
/// standard deviations of the evaluation's error a probable cut-off needs.
/// Each fills the table with best moves for the next.
pub(super) const STAGES: [f64; 3] = [1.1, 1.5, 2.0];

/// The standard deviation of the exact score around the scaled
/// evaluation, in discs, as the `reversi_probcut_stats` example measures
/// it (the figures are in docs/measurements/reversi.md).
const PROBCUT_SIGMA: f64 = 10.0;

/// The evaluation is multiplied by this over 4 to predict the exact
/// score (the slope the same example measures).
const PROBCUT_SLOPE: i32 = 5;

/// Probable cut-offs are tried from this many empties on.
pub(super) const PROBCUT_MIN_EMPTIES: u32 = TABLE_MIN_EMPTIES;

impl Solver {
    /// Runs the selective stages from the evaluation's `guess` and returns
    /// the last stage's score, the exact search's first guess.
    pub(super) fn selective_stages(&mut self, p: u64, o: u64, mut guess: i32) -> i32 {
        for (level, &t) in STAGES.iter().enumerate() {
            self.level = level as u8;
            self.margin = (t * PROBCUT_SIGMA * 64.0) as i32;
            guess = self.aspiration(p, o, guess).1;
        }
        guess
    }

    /// The probable cut-off of a selective stage: the evaluation, scaled to
    /// predict the final score, lies far outside the window `(alpha,
    /// beta)`.
    #[inline]
    pub(super) fn probable_cut(&self, p: u64, o: u64, alpha: i32, beta: i32) -> Option<i32> {
        let guess = self.weights.evaluate(p, o) * PROBCUT_SLOPE / 4;
        if guess - self.margin >= 64 * beta {
            return Some(beta);
        }
        if guess + self.margin <= 64 * alpha {
            return Some(alpha);
        }
        None
    }
}

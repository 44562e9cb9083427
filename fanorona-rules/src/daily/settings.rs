//! Which moves the computer of the game of the day may play instead of
//! the medium computer's.

use board_search::is_decisive;

use super::ScoredMove;
use crate::ai::{Level, limits};

/// How the computer of the game of the day varies the medium computer's
/// moves. Every move is valued by the judge, a deeper search
/// ([`RootScorer`](super::RootScorer) at [`judge_depth`](Self::judge_depth)),
/// and the moves valued near the medium computer's own move are the
/// candidates: within [`band`](Self::band) for the first
/// [`band_moves`](Self::band_moves) moves of the game, and, while the game
/// is not close, within a share of the lead: when the medium's move is
/// worth `v` with `|v| > decided`, every move within
/// `(|v| - decided) * (100 - keep) / 100` of `v`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DailySettings {
    /// The depth of the judge, in whole turns.
    pub judge_depth: u32,
    /// The move numbers (`1..=band_moves`) whose candidates include every
    /// move within [`band`](Self::band) of the medium's.
    pub band_moves: u16,
    /// The band of the first moves, in hundredths of a stone.
    pub band: i32,
    /// The value beyond which a game is no longer close.
    pub decided: i32,
    /// The percentage of the lead beyond [`decided`](Self::decided) that
    /// the candidates keep.
    pub keep: i32,
}

impl Default for DailySettings {
    /// The game of the day's settings (measured in
    /// `docs/measurements/fanorona.md`).
    fn default() -> Self {
        DailySettings {
            judge_depth: limits(Level::Hard).depth.unwrap_or(6),
            band_moves: 3,
            band: 20,
            decided: 300,
            keep: 50,
        }
    }
}

impl DailySettings {
    /// The moves of `scores` (the judge's values) that may replace the
    /// medium's move, valued `value`, at move number `move_number`, best
    /// first (equal values in the given order). A decided game (a win or
    /// a loss the judge sees) allows only moves of the same value.
    ///
    /// ```
    /// use fanorona_rules::daily::{DailySettings, ScoredMove};
    /// let [a, b, c] = ["d2-e3a", "e2-e3a", "f2-e3a"].map(|m| m.parse().unwrap());
    /// let scores = [
    ///     ScoredMove { mv: a, score: -30 },
    ///     ScoredMove { mv: b, score: 15 },
    ///     ScoredMove { mv: c, score: -10 },
    /// ];
    /// let settings = DailySettings { band: 20, band_moves: 3, ..DailySettings::default() };
    /// let near: Vec<_> = settings.matching(&scores, -10, 1).iter().map(|s| s.mv).collect();
    /// assert_eq!(near, [c, a]);
    /// // After the band's moves, only moves of the same value.
    /// assert_eq!(settings.matching(&scores, -10, 4).len(), 1);
    /// ```
    #[must_use]
    pub fn matching(&self, scores: &[ScoredMove], value: i32, move_number: u16) -> Vec<ScoredMove> {
        let mut width = 0;
        if move_number <= self.band_moves && !is_decisive(value) {
            width = i64::from(self.band.max(0));
        }
        let lead = i64::from(value).abs() - i64::from(self.decided);
        if lead > 0 && !is_decisive(value) {
            width = width.max(lead * i64::from(100 - self.keep.clamp(0, 100)) / 100);
        }
        let mut near: Vec<ScoredMove> = scores
            .iter()
            .filter(|s| (i64::from(s.score) - i64::from(value)).abs() <= width)
            .copied()
            .collect();
        near.sort_by_key(|s| core::cmp::Reverse(s.score));
        near
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;
    use board_search::win_in;

    fn scored(values: &[i32]) -> Vec<ScoredMove> {
        let moves: Vec<Move> = ["d2-e3a", "e2-e3a", "f2-e3a", "f3-e3a", "f3-e3w"]
            .iter()
            .filter_map(|m| m.parse().ok())
            .collect();
        moves
            .iter()
            .zip(values)
            .map(|(&mv, &score)| ScoredMove { mv, score })
            .collect()
    }

    fn values(near: &[ScoredMove]) -> Vec<i32> {
        near.iter().map(|s| s.score).collect()
    }

    #[test]
    fn the_band_holds_for_the_first_moves_only() {
        let s = DailySettings::default();
        let scores = scored(&[0, 25, -20, 21, 19]);
        assert_eq!(values(&s.matching(&scores, 0, 1)), [19, 0, -20]);
        assert_eq!(values(&s.matching(&scores, 0, s.band_moves)), [19, 0, -20]);
        assert_eq!(values(&s.matching(&scores, 0, s.band_moves + 1)), [0]);
    }

    #[test]
    fn a_game_that_is_not_close_allows_a_share_of_the_lead() {
        let s = DailySettings::default();
        // 700 leads 400 beyond 300: moves within 200 of 700, either way.
        let scores = scored(&[700, 500, 499, 900, 901]);
        assert_eq!(values(&s.matching(&scores, 700, 50)), [900, 700, 500]);
        // The same when losing.
        let scores = scored(&[-700, -500, -499, -900, -901]);
        assert_eq!(values(&s.matching(&scores, -700, 50)), [-500, -700, -900]);
    }

    #[test]
    fn decided_games_and_odd_settings_stay_sane() {
        let s = DailySettings::default();
        let scores = scored(&[win_in(3), win_in(5), 900, 0]);
        assert_eq!(values(&s.matching(&scores, win_in(3), 1)), [win_in(3)]);
        let wild = DailySettings {
            band: i32::MAX,
            decided: i32::MIN,
            keep: -5,
            ..s
        };
        assert_eq!(wild.matching(&scores, 0, 1).len(), 4);
        assert!(s.matching(&[], 0, 1).is_empty());
    }
}

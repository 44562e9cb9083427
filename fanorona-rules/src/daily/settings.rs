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
/// `(|v| - decided) * (100 - keep) / 100` of `v`. Two rules add moves
/// when the computer is far ahead, where variety costs no result:
/// [`ahead`](Self::ahead) (every move at least as good as the medium's
/// that keeps that lead) and [`won_captures`](Self::won_captures) (in a
/// game the judge sees won, every capture that still wins or keeps that
/// lead).
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
    /// When the judge's best move is worth at least this much, every move
    /// worth at least this much and at least as much as the medium's is a
    /// candidate too (0: never).
    pub ahead: i32,
    /// When the medium's move wins by the judge's depth, every capture
    /// that still wins, or is worth at least this much, is a candidate too
    /// (0: never). Only captures, so that the game still ends: each takes
    /// stones, and the other candidates win at least as fast as the
    /// medium's.
    pub won_captures: i32,
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
            keep: 25,
            ahead: 200,
            won_captures: 300,
        }
    }
}

impl DailySettings {
    /// The moves of `scores` (the judge's values) that may replace the
    /// medium's move, valued `value`, at move number `move_number`, best
    /// first (equal values in the given order). In a decided game (a win
    /// or a loss the judge sees) the band and the share of the lead allow
    /// only moves of the same value.
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
        let best = scores.iter().map(|s| s.score).max().unwrap_or(value);
        let ahead = self.ahead > 0 && best >= self.ahead;
        let won = self.won_captures > 0 && is_decisive(value) && value > 0;
        let wins = |score: i32| is_decisive(score) && score > 0;
        let mut near: Vec<ScoredMove> = scores
            .iter()
            .filter(|s| {
                (i64::from(s.score) - i64::from(value)).abs() <= width
                    || (ahead && s.score >= self.ahead && s.score >= value)
                    || (won && s.mv.is_capture() && (wins(s.score) || s.score >= self.won_captures))
            })
            .copied()
            .collect();
        near.sort_by_key(|s| core::cmp::Reverse(s.score));
        near
    }
}

#[cfg(test)]
mod tests {
    use board_search::win_in;

    use super::*;
    use crate::Move;

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
        // Only the share of the lead: keep half of it, nothing else.
        let s = DailySettings {
            keep: 50,
            ahead: 0,
            ..DailySettings::default()
        };
        // 700 leads 400 beyond 300: moves within 200 of 700, either way.
        let scores = scored(&[700, 500, 499, 900, 901]);
        assert_eq!(values(&s.matching(&scores, 700, 50)), [900, 700, 500]);
        // The same when losing.
        let scores = scored(&[-700, -500, -499, -900, -901]);
        assert_eq!(values(&s.matching(&scores, -700, 50)), [-500, -700, -900]);
        // The game of the day keeps a quarter: within 300.
        let s = DailySettings::default();
        let scores = scored(&[-700, -400, -399, -1000, -1001]);
        assert_eq!(values(&s.matching(&scores, -700, 50)), [-400, -700, -1000]);
    }

    #[test]
    fn far_ahead_every_move_at_least_as_good_that_keeps_the_lead() {
        let s = DailySettings::default();
        assert_eq!(s.ahead, 200);
        // The best is worth 5 stones, the medium's move 0.1: every move
        // worth 2 stones or more joins it, not the one worth 1.99.
        let scores = scored(&[10, 500, 200, 199, 12]);
        assert_eq!(values(&s.matching(&scores, 10, 50)), [500, 200, 10]);
        // Never a worse move than the medium's: here the lead's share
        // alone (within 75 of 400) decides below it.
        let scores = scored(&[400, 250, 326, 325, 700]);
        assert_eq!(values(&s.matching(&scores, 400, 50)), [700, 400, 326, 325]);
        // Not when nobody is that far ahead.
        let scores = scored(&[10, 199, 150, 12, 11]);
        assert_eq!(values(&s.matching(&scores, 10, 50)), [10]);
        // Off at 0.
        let off = DailySettings { ahead: 0, ..s };
        assert_eq!(values(&off.matching(&scored(&[10, 500]), 10, 50)), [10]);
    }

    #[test]
    fn a_won_game_allows_every_capture_that_keeps_it_won() {
        let s = DailySettings {
            ahead: 0,
            ..DailySettings::default()
        };
        // d2-e3a, e2-e3a, f2-e3a, f3-e3a and f3-e3w all capture; the paika
        // e4-d4 does not.
        let moves: Vec<Move> = ["d2-e3a", "e2-e3a", "f2-e3a", "e4-d4", "f3-e3w"]
            .iter()
            .filter_map(|m| m.parse().ok())
            .collect();
        let values_of = [win_in(3), win_in(7), 299, win_in(5), 300];
        let scores: Vec<ScoredMove> = moves
            .iter()
            .zip(values_of)
            .map(|(&mv, score)| ScoredMove { mv, score })
            .collect();
        // The medium's move wins in 3: captures that win later, or keep 3
        // stones, join it; the paika that wins in 5 does not, nor the
        // capture worth 2.99 stones.
        assert_eq!(
            values(&s.matching(&scores, win_in(3), 50)),
            [win_in(3), win_in(7), 300]
        );
        // Not when the medium's move does not win.
        assert_eq!(values(&s.matching(&scores, 300, 50)), [300]);
        let off = DailySettings {
            won_captures: 0,
            ..s
        };
        assert_eq!(values(&off.matching(&scores, win_in(3), 50)), [win_in(3)]);
    }

    #[test]
    fn decided_games_and_odd_settings_stay_sane() {
        let s = DailySettings {
            ahead: 0,
            won_captures: 0,
            ..DailySettings::default()
        };
        let scores = scored(&[win_in(3), win_in(5), 900, 0]);
        assert_eq!(values(&s.matching(&scores, win_in(3), 1)), [win_in(3)]);
        let wild = DailySettings {
            band: i32::MAX,
            decided: i32::MIN,
            keep: -5,
            ahead: i32::MIN,
            won_captures: i32::MIN,
            ..s
        };
        assert_eq!(wild.matching(&scores, 0, 1).len(), 4);
        assert!(s.matching(&[], 0, 1).is_empty());
        assert!(DailySettings::default().matching(&[], 0, 1).is_empty());
    }
}

//! Wins, draws and losses, the score they make, and how sure it is.

use core::fmt;

use board_core::{Outcome, Player};

/// Wins, draws and losses of one player over a series of games.
///
/// ```
/// use board_search::Wdl;
/// let r = Wdl { wins: 63, draws: 37, losses: 0 };
/// assert_eq!(r.games(), 100);
/// assert_eq!(r.score(), 0.815);
/// let (low, high) = r.interval95();
/// assert!(low < 0.815 && 0.815 < high && high < 1.0);
/// assert!(r.elo().is_some_and(|e| e > 200.0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// The normal quantile of a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

impl Wdl {
    /// The games counted.
    #[must_use]
    pub const fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Counts a game that ended with `outcome` (`None`: unfinished, counted
    /// as a draw) for the player who played `side`.
    pub fn add(&mut self, outcome: Option<Outcome>, side: Player) {
        match outcome.map_or(0, |o| o.value_for(side)) {
            1 => self.wins += 1,
            0 => self.draws += 1,
            _ => self.losses += 1,
        }
    }

    /// Wins plus half the draws.
    #[must_use]
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }

    /// The points per game, from 0 (every game lost) to 1 (every game won);
    /// 0.5 before the first game.
    #[must_use]
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.points() / f64::from(n),
        }
    }

    /// The Wilson score interval of the score for the normal quantile `z`
    /// (1.96 for 95 %), each draw counted as half a win. It stays inside
    /// 0..=1 and has a width even when every game was won. Draws make the
    /// true spread of a score smaller than that of a win/loss series of the
    /// same score, which this interval assumes: with many draws it is wider
    /// than it needs to be, never narrower. `(0, 1)` before the first game.
    #[must_use]
    pub fn interval(&self, z: f64) -> (f64, f64) {
        let n = f64::from(self.games());
        if n == 0.0 {
            return (0.0, 1.0);
        }
        let p = self.score();
        let z2 = z * z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }

    /// The 95 % [`interval`](Wdl::interval).
    #[must_use]
    pub fn interval95(&self) -> (f64, f64) {
        self.interval(Z95)
    }

    /// The Elo difference the score stands for (`400 log10(s / (1 - s))`);
    /// `None` when every game was won or lost (the difference is then
    /// unbounded) and before the first game.
    #[must_use]
    pub fn elo(&self) -> Option<f64> {
        elo_of(self.score()).filter(|_| self.games() > 0)
    }

    /// The Elo differences of the ends of the 95 % interval: `None` for an
    /// end at 0 or 1.
    #[must_use]
    pub fn elo_interval95(&self) -> (Option<f64>, Option<f64>) {
        let (low, high) = self.interval95();
        (elo_of(low), elo_of(high))
    }

    /// The same games from the opponent's side.
    #[must_use]
    pub const fn reversed(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
}

impl core::ops::Add for Wdl {
    type Output = Wdl;
    fn add(self, other: Wdl) -> Wdl {
        Wdl {
            wins: self.wins + other.wins,
            draws: self.draws + other.draws,
            losses: self.losses + other.losses,
        }
    }
}

/// `400 log10(s / (1 - s))`, `None` at 0 and 1.
fn elo_of(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| 400.0 * (score / (1.0 - score)).log10())
}

impl fmt::Display for Wdl {
    /// `+63 =37 -0 (81.5 %, 95 %: 72.8-87.9 %)`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (low, high) = self.interval95();
        write!(
            f,
            "+{} ={} -{} ({:.1} %, 95 %: {:.1}-{:.1} %)",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score(),
            100.0 * low,
            100.0 * high
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_holds_the_score_and_narrows_with_more_games() {
        let few = Wdl {
            wins: 6,
            draws: 2,
            losses: 2,
        };
        let many = Wdl {
            wins: 600,
            draws: 200,
            losses: 200,
        };
        assert_eq!(few.score(), many.score());
        let (a, b) = few.interval95();
        let (c, d) = many.interval95();
        assert!(a < c && c < 0.7 && 0.7 < d && d < b, "{a} {b} {c} {d}");
        // Wilson's 95 % interval for 7 of 10 (a textbook value).
        assert!((a - 0.3968).abs() < 1e-3 && (b - 0.8922).abs() < 1e-3);
    }

    #[test]
    fn all_won_or_none_played_stays_within_zero_and_one() {
        let all = Wdl {
            wins: 20,
            draws: 0,
            losses: 0,
        };
        let (low, high) = all.interval95();
        assert!(low > 0.8 && low < 1.0 && (high - 1.0).abs() < 1e-12);
        assert_eq!(all.elo(), None);
        assert_eq!(all.reversed().interval95().0, 0.0);
        assert_eq!(Wdl::default().interval95(), (0.0, 1.0));
        assert_eq!(Wdl::default().score(), 0.5);
        assert_eq!(Wdl::default().elo(), None);
    }

    #[test]
    fn elo_is_zero_at_an_even_score_and_antisymmetric() {
        let even = Wdl {
            wins: 3,
            draws: 4,
            losses: 3,
        };
        assert!(even.elo().is_some_and(|e| e.abs() < 1e-9));
        let r = Wdl {
            wins: 75,
            draws: 0,
            losses: 25,
        };
        let (e, back) = (r.elo().unwrap(), r.reversed().elo().unwrap());
        assert!((e - 190.85).abs() < 0.01 && (e + back).abs() < 1e-9, "{e}");
    }

    #[test]
    fn outcomes_count_from_the_given_side() {
        let mut r = Wdl::default();
        r.add(Some(Outcome::Win(Player::First)), Player::First);
        r.add(Some(Outcome::Win(Player::First)), Player::Second);
        r.add(Some(Outcome::Draw), Player::Second);
        r.add(None, Player::First);
        assert_eq!(
            r,
            Wdl {
                wins: 1,
                draws: 2,
                losses: 1
            }
        );
        assert_eq!(
            r + r.reversed(),
            Wdl {
                wins: 2,
                draws: 4,
                losses: 2
            }
        );
        assert_eq!(r.to_string(), "+1 =2 -1 (50.0 %, 95 %: 15.0-85.0 %)");
    }
}

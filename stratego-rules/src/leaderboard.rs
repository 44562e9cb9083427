//! The leaderboard of the seed: +10 points for a win, -10 for a loss, never
//! below 0; only games that count (see [`session`](crate::session)) enter
//! it. The monthly table sums a calendar month (UTC), the eternal table all
//! time.
//!
//! ```
//! use board_core::{Outcome, Player};
//! use stratego_rules::leaderboard::{Leaderboard, YearMonth};
//!
//! let mut board = Leaderboard::default();
//! let march = YearMonth { year: 2026, month: 3 };
//! board.record("anna", "bert", Outcome::Win(Player::First), march);
//! board.record("anna", "bert", Outcome::Win(Player::Second), march);
//! assert_eq!(board.eternal("anna"), 0);
//! assert_eq!(board.eternal("bert"), 10); // 0 - 10 stays 0, then +10
//! assert_eq!(board.monthly(march, "bert"), 10);
//! ```

use std::collections::BTreeMap;

use board_core::{Outcome, Player};

use crate::session::{Millis, SessionResult};

/// Points for a win (and taken for a loss).
pub const POINTS: u32 = 10;

/// A calendar month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct YearMonth {
    /// The year.
    pub year: i32,
    /// The month, 1..=12.
    pub month: u8,
}

impl YearMonth {
    /// The UTC month of a Unix time in milliseconds.
    #[must_use]
    pub fn from_unix_millis(ms: Millis) -> YearMonth {
        // Howard Hinnant's civil_from_days.
        let days = (ms / 86_400_000) as i64;
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        YearMonth {
            year: i32::try_from(year).unwrap_or(i32::MAX),
            month: month as u8,
        }
    }
}

/// The monthly and eternal tables.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Leaderboard {
    eternal: BTreeMap<String, u32>,
    monthly: BTreeMap<YearMonth, BTreeMap<String, u32>>,
}

fn apply(table: &mut BTreeMap<String, u32>, name: &str, won: bool) {
    let score = table.entry(name.to_string()).or_insert(0);
    *score = if won {
        score.saturating_add(POINTS)
    } else {
        score.saturating_sub(POINTS)
    };
}

impl Leaderboard {
    /// Records a counted game between `red` and `blue` in `month`. A draw
    /// changes nothing (but enters both names).
    pub fn record(&mut self, red: &str, blue: &str, outcome: Outcome, month: YearMonth) {
        let names = [(Player::First, red), (Player::Second, blue)];
        let monthly = self.monthly.entry(month).or_default();
        for (player, name) in names {
            match outcome.winner() {
                Some(w) => {
                    apply(&mut self.eternal, name, w == player);
                    apply(monthly, name, w == player);
                }
                None => {
                    self.eternal.entry(name.to_string()).or_insert(0);
                    monthly.entry(name.to_string()).or_insert(0);
                }
            }
        }
    }

    /// Records a finished session if it counts; returns whether it did. The
    /// month is that of its end, read as Unix milliseconds.
    pub fn record_session(&mut self, red: &str, blue: &str, result: &SessionResult) -> bool {
        if result.counts {
            self.record(
                red,
                blue,
                result.outcome,
                YearMonth::from_unix_millis(result.ended_at),
            );
        }
        result.counts
    }

    /// A player's eternal points.
    #[must_use]
    pub fn eternal(&self, name: &str) -> u32 {
        self.eternal.get(name).copied().unwrap_or(0)
    }

    /// A player's points in `month`.
    #[must_use]
    pub fn monthly(&self, month: YearMonth, name: &str) -> u32 {
        self.monthly
            .get(&month)
            .and_then(|t| t.get(name))
            .copied()
            .unwrap_or(0)
    }

    /// The eternal table, best first (ties by name).
    #[must_use]
    pub fn eternal_table(&self) -> Vec<(String, u32)> {
        ranked(&self.eternal)
    }

    /// The table of `month`, best first (ties by name).
    #[must_use]
    pub fn monthly_table(&self, month: YearMonth) -> Vec<(String, u32)> {
        self.monthly.get(&month).map(ranked).unwrap_or_default()
    }
}

fn ranked(table: &BTreeMap<String, u32>) -> Vec<(String, u32)> {
    let mut v: Vec<(String, u32)> = table.iter().map(|(k, &s)| (k.clone(), s)).collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{EndReason, MINUTE};

    #[test]
    fn months_from_unix_time() {
        assert_eq!(
            YearMonth::from_unix_millis(0),
            YearMonth {
                year: 1970,
                month: 1
            }
        );
        // 2024-02-29T12:00:00Z
        assert_eq!(
            YearMonth::from_unix_millis(1_709_208_000_000),
            YearMonth {
                year: 2024,
                month: 2
            }
        );
        // 2026-11-30T23:59:59Z and one second later.
        assert_eq!(
            YearMonth::from_unix_millis(1_796_083_199_000),
            YearMonth {
                year: 2026,
                month: 11
            }
        );
        assert_eq!(
            YearMonth::from_unix_millis(1_796_083_200_000),
            YearMonth {
                year: 2026,
                month: 12
            }
        );
    }

    #[test]
    fn points_never_go_below_zero_and_tables_are_separate() {
        let mut b = Leaderboard::default();
        let (m1, m2) = (
            YearMonth {
                year: 2026,
                month: 1,
            },
            YearMonth {
                year: 2026,
                month: 2,
            },
        );
        b.record("a", "b", Outcome::Win(Player::First), m1);
        b.record("a", "b", Outcome::Win(Player::First), m1);
        b.record("a", "b", Outcome::Win(Player::Second), m2);
        b.record("a", "c", Outcome::Draw, m2);
        assert_eq!(
            (b.eternal("a"), b.eternal("b"), b.eternal("c")),
            (10, 10, 0)
        );
        assert_eq!((b.monthly(m1, "a"), b.monthly(m1, "b")), (20, 0));
        assert_eq!((b.monthly(m2, "a"), b.monthly(m2, "b")), (0, 10));
        assert_eq!(
            b.eternal_table(),
            [
                ("a".to_string(), 10),
                ("b".to_string(), 10),
                ("c".to_string(), 0)
            ]
        );
        assert_eq!(b.monthly_table(m1)[0], ("a".to_string(), 20));
        assert!(
            b.monthly_table(YearMonth {
                year: 1999,
                month: 1
            })
            .is_empty()
        );
    }

    #[test]
    fn only_counted_sessions_enter() {
        let mut b = Leaderboard::default();
        let mut r = SessionResult {
            outcome: Outcome::Win(Player::Second),
            reason: EndReason::Rules,
            duration: 3 * MINUTE,
            ended_at: 0,
            counts: false,
        };
        assert!(!b.record_session("r", "b", &r));
        assert_eq!(b.eternal("b"), 0);
        r.counts = true;
        assert!(b.record_session("r", "b", &r));
        assert_eq!(b.eternal("b"), 10);
        assert_eq!(
            b.monthly(
                YearMonth {
                    year: 1970,
                    month: 1
                },
                "b"
            ),
            10
        );
    }
}

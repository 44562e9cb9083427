//! Score tables that every hosted game can keep: a board per game, a table
//! per period (a day, a month, all time) of points per name, and the rules
//! that fill them. A game says what a finished game changes
//! ([`Change`]s, computed from the stored game and the tables before it);
//! the server applies the changes game by game in the order the games were
//! stored, so every table can be rebuilt from the stored games.
//!
//! ```
//! use board_core::{Outcome, Player};
//! use spielcenter::leaderboard::{Month, Period, Standing, duel};
//!
//! let mut s = Standing::default();
//! let march = Period::Month(Month::new(2026, 3).unwrap());
//! let periods = [march, Period::Eternal];
//! for outcome in [Outcome::Win(Player::First), Outcome::Win(Player::Second)] {
//!     let changes = duel(&s, "battlegeneral", &periods, ["anna", "bert"], outcome);
//!     s.apply(&changes);
//! }
//! assert_eq!(s.points("battlegeneral", march, "anna"), Some(0));
//! assert_eq!(s.points("battlegeneral", Period::Eternal, "bert"), Some(10)); // 0 - 10 stays 0, then +10
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use board_core::{Outcome, Player};

/// Points for a win in a [`duel`] (and taken for a loss).
pub const DUEL_POINTS: u32 = 10;

/// A calendar day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day {
    year: u16,
    month: u8,
    day: u8,
}

/// A calendar month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Month {
    year: u16,
    month: u8,
}

const fn days_in_month(year: u16, month: u8) -> u8 {
    let leap = (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400);
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Day {
    /// The day, if it exists.
    #[must_use]
    pub const fn new(year: u16, month: u8, day: u8) -> Option<Day> {
        if month == 0 || month > 12 || day == 0 || day > days_in_month(year, month) {
            return None;
        }
        Some(Day { year, month, day })
    }

    /// Its month.
    #[must_use]
    pub const fn month(self) -> Month {
        Month {
            year: self.year,
            month: self.month,
        }
    }

    /// The year, month and day.
    #[must_use]
    pub const fn ymd(self) -> (u16, u8, u8) {
        (self.year, self.month, self.day)
    }
}

impl Month {
    /// The month, if it exists.
    #[must_use]
    pub const fn new(year: u16, month: u8) -> Option<Month> {
        if month == 0 || month > 12 {
            return None;
        }
        Some(Month { year, month })
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl fmt::Display for Month {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

/// A day, month or period text that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a period (YYYY-MM-DD, YYYY-MM or \"eternal\")")]
pub struct ParsePeriodError(pub String);

fn number<T: FromStr>(text: &str, digits: usize) -> Option<T> {
    (text.len() == digits && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

impl FromStr for Day {
    type Err = ParsePeriodError;
    fn from_str(s: &str) -> Result<Day, ParsePeriodError> {
        let bad = || ParsePeriodError(s.to_owned());
        let mut parts = s.split('-');
        let (Some(y), Some(m), Some(d), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        let (Some(y), Some(m), Some(d)) = (number(y, 4), number(m, 2), number(d, 2)) else {
            return Err(bad());
        };
        Day::new(y, m, d).ok_or_else(bad)
    }
}

impl FromStr for Month {
    type Err = ParsePeriodError;
    fn from_str(s: &str) -> Result<Month, ParsePeriodError> {
        let bad = || ParsePeriodError(s.to_owned());
        let (y, m) = s.split_once('-').ok_or_else(bad)?;
        let (Some(y), Some(m)) = (number(y, 4), number(m, 2)) else {
            return Err(bad());
        };
        Month::new(y, m).ok_or_else(bad)
    }
}

/// The period of a score table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Period {
    /// One day.
    Day(Day),
    /// One month.
    Month(Month),
    /// All time.
    Eternal,
}

impl Period {
    /// `day`, `month` or `eternal`.
    #[must_use]
    pub fn kind(self) -> &'static str {
        match self {
            Period::Day(_) => "day",
            Period::Month(_) => "month",
            Period::Eternal => "eternal",
        }
    }

    /// The day or month as text; empty for [`Period::Eternal`].
    #[must_use]
    pub fn key(self) -> String {
        match self {
            Period::Day(d) => d.to_string(),
            Period::Month(m) => m.to_string(),
            Period::Eternal => String::new(),
        }
    }
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Period::Day(d) => d.fmt(f),
            Period::Month(m) => m.fmt(f),
            Period::Eternal => f.write_str("eternal"),
        }
    }
}

impl FromStr for Period {
    type Err = ParsePeriodError;
    fn from_str(s: &str) -> Result<Period, ParsePeriodError> {
        match s.len() {
            _ if s == "eternal" => Ok(Period::Eternal),
            7 => s.parse().map(Period::Month),
            10 => s.parse().map(Period::Day),
            _ => Err(ParsePeriodError(s.to_owned())),
        }
    }
}

/// The kinds of period a board keeps, for each finished game's date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeriodKind {
    /// A table per day.
    Day,
    /// A table per month.
    Month,
    /// One table for all time.
    Eternal,
}

impl PeriodKind {
    /// The period of this kind that holds `day`.
    #[must_use]
    pub fn of(self, day: Day) -> Period {
        match self {
            PeriodKind::Day => Period::Day(day),
            PeriodKind::Month => Period::Month(day.month()),
            PeriodKind::Eternal => Period::Eternal,
        }
    }
}

/// One name's points in one table, before and after a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The board.
    pub board: String,
    /// The table's period.
    pub period: Period,
    /// The player.
    pub name: String,
    /// The points before (`None`: the name was not in the table).
    pub before: Option<u32>,
    /// The points after.
    pub after: u32,
}

/// Every board's tables.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Standing {
    tables: BTreeMap<(String, Period), BTreeMap<String, u32>>,
}

impl Standing {
    /// A name's points in a table (`None`: not in it).
    #[must_use]
    pub fn points(&self, board: &str, period: Period, name: &str) -> Option<u32> {
        self.tables
            .get(&(board.to_owned(), period))
            .and_then(|t| t.get(name))
            .copied()
    }

    /// The change that adds `delta` (negative: takes) to a name's points,
    /// never below 0; the name enters the table even when `delta` is 0.
    #[must_use]
    pub fn add(&self, board: &str, period: Period, name: &str, delta: i64) -> Change {
        let before = self.points(board, period, name);
        let after = i64::from(before.unwrap_or(0)).saturating_add(delta);
        Change {
            board: board.to_owned(),
            period,
            name: name.to_owned(),
            before,
            after: u32::try_from(after.max(0)).unwrap_or(u32::MAX),
        }
    }

    /// Applies changes (each one's `after`).
    pub fn apply(&mut self, changes: &[Change]) {
        for c in changes {
            self.tables
                .entry((c.board.clone(), c.period))
                .or_default()
                .insert(c.name.clone(), c.after);
        }
    }

    /// A table, best first (ties by name).
    #[must_use]
    pub fn ranked(&self, board: &str, period: Period) -> Vec<(String, u32)> {
        let mut v: Vec<(String, u32)> = self
            .tables
            .get(&(board.to_owned(), period))
            .map(|t| t.iter().map(|(k, &p)| (k.clone(), p)).collect())
            .unwrap_or_default();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        v
    }

    /// Every row: board, period, name, points.
    pub fn rows(&self) -> impl Iterator<Item = (&str, Period, &str, u32)> + '_ {
        self.tables.iter().flat_map(|((board, period), t)| {
            t.iter()
                .map(move |(name, &p)| (board.as_str(), *period, name.as_str(), p))
        })
    }

    /// Sets one row (reading stored tables).
    pub fn set(&mut self, board: &str, period: Period, name: &str, points: u32) {
        self.tables
            .entry((board.to_owned(), period))
            .or_default()
            .insert(name.to_owned(), points);
    }
}

/// The duel rule (Battlegeneral's leaderboard): the winner gains
/// [`DUEL_POINTS`], the loser loses as many but never goes below 0; a draw
/// changes no points but enters both names. The changes for each of
/// `periods`, `names` first player first.
#[must_use]
pub fn duel(
    standing: &Standing,
    board: &str,
    periods: &[Period],
    names: [&str; 2],
    outcome: Outcome,
) -> Vec<Change> {
    let points = i64::from(DUEL_POINTS);
    let mut changes = Vec::new();
    for &period in periods {
        for (player, name) in [(Player::First, names[0]), (Player::Second, names[1])] {
            let delta = match outcome.winner() {
                Some(w) if w == player => points,
                Some(_) => -points,
                None => 0,
            };
            changes.push(standing.add(board, period, name, delta));
        }
    }
    changes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_parse_and_print() {
        for text in ["2026-03-05", "2024-02-29", "2026-12", "eternal"] {
            let p: Period = text.parse().unwrap();
            assert_eq!(p.to_string(), text);
        }
        for bad in [
            "2023-02-29",
            "2026-13",
            "26-03",
            "2026-3-05",
            "",
            "Eternal",
            "2026-03-0x",
        ] {
            assert!(bad.parse::<Period>().is_err(), "{bad}");
        }
        let d = Day::new(2026, 12, 7).unwrap();
        assert_eq!(PeriodKind::Month.of(d).to_string(), "2026-12");
        assert_eq!(PeriodKind::Day.of(d).key(), "2026-12-07");
        assert_eq!(PeriodKind::Eternal.of(d).key(), "");
    }

    #[test]
    fn the_duel_rule_never_goes_below_zero() {
        let mut s = Standing::default();
        let month = Period::Month(Month::new(2026, 3).unwrap());
        let periods = [month, Period::Eternal];
        let play = |s: &mut Standing, o| {
            let c = duel(s, "b", &periods, ["anna", "bert"], o);
            s.apply(&c);
            c
        };
        let c = play(&mut s, Outcome::Win(Player::First));
        assert_eq!(c.len(), 4);
        assert_eq!(c[1].before, None);
        assert_eq!(s.points("b", Period::Eternal, "bert"), Some(0));
        play(&mut s, Outcome::Win(Player::First));
        assert_eq!(s.points("b", month, "anna"), Some(20));
        play(&mut s, Outcome::Draw);
        assert_eq!(s.points("b", month, "anna"), Some(20));
        play(&mut s, Outcome::Win(Player::Second));
        assert_eq!(
            s.ranked("b", Period::Eternal),
            [("anna".to_owned(), 10), ("bert".to_owned(), 10)]
        );
        assert_eq!(s.rows().count(), 4);
        assert_eq!(s.points("other", Period::Eternal, "anna"), None);
    }
}

//! The game of the day: every day the medium computer answers the same
//! moves the same way for everybody.
//!
//! How: the date seeds a small deterministic perturbation of the
//! evaluation, at most ±[`DAILY_NOISE`] hundredths of a stone, drawn from
//! the date and the position's Zobrist hash, and the order in which moves
//! of equal promise are searched (the first of equal scores is kept). Both
//! change the choice only among equal or near-equal moves. The search is the
//! medium level (a fixed depth, a fresh table per move, one thread), so
//! [`daily_move`] is a pure function of the date and the moves so far: the
//! same on every machine, every run and every thread count; another date
//! perturbs differently and gives another game.

use core::fmt;
use core::str::FromStr;

use board_core::{Game, SplitMix64, ZobristHash};
use board_search::{Evaluator, Strategy};

use crate::ai::{Computer, Level};
use crate::eval::FanoronaEval;
use crate::moves::Move;
use crate::position::{IllegalMoveError, Position};

/// The largest perturbation of the daily evaluation, in hundredths of a
/// stone.
pub const DAILY_NOISE: i32 = 20;

/// A calendar date (proleptic Gregorian), `YYYY-MM-DD`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

/// Why a date was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    /// Not of the form `YYYY-MM-DD`.
    #[error("{0:?} is not a date of the form YYYY-MM-DD")]
    Format(String),
    /// The month is not 1–12.
    #[error("month {0} is not 1-12")]
    Month(u8),
    /// The day does not exist in that month.
    #[error("day {day} does not exist in {year}-{month:02}")]
    Day {
        /// The year.
        year: u16,
        /// The month.
        month: u8,
        /// The day.
        day: u8,
    },
}

const fn is_leap(y: u16) -> bool {
    (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400)
}

const fn days_in_month(y: u16, m: u8) -> u8 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    /// The date, if it exists.
    ///
    /// # Errors
    /// [`DateError::Month`] or [`DateError::Day`].
    pub const fn new(year: u16, month: u8, day: u8) -> Result<Date, DateError> {
        if month == 0 || month > 12 {
            return Err(DateError::Month(month));
        }
        if day == 0 || day > days_in_month(year, month) {
            return Err(DateError::Day { year, month, day });
        }
        Ok(Date { year, month, day })
    }

    /// The date `days` days after 1970-01-01 (negative: before), if its
    /// year is within 0..=65535.
    #[must_use]
    pub fn from_days_since_epoch(days: i64) -> Option<Date> {
        // Howard Hinnant's civil_from_days.
        let z = days.checked_add(719_468)?;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = era * 400 + yoe + i64::from(month <= 2);
        Date::new(u16::try_from(year).ok()?, month, day).ok()
    }

    /// The year.
    #[must_use]
    pub const fn year(self) -> u16 {
        self.year
    }
    /// The month, 1–12.
    #[must_use]
    pub const fn month(self) -> u8 {
        self.month
    }
    /// The day of the month.
    #[must_use]
    pub const fn day(self) -> u8 {
        self.day
    }

    /// The seed of the day's game.
    #[must_use]
    pub fn seed(self) -> u64 {
        let ymd = u64::from(self.year) * 10_000 + u64::from(self.month) * 100 + u64::from(self.day);
        SplitMix64::new(ymd ^ 0xFA40_DA11_0000_0000).next()
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = DateError;
    fn from_str(s: &str) -> Result<Date, DateError> {
        let bad = || DateError::Format(s.to_owned());
        let mut parts = s.trim().split('-');
        let (Some(y), Some(m), Some(d), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(bad());
        }
        let y: u16 = y.parse().map_err(|_| bad())?;
        let m: u8 = m.parse().map_err(|_| bad())?;
        let d: u8 = d.parse().map_err(|_| bad())?;
        Date::new(y, m, d)
    }
}

/// The evaluation of the game of the day: [`FanoronaEval`] plus the
/// date's perturbation.
#[derive(Debug, Clone, Copy)]
pub struct DailyEval {
    base: FanoronaEval,
    seed: u64,
}

impl DailyEval {
    /// The evaluation of `date`.
    #[must_use]
    pub fn new(date: Date) -> Self {
        DailyEval {
            base: FanoronaEval::default(),
            seed: date.seed(),
        }
    }
}

impl Evaluator<Position> for DailyEval {
    fn evaluate(&self, pos: &Position) -> i32 {
        let r = SplitMix64::new(self.seed ^ pos.zobrist()).below(2 * DAILY_NOISE as u64 + 1);
        self.base.evaluate(pos) + r as i32 - DAILY_NOISE
    }
    /// The standard hint, ties broken by the date: among moves of equal
    /// score the first searched is kept, so this varies the choice among
    /// equals from day to day.
    fn move_hint(&self, pos: &Position, mv: Move) -> i32 {
        let bits = mv.to_bits();
        let tie = SplitMix64::new(self.seed ^ (bits as u64) ^ ((bits >> 64) as u64)).below(64);
        self.base.move_hint(pos, mv) * 64 + tie as i32
    }
    fn history_size(&self) -> usize {
        self.base.history_size()
    }
    fn history_index(&self, pos: &Position, mv: Move) -> usize {
        self.base.history_index(pos, mv)
    }
    fn bound(&self) -> i32 {
        FanoronaEval::BOUND + DAILY_NOISE
    }
}

/// The computer of the game of the day: the medium level with the date's
/// evaluation.
#[must_use]
pub fn daily_computer(date: Date) -> Computer<DailyEval> {
    Computer::with_eval(crate::ai::limits(Level::Medium), DailyEval::new(date))
}

/// A move of the day's game that is not legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("move {index} ({mv}) is not legal: {error}")]
pub struct DailyError {
    /// Its index in the list, from 0.
    pub index: usize,
    /// The move.
    pub mv: Move,
    /// Why.
    pub error: IllegalMoveError,
}

/// The computer's answer in the game of `date` after `moves` (from the
/// start position); `None` when the game is over.
///
/// ```
/// use fanorona_rules::daily::{Date, daily_move};
/// let date: Date = "2026-11-30".parse().unwrap();
/// let opening = ["d2-e3a".parse().unwrap()];
/// let answer = daily_move(date, &opening).unwrap();
/// assert_eq!(answer, daily_move(date, &opening).unwrap());
/// assert!(answer.is_some());
/// ```
///
/// # Errors
/// [`DailyError`] for the first move that is not legal.
pub fn daily_move(date: Date, moves: &[Move]) -> Result<Option<Move>, DailyError> {
    let mut pos = Position::new();
    for (index, &mv) in moves.iter().enumerate() {
        pos.play(mv)
            .map_err(|error| DailyError { index, mv, error })?;
    }
    if pos.outcome().is_some() {
        return Ok(None);
    }
    Ok(daily_computer(date).choose(&pos).ok().map(|c| c.mv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_search::{Opening, play_game};

    #[test]
    fn dates_parse_validate_and_count_from_the_epoch() {
        assert_eq!(
            Date::from_days_since_epoch(0),
            Some(Date::new(1970, 1, 1).unwrap())
        );
        assert_eq!(
            Date::from_days_since_epoch(20_422).map(|d| d.to_string()),
            Some("2025-11-30".to_owned())
        );
        assert_eq!("2024-02-29".parse::<Date>().map(|d| d.day()), Ok(29));
        assert!(matches!(
            "2023-02-29".parse::<Date>(),
            Err(DateError::Day { .. })
        ));
        assert_eq!("2023-13-01".parse::<Date>(), Err(DateError::Month(13)));
        assert!(matches!(
            "2023-1-01".parse::<Date>(),
            Err(DateError::Format(_))
        ));
        assert!(matches!("".parse::<Date>(), Err(DateError::Format(_))));
        assert_ne!(
            Date::new(2026, 1, 1).unwrap().seed(),
            Date::new(2026, 1, 2).unwrap().seed()
        );
    }

    #[test]
    fn same_date_and_moves_same_answer_other_dates_other_games() {
        let mut games = std::collections::HashSet::new();
        for day in 1..=6 {
            let date = Date::new(2026, 3, day).unwrap();
            // The day's computer against a fixed easy opponent.
            let play = || {
                let mut daily = daily_computer(date);
                let mut easy = Computer::new(Level::Easy);
                let start = Opening::new(Position::new());
                play_game(&mut easy, &mut daily, &start, 0, 1000, |_| true)
                    .expect("legal games")
                    .moves
            };
            let a = play();
            assert_eq!(a, play(), "{date}");
            // The one-move API agrees with the game.
            assert_eq!(daily_move(date, &a[..1]).unwrap(), Some(a[1]));
            games.insert(a);
        }
        assert!(games.len() >= 2, "one game for 6 days");
    }

    #[test]
    fn other_dates_answer_differently_in_some_positions() {
        let (d1, d2) = (
            Date::new(2026, 5, 1).unwrap(),
            Date::new(2026, 5, 2).unwrap(),
        );
        let mut differ = 0;
        for seed in 0..12 {
            let opening = Opening::random(Position::new(), 16, seed).moves;
            let a = daily_move(d1, &opening).unwrap();
            assert_eq!(a, daily_move(d1, &opening).unwrap());
            if a != daily_move(d2, &opening).unwrap() {
                differ += 1;
            }
        }
        assert!(differ >= 2, "only {differ} of 12 answers differ");
    }

    #[test]
    fn illegal_history_is_an_error() {
        let date = Date::new(2026, 1, 1).unwrap();
        let bad = ["e2-e3".parse().unwrap()];
        assert!(matches!(
            daily_move(date, &bad),
            Err(DailyError {
                index: 0,
                error: IllegalMoveError::CaptureCompulsory,
                ..
            })
        ));
    }
}

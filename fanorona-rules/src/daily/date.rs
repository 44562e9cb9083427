//! The calendar date of a game of the day.

use core::fmt;
use core::str::FromStr;

use board_core::SplitMix64;

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
        // Howard Hinnant's civil_from_days (a year starts on 1 March, so
        // that the leap day is its last).
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

    /// The days from 1970-01-01 to this date (negative before it): the
    /// inverse of [`from_days_since_epoch`](Date::from_days_since_epoch).
    ///
    /// ```
    /// use fanorona_rules::daily::Date;
    /// let d = Date::new(2026, 3, 1).unwrap();
    /// assert_eq!(Date::from_days_since_epoch(d.days_since_epoch()), Some(d));
    /// assert_eq!(Date::new(1970, 1, 2).unwrap().days_since_epoch(), 1);
    /// ```
    #[must_use]
    pub const fn days_since_epoch(self) -> i64 {
        // Howard Hinnant's days_from_civil, with the same March years.
        let m = self.month as i64;
        let y = self.year as i64 - (m <= 2) as i64;
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let mp = if m > 2 { m - 3 } else { m + 9 };
        let doy = (153 * mp + 2) / 5 + self.day as i64 - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
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

    /// A 64-bit number drawn from the date: distinct dates give unrelated
    /// seeds.
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn days_since_epoch_inverts_from_days_since_epoch() {
        // Every day of years 0, 1600, 1900, 2000 and 65535 and around the
        // epoch (leap years and centuries included).
        for start in [
            Date::new(0, 1, 1),
            Date::new(1600, 1, 1),
            Date::new(1899, 12, 1),
            Date::new(1969, 1, 1),
            Date::new(2000, 1, 1),
            Date::new(65_535, 1, 1),
        ] {
            let first = start.unwrap().days_since_epoch();
            for days in first..first + 366 {
                let Some(d) = Date::from_days_since_epoch(days) else {
                    assert_eq!(first, Date::new(65_535, 1, 1).unwrap().days_since_epoch());
                    assert_eq!(days, first + 365);
                    continue;
                };
                assert_eq!(d.days_since_epoch(), days, "{d}");
            }
        }
        assert_eq!(Date::new(0, 1, 1).unwrap().days_since_epoch(), -719_528);
        assert_eq!(Date::from_days_since_epoch(-719_529), None);
    }
}

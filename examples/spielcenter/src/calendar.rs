//! The server's calendar: which day and month a moment falls in, in the
//! server's time zone (Europe/Berlin by default; the time zone database is
//! built into the program). The game of the day changes at midnight there,
//! and the score tables' days and months are that zone's.

use jiff::Timestamp;
use jiff::tz::TimeZone;

use crate::leaderboard::Day;

/// The time zone the Spielcenter counts its days in unless told otherwise.
pub const DEFAULT_ZONE: &str = "Europe/Berlin";

const EPOCH: Day = match Day::new(1970, 1, 1) {
    Some(d) => d,
    None => panic!("1970-01-01 is a day"),
};

/// A time zone that is not in the database.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown time zone {0:?} (an IANA name such as Europe/Berlin or UTC)")]
pub struct UnknownZone(pub String);

/// Days in a time zone.
#[derive(Debug, Clone)]
pub struct Calendar {
    zone: TimeZone,
    name: String,
}

impl Calendar {
    /// The calendar of the IANA time zone `name`.
    ///
    /// # Errors
    /// [`UnknownZone`] when the name is not in the database.
    pub fn new(name: &str) -> Result<Calendar, UnknownZone> {
        let zone = TimeZone::get(name).map_err(|_| UnknownZone(name.to_owned()))?;
        Ok(Calendar {
            zone,
            name: name.to_owned(),
        })
    }

    /// The zone's name.
    #[must_use]
    pub fn zone(&self) -> &str {
        &self.name
    }

    /// The day of `unix_ms` (milliseconds since 1970 UTC) in the zone.
    #[must_use]
    pub fn day_of(&self, unix_ms: u64) -> Day {
        let ts = i64::try_from(unix_ms)
            .ok()
            .and_then(|ms| Timestamp::from_millisecond(ms).ok())
            .unwrap_or(Timestamp::MAX);
        let date = self.zone.to_datetime(ts).date();
        let (y, m, d) = (date.year(), date.month(), date.day());
        u16::try_from(y)
            .ok()
            .zip(u8::try_from(m).ok())
            .zip(u8::try_from(d).ok())
            .and_then(|((y, m), d)| Day::new(y, m, d))
            .unwrap_or(EPOCH)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn berlin_days_begin_at_its_midnight() {
        let berlin = Calendar::new(DEFAULT_ZONE).unwrap();
        let utc = Calendar::new("UTC").unwrap();
        // 2026-12-06 23:30 UTC is 2026-12-07 00:30 in Berlin (CET, +1).
        let t = 1_796_599_800_000;
        assert_eq!(utc.day_of(t).to_string(), "2026-12-06");
        assert_eq!(berlin.day_of(t).to_string(), "2026-12-07");
        // Summer time: 2026-07-01 22:30 UTC is 00:30 in Berlin (+2).
        assert_eq!(berlin.day_of(1_782_945_000_000).to_string(), "2026-07-02");
        assert_eq!(utc.day_of(0).to_string(), "1970-01-01");
        assert!(Calendar::new("Mars/Olympus").is_err());
        assert_eq!(berlin.zone(), "Europe/Berlin");
    }
}

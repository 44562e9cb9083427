//! The server's clock: Unix milliseconds, from a monotonic start, optionally
//! running faster than real time (`--time-scale`, for tests: at 60, the
//! 5-minute move clock lasts 5 real seconds).

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::hosted::Millis;

/// Session time: what `stratego_rules::session` is given.
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    start: Instant,
    start_unix: Millis,
    scale: u64,
}

impl Clock {
    /// A clock that runs `scale` times as fast as real time (at least 1).
    #[must_use]
    pub fn new(scale: u64) -> Clock {
        let start_unix = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        Clock {
            start: Instant::now(),
            start_unix,
            scale: scale.max(1),
        }
    }

    /// Session milliseconds per real millisecond.
    #[must_use]
    pub fn scale(&self) -> u64 {
        self.scale
    }

    /// Now, in session milliseconds (Unix time at the start plus the
    /// scaled time since). Never goes back.
    #[must_use]
    pub fn now(&self) -> Millis {
        let real = u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.start_unix
            .saturating_add(real.saturating_mul(self.scale))
    }

    /// The instant at which the session time will be `at`.
    #[must_use]
    pub fn instant_of(&self, at: Millis) -> Instant {
        let since_start = at.saturating_sub(self.start_unix) / self.scale;
        // Round up, so that a timer set for `at` finds the clock at or past it.
        self.start + Duration::from_millis(since_start.saturating_add(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fast_clock_scales_durations() {
        let c = Clock::new(60);
        let a = c.now();
        assert!(c.instant_of(a + 60_000) >= c.start + Duration::from_secs(1));
        std::thread::sleep(Duration::from_millis(20));
        assert!(c.now() >= a + 60 * 20);
        assert_eq!(Clock::new(0).scale(), 1);
    }
}

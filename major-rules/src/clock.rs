//! The game clock: each player's time runs while that player is to move.
//!
//! Pure logic: the caller passes the current [`Instant`] in, so tests (and
//! replays) control time.

use std::time::{Duration, Instant};

use crate::stack::Colour;

/// Two players' thinking times.
///
/// ```
/// use std::time::{Duration, Instant};
/// use major_rules::{Clock, Colour};
/// let t0 = Instant::now();
/// let mut clock = Clock::new();
/// clock.start(Colour::Blue, t0);
/// clock.start(Colour::Red, t0 + Duration::from_secs(3)); // Blue moved after 3 s
/// clock.stop(t0 + Duration::from_secs(5));
/// assert_eq!(clock.elapsed(Colour::Blue, t0), Duration::from_secs(3));
/// assert_eq!(clock.elapsed(Colour::Red, t0), Duration::from_secs(2));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Clock {
    used: [Duration; 2],
    running: Option<(Colour, Instant)>,
}

impl Clock {
    /// Both clocks at zero, neither running.
    #[must_use]
    pub fn new() -> Clock {
        Clock::default()
    }

    /// Stops the running clock (if any) at `now` and starts `colour`'s.
    pub fn start(&mut self, colour: Colour, now: Instant) {
        self.stop(now);
        self.running = Some((colour, now));
    }

    /// Stops the running clock at `now`, adding its time.
    pub fn stop(&mut self, now: Instant) {
        if let Some((c, since)) = self.running.take() {
            self.used[c.index()] += now.saturating_duration_since(since);
        }
    }

    /// Whose clock runs.
    #[must_use]
    pub fn running(&self) -> Option<Colour> {
        self.running.map(|(c, _)| c)
    }

    /// The time `colour` has used up to `now` (including a running period).
    #[must_use]
    pub fn elapsed(&self, colour: Colour, now: Instant) -> Duration {
        let mut t = self.used[colour.index()];
        if let Some((c, since)) = self.running
            && c == colour
        {
            t += now.saturating_duration_since(since);
        }
        t
    }
}

/// `m:ss` (or `h:mm:ss`) of a duration, for displays.
#[must_use]
pub fn format_duration(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_runs_only_for_the_player_to_move() {
        let t0 = Instant::now();
        let s = Duration::from_secs;
        let mut c = Clock::new();
        assert_eq!(c.running(), None);
        c.start(Colour::Blue, t0);
        assert_eq!(c.elapsed(Colour::Blue, t0 + s(4)), s(4));
        assert_eq!(c.elapsed(Colour::Red, t0 + s(4)), s(0));
        c.start(Colour::Red, t0 + s(4));
        c.start(Colour::Blue, t0 + s(10));
        assert_eq!(c.running(), Some(Colour::Blue));
        assert_eq!(c.elapsed(Colour::Blue, t0 + s(11)), s(5));
        assert_eq!(c.elapsed(Colour::Red, t0 + s(11)), s(6));
        c.stop(t0 + s(12));
        assert_eq!(c.elapsed(Colour::Blue, t0 + s(100)), s(6));
        // Time passed in out of order never panics.
        c.start(Colour::Red, t0 + s(20));
        c.stop(t0);
        assert_eq!(c.elapsed(Colour::Red, t0), s(6));
        assert_eq!(format_duration(s(75)), "1:15");
        assert_eq!(format_duration(s(3725)), "1:02:05");
    }
}

//! Time controls: how long the computer may think on a move when a game is
//! played on a clock (GTP's `time_settings` and `time_left`, or a fixed
//! time a move). The levels never use a clock; a timed [`Budget`] does.

use std::time::Duration;

use super::Budget;

/// A game's time control as GTP's `time_settings` gives it: `main` time
/// for the whole game, then periods of `byo_yomi` for `stones` moves each
/// (Canadian byo-yomi); no periods when `byo_yomi` is zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// The main time of each side.
    pub main: Duration,
    /// The length of a byo-yomi period.
    pub byo_yomi: Duration,
    /// The moves to play in a period.
    pub stones: u32,
}

impl TimeControl {
    /// The control of GTP's `time_settings MAIN BYO_YOMI STONES` (seconds):
    /// `None` for "no time limit", which GTP writes as a byo-yomi time with
    /// zero stones.
    #[must_use]
    pub fn from_gtp(main: u64, byo_yomi: u64, stones: u32) -> Option<TimeControl> {
        if byo_yomi > 0 && stones == 0 {
            return None;
        }
        Some(TimeControl {
            main: Duration::from_secs(main),
            byo_yomi: Duration::from_secs(byo_yomi),
            stones,
        })
    }

    /// A side's clock at the start of a game.
    #[must_use]
    pub fn start(&self) -> TimeLeft {
        if self.main.is_zero() {
            self.period()
        } else {
            TimeLeft {
                time: self.main,
                stones: 0,
            }
        }
    }

    /// A side's clock at the start of a byo-yomi period.
    #[must_use]
    pub const fn period(&self) -> TimeLeft {
        TimeLeft {
            time: self.byo_yomi,
            stones: self.stones,
        }
    }
}

/// What is left on one side's clock, as GTP's `time_left` says it: the
/// time, and the moves still to play in the current byo-yomi period (0
/// while in main time).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeLeft {
    /// The time left (of the main time, or of the current period).
    pub time: Duration,
    /// Moves still to play in the current period; 0 in main time.
    pub stones: u32,
}

impl TimeLeft {
    /// The clock after a move that took `used` under `control`: the time
    /// goes down, a period's stones count down, and a new period starts
    /// when one is played out or the main time is used up.
    ///
    /// ```
    /// use std::time::Duration;
    /// use reversi_rules::ai::clock::TimeControl;
    /// let control = TimeControl::from_gtp(1, 30, 2).expect("a control");
    /// let second = Duration::from_secs(1);
    /// let clock = control.start().after_move(second, &control);
    /// assert_eq!(clock, control.period(), "main time used up");
    /// let clock = clock.after_move(second, &control);
    /// assert_eq!((clock.time, clock.stones), (Duration::from_secs(29), 1));
    /// assert_eq!(clock.after_move(second, &control), control.period());
    /// ```
    #[must_use]
    pub fn after_move(self, used: Duration, control: &TimeControl) -> TimeLeft {
        let time = self.time.saturating_sub(used);
        match self.stones {
            1 => control.period(),
            0 if time.is_zero() && control.stones > 0 => control.period(),
            0 => TimeLeft { time, stones: 0 },
            stones => TimeLeft {
                time,
                stones: stones - 1,
            },
        }
    }
}

/// The empty squares from which the timed setting solves exactly (as
/// `max` does).
pub const TIMED_EXACT_EMPTIES: u32 = 18;

/// The shortest time a move is given, however little is left.
pub const MIN_MOVE_TIME: Duration = Duration::from_millis(5);

/// The time to think on the next move with `left` on the clock under
/// `control`, `empties` squares empty, when positions with at most
/// `exact_empties` empties are solved (quickly) rather than searched.
///
/// In main time, the time left is shared among the side's moves still to
/// be searched, with a tenth kept back (and, where byo-yomi follows, at
/// least four fifths of a stone's share of a period); once a period runs,
/// among its stones, a fifth kept back.
///
/// ```
/// use std::time::Duration;
/// use reversi_rules::ai::clock::{TimeControl, TimeLeft, move_time};
/// let control = TimeControl::from_gtp(60, 0, 0).expect("a control");
/// // 40 empties, 18 of them solved exactly: 11 moves of ours to search
/// // with a minute (and a tenth kept back).
/// let t = move_time(&control, control.start(), 40, 18);
/// assert_eq!(t, Duration::from_secs(54) / 12);
/// ```
#[must_use]
pub fn move_time(
    control: &TimeControl,
    left: TimeLeft,
    empties: u32,
    exact_empties: u32,
) -> Duration {
    let share = if left.stones > 0 {
        left.time.mul_f64(0.8) / left.stones
    } else {
        let searched = empties.saturating_sub(exact_empties).div_ceil(2);
        let main = left.time.mul_f64(0.9) / (searched + 1);
        // Byo-yomi follows the main time: a move may take a stone's share.
        if control.stones > 0 {
            main.max(control.byo_yomi.mul_f64(0.8) / control.stones)
        } else {
            main
        }
    };
    share.max(MIN_MOVE_TIME)
}

impl Budget {
    /// The strongest setting for analysis and matches: the search goes as
    /// deep as `time` a move allows (no depth or node limit) on every core
    /// of the machine, and positions with at most 18 empties are solved
    /// exactly (as `max` does). Not deterministic: the move depends on the
    /// machine's speed.
    #[must_use]
    pub fn timed(time: Duration) -> Budget {
        Budget {
            depth: board_search::MAX_DEPTH,
            nodes: None,
            exact_empties: TIMED_EXACT_EMPTIES,
            time: Some(time),
            threads: std::thread::available_parallelism().map_or(1, usize::from),
        }
    }

    /// The same budget on `threads` threads (at least 1).
    #[must_use]
    pub fn with_threads(self, threads: usize) -> Budget {
        Budget {
            threads: threads.max(1),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_controls() {
        assert_eq!(TimeControl::from_gtp(0, 5, 0), None, "no limit");
        let byo = TimeControl::from_gtp(0, 30, 10).expect("a control");
        assert_eq!(
            byo.start(),
            TimeLeft {
                time: Duration::from_secs(30),
                stones: 10
            }
        );
        // Three stones with 6 s left: 1.6 s each.
        let t = move_time(
            &byo,
            TimeLeft {
                time: Duration::from_secs(6),
                stones: 3,
            },
            50,
            18,
        );
        assert_eq!(t, Duration::from_millis(1600));
        // In main time, a move may take a stone's share of a period.
        let both = TimeControl::from_gtp(1, 30, 10).expect("a control");
        assert_eq!(
            move_time(&both, both.start(), 50, 18),
            Duration::from_millis(2400)
        );
    }

    #[test]
    fn little_time_left_still_gives_a_move_its_minimum() {
        let sudden = TimeControl::from_gtp(10, 0, 0).expect("a control");
        let left = TimeLeft {
            time: Duration::from_millis(1),
            stones: 0,
        };
        assert_eq!(move_time(&sudden, left, 50, 18), MIN_MOVE_TIME);
        // Near the end the whole share goes to the few moves searched.
        let late = move_time(&sudden, sudden.start(), 20, 18);
        assert_eq!(late, Duration::from_secs(9) / 2);
    }
}

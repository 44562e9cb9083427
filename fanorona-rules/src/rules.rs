//! The rule parameters: when a game is drawn.

/// The most moves without capture a [`Rules`] may allow: the position keeps
/// the hashes of the positions since the last capture in a fixed array of
/// this size, so that it stays a cheap, allocation-free value.
pub const MAX_NO_CAPTURE_LIMIT: u8 = 64;

/// The draw rules of a game.
///
/// ```
/// use fanorona_rules::Rules;
/// let rules = Rules::default();
/// assert_eq!(rules.repetitions(), 3);
/// assert_eq!(rules.no_capture_limit(), 40);
/// let short = Rules::new(2, 20).unwrap();
/// assert_eq!(short.no_capture_limit(), 20);
/// assert!(Rules::new(1, 40).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Rules {
    repetitions: u8,
    no_capture_limit: u8,
}

/// Why [`Rules::new`] rejected its parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A position must be allowed to occur at least once before it repeats.
    #[error("a draw by repetition needs at least 2 occurrences, not {0}")]
    Repetitions(u8),
    /// The limit of moves without capture must be in 1..=[`MAX_NO_CAPTURE_LIMIT`].
    #[error("the limit of moves without capture must be 1..={MAX_NO_CAPTURE_LIMIT}, not {0}")]
    NoCaptureLimit(u8),
}

impl Rules {
    /// Draw on the `repetitions`-th occurrence of a position (same stones,
    /// same side to move), or after `no_capture_limit` consecutive moves
    /// (turns of either side) without a capture.
    ///
    /// # Errors
    /// [`RulesError::Repetitions`] below 2, [`RulesError::NoCaptureLimit`]
    /// outside 1..=[`MAX_NO_CAPTURE_LIMIT`].
    pub const fn new(repetitions: u8, no_capture_limit: u8) -> Result<Rules, RulesError> {
        if repetitions < 2 {
            return Err(RulesError::Repetitions(repetitions));
        }
        if no_capture_limit == 0 || no_capture_limit > MAX_NO_CAPTURE_LIMIT {
            return Err(RulesError::NoCaptureLimit(no_capture_limit));
        }
        Ok(Rules {
            repetitions,
            no_capture_limit,
        })
    }

    /// The occurrence of a position that draws (3 by default).
    #[must_use]
    pub const fn repetitions(self) -> u8 {
        self.repetitions
    }

    /// The number of consecutive moves without capture that draws (40 by
    /// default).
    #[must_use]
    pub const fn no_capture_limit(self) -> u8 {
        self.no_capture_limit
    }
}

impl Default for Rules {
    /// Third repetition, 40 moves without capture.
    fn default() -> Self {
        Rules {
            repetitions: 3,
            no_capture_limit: 40,
        }
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Rules {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        struct Raw {
            repetitions: u8,
            no_capture_limit: u8,
        }
        let raw = Raw::deserialize(d)?;
        Rules::new(raw.repetitions, raw.no_capture_limit).map_err(serde::de::Error::custom)
    }
}

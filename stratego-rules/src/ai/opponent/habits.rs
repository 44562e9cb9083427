//! What a player learns of an opponent's setups over a series of games.
//!
//! A game shows some of the enemy's ranks (each battle shows both pieces, a
//! Scout's long move shows a Scout), and the [`Tracker`](crate::ai::Tracker)
//! knows on which setup square each of those pieces started: its
//! [`SeenSetup`]. [`SetupHabits`] keeps the seen setups of each opponent,
//! one record per game, in a line form a program can append to a file as
//! the game goes on;
//! [`SetupPrior::adapted`] turns them into a setup prior for the next game
//! against that opponent. A program that puts its Spy (or its Flag) on the
//! same square in every game is then expected there after a game or two.
//!
//! ```
//! use stratego_rules::ai::{SeenSetup, SetupHabits, SetupPrior};
//! use stratego_rules::Rank;
//!
//! // Two games showed the Spy on setup square 3 (front row, fourth file).
//! let mut seen = SeenSetup::default();
//! seen.set(3, Rank::Spy)?;
//! let mut habits = SetupHabits::default();
//! habits.record("peternlewis", 1, seen)?;
//! habits.record("peternlewis", 2, seen)?;
//! // The form a program appends to its file, and reads back.
//! let text = format!("{}\n", habits.lines().collect::<Vec<_>>().join("\n"));
//! let read = SetupHabits::read(&text);
//! assert!(read.errors.is_empty());
//! assert_eq!(read.habits, habits);
//!
//! let human = SetupPrior::classic();
//! let adapted = habits.prior("peternlewis", &human, 2.0);
//! assert!(human.probability(3, Rank::Spy) < 0.05);
//! assert!(adapted.probability(3, Rank::Spy) > 0.5);
//! // Another opponent is expected to set up as humans do.
//! assert_eq!(habits.prior("celsius", &human, 2.0), human);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use board_core::Player;

use crate::Rank;
use crate::ai::SetupPrior;

/// What games showed of one army's setup: the rank of the piece that
/// started on each of the 40 setup squares (index `row * 10 + file`, row 0
/// the front row, as [`Deployment`](crate::Deployment)), where it was
/// seen.
///
/// Its text form is 40 characters, the Gravon letter of each seen rank
/// (`B` Bomb, `C` Spy, `D` Scout ... `L` Marshal, `M` Flag: see
/// [`Rank::gravon_letter`]) and `?` where
/// nothing was seen.
///
/// ```
/// use stratego_rules::ai::SeenSetup;
/// use stratego_rules::Rank;
///
/// let mut seen = SeenSetup::default();
/// seen.set(39, Rank::Flag)?;
/// let text = seen.to_string();
/// assert_eq!(text.len(), 40);
/// assert_eq!(text.parse::<SeenSetup>()?, seen);
/// assert_eq!(seen.get(39), Some(Rank::Flag));
/// assert_eq!(seen.count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeenSetup {
    squares: [Option<Rank>; 40],
}

impl Default for SeenSetup {
    /// Nothing seen.
    fn default() -> SeenSetup {
        SeenSetup {
            squares: [None; 40],
        }
    }
}

/// A setup square index outside `0..40`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("setup square {0} is not in 0..40")]
pub struct SetupIndexError(pub usize);

/// Why a text is not a [`SeenSetup`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ParseSeenSetupError {
    /// Not 40 characters.
    #[error("expected 40 characters, found {found}")]
    Length {
        /// The number of characters found.
        found: usize,
    },
    /// A character that is neither a Gravon rank letter nor `?`.
    #[error("character {index} is {ch:?}, neither a Gravon rank letter (B to M) nor '?'")]
    BadChar {
        /// Its position (0..40).
        index: usize,
        /// The character.
        ch: char,
    },
}

impl SeenSetup {
    /// A seen setup from the 40 squares.
    #[must_use]
    pub const fn new(squares: [Option<Rank>; 40]) -> SeenSetup {
        SeenSetup { squares }
    }

    /// The 40 squares.
    #[must_use]
    pub const fn squares(&self) -> &[Option<Rank>; 40] {
        &self.squares
    }

    /// The rank seen on setup square `index`, if any.
    #[must_use]
    pub fn get(&self, index: usize) -> Option<Rank> {
        self.squares.get(index).copied().flatten()
    }

    /// Records `rank` on setup square `index`.
    ///
    /// # Errors
    ///
    /// [`SetupIndexError`] for an index outside `0..40` (nothing changes).
    pub fn set(&mut self, index: usize, rank: Rank) -> Result<(), SetupIndexError> {
        let square = self.squares.get_mut(index).ok_or(SetupIndexError(index))?;
        *square = Some(rank);
        Ok(())
    }

    /// How many squares were seen.
    #[must_use]
    pub fn count(&self) -> usize {
        self.squares.iter().flatten().count()
    }
}

impl fmt::Display for SeenSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.squares {
            write!(f, "{}", s.map_or('?', Rank::gravon_letter))?;
        }
        Ok(())
    }
}

impl FromStr for SeenSetup {
    type Err = ParseSeenSetupError;

    fn from_str(text: &str) -> Result<SeenSetup, ParseSeenSetupError> {
        let found = text.chars().count();
        if found != 40 {
            return Err(ParseSeenSetupError::Length { found });
        }
        let mut squares = [None; 40];
        for (index, (ch, square)) in text.chars().zip(squares.iter_mut()).enumerate() {
            if ch != '?' {
                // Red's letters: a setup is read in its owner's orientation.
                match Rank::from_gravon_letter(ch) {
                    Some((Player::First, rank)) => *square = Some(rank),
                    _ => return Err(ParseSeenSetupError::BadChar { index, ch }),
                }
            }
        }
        Ok(SeenSetup { squares })
    }
}

/// The setups seen of each opponent, one record per game, in the order
/// recorded.
///
/// The line form of a record is the opponent's name (one word: no
/// whitespace, no `#` first), the game's identifier (16 hexadecimal digits: any number
/// that tells the games apart) and the [`SeenSetup`]'s 40 characters,
/// separated by spaces. A later line of the same opponent and game
/// replaces the earlier one, so that a program can append its game's
/// record whenever the game shows more (a manager may end the program
/// without a word when the game ends on the opponent's move). Blank lines
/// and lines starting with `#` are no records.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SetupHabits {
    records: Vec<(String, u64, SeenSetup)>,
}

/// What [`SetupHabits::read`] read: the records of the good lines and an
/// error for each bad one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HabitsReading {
    /// The records read.
    pub habits: SetupHabits,
    /// The lines skipped, with what is wrong with each.
    pub errors: Vec<HabitsLineError>,
}

/// A line of [`SetupHabits`]' text form that is no record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HabitsLineError {
    /// Not three words.
    #[error("line {line}: expected '<opponent> <game> <40 characters>'")]
    Form {
        /// The line's number (from 1).
        line: usize,
    },
    /// The second word is no game identifier.
    #[error("line {line}: the game {word:?} is not 16 hexadecimal digits")]
    Game {
        /// The line's number (from 1).
        line: usize,
        /// The word.
        word: String,
    },
    /// The third word is no seen setup.
    #[error("line {line}: {error}")]
    Setup {
        /// The line's number (from 1).
        line: usize,
        /// What is wrong with it.
        error: ParseSeenSetupError,
    },
}

/// How much a prior learned of an opponent's setups trusts the human
/// frequencies against what its games showed: the `strength` of
/// [`SetupPrior::adapted`], in games.
///
/// Its text form is a number of games, `auto` (fitted, 2 until the games
/// tell) or `auto:N` (fitted, `N` until then).
///
/// ```
/// use stratego_rules::ai::LearnStrength;
///
/// assert_eq!("auto".parse(), Ok(LearnStrength::AUTO));
/// assert_eq!(LearnStrength::AUTO, LearnStrength::Fitted { fallback: 2.0 });
/// assert_eq!("auto:4".parse(), Ok(LearnStrength::Fitted { fallback: 4.0 }));
/// assert_eq!("8".parse(), Ok(LearnStrength::Fixed(8.0)));
/// assert!("-1".parse::<LearnStrength>().is_err());
/// assert_eq!(LearnStrength::from(2.0), LearnStrength::Fixed(2.0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LearnStrength {
    /// The same number of games against every opponent.
    Fixed(f64),
    /// Per opponent, the strength under which its recorded setups are
    /// likeliest ([`SetupPrior::fitted_strength`]); `fallback` until its
    /// games tell.
    Fitted {
        /// The strength before two games are recorded.
        fallback: f64,
    },
}

impl LearnStrength {
    /// `auto`: fitted, 2 games until the games tell (the agent's default).
    pub const AUTO: LearnStrength = LearnStrength::Fitted { fallback: 2.0 };
}

impl From<f64> for LearnStrength {
    fn from(strength: f64) -> LearnStrength {
        LearnStrength::Fixed(strength)
    }
}

impl fmt::Display for LearnStrength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LearnStrength::Fixed(s) => write!(f, "{s}"),
            LearnStrength::Fitted { .. } if *self == LearnStrength::AUTO => f.write_str("auto"),
            LearnStrength::Fitted { fallback } => write!(f, "auto:{fallback}"),
        }
    }
}

/// Text that is no [`LearnStrength`]: neither `auto`, `auto:N` nor a number
/// of games that is zero or more.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is no learning strength: expected 'auto', 'auto:N' or a number of games N (0 or more)"
)]
pub struct ParseLearnStrengthError(pub String);

impl FromStr for LearnStrength {
    type Err = ParseLearnStrengthError;

    fn from_str(text: &str) -> Result<LearnStrength, ParseLearnStrengthError> {
        let games = |word: &str| match word.parse::<f64>() {
            Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
            _ => Err(ParseLearnStrengthError(text.to_owned())),
        };
        if text == "auto" {
            return Ok(LearnStrength::AUTO);
        }
        match text.strip_prefix("auto:") {
            Some(word) => games(word).map(|fallback| LearnStrength::Fitted { fallback }),
            None => games(text).map(LearnStrength::Fixed),
        }
    }
}

/// An opponent's name that cannot stand in a record line: empty, holding
/// whitespace, or starting with `#` (a comment).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is no opponent name: it must be one word, without whitespace, not starting with '#'"
)]
pub struct OpponentNameError(pub String);

impl SetupHabits {
    /// Reads records in the line form; bad lines are skipped and reported.
    #[must_use]
    pub fn read(text: &str) -> HabitsReading {
        let mut habits = SetupHabits::default();
        let mut errors = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let words: Vec<&str> = trimmed.split_whitespace().collect();
            let [name, game, setup] = words[..] else {
                errors.push(HabitsLineError::Form { line });
                continue;
            };
            let game = match parse_game(game) {
                Some(g) => g,
                None => {
                    let word = game.to_owned();
                    errors.push(HabitsLineError::Game { line, word });
                    continue;
                }
            };
            match setup.parse() {
                Ok(seen) => habits.put(name, game, seen),
                Err(error) => errors.push(HabitsLineError::Setup { line, error }),
            }
        }
        HabitsReading { habits, errors }
    }

    /// Records what game `game` against `opponent` showed (replacing an
    /// earlier record of that game).
    ///
    /// # Errors
    ///
    /// [`OpponentNameError`] when the name is empty, holds whitespace or
    /// starts with `#` (nothing changes).
    pub fn record(
        &mut self,
        opponent: &str,
        game: u64,
        seen: SeenSetup,
    ) -> Result<(), OpponentNameError> {
        SetupHabits::line(opponent, game, &seen)?;
        self.put(opponent, game, seen);
        Ok(())
    }

    fn put(&mut self, opponent: &str, game: u64, seen: SeenSetup) {
        match self
            .records
            .iter_mut()
            .find(|(name, g, _)| *g == game && name == opponent)
        {
            Some(record) => record.2 = seen,
            None => self.records.push((opponent.to_owned(), game, seen)),
        }
    }

    /// The line form of one record.
    ///
    /// # Errors
    ///
    /// [`OpponentNameError`] when the name is empty, holds whitespace or
    /// starts with `#`.
    pub fn line(opponent: &str, game: u64, seen: &SeenSetup) -> Result<String, OpponentNameError> {
        if opponent.is_empty()
            || opponent.starts_with('#')
            || opponent.contains(char::is_whitespace)
        {
            return Err(OpponentNameError(opponent.to_owned()));
        }
        Ok(record_line(opponent, game, seen))
    }

    /// Every record's line, in order.
    pub fn lines(&self) -> impl Iterator<Item = String> + '_ {
        self.records
            .iter()
            .map(|(name, game, seen)| record_line(name, *game, seen))
    }

    /// The setups seen of `opponent`, one per game.
    pub fn seen<'a>(
        &'a self,
        opponent: &'a str,
    ) -> impl Iterator<Item = &'a SeenSetup> + Clone + 'a {
        self.records
            .iter()
            .filter(move |(name, _, _)| name == opponent)
            .map(|(_, _, seen)| seen)
    }

    /// How many games against `opponent` were recorded.
    #[must_use]
    pub fn games(&self, opponent: &str) -> usize {
        self.seen(opponent).count()
    }

    /// The setup prior for a game against `opponent`: `base` adapted to
    /// the setups seen of it ([`SetupPrior::adapted`] at `strength`, a
    /// number of games or [`LearnStrength::Fitted`]), or `base` itself when
    /// none were recorded.
    #[must_use]
    pub fn prior(
        &self,
        opponent: &str,
        base: &SetupPrior,
        strength: impl Into<LearnStrength>,
    ) -> SetupPrior {
        if self.games(opponent) == 0 {
            return base.clone();
        }
        base.adapted(self.seen(opponent), self.strength(opponent, base, strength))
    }

    /// The strength [`prior`](Self::prior) adapts `base` at for
    /// `opponent`: the fixed one, or the one fitted to its records
    /// ([`SetupPrior::fitted_strength`]).
    #[must_use]
    pub fn strength(
        &self,
        opponent: &str,
        base: &SetupPrior,
        strength: impl Into<LearnStrength>,
    ) -> f64 {
        match strength.into() {
            LearnStrength::Fixed(s) => s,
            LearnStrength::Fitted { fallback } => {
                base.fitted_strength(self.seen(opponent), fallback)
            }
        }
    }
}

/// The line form of a record whose name is known to be good.
fn record_line(opponent: &str, game: u64, seen: &SeenSetup) -> String {
    format!("{opponent} {game:016x} {seen}")
}

/// A game identifier: exactly 16 hexadecimal digits.
fn parse_game(word: &str) -> Option<u64> {
    if word.len() != 16 || !word.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u64::from_str_radix(word, 16).ok()
}

//! [`Reversi`]: a rule-checked game with its history, for applications.

use core::str::FromStr;

use board_core::{ByPlayer, Game, Outcome, Player};

use crate::{IllegalMoveError, Move, MoveList, ParseTranscriptError, Position, Transcript};

/// A game of Reversi from a start position: every move checked, the
/// history kept, moves taken back with [`undo`](Reversi::undo).
///
/// ```
/// use reversi_rules::{Move, Reversi};
/// let mut game = Reversi::new();
/// game.play("f5".parse()?)?;
/// game.play("d6".parse()?)?;
/// assert!(game.play("a1".parse()?).is_err());
/// assert_eq!(game.transcript().to_string(), "f5d6");
/// assert_eq!(game.undo(), Some("d6".parse()?));
/// assert_eq!(game.history().len(), 1);
///
/// // A whole game from its record; records leave forced passes out, and
/// // `replay` puts them back.
/// let game = Reversi::replay("d3c3b3d2e1d6d7e3f4".parse()?)?;
/// assert!(game.is_over());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Reversi {
    /// The position the game started from.
    start: Position,
    /// The position after each move.
    positions: Vec<Position>,
    /// The moves played, passes included.
    moves: Vec<Move>,
}

/// A move of a record that cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("move {number}: {source}")]
pub struct ReplayError {
    /// The number of the move in the record, from 1 (implicit passes are
    /// not counted).
    pub number: usize,
    /// The move.
    pub mv: Move,
    /// Why it is illegal.
    pub source: IllegalMoveError,
}

/// A transcript that is not a legal game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TranscriptError {
    /// The text is not a transcript.
    #[error("bad transcript: {0}")]
    Parse(#[from] ParseTranscriptError),
    /// A move is illegal.
    #[error("illegal transcript: {0}")]
    Illegal(#[from] ReplayError),
}

impl Default for Reversi {
    fn default() -> Reversi {
        Reversi::new()
    }
}

impl Reversi {
    /// A new game from the start position.
    #[must_use]
    pub fn new() -> Reversi {
        Reversi::from_position(Position::start())
    }

    /// A new game from any position.
    #[must_use]
    pub fn from_position(start: Position) -> Reversi {
        Reversi {
            start,
            positions: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The game of a record from the start position: each move is played,
    /// and a forced pass is put in first when the player to move has no
    /// move (records leave them out). Explicit passes are accepted too.
    pub fn replay(record: Transcript) -> Result<Reversi, ReplayError> {
        Reversi::replay_from(Position::start(), record.moves())
    }

    /// [`replay`](Reversi::replay) from any start position.
    pub fn replay_from(start: Position, moves: &[Move]) -> Result<Reversi, ReplayError> {
        let mut game = Reversi::from_position(start);
        game.moves.reserve(moves.len() + 2);
        game.positions.reserve(moves.len() + 2);
        for (i, &mv) in moves.iter().enumerate() {
            game.play_record_move(mv).map_err(|source| ReplayError {
                number: i + 1,
                mv,
                source,
            })?;
        }
        Ok(game)
    }

    /// Plays a move of a record: like [`play`](Reversi::play), but a
    /// placing move when the player to move must pass is played after that
    /// pass. Returns whether a pass was put in.
    pub fn play_record_move(&mut self, mv: Move) -> Result<bool, IllegalMoveError> {
        let pos = *self.position();
        if let Move::Place(_) = mv
            && pos.must_pass()
        {
            let mut passed = pos;
            passed.play_unchecked(Move::Pass);
            passed.check(mv)?;
            self.push(Move::Pass, passed);
            self.play(mv)?;
            return Ok(true);
        }
        self.play(mv)?;
        Ok(false)
    }

    fn push(&mut self, mv: Move, pos: Position) {
        self.moves.push(mv);
        self.positions.push(pos);
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.start)
    }

    /// The position the game started from.
    #[must_use]
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// Every position of the game, from the start to the current one.
    pub fn positions(&self) -> impl Iterator<Item = &Position> {
        core::iter::once(&self.start).chain(&self.positions)
    }

    /// The moves played so far, passes included.
    #[must_use]
    pub fn history(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played so far as a transcript (passes explicit).
    #[must_use]
    pub fn transcript(&self) -> Transcript {
        Transcript::new(self.moves.clone())
    }

    /// The player to move.
    #[must_use]
    pub fn to_move(&self) -> Player {
        self.position().to_move()
    }

    /// The legal moves now (a single pass when the player must pass,
    /// nothing once the game is over).
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        self.position().moves()
    }

    /// Plays `mv` if it is legal; otherwise says why and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let mut next = *self.position();
        next.play(mv)?;
        self.push(mv, next);
        Ok(())
    }

    /// Takes back the last move (a pass counts as a move) and returns it;
    /// `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// `Some` once neither player can move.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.position().outcome()
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.position().is_game_over()
    }

    /// The number of discs of each colour now.
    #[must_use]
    pub fn disc_counts(&self) -> ByPlayer<u32> {
        self.position().disc_counts()
    }

    /// The final disc counts as the World Othello Federation (and the
    /// WTHOR database) records them: the empty squares go to the winner,
    /// and are split evenly on a draw.
    #[must_use]
    pub fn recorded_counts(&self) -> ByPlayer<u32> {
        recorded_counts(self.position())
    }
}

/// The counts of a finished position as records write them: the empty
/// squares go to the winner, or are split evenly on a draw.
///
/// ```
/// use board_core::ByPlayer;
/// use reversi_rules::{Position, Setup, game::recorded_counts};
/// // 31 Black, 31 White, 2 empty: recorded 32-32.
/// let black = (1u64 << 31) - 1;
/// let white = ((1u64 << 31) - 1) << 33;
/// let pos = Position::from_setup(Setup { black, white, to_move: board_core::Player::First })?;
/// assert_eq!(recorded_counts(&pos), ByPlayer::new(32, 32));
/// # Ok::<(), reversi_rules::SetupError>(())
/// ```
#[must_use]
pub fn recorded_counts(pos: &Position) -> ByPlayer<u32> {
    let ByPlayer { first, second } = pos.disc_counts();
    let empties = 64 - first - second;
    match first.cmp(&second) {
        core::cmp::Ordering::Greater => ByPlayer::new(first + empties, second),
        core::cmp::Ordering::Less => ByPlayer::new(first, second + empties),
        core::cmp::Ordering::Equal => {
            ByPlayer::new(first + empties / 2, second + empties - empties / 2)
        }
    }
}

impl FromStr for Reversi {
    type Err = TranscriptError;

    /// Parses a transcript and replays it from the start position (see
    /// [`Reversi::replay`]).
    fn from_str(s: &str) -> Result<Reversi, TranscriptError> {
        Ok(Reversi::replay(s.parse()?)?)
    }
}

//! The position: board, stacks, side to move, pending breakthrough and the
//! quiet-move count; the rules of play and the end of the game. Its setup
//! and validation are in `setup`, its text form in `text`.

use board_core::{Game, Outcome, Player, SideNames, Undo, ZobristHash, zobrist_keys};

use crate::board::{Board, MAX_SQUARES};
use crate::movegen::MoveList;
use crate::moves::Move;
use crate::rules::{NoMoveResult, Rules};
use crate::setup::Setup;
use crate::square::Square;
use crate::stack::{Colour, Stack};

const SIDE_KEY: usize = 4 * MAX_SQUARES;
const THREAT_KEYS: usize = SIDE_KEY + 1;
const QUIET_KEYS: usize = THREAT_KEYS + MAX_SQUARES;
const OUTCOME_KEYS: usize = QUIET_KEYS + 64;
/// Zobrist keys: a stack kind on a square, Red to move, the square of a
/// pending breakthrough, the quiet-move count (modulo 64), a finished game.
static KEYS: [u64; OUTCOME_KEYS + 3] = zobrist_keys(0x4D41_4A4F_5221);

/// Why a move was rejected by [`Game::play`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMoveError {
    /// The game is over.
    #[error("{mv}: the game is over")]
    GameOver {
        /// The move.
        mv: Move,
    },
    /// A square off the board.
    #[error("{mv}: {square} is not on the board")]
    OffBoard {
        /// The move.
        mv: Move,
        /// The square.
        square: Square,
    },
    /// No piece of the player to move on the from-square.
    #[error("{mv}: no piece of {colour} on {}", .mv.from)]
    NotOwnPiece {
        /// The move.
        mv: Move,
        /// The player to move.
        colour: Colour,
    },
    /// The to-square is a gap.
    #[error("{mv}: {} is a gap", .mv.to)]
    OntoGap {
        /// The move.
        mv: Move,
    },
    /// The to-square holds an own piece.
    #[error("{mv}: {} holds an own piece", .mv.to)]
    OntoOwnPiece {
        /// The move.
        mv: Move,
    },
    /// A stone moves one square, a Major exactly two.
    #[error("{mv}: a {} moves exactly {} square(s)", if *.major { "Major" } else { "stone" }, if *.major { 2 } else { 1 })]
    WrongDistance {
        /// The move.
        mv: Move,
        /// Whether the piece is a Major.
        major: bool,
    },
    /// Backward without capturing.
    #[error("{mv}: a backward move must capture")]
    BackwardWithoutCapture {
        /// The move.
        mv: Move,
    },
}

/// A Major position: correct by construction (parsing and
/// [`Position::from_setup`] validate; [`Game::play`] of a legal move keeps it
/// legal).
///
/// Blue is [`Player::First`] under the default rules (the first mover always
/// is).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) rules: Rules,
    pub(crate) cells: [u8; MAX_SQUARES],
    pub(crate) to_move: Colour,
    pub(crate) threat: Option<Square>,
    pub(crate) quiet: u8,
    pub(crate) free: [u8; 2],
    pub(crate) removed: [u8; 2],
    pub(crate) hash: u64,
    pub(crate) outcome: Option<Outcome>,
}

#[inline]
fn cell_key(index: usize, code: u8) -> u64 {
    KEYS[(usize::from(code) - 1) * MAX_SQUARES + index]
}

impl Position {
    /// The start position of `board` under the default rules.
    #[must_use]
    pub fn start(board: Board) -> Position {
        Position::start_with(board, Rules::default())
    }

    /// The start position of `board` under `rules` (the first mover is
    /// `rules.first`).
    #[must_use]
    pub fn start_with(board: Board, rules: Rules) -> Position {
        let mut setup = Setup::start(board);
        setup.to_move = rules.first;
        // A start position is always valid.
        Position::from_setup(setup, rules).unwrap_or_else(|_| Position::raw(board, rules))
    }

    /// An empty board (never a result of a successful validation; a
    /// fallback only).
    pub(crate) fn raw(board: Board, rules: Rules) -> Position {
        Position {
            board,
            rules,
            cells: [0; MAX_SQUARES],
            to_move: rules.first,
            threat: None,
            quiet: 0,
            free: [0; 2],
            removed: [0; 2],
            hash: 0,
            outcome: Some(Outcome::Draw),
        }
    }

    /// The result of a position given as data (not reached by play), by the
    /// checks of the spec in their order.
    pub(crate) fn status(&self) -> Option<Outcome> {
        let me = self.to_move;
        let opp = me.other();
        if self.free[me.index()] == 0 {
            return Some(self.win(opp));
        }
        if self.free[opp.index()] == 0 {
            return Some(self.win(me));
        }
        if let Some(t) = self.threat
            && !self.can_capture(me, t)
        {
            return Some(self.win(opp));
        }
        if self.rules.quiet_move_limit > 0 && self.quiet >= self.rules.quiet_move_limit {
            return Some(Outcome::Draw);
        }
        if !self.has_move(me) {
            return Some(self.no_move_result(opp));
        }
        None
    }

    fn no_move_result(&self, winner: Colour) -> Outcome {
        match self.rules.no_legal_move {
            NoMoveResult::Loses => self.win(winner),
            NoMoveResult::Draw => Outcome::Draw,
        }
    }

    /// The [`Player`] of a colour: the first mover is [`Player::First`].
    #[inline]
    #[must_use]
    pub fn player(&self, colour: Colour) -> Player {
        if colour == self.rules.first {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The colour of a [`Player`].
    #[inline]
    #[must_use]
    pub fn colour(&self, player: Player) -> Colour {
        match player {
            Player::First => self.rules.first,
            Player::Second => self.rules.first.other(),
        }
    }

    #[inline]
    fn win(&self, colour: Colour) -> Outcome {
        Outcome::Win(self.player(colour))
    }

    /// The board.
    #[inline]
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The rules.
    #[inline]
    #[must_use]
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The raw cells by index.
    #[inline]
    pub(crate) const fn cells(&self) -> &[u8; MAX_SQUARES] {
        &self.cells
    }

    /// The colour to move.
    #[inline]
    #[must_use]
    pub const fn side_to_move(&self) -> Colour {
        self.to_move
    }

    /// The piece that landed on the edge of the player to move with the last
    /// move, if that player must now capture it (or cannot, which ended the
    /// game: that player has lost).
    #[inline]
    #[must_use]
    pub const fn threat(&self) -> Option<Square> {
        self.threat
    }

    /// Consecutive plies without a forward move.
    #[inline]
    #[must_use]
    pub const fn quiet(&self) -> u8 {
        self.quiet
    }

    /// What stands on `sq` (nothing off the board or on a gap).
    #[must_use]
    pub fn stack(&self, sq: Square) -> Option<Stack> {
        if self.board.contains(sq) {
            Stack::from_code(self.cells[self.board.index(sq)])
        } else {
            None
        }
    }

    /// Every stack on the board with its square, row by row from the top.
    pub fn stacks(&self) -> impl Iterator<Item = (Square, Stack)> + '_ {
        self.board
            .squares()
            .filter_map(|sq| self.stack(sq).map(|s| (sq, s)))
    }

    /// The free pieces (stones and Majors) of `colour`.
    #[must_use]
    pub const fn free_pieces(&self, colour: Colour) -> u8 {
        self.free[colour.index()]
    }

    /// The Majors of `colour`.
    #[must_use]
    pub fn majors(&self, colour: Colour) -> u8 {
        let code = Stack::major(colour).code();
        self.cells.iter().filter(|&&c| c == code).count() as u8
    }

    /// The stones of `colour` held prisoner (one under each enemy Major).
    #[must_use]
    pub fn prisoners(&self, colour: Colour) -> u8 {
        self.majors(colour.other())
    }

    /// The stones of `colour` removed from the game (counted as they are
    /// removed; for a position given as data, the start stones not on the
    /// board). Free pieces, prisoners and removed stones of a colour always
    /// add up to its start stones.
    #[must_use]
    pub const fn removed(&self, colour: Colour) -> u8 {
        self.removed[colour.index()]
    }

    /// The winning colour, once the game is won.
    #[must_use]
    pub fn winner(&self) -> Option<Colour> {
        self.outcome
            .and_then(Outcome::winner)
            .map(|p| self.colour(p))
    }

    /// Why the game ended, `None` while it goes on.
    ///
    /// ```
    /// use major_rules::{Board, Position};
    /// assert_eq!(Position::start(Board::standard(1)?).end_reason(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        let outcome = self.outcome?;
        let Some(winner) = self.winner() else {
            let limit = self.rules.quiet_move_limit;
            return Some(if limit > 0 && self.quiet() >= limit {
                EndReason::QuietLimit { moves: limit }
            } else {
                debug_assert_eq!(outcome, Outcome::Draw);
                EndReason::NoLegalMove {
                    side: self.side_to_move(),
                }
            });
        };
        let loser = winner.other();
        let edge = self.board.start_column(loser);
        Some(if self.free_pieces(loser) == 0 {
            EndReason::NoFreePiece { loser }
        } else if self
            .stacks()
            .any(|(sq, stack)| stack.top == winner && sq.column() == edge)
        {
            EndReason::BrokeThrough { winner }
        } else {
            EndReason::NoLegalMove { side: loser }
        })
    }

    /// Whether the move `mv` is forward for the player to move.
    #[must_use]
    pub fn is_forward(&self, mv: Move) -> bool {
        mv.dcolumn() * self.to_move.forward() > 0
    }

    /// Whether `mv` captures (lands on an enemy piece).
    #[must_use]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.stack(mv.to).is_some_and(|s| s.top != self.to_move)
    }

    /// Checks a move without playing it.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMoveError> {
        if self.outcome.is_some() {
            return Err(IllegalMoveError::GameOver { mv });
        }
        for square in [mv.from, mv.to] {
            if !self.board.contains(square) {
                return Err(IllegalMoveError::OffBoard { mv, square });
            }
        }
        let colour = self.to_move;
        let Some(piece) = self.stack(mv.from).filter(|s| s.top == colour) else {
            return Err(IllegalMoveError::NotOwnPiece { mv, colour });
        };
        let want = if piece.is_major() { 2 } else { 1 };
        if mv.from.distance(mv.to) != want {
            return Err(IllegalMoveError::WrongDistance {
                mv,
                major: piece.is_major(),
            });
        }
        if self.board.is_gap(mv.to) {
            return Err(IllegalMoveError::OntoGap { mv });
        }
        match self.stack(mv.to) {
            Some(s) if s.top == colour => Err(IllegalMoveError::OntoOwnPiece { mv }),
            None if mv.dcolumn() * colour.forward() < 0 => {
                Err(IllegalMoveError::BackwardWithoutCapture { mv })
            }
            _ => Ok(()),
        }
    }

    fn set_threat(&mut self, threat: Option<Square>) {
        if let Some(t) = self.threat {
            self.hash ^= KEYS[THREAT_KEYS + self.board.index(t)];
        }
        if let Some(t) = threat {
            self.hash ^= KEYS[THREAT_KEYS + self.board.index(t)];
        }
        self.threat = threat;
    }

    fn set_quiet(&mut self, quiet: u8) {
        self.hash ^= KEYS[QUIET_KEYS + usize::from(self.quiet % 64)];
        self.quiet = quiet;
        self.hash ^= KEYS[QUIET_KEYS + usize::from(quiet % 64)];
    }

    fn end(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.hash ^= KEYS[OUTCOME_KEYS + outcome_index(outcome)];
    }
}

/// A move of a list that is not legal where it comes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("move {} of the list: {source}", .index + 1)]
pub struct PlayMovesError {
    /// The index of the move in the list, from 0.
    pub index: usize,
    /// Why it is illegal there.
    pub source: IllegalMoveError,
}

impl Position {
    /// Plays `moves` one after the other. If one is illegal, returns which
    /// and why, and leaves the position as it was.
    ///
    /// ```
    /// use major_rules::{Board, Position, parse_moves};
    /// let mut pos = Position::start(Board::standard(1).unwrap());
    /// pos.play_moves(&parse_moves("a4-b4 h5-g5").unwrap()).unwrap();
    /// let err = pos.play_moves(&parse_moves("b4-c4 g5-g5").unwrap()).unwrap_err();
    /// assert_eq!(err.index, 1);
    /// ```
    pub fn play_moves(&mut self, moves: &[Move]) -> Result<(), PlayMovesError> {
        let mut pos = self.clone();
        for (index, &mv) in moves.iter().enumerate() {
            pos.play(mv)
                .map_err(|source| PlayMovesError { index, source })?;
        }
        *self = pos;
        Ok(())
    }
}

fn outcome_index(o: Outcome) -> usize {
    match o {
        Outcome::Win(p) => p.index(),
        Outcome::Draw => 2,
    }
}

/// Why a game of Major ended, from [`Position::end_reason`]; its `Display`
/// says it in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// The loser has no free piece left (every one a prisoner).
    NoFreePiece {
        /// The side without free pieces.
        loser: Colour,
    },
    /// The winner reached the loser's start edge and held it.
    BrokeThrough {
        /// The side that broke through.
        winner: Colour,
    },
    /// `side` has no legal move: it loses, or the game is drawn where the
    /// rules say so.
    NoLegalMove {
        /// The side to move.
        side: Colour,
    },
    /// A draw: this many moves in a row without a forward move.
    QuietLimit {
        /// The limit of the rules.
        moves: u8,
    },
}

impl core::fmt::Display for EndReason {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            EndReason::NoFreePiece { loser } => write!(f, "{loser} has no free piece left"),
            EndReason::BrokeThrough { winner } => {
                write!(
                    f,
                    "{winner} broke through to {}'s start edge",
                    winner.other()
                )
            }
            EndReason::NoLegalMove { side } => write!(f, "{side} has no legal move"),
            EndReason::QuietLimit { moves } => {
                write!(f, "{moves} moves in a row without a forward move")
            }
        }
    }
}

/// The colours of the players: which one moves first is a rule
/// ([`Rules::first`]).
impl SideNames for Position {
    fn side_name(&self, player: Player) -> &'static str {
        self.colour(player).name()
    }
}

impl Game for Position {
    type Move = Move;
    type MoveList = MoveList;
    type Error = IllegalMoveError;

    #[inline]
    fn to_move(&self) -> Player {
        self.player(self.to_move)
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        self.for_each_move(self.to_move, |mv| {
            // Never more than MAX_MOVES (see there); stop rather than panic.
            moves.try_push(mv).is_ok()
        });
    }

    fn play_unchecked(&mut self, mv: Move) {
        let me = self.to_move;
        let opp = me.other();
        // Unspecified for moves that are not legal, but never a panic.
        if !self.board.contains(mv.from) || !self.board.contains(mv.to) || mv.from == mv.to {
            return;
        }
        let from = self.board.index(mv.from);
        let to = self.board.index(mv.to);
        let mover = self.cells[from];
        let target = self.cells[to];
        let forward = mv.dcolumn() * me.forward() > 0;
        if mover == 0 {
            return;
        }
        self.hash ^= cell_key(from, mover);
        self.cells[from] = 0;
        let mover_major = mover >= 3;
        let mut freed = false;
        let landed = if target == 0 {
            mover
        } else {
            self.hash ^= cell_key(to, target);
            self.free[opp.index()] = self.free[opp.index()].saturating_sub(1);
            if mover_major {
                // A Major removes what it captures (with any prisoner).
                self.removed[opp.index()] = self.removed[opp.index()].saturating_add(1);
                if target >= 3 {
                    self.removed[me.index()] = self.removed[me.index()].saturating_add(1);
                }
                mover
            } else {
                // A stone takes the top piece prisoner; a Major's prisoner
                // (of the capturer's colour) is freed.
                freed = target >= 3;
                Stack::major(me).code()
            }
        };
        self.cells[to] = landed;
        self.hash ^= cell_key(to, landed);
        if freed {
            // The topmost free square of the own start edge (the square the
            // capturer left counts as free); none: the stone is removed.
            let col = self.board.start_column(me);
            let stone = Stack::stone(me).code();
            for row in 0..self.board.height() {
                let sq = Square::at(col, row);
                let i = self.board.index(sq);
                if self.board.is_square(sq) && self.cells[i] == 0 {
                    self.cells[i] = stone;
                    self.hash ^= cell_key(i, stone);
                    self.free[me.index()] = self.free[me.index()].saturating_add(1);
                    freed = false;
                    break;
                }
            }
            if freed {
                self.removed[me.index()] = self.removed[me.index()].saturating_add(1);
            }
        }
        self.to_move = opp;
        self.hash ^= KEYS[SIDE_KEY];

        // 1. The opponent's breakthrough not captured: the opponent wins.
        if let Some(t) = self.threat {
            self.set_threat(None);
            if t != mv.to {
                self.end(self.win(opp));
                return;
            }
        }
        // 2. The opponent has no free piece.
        if self.free[opp.index()] == 0 {
            self.end(self.win(me));
            return;
        }
        // 3. Breakthrough onto the opponent's start edge.
        if mv.to.column() == self.board.start_column(opp) {
            // The threat is kept when the opponent cannot capture the piece
            // and the game ends at once, so that the final position says
            // why (its text form reads back as the same finished game).
            self.set_threat(Some(mv.to));
            if !self.can_capture(opp, mv.to) {
                self.end(self.win(me));
                return;
            }
        }
        // 4. The quiet-move count.
        if forward {
            self.set_quiet(0);
        } else {
            self.set_quiet(self.quiet.saturating_add(1));
            let limit = self.rules.quiet_move_limit;
            if limit > 0 && self.quiet >= limit {
                self.end(Outcome::Draw);
                return;
            }
        }
        // 5. The opponent cannot move.
        if !self.has_move(opp) {
            let o = self.no_move_result(me);
            self.end(o);
        }
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }
}

/// What [`Undo::unmake`] needs to take a move back: the two squares'
/// contents, where a freed stone went, and the counters before the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UndoInfo {
    mover: u8,
    target: u8,
    freed_at: Option<u8>,
    threat: Option<Square>,
    quiet: u8,
    free: [u8; 2],
    removed: [u8; 2],
    hash: u64,
    outcome: Option<Outcome>,
    to_move: Colour,
}

impl Undo for Position {
    type Undo = UndoInfo;

    fn make(&mut self, mv: Move) -> UndoInfo {
        let on_board = self.board.contains(mv.from) && self.board.contains(mv.to);
        let (mover, target) = if on_board {
            (
                self.cells[self.board.index(mv.from)],
                self.cells[self.board.index(mv.to)],
            )
        } else {
            (0, 0)
        };
        // A stone capturing a Major frees a stone onto the topmost free
        // square of its start edge (the square it leaves counts as free).
        let freed_at = if (1..=2).contains(&mover) && target >= 3 && mv.from != mv.to {
            let col = self.board.start_column(self.to_move);
            (0..self.board.height())
                .map(|row| Square::at(col, row))
                .find(|&sq| self.board.is_square(sq) && (sq == mv.from || self.stack(sq).is_none()))
                .map(|sq| self.board.index(sq) as u8)
        } else {
            None
        };
        let undo = UndoInfo {
            mover,
            target,
            freed_at,
            threat: self.threat,
            quiet: self.quiet,
            free: self.free,
            removed: self.removed,
            hash: self.hash,
            outcome: self.outcome,
            to_move: self.to_move,
        };
        self.play_unchecked(mv);
        undo
    }

    fn unmake(&mut self, mv: Move, undo: UndoInfo) {
        if self.board.contains(mv.from) && self.board.contains(mv.to) && mv.from != mv.to {
            if let Some(i) = undo.freed_at {
                self.cells[usize::from(i)] = 0;
            }
            self.cells[self.board.index(mv.to)] = undo.target;
            self.cells[self.board.index(mv.from)] = undo.mover;
        }
        self.threat = undo.threat;
        self.quiet = undo.quiet;
        self.free = undo.free;
        self.removed = undo.removed;
        self.hash = undo.hash;
        self.outcome = undo.outcome;
        self.to_move = undo.to_move;
    }
}

impl ZobristHash for Position {
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = 0;
        let n = usize::from(self.board.width()) * usize::from(self.board.height());
        for (i, &c) in self.cells.iter().enumerate().take(n) {
            if c != 0 {
                h ^= cell_key(i, c);
            }
        }
        if self.to_move == Colour::Red {
            h ^= KEYS[SIDE_KEY];
        }
        if let Some(t) = self.threat {
            h ^= KEYS[THREAT_KEYS + self.board.index(t)];
        }
        h ^= KEYS[QUIET_KEYS + usize::from(self.quiet % 64)];
        if let Some(o) = self.outcome {
            h ^= KEYS[OUTCOME_KEYS + outcome_index(o)];
        }
        h
    }
}

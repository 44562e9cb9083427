//! The position: board, stacks, side to move, pending breakthrough and the
//! quiet-move count; the rules of play and the end of the game; the
//! position string.

use core::fmt;
use core::str::FromStr;

use board_core::{Game, Outcome, Player, Undo, ZobristHash, zobrist_keys};

use crate::board::{Board, BoardError, Layout, MAX_SQUARES, Place};
use crate::movegen::MoveList;
use crate::notation::{Move, ParseSquareError, Square};
use crate::rules::{NoMoveResult, Rules};
use crate::stack::{Colour, Stack};

const SIDE_KEY: usize = 4 * MAX_SQUARES;
const THREAT_KEYS: usize = SIDE_KEY + 1;
const QUIET_KEYS: usize = THREAT_KEYS + MAX_SQUARES;
const OUTCOME_KEYS: usize = QUIET_KEYS + 64;
/// Zobrist keys: a stack kind on a square, Red to move, the square of a
/// pending breakthrough, the quiet-move count (modulo 64), a finished game.
static KEYS: [u64; OUTCOME_KEYS + 3] = zobrist_keys(0x4D41_4A4F_5221);

/// An unchecked position: public fields that
/// [`Position::from_setup`] validates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The board.
    pub board: Board,
    /// The pieces, by square.
    pub stacks: Vec<(Square, Stack)>,
    /// The colour to move.
    pub to_move: Colour,
    /// The square of the piece that landed on the start edge of the player
    /// to move with the last move, if that threat is pending.
    pub threat: Option<Square>,
    /// Consecutive plies without a forward move.
    pub quiet: u8,
}

impl Setup {
    /// The start position of `board`: each colour's stones on every square of
    /// its start edge, Blue to move.
    #[must_use]
    pub fn start(board: Board) -> Setup {
        let stacks = Colour::ALL
            .iter()
            .flat_map(|&c| board.start_edge(c).map(move |sq| (sq, Stack::stone(c))))
            .collect();
        Setup {
            board,
            stacks,
            to_move: Colour::Blue,
            threat: None,
            quiet: 0,
        }
    }
}

/// Why a [`Setup`] is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A piece on a square outside the board.
    #[error("{square} is not on the board")]
    OffBoard {
        /// The square.
        square: Square,
    },
    /// A piece on a gap.
    #[error("{square} is a gap; no piece may stand there")]
    OnGap {
        /// The square.
        square: Square,
    },
    /// Two stacks for one square.
    #[error("{square} is given twice")]
    DuplicateSquare {
        /// The square.
        square: Square,
    },
    /// More stones of a colour (free and prisoners) than it starts with.
    #[error(
        "{colour} has {found} stones on the board (free and prisoners) but starts with {start}"
    )]
    TooManyStones {
        /// The colour.
        colour: Colour,
        /// Its stones on the board.
        found: u8,
        /// Its stones at the start.
        start: u8,
    },
    /// A pending breakthrough on a square without a piece of the player who
    /// just moved.
    #[error("the breakthrough square {square} holds no piece of the player who just moved")]
    ThreatWithoutPiece {
        /// The square.
        square: Square,
    },
    /// A pending breakthrough off the start edge of the player to move.
    #[error("the breakthrough square {square} is not on the start edge of the player to move")]
    ThreatOffEdge {
        /// The square.
        square: Square,
    },
    /// A quiet-move count beyond the rules' limit.
    #[error("quiet-move count {found} is beyond the limit {limit}")]
    QuietBeyondLimit {
        /// The count.
        found: u8,
        /// The limit.
        limit: u8,
    },
}

/// Why a move was rejected by [`Game::play`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
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
    board: Board,
    rules: Rules,
    cells: [u8; MAX_SQUARES],
    to_move: Colour,
    threat: Option<Square>,
    quiet: u8,
    free: [u8; 2],
    removed: [u8; 2],
    hash: u64,
    outcome: Option<Outcome>,
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
    fn raw(board: Board, rules: Rules) -> Position {
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

    /// Validates a setup under `rules`.
    pub fn from_setup(setup: Setup, rules: Rules) -> Result<Position, SetupError> {
        let board = setup.board;
        let mut pos = Position::raw(board, rules);
        pos.outcome = None;
        pos.to_move = setup.to_move;
        let mut on_board = [0u8; 2];
        for &(square, stack) in &setup.stacks {
            if !board.contains(square) {
                return Err(SetupError::OffBoard { square });
            }
            if board.is_gap(square) {
                return Err(SetupError::OnGap { square });
            }
            let i = board.index(square);
            if pos.cells[i] != 0 {
                return Err(SetupError::DuplicateSquare { square });
            }
            pos.cells[i] = stack.code();
            pos.free[stack.top.index()] += 1;
            on_board[stack.top.index()] += 1;
            if stack.prisoner {
                on_board[stack.top.other().index()] += 1;
            }
        }
        for colour in Colour::ALL {
            let start = board.start_stones(colour);
            let found = on_board[colour.index()];
            if found > start {
                return Err(SetupError::TooManyStones {
                    colour,
                    found,
                    start,
                });
            }
            pos.removed[colour.index()] = start - found;
        }
        if let Some(square) = setup.threat {
            if !board.contains(square) || square.col() != board.start_column(setup.to_move) {
                return Err(SetupError::ThreatOffEdge { square });
            }
            if pos.stack(square).map(|s| s.top) != Some(setup.to_move.other()) {
                return Err(SetupError::ThreatWithoutPiece { square });
            }
        }
        if rules.quiet_move_limit > 0 && setup.quiet > rules.quiet_move_limit {
            return Err(SetupError::QuietBeyondLimit {
                found: setup.quiet,
                limit: rules.quiet_move_limit,
            });
        }
        pos.threat = setup.threat;
        pos.quiet = setup.quiet;
        pos.outcome = pos.status();
        pos.hash = pos.zobrist_from_scratch();
        Ok(pos)
    }

    /// The result of a position given as data (not reached by play), by the
    /// checks of the spec in their order.
    fn status(&self) -> Option<Outcome> {
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
    /// move, if that player must now capture it.
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

    /// Whether the move `mv` is forward for the player to move.
    #[must_use]
    pub fn is_forward(&self, mv: Move) -> bool {
        mv.dcol() * self.to_move.forward() > 0
    }

    /// Whether `mv` captures (lands on an enemy piece).
    #[must_use]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.stack(mv.to).is_some_and(|s| s.top != self.to_move)
    }

    /// The validated setup of this position (its data, without the rules).
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup {
            board: self.board,
            stacks: self.stacks().collect(),
            to_move: self.to_move,
            threat: self.threat,
            quiet: self.quiet,
        }
    }

    /// Checks a move without playing it.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver { mv });
        }
        for square in [mv.from, mv.to] {
            if !self.board.contains(square) {
                return Err(IllegalMove::OffBoard { mv, square });
            }
        }
        let colour = self.to_move;
        let Some(piece) = self.stack(mv.from).filter(|s| s.top == colour) else {
            return Err(IllegalMove::NotOwnPiece { mv, colour });
        };
        let want = if piece.is_major() { 2 } else { 1 };
        if mv.from.distance(mv.to) != want {
            return Err(IllegalMove::WrongDistance {
                mv,
                major: piece.is_major(),
            });
        }
        if self.board.is_gap(mv.to) {
            return Err(IllegalMove::OntoGap { mv });
        }
        match self.stack(mv.to) {
            Some(s) if s.top == colour => Err(IllegalMove::OntoOwnPiece { mv }),
            None if mv.dcol() * colour.forward() < 0 => {
                Err(IllegalMove::BackwardWithoutCapture { mv })
            }
            _ => Ok(()),
        }
    }

    /// A multi-line diagram with coordinates, for terminals: `.` empty, `#`
    /// gap, `b`/`r` stones, `B`/`R` Majors.
    #[must_use]
    pub fn diagram(&self) -> String {
        let w = self.board.width();
        let mut s = String::from("    ");
        for c in 0..w {
            s.push(char::from(b'a' + c));
            s.push(' ');
        }
        s.push('\n');
        for r in 0..self.board.height() {
            s.push_str(&format!("{:>2}  ", r + 1));
            for c in 0..w {
                let sq = Square::at(c, r);
                let ch = if self.board.is_gap(sq) {
                    '#'
                } else {
                    self.stack(sq).map_or('.', Stack::symbol)
                };
                s.push(ch);
                s.push(' ');
            }
            s.push('\n');
        }
        s
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
    pub source: IllegalMove,
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

impl Game for Position {
    type Move = Move;
    type MoveList = MoveList;
    type Error = IllegalMove;

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
        let forward = mv.dcol() * me.forward() > 0;
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
        if mv.to.col() == self.board.start_column(opp) {
            if self.can_capture(opp, mv.to) {
                self.set_threat(Some(mv.to));
            } else {
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

    fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
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

/// Why a position string was rejected. Rows and columns count from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// Not five fields separated by spaces.
    #[error(
        "a position has 5 fields (board, rows, side, breakthrough, quiet count), found {found}"
    )]
    FieldCount {
        /// The number of fields.
        found: usize,
    },
    /// The board field is neither `1`-`4` nor `-`.
    #[error("board field: {0}")]
    BoardNumber(BoardError),
    /// A character of the rows that is not `.`, `#`, `b`, `r`, `B` or `R`.
    #[error("row {row}, column {column}: {found:?} is not one of . # b r B R")]
    UnknownSymbol {
        /// The row, from 1.
        row: usize,
        /// The column, from 1.
        column: usize,
        /// The character.
        found: char,
    },
    /// The rows do not form a valid board (ragged, too large, no start edge...).
    #[error("rows: {0}")]
    Layout(BoardError),
    /// The rows' gaps differ from those of the numbered board.
    #[error("the rows do not have the layout of board {number}")]
    LayoutMismatch {
        /// The board number.
        number: u8,
    },
    /// The side field is neither `b` nor `r`.
    #[error("side to move: {found:?} is not 'b' or 'r'")]
    Side {
        /// The field.
        found: String,
    },
    /// The breakthrough field is neither `-` nor a square.
    #[error("breakthrough field: {0}")]
    Threat(ParseSquareError),
    /// The quiet-move count is not a number 0-255.
    #[error("quiet-move count: {found:?} is not a number 0-255")]
    Quiet {
        /// The field.
        found: String,
    },
    /// The position is not legal.
    #[error("{0}")]
    Setup(SetupError),
}

impl Position {
    /// Parses a position string (see [`Position`]'s `Display`) under `rules`.
    pub fn parse_with(s: &str, rules: Rules) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        let [board_f, rows_f, side_f, threat_f, quiet_f] = fields[..] else {
            return Err(ParsePositionError::FieldCount {
                found: fields.len(),
            });
        };
        let numbered = if board_f == "-" {
            None
        } else {
            Some(board_f.parse::<u32>().map_or(
                Err(ParsePositionError::BoardNumber(BoardError::UnknownNumber {
                    found: u32::MAX,
                })),
                |n| Board::standard(n).map_err(ParsePositionError::BoardNumber),
            )?)
        };
        let mut rows = Vec::new();
        let mut stacks = Vec::new();
        for (r, text) in rows_f.split('/').enumerate() {
            let mut row = Vec::new();
            for (c, found) in text.chars().enumerate() {
                let place = match found {
                    '#' => Place::Gap,
                    '.' => Place::Square,
                    _ => {
                        let stack =
                            Stack::from_symbol(found).ok_or(ParsePositionError::UnknownSymbol {
                                row: r + 1,
                                column: c + 1,
                                found,
                            })?;
                        if let (Ok(cc), Ok(rr)) = (u8::try_from(c), u8::try_from(r))
                            && let Some(sq) = Square::new(cc, rr)
                        {
                            stacks.push((sq, stack));
                        }
                        Place::Square
                    }
                };
                row.push(place);
            }
            rows.push(row);
        }
        let layout = Layout { rows };
        let board = Board::new(&layout).map_err(ParsePositionError::Layout)?;
        let board = match numbered {
            Some(b) if b.layout() != layout => {
                return Err(ParsePositionError::LayoutMismatch {
                    number: b.number().unwrap_or(0),
                });
            }
            Some(b) => b,
            None => board,
        };
        let to_move = match side_f {
            "b" => Colour::Blue,
            "r" => Colour::Red,
            _ => {
                return Err(ParsePositionError::Side {
                    found: side_f.to_owned(),
                });
            }
        };
        let threat = if threat_f == "-" {
            None
        } else {
            Some(threat_f.parse().map_err(ParsePositionError::Threat)?)
        };
        let quiet = quiet_f.parse().map_err(|_| ParsePositionError::Quiet {
            found: quiet_f.to_owned(),
        })?;
        let setup = Setup {
            board,
            stacks,
            to_move,
            threat,
            quiet,
        };
        Position::from_setup(setup, rules).map_err(ParsePositionError::Setup)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses a position string under the default rules.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::parse_with(s, Rules::default())
    }
}

impl fmt::Display for Position {
    /// The position string: five fields separated by single spaces,
    ///
    /// 1. the board number `1`-`4`, or `-` for a board of one's own;
    /// 2. the rows from the top separated by `/`, one character per place
    ///    from the left: `.` empty, `#` gap, `b`/`r` a Blue/Red stone,
    ///    `B`/`R` a Blue/Red Major (with its prisoner);
    /// 3. the side to move, `b` or `r`;
    /// 4. the square of a pending breakthrough (the piece the side to move
    ///    must capture now), or `-`;
    /// 5. the quiet-move count.
    ///
    /// The rules are not part of the string; [`Position::parse_with`] takes
    /// them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.board.number() {
            Some(n) => write!(f, "{n} ")?,
            None => f.write_str("- ")?,
        }
        for r in 0..self.board.height() {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..self.board.width() {
                let sq = Square::at(c, r);
                let ch = if self.board.is_gap(sq) {
                    '#'
                } else {
                    self.stack(sq).map_or('.', Stack::symbol)
                };
                write!(f, "{ch}")?;
            }
        }
        write!(f, " {} ", self.to_move.letter())?;
        match self.threat {
            Some(t) => write!(f, "{t}")?,
            None => f.write_str("-")?,
        }
        write!(f, " {}", self.quiet)
    }
}

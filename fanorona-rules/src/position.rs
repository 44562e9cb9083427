//! The position: stones, side to move, the counters and history that decide
//! draws, and the [`Game`] implementation.

use board_core::{ByPlayer, Game, Outcome, Player, SideNames, Undo, ZobristHash, zobrist_keys};

use crate::board::{Bitboard, Direction, SQUARES};
use crate::movegen::{self, Collect, MoveList};
use crate::moves::{CaptureKind, Move, neighbour};
use crate::rules::{MAX_NO_CAPTURE_LIMIT, Rules};
use crate::square::Square;

/// White, the side that moves first ([`Player::First`]).
pub const WHITE: Player = Player::First;
/// Black ([`Player::Second`]).
pub const BLACK: Player = Player::Second;
/// Stones of each side at the start, and the most a position may have.
pub const MAX_STONES: u32 = 22;

/// Zobrist keys: 45 points for White, 45 for Black, then Black to move.
static KEYS: [u64; 2 * SQUARES as usize + 1] = zobrist_keys(0xFA40_2024_F00D_0045);
const SIDE_KEY: usize = 2 * SQUARES as usize;

const START_WHITE: u64 = 0x3FFFF | (1 << 18) | (1 << 20) | (1 << 23) | (1 << 25);
const START_BLACK: u64 = (0x3FFFF << 27) | (1 << 19) | (1 << 21) | (1 << 24) | (1 << 26);

/// A Fanorona position: where the stones are, who moves, and what decides
/// draws (moves since the last capture, the positions since then, the
/// [`Rules`]).
///
/// Always legal by construction: the constructors check their input and
/// [`play`](Game::play) checks the move. [`Game::play_unchecked`] is the
/// fast path for search. With the `serde` feature a position travels as
/// its position string (default rules, no history). A position is a plain value (about 600 bytes, no
/// heap), so copy-make search just clones it.
///
/// ```
/// use board_core::Game;
/// use fanorona_rules::Position;
/// let mut pos = Position::new();
/// assert_eq!(pos.moves().len(), 5);
/// pos.play("f3-e3w".parse().unwrap()).unwrap();
/// assert_eq!(pos.to_string(), "BBBBBBBBB/BBBBBBBBB/WBWBW2WB/WWWWWWWWW/WWWWWWWWW b 0 1");
/// ```
#[derive(Clone)]
pub struct Position {
    stones: ByPlayer<u64>,
    to_move: Player,
    no_capture: u8,
    fullmove: u16,
    hash: u64,
    rules: Rules,
    outcome: Option<Outcome>,
    history_len: u8,
    /// Hashes of the positions since the last capture, before the current.
    history: [u64; MAX_NO_CAPTURE_LIMIT as usize],
}

/// Why [`play`](Game::play) rejected a move; the position is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMoveError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The start point holds no stone of the side to move.
    #[error("{0} holds no stone of the side to move")]
    NotYourStone(Square),
    /// A step leads off the lines of the board.
    #[error("step {step}: no line leads that way")]
    OffTheLines {
        /// The step's number, 1 for the first.
        step: usize,
    },
    /// A step's destination is occupied.
    #[error("step {step}: {to} is occupied")]
    Occupied {
        /// The step's number, 1 for the first.
        step: usize,
        /// The destination.
        to: Square,
    },
    /// A step returns to a point the stone occupied earlier this turn.
    #[error("step {step}: the stone was on {to} earlier this turn")]
    Revisit {
        /// The step's number, 1 for the first.
        step: usize,
        /// The destination.
        to: Square,
    },
    /// Two capture steps in a row in the same direction.
    #[error("step {step}: the same direction ({direction:?}) twice in a row")]
    SameDirection {
        /// The step's number.
        step: usize,
        /// The repeated direction.
        direction: Direction,
    },
    /// A step said to capture captures nothing that way.
    #[error("step {step}: nothing to capture by {kind:?}")]
    NothingToCapture {
        /// The step's number, 1 for the first.
        step: usize,
        /// The kind of capture claimed.
        kind: CaptureKind,
    },
    /// A paika while some stone can capture.
    #[error("a capture is compulsory here; a paika is not allowed")]
    CaptureCompulsory,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// The start position under the default [`Rules`].
    #[must_use]
    pub fn new() -> Position {
        Position::start(Rules::default())
    }

    /// The start position under `rules`.
    #[must_use]
    pub fn start(rules: Rules) -> Position {
        Position::assemble(START_WHITE, START_BLACK, WHITE, 0, 1, rules)
    }

    /// A position from checked parts, with its hash and outcome.
    pub(crate) fn assemble(
        white: u64,
        black: u64,
        to_move: Player,
        no_capture: u8,
        fullmove: u16,
        rules: Rules,
    ) -> Position {
        let mut pos = Position {
            stones: ByPlayer::new(white, black),
            to_move,
            no_capture,
            fullmove,
            hash: 0,
            rules,
            outcome: None,
            history_len: 0,
            history: [0; MAX_NO_CAPTURE_LIMIT as usize],
        };
        pos.hash = pos.zobrist_from_scratch();
        pos.outcome = pos.compute_outcome();
        pos
    }

    /// The stones of `player`.
    #[inline]
    #[must_use]
    pub fn stones(&self, player: Player) -> Bitboard {
        Bitboard(self.stones[player])
    }

    /// Every stone.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.stones.first | self.stones.second)
    }

    /// Whose stone stands on `p`.
    #[must_use]
    pub fn at(&self, p: Square) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|&pl| self.stones[pl] & p.bit() != 0)
    }

    /// The number of stones of `player`.
    #[inline]
    #[must_use]
    pub fn count(&self, player: Player) -> u32 {
        self.stones[player].count_ones()
    }

    /// Consecutive moves without capture so far.
    #[must_use]
    pub fn no_capture_moves(&self) -> u8 {
        self.no_capture
    }

    /// The move number: 1 for the first pair of moves.
    #[must_use]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// The rules this game is played under.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Why the game ended, `None` while it goes on.
    ///
    /// ```
    /// use board_core::Player;
    /// use fanorona_rules::{EndReason, Position};
    /// assert_eq!(Position::new().end_reason(), None);
    /// let won: Position = "9/9/4W4/9/9 b".parse()?;
    /// assert_eq!(won.end_reason(), Some(EndReason::NoStones { loser: Player::Second }));
    /// assert_eq!(won.end_reason().map(|r| r.to_string()).as_deref(), Some("Black has no stones left"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        Some(match self.outcome? {
            Outcome::Win(winner) => {
                let loser = !winner;
                if self.count(loser) == 0 {
                    EndReason::NoStones { loser }
                } else {
                    EndReason::CannotMove { loser }
                }
            }
            Outcome::Draw => {
                let rules = self.rules;
                if self.no_capture >= rules.no_capture_limit() {
                    EndReason::NoCaptureLimit {
                        moves: rules.no_capture_limit(),
                    }
                } else {
                    EndReason::Repetition {
                        times: rules.repetitions(),
                    }
                }
            }
        })
    }

    /// The stones of the side to move that can capture now; empty when only
    /// paika moves exist.
    #[must_use]
    pub fn capturers(&self) -> Bitboard {
        let (own, opp) = self.sides();
        Bitboard(movegen::capturers(own, opp))
    }

    /// How often the current position (same stones, same side to move) has
    /// occurred so far, this time included, as far as the position's
    /// history knows (it starts empty for a parsed position).
    #[must_use]
    pub fn occurrences(&self) -> usize {
        1 + self.history[..usize::from(self.history_len)]
            .iter()
            .filter(|&&h| h == self.hash)
            .count()
    }

    /// The number of whole-turn move paths of length `depth` (perft), by a
    /// specialised counter that never builds a move: each turn is followed
    /// with the board it produces, and the last ply is counted without
    /// playing. It ignores the draw rules, as the reference tables do (a
    /// draw needs at least 8 plies of paika, or 40 moves without capture).
    ///
    /// ```
    /// use fanorona_rules::Position;
    /// assert_eq!(Position::new().perft(3), 724);
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        if depth > 0 && self.outcome.is_some() {
            return 0;
        }
        let (own, opp) = self.sides();
        movegen::perft(own, opp, depth)
    }

    /// The compiled form of the counter [`perft`](Position::perft) runs on
    /// this processor: `"avx512"` (AVX-512 with `bw`, `vbmi`, `vbmi2`,
    /// `bitalg` and `vpopcntdq`: the last ply breadth-first, eight chain
    /// steps at a time), `"bmi2"` (`popcnt`, `bmi1`, `bmi2`, `lzcnt`) or
    /// `"portable"`. All count the same.
    ///
    /// ```
    /// use fanorona_rules::Position;
    /// assert!(["avx512", "bmi2", "portable"].contains(&Position::perft_kernel()));
    /// ```
    #[must_use]
    pub fn perft_kernel() -> &'static str {
        crate::kernel::Kernel::detect().name()
    }

    /// [`perft`](Position::perft) with a cache of counts by position and
    /// remaining depth in `table`, so that positions reached by different
    /// move orders are counted once. The same count
    /// (docs/measurements/fanorona.md compares the times). Cached counts stay valid across calls.
    ///
    /// ```
    /// use fanorona_rules::{PerftTable, Position};
    /// let mut table = PerftTable::new(1);
    /// assert_eq!(Position::new().perft_hashed(4, &mut table), 18_026);
    /// ```
    #[must_use]
    pub fn perft_hashed(&self, depth: u32, table: &mut movegen::PerftTable) -> u64 {
        if depth > 0 && self.outcome.is_some() {
            return 0;
        }
        let (own, opp) = self.sides();
        movegen::perft_hashed(own, opp, depth, table)
    }

    /// The number of legal moves, counted without building them.
    #[must_use]
    pub fn move_count(&self) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        let (own, opp) = self.sides();
        movegen::count_moves(own, opp)
    }

    /// The stones of the side to move and of the other side.
    #[inline]
    pub(crate) fn sides(&self) -> (u64, u64) {
        (self.stones[self.to_move], self.stones[!self.to_move])
    }

    fn compute_outcome(&self) -> Option<Outcome> {
        let (own, opp) = self.sides();
        if opp == 0 && own != 0 {
            return Some(Outcome::Win(self.to_move));
        }
        if own == 0 || !movegen::has_move(own, opp) {
            return Some(Outcome::Win(!self.to_move));
        }
        if self.no_capture >= self.rules.no_capture_limit()
            || self.occurrences() >= usize::from(self.rules.repetitions())
        {
            return Some(Outcome::Draw);
        }
        None
    }

    /// Checks `mv` step by step, independently of the move generator, and
    /// returns the stones of the mover and of the opponent after it.
    fn check(&self, mv: Move) -> Result<(u64, u64), IllegalMoveError> {
        if self.outcome.is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        let (mut own, mut opp) = self.sides();
        let start = mv.start();
        if own & start.bit() == 0 {
            return Err(IllegalMoveError::NotYourStone(start));
        }
        let mut at = start;
        let mut visited = start.bit();
        let mut last = None;
        for (i, s) in mv.steps().enumerate() {
            let step = i + 1;
            let to = at
                .step(s.direction)
                .ok_or(IllegalMoveError::OffTheLines { step })?;
            if (own | opp) & to.bit() != 0 {
                return Err(IllegalMoveError::Occupied { step, to });
            }
            let Some(kind) = s.capture else {
                if movegen::capturers(own, opp) != 0 {
                    return Err(IllegalMoveError::CaptureCompulsory);
                }
                own ^= at.bit() | to.bit();
                break;
            };
            if visited & to.bit() != 0 {
                return Err(IllegalMoveError::Revisit { step, to });
            }
            if last == Some(s.direction) {
                return Err(IllegalMoveError::SameDirection {
                    step,
                    direction: s.direction,
                });
            }
            let (first, d) = match kind {
                CaptureKind::Approach => (to.step(s.direction), s.direction),
                CaptureKind::Withdrawal => {
                    let back = s.direction.opposite();
                    (at.step(back), back)
                }
            };
            let first = first
                .filter(|p| opp & p.bit() != 0)
                .ok_or(IllegalMoveError::NothingToCapture { step, kind })?;
            opp ^= movegen::line(opp, first.0, d as usize);
            own ^= at.bit() | to.bit();
            visited |= to.bit();
            last = Some(s.direction);
            at = to;
        }
        Ok((own, opp))
    }

    /// Plays a move whose effect is known: the mover's and the opponent's
    /// stones after it.
    fn finish(&mut self, own: u64, opp: u64) {
        let me = self.to_move;
        let (old_own, old_opp) = self.sides();
        let mut h = self.hash ^ KEYS[SIDE_KEY];
        let base = |p: Player| if p == WHITE { 0 } else { SQUARES as usize };
        let mut diff = old_own ^ own;
        while diff != 0 {
            h ^= KEYS[base(me) + diff.trailing_zeros() as usize];
            diff &= diff - 1;
        }
        let mut diff = old_opp ^ opp;
        let captured = diff != 0;
        while diff != 0 {
            h ^= KEYS[base(!me) + diff.trailing_zeros() as usize];
            diff &= diff - 1;
        }
        if captured {
            self.no_capture = 0;
            self.history_len = 0;
        } else {
            if let Some(slot) = self.history.get_mut(usize::from(self.history_len)) {
                *slot = self.hash;
                self.history_len += 1;
            }
            self.no_capture = self.no_capture.saturating_add(1);
        }
        self.stones[me] = own;
        self.stones[!me] = opp;
        if me == BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.to_move = !me;
        self.hash = h;
        self.outcome = self.compute_outcome();
    }
}

impl Game for Position {
    type Move = Move;
    type MoveList = MoveList;
    type Error = IllegalMoveError;

    #[inline]
    fn to_move(&self) -> Player {
        self.to_move
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        let (own, opp) = self.sides();
        movegen::generate(own, opp, &mut Collect(moves));
    }

    fn play_unchecked(&mut self, mv: Move) {
        let (mut own, mut opp) = self.sides();
        let mut at = mv.start().0;
        for i in 0..mv.len() {
            let (d, withdrawal) = mv.raw_step(i);
            let to = neighbour(at, d);
            if to >= SQUARES {
                break;
            }
            if mv.is_capture() {
                let (first, dir) = if withdrawal {
                    (neighbour(at, (d + 4) & 7), (d + 4) & 7)
                } else {
                    (neighbour(to, d), d)
                };
                if first < SQUARES && opp & (1 << first) != 0 {
                    opp ^= movegen::line(opp, first, dir);
                }
            }
            own ^= (1 << at) | (1 << to);
            at = to;
        }
        self.finish(own, opp);
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let (own, opp) = self.check(mv)?;
        self.finish(own, opp);
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

/// Why a game of Fanorona ended, from [`Position::end_reason`]; its
/// `Display` says it in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// The loser has no stones left.
    NoStones {
        /// The side without stones.
        loser: Player,
    },
    /// The side to move has stones but no move.
    CannotMove {
        /// The side that cannot move.
        loser: Player,
    },
    /// A draw: this many moves in a row without a capture.
    NoCaptureLimit {
        /// The limit of the rules.
        moves: u8,
    },
    /// A draw: the same position this many times.
    Repetition {
        /// The number of the rules.
        times: u8,
    },
}

fn side_name(player: Player) -> &'static str {
    if player == WHITE { "White" } else { "Black" }
}

impl core::fmt::Display for EndReason {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            EndReason::NoStones { loser } => write!(f, "{} has no stones left", side_name(loser)),
            EndReason::CannotMove { loser } => write!(f, "{} cannot move", side_name(loser)),
            EndReason::NoCaptureLimit { moves } => write!(f, "{moves} moves without a capture"),
            EndReason::Repetition { times } => write!(f, "the same position {times} times"),
        }
    }
}

/// White moves first, Black second.
impl SideNames for Position {
    fn side_name(&self, player: Player) -> &'static str {
        side_name(player)
    }
}

/// What [`Undo::unmake`] needs to take a move back: everything
/// [`make`](Undo::make) changes, as it was before.
///
/// The repetition history is a fixed array of the hashes since the last
/// capture, with a length. A move without capture appends the hash it
/// leaves (one slot written); a capture only sets the length to 0 and
/// leaves the slots as they are, so later moves overwrite them. The record
/// therefore keeps the old length and the old content of the one slot the
/// move could write: undoing moves in the reverse order of making them
/// restores every slot, and the history is exactly as before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UndoInfo {
    stones: ByPlayer<u64>,
    no_capture: u8,
    fullmove: u16,
    hash: u64,
    outcome: Option<Outcome>,
    history_len: u8,
    /// The old content of `history[history_len]` (0 when the history is
    /// full and no slot can be written).
    slot: u64,
}

impl Undo for Position {
    type Undo = UndoInfo;

    /// Plays `mv` like [`play_unchecked`](Game::play_unchecked) (the move
    /// must be legal) and returns what taking it back needs.
    fn make(&mut self, mv: Move) -> UndoInfo {
        let undo = UndoInfo {
            stones: self.stones,
            no_capture: self.no_capture,
            fullmove: self.fullmove,
            hash: self.hash,
            outcome: self.outcome,
            history_len: self.history_len,
            slot: self
                .history
                .get(usize::from(self.history_len))
                .copied()
                .unwrap_or(0),
        };
        self.play_unchecked(mv);
        undo
    }

    fn unmake(&mut self, _mv: Move, undo: UndoInfo) {
        self.stones = undo.stones;
        self.to_move = !self.to_move;
        self.no_capture = undo.no_capture;
        self.fullmove = undo.fullmove;
        self.hash = undo.hash;
        self.outcome = undo.outcome;
        self.history_len = undo.history_len;
        if let Some(slot) = self.history.get_mut(usize::from(undo.history_len)) {
            *slot = undo.slot;
        }
    }
}

impl ZobristHash for Position {
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = if self.to_move == BLACK {
            KEYS[SIDE_KEY]
        } else {
            0
        };
        for p in Bitboard(self.stones.first).iter() {
            h ^= KEYS[p.index()];
        }
        for p in Bitboard(self.stones.second).iter() {
            h ^= KEYS[SQUARES as usize + p.index()];
        }
        h
    }
}

impl PartialEq for Position {
    /// Equal stones, side to move, counters, rules, outcome and history of
    /// positions since the last capture.
    fn eq(&self, other: &Position) -> bool {
        self.stones == other.stones
            && self.to_move == other.to_move
            && self.no_capture == other.no_capture
            && self.fullmove == other.fullmove
            && self.rules == other.rules
            && self.outcome == other.outcome
            && self.history[..usize::from(self.history_len)]
                == other.history[..usize::from(other.history_len)]
    }
}

impl Eq for Position {}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}

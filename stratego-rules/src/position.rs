//! The referee state: every rank, what each side has revealed, whose turn,
//! the rule counters; it implements the `board-core` traits.

use arrayvec::ArrayVec;
use board_core::{ByPlayer, Game, Outcome, Player, SideNames, Undo, ZobristHash, zobrist_keys};

use crate::cell::{self, Cell};
use crate::chase::{Chase, occupancy_digest};
use crate::movegen::{self, GenRules, MAX_MOVES, SideMasks};
use crate::shuttle::Shuttle;
use crate::{Army, Battle, BoardPiece, Move, Piece, Rank, Rules, Square, battle, colour};

/// The buffer of legal moves; its capacity is a proven maximum
/// ([`MAX_MOVES`]).
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// One key per square and cell code (7 bits).
static KEYS: [u64; 100 * 128] = zobrist_keys(0x5742_A7E6_0001);
/// Blue to move.
const SIDE_KEY: u64 = 0x9D2C_5680_A3B1_47E5;
const SHUTTLE_SALT: ByPlayer<u64> = ByPlayer::new(0x1234_5678_9ABC_DEF1, 0x0FED_CBA9_8765_4321);

#[inline]
fn key(sq: usize, c: Cell) -> u64 {
    if c == cell::EMPTY {
        0
    } else {
        KEYS[sq * 128 + usize::from(c & 0x7F)]
    }
}

/// The full (referee) state of a game of Stratego.
///
/// Built from a validated [`Setup`](crate::Setup) with
/// [`Position::from_setup`], or parsed from the text form (see the
/// [`notation`](crate::notation) module). Red ([`Player::First`]) moves
/// first.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [Cell; 100],
    pub(crate) to_move: Player,
    pub(crate) rules: Rules,
    pub(crate) army: Army,
    pub(crate) ply: u32,
    pub(crate) quiet: u32,
    pub(crate) shuttle: ByPlayer<Shuttle>,
    pub(crate) counts: ByPlayer<[u8; 12]>,
    pub(crate) masks: ByPlayer<SideMasks>,
    pub(crate) chase: Chase,
    pub(crate) hash: u64,
}

/// What a played move did: the piece that moved and, for an attack, the
/// defender and the result. Both ranks of a battle are public.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// The move.
    pub mv: Move,
    /// The piece that moved or attacked.
    pub piece: Piece,
    /// The attacked piece and the result of the battle, for an attack.
    pub battle: Option<(Piece, Battle)>,
}

/// Why a move is not legal in a position (the position is left unchanged).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMoveError {
    /// The game is over.
    #[error("{mv}: the game is over")]
    GameOver {
        /// The move.
        mv: Move,
    },
    /// No piece stands on the source square.
    #[error("{mv}: no piece on {}", mv.from)]
    NoPiece {
        /// The move.
        mv: Move,
    },
    /// The piece belongs to the other side.
    #[error("{mv}: the piece on {} is not the mover's", mv.from)]
    NotYours {
        /// The move.
        mv: Move,
    },
    /// Bombs and the Flag never move.
    #[error("{mv}: a {rank} never moves")]
    Immobile {
        /// The move.
        mv: Move,
        /// Bomb or Flag.
        rank: Rank,
    },
    /// Source and target are not distinct squares of one file or rank.
    #[error("{mv}: not a straight orthogonal move")]
    NotStraight {
        /// The move.
        mv: Move,
    },
    /// Only Scouts move more than one square.
    #[error("{mv}: a {rank} moves one square only")]
    TooFar {
        /// The move.
        mv: Move,
        /// The rank of the piece.
        rank: Rank,
    },
    /// A lake is on the way or is the target.
    #[error("{mv}: the lake on {lake} is in the way")]
    Lake {
        /// The move.
        mv: Move,
        /// The lake square.
        lake: Square,
    },
    /// A piece stands between source and target.
    #[error("{mv}: the piece on {at} is in the way")]
    Blocked {
        /// The move.
        mv: Move,
        /// Where the blocking piece stands.
        at: Square,
    },
    /// The target holds one of the mover's own pieces.
    #[error("{mv}: {} holds an own piece", mv.to)]
    OwnPiece {
        /// The move.
        mv: Move,
    },
    /// A Scout's attack from a distance, with range attacks off.
    #[error("{mv}: Scouts attack only from an adjacent square under these rules")]
    RangeAttack {
        /// The move.
        mv: Move,
    },
    /// The more-squares rule forbids recreating a board of the chase.
    #[error("{mv}: the more-squares rule forbids repeating a board of this chase")]
    MoreSquares {
        /// The move.
        mv: Move,
    },
    /// The two-square rule forbids another move back and forth.
    #[error("{mv}: the two-square rule allows only {limit} moves back and forth")]
    TwoSquare {
        /// The move.
        mv: Move,
        /// The rule's limit.
        limit: u8,
    },
}

impl Position {
    /// A position from a board of cells; computes counts and hash.
    pub(crate) fn from_parts(
        board: [Cell; 100],
        army: Army,
        to_move: Player,
        rules: Rules,
        ply: u32,
        quiet: u32,
        shuttle: ByPlayer<Shuttle>,
    ) -> Position {
        let mut counts = ByPlayer::new([0u8; 12], [0u8; 12]);
        for &c in &board {
            if c != cell::EMPTY {
                let r = usize::from(cell::rank_code(c));
                if let Some(n) = counts[cell::owner(c)].get_mut(r) {
                    *n = n.saturating_add(1);
                }
            }
        }
        let mut pos = Position {
            board,
            to_move,
            rules,
            army,
            ply,
            quiet,
            shuttle: if rules.two_square.is_some() {
                shuttle
            } else {
                ByPlayer::default()
            },
            counts,
            masks: ByPlayer::from_fn(|p| SideMasks::from_board(&board, p)),
            chase: Chase::default(),
            hash: 0,
        };
        pos.hash = pos.zobrist_from_scratch();
        pos
    }

    /// The rules this game is played by.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Changes the rules (the two-square and chase states are cleared when
    /// their rules are turned off).
    pub fn set_rules(&mut self, rules: Rules) {
        let chase = self.chase;
        *self = Position::from_parts(
            self.board,
            self.army,
            self.to_move,
            rules,
            self.ply,
            self.quiet,
            self.shuttle,
        );
        if rules.more_squares {
            self.chase = chase;
            self.hash = self.zobrist_from_scratch();
        }
    }

    /// The piece set (classic or Barrage).
    #[must_use]
    pub fn army(&self) -> Army {
        self.army
    }

    /// The piece on `sq`, with what its opponent knows of it.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<BoardPiece> {
        cell::board_piece(self.board[sq.index()])
    }

    /// Plies (half-moves) played.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Plies played since the last battle.
    #[must_use]
    pub fn plies_without_battle(&self) -> u32 {
        self.quiet
    }

    /// Why the game ended, `None` while it goes on.
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        self.outcome()?;
        let both = [Player::First, Player::Second];
        let mut flagless = both.into_iter().filter(|&p| self.count(p, Rank::Flag) == 0);
        match (flagless.next(), flagless.next()) {
            (Some(_), Some(_)) => return Some(EndReason::BothFlagsCaptured),
            (Some(side), None) => return Some(EndReason::FlagCaptured { side }),
            _ => {}
        }
        let rules = self.rules();
        let immobile = |p: Player| self.movable_count(p) == 0;
        if rules.immobile_side_loses_at_once
            && let Some(side) = both.into_iter().find(|&p| immobile(p))
        {
            return Some(EndReason::NoMovablePieces { side });
        }
        if let Some(plies) = rules.max_plies.filter(|&m| self.ply >= m) {
            return Some(EndReason::PlyLimit { plies });
        }
        if let Some(plies) = rules.max_plies_without_battle.filter(|&m| self.quiet >= m) {
            return Some(EndReason::NoBattleLimit { plies });
        }
        let mut stuck = both.into_iter().filter(|&p| !self.can_move(p));
        Some(match (stuck.next(), stuck.next()) {
            (Some(side), None) if immobile(side) => EndReason::NoMovablePieces { side },
            (Some(side), None) => EndReason::CannotMove { side },
            _ => EndReason::NeitherCanMove,
        })
    }

    /// How many pieces of `rank` `owner` still has.
    #[must_use]
    pub fn count(&self, owner: Player, rank: Rank) -> u8 {
        self.counts[owner][rank.index()]
    }

    /// How many movable pieces `owner` still has.
    #[must_use]
    pub fn movable_count(&self, owner: Player) -> u32 {
        Rank::ALL
            .into_iter()
            .filter(|r| r.is_movable())
            .map(|r| u32::from(self.counts[owner][r.index()]))
            .sum()
    }

    /// The number of moves back and forth `player` has just made under the
    /// two-square rule (0 when it is off).
    #[must_use]
    pub fn two_square_count(&self, player: Player) -> u8 {
        self.shuttle[player].count
    }

    pub(crate) fn gen_rules(&self, player: Player) -> GenRules {
        GenRules {
            range_attack: self.rules.scout_range_attack,
            two_square: self.rules.two_square,
            shuttle: self.shuttle[player],
        }
    }

    fn early_end(&self) -> Option<Outcome> {
        early_end(&self.counts, &self.rules, self.ply, self.quiet)
    }

    /// Whether `player` could move if it were its turn.
    #[must_use]
    pub fn can_move(&self, player: Player) -> bool {
        if self.rules.more_squares && self.chase.chaser == Some(player) {
            let mut moves = MoveList::new();
            self.legal_moves_of(player, &mut moves);
            return !moves.is_empty();
        }
        movegen::has_move(
            &self.masks[player],
            &self.masks[!player],
            self.gen_rules(player),
        )
    }

    /// Checks `mv` and says precisely why it is illegal.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMoveError> {
        if self.early_end().is_some() {
            return Err(IllegalMoveError::GameOver { mv });
        }
        let me = self.to_move;
        let c = self.board[mv.from.index()];
        if c == cell::EMPTY {
            return Err(IllegalMoveError::NoPiece { mv });
        }
        if !cell::is_own(c, me) {
            return Err(IllegalMoveError::NotYours { mv });
        }
        let rank = cell::rank(c).unwrap_or(Rank::Flag);
        if !rank.is_movable() {
            return Err(IllegalMoveError::Immobile { mv, rank });
        }
        let Some((dir, dist)) = mv.line() else {
            return Err(IllegalMoveError::NotStraight { mv });
        };
        if dist > 1 && rank != Rank::Scout {
            return Err(IllegalMoveError::TooFar { mv, rank });
        }
        let mut sq = mv.from;
        for _ in 1..dist {
            sq = sq.step(dir).unwrap_or(mv.to);
            if sq.is_lake() {
                return Err(IllegalMoveError::Lake { mv, lake: sq });
            }
            if self.board[sq.index()] != cell::EMPTY {
                return Err(IllegalMoveError::Blocked { mv, at: sq });
            }
        }
        if mv.to.is_lake() {
            return Err(IllegalMoveError::Lake { mv, lake: mv.to });
        }
        let t = self.board[mv.to.index()];
        if t == cell::EMPTY {
            if let Some(limit) = self.rules.two_square {
                let next = self.shuttle[me].next(mv.from.index() as u8, mv.to.index() as u8);
                if next.count > limit {
                    return Err(IllegalMoveError::TwoSquare { mv, limit });
                }
            }
            if self.chase_forbids(me, mv.from.index() as u8, mv.to.index() as u8) {
                return Err(IllegalMoveError::MoreSquares { mv });
            }
        } else if cell::is_own(t, me) {
            return Err(IllegalMoveError::OwnPiece { mv });
        } else if dist > 1 && !self.rules.scout_range_attack {
            return Err(IllegalMoveError::RangeAttack { mv });
        }
        Ok(())
    }

    /// Plays `mv` if legal and reports what happened (the battle, if any).
    pub fn play_move(&mut self, mv: Move) -> Result<MoveReport, IllegalMoveError> {
        self.check(mv)?;
        Ok(self.apply(mv))
    }

    /// Plays a legal move without checking and reports what happened.
    pub fn apply(&mut self, mv: Move) -> MoveReport {
        let (f, t) = (mv.from.index(), mv.to.index());
        let me = self.to_move;
        let a = self.board[f];
        let d = self.board[t];
        let attacker = cell::rank(a).unwrap_or(Rank::Scout);
        let piece = Piece {
            owner: me,
            rank: attacker,
        };
        let mut h = self.hash ^ key(f, a) ^ key(t, d) ^ SIDE_KEY;
        let mut report = MoveReport {
            mv,
            piece,
            battle: None,
        };
        let long = mv.line().is_some_and(|(_, n)| n > 1);
        let moved = a | cell::MOVED | if long { cell::REVEALED } else { 0 };
        let new_from;
        let new_to;
        if d == cell::EMPTY {
            new_from = cell::EMPTY;
            new_to = moved;
            self.quiet = self.quiet.saturating_add(1);
            if self.rules.two_square.is_some() {
                let old = self.shuttle[me];
                let new = old.next(f as u8, t as u8);
                h ^= old.digest(SHUTTLE_SALT[me]) ^ new.digest(SHUTTLE_SALT[me]);
                self.shuttle[me] = new;
            }
        } else {
            let defender = cell::rank(d).unwrap_or(Rank::Flag);
            let result = battle(attacker, defender);
            report.battle = Some((
                Piece {
                    owner: !me,
                    rank: defender,
                },
                result,
            ));
            new_from = cell::EMPTY;
            match result {
                Battle::AttackerWins => {
                    new_to = moved | cell::REVEALED;
                    self.lose(!me, defender);
                }
                Battle::DefenderWins => {
                    new_to = d | cell::REVEALED;
                    self.lose(me, attacker);
                }
                Battle::BothRemoved => {
                    new_to = cell::EMPTY;
                    self.lose(me, attacker);
                    self.lose(!me, defender);
                }
            }
            self.quiet = 0;
            let old = self.shuttle[me];
            h ^= old.digest(SHUTTLE_SALT[me]);
            self.shuttle[me] = Shuttle::default();
        }
        self.put(f, new_from);
        self.put(t, new_to);
        h ^= key(f, new_from) ^ key(t, new_to);
        if self.rules.more_squares {
            let their_last = self.chase.last_to[(!me).index()];
            let stands = their_last < 100 && cell::is_own(self.board[usize::from(their_last)], !me);
            let digest = occupancy_digest(self.masks.first.occ, self.masks.second.occ);
            let old = self.chase;
            self.chase = old.after(me, f as u8, t as u8, d != cell::EMPTY, digest, stands);
            h ^= old.digest() ^ self.chase.digest();
        }
        self.hash = h;
        self.ply = self.ply.saturating_add(1);
        self.to_move = !me;
        report
    }

    /// Whether the more-squares rule forbids `me`'s move `from`-`to` (onto
    /// an empty square).
    #[inline]
    fn chase_forbids(&self, me: Player, from: u8, to: u8) -> bool {
        self.rules.more_squares
            && self
                .chase
                .forbids(me, from, to, self.masks.first.occ, self.masks.second.occ)
    }

    /// Sets square `i` to `c`, keeping the bitboards in step.
    #[inline]
    fn put(&mut self, i: usize, c: Cell) {
        let old = self.board[i];
        if old != cell::EMPTY {
            self.masks[cell::owner(old)].remove(i);
        }
        if c != cell::EMPTY {
            self.masks[cell::owner(c)].add(i, c);
        }
        self.board[i] = c;
    }

    #[inline]
    fn lose(&mut self, owner: Player, rank: Rank) {
        let n = &mut self.counts[owner][rank.index()];
        *n = n.saturating_sub(1);
    }

    /// The legal moves of `player` as if it were to move (used to show a
    /// waiting player its options; empty when the game is over).
    pub fn legal_moves_of(&self, player: Player, moves: &mut MoveList) {
        moves.clear();
        if self.early_end().is_none() {
            movegen::generate(
                &self.masks[player],
                &self.masks[!player],
                self.gen_rules(player),
                moves,
            );
            if self.rules.more_squares && self.chase.chaser == Some(player) {
                moves.retain(|m| {
                    self.board[m.to.index()] != cell::EMPTY
                        || !self.chase_forbids(player, m.from.index() as u8, m.to.index() as u8)
                });
            }
        }
    }
}

/// The end of the game by flag capture, immobility (with
/// [`Rules::immobile_side_loses_at_once`]) or a move limit: every end but
/// "the side to move cannot move". Depends on public facts only.
pub(crate) fn early_end(
    counts: &ByPlayer<[u8; 12]>,
    rules: &Rules,
    ply: u32,
    quiet: u32,
) -> Option<Outcome> {
    let decide = |red_lost: bool, blue_lost: bool| match (red_lost, blue_lost) {
        (true, true) => Some(Outcome::Draw),
        (true, false) => Some(Outcome::Win(Player::Second)),
        (false, true) => Some(Outcome::Win(Player::First)),
        (false, false) => None,
    };
    let flag_lost = |p: Player| counts[p][Rank::Flag.index()] == 0;
    if let Some(o) = decide(flag_lost(Player::First), flag_lost(Player::Second)) {
        return Some(o);
    }
    if rules.immobile_side_loses_at_once {
        let immobile = |p: Player| {
            Rank::ALL
                .into_iter()
                .filter(|r| r.is_movable())
                .all(|r| counts[p][r.index()] == 0)
        };
        if let Some(o) = decide(immobile(Player::First), immobile(Player::Second)) {
            return Some(o);
        }
    }
    if rules.max_plies.is_some_and(|m| ply >= m)
        || rules.max_plies_without_battle.is_some_and(|m| quiet >= m)
    {
        return Some(Outcome::Draw);
    }
    None
}

/// Why a game of Stratego ended, from [`Position::end_reason`]; its
/// `Display` says it in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// `side`'s Flag is captured.
    FlagCaptured {
        /// The side that lost its Flag.
        side: Player,
    },
    /// Both Flags are captured (only where the rules let a game go on
    /// after the first).
    BothFlagsCaptured,
    /// `side` has no movable piece left.
    NoMovablePieces {
        /// The side without movable pieces.
        side: Player,
    },
    /// `side` has movable pieces but no legal move.
    CannotMove {
        /// The side that cannot move.
        side: Player,
    },
    /// Neither side can move.
    NeitherCanMove,
    /// A draw: the rules' limit of plies.
    PlyLimit {
        /// The limit.
        plies: u32,
    },
    /// A draw: the rules' limit of plies without a battle.
    NoBattleLimit {
        /// The limit.
        plies: u32,
    },
}

impl core::fmt::Display for EndReason {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            EndReason::FlagCaptured { side } => write!(f, "{}'s flag is captured", colour(side)),
            EndReason::BothFlagsCaptured => f.write_str("both flags are captured"),
            EndReason::NoMovablePieces { side } => {
                write!(f, "{} has no movable pieces left", colour(side))
            }
            EndReason::CannotMove { side } => write!(f, "{} cannot move", colour(side)),
            EndReason::NeitherCanMove => f.write_str("neither side can move"),
            EndReason::PlyLimit { plies } => write!(f, "{plies} plies, the limit of the rules"),
            EndReason::NoBattleLimit { plies } => {
                write!(f, "{plies} plies without a battle, the limit of the rules")
            }
        }
    }
}

/// Red moves first, Blue second.
impl SideNames for Position {
    fn side_name(&self, player: Player) -> &'static str {
        colour(player)
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

    fn legal_moves(&self, moves: &mut MoveList) {
        self.legal_moves_of(self.to_move, moves);
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        self.play_move(mv).map(|_| ())
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.early_end() {
            return Some(o);
        }
        if self.can_move(self.to_move) {
            None
        } else if self.can_move(!self.to_move) {
            Some(Outcome::Win(!self.to_move))
        } else {
            Some(Outcome::Draw)
        }
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }
}

/// The hash covers every piece with its revealed and moved marks, the side
/// to move, both sides' two-square series and (with the more-squares rule)
/// the chase in progress; not the ply counters (they
/// only decide when a move limit ends the game).
impl ZobristHash for Position {
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = 0;
        for (sq, &c) in self.board.iter().enumerate() {
            h ^= key(sq, c);
        }
        if self.to_move == Player::Second {
            h ^= SIDE_KEY;
        }
        for p in Player::ALL {
            h ^= self.shuttle[p].digest(SHUTTLE_SALT[p]);
        }
        if self.rules.more_squares {
            h ^= self.chase.digest();
        }
        h
    }
}

/// What [`Undo::unmake`] needs to restore a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UndoInfo {
    from: Cell,
    to: Cell,
    shuttle: Shuttle,
    quiet: u32,
    counts: ByPlayer<[u8; 12]>,
    chase: Chase,
    hash: u64,
}

impl Undo for Position {
    type Undo = UndoInfo;

    fn make(&mut self, mv: Move) -> UndoInfo {
        let undo = UndoInfo {
            from: self.board[mv.from.index()],
            to: self.board[mv.to.index()],
            shuttle: self.shuttle[self.to_move],
            quiet: self.quiet,
            counts: self.counts,
            chase: self.chase,
            hash: self.hash,
        };
        self.apply(mv);
        undo
    }

    fn unmake(&mut self, mv: Move, undo: UndoInfo) {
        self.to_move = !self.to_move;
        self.ply = self.ply.saturating_sub(1);
        self.put(mv.from.index(), undo.from);
        self.put(mv.to.index(), undo.to);
        self.shuttle[self.to_move] = undo.shuttle;
        self.quiet = undo.quiet;
        self.counts = undo.counts;
        self.chase = undo.chase;
        self.hash = undo.hash;
    }
}

//! [`Position`]: a board with its colour to move and Zobrist hash; the type
//! that implements the `board-core` traits. Also its FFO text form.

use core::fmt;

use board_core::{ByPlayer, Game, Outcome, Player, SideNames, Undo, ZobristHash};

use crate::bitboard::{self, squares};
use crate::{Board, Diagram, Move, MoveList, Square, Symmetry, hash};

/// A Reversi position: the discs, the colour to move and a Zobrist hash
/// kept up to date.
///
/// Black is [`Player::First`] (it moves first from the start position),
/// White is [`Player::Second`]. A `Position` is always valid: it is built
/// from the start position, by [`Position::from_setup`] (which refuses
/// overlapping discs) or by parsing, and playing legal moves keeps it so.
///
/// Its text form is the FFO one: 64 characters for `a1`, `b1`, ..., `h8`
/// (`X` Black, `O` White, `-` empty), a space, and `X` or `O` for the side
/// to move. Parsing also accepts `*` for Black, `.` for empty, lower case,
/// and `Black`/`White` (or `B`/`W`) for the side.
///
/// ```
/// use board_core::{Game, Player};
/// use reversi_rules::{Move, Position};
/// let mut pos = Position::start();
/// pos.play("f5".parse()?)?;
/// assert_eq!(pos.to_move(), Player::Second);
/// assert_eq!(
///     pos.to_string(),
///     "---------------------------OX------XXX-------------------------- O"
/// );
/// assert_eq!(pos.to_string().parse::<Position>()?, pos);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    to_move: Player,
    hash: u64,
}

/// Why a move was refused by a checked `play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMoveError {
    /// The game is over: nobody can move.
    #[error("{mv}: the game is over")]
    GameOver {
        /// The refused move.
        mv: Move,
    },
    /// The square already holds a disc.
    #[error("{square}: the square is not empty")]
    Occupied {
        /// The refused square.
        square: Square,
    },
    /// The player has no legal move and must pass.
    #[error("{square}: the player has no legal move and must pass")]
    MustPass {
        /// The refused square.
        square: Square,
    },
    /// Placing there would flip no disc.
    #[error("{square}: flips no disc")]
    FlipsNothing {
        /// The refused square.
        square: Square,
    },
    /// A pass while the player has legal moves.
    #[error("pass: the player has {moves} legal move(s) and may not pass")]
    PassNotAllowed {
        /// How many legal moves the player has.
        moves: u32,
    },
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The start position: d4 and e5 White, d5 and e4 Black, Black to move.
    #[must_use]
    pub fn start() -> Position {
        Position::from_board(Board::start(), Player::First)
    }

    /// The position of a side-relative board when `to_move` is to move.
    #[must_use]
    pub fn from_board(board: Board, to_move: Player) -> Position {
        let mut pos = Position {
            board,
            to_move,
            hash: 0,
        };
        pos.hash = pos.zobrist_from_scratch();
        pos
    }

    /// The side-relative board (the fast layer).
    #[inline]
    #[must_use]
    pub const fn board(&self) -> Board {
        self.board
    }

    /// The discs of `player` (Black is [`Player::First`]).
    #[inline]
    #[must_use]
    pub const fn discs(&self, player: Player) -> u64 {
        if player.index() == self.to_move.index() {
            self.board.player()
        } else {
            self.board.opponent()
        }
    }

    /// The Black discs.
    #[inline]
    #[must_use]
    pub const fn black(&self) -> u64 {
        self.discs(Player::First)
    }

    /// The White discs.
    #[inline]
    #[must_use]
    pub const fn white(&self) -> u64 {
        self.discs(Player::Second)
    }

    /// Who has a disc on `square`.
    #[must_use]
    pub const fn at(&self, square: Square) -> Option<Player> {
        if self.black() & square.bit() != 0 {
            Some(Player::First)
        } else if self.white() & square.bit() != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The number of discs of each colour.
    #[must_use]
    pub const fn disc_counts(&self) -> ByPlayer<u32> {
        ByPlayer::new(self.black().count_ones(), self.white().count_ones())
    }

    /// `player`'s discs less the opponent's (empty squares count for
    /// nobody; see [`Board::final_score`] for the count that gives them to
    /// the winner).
    ///
    /// ```
    /// use board_core::Player;
    /// use reversi_rules::Position;
    /// let pos = *"d3c3b3d2e1d6d7e3f4".parse::<reversi_rules::Reversi>()?.position();
    /// assert_eq!(pos.disc_difference(Player::First), 13);
    /// assert_eq!(pos.disc_difference(Player::Second), -13);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn disc_difference(&self, player: Player) -> i32 {
        let c = self.disc_counts();
        let black = c.first as i32 - c.second as i32;
        match player {
            Player::First => black,
            Player::Second => -black,
        }
    }

    /// The number of empty squares.
    #[must_use]
    pub const fn empty_count(&self) -> u32 {
        self.board.empties().count_ones()
    }

    /// Why the game ended, `None` while it goes on.
    ///
    /// ```
    /// use reversi_rules::{EndReason, Position};
    /// assert_eq!(Position::start().end_reason(), None);
    /// let full: Position = format!("{} X", "X".repeat(64)).parse()?;
    /// assert_eq!(full.end_reason(), Some(EndReason::BoardFull));
    /// assert_eq!(EndReason::BoardFull.to_string(), "the board is full");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        if !self.board.is_game_over() {
            return None;
        }
        Some(match self.empty_count() {
            0 => EndReason::BoardFull,
            empty => EndReason::NoMoves { empty },
        })
    }

    /// The squares where the side to move may place a disc, as a bitboard.
    #[inline]
    #[must_use]
    pub const fn legal_squares(&self) -> u64 {
        self.board.moves()
    }

    /// Whether the side to move has no move but the other side has one.
    #[must_use]
    pub const fn must_pass(&self) -> bool {
        self.board.must_pass()
    }

    /// Whether neither side can move.
    #[must_use]
    pub const fn is_game_over(&self) -> bool {
        self.board.is_game_over()
    }

    /// The final score for `player`: its discs less the other's, the empty
    /// squares going to the winner. Meaningful once the game is over.
    #[must_use]
    pub const fn score_for(&self, player: Player) -> i32 {
        if player.index() == self.to_move.index() {
            self.board.final_score()
        } else {
            -self.board.final_score()
        }
    }

    /// Why `mv` is not legal here, or `Ok` with the discs it flips (zero for
    /// a pass).
    pub fn check(&self, mv: Move) -> Result<u64, IllegalMoveError> {
        let moves = self.board.moves();
        match mv {
            Move::Pass => {
                if moves != 0 {
                    Err(IllegalMoveError::PassNotAllowed {
                        moves: moves.count_ones(),
                    })
                } else if self.board.is_game_over() {
                    Err(IllegalMoveError::GameOver { mv })
                } else {
                    Ok(0)
                }
            }
            Move::Place(square) => {
                if moves == 0 {
                    if self.board.is_game_over() {
                        Err(IllegalMoveError::GameOver { mv })
                    } else {
                        Err(IllegalMoveError::MustPass { square })
                    }
                } else if self.board.empties() & square.bit() == 0 {
                    Err(IllegalMoveError::Occupied { square })
                } else {
                    match self.board.flips(square) {
                        0 => Err(IllegalMoveError::FlipsNothing { square }),
                        flips => Ok(flips),
                    }
                }
            }
        }
    }

    /// Plays `mv` whose flips are known.
    #[inline]
    fn apply(&mut self, mv: Move, flips: u64) {
        match mv {
            Move::Place(sq) => {
                self.hash ^= hash::move_delta(self.to_move, sq.index() as u8, flips);
                // Masked so that even an illegal move keeps the sides disjoint.
                self.board = self.board.apply(sq.bit() & self.board.empties(), flips);
            }
            Move::Pass => {
                self.hash ^= hash::side_key();
                self.board = self.board.pass();
            }
        }
        self.to_move = !self.to_move;
    }

    /// The image of this position under a symmetry (same side to move).
    #[must_use]
    pub fn symmetric(&self, symmetry: Symmetry) -> Position {
        Position::from_board(symmetry.board(self.board), self.to_move)
    }

    /// The least symmetric image (see [`Board::canonical`]) and the
    /// symmetry that gives it.
    #[must_use]
    pub fn canonical(&self) -> (Position, Symmetry) {
        let (board, symmetry) = self.board.canonical();
        (Position::from_board(board, self.to_move), symmetry)
    }

    /// A printable 8x8 diagram of the position (`X` Black, `O` White, `.`
    /// empty, `*` the legal moves), with coordinates, and a last line with
    /// the disc count and who is to move, or how the game ended.
    ///
    /// ```
    /// use board_core::Game;
    /// use reversi_rules::{Move, Position, Square};
    ///
    /// let pos = Position::start();
    /// let text = pos.diagram().to_string();
    /// assert!(text.ends_with("Black 2 - White 2, Black (X) to move"));
    /// // The last move, marked with `>` before its square.
    /// let f5: Square = "f5".parse().unwrap();
    /// let mut after = pos;
    /// after.play(Move::Place(f5)).unwrap();
    /// assert!(after.diagram().marked(f5).to_string().contains(">X"));
    /// ```
    #[must_use]
    pub fn diagram(&self) -> Diagram<'_> {
        Diagram {
            pos: self,
            marked: None,
        }
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
        moves.clear();
        let bits = self.board.moves();
        if bits != 0 {
            for sq in squares(bits) {
                moves.push(Move::Place(Square::from_coords_const(sq % 8, sq / 8)));
            }
        } else if bitboard::moves(self.board.opponent(), self.board.player()) != 0 {
            moves.push(Move::Pass);
        }
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        let flips = match mv {
            Move::Place(sq) => self.board.flips(sq),
            Move::Pass => 0,
        };
        self.apply(mv, flips);
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let flips = self.check(mv)?;
        self.apply(mv, flips);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.board.is_game_over() {
            return None;
        }
        let ByPlayer { first, second } = self.disc_counts();
        Some(match first.cmp(&second) {
            core::cmp::Ordering::Greater => Outcome::Win(Player::First),
            core::cmp::Ordering::Less => Outcome::Win(Player::Second),
            core::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }
}

/// Why a game of Reversi ended, from [`Position::end_reason`]; its
/// `Display` says it in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// Every square is taken.
    BoardFull,
    /// Neither side can place a disc, with squares still empty.
    NoMoves {
        /// How many squares are empty.
        empty: u32,
    },
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndReason::BoardFull => f.write_str("the board is full"),
            EndReason::NoMoves { empty } => {
                write!(f, "neither side can move, {empty} squares empty")
            }
        }
    }
}

/// Black moves first, White second.
impl SideNames for Position {
    fn side_name(&self, player: Player) -> &'static str {
        match player {
            Player::First => "Black",
            Player::Second => "White",
        }
    }
}

impl ZobristHash for Position {
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        hash::from_scratch(self.black(), self.white(), self.to_move)
    }
}

/// What [`Undo::unmake`] needs to take a move back: the position before
/// it (24 bytes, cheaper to copy back than to recompute the flips).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UndoInfo {
    before: Position,
}

impl Undo for Position {
    type Undo = UndoInfo;

    fn make(&mut self, mv: Move) -> UndoInfo {
        let before = *self;
        self.play_unchecked(mv);
        UndoInfo { before }
    }

    fn unmake(&mut self, _mv: Move, undo: UndoInfo) {
        *self = undo.before;
    }
}

#[cfg(feature = "serde")]
board_core::serde_as_text!(Position);

//! [`Board`]: the raw, side-relative bitboard pair that engines search on.

use board_core::FinishedGames;

use crate::{Move, Square, bitboard};

/// A position seen from the side to move: the discs of the player to move
/// and of the opponent, two `u64` bitboards (bit `i` is the square of
/// [`index`](Square::index) `i`).
///
/// This is the fast layer: `Copy`, 16 bytes, no colours, no hash, no
/// history; playing a move returns the next board with the roles swapped.
/// [`Position`](crate::Position) adds the colour to move and a Zobrist hash
/// and implements the `board-core` traits; [`Reversi`](crate::Reversi) adds
/// the rule-checked history.
///
/// A `Board` is valid by construction: [`Board::new`] refuses discs of both
/// sides on one square.
///
/// ```
/// use reversi_rules::{Board, Square};
/// let start = Board::start();
/// assert_eq!(start.moves().count_ones(), 4);
/// let f5: Square = "f5".parse()?;
/// let next = start.play(f5).expect("f5 is legal");
/// // White to move now: 1 white disc, 4 black ones.
/// assert_eq!((next.player().count_ones(), next.opponent().count_ones()), (1, 4));
/// # Ok::<(), reversi_rules::ParseSquareError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Board {
    player: u64,
    opponent: u64,
}

/// Why a pair of bitboards is not a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Some squares hold a disc of both sides.
    #[error("{} square(s) hold discs of both sides, the first {}", .0.count_ones(), Square::first_of(*.0).map_or_else(String::new, |s| s.to_string()))]
    Overlap(u64),
}

impl Default for Board {
    fn default() -> Board {
        Board::start()
    }
}

impl Board {
    /// The start position, Black to move: Black on d5 and e4, White on d4
    /// and e5.
    #[must_use]
    pub const fn start() -> Board {
        Board {
            player: (1 << 28) | (1 << 35),
            opponent: (1 << 27) | (1 << 36),
        }
    }

    /// The board with these discs of the side to move and of the other
    /// side, unless some square holds both.
    pub const fn new(player: u64, opponent: u64) -> Result<Board, BoardError> {
        if player & opponent != 0 {
            Err(BoardError::Overlap(player & opponent))
        } else {
            Ok(Board { player, opponent })
        }
    }

    /// The board from two bitboards known not to overlap.
    #[inline]
    pub(crate) const fn from_parts(player: u64, opponent: u64) -> Board {
        Board { player, opponent }
    }

    /// The discs of the side to move.
    #[inline]
    #[must_use]
    pub const fn player(self) -> u64 {
        self.player
    }

    /// The discs of the side not to move.
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> u64 {
        self.opponent
    }

    /// The empty squares.
    #[inline]
    #[must_use]
    pub const fn empties(self) -> u64 {
        !(self.player | self.opponent)
    }

    /// The squares where the side to move may place a disc.
    #[inline]
    #[must_use]
    pub const fn moves(self) -> u64 {
        bitboard::moves(self.player, self.opponent)
    }

    /// The discs that placing on `square` would flip: zero when the square
    /// is occupied or the move flips nothing (it is then illegal).
    #[inline]
    #[must_use]
    pub fn flips(self, square: Square) -> u64 {
        if self.empties() & square.bit() == 0 {
            return 0;
        }
        bitboard::flips(square.index(), self.player, self.opponent)
    }

    /// Whether the side to move may place a disc on `square`.
    #[inline]
    #[must_use]
    pub fn is_legal(self, square: Square) -> bool {
        self.flips(square) != 0
    }

    /// The board after the side to move places on `square`, if that is
    /// legal; the other side is then to move.
    #[must_use]
    pub fn play(self, square: Square) -> Option<Board> {
        let flips = self.flips(square);
        (flips != 0).then(|| self.apply(square.bit(), flips))
    }

    /// The board after placing on `square`, which must be a legal move.
    /// Given an illegal one, the result is unspecified but still a valid
    /// board.
    #[inline]
    #[must_use]
    pub fn play_unchecked(self, square: Square) -> Board {
        let flips = bitboard::flips(square.index(), self.player, self.opponent);
        self.apply(square.bit() & !self.opponent, flips)
    }

    /// Places the disc `bit` and flips `flips`, then swaps the sides.
    #[inline(always)]
    pub(crate) const fn apply(self, bit: u64, flips: u64) -> Board {
        Board {
            player: self.opponent & !flips,
            opponent: self.player | flips | bit,
        }
    }

    /// The board after a pass: the same discs, the other side to move.
    #[inline]
    #[must_use]
    pub const fn pass(self) -> Board {
        Board {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// Plays a [`Move`] (placing or passing) without checking it.
    #[inline]
    #[must_use]
    pub fn play_move_unchecked(self, mv: Move) -> Board {
        match mv {
            Move::Place(sq) => self.play_unchecked(sq),
            Move::Pass => self.pass(),
        }
    }

    /// The boards after each legal placing move of the side to move, with
    /// the square played, in square order (nothing when it must pass).
    ///
    /// ```
    /// use reversi_rules::Board;
    /// let children: Vec<String> = Board::start().children().map(|(sq, _)| sq.to_string()).collect();
    /// assert_eq!(children, ["d3", "c4", "f5", "e6"]);
    /// ```
    #[inline]
    #[must_use]
    pub const fn children(self) -> Children {
        Children::new(self, self.moves())
    }

    /// Whether the side to move has no move but the other side has one.
    #[inline]
    #[must_use]
    pub const fn must_pass(self) -> bool {
        self.moves() == 0 && bitboard::moves(self.opponent, self.player) != 0
    }

    /// Whether neither side can move: the game is over.
    #[inline]
    #[must_use]
    pub const fn is_game_over(self) -> bool {
        self.moves() == 0 && bitboard::moves(self.opponent, self.player) == 0
    }

    /// The number of discs of the side to move and of the other side.
    #[inline]
    #[must_use]
    pub const fn disc_counts(self) -> (u32, u32) {
        (self.player.count_ones(), self.opponent.count_ones())
    }

    /// The final score from the side to move's point of view: its discs
    /// less the opponent's, the empty squares going to the winner (the
    /// World Othello Federation count used by FFO and solvers). Meaningful
    /// once the game is over; on any board it is the score the game would
    /// have if it ended here.
    ///
    /// ```
    /// use reversi_rules::Board;
    /// // 10 discs against 5, 49 empties: the winner takes them all.
    /// let b = Board::new(0x3FF, 0x1F << 20)?;
    /// assert_eq!(b.final_score(), 54);
    /// assert_eq!(b.pass().final_score(), -54);
    /// # Ok::<(), reversi_rules::BoardError>(())
    /// ```
    #[must_use]
    pub const fn final_score(self) -> i32 {
        let (p, o) = self.disc_counts();
        let diff = p as i32 - o as i32;
        let empties = 64 - p as i32 - o as i32;
        if diff > 0 {
            diff + empties
        } else if diff < 0 {
            diff - empties
        } else {
            0
        }
    }

    /// The number of move paths of length `depth` (a pass counts as a
    /// ply), with games that end earlier counted as `finished` says. See
    /// [`crate::perft`] for the fast implementation and its conventions.
    #[must_use]
    pub fn perft(self, depth: u32, finished: FinishedGames) -> u64 {
        crate::perft::perft(self, depth, finished)
    }
}

/// The boards after each legal move, from [`Board::children`].
#[derive(Debug, Clone)]
pub struct Children {
    board: Board,
    moves: u64,
}

impl Children {
    /// The children by the `moves` (legal squares) of `board`.
    #[inline(always)]
    pub(crate) const fn new(board: Board, moves: u64) -> Children {
        Children { board, moves }
    }
}

impl Iterator for Children {
    type Item = (Square, Board);

    #[inline(always)]
    fn next(&mut self) -> Option<(Square, Board)> {
        if self.moves == 0 {
            return None;
        }
        let index = self.moves.trailing_zeros() as u8;
        self.moves &= self.moves - 1;
        let flips = bitboard::flips(index as usize, self.board.player, self.board.opponent);
        let square = Square::from_coords_const(index % 8, index / 8);
        Some((square, self.board.apply(square.bit(), flips)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.moves.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Children {}

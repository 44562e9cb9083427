//! What one player knows: its own ranks, every revealed rank, which enemy
//! pieces have moved, and the public counters. Implements `board-core`'s
//! [`Observable`] and [`Determinize`].

use core::fmt;

use arrayvec::ArrayVec;
use board_core::rand_core::RngCore;
use board_core::{ByPlayer, Determinize, Observable, Player};

use crate::cell::{self, Cell};
use crate::chase::Chase;
use crate::diagram::{Diagram, Shows};
use crate::position::early_end;
use crate::setup::shuffle;
use crate::shuttle::Shuttle;
use crate::{Army, MoveList, Position, Rank, Rules, Square, movegen};

/// One player's view of a game. It never holds a hidden rank: two
/// positions that differ only in ranks the viewer has not seen give equal
/// views (a property test checks it).
///
/// Every rank still on the board per side is public (every removed piece
/// was revealed in its battle), so the view also tells how many pieces of
/// each rank the opponent has left.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct View {
    pub(crate) viewer: Player,
    pub(crate) board: [Cell; 100],
    pub(crate) to_move: Player,
    pub(crate) rules: Rules,
    pub(crate) army: Army,
    pub(crate) ply: u32,
    pub(crate) quiet: u32,
    pub(crate) shuttle: ByPlayer<Shuttle>,
    pub(crate) chase: Chase,
    pub(crate) counts: ByPlayer<[u8; 12]>,
}

/// A square's content as a viewer sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeenPiece {
    /// The owner.
    pub owner: Player,
    /// The rank, if the viewer knows it.
    pub rank: Option<Rank>,
    /// The rank is public: for the viewer's own pieces, the opponent knows
    /// it; for enemy pieces, the viewer learned it (battle or long Scout
    /// move).
    pub revealed: bool,
    /// The piece has moved.
    pub moved: bool,
}

impl View {
    /// The player whose view this is.
    #[must_use]
    pub fn viewer(&self) -> Player {
        self.viewer
    }

    /// The player to move.
    #[must_use]
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The piece set.
    #[must_use]
    pub fn army(&self) -> Army {
        self.army
    }

    /// Plies played.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// What the viewer sees on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<SeenPiece> {
        cell::seen_piece(self.board[sq.index()])
    }

    /// How many pieces of `rank` `owner` has left (public knowledge).
    #[must_use]
    pub fn count(&self, owner: Player, rank: Rank) -> u8 {
        self.counts[owner][rank.index()]
    }

    /// How many of the opponent's remaining pieces of `rank` the viewer has
    /// not located yet (remaining minus revealed on the board).
    #[must_use]
    pub fn unlocated(&self, rank: Rank) -> u8 {
        let enemy = !self.viewer;
        let seen = self
            .board
            .iter()
            .filter(|&&c| cell::is_own(c, enemy) && cell::rank_code(c) == rank as u8)
            .count();
        self.count(enemy, rank)
            .saturating_sub(u8::try_from(seen).unwrap_or(u8::MAX))
    }

    /// The viewer's legal moves when it is to move (empty otherwise, and
    /// when the game is over): the same moves the referee state lists.
    pub fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        let over = early_end(&self.counts, &self.rules, self.ply, self.quiet).is_some();
        if self.to_move != self.viewer || over {
            return;
        }
        let rules = movegen::GenRules {
            range_attack: self.rules.scout_range_attack,
            two_square: self.rules.two_square,
            shuttle: self.shuttle[self.viewer],
        };
        let own = movegen::SideMasks::from_board(&self.board, self.viewer);
        let enemy = movegen::SideMasks::from_board(&self.board, !self.viewer);
        movegen::generate(&own, &enemy, rules, moves);
        if self.rules.more_squares && self.chase.chaser == Some(self.viewer) {
            let (red, blue) = match self.viewer {
                Player::First => (own.occ, enemy.occ),
                Player::Second => (enemy.occ, own.occ),
            };
            moves.retain(|m| {
                enemy.occ & (1u128 << m.to.index()) != 0
                    || !self.chase.forbids(
                        self.viewer,
                        m.from.index() as u8,
                        m.to.index() as u8,
                        red,
                        blue,
                    )
            });
        }
    }

    pub(crate) fn position_with(&self, board: [Cell; 100]) -> Position {
        let mut pos = Position::from_parts(
            board,
            self.army,
            self.to_move,
            self.rules,
            self.ply,
            self.quiet,
            self.shuttle,
        );
        if self.rules.more_squares {
            pos.chase = self.chase;
            pos.hash = board_core::ZobristHash::zobrist_from_scratch(&pos);
        }
        pos
    }

    /// The board as the viewer sees it, for terminals: a [`Diagram`]
    /// (see there for the labels).
    ///
    /// ```
    /// use board_core::{Observable, Player};
    /// use stratego_rules::{Army, Position, Preset, Setup, predefined};
    /// let d = predefined();
    /// let pos = Position::from_setup(Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1), Preset::Battlegeneral.rules())?;
    /// let red = pos.view(Player::First).diagram().to_string();
    /// assert_eq!(red.matches("b?").count(), 40); // Blue's pieces, unknown to Red
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn diagram(&self) -> Diagram<'_> {
        Diagram {
            shows: Shows::View(self),
            turned: false,
        }
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.diagram().fmt(f)
    }
}

/// The unknown enemy ranks to hand out: immovable ones only to unmoved
/// pieces.
struct FillOrder {
    movable: ArrayVec<Rank, 100>,
    immovable: ArrayVec<Rank, 100>,
}

impl FillOrder {
    fn new(view: &View) -> FillOrder {
        let enemy = !view.viewer;
        let mut located = [0u8; 13];
        for &c in &view.board {
            if cell::is_own(c, enemy) {
                let r = usize::from(cell::rank_code(c));
                located[r] = located[r].saturating_add(1);
            }
        }
        let (mut movable, mut immovable) = (ArrayVec::new(), ArrayVec::new());
        for rank in Rank::ALL {
            let n = view
                .count(enemy, rank)
                .saturating_sub(located[rank.index()]);
            let list = if rank.is_movable() {
                &mut movable
            } else {
                &mut immovable
            };
            for _ in 0..n {
                let _ = list.try_push(rank);
            }
        }
        FillOrder { movable, immovable }
    }
}

impl Observable for Position {
    type View = View;

    fn view(&self, player: Player) -> View {
        let mut board = self.board;
        for c in board.iter_mut() {
            if *c != cell::EMPTY && !cell::is_own(*c, player) && *c & cell::REVEALED == 0 {
                *c = (*c & !cell::RANK) | cell::UNKNOWN;
            }
        }
        View {
            viewer: player,
            board,
            to_move: self.to_move,
            rules: self.rules,
            army: self.army,
            ply: self.ply,
            quiet: self.quiet,
            shuttle: self.shuttle,
            chase: self.chase,
            counts: self.counts,
        }
    }
}

impl Determinize for Position {
    /// Fills the unknown enemy pieces with the opponent's unlocated ranks,
    /// uniformly at random among the assignments that give no moved piece a
    /// Bomb or the Flag.
    fn determinize<R: RngCore + ?Sized>(view: &View, rng: &mut R) -> Position {
        let mut unmoved: ArrayVec<u8, 100> = ArrayVec::new();
        let mut rest: ArrayVec<u8, 100> = ArrayVec::new();
        for (i, &c) in view.board.iter().enumerate() {
            if c != cell::EMPTY && cell::rank_code(c) == cell::UNKNOWN {
                let list = if c & cell::MOVED == 0 {
                    &mut unmoved
                } else {
                    &mut rest
                };
                let _ = list.try_push(i as u8);
            }
        }
        let mut fill = FillOrder::new(view);
        // Every assignment that gives no moved piece a Bomb or the Flag is
        // equally likely: the immovable ranks go to random unmoved pieces,
        // then the movable ranks are shuffled over the other unknown pieces.
        shuffle(&mut unmoved, rng);
        let mut board = view.board;
        for (i, &sq) in unmoved.iter().enumerate() {
            match fill.immovable.get(i) {
                Some(r) => {
                    board[usize::from(sq)] = (board[usize::from(sq)] & !cell::RANK) | *r as u8
                }
                None => {
                    let _ = rest.try_push(sq);
                }
            }
        }
        shuffle(&mut fill.movable, rng);
        rest.sort_unstable();
        for (&sq, &r) in rest.iter().zip(fill.movable.iter()) {
            board[usize::from(sq)] = (board[usize::from(sq)] & !cell::RANK) | r as u8;
        }
        // Any piece still unknown (only for an inconsistent view) becomes a
        // Scout if it moved, else a Bomb.
        for c in board.iter_mut() {
            if *c != cell::EMPTY && cell::rank_code(*c) == cell::UNKNOWN {
                let r = if *c & cell::MOVED != 0 {
                    Rank::Scout
                } else {
                    Rank::Bomb
                };
                *c = (*c & !cell::RANK) | r as u8;
            }
        }
        view.position_with(board)
    }
}

//! Following a game from public information only: a [`View`] advanced by
//! the moves both players see ([`PublicMove`]), as a networked client or a
//! program in the UCC 2012 manager must do, with no referee state at hand.

use core::fmt;

use board_core::Player;

use crate::cell::{self, Cell};
use crate::chase::occupancy_digest;
use crate::position::MoveReport;
use crate::{Battle, Move, Position, Rank, Square, View, battle};

/// What both players learn of a move: the move itself and, for an attack,
/// the ranks of the attacker and the defender (a battle reveals both).
///
/// ```
/// use board_core::{Observable, Player};
/// use stratego_rules::{predefined, Army, Position, Rules, Setup};
///
/// let d = predefined();
/// let mut game = Position::from_setup(
///     Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1),
///     Rules::default(),
/// )?;
/// let mut blue = game.view(Player::Second);
/// let report = game.play_move("a4-a6".parse()?)?;
/// blue.observe(report.public())?;
/// assert_eq!(blue, game.view(Player::Second));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PublicMove {
    /// The move.
    pub mv: Move,
    /// For an attack: the attacker's rank and the defender's rank.
    pub battle: Option<(Rank, Rank)>,
}

impl PublicMove {
    /// A move onto an empty square.
    #[must_use]
    pub const fn quiet(mv: Move) -> PublicMove {
        PublicMove { mv, battle: None }
    }

    /// An attack whose battle showed `attacker` and `defender`.
    #[must_use]
    pub const fn attack(mv: Move, attacker: Rank, defender: Rank) -> PublicMove {
        PublicMove {
            mv,
            battle: Some((attacker, defender)),
        }
    }

    /// The result of the battle, for an attack.
    #[must_use]
    pub fn result(&self) -> Option<Battle> {
        self.battle.map(|(a, d)| battle(a, d))
    }
}

impl fmt::Display for PublicMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.battle {
            None => write!(f, "{}", self.mv),
            Some((a, d)) => write!(f, "{} ({a} attacks {d}: {:?})", self.mv, battle(a, d)),
        }
    }
}

impl Position {
    /// What both players will learn of `mv` played here: the move and, for
    /// an attack, both ranks (which the battle reveals). Nothing else of
    /// the hidden state.
    #[must_use]
    pub fn public_move(&self, mv: Move) -> PublicMove {
        let battle = match (self.piece_at(mv.from), self.piece_at(mv.to)) {
            (Some(a), Some(d)) if a.piece.owner != d.piece.owner => {
                Some((a.piece.rank, d.piece.rank))
            }
            _ => None,
        };
        PublicMove { mv, battle }
    }
}

impl MoveReport {
    /// What both players learn of this move (the mover's rank only when it
    /// fought).
    #[must_use]
    pub fn public(&self) -> PublicMove {
        PublicMove {
            mv: self.mv,
            battle: self
                .battle
                .map(|(defender, _)| (self.piece.rank, defender.rank)),
        }
    }
}

/// Why a [`PublicMove`] cannot follow a [`View`]: it contradicts what the
/// viewer knows. The view is left unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ObserveError {
    /// The game is over in this view.
    #[error("{mv}: the game is over")]
    GameOver {
        /// The move.
        mv: Move,
    },
    /// No piece of the side to move stands on the source square.
    #[error("{mv}: no piece of the side to move on {}", mv.from)]
    NoPiece {
        /// The move.
        mv: Move,
    },
    /// The move cannot be made by that piece: not a straight line, a lake or
    /// a piece in the way, onto an own piece, too far for its rank, a Bomb
    /// or the Flag moving, or a rule (two-square, range attack) against it.
    #[error("{mv}: not a legal move here ({why})")]
    Illegal {
        /// The move.
        mv: Move,
        /// What is wrong.
        why: &'static str,
    },
    /// An attack without the ranks of its battle, or ranks for a move onto
    /// an empty square.
    #[error("{mv}: {}", if *.attack { "an attack needs the ranks of its battle" } else { "no battle on an empty square" })]
    BattleMismatch {
        /// The move.
        mv: Move,
        /// Whether the move is an attack.
        attack: bool,
    },
    /// A rank of the battle contradicts what the viewer knows of the piece
    /// on `square`: its known rank, that it moved (so it is no Bomb or
    /// Flag), or that no piece of that rank is left unlocated.
    #[error("{mv}: the piece on {square} cannot be a {rank}")]
    ImpossibleRank {
        /// The move.
        mv: Move,
        /// The square of the piece.
        square: Square,
        /// The rank given for it.
        rank: Rank,
    },
}

impl View {
    /// Advances the view by a move both players saw, exactly as
    /// [`Position::play_move`](crate::Position::play_move) advances the
    /// referee state and [`Observable::view`](board_core::Observable::view)
    /// shows it to this viewer (a property test checks it on random
    /// games). A move the view cannot have (see [`ObserveError`]) leaves it
    /// unchanged.
    pub fn observe(&mut self, public: PublicMove) -> Result<(), ObserveError> {
        let next = self.after(public)?;
        *self = next;
        Ok(())
    }

    fn after(&self, public: PublicMove) -> Result<View, ObserveError> {
        let mv = public.mv;
        let illegal = |why| ObserveError::Illegal { mv, why };
        if crate::position::early_end(&self.counts, &self.rules, self.ply, self.quiet).is_some() {
            return Err(ObserveError::GameOver { mv });
        }
        let me = self.to_move;
        let (f, t) = (mv.from.index(), mv.to.index());
        let a = self.board[f];
        if !cell::is_own(a, me) {
            return Err(ObserveError::NoPiece { mv });
        }
        let Some((dir, dist)) = mv.line() else {
            return Err(illegal("not a straight orthogonal move"));
        };
        let known = |c: Cell| cell::rank(c);
        match known(a) {
            Some(r) if !r.is_movable() => return Err(illegal("a Bomb or the Flag never moves")),
            Some(r) if dist > 1 && r != Rank::Scout => {
                return Err(illegal("only a Scout moves more than one square"));
            }
            None if dist > 1 && self.unlocated_of(me, Rank::Scout) == 0 => {
                return Err(illegal("no unlocated Scout is left to make a long move"));
            }
            _ => {}
        }
        let mut sq = mv.from;
        for _ in 1..dist {
            sq = sq.step(dir).unwrap_or(mv.to);
            if sq.is_lake() || self.board[sq.index()] != cell::EMPTY {
                return Err(illegal("a lake or a piece is in the way"));
            }
        }
        if mv.to.is_lake() {
            return Err(illegal("the target is a lake"));
        }
        let d = self.board[t];
        if cell::is_own(d, me) {
            return Err(illegal("the target holds an own piece"));
        }
        let attack = d != cell::EMPTY;
        if attack != public.battle.is_some() {
            return Err(ObserveError::BattleMismatch { mv, attack });
        }
        if attack && dist > 1 && !self.rules.scout_range_attack {
            return Err(illegal("Scouts attack only from an adjacent square"));
        }
        if !attack
            && let Some(limit) = self.rules.two_square
            && self.shuttle[me].next(f as u8, t as u8).count > limit
        {
            return Err(illegal("the two-square rule forbids it"));
        }
        if !attack
            && self.rules.more_squares
            && self.chase.forbids(
                me,
                f as u8,
                t as u8,
                self.occupancy(Player::First),
                self.occupancy(Player::Second),
            )
        {
            return Err(illegal("the more-squares rule forbids it"));
        }
        let mut next = self.clone();
        let long = dist > 1;
        let mut moved = a | cell::MOVED;
        if long {
            moved = with_rank(moved, Rank::Scout) | cell::REVEALED;
        }
        let new_to = match public.battle {
            None => {
                next.quiet = next.quiet.saturating_add(1);
                if self.rules.two_square.is_some() {
                    next.shuttle[me] = self.shuttle[me].next(f as u8, t as u8);
                }
                moved
            }
            Some((ar, dr)) => {
                self.check_rank(mv, mv.from, a, ar, true)?;
                self.check_rank(mv, mv.to, d, dr, false)?;
                if long && ar != Rank::Scout {
                    return Err(ObserveError::ImpossibleRank {
                        mv,
                        square: mv.from,
                        rank: ar,
                    });
                }
                next.quiet = 0;
                next.shuttle[me] = Default::default();
                match battle(ar, dr) {
                    Battle::AttackerWins => {
                        next.lose(!me, dr);
                        with_rank(moved, ar) | cell::REVEALED
                    }
                    Battle::DefenderWins => {
                        next.lose(me, ar);
                        with_rank(d, dr) | cell::REVEALED
                    }
                    Battle::BothRemoved => {
                        next.lose(me, ar);
                        next.lose(!me, dr);
                        cell::EMPTY
                    }
                }
            }
        };
        next.board[f] = cell::EMPTY;
        next.board[t] = new_to;
        if self.rules.more_squares {
            let their_last = self.chase.last_to[(!me).index()];
            let stands = their_last < 100 && cell::is_own(next.board[usize::from(their_last)], !me);
            let digest = occupancy_digest(
                next.occupancy(Player::First),
                next.occupancy(Player::Second),
            );
            next.chase = self
                .chase
                .after(me, f as u8, t as u8, attack, digest, stands);
        }
        next.ply = next.ply.saturating_add(1);
        next.to_move = !me;
        Ok(next)
    }

    /// Whether `rank` can be the rank of the piece `c` on `square`: its rank
    /// if known; otherwise a rank of which `owner` has an unlocated piece,
    /// movable if the piece moved or attacks.
    fn check_rank(
        &self,
        mv: Move,
        square: Square,
        c: Cell,
        rank: Rank,
        attacks: bool,
    ) -> Result<(), ObserveError> {
        let ok = match cell::rank(c) {
            Some(r) => r == rank,
            None => {
                (rank.is_movable() || (c & cell::MOVED == 0 && !attacks))
                    && self.unlocated_of(cell::owner(c), rank) > 0
            }
        };
        if ok {
            Ok(())
        } else {
            Err(ObserveError::ImpossibleRank { mv, square, rank })
        }
    }

    /// How many of `owner`'s remaining pieces of `rank` stand on no square
    /// where the viewer sees that rank.
    pub(crate) fn unlocated_of(&self, owner: Player, rank: Rank) -> u8 {
        let seen = self
            .board
            .iter()
            .filter(|&&c| cell::is_own(c, owner) && cell::rank_code(c) == rank as u8)
            .count();
        self.counts[owner][rank.index()].saturating_sub(u8::try_from(seen).unwrap_or(u8::MAX))
    }

    fn occupancy(&self, owner: Player) -> u128 {
        self.board
            .iter()
            .enumerate()
            .filter(|&(_, &c)| cell::is_own(c, owner))
            .fold(0, |m, (i, _)| m | 1u128 << i)
    }

    fn lose(&mut self, owner: Player, rank: Rank) {
        let n = &mut self.counts[owner][rank.index()];
        *n = n.saturating_sub(1);
    }
}

#[inline]
fn with_rank(c: Cell, rank: Rank) -> Cell {
    (c & !cell::RANK) | rank as u8
}

//! Move generation on the mailbox board, shared by the referee state and
//! the players' views (a player's moves depend only on what it knows).

use board_core::{MoveList, Player};

use crate::cell::{self, Cell};
use crate::shuttle::Shuttle;
use crate::square::is_lake_index;
use crate::{Move, Rank, Square};

/// No neighbour (off the board or a lake).
const NONE: u8 = 0xFF;

/// The neighbour of every square in the order North, South, West, East;
/// [`NONE`] for the edge and for lakes.
static NEIGHBOURS: [[u8; 4]; 100] = neighbours();

const fn neighbours() -> [[u8; 4]; 100] {
    let mut table = [[NONE; 4]; 100];
    let mut i = 0;
    while i < 100 {
        let (f, r) = (i % 10, i / 10);
        let cand = [
            if r < 9 { i + 10 } else { 1000 },
            if r > 0 { i - 10 } else { 1000 },
            if f > 0 { i - 1 } else { 1000 },
            if f < 9 { i + 1 } else { 1000 },
        ];
        let mut d = 0;
        while d < 4 {
            let n = cand[d];
            if n < 100 && !is_lake_index(n) && !is_lake_index(i) {
                table[i][d] = n as u8;
            }
            d += 1;
        }
        i += 1;
    }
    table
}

/// The largest number of moves of any position: 8 Scouts with at most 18
/// moves each and 25 other movable pieces with at most 4 each is 244. Every
/// position this crate accepts holds at most one army per side.
pub const MAX_MOVES: usize = 256;

/// Everything move generation needs to know of the rules and of the
/// mover's two-square state.
#[derive(Clone, Copy)]
pub(crate) struct GenRules {
    pub range_attack: bool,
    pub two_square: Option<u8>,
    pub shuttle: Shuttle,
}

impl GenRules {
    /// Whether the two-square rule forbids a non-attacking move.
    #[inline]
    fn forbids(&self, from: u8, to: u8) -> bool {
        match self.two_square {
            Some(n) if self.shuttle.count >= n && self.shuttle.at == from => {
                self.shuttle.next(from, to).count > n
            }
            _ => false,
        }
    }
}

/// Fills `moves` with the moves of `me` on `board`.
pub(crate) fn generate<L: MoveList<Move>>(
    board: &[Cell; 100],
    me: Player,
    rules: GenRules,
    moves: &mut L,
) {
    moves.clear();
    for from in 0..100u8 {
        let c = board[from as usize];
        if !cell::is_own(c, me) || !cell::is_movable(c) {
            continue;
        }
        let scout = cell::rank_code(c) == Rank::Scout as u8;
        for (dir, &step) in NEIGHBOURS[from as usize].iter().enumerate() {
            let mut to = step;
            let mut first = true;
            while to != NONE {
                let t = board[to as usize];
                if t == cell::EMPTY {
                    if !rules.forbids(from, to) {
                        moves.push(mv(from, to));
                    }
                } else {
                    if !cell::is_own(t, me) && (first || rules.range_attack) {
                        moves.push(mv(from, to));
                    }
                    break;
                }
                if !scout {
                    break;
                }
                first = false;
                to = NEIGHBOURS[to as usize][dir];
            }
        }
    }
}

/// Whether `me` has any move on `board` (stops at the first).
pub(crate) fn has_move(board: &[Cell; 100], me: Player, rules: GenRules) -> bool {
    for from in 0..100u8 {
        let c = board[from as usize];
        if !cell::is_own(c, me) || !cell::is_movable(c) {
            continue;
        }
        for (dir, &to) in NEIGHBOURS[from as usize].iter().enumerate() {
            if to == NONE {
                continue;
            }
            let t = board[to as usize];
            if t == cell::EMPTY {
                if !rules.forbids(from, to) {
                    return true;
                }
                // A Scout may still move further along the line.
                if cell::rank_code(c) == Rank::Scout as u8 {
                    let mut next = NEIGHBOURS[to as usize][dir];
                    while next != NONE {
                        let n = board[next as usize];
                        if n == cell::EMPTY {
                            if !rules.forbids(from, next) {
                                return true;
                            }
                        } else {
                            if !cell::is_own(n, me) && rules.range_attack {
                                return true;
                            }
                            break;
                        }
                        next = NEIGHBOURS[next as usize][dir];
                    }
                }
            } else if !cell::is_own(t, me) {
                return true;
            }
        }
    }
    false
}

#[inline]
fn mv(from: u8, to: u8) -> Move {
    Move::new(Square::at(from), Square::at(to))
}

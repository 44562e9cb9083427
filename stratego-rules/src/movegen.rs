//! Move generation with 128-bit bitboards, shared by the referee state and
//! the players' views (a player's moves depend only on what it knows).

use board_core::{MoveList, Player};

use crate::cell::{self, Cell};
use crate::shuttle::Shuttle;
use crate::square::is_lake_index;
use crate::{Move, Rank, Square};

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
    /// The square of the piece the two-square rule may restrict now.
    #[inline]
    fn restricted(&self) -> Option<u8> {
        match self.two_square {
            Some(n) if self.shuttle.count >= n => Some(self.shuttle.at),
            _ => None,
        }
    }

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

/// One side's pieces as bitboards (bit `i` is the square of index `i`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct SideMasks {
    /// Every piece of the side.
    pub occ: u128,
    /// Movable pieces other than Scouts (they step one square).
    pub steppers: u128,
    /// Scouts.
    pub scouts: u128,
}

impl SideMasks {
    /// The masks of `me`'s pieces on `board`.
    pub fn from_board(board: &[Cell; 100], me: Player) -> SideMasks {
        let mut m = SideMasks::default();
        for (i, &c) in board.iter().enumerate() {
            if cell::is_own(c, me) {
                m.add(i, c);
            }
        }
        m
    }

    /// Adds the piece `c` on square `i`.
    #[inline]
    pub fn add(&mut self, i: usize, c: Cell) {
        let bit = 1u128 << i;
        self.occ |= bit;
        if cell::rank_code(c) == Rank::Scout as u8 {
            self.scouts |= bit;
        } else if cell::is_movable(c) {
            self.steppers |= bit;
        }
    }

    /// Removes whatever stands on square `i`.
    #[inline]
    pub fn remove(&mut self, i: usize) {
        let keep = !(1u128 << i);
        self.occ &= keep;
        self.steppers &= keep;
        self.scouts &= keep;
    }
}

const fn land() -> u128 {
    let mut m = 0u128;
    let mut i = 0;
    while i < 100 {
        if !is_lake_index(i) {
            m |= 1 << i;
        }
        i += 1;
    }
    m
}

const fn not_file(file: usize) -> u128 {
    let mut m = 0u128;
    let mut i = 0;
    while i < 100 {
        if i % 10 != file {
            m |= 1 << i;
        }
        i += 1;
    }
    m
}

/// Squares a piece may stand on.
pub(crate) const LAND: u128 = land();
const NOT_FILE_A: u128 = not_file(0);
const NOT_FILE_J: u128 = not_file(9);

/// `from` moved one square in direction `dir` (North, South, West, East),
/// without wrapping around the board's edge; with the index offset.
#[inline]
fn shift(from: u128, dir: usize) -> (u128, i16) {
    match dir {
        0 => (from << 10, 10),
        1 => (from >> 10, -10),
        2 => ((from & NOT_FILE_A) >> 1, -1),
        _ => ((from & NOT_FILE_J) << 1, 1),
    }
}

/// The one-square targets of `from` pieces in each direction (North,
/// South, West, East) with the index offset of the target.
#[inline]
fn steps(from: u128, free: u128) -> [(u128, i16); 4] {
    [0, 1, 2, 3].map(|d| {
        let (t, delta) = shift(from, d);
        (t & free, delta)
    })
}

/// Pushes a move to every target in `targets` from `distance` squares
/// back, leaving out what the two-square rule forbids.
#[inline]
fn push_all<L: MoveList<Move>>(
    mut targets: u128,
    back: i16,
    enemy: u128,
    rules: &GenRules,
    restricted: Option<u8>,
    moves: &mut L,
) {
    while targets != 0 {
        let to = targets.trailing_zeros() as u8;
        targets &= targets - 1;
        let from = (i16::from(to) - back) as u8;
        if restricted == Some(from) && enemy & (1u128 << to) == 0 && rules.forbids(from, to) {
            continue;
        }
        moves.push(mv(from, to));
    }
}

/// Fills `moves` with the moves of `own` against `enemy`, all with
/// bitboards: one step for every movable piece but Scouts; the Scouts of
/// a direction advance together one square at a time through empty
/// squares, attacking what they meet (from afar only with range attacks).
pub(crate) fn generate<L: MoveList<Move>>(
    own: &SideMasks,
    enemy: &SideMasks,
    rules: GenRules,
    moves: &mut L,
) {
    moves.clear();
    let free = LAND & !own.occ;
    let restricted = rules.restricted();
    for (targets, delta) in steps(own.steppers, free) {
        push_all(targets, delta, enemy.occ, &rules, restricted, moves);
    }
    if own.scouts == 0 {
        return;
    }
    for dir in 0..4 {
        let mut reach = own.scouts;
        let mut back = 0i16;
        loop {
            let (next, delta) = shift(reach, dir);
            reach = next & free;
            back += delta;
            if reach == 0 {
                break;
            }
            let targets = if back == delta || rules.range_attack {
                reach
            } else {
                reach & !enemy.occ
            };
            push_all(targets, back, enemy.occ, &rules, restricted, moves);
            reach &= !enemy.occ;
        }
    }
}

/// Whether `own` has any move (see [`generate`]).
pub(crate) fn has_move(own: &SideMasks, enemy: &SideMasks, rules: GenRules) -> bool {
    if rules.restricted().is_some() {
        let mut list = arrayvec::ArrayVec::<Move, MAX_MOVES>::new();
        generate(own, enemy, rules, &mut list);
        return !list.is_empty();
    }
    // Every long Scout move passes a free first square: one-square moves
    // of all movable pieces decide.
    let free = LAND & !own.occ;
    steps(own.steppers | own.scouts, free)
        .iter()
        .any(|&(t, _)| t != 0)
}

#[inline]
fn mv(from: u8, to: u8) -> Move {
    Move::new(Square::at(from), Square::at(to))
}

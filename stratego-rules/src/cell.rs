//! The one-byte encoding of a square's content, shared by the referee board
//! and the views.
//!
//! Bit 7 set: occupied. Bits 0–3: the rank index (12 = unknown, in views
//! only). Bit 4: owned by Blue. Bit 5: revealed. Bit 6: has moved.

use board_core::Player;

use crate::{BoardPiece, Piece, Rank, SeenPiece};

pub(crate) type Cell = u8;

pub(crate) const EMPTY: Cell = 0;
pub(crate) const OCCUPIED: Cell = 0x80;
pub(crate) const BLUE: Cell = 0x10;
pub(crate) const REVEALED: Cell = 0x20;
pub(crate) const MOVED: Cell = 0x40;
pub(crate) const RANK: Cell = 0x0F;
/// The rank code of a piece whose rank the viewer does not know.
pub(crate) const UNKNOWN: u8 = 12;

#[inline]
pub(crate) const fn owner_bit(p: Player) -> Cell {
    match p {
        Player::First => 0,
        Player::Second => BLUE,
    }
}

#[inline]
pub(crate) fn make(piece: Piece, revealed: bool, moved: bool) -> Cell {
    OCCUPIED
        | owner_bit(piece.owner)
        | piece.rank as u8
        | if revealed { REVEALED } else { 0 }
        | if moved { MOVED } else { 0 }
}

#[inline]
pub(crate) const fn is_own(c: Cell, me: Player) -> bool {
    c & (OCCUPIED | BLUE) == OCCUPIED | owner_bit(me)
}

#[inline]
pub(crate) const fn owner(c: Cell) -> Player {
    if c & BLUE != 0 {
        Player::Second
    } else {
        Player::First
    }
}

#[inline]
pub(crate) const fn rank_code(c: Cell) -> u8 {
    c & RANK
}

#[inline]
pub(crate) fn rank(c: Cell) -> Option<Rank> {
    Rank::from_index(usize::from(rank_code(c)))
}

/// Movable: a movable rank, or an unknown piece that has moved. (In views
/// an unmoved unknown piece never belongs to the viewer, so move
/// generation never asks.)
#[inline]
pub(crate) const fn is_movable(c: Cell) -> bool {
    let r = rank_code(c);
    r != Rank::Flag as u8 && r != Rank::Bomb as u8 && r != UNKNOWN
}

#[inline]
pub(crate) fn board_piece(c: Cell) -> Option<BoardPiece> {
    if c & OCCUPIED == 0 {
        return None;
    }
    Some(BoardPiece {
        piece: Piece {
            owner: owner(c),
            rank: rank(c)?,
        },
        revealed: c & REVEALED != 0,
        moved: c & MOVED != 0,
    })
}

/// A square's content as a viewer sees it (an unknown rank is `None`).
#[inline]
pub(crate) fn seen_piece(c: Cell) -> Option<SeenPiece> {
    if c == EMPTY {
        return None;
    }
    Some(SeenPiece {
        owner: owner(c),
        rank: rank(c),
        revealed: c & REVEALED != 0,
        moved: c & MOVED != 0,
    })
}

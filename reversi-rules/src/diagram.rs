//! [`Diagram`]: a position drawn for terminals.

use core::fmt;

use board_core::coords::Frame;
use board_core::{Game, Outcome, Player, SideNames};

use crate::{Position, Square};

/// An 8x8 diagram of a position, from [`Position::diagram`].
#[derive(Debug, Clone, Copy)]
pub struct Diagram<'a> {
    pub(crate) pos: &'a Position,
    pub(crate) marked: Option<Square>,
}

impl Diagram<'_> {
    /// The same diagram with `square` marked (`>` before it): the last
    /// move, for a reader who did not see it played.
    #[must_use]
    pub fn marked(self, square: Square) -> Self {
        Diagram {
            marked: Some(square),
            ..self
        }
    }
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.pos;
        let legal = pos.legal_squares();
        let marked = self.marked.map(|sq| (sq.column(), sq.row()));
        Frame::new(8, 8).write_marked(f, marked, |column, row| {
            let sq = Square::from_coords_const(column, row);
            match pos.at(sq) {
                Some(Player::First) => 'X',
                Some(Player::Second) => 'O',
                None if legal & sq.bit() != 0 => '*',
                None => '.',
            }
        })?;
        let counts = pos.disc_counts();
        write!(f, "Black {} - White {}, ", counts.first, counts.second)?;
        match pos.outcome() {
            None => f.write_str(match pos.to_move() {
                Player::First => "Black (X) to move",
                Player::Second => "White (O) to move",
            }),
            Some(Outcome::Win(winner)) => write!(f, "game over: {} wins", pos.side_name(winner)),
            Some(Outcome::Draw) => f.write_str("game over: a draw"),
        }
    }
}

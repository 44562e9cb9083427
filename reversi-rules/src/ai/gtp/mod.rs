//! The Go Text Protocol, in the subset Othello programs speak: a front end
//! that lets other programs play this crate's computer ([`Gtp`]), and a
//! client that plays another engine as a [`board_search::Strategy`]
//! ([`GtpClient`]), for matches against Edax and the like.
//!
//! Moves are written in Othello notation (`F5`, column letter then row
//! number counted from the top, as Edax and the FFO files write them) and
//! `pass`.

mod client;
mod server;

pub use client::{GtpClient, GtpError, split_command};
pub use server::{COMMANDS, Gtp};

use crate::Move;

/// A move as GTP writes it: `F5`, `pass`.
fn gtp_move(mv: Move) -> String {
    match mv {
        Move::Pass => "pass".to_owned(),
        Move::Place(_) => format!("{mv:#}"),
    }
}

/// The colour word of a side: `black`, `white`.
fn gtp_colour(side: board_core::Player) -> &'static str {
    match side {
        board_core::Player::First => "black",
        board_core::Player::Second => "white",
    }
}

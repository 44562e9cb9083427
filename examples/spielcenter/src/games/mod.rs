//! The hosted games: one module folder each, behind
//! [`HostedGame`](crate::hosted::HostedGame), and [`GAMES`], the one list
//! the platform reads. Adding a game is a folder here, a line in
//! [`GAMES`], and its page in the client (`assets/`).

pub mod battlegeneral;
pub mod fanorona;
pub mod major;
pub mod reversi;

use crate::hosted::GameKind;

/// Every game the Spielcenter hosts, in the order the start page shows
/// them.
pub static GAMES: [&GameKind; 4] = [
    &battlegeneral::KIND,
    &fanorona::KIND,
    &reversi::KIND,
    &major::KIND,
];

/// The game with this id.
#[must_use]
pub fn kind(id: &str) -> Option<&'static GameKind> {
    GAMES.iter().copied().find(|k| k.id == id)
}

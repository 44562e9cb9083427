//! A game's result and why it ended, in words, the same for every game
//! (from the game crates' `SideNames` and `Position::end_reason`).

use core::fmt::Display;

use board_core::{Game, SideNames};

/// "Black wins", "draw", or "unfinished".
pub fn result<G: Game + SideNames>(pos: &G) -> String {
    pos.outcome()
        .map_or_else(|| "unfinished".to_owned(), |o| pos.outcome_text(o))
}

/// Why the game ended ("the board is full"), or "not finished".
pub fn reason(reason: Option<impl Display>) -> String {
    reason.map_or_else(|| "not finished".to_owned(), |r| r.to_string())
}

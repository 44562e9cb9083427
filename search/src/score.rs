//! Score conventions shared by every search.
//!
//! Scores are `i32` from the point of view of the player to move. A win
//! found `n` plies below the root scores [`WIN`]` - n`, a loss `-(WIN - n)`,
//! so that the search prefers the fastest win and the slowest loss. An
//! evaluation must stay strictly inside ±[`MAX_EVAL`].

use board_core::{Outcome, Player};

/// The score of a win at the root itself; a win `n` plies away scores
/// `WIN - n`.
pub const WIN: i32 = 1_000_000;

/// The deepest ply any search reaches (main search plus quiescence).
pub const MAX_PLY: u32 = 512;

/// Every static evaluation must lie in `-MAX_EVAL..=MAX_EVAL`; everything
/// beyond is a decided game.
pub const MAX_EVAL: i32 = WIN - MAX_PLY as i32 - 1;

/// Greater than every score: the bound of a full window.
pub const INFINITY: i32 = WIN + 1;

/// The score of a win for the player to move, `ply` plies from the root.
#[inline]
#[must_use]
pub const fn win_in(ply: u32) -> i32 {
    WIN - ply as i32
}

/// The score of a loss for the player to move, `ply` plies from the root.
#[inline]
#[must_use]
pub const fn loss_in(ply: u32) -> i32 {
    -win_in(ply)
}

/// The score of a finished game for `to_move`, `ply` plies from the root:
/// 0 for a draw, [`win_in`] or [`loss_in`] for a win of either side. What
/// every search of this crate scores a finished game with, for loops and
/// evaluators of one's own that must agree with it.
///
/// ```
/// use board_core::{Outcome, Player};
/// use board_search::{loss_in, terminal_score, win_in};
/// let won = Outcome::Win(Player::First);
/// assert_eq!(terminal_score(won, Player::First, 3), win_in(3));
/// assert_eq!(terminal_score(won, Player::Second, 3), loss_in(3));
/// assert_eq!(terminal_score(Outcome::Draw, Player::Second, 3), 0);
/// ```
#[inline]
#[must_use]
pub fn terminal_score(outcome: Outcome, to_move: Player, ply: u32) -> i32 {
    match outcome {
        Outcome::Draw => 0,
        Outcome::Win(p) if p == to_move => win_in(ply),
        Outcome::Win(_) => loss_in(ply),
    }
}

/// Whether `score` is a proven win or loss rather than an evaluation.
#[inline]
#[must_use]
pub const fn is_decisive(score: i32) -> bool {
    score > MAX_EVAL || score < -MAX_EVAL
}

/// For a decisive score, in how many plies the game ends (from the root);
/// `None` for an evaluation.
///
/// ```
/// use board_search::{plies_to_end, win_in, loss_in};
/// assert_eq!(plies_to_end(win_in(5)), Some(5));
/// assert_eq!(plies_to_end(loss_in(2)), Some(2));
/// assert_eq!(plies_to_end(17), None);
/// ```
#[inline]
#[must_use]
pub const fn plies_to_end(score: i32) -> Option<u32> {
    if is_decisive(score) {
        Some((WIN - score.abs()) as u32)
    } else {
        None
    }
}

/// A decisive score made relative to the node at `ply` (for storing in a
/// transposition table, where the same position may be reached at another
/// ply).
#[inline]
pub(crate) const fn to_table(score: i32, ply: u32) -> i32 {
    if score > MAX_EVAL {
        score + ply as i32
    } else if score < -MAX_EVAL {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_table`].
#[inline]
pub(crate) const fn from_table(score: i32, ply: u32) -> i32 {
    if score > MAX_EVAL {
        score - ply as i32
    } else if score < -MAX_EVAL {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_round_trip_keeps_every_score() {
        for ply in [0, 1, 7, 100] {
            for s in [
                0,
                5,
                -5,
                MAX_EVAL,
                -MAX_EVAL,
                win_in(3),
                loss_in(9),
                WIN,
                -WIN,
            ] {
                assert_eq!(from_table(to_table(s, ply), ply), s);
            }
        }
        assert_eq!(to_table(win_in(7), 3), win_in(4));
    }

    #[test]
    fn decisive_scores_are_ordered_by_distance() {
        assert!(win_in(1) > win_in(2));
        assert!(loss_in(2) > loss_in(1));
        assert!(is_decisive(win_in(MAX_PLY)));
        assert!(!is_decisive(MAX_EVAL));
    }
}

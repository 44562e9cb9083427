//! The score of a finished game against the computer (the game of the
//! day's Bestenliste counts it): a
//! win gives 100 plus 2 for each own stone still on the board, a draw 50,
//! a loss 1 for each enemy stone captured.

use board_core::{Game, Outcome, Player};

use crate::position::{MAX_STONES, Position};

/// Points for a win, before the stones.
pub const WIN_POINTS: u32 = 100;
/// Points per own stone left after a win.
pub const POINTS_PER_STONE: u32 = 2;
/// Points for a draw.
pub const DRAW_POINTS: u32 = 50;

/// The score of `player` (the human, who plays White against the computer)
/// in the finished game `pos`; `None` while the game goes on. Captured
/// enemy stones are counted from the 22 of the start position.
///
/// ```
/// use fanorona_rules::{Position, WHITE, scoring::score};
/// // White captured everything and kept 3 stones.
/// let won: Position = "9/9/9/9/WWW6 b".parse().unwrap();
/// assert_eq!(score(&won, WHITE), Some(106));
/// assert_eq!(score(&Position::new(), WHITE), None);
/// ```
#[must_use]
pub fn score(pos: &Position, player: Player) -> Option<u32> {
    Some(match pos.outcome()? {
        Outcome::Win(w) if w == player => WIN_POINTS + POINTS_PER_STONE * pos.count(player),
        Outcome::Win(_) => MAX_STONES.saturating_sub(pos.count(!player)),
        Outcome::Draw => DRAW_POINTS,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BLACK, WHITE};

    #[test]
    fn win_draw_and_loss_score_as_the_seed_says() {
        let won: Position = "9/9/9/9/WW7 b".parse().unwrap();
        assert_eq!(score(&won, WHITE), Some(104));
        // Black lost with 2 White stones left: it captured 20.
        assert_eq!(score(&won, BLACK), Some(20));
        let drawn: Position = "8B/9/9/9/W8 w 40 30".parse().unwrap();
        assert_eq!(score(&drawn, WHITE), Some(50));
        // White blocked in a1 with 3 Black stones around: lost, captured 19.
        let lost: Position = "9/9/9/BB7/WB7 w".parse().unwrap();
        assert_eq!(score(&lost, WHITE), Some(19));
    }
}

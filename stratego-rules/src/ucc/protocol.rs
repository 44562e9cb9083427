//! The protocol of the UCC 2012 manager, for a program that plays in it
//! (see `spielwerk stratego agent`) or a referee that runs such programs:
//! move lines, outcomes, board lines.

use board_core::Player;

use super::log::parse_move;
use super::{UccError, UccMove, UccOutcome};
use crate::{Battle, Move, PublicMove, Rank, Square, View};

/// Parses a move line as the manager echoes it, `X Y DIRECTION [N]
/// OUTCOME` (`OUTCOME`: `OK`, `KILLS a d`, `DIES a d`, `BOTHDIE a d`,
/// `VICTORY_FLAG`, `ILLEGAL`), made by `player`.
///
/// ```
/// use board_core::Player;
/// use stratego_rules::ucc::{UccOutcome, protocol};
/// use stratego_rules::Rank;
/// let m = protocol::parse_move_line("0 3 DOWN 2 KILLS 9 7", Player::First)?;
/// assert_eq!(m.mv.map(|m| m.to_string()), Some("a4-a6".into()));
/// assert_eq!(m.outcome, UccOutcome::Kills(Rank::Scout, Rank::Sergeant));
/// # Ok::<(), stratego_rules::ucc::UccError>(())
/// ```
pub fn parse_move_line(line: &str, player: Player) -> Result<UccMove, UccError> {
    parse_move(0, player, line.trim())
}

/// A move as a program sends it: `X Y DIRECTION` and, for more than one
/// square, the distance; `None` for a move that is not a straight line.
///
/// ```
/// use stratego_rules::ucc::protocol;
/// assert_eq!(protocol::move_line("a4-a6".parse()?).as_deref(), Some("0 3 DOWN 2"));
/// assert_eq!(protocol::move_line("j7-i7".parse()?).as_deref(), Some("9 6 LEFT"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn move_line(mv: Move) -> Option<String> {
    let (dir, n) = mv.line()?;
    let word = match dir {
        crate::Direction::North => "DOWN",
        crate::Direction::South => "UP",
        crate::Direction::West => "LEFT",
        crate::Direction::East => "RIGHT",
    };
    let (x, y) = (mv.from.column(), mv.from.row());
    Some(if n > 1 {
        format!("{x} {y} {word} {n}")
    } else {
        format!("{x} {y} {word}")
    })
}

/// The outcome word(s) of a move's result (`OK`, `KILLS a d`, ...), as
/// the manager writes them; `VICTORY_FLAG` for a captured Flag.
#[must_use]
pub fn outcome_text(public: &PublicMove) -> String {
    match public.battle {
        None => "OK".to_owned(),
        Some((_, Rank::Flag)) => "VICTORY_FLAG".to_owned(),
        Some((a, d)) => {
            let word = match crate::battle(a, d) {
                Battle::AttackerWins => "KILLS",
                Battle::DefenderWins => "DIES",
                Battle::BothRemoved => "BOTHDIE",
            };
            format!("{word} {} {}", a.ucc_char(), d.ucc_char())
        }
    }
}

impl UccOutcome {
    /// What both players learned, for a move `mv` with this outcome:
    /// `None` for `ILLEGAL` and for `VICTORY_FLAG` (which does not name
    /// the attacker; the game is over).
    #[must_use]
    pub fn public_move(self, mv: Move) -> Option<PublicMove> {
        match self {
            UccOutcome::Ok => Some(PublicMove::quiet(mv)),
            UccOutcome::Kills(a, d) | UccOutcome::Dies(a, d) | UccOutcome::BothDie(a, d) => {
                Some(PublicMove::attack(mv, a, d))
            }
            UccOutcome::VictoryFlag | UccOutcome::Illegal => None,
        }
    }

    /// Whether the stated result is the combat table's for its ranks.
    #[must_use]
    pub fn is_consistent(self) -> bool {
        match self {
            UccOutcome::Kills(a, d) => crate::battle(a, d) == Battle::AttackerWins,
            UccOutcome::Dies(a, d) => crate::battle(a, d) == Battle::DefenderWins,
            UccOutcome::BothDie(a, d) => crate::battle(a, d) == Battle::BothRemoved,
            UccOutcome::Ok | UccOutcome::VictoryFlag | UccOutcome::Illegal => true,
        }
    }
}

/// The ten board lines the manager sends the viewer of `view`: its own
/// ranks (UCC characters), `#` for an enemy piece, `+` for a lake, `.`
/// for an empty square; the top line is y = 0 (Red's back row).
#[must_use]
pub fn board_lines(view: &View) -> [String; 10] {
    core::array::from_fn(|y| {
        (0..10u8)
            .map(|x| {
                let Some(sq) = Square::new(x, y as u8) else {
                    return '?';
                };
                if sq.is_lake() {
                    return '+';
                }
                match view.piece_at(sq) {
                    None => '.',
                    Some(p) if p.owner == view.viewer() => p.rank.map_or('?', Rank::ucc_char),
                    Some(_) => '#',
                }
            })
            .collect()
    })
}

/// Whether `line` is a board line (ten characters of the board's
/// alphabet).
#[must_use]
pub fn is_board_line(line: &str) -> bool {
    let line = line.trim_end();
    line.len() == 10
        && line
            .chars()
            .all(|c| matches!(c, '#' | '+' | '.') || Rank::from_ucc_char(c).is_some())
}

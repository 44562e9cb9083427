//! A player's view as protocol data: one token per square, built only from
//! `stratego_rules::View` (which never holds a hidden rank), so nothing
//! the player may not know can get into a message.
//!
//! A token is the owner (`r` Red, `b` Blue), the rank label (`10` Marshal
//! .. `1` Spy, `B` Bomb, `F` Flag) or `?` when the recipient does not know
//! it, then `*` if the rank is public (a battle or a Scout's long move
//! showed it) and `'` if the piece has moved: `r10`, `b?`, `b?'`, `b2*'`.

use std::collections::BTreeMap;

use board_core::Player;
use serde::Serialize;
use stratego_rules::{Battle, Deployment, MoveReport, Position, Rank, Square, View, zone_square};

/// `red` or `blue`.
#[must_use]
pub fn side(player: Player) -> &'static str {
    match player {
        Player::First => "red",
        Player::Second => "blue",
    }
}

/// The last move as both players may know it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LastMove {
    /// From.
    pub from: String,
    /// To.
    pub to: String,
    /// Who moved: `red` or `blue`.
    pub by: &'static str,
    /// The battle, if the move attacked (both ranks are public then).
    pub battle: Option<BattleInfo>,
}

/// A battle's public result.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct BattleInfo {
    /// The attacker's rank label (`10` .. `1`, `B`, `F`).
    pub attacker: &'static str,
    /// The defender's rank label.
    pub defender: &'static str,
    /// `attacker`, `defender` or `both` (removed).
    pub winner: &'static str,
}

/// Pieces left per side: `{"red": {"10": 1, ...}, "blue": {...}}`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LeftCounts {
    /// Red's.
    pub red: BTreeMap<&'static str, u8>,
    /// Blue's.
    pub blue: BTreeMap<&'static str, u8>,
}

/// The token of a piece (see the module documentation).
#[must_use]
pub fn token(owner: Player, rank: Option<Rank>, revealed: bool, moved: bool) -> String {
    let mut t = String::with_capacity(5);
    t.push(match owner {
        Player::First => 'r',
        Player::Second => 'b',
    });
    t.push_str(rank.map_or("?", Rank::short));
    if revealed {
        t.push('*');
    }
    if moved {
        t.push('\'');
    }
    t
}

/// The board the viewer sees, index `rank * 10 + file`.
#[must_use]
pub fn view_board(view: &View) -> Vec<Option<String>> {
    Square::all()
        .map(|sq| {
            view.piece_at(sq)
                .map(|p| token(p.owner, p.rank, p.revealed, p.moved))
        })
        .collect()
}

/// A side's deployment on the board, for its setup screen.
#[must_use]
pub fn setup_board(owner: Player, deployment: &Deployment) -> Vec<Option<String>> {
    let mut board = vec![None; 100];
    for (i, rank) in deployment.squares.iter().enumerate() {
        if let (Some(r), Some(sq)) = (rank, zone_square(owner, i)) {
            board[sq.index()] = Some(token(owner, Some(*r), false, false));
        }
    }
    board
}

/// The whole board with every rank, as the referee knows it (shown to
/// both players at the end), index `rank * 10 + file`.
#[must_use]
pub fn full_board(pos: &Position) -> Vec<Option<String>> {
    Square::all()
        .map(|sq| {
            pos.piece_at(sq)
                .map(|p| token(p.piece.owner, Some(p.piece.rank), p.revealed, p.moved))
        })
        .collect()
}

/// Pieces left per side and rank (public knowledge).
#[must_use]
pub fn left_counts(view: &View) -> LeftCounts {
    let side_counts = |p: Player| -> BTreeMap<&'static str, u8> {
        Rank::ALL
            .into_iter()
            .map(|r| (r.short(), view.count(p, r)))
            .collect()
    };
    LeftCounts {
        red: side_counts(Player::First),
        blue: side_counts(Player::Second),
    }
}

/// The last move as both players may know it: the squares, and for a
/// battle both ranks and the result (public once fought). The rank of a
/// piece that moved without a battle is not in it.
#[must_use]
pub fn last_move(report: &MoveReport) -> LastMove {
    LastMove {
        from: report.mv.from.to_string(),
        to: report.mv.to.to_string(),
        by: side(report.piece.owner),
        battle: report.battle.map(|(defender, result)| BattleInfo {
            attacker: report.piece.rank.short(),
            defender: defender.rank.short(),
            winner: match result {
                Battle::AttackerWins => "attacker",
                Battle::DefenderWins => "defender",
                Battle::BothRemoved => "both",
            },
        }),
    }
}

#[cfg(test)]
mod tests {
    use board_core::{Game, Observable};
    use stratego_rules::{Army, MoveList, Position, Rules, Setup, predefined};

    use super::*;

    #[test]
    fn tokens_show_what_the_view_shows() {
        let d = predefined();
        let setup = Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1);
        let mut pos = Position::from_setup(setup, Rules::default()).unwrap();
        let mut rng = board_core::SplitMix64::new(5);
        let mut moves = MoveList::new();
        for _ in 0..300 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len() as u64) as usize])
                .unwrap();
            for viewer in Player::ALL {
                let view = pos.view(viewer);
                let board = view_board(&view);
                for sq in Square::all() {
                    let t = &board[sq.index()];
                    match pos.piece_at(sq) {
                        None => assert_eq!(t, &None),
                        Some(p) => {
                            let t = t.as_deref().unwrap();
                            let known = p.piece.owner == viewer || p.revealed;
                            let rank = t[1..].trim_end_matches(['*', '\'']);
                            if known {
                                assert_eq!(rank, p.piece.rank.short(), "{sq}");
                            } else {
                                assert_eq!(rank, "?", "{sq} leaks");
                            }
                            assert_eq!(t.ends_with('\''), p.moved);
                            assert_eq!(t.contains('*'), p.revealed);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn setup_boards_stand_in_the_owners_ranks() {
        let d = predefined()[0].1;
        let red = setup_board(Player::First, &d);
        assert_eq!(red.iter().flatten().count(), 40);
        assert!(red[..40].iter().all(Option::is_some));
        let blue = setup_board(Player::Second, &d);
        assert!(
            blue[60..]
                .iter()
                .all(|t| t.as_deref().is_some_and(|t| t.starts_with('b')))
        );
        assert_eq!(token(Player::Second, None, false, true), "b?'");
        assert_eq!(
            token(Player::First, Some(Rank::Marshal), true, true),
            "r10*'"
        );
    }
}

//! Combat: who wins when one piece attacks another.

use crate::Rank;

/// The result of a battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Battle {
    /// The attacker removes the defender and takes its square.
    AttackerWins,
    /// The defender removes the attacker and stays.
    DefenderWins,
    /// Equal ranks: both are removed.
    BothRemoved,
}

/// The battle in words, for people: "the attacker wins", "the defender
/// wins", "both are removed".
///
/// ```
/// use stratego_rules::Battle;
/// assert_eq!(Battle::DefenderWins.to_string(), "the defender wins");
/// ```
impl core::fmt::Display for Battle {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Battle::AttackerWins => "the attacker wins",
            Battle::DefenderWins => "the defender wins",
            Battle::BothRemoved => "both are removed",
        })
    }
}

/// The battle of `attacker` against `defender`.
///
/// The higher rank wins and equal ranks remove both; the Spy defeats the
/// Marshal only when the Spy attacks; a Bomb defeats every attacker but a
/// Miner; attacking the Flag captures it. (A Bomb or Flag never attacks:
/// given one as `attacker` it is treated by strength, Bomb above Marshal.)
///
/// ```
/// use stratego_rules::{battle, Battle, Rank};
/// assert_eq!(battle(Rank::Spy, Rank::Marshal), Battle::AttackerWins);
/// assert_eq!(battle(Rank::Marshal, Rank::Spy), Battle::AttackerWins);
/// assert_eq!(battle(Rank::Marshal, Rank::Bomb), Battle::DefenderWins);
/// assert_eq!(battle(Rank::Miner, Rank::Bomb), Battle::AttackerWins);
/// assert_eq!(battle(Rank::Scout, Rank::Scout), Battle::BothRemoved);
/// ```
#[must_use]
pub const fn battle(attacker: Rank, defender: Rank) -> Battle {
    match (attacker, defender) {
        (_, Rank::Flag) => Battle::AttackerWins,
        (Rank::Miner, Rank::Bomb) => Battle::AttackerWins,
        (_, Rank::Bomb) => Battle::DefenderWins,
        (Rank::Spy, Rank::Marshal) => Battle::AttackerWins,
        (a, d) => {
            let (a, d) = (a.index(), d.index());
            if a > d {
                Battle::AttackerWins
            } else if a < d {
                Battle::DefenderWins
            } else {
                Battle::BothRemoved
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_combat_table() {
        use Rank::*;
        let movable = [
            Spy, Scout, Miner, Sergeant, Lieutenant, Captain, Major, Colonel, General, Marshal,
        ];
        for a in movable {
            for d in movable {
                let expected = if a == Spy && d == Marshal {
                    Battle::AttackerWins
                } else if a == d {
                    Battle::BothRemoved
                } else if a.index() > d.index() {
                    Battle::AttackerWins
                } else {
                    Battle::DefenderWins
                };
                assert_eq!(battle(a, d), expected, "{a} attacks {d}");
            }
            assert_eq!(battle(a, Flag), Battle::AttackerWins);
            let bomb = if a == Miner {
                Battle::AttackerWins
            } else {
                Battle::DefenderWins
            };
            assert_eq!(battle(a, Bomb), bomb, "{a} attacks a Bomb");
        }
        assert_eq!(battle(Marshal, Spy), Battle::AttackerWins);
    }
}

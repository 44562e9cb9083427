//! The greedy player: one ply over the view, by expected material.

use board_core::{Observable, Player, SplitMix64};
use board_search::{Choice, NoLegalMove, Strategy};

use crate::{Battle, MoveList, Position, Rank, SeenPiece, View, battle};

/// The material value of a rank for the greedy player.
fn value(rank: Rank) -> f64 {
    match rank {
        Rank::Flag => 1000.0,
        Rank::Bomb => 1.5,
        Rank::Spy => 3.0,
        Rank::Scout => 1.0,
        Rank::Miner => 2.5,
        r => r.index() as f64,
    }
}

/// The expected material gain of `attacker` attacking `target`, a piece
/// as the view shows it: its rank if known, else the average over the
/// ranks the opponent still has unlocated (a moved piece is no Bomb or
/// Flag).
fn expected_gain(view: &View, attacker: Rank, target: SeenPiece) -> f64 {
    if let Some(r) = target.rank {
        return gain(attacker, r);
    }
    expected_gain_over(attacker, target.moved, |r| view.unlocated(r))
}

/// The material gain of `attacker` attacking a piece of rank `defender`.
fn gain(attacker: Rank, defender: Rank) -> f64 {
    match battle(attacker, defender) {
        Battle::AttackerWins => value(defender),
        Battle::DefenderWins => -value(attacker),
        Battle::BothRemoved => value(defender) - value(attacker),
    }
}

/// The expected material gain of `attacker` attacking a piece whose rank
/// is one of `count(rank)` pieces of each rank (a `moved` piece no Bomb or
/// Flag); 0 if there is none.
pub(crate) fn expected_gain_over(attacker: Rank, moved: bool, count: impl Fn(Rank) -> u8) -> f64 {
    let (mut total, mut weight) = (0.0, 0.0);
    for r in Rank::ALL {
        if moved && !r.is_movable() {
            continue;
        }
        let n = f64::from(count(r));
        total += n * gain(attacker, r);
        weight += n;
    }
    if weight > 0.0 { total / weight } else { 0.0 }
}

/// One ply, greedy over what the side to move sees: a battle is worth its
/// expected material (an unknown piece counted over the ranks it may
/// have), a step forward a little, and a seeded random amount below a
/// tenth of a Scout breaks ties. Deterministic for a seed; it looks only at
/// the view of the side to move.
///
/// ```
/// use board_core::Game;
/// use board_search::Strategy;
/// use stratego_rules::ai::Greedy;
/// use stratego_rules::{Army, Position, Preset, Setup, predefined};
///
/// let setups = predefined();
/// let setup = Setup::from_deployments(Army::Classic, &setups[0].1, &setups[1].1);
/// let pos = Position::from_setup(setup, Preset::Battlegeneral.rules())?;
/// let mv = Greedy::new(7).choose(&pos)?.mv;
/// assert!(pos.is_legal(mv));
/// assert_eq!(Greedy::new(7).choose(&pos)?.mv, mv);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Greedy {
    seed: u64,
    rng: SplitMix64,
}

impl Greedy {
    /// A greedy player whose tie-breaks are drawn from `seed` until the
    /// first [`new_game`](Strategy::new_game).
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        Greedy {
            seed,
            rng: SplitMix64::new(seed),
        }
    }

    /// The move for the player whose view this is (it must be that
    /// player's turn); `None` when it has no legal move.
    pub fn choose_in_view(&mut self, view: &View) -> Option<crate::Move> {
        let mut moves = MoveList::new();
        view.legal_moves(&mut moves);
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for &m in &moves {
            let mine = view
                .piece_at(m.from)
                .and_then(|p| p.rank)
                .unwrap_or(Rank::Scout);
            let mut score = match view.piece_at(m.to) {
                Some(t) => expected_gain(view, mine, t),
                None => 0.0,
            };
            let forward = match view.viewer() {
                Player::First => m.to.row() > m.from.row(),
                Player::Second => m.to.row() < m.from.row(),
            };
            score += self.rng.below(1000) as f64 / 10_000.0 + if forward { 0.05 } else { 0.0 };
            if score > best_score {
                best = Some(m);
                best_score = score;
            }
        }
        best
    }
}

impl Strategy<Position> for Greedy {
    type Error = NoLegalMove;

    fn choose(&mut self, pos: &Position) -> Result<Choice<crate::Move>, NoLegalMove> {
        let view = pos.view(board_core::Game::to_move(pos));
        self.choose_in_view(&view)
            .map(Choice::new)
            .ok_or(NoLegalMove)
    }

    fn new_game(&mut self, _start: &Position, seed: u64) -> Result<(), NoLegalMove> {
        self.rng = SplitMix64::new(seed ^ self.seed.rotate_left(32));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use board_core::Game;

    use super::*;
    use crate::{Army, Preset, Setup, predefined};

    fn start() -> Position {
        let setups = predefined();
        let setup = Setup::from_deployments(Army::Classic, &setups[2].1, &setups[5].1);
        Position::from_setup(setup, Preset::Battlegeneral.rules()).expect("a valid setup")
    }

    #[test]
    fn equal_views_give_equal_moves() {
        // Referee states that differ only in what Red cannot see (Blue's
        // hidden ranks drawn anew) get the same move from Red.
        let pos = start();
        let red_view = pos.view(Player::First);
        let mine = Greedy::new(5).choose(&pos).expect("a move").mv;
        for seed in 0..8 {
            let guess = <Position as board_core::Determinize>::determinize(
                &red_view,
                &mut SplitMix64::new(seed),
            );
            assert_eq!(guess.view(Player::First), red_view);
            assert_eq!(Greedy::new(5).choose(&guess).expect("a move").mv, mine);
        }
    }

    #[test]
    fn it_never_attacks_a_known_stronger_piece_while_it_can_move_quietly() {
        let mut pos = start();
        let mut g = Greedy::new(1);
        let mut known_battles = 0;
        for _ in 0..400 {
            if pos.outcome().is_some() {
                break;
            }
            let mv = g.choose(&pos).expect("a move").mv;
            assert!(pos.is_legal(mv));
            let view = pos.view(pos.to_move());
            let quiet = pos.moves().iter().any(|m| view.piece_at(m.to).is_none());
            if let (Some(a), Some(d)) = (view.piece_at(mv.from), view.piece_at(mv.to))
                && let (Some(ar), Some(dr)) = (a.rank, d.rank)
            {
                known_battles += 1;
                assert!(
                    !quiet || battle(ar, dr) != Battle::DefenderWins,
                    "{ar:?} attacks {dr:?} at ply {}",
                    pos.ply()
                );
            }
            pos.play(mv).expect("legal");
        }
        assert!(known_battles > 0, "no battle against a known rank was seen");
    }
}

//! What the enemy's attacks in the current game show of how it attacks,
//! and the belief-game options read from it.
//!
//! The belief game models the enemy's attacks on the viewer's pieces with
//! [`GameOptions::enemy_attacks`] and [`GameOptions::informed_attack_percent`].
//! Which model fits depends on the opponent: the defaults (prudent, and
//! taking the belief as it is when an unknown piece attacks an identified
//! one) won most against the UCC 2012 bots, while an opponent that searches
//! its own belief, as this crate's computer does, attacks with identified
//! high pieces where a prudent one would not, and attacks the viewer's
//! identified pieces mostly when it wins. A [`Conduct`] counts both in the
//! game so far; [`Conduct::adjust`] switches a model only on evidence.

use crate::ai::game::{is_guarded_rank, may_not_win};
use crate::ai::{EnemyAttacks, GameOptions};
use crate::{Battle, PublicMove, View, battle, cell};

/// The risky attacks after which [`Conduct::adjust`] models the enemy as
/// [`EnemyAttacks::Informed`].
pub const RISKY_ATTACKS: u32 = 1;
/// The attacks of unknown pieces on identified ones after which
/// [`Conduct::adjust`] reads how often the attacker lost.
pub const INFORMED_ATTACKS: u32 = 3;
/// The largest share of those the attacker may have lost (in percent) for
/// [`Conduct::adjust`] to lower [`GameOptions::informed_attack_percent`]:
/// an enemy that knows what it attacks wins, or trades on purpose.
pub const INFORMED_LOST_PERCENT: u32 = 20;
/// The [`GameOptions::informed_attack_percent`] of an enemy that attacks
/// identified pieces mostly when it wins.
pub const INFORMED_PERCENT: u8 = 20;

/// What the enemy's attacks of one game have shown, from the viewer's
/// side: a [`Tracker`](crate::ai::Tracker) keeps one
/// ([`Tracker::conduct`](crate::ai::Tracker::conduct)).
///
/// ```
/// use stratego_rules::ai::{Conduct, EnemyAttacks, GameOptions};
///
/// let base = GameOptions::default();
/// // Nothing seen: the options stay as they are.
/// assert_eq!(Conduct::default().adjust(base), base);
/// // One attack a prudent enemy would not make: it is modelled as informed.
/// let seen = Conduct { risky: 1, ..Conduct::default() };
/// assert_eq!(seen.adjust(base).enemy_attacks, EnemyAttacks::Informed);
/// // Unknown pieces lost none of 4 attacks on identified ones.
/// let seen = Conduct { informed: 4, informed_lost: 0, ..Conduct::default() };
/// assert_eq!(seen.adjust(base).informed_attack_percent, 20);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Conduct {
    /// Attacks by an enemy piece the viewer had identified (a Miner, the
    /// Spy, or a Major or higher) on a piece of the viewer's the enemy had
    /// not identified, where a rank the enemy could suspect there (one of
    /// the viewer's ranks it had not seen; no Bomb or Flag on a piece that
    /// had moved) would not have lost: attacks
    /// [`EnemyAttacks::Prudent`] rules out.
    pub risky: u32,
    /// Attacks by an enemy piece of unknown rank on a piece of the
    /// viewer's the enemy had identified.
    pub informed: u32,
    /// Of [`informed`](Self::informed), the battles the attacker lost
    /// (both pieces removed is no loss).
    pub informed_lost: u32,
}

impl Conduct {
    /// Counts `public`, a move of the enemy of `before`'s viewer, as seen
    /// in `before`, the viewer's view just before it. Moves of the viewer,
    /// and moves that are no attack, count nothing.
    pub fn record(&mut self, before: &View, public: PublicMove) {
        let me = before.viewer;
        let Some((attacker, defender)) = public.battle else {
            return;
        };
        if before.to_move == me {
            return;
        }
        let (f, t) = (public.mv.from.index(), public.mv.to.index());
        let (Some(&a), Some(&d)) = (before.board.get(f), before.board.get(t)) else {
            return;
        };
        if !cell::is_own(d, me) {
            return;
        }
        let target_known = d & cell::REVEALED != 0;
        match cell::rank(a) {
            // An attacker the viewer had not identified.
            None if target_known => {
                self.informed = self.informed.saturating_add(1);
                if battle(attacker, defender) == Battle::DefenderWins {
                    self.informed_lost = self.informed_lost.saturating_add(1);
                }
            }
            Some(known) if !target_known && is_guarded_rank(known) => {
                let moved = d & cell::MOVED != 0;
                // The viewer's pieces the enemy had not identified.
                let mut unseen = [false; 12];
                for &c in &before.board {
                    if cell::is_own(c, me)
                        && c & cell::REVEALED == 0
                        && let Some(r) = cell::rank(c)
                    {
                        unseen[r.index()] = true;
                    }
                }
                if may_not_win(known, moved, |r| unseen[r.index()]) {
                    self.risky = self.risky.saturating_add(1);
                }
            }
            _ => {}
        }
    }

    /// `base` with the enemy model the evidence supports: after
    /// [`RISKY_ATTACKS`] risky attacks, a prudent model
    /// ([`EnemyAttacks::Prudent`]) becomes [`EnemyAttacks::Informed`]; after
    /// [`INFORMED_ATTACKS`] attacks of unknown pieces on identified ones
    /// of which the attacker lost at most [`INFORMED_LOST_PERCENT`] percent,
    /// [`GameOptions::informed_attack_percent`] falls to
    /// [`INFORMED_PERCENT`] (if it was higher). Without such evidence
    /// `base` stays as it is.
    #[must_use]
    pub fn adjust(&self, base: GameOptions) -> GameOptions {
        let mut options = base;
        if self.risky >= RISKY_ATTACKS && base.enemy_attacks == EnemyAttacks::Prudent {
            options.enemy_attacks = EnemyAttacks::Informed;
        }
        if self.informed >= INFORMED_ATTACKS
            && u64::from(self.informed_lost) * 100
                <= u64::from(self.informed) * u64::from(INFORMED_LOST_PERCENT)
        {
            options.informed_attack_percent = base.informed_attack_percent.min(INFORMED_PERCENT);
        }
        options
    }
}

//! The game so far, as one player knows it: its [`View`], where each enemy
//! piece started (for the setup prior), what each enemy piece's
//! behaviour suggests, and how the enemy attacks ([`Conduct`]). It follows
//! the game from public moves ([`Tracker::observe`]) or from the player's
//! successive views ([`Tracker::sync`]), and never sees a hidden rank.

use arrayvec::ArrayVec;
use board_core::Player;

use super::belief::{ByOrigin, NONE, PriorArmyError, mirror_index};
use crate::ai::{Belief, BeliefOptions, Conduct, SeenSetup, SetupPrior};
use crate::{Battle, Move, ObserveError, PublicMove, Rank, Square, View, battle, cell};

/// How a piece's behaviour weighs each of its possible ranks: factors of a
/// likelihood, multiplied up over the game and raised to
/// [`BeliefOptions::behaviour`] by the belief.
///
/// Two kinds of moves count, both of an enemy piece of unknown rank
/// relative to the viewer's pieces whose ranks the enemy knows (revealed):
/// stepping next to such a piece (approaching it suggests the piece beats
/// it) and stepping away from one it stood next to (fleeing suggests it
/// loses to it).
pub type Evidence = [f32; 12];

/// The factors for a piece that moved next to a known enemy of `rank`.
fn approach(rank: Rank) -> Evidence {
    let mut e = [1.0; 12];
    for r in Rank::ALL.into_iter().filter(|r| r.is_movable()) {
        e[r.index()] = match battle(r, rank) {
            Battle::AttackerWins => 1.0,
            Battle::BothRemoved => 0.6,
            Battle::DefenderWins => 0.35,
        };
    }
    e
}

/// The factors for a piece that moved away from a known enemy of `rank`.
fn flee(rank: Rank) -> Evidence {
    let mut e = [1.0; 12];
    for r in Rank::ALL.into_iter().filter(|r| r.is_movable()) {
        e[r.index()] = match battle(r, rank) {
            Battle::AttackerWins => 0.5,
            Battle::BothRemoved => 0.7,
            Battle::DefenderWins => 1.0,
        };
    }
    e
}

/// Why [`Tracker::sync`] could not find the moves between its view and the
/// new one. The tracker then starts again from the new view, keeping what
/// the view alone tells.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SyncError {
    /// The new view belongs to another player or another game.
    #[error("the view is of another player or game")]
    OtherGame,
    /// The new view is not one or two plies after the tracked one, or no
    /// public moves lead there.
    #[error("no public moves lead from ply {from} to the view at ply {to}")]
    Lost {
        /// The tracked view's ply.
        from: u32,
        /// The new view's ply.
        to: u32,
    },
}

/// One player's running knowledge of a game.
///
/// ```
/// use board_core::{Game, Observable, Player};
/// use stratego_rules::ai::{BeliefOptions, Tracker};
/// use stratego_rules::{predefined, Army, Position, Rules, Setup};
///
/// let d = predefined();
/// let mut game = Position::from_setup(
///     Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1),
///     Rules::default(),
/// )?;
/// let mut blue = Tracker::new(&game.view(Player::Second));
/// let red_move = game.moves()[0];
/// let report = game.play_move(red_move)?;
/// blue.observe(report.public())?;
/// assert_eq!(blue.view(), &game.view(Player::Second));
/// // Blue still knows where the piece that moved started.
/// assert_eq!(blue.origin(red_move.to), Some(red_move.from));
/// let belief = blue.belief(&BeliefOptions::default());
/// assert_eq!(belief.unknown_pieces(), 40);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Tracker {
    view: View,
    /// The deployment index each enemy piece started on, per square.
    origin: [u8; 100],
    evidence: [Evidence; 100],
    /// What is known of the piece that started on each enemy setup square
    /// (by deployment index): whether it was a Bomb.
    started: [Started; 40],
    /// The rank of the piece that started on each enemy setup square, where
    /// a battle or a Scout's long move showed it.
    seen: SeenSetup,
    /// What the enemy's attacks have shown.
    conduct: Conduct,
}

/// What a tracker knows of the piece that started on an enemy setup
/// square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Started {
    /// Nothing yet.
    #[default]
    Unknown,
    /// A Bomb (revealed in a battle).
    Bomb,
    /// No Bomb: it moved, or a battle revealed another rank.
    NoBomb,
}

impl Tracker {
    /// A tracker from a view. At the start of a game it knows where every
    /// piece started; from a later view, only for the unmoved pieces.
    #[must_use]
    pub fn new(view: &View) -> Tracker {
        Tracker {
            view: view.clone(),
            origin: ByOrigin::from_view(view).0,
            evidence: [[1.0; 12]; 100],
            started: [Started::Unknown; 40],
            seen: SeenSetup::default(),
            conduct: Conduct::default(),
        }
    }

    /// What the game has shown of the enemy's setup so far: the rank of
    /// each piece whose rank a battle or a Scout's long move showed, on
    /// the setup square it started on (as far as the tracker knows where
    /// it started: from a view after the start, only the unmoved pieces).
    /// The squares are in the enemy's own orientation, as the
    /// [`SetupPrior`] counts them: index 0 is the front row's square on the
    /// enemy's left (for Blue, the board's file 9), so that what was seen
    /// of an opponent as Blue serves against it as Red.
    #[must_use]
    pub fn seen_setup(&self) -> SeenSetup {
        match !self.view.viewer {
            Player::First => self.seen,
            Player::Second => {
                SeenSetup::new(core::array::from_fn(|i| self.seen.get(mirror_index(i))))
            }
        }
    }

    /// Records that the enemy piece now on `sq` is of `rank` (it was just
    /// captured as the Flag, say, where the rules end the game before a
    /// move can be observed).
    pub(crate) fn saw(&mut self, sq: Square, rank: Rank) {
        // A piece whose start is unknown (`NONE`) is out of range.
        let _ = self.seen.set(usize::from(self.origin[sq.index()]), rank);
    }

    /// The view so far.
    #[must_use]
    pub fn view(&self) -> &View {
        &self.view
    }

    /// The viewer.
    #[must_use]
    pub fn viewer(&self) -> Player {
        self.view.viewer
    }

    /// Where the enemy piece now on `sq` started, if known.
    #[must_use]
    pub fn origin(&self, sq: Square) -> Option<Square> {
        let o = *self.origin.get(sq.index())?;
        if o == NONE {
            return None;
        }
        crate::zone_square(!self.view.viewer, usize::from(o))
    }

    /// The behaviour evidence gathered on the enemy piece now on `sq`.
    #[must_use]
    pub fn evidence(&self, sq: Square) -> Evidence {
        self.evidence[sq.index()]
    }

    /// What the enemy's attacks since the tracker started have shown of
    /// how it attacks.
    #[must_use]
    pub fn conduct(&self) -> Conduct {
        self.conduct
    }

    /// The belief over the unknown enemy pieces now.
    #[must_use]
    pub fn belief(&self, options: &BeliefOptions) -> Belief {
        self.belief_from(&SetupPrior::of(self.view.army), options)
    }

    /// [`Tracker::belief`] with `prior` as the setup prior instead of the
    /// embedded one (see [`Belief::with_prior`]).
    ///
    /// # Errors
    ///
    /// [`PriorArmyError`] when `prior` is of another army than the game's.
    pub fn belief_with_prior(
        &self,
        prior: &SetupPrior,
        options: &BeliefOptions,
    ) -> Result<Belief, PriorArmyError> {
        PriorArmyError::check(prior, &self.view)?;
        Ok(self.belief_from(prior, options))
    }

    /// The belief with the tracker's evidence and `prior` (of the game's
    /// army).
    fn belief_from(&self, prior: &SetupPrior, options: &BeliefOptions) -> Belief {
        Belief::with_evidence(
            &self.view,
            &self.origin,
            Some((&self.evidence, &self.started)),
            prior,
            options,
        )
    }

    /// Follows one public move (of either side). A move that contradicts
    /// the view is rejected and changes nothing.
    pub fn observe(&mut self, public: PublicMove) -> Result<(), ObserveError> {
        let before = self.view.clone();
        self.view.observe(public)?;
        self.conduct.record(&before, public);
        let me = before.viewer;
        let mover = before.to_move;
        let (f, t) = (public.mv.from.index(), public.mv.to.index());
        let result = public.result();
        // What the move tells of the enemy piece involved: one that moves
        // is no Bomb (a long move makes it a Scout, a battle shows its
        // rank); one the viewer attacks shows its rank.
        let told = match (mover != me, public.battle) {
            (true, Some((rank, _))) => Some((f, Some(rank))),
            (true, None) => {
                let long = public.mv.line().is_some_and(|(_, n)| n > 1);
                Some((f, long.then_some(Rank::Scout)))
            }
            (false, Some((_, rank))) => Some((t, Some(rank))),
            (false, None) => None,
        };
        if let Some((sq, rank)) = told {
            let start = usize::from(self.origin[sq]);
            if let Some(s) = self.started.get_mut(start) {
                *s = match rank {
                    Some(Rank::Bomb) => Started::Bomb,
                    _ => Started::NoBomb,
                };
            }
            if let Some(rank) = rank {
                // A piece whose start is unknown (`NONE`) is out of range.
                let _ = self.seen.set(start, rank);
            }
        }
        if mover != me {
            if result.is_none() && cell::rank_code(before.board[f]) == cell::UNKNOWN {
                let e = self.behaviour(&before, f, t);
                for (x, y) in self.evidence[f].iter_mut().zip(e) {
                    *x = (*x * y).max(1e-6);
                }
            }
            match result {
                None | Some(Battle::AttackerWins) => {
                    self.origin[t] = self.origin[f];
                    self.evidence[t] = self.evidence[f];
                }
                Some(_) => {}
            }
            self.origin[f] = NONE;
            self.evidence[f] = [1.0; 12];
        } else if matches!(result, Some(Battle::AttackerWins | Battle::BothRemoved)) {
            self.origin[t] = NONE;
            self.evidence[t] = [1.0; 12];
        }
        Ok(())
    }

    /// The evidence of an enemy step from `f` to `t`: the viewer's pieces
    /// the enemy knows, next to `t` but not `f` (approached) or next to `f`
    /// but not `t` (fled from).
    fn behaviour(&self, before: &View, f: usize, t: usize) -> Evidence {
        let me = before.viewer;
        let mut e = [1.0f32; 12];
        let known_mine = |sq: usize| {
            let c = before.board[sq];
            (cell::is_own(c, me) && c & cell::REVEALED != 0)
                .then(|| cell::rank(c))
                .flatten()
        };
        let near = |a: usize, b: usize| crate::chase::adjacent(a as u8, b as u8);
        for sq in 0..100 {
            let Some(rank) = known_mine(sq) else { continue };
            if !rank.is_movable() {
                continue;
            }
            let factors = match (near(sq, f), near(sq, t)) {
                (false, true) => approach(rank),
                (true, false) => flee(rank),
                _ => continue,
            };
            for (x, y) in e.iter_mut().zip(factors) {
                *x *= y;
            }
        }
        e
    }

    /// Catches up with a later view of the same player: finds the public
    /// moves (one or two plies) that lead from the tracked view to `view`
    /// and observes them. `own_move` is the viewer's last move, if it
    /// knows it (it narrows the search). When no moves lead there, the
    /// tracker starts again from `view` and says so.
    pub fn sync(&mut self, view: &View, own_move: Option<Move>) -> Result<(), SyncError> {
        if view.viewer != self.view.viewer
            || view.army != self.view.army
            || view.rules != self.view.rules
        {
            *self = Tracker::new(view);
            return Err(SyncError::OtherGame);
        }
        if *view == self.view {
            return Ok(());
        }
        let lost = SyncError::Lost {
            from: self.view.ply,
            to: view.ply,
        };
        let plies = view.ply.checked_sub(self.view.ply);
        let found = match plies {
            Some(1) => self.find(view, own_move, 1),
            Some(2) => self.find(view, own_move, 2),
            _ => None,
        };
        match found {
            Some(moves) => {
                for m in moves {
                    // Verified while searching.
                    let _ = self.observe(m);
                }
                Ok(())
            }
            None => {
                *self = Tracker::new(view);
                Err(lost)
            }
        }
    }

    /// The public moves (`plies` of them) from the tracked view to
    /// `target`.
    fn find(&self, target: &View, own_move: Option<Move>, plies: u32) -> Option<Vec<PublicMove>> {
        let start = &self.view;
        let hint = own_move.filter(|_| start.to_move == start.viewer);
        for first in candidates(start, target, hint, plies == 1) {
            let mut v = start.clone();
            if v.observe(first).is_err() {
                continue;
            }
            if plies == 1 {
                if v == *target {
                    return Some(vec![first]);
                }
                continue;
            }
            for second in candidates(&v, target, None, true) {
                let mut w = v.clone();
                if w.observe(second).is_ok() && w == *target {
                    return Some(vec![first, second]);
                }
            }
        }
        None
    }
}

/// The public moves of `view`'s side to move that may lead toward
/// `target`: from a square the mover left (empty in `target`, or, when
/// `last`, anything but the mover's piece of that square), along every
/// line, with every battle the ranks allow.
fn candidates(view: &View, target: &View, hint: Option<Move>, last: bool) -> Vec<PublicMove> {
    let mover = view.to_move;
    let mut out = Vec::new();
    let ranks_of = |c: u8, attacking: bool| -> ArrayVec<Rank, 12> {
        match cell::rank(c) {
            Some(r) => core::iter::once(r).collect(),
            None => Rank::ALL
                .into_iter()
                .filter(|&r| {
                    view.unlocated_of(cell::owner(c), r) > 0
                        && (r.is_movable() || (!attacking && c & cell::MOVED == 0))
                })
                .collect(),
        }
    };
    for f in 0..100usize {
        let c = view.board[f];
        if !cell::is_own(c, mover) {
            continue;
        }
        if let Some(h) = hint
            && h.from.index() != f
        {
            continue;
        }
        // A final move leaves its square empty; an earlier one may see it
        // filled again by the reply.
        if last && target.board[f] != cell::EMPTY {
            continue;
        }
        let attackers = ranks_of(c, true);
        if attackers.is_empty() {
            continue;
        }
        let scout = attackers.contains(&Rank::Scout);
        let from = Square::at(f as u8);
        for dir in crate::Direction::ALL {
            let mut sq = from;
            for dist in 1..10 {
                let Some(next) = sq.step(dir) else { break };
                if next.is_lake() || (dist > 1 && !scout) {
                    break;
                }
                sq = next;
                let mv = Move::new(from, sq);
                if hint.is_some_and(|h| h != mv) {
                    let d = view.board[sq.index()];
                    if d != cell::EMPTY {
                        break;
                    }
                    continue;
                }
                let d = view.board[sq.index()];
                if d == cell::EMPTY {
                    out.push(PublicMove::quiet(mv));
                    continue;
                }
                if !cell::is_own(d, mover) {
                    for &a in &attackers {
                        if dist > 1 && a != Rank::Scout {
                            continue;
                        }
                        for dr in ranks_of(d, false) {
                            out.push(PublicMove::attack(mv, a, dr));
                        }
                    }
                }
                break;
            }
        }
    }
    out
}

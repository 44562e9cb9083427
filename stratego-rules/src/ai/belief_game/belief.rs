//! The belief: a probability for every rank of every enemy piece whose
//! rank the viewer does not know, from the viewer's [`View`] (and, through
//! a [`Tracker`](crate::ai::Tracker), the game so far).
//!
//! # What it holds exactly, and what it guesses
//!
//! Hard facts hold exactly: a revealed rank is certain (such a piece is not
//! in the belief at all), a piece that moved is no Bomb or Flag, a long
//! move made a piece a known Scout (the view says so), and the expected
//! number of unknown pieces of each rank equals the number of pieces of
//! that rank the opponent has left and the viewer has not located
//! ([`View::unlocated`]). The guesses are weights the balancing starts
//! from: the setup prior ([`SetupPrior`]) of the square each piece started
//! on, and optionally evidence from how a piece behaved
//! ([`BeliefOptions::behaviour`]) and from what is known of the pieces that
//! started next to it ([`BeliefOptions::flag_neighbours`]) or still stand
//! there unmoved ([`BeliefOptions::flag_cluster`]).
//!
//! The marginals are balanced by iterative proportional fitting (Sinkhorn
//! scaling) of the pieces × ranks matrix of weights: rows to 1, columns to
//! the unlocated counts. When exactly as many unmoved pieces are left as
//! Bombs and Flags, those pieces are Bombs or the Flag for certain, and the
//! belief says so before balancing (the one constraint that would otherwise
//! only be approached in the limit).

use arrayvec::ArrayVec;
use board_core::Player;
use board_core::rand_core::RngCore;

use super::prior::setup_neighbours;
use super::tracker::Started;
use crate::ai::SetupPrior;
use crate::cell::{self, Cell};
use crate::{Army, Position, Rank, Square, View, zone_index};

/// No piece, in the per-square index of unknown pieces.
pub(crate) const NONE: u8 = u8::MAX;

/// How a [`Belief`] weighs its soft evidence.
#[derive(Debug, Clone, PartialEq)]
pub struct BeliefOptions {
    /// How much the setup prior counts: 0 ignores it (every unknown piece
    /// starts from the army's shares), 1 uses the human frequencies as
    /// they are; in between, a mixture of the two.
    pub prior_weight: f64,
    /// Count each setup also mirrored left to right (a setup seen from the
    /// other side of the board): humans favour no side much, and a program
    /// may set up either way round.
    pub symmetric: bool,
    /// The strength of the behaviour evidence a [`Tracker`](crate::ai::Tracker)
    /// collects (0 turns it off). See [`Evidence`](crate::ai::Evidence).
    pub behaviour: f64,
    /// The strength of the Flag's neighbourhood evidence a
    /// [`Tracker`](crate::ai::Tracker) collects (0 turns it off): the Flag's
    /// weight on an unmoved piece is multiplied, for each neighbouring
    /// setup square whose first piece is known to have been a Bomb (or no
    /// Bomb), by the prior's [`SetupPrior::flag_neighbour_ratios`], raised
    /// to this power. Humans wall the Flag in with Bombs, so a piece next
    /// to a found Bomb is likelier the Flag, and one next to pieces that
    /// moved away unlikelier.
    pub flag_neighbours: f64,
    /// The strength of the evidence of the Flag's still-unmoved
    /// neighbours (0 turns it off). Bombs never move, so late in a game a
    /// piece that has not moved is likelier a Bomb, and Bombs wall the Flag
    /// in: each neighbouring setup square whose first piece still stands
    /// unmoved multiplies an unmoved piece's Flag weight by
    /// `(p_f + (1 - p_f) m) / (p_o + (1 - p_o) m)`, where `m` is the share
    /// of the enemy's movable pieces that have not moved yet and `p_f`,
    /// `p_o` are the prior's [`SetupPrior::neighbour_bomb_rates`] (near 1
    /// early, up to 4 when nearly every movable piece has moved). Then the
    /// pieces next to the likely Flag are likelier Bombs: an unmoved
    /// piece's Bomb weight is multiplied by `1 + f (p_f / s - 1)`, with `f`
    /// the Flag probability of its setup neighbours and `s` the Bombs'
    /// share of the army, and the marginals are balanced again. Both
    /// factors are raised to this power.
    pub flag_cluster: f64,
}

impl Default for BeliefOptions {
    /// The measured defaults: the prior at full weight, mirrored, the
    /// behaviour term, the Flag's neighbourhood and its cluster evidence
    /// at strength 1 (each measured to improve the prediction of the ranks
    /// seen in the UCC engine games: see the crate README and the
    /// `stratego_belief_accuracy` example; together with the search's
    /// caution on high attacks they made `hard` win more against the
    /// 2012 bots, the README has the figures).
    fn default() -> Self {
        BeliefOptions {
            prior_weight: 1.0,
            symmetric: true,
            behaviour: 1.0,
            flag_neighbours: 1.0,
            flag_cluster: 1.0,
        }
    }
}

impl BeliefOptions {
    /// Hard facts only: every unknown piece starts from the army's shares.
    #[must_use]
    pub fn uniform() -> Self {
        BeliefOptions {
            prior_weight: 0.0,
            symmetric: true,
            behaviour: 0.0,
            flag_neighbours: 0.0,
            flag_cluster: 0.0,
        }
    }
}

/// An unknown enemy piece.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Unknown {
    pub square: u8,
    pub moved: bool,
}

/// The probability of every rank of every enemy piece the viewer cannot
/// identify, balanced so that the expected count of each rank is the
/// number of such pieces the opponent has left.
///
/// ```
/// use board_core::{Observable, Player};
/// use stratego_rules::ai::{Belief, BeliefOptions};
/// use stratego_rules::{predefined, Army, Position, Rank, Rules, Setup};
///
/// let d = predefined();
/// let game = Position::from_setup(
///     Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1),
///     Rules::default(),
/// )?;
/// let belief = Belief::new(&game.view(Player::First), &BeliefOptions::default());
/// // Eight Scouts among Blue's 40 unknown pieces, in expectation exactly.
/// assert!((belief.expected_count(Rank::Scout) - 8.0).abs() < 1e-9);
/// // The Flag is far likelier in Blue's back row (rank 10) than in front.
/// let flag = |sq: &str| belief.probability(sq.parse().unwrap(), Rank::Flag);
/// assert!(flag("b10") > 10.0 * flag("b7"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Belief {
    view: View,
    /// For each square, the index of the unknown enemy piece on it.
    slot: [u8; 100],
    pieces: ArrayVec<Unknown, 40>,
    probs: ArrayVec<[f64; 12], 40>,
    unlocated: [u8; 12],
}

/// A setup prior of another army than the view's
/// ([`Belief::with_prior`], [`Tracker::belief_with_prior`](crate::ai::Tracker::belief_with_prior)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the setup prior is of the {prior} army, the game of the {game} army")]
pub struct PriorArmyError {
    /// The prior's army.
    pub prior: Army,
    /// The view's army.
    pub game: Army,
}

impl PriorArmyError {
    pub(crate) fn check(prior: &SetupPrior, view: &View) -> Result<(), PriorArmyError> {
        if prior.army() == view.army {
            Ok(())
        } else {
            Err(PriorArmyError {
                prior: prior.army(),
                game: view.army,
            })
        }
    }
}

impl Belief {
    /// The belief of `view`'s viewer, knowing no more of the game than the
    /// view: an unmoved piece started where it stands, a moved one
    /// anywhere (a [`Tracker`](crate::ai::Tracker) remembers where).
    #[must_use]
    pub fn new(view: &View, options: &BeliefOptions) -> Belief {
        Belief::from_view(view, &SetupPrior::of(view.army), options)
    }

    /// [`Belief::new`] with `prior` as the setup prior instead of the
    /// embedded one (learned from human setups): for an opponent whose
    /// setups are known to differ, a prior trained with
    /// [`SetupPrior::train`] on its earlier setups, say.
    ///
    /// ```
    /// use board_core::{Observable, Player};
    /// use stratego_rules::ai::{Belief, BeliefOptions, SetupPrior};
    /// use stratego_rules::{predefined, Army, Position, Rank, Rules, Setup, Square};
    ///
    /// let d = predefined();
    /// let game = Position::from_setup(
    ///     Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1),
    ///     Rules::default(),
    /// )?;
    /// // An opponent that always sets up as Blue does here.
    /// let habit = d[1].1.to_gravon();
    /// let prior = SetupPrior::train(Army::Classic, [habit.as_str(); 50]).prior;
    /// let view = game.view(Player::First);
    /// // (Not mirrored: this opponent never sets up the other way round.)
    /// let options = BeliefOptions { symmetric: false, ..BeliefOptions::default() };
    /// let belief = Belief::with_prior(&view, &prior, &options)?;
    /// // The square where that opponent always puts its Flag stands out.
    /// let likeliest = |b: &Belief| {
    ///     (0..100)
    ///         .filter_map(Square::from_index)
    ///         .map(|sq| b.probability(sq, Rank::Flag))
    ///         .fold(0.0, f64::max)
    /// };
    /// assert!(likeliest(&belief) > 0.9);
    /// assert!(likeliest(&Belief::new(&view, &BeliefOptions::default())) < 0.5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`PriorArmyError`] when `prior` is of another army than the view's.
    pub fn with_prior(
        view: &View,
        prior: &SetupPrior,
        options: &BeliefOptions,
    ) -> Result<Belief, PriorArmyError> {
        PriorArmyError::check(prior, view)?;
        Ok(Belief::from_view(view, prior, options))
    }

    /// The belief from the view alone, with `prior` (of the view's army).
    fn from_view(view: &View, prior: &SetupPrior, options: &BeliefOptions) -> Belief {
        let origins = ByOrigin::from_view(view);
        Belief::with_evidence(view, &origins.0, None, prior, options)
    }

    /// The belief from a view, the setup square each enemy piece started on
    /// (`origin[square]`, a deployment index 0..40, [`NONE`] for unknown),
    /// per-square behaviour factors and what is known of the piece that
    /// started on each setup square.
    pub(crate) fn with_evidence(
        view: &View,
        origin: &[u8; 100],
        evidence: Option<(&[[f32; 12]; 100], &[Started; 40])>,
        table: &SetupPrior,
        options: &BeliefOptions,
    ) -> Belief {
        let enemy = !view.viewer;
        let prior = (options.prior_weight > 0.0).then_some(table);
        let (evidence, started) = evidence.unzip();
        // The Flag's neighbourhood: the learned ratios at the option's
        // strength, with the tracker's facts.
        let neighbourhood = started.filter(|_| options.flag_neighbours > 0.0).map(|s| {
            let (bomb, no_bomb) = table.flag_neighbour_ratios();
            let k = options.flag_neighbours;
            (s, bomb.powf(k), no_bomb.powf(k))
        });
        let cluster = Cluster::new(view, table, options.flag_cluster);
        let mut slot = [NONE; 100];
        let mut pieces = ArrayVec::new();
        let mut probs: ArrayVec<[f64; 12], 40> = ArrayVec::new();
        let mut unlocated = [0u8; 12];
        for r in Rank::ALL {
            unlocated[r.index()] = view.unlocated_of(enemy, r);
        }
        let army = view.army;
        let share = |r: Rank| f64::from(army.count(r)) / army.size() as f64;
        for (sq, &c) in view.board.iter().enumerate() {
            if !cell::is_own(c, enemy) || cell::rank_code(c) != cell::UNKNOWN {
                continue;
            }
            let moved = c & cell::MOVED != 0;
            let o = origin.get(sq).copied().filter(|&o| o != NONE);
            let flag_factor = match o {
                Some(o) if !moved => setup_neighbours(usize::from(o))
                    .map(
                        |n| match neighbourhood.map(|(started, b, nb)| (started[n], b, nb)) {
                            Some((Started::Bomb, bomb, _)) => bomb,
                            Some((Started::NoBomb, _, no_bomb)) => no_bomb,
                            _ => cluster
                                .as_ref()
                                .filter(|_| unmoved_at(view, n))
                                .map_or(1.0, |c| c.flag_ratio),
                        },
                    )
                    .product(),
                _ => 1.0,
            };
            let mut w = [0.0; 12];
            for r in Rank::ALL {
                if unlocated[r.index()] == 0 || (moved && !r.is_movable()) {
                    continue;
                }
                let mut p = share(r);
                if let (Some(prior), Some(o)) = (prior, o) {
                    let learned =
                        prior_probability(prior, enemy, usize::from(o), r, options.symmetric);
                    p = options.prior_weight * learned + (1.0 - options.prior_weight) * p;
                }
                if let Some(e) = evidence
                    && options.behaviour > 0.0
                {
                    p *= f64::from(e[sq][r.index()]).powf(options.behaviour);
                }
                if r == Rank::Flag {
                    p *= flag_factor;
                }
                w[r.index()] = p.max(1e-12);
            }
            if pieces.is_full() {
                break;
            }
            slot[sq] = pieces.len() as u8;
            pieces.push(Unknown {
                square: sq as u8,
                moved,
            });
            probs.push(w);
        }
        let mut belief = Belief {
            view: view.clone(),
            slot,
            pieces,
            probs,
            unlocated,
        };
        belief.force_tight_immovables();
        belief.balance();
        if let Some(c) = &cluster {
            // The Flag's probability on each setup square before the game.
            let mut before = [0.0; 40];
            for (i, x) in before.iter_mut().enumerate() {
                let learned = prior_probability(table, enemy, i, Rank::Flag, options.symmetric);
                *x = options.prior_weight * learned
                    + (1.0 - options.prior_weight) * share(Rank::Flag);
            }
            belief.bombs_near_flag(origin, &before, c.bomb_ratio);
        }
        belief
    }

    /// Bombs wall the Flag in: an unmoved piece whose setup neighbours hold
    /// the Flag with total probability `f` now, and held it with `f0` by
    /// the prior (`before`, per setup square), gets its Bomb weight
    /// multiplied by `(1 + f (ratio - 1)) / (1 + f0 (ratio - 1))` (the prior
    /// already counts the Bombs the Flag draws where it usually stands);
    /// then the marginals are balanced again.
    fn bombs_near_flag(&mut self, origin: &[u8; 100], before: &[f64; 40], ratio: f64) {
        let start = |p: &Unknown| {
            origin
                .get(usize::from(p.square))
                .copied()
                .filter(|&o| o != NONE && !p.moved)
                .map(usize::from)
        };
        let mut flag_at = [0.0f64; 40];
        for (p, w) in self.pieces.iter().zip(&self.probs) {
            if let Some(slot) = start(p).and_then(|o| flag_at.get_mut(o)) {
                *slot = w[Rank::Flag.index()];
            }
        }
        let mut changed = false;
        for (p, w) in self.pieces.iter().zip(self.probs.iter_mut()) {
            let Some(o) = start(p) else { continue };
            let near =
                |flag: &[f64; 40]| setup_neighbours(o).map(|n| flag[n]).sum::<f64>().min(1.0);
            let factor =
                (1.0 + near(&flag_at) * (ratio - 1.0)) / (1.0 + near(before) * (ratio - 1.0));
            if (factor - 1.0).abs() > 1e-12 {
                w[Rank::Bomb.index()] *= factor;
                changed = true;
            }
        }
        if changed {
            self.balance();
        }
    }

    /// When the unmoved unknown pieces are exactly as many as the unlocated
    /// Bombs and Flag, each of them is one of those.
    fn force_tight_immovables(&mut self) {
        let immovable =
            usize::from(self.unlocated[Rank::Bomb.index()] + self.unlocated[Rank::Flag.index()]);
        let unmoved = self.pieces.iter().filter(|p| !p.moved).count();
        if immovable == 0 || unmoved != immovable {
            return;
        }
        for (p, w) in self.pieces.iter().zip(self.probs.iter_mut()) {
            if !p.moved {
                for r in Rank::ALL.iter().filter(|r| r.is_movable()) {
                    w[r.index()] = 0.0;
                }
            }
        }
    }

    /// Iterative proportional fitting: rows (pieces) to 1, columns (ranks)
    /// to the unlocated counts, until both hold within 1e-12 (or 2000
    /// sweeps), ending on rows so that every distribution sums to 1.
    fn balance(&mut self) {
        if self.probs.is_empty() {
            return;
        }
        for _ in 0..2000 {
            let mut cols = [0.0f64; 12];
            for w in &self.probs {
                for (c, x) in cols.iter_mut().zip(w) {
                    *c += x;
                }
            }
            let mut worst: f64 = 0.0;
            let mut scale = [0.0; 12];
            for r in 0..12 {
                let target = f64::from(self.unlocated[r]);
                worst = worst.max((cols[r] - target).abs());
                scale[r] = if cols[r] > 0.0 { target / cols[r] } else { 0.0 };
            }
            for w in &mut self.probs {
                let mut sum = 0.0;
                for (x, s) in w.iter_mut().zip(&scale) {
                    *x *= s;
                    sum += *x;
                }
                if sum > 0.0 {
                    for x in w.iter_mut() {
                        *x /= sum;
                    }
                }
            }
            if worst < 1e-12 {
                break;
            }
        }
    }

    /// The piece set.
    #[must_use]
    pub fn army(&self) -> Army {
        self.view.army
    }

    /// The viewer.
    #[must_use]
    pub fn viewer(&self) -> Player {
        self.view.viewer
    }

    /// The view the belief was built from.
    #[must_use]
    pub fn view(&self) -> &View {
        &self.view
    }

    /// The number of enemy pieces whose rank the viewer does not know.
    #[must_use]
    pub fn unknown_pieces(&self) -> usize {
        self.pieces.len()
    }

    /// The squares of the unknown enemy pieces, in board order.
    pub fn unknown_squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.pieces.iter().map(|p| Square::at(p.square))
    }

    /// How many of the opponent's remaining pieces of `rank` stand among
    /// the unknown ones.
    #[must_use]
    pub fn unlocated(&self, rank: Rank) -> u8 {
        self.unlocated[rank.index()]
    }

    /// The probability of every rank (by [`Rank::index`]) for the enemy
    /// piece on `sq`: the known rank with probability 1, the balanced
    /// distribution for an unknown piece; `None` when no enemy piece stands
    /// there.
    #[must_use]
    pub fn distribution(&self, sq: Square) -> Option<[f64; 12]> {
        let c = self.view.board[sq.index()];
        if !cell::is_own(c, !self.view.viewer) {
            return None;
        }
        match cell::rank(c) {
            Some(r) => {
                let mut d = [0.0; 12];
                d[r.index()] = 1.0;
                Some(d)
            }
            None => self.probs.get(usize::from(self.slot[sq.index()])).copied(),
        }
    }

    /// The probability that the enemy piece on `sq` has `rank` (0 where no
    /// enemy piece stands).
    #[must_use]
    pub fn probability(&self, sq: Square, rank: Rank) -> f64 {
        self.distribution(sq).map_or(0.0, |d| d[rank.index()])
    }

    /// The expected number of unknown enemy pieces of `rank`: equal to
    /// [`unlocated`](Belief::unlocated) (balanced marginals).
    #[must_use]
    pub fn expected_count(&self, rank: Rank) -> f64 {
        self.probs.iter().map(|w| w[rank.index()]).sum()
    }

    pub(crate) fn probs(&self) -> &[[f64; 12]] {
        &self.probs
    }

    pub(crate) fn slot(&self, sq: usize) -> u8 {
        self.slot[sq]
    }

    /// A full referee state consistent with the view, each unknown piece's
    /// rank drawn so that its probability over many draws is exactly the
    /// belief's (dependent rounding of the balanced matrix: every draw
    /// gives each rank exactly its unlocated count, and never a Bomb or the
    /// Flag to a moved piece). The belief-weighted counterpart of
    /// [`Determinize`](board_core::Determinize) for [`Position`], which
    /// draws uniformly.
    pub fn determinize<R: RngCore + ?Sized>(&self, rng: &mut R) -> Position {
        let ranks = self.sample_ranks(rng);
        let mut board: [Cell; 100] = self.view.board;
        for (p, r) in self.pieces.iter().zip(ranks) {
            let c = &mut board[usize::from(p.square)];
            *c = (*c & !cell::RANK) | r as u8;
        }
        self.view.position_with(board)
    }

    /// One rank per unknown piece, by dependent rounding.
    fn sample_ranks<R: RngCore + ?Sized>(&self, rng: &mut R) -> ArrayVec<Rank, 40> {
        const EPS: f64 = 1e-9;
        let n = self.pieces.len();
        let mut x: ArrayVec<[f64; 12], 40> = self.probs.clone();
        let snap = |v: &mut f64| {
            if *v < EPS {
                *v = 0.0;
            } else if *v > 1.0 - EPS {
                *v = 1.0;
            }
        };
        for w in &mut x {
            w.iter_mut().for_each(snap);
        }
        let fractional = |v: f64| v > 0.0 && v < 1.0;
        // Vertices: pieces 0..n, ranks n..n+12. Walk along fractional edges
        // until a vertex repeats; the cycle's edges alternate + and -.
        let mut guard = 0;
        'rounds: while guard < 10_000 {
            guard += 1;
            let Some(start) = (0..n).find(|&i| x[i].iter().any(|&v| fractional(v))) else {
                break;
            };
            let mut path: ArrayVec<usize, 64> = ArrayVec::new();
            let mut pos_in_path = [usize::MAX; 52];
            let mut v = start;
            let mut came_by: Option<(usize, usize)> = None;
            loop {
                if pos_in_path[v] != usize::MAX {
                    break;
                }
                pos_in_path[v] = path.len();
                let _ = path.try_push(v);
                // The next vertex along a fractional edge other than the
                // one we came by.
                let next = if v < n {
                    (0..12)
                        .filter(|&r| fractional(x[v][r]))
                        .map(|r| n + r)
                        .find(|&u| came_by != Some((u, v)))
                } else {
                    let r = v - n;
                    (0..n)
                        .filter(|&i| fractional(x[i][r]))
                        .find(|&i| came_by != Some((i, v)))
                };
                let Some(u) = next else {
                    // Only rounding error leaves a vertex with one
                    // fractional edge: settle that edge to its nearest end.
                    let (i, r) = if v < n {
                        let r = (0..12).find(|&r| fractional(x[v][r])).unwrap_or(0);
                        (v, r)
                    } else {
                        let i = (0..n).find(|&i| fractional(x[i][v - n])).unwrap_or(0);
                        (i, v - n)
                    };
                    x[i][r] = x[i][r].round();
                    continue 'rounds;
                };
                came_by = Some((v, u));
                v = u;
            }
            let cycle = &path[pos_in_path[v]..];
            // Edge k joins cycle[k] and cycle[k + 1] (cyclically).
            let edge = |k: usize| {
                let (a, b) = (cycle[k], cycle[(k + 1) % cycle.len()]);
                if a < n { (a, b - n) } else { (b, a - n) }
            };
            let (mut alpha, mut beta) = (f64::INFINITY, f64::INFINITY);
            for k in 0..cycle.len() {
                let (i, r) = edge(k);
                let v = x[i][r];
                if k % 2 == 0 {
                    alpha = alpha.min(1.0 - v);
                    beta = beta.min(v);
                } else {
                    alpha = alpha.min(v);
                    beta = beta.min(1.0 - v);
                }
            }
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let delta = if u < beta / (alpha + beta) {
                alpha
            } else {
                -beta
            };
            for k in 0..cycle.len() {
                let (i, r) = edge(k);
                let v = &mut x[i][r];
                *v += if k % 2 == 0 { delta } else { -delta };
                snap(v);
            }
        }
        // Read the assignment; repair what rounding error could have left
        // (never seen), keeping every count and the moved pieces' facts.
        let mut left = self.unlocated;
        let mut out: ArrayVec<Option<Rank>, 40> = ArrayVec::new();
        for w in &x {
            let r = (0..12).find(|&r| w[r] >= 0.5 && left[r] > 0);
            if let Some(r) = r {
                left[r] -= 1;
            }
            out.push(r.and_then(Rank::from_index));
        }
        let mut ranks = ArrayVec::new();
        for (p, r) in self.pieces.iter().zip(&out) {
            let rank = r.unwrap_or_else(|| {
                let pick = Rank::ALL
                    .into_iter()
                    .filter(|r| left[r.index()] > 0 && (!p.moved || r.is_movable()))
                    .max_by_key(|r| u8::from(!r.is_movable()))
                    .unwrap_or(Rank::Scout);
                left[pick.index()] = left[pick.index()].saturating_sub(1);
                pick
            });
            ranks.push(rank);
        }
        ranks
    }
}

/// The setup index of `index` mirrored across the board's middle file:
/// the same square seen from the other side's orientation.
pub(crate) const fn mirror_index(index: usize) -> usize {
    (index / 10) * 10 + 9 - index % 10
}

/// The prior probability of `rank` on `owner`'s deployment square `index`,
/// smoothed so that no rank the army has is impossible anywhere. The
/// setups are read from each player's own side: Blue's left is the board's
/// file j. With `symmetric`, averaged with the mirror square.
fn prior_probability(
    prior: &SetupPrior,
    owner: Player,
    index: usize,
    rank: Rank,
    symmetric: bool,
) -> f64 {
    let army = prior.army();
    // One pseudo-setup spread by the army's shares.
    let pseudo = f64::from(army.count(rank)) / army.size() as f64;
    let occupied = |i: usize| -> f64 { (0..12).map(|s| f64::from(prior.count(i, s))).sum() };
    let mirror = mirror_index(index);
    let own = match owner {
        Player::First => index,
        Player::Second => mirror,
    };
    let mut squares: ArrayVec<usize, 2> = ArrayVec::new();
    squares.push(own);
    if symmetric {
        squares.push(index + mirror - own);
    }
    let count: f64 = squares
        .iter()
        .map(|&i| f64::from(prior.count(i, rank.index())))
        .sum();
    let total: f64 = squares.iter().map(|&i| occupied(i)).sum();
    (count + pseudo) / (total + 1.0)
}

/// The factors of [`BeliefOptions::flag_cluster`] for one view.
struct Cluster {
    /// The Flag's factor per still-unmoved neighbour.
    flag_ratio: f64,
    /// How much likelier a Bomb is next to the Flag than on a setup square
    /// at large.
    bomb_ratio: f64,
}

impl Cluster {
    /// The factors at `strength` (`None` when 0 or without setups).
    fn new(view: &View, prior: &SetupPrior, strength: f64) -> Option<Cluster> {
        if strength <= 0.0 {
            return None;
        }
        let (p_f, p_o) = prior.neighbour_bomb_rates()?;
        let enemy = !view.viewer;
        let unmoved = view
            .board
            .iter()
            .filter(|&&c| is_unmoved_unknown(c, enemy))
            .count();
        let immovable = usize::from(
            view.unlocated_of(enemy, Rank::Bomb) + view.unlocated_of(enemy, Rank::Flag),
        );
        let movable: usize = Rank::ALL
            .iter()
            .filter(|r| r.is_movable())
            .map(|r| usize::from(view.counts[enemy][r.index()]))
            .sum();
        let m = (unmoved.saturating_sub(immovable) as f64 / movable.max(1) as f64).min(1.0);
        let share = f64::from(view.army.count(Rank::Bomb)) / view.army.size() as f64;
        Some(Cluster {
            flag_ratio: ((p_f + (1.0 - p_f) * m) / (p_o + (1.0 - p_o) * m)).powf(strength),
            bomb_ratio: (p_f / share).powf(strength),
        })
    }
}

/// Whether the first piece of the enemy's setup square `n` still stands
/// there unmoved.
fn unmoved_at(view: &View, n: usize) -> bool {
    let enemy = !view.viewer;
    crate::zone_square(enemy, n).is_some_and(|s| is_unmoved_unknown(view.board[s.index()], enemy))
}

/// An enemy piece of unknown rank that has not moved.
fn is_unmoved_unknown(c: Cell, enemy: Player) -> bool {
    cell::is_own(c, enemy) && cell::rank_code(c) == cell::UNKNOWN && c & cell::MOVED == 0
}

/// The deployment square each unknown enemy piece of a view started on, as
/// far as the view alone tells: an unmoved piece's own square.
pub(crate) struct ByOrigin(pub [u8; 100]);

impl ByOrigin {
    pub(crate) fn from_view(view: &View) -> ByOrigin {
        let enemy = !view.viewer;
        let mut origin = [NONE; 100];
        for (sq, o) in origin.iter_mut().enumerate() {
            let c = view.board[sq];
            if cell::is_own(c, enemy) && c & cell::MOVED == 0 {
                *o = Square::from_index(sq)
                    .and_then(|s| zone_index(enemy, s))
                    .map_or(NONE, |i| i as u8);
            }
        }
        ByOrigin(origin)
    }
}

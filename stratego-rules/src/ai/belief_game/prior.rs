//! The setup prior: how often human players put each rank on each of the
//! 40 setup squares, learned from real setups by `spielwerk stratego
//! train-prior` and embedded in the crate ([`SetupPrior::classic`],
//! [`SetupPrior::barrage`]).
//!
//! The table holds raw counts per square (index `row * 10 + file`, row 0
//! the front row, as [`Deployment`]), so a user can retrain it from other
//! setups ([`SetupPrior::train`]) and write it out as Rust source
//! ([`SetupPrior::to_rust_source`]); a test checks that the embedded table
//! is exactly what training on the shared data gives.

use core::fmt::Write as _;

use crate::ai::SeenSetup;
use crate::{Army, Deployment, Rank};

// Generated: rustfmt leaves it as `train-prior` wrote it.
#[rustfmt::skip]
#[path = "prior_table.rs"]
mod table;

/// The slots of a square's counts: the twelve ranks by [`Rank::index`],
/// then "empty" (Barrage leaves most squares empty).
pub const SLOTS: usize = 13;
/// The slot of an empty square.
pub const EMPTY_SLOT: usize = 12;
/// The strengths [`SetupPrior::fitted_strength`] chooses among: from a
/// quarter of a game to 1,024 games, doubling.
pub const FITTED_STRENGTHS: [f64; 13] = [
    0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0, 1024.0,
];
/// The probability [`SetupPrior::log_likelihood`] gives a rank the prior
/// never saw on a square.
const UNSEEN_RANK: f64 = 1e-3;

/// Rank counts per setup square, learned from setups.
///
/// ```
/// use stratego_rules::ai::SetupPrior;
/// use stratego_rules::Rank;
///
/// let prior = SetupPrior::classic();
/// assert!(prior.setups() > 60_000);
/// // Humans hide the Flag in the back row (row 3) far more often than in
/// // the front row (row 0).
/// let back: f64 = (30..40).map(|i| prior.probability(i, Rank::Flag)).sum();
/// let front: f64 = (0..10).map(|i| prior.probability(i, Rank::Flag)).sum();
/// assert!(back > 20.0 * front);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupPrior {
    army: Army,
    setups: u32,
    counts: [[u32; SLOTS]; 40],
    neighbours: [u32; 4],
}

/// What [`SetupPrior::train`] read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Training {
    /// The prior learned.
    pub prior: SetupPrior,
    /// Lines that were not a valid setup of the army (comments, junk, a
    /// wrong army), skipped.
    pub skipped: usize,
}

impl SetupPrior {
    /// The classic prior embedded in the crate: 64,920 human setups from
    /// the Gravon platform.
    #[must_use]
    pub fn classic() -> SetupPrior {
        SetupPrior {
            army: Army::Classic,
            setups: table::CLASSIC_SETUPS,
            counts: table::CLASSIC,
            neighbours: table::CLASSIC_NEIGHBOURS,
        }
    }

    /// The Barrage prior embedded in the crate: 3,944 human Barrage setups
    /// from the Gravon platform.
    #[must_use]
    pub fn barrage() -> SetupPrior {
        SetupPrior {
            army: Army::Barrage,
            setups: table::BARRAGE_SETUPS,
            counts: table::BARRAGE,
            neighbours: table::BARRAGE_NEIGHBOURS,
        }
    }

    /// The embedded prior of `army`.
    #[must_use]
    pub fn of(army: Army) -> SetupPrior {
        match army {
            Army::Classic => SetupPrior::classic(),
            Army::Barrage => SetupPrior::barrage(),
        }
    }

    /// A prior with no setups: every rank equally likely by its count in
    /// the army.
    #[must_use]
    pub fn empty(army: Army) -> SetupPrior {
        SetupPrior {
            army,
            setups: 0,
            counts: [[0; SLOTS]; 40],
            neighbours: [0; 4],
        }
    }

    /// Learns the counts from setups, one per line in the Gravon
    /// 40-character form (front row first; see
    /// [`Deployment::from_gravon`]). Lines that are not a valid setup of
    /// `army` are skipped and counted.
    #[must_use]
    pub fn train<'a>(army: Army, lines: impl IntoIterator<Item = &'a str>) -> Training {
        let mut prior = SetupPrior::empty(army);
        let mut skipped = 0;
        for line in lines {
            match Deployment::from_gravon(line) {
                Ok(d) if d.is_valid(army) => prior.add(&d),
                _ => skipped += 1,
            }
        }
        Training { prior, skipped }
    }

    /// Counts one more setup.
    pub fn add(&mut self, deployment: &Deployment) {
        for (i, slot) in deployment.squares.iter().enumerate() {
            self.counts[i][slot.map_or(EMPTY_SLOT, Rank::index)] += 1;
            let Some(rank) = slot else { continue };
            let base = if *rank == Rank::Flag { 0 } else { 2 };
            for n in setup_neighbours(i) {
                if let Some(other) = deployment.squares[n] {
                    self.neighbours[base] += 1;
                    if other == Rank::Bomb {
                        self.neighbours[base + 1] += 1;
                    }
                }
            }
        }
        self.setups += 1;
    }

    /// How much the Flag's likelihood on a setup square changes with what
    /// is known of the piece that started on a neighbouring setup square:
    /// `(if it was a Bomb, if it was a piece that is no Bomb)`, each the
    /// ratio P(neighbour is (no) Bomb | Flag here) / P(neighbour is (no)
    /// Bomb | another piece here), learned from the setups (humans wall the
    /// Flag in with Bombs: about 4 and 0.5 in the classic prior). Without
    /// setups, `(1, 1)`.
    ///
    /// ```
    /// use stratego_rules::ai::SetupPrior;
    ///
    /// let (bomb, no_bomb) = SetupPrior::classic().flag_neighbour_ratios();
    /// assert!(bomb > 3.0 && no_bomb < 0.6);
    /// ```
    #[must_use]
    pub fn flag_neighbour_ratios(&self) -> (f64, f64) {
        match self.neighbour_bomb_rates() {
            Some((p_flag, p_other)) => (p_flag / p_other, (1.0 - p_flag) / (1.0 - p_other)),
            None => (1.0, 1.0),
        }
    }

    /// How often a setup square next to the Flag holds a Bomb, and how
    /// often one next to another piece does: `(p_flag, p_other)`, with
    /// add-one smoothing so that both lie strictly between 0 and 1 (about
    /// 0.57 and 0.14 in the classic prior). `None` without setups.
    ///
    /// ```
    /// use stratego_rules::ai::SetupPrior;
    ///
    /// let rates = SetupPrior::classic().neighbour_bomb_rates();
    /// let (p_flag, p_other) = rates.expect("the classic prior learned from setups");
    /// assert!(p_flag > 0.5 && p_other < 0.2);
    /// ```
    #[must_use]
    pub fn neighbour_bomb_rates(&self) -> Option<(f64, f64)> {
        let [flag, flag_bombs, other, other_bombs] = self.neighbours.map(f64::from);
        if flag == 0.0 || other == 0.0 {
            return None;
        }
        Some((
            (flag_bombs + 1.0) / (flag + 2.0),
            (other_bombs + 1.0) / (other + 2.0),
        ))
    }

    /// The pairs of neighbouring occupied setup squares counted, as
    /// `[next to a Flag, of them Bombs, next to another piece, of them
    /// Bombs]` (each pair counted from both ends).
    #[must_use]
    pub fn neighbour_counts(&self) -> [u32; 4] {
        self.neighbours
    }

    /// The army of the setups.
    #[must_use]
    pub fn army(&self) -> Army {
        self.army
    }

    /// The number of setups learned from.
    #[must_use]
    pub fn setups(&self) -> u32 {
        self.setups
    }

    /// How many setups had `slot` (a [`Rank::index`] or [`EMPTY_SLOT`]) on
    /// square `index` (0..40, row 0 the front row).
    #[must_use]
    pub fn count(&self, index: usize, slot: usize) -> u32 {
        self.counts
            .get(index)
            .and_then(|s| s.get(slot))
            .copied()
            .unwrap_or(0)
    }

    /// The frequency of `rank` on square `index` among the setups that put
    /// a piece there; without setups, the rank's share of the army.
    #[must_use]
    pub fn probability(&self, index: usize, rank: Rank) -> f64 {
        let Some(square) = self.counts.get(index) else {
            return 0.0;
        };
        let occupied: u32 = square[..EMPTY_SLOT].iter().sum();
        if occupied == 0 {
            return f64::from(self.army.count(rank)) / self.army.size() as f64;
        }
        f64::from(square[rank.index()]) / f64::from(occupied)
    }

    /// This prior adapted to the setups `seen` of one opponent: on each
    /// setup square, the prior's frequencies weigh as much as `strength`
    /// games in which that square was seen, and every seen rank counts as
    /// one game. With `strength` 2, a rank seen once on a square gets at
    /// least a third of it, seen three times at least three fifths. A
    /// `strength` that is not positive (or not finite) keeps only what was
    /// seen where anything was. The neighbourhood counts of the Flag stay
    /// the prior's.
    ///
    /// ```
    /// use stratego_rules::ai::{SeenSetup, SetupPrior};
    /// use stratego_rules::Rank;
    ///
    /// let mut seen = SeenSetup::default();
    /// seen.set(36, Rank::Flag)?;
    /// let human = SetupPrior::classic();
    /// let adapted = human.adapted([&seen], 2.0);
    /// let expected = (2.0 * human.probability(36, Rank::Flag) + 1.0) / 3.0;
    /// assert!((adapted.probability(36, Rank::Flag) - expected).abs() < 1e-3);
    /// // Squares nothing was seen on keep their frequencies.
    /// assert!((adapted.probability(5, Rank::Scout) - human.probability(5, Rank::Scout)).abs() < 1e-3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn adapted<'a>(
        &self,
        seen: impl IntoIterator<Item = &'a SeenSetup>,
        strength: f64,
    ) -> SetupPrior {
        // The weight of one seen game on a square, in counts.
        const GAME: u32 = 1000;
        let strength = if strength.is_finite() && strength > 0.0 {
            strength
        } else {
            0.0
        };
        let mut out = self.clone();
        for (square, counts) in out.counts.iter_mut().enumerate() {
            let occupied: u32 = self.counts[square][..EMPTY_SLOT].iter().sum();
            for (slot, count) in counts.iter_mut().enumerate() {
                // Without setups, the army's shares (as `probability`).
                let share = match (occupied, Rank::ALL.get(slot)) {
                    (0, Some(&rank)) => f64::from(self.army.count(rank)) / self.army.size() as f64,
                    (0, None) => 0.0,
                    _ => f64::from(self.counts[square][slot]) / f64::from(occupied),
                };
                let scaled = share * strength * f64::from(GAME);
                // Keep every possible rank possible.
                *count = if share > 0.0 && strength > 0.0 {
                    (scaled.round() as u32).max(1)
                } else {
                    0
                };
            }
        }
        let mut games = 0u32;
        for s in seen {
            games = games.saturating_add(1);
            for (counts, rank) in out.counts.iter_mut().zip(s.squares()) {
                if let Some(rank) = rank {
                    counts[rank.index()] = counts[rank.index()].saturating_add(GAME);
                }
            }
        }
        out.setups = self.setups.saturating_add(games);
        out
    }

    /// How well this prior, adapted at `strength` ([`adapted`]), predicts
    /// the setups `seen` of one opponent: the log-likelihood of every seen
    /// rank, each game predicted from the games before it (the order does
    /// not matter: a Dirichlet-multinomial's marginal likelihood). A rank
    /// the prior never saw on a square counts as a thousandth. `strength`
    /// must be positive and finite (otherwise the result is `NaN`).
    ///
    /// [`adapted`]: SetupPrior::adapted
    #[must_use]
    pub fn log_likelihood<'a>(
        &self,
        seen: impl IntoIterator<Item = &'a SeenSetup>,
        strength: f64,
    ) -> f64 {
        if !(strength.is_finite() && strength > 0.0) {
            return f64::NAN;
        }
        let mut counts = [[0u32; SLOTS]; 40];
        let mut games = [0u32; 40];
        let mut sum = 0.0;
        for s in seen {
            // A game shows each square once, so each seen rank is predicted
            // from the earlier games alone, then counted.
            for (square, rank) in s.squares().iter().enumerate() {
                if let Some(rank) = rank {
                    let base = self.probability(square, *rank).max(UNSEEN_RANK);
                    let count = &mut counts[square][rank.index()];
                    let p = (strength * base + f64::from(*count))
                        / (strength + f64::from(games[square]));
                    sum += p.ln();
                    *count += 1;
                    games[square] += 1;
                }
            }
        }
        sum
    }

    /// The strength of [`adapted`] under which the setups `seen` of one
    /// opponent are likeliest ([`log_likelihood`]), among
    /// [`FITTED_STRENGTHS`] and `fallback`: small against an opponent that
    /// sets up the same way game after game, large against one whose
    /// setups look like the prior's. Until the games tell the strengths
    /// apart (fewer than two games, or a tie), `fallback` (one that is not
    /// positive counts as the smallest of them).
    ///
    /// ```
    /// use stratego_rules::ai::{SeenSetup, SetupPrior};
    /// use stratego_rules::Rank;
    ///
    /// // An opponent that put its Spy on square 3 in each of four games.
    /// let mut spy = SeenSetup::default();
    /// spy.set(3, Rank::Spy)?;
    /// let human = SetupPrior::classic();
    /// assert_eq!(human.fitted_strength([&spy], 2.0), 2.0);
    /// assert!(human.fitted_strength([&spy; 4], 2.0) < 1.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// [`adapted`]: SetupPrior::adapted
    /// [`log_likelihood`]: SetupPrior::log_likelihood
    #[must_use]
    pub fn fitted_strength<'a>(
        &self,
        seen: impl IntoIterator<Item = &'a SeenSetup> + Clone,
        fallback: f64,
    ) -> f64 {
        let fallback = if fallback.is_finite() && fallback > 0.0 {
            fallback
        } else {
            FITTED_STRENGTHS[0]
        };
        let mut best: Option<(f64, f64)> = None;
        // The fallback first: a tie (within rounding) keeps it.
        let candidates = core::iter::once(fallback)
            .chain(FITTED_STRENGTHS.into_iter().filter(|&s| s != fallback));
        for strength in candidates {
            let l = self.log_likelihood(seen.clone(), strength);
            if best.is_none_or(|(_, b)| l > b + 1e-9 * b.abs().max(1.0)) {
                best = Some((strength, l));
            }
        }
        best.map_or(fallback, |(strength, _)| strength)
    }

    /// The Rust source of the crate's embedded table (the module
    /// `prior_table.rs`) holding a classic and a Barrage prior.
    #[must_use]
    pub fn to_rust_source(classic: &SetupPrior, barrage: &SetupPrior) -> String {
        let mut out = String::from(
            "//! The setup prior's counts, written by `spielwerk stratego train-prior`\n\
             //! from the human setups of `../shared/data/stratego/setups/` (do not edit:\n\
             //! run the program again). Per square (row * 10 + file, row 0 the front\n\
             //! row): how many setups had each rank there (by `Rank::index`), then how\n\
             //! many left it empty.\n\n",
        );
        for (name, p) in [("CLASSIC", classic), ("BARRAGE", barrage)] {
            let _ = writeln!(out, "/// The number of {} setups counted.", p.army.name());
            let _ = writeln!(out, "pub(super) const {name}_SETUPS: u32 = {};", p.setups);
            let _ = writeln!(out, "/// The {} counts.", p.army.name());
            let _ = writeln!(out, "pub(super) static {name}: [[u32; 13]; 40] = [");
            for square in &p.counts {
                let row: Vec<String> = square.iter().map(u32::to_string).collect();
                let _ = writeln!(out, "    [{}],", row.join(", "));
            }
            out.push_str("];\n");
            let _ = writeln!(
                out,
                "/// The {} neighbour pairs: next to a Flag, of them Bombs, next to another\n\
                 /// piece, of them Bombs.",
                p.army.name()
            );
            let n: Vec<String> = p.neighbours.iter().map(u32::to_string).collect();
            let _ = writeln!(
                out,
                "pub(super) const {name}_NEIGHBOURS: [u32; 4] = [{}];",
                n.join(", ")
            );
        }
        out
    }
}

/// The setup squares next to setup square `i` (a deployment index), by
/// the board's geometry (the same for either side's deployment).
pub(crate) fn setup_neighbours(i: usize) -> impl Iterator<Item = usize> {
    let owner = board_core::Player::First;
    let square = crate::zone_square(owner, i);
    crate::Direction::ALL
        .into_iter()
        .filter_map(move |d| square?.step(d))
        .filter_map(move |n| crate::zone_index(owner, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::predefined;

    #[test]
    fn training_counts_every_valid_line_and_skips_the_rest() {
        let lines: Vec<String> = predefined().iter().map(|(_, d)| d.to_gravon()).collect();
        let mut input: Vec<&str> = lines.iter().map(String::as_str).collect();
        input.push("]");
        input.push("# a comment");
        let t = SetupPrior::train(Army::Classic, input);
        assert_eq!((t.prior.setups(), t.skipped), (8, 2));
        for i in 0..40 {
            let total: f64 = Rank::ALL.iter().map(|&r| t.prior.probability(i, r)).sum();
            assert!((total - 1.0).abs() < 1e-12);
        }
        let flags: u32 = (0..40).map(|i| t.prior.count(i, Rank::Flag.index())).sum();
        assert_eq!(flags, 8);
    }

    #[test]
    fn the_embedded_tables_are_whole() {
        for p in [SetupPrior::classic(), SetupPrior::barrage()] {
            for i in 0..40 {
                let n: u32 = (0..SLOTS).map(|s| p.count(i, s)).sum();
                assert_eq!(n, p.setups());
            }
            for r in Rank::ALL {
                let n: u32 = (0..40).map(|i| p.count(i, r.index())).sum();
                assert_eq!(n, p.setups() * u32::from(p.army().count(r)), "{r}");
            }
        }
    }

    #[test]
    fn training_counts_the_flags_neighbours() {
        // Counted again through the board's squares for Red's deployments.
        let mut expected = [0u32; 4];
        let mut prior = SetupPrior::empty(Army::Classic);
        for (_, d) in predefined() {
            prior.add(&d);
            for i in 0..40 {
                let Some(rank) = d.squares[i] else { continue };
                let sq = crate::zone_square(board_core::Player::First, i).expect("in the zone");
                let base = if rank == Rank::Flag { 0 } else { 2 };
                for dir in crate::Direction::ALL {
                    let Some(n) = sq
                        .step(dir)
                        .and_then(|n| crate::zone_index(board_core::Player::First, n))
                    else {
                        continue;
                    };
                    if let Some(other) = d.squares[n] {
                        expected[base] += 1;
                        expected[base + 1] += u32::from(other == Rank::Bomb);
                    }
                }
            }
        }
        assert_eq!(prior.neighbour_counts(), expected);
        // Every square's neighbours, each pair counted from both ends.
        assert_eq!(expected[0] + expected[2], 8 * 2 * (4 * 9 + 3 * 10));
        let (bomb, no_bomb) = prior.flag_neighbour_ratios();
        assert!(bomb > 1.0 && no_bomb < 1.0, "{bomb} {no_bomb}");
        assert_eq!(
            SetupPrior::empty(Army::Classic).flag_neighbour_ratios(),
            (1.0, 1.0)
        );
    }

    #[test]
    fn an_empty_prior_is_the_army_share() {
        let p = SetupPrior::empty(Army::Classic);
        assert!((p.probability(5, Rank::Scout) - 0.2).abs() < 1e-12);
        assert_eq!(p.probability(40, Rank::Scout), 0.0);
    }
}

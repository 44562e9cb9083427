//! Where the computer's setups come from: the eight predefined deployments,
//! or a list of real ones (such as the 64,920 human setups of the Gravon
//! platform, read at run time), drawn with a seeded generator.

use std::sync::Arc;

use board_core::rand_core::RngCore;

use crate::{Army, Deployment, predefined};

/// A source of deployments for the computer.
///
/// ```
/// use board_core::SplitMix64;
/// use stratego_rules::ai::SetupSource;
/// use stratego_rules::{Army, predefined};
///
/// let mut rng = SplitMix64::new(5);
/// let d = SetupSource::Predefined.draw(Army::Classic, &mut rng);
/// assert!(predefined().iter().any(|(_, p)| *p == d));
///
/// let lines = "# a comment\nBDGFDFDDDBHFLJGKDIFGEHEMCEHBDDIBJEIBHEBG\n";
/// let (source, skipped) = SetupSource::parse(lines, Army::Classic);
/// assert_eq!((source.len(), skipped), (1, 1));
/// assert!(source.draw(Army::Classic, &mut rng).is_valid(Army::Classic));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum SetupSource {
    /// The eight predefined classic deployments (Barrage: a uniformly
    /// random deployment).
    #[default]
    Predefined,
    /// Deployments of one army to draw from, uniformly.
    List {
        /// Their army.
        army: Army,
        /// The deployments (never empty).
        deployments: Arc<Vec<Deployment>>,
    },
}

impl SetupSource {
    /// The valid deployments of `army` in `text`, one per line in the
    /// Gravon 40-character form (front row first), and how many lines were
    /// skipped (comments, junk, other armies). With none, the predefined
    /// source.
    #[must_use]
    pub fn parse(text: &str, army: Army) -> (SetupSource, usize) {
        let mut deployments = Vec::new();
        let mut skipped = 0;
        for line in text.lines() {
            match Deployment::from_gravon(line) {
                Ok(d) if d.is_valid(army) => deployments.push(d),
                _ => skipped += 1,
            }
        }
        if deployments.is_empty() {
            return (SetupSource::Predefined, skipped);
        }
        (
            SetupSource::List {
                army,
                deployments: Arc::new(deployments),
            },
            skipped,
        )
    }

    /// The same source keeping only the deployments `keep` accepts (the
    /// whole source when it accepts none).
    ///
    /// ```
    /// use stratego_rules::ai::{SetupSource, flag_fortified};
    /// use stratego_rules::Army;
    /// let text = "BDGFDFDDDBHFLJGKDIFGEHEMCEHBDDIBJEIBHEBG\nDFIKFGDLFGDGHCDHIEDHBBEJDIJBEBGHDEDEBMBF\n";
    /// let (all, _) = SetupSource::parse(text, Army::Classic);
    /// assert_eq!(all.len(), 2);
    /// assert_eq!(all.filtered(flag_fortified).len(), 1);
    /// ```
    #[must_use]
    pub fn filtered(self, keep: impl Fn(&Deployment) -> bool) -> SetupSource {
        match &self {
            SetupSource::List { army, deployments } => {
                let kept: Vec<Deployment> =
                    deployments.iter().copied().filter(|d| keep(d)).collect();
                if kept.is_empty() {
                    self
                } else {
                    SetupSource::List {
                        army: *army,
                        deployments: Arc::new(kept),
                    }
                }
            }
            SetupSource::Predefined => self,
        }
    }

    /// How many deployments the source holds (8 for the predefined ones).
    #[must_use]
    pub fn len(&self) -> usize {
        match self {
            SetupSource::Predefined => 8,
            SetupSource::List { deployments, .. } => deployments.len(),
        }
    }

    /// Whether the source holds nothing (never: a list is never empty).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A deployment of `army`, drawn with `rng`. A list of another army
    /// falls back to the predefined source.
    pub fn draw<R: RngCore + ?Sized>(&self, army: Army, rng: &mut R) -> Deployment {
        let pick =
            |n: usize, rng: &mut R| ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize;
        match self {
            SetupSource::List {
                army: a,
                deployments,
            } if *a == army && !deployments.is_empty() => deployments[pick(deployments.len(), rng)],
            _ => match army {
                Army::Classic => predefined()[pick(8, rng)].1,
                Army::Barrage => Deployment::random(army, rng),
            },
        }
    }
}

/// Whether a deployment hides its Flag in the back row with a Bomb on every
/// neighbouring square (28,158 of the 64,920 human setups): a setup a
/// program that attacks everything cannot take by walking in.
#[must_use]
pub fn flag_fortified(d: &Deployment) -> bool {
    let Some(i) = d.squares.iter().position(|&r| r == Some(crate::Rank::Flag)) else {
        return false;
    };
    let (row, file) = (i / 10, i % 10);
    if row != 3 {
        return false;
    }
    let mut neighbours = vec![(row - 1) * 10 + file];
    if file > 0 {
        neighbours.push(i - 1);
    }
    if file < 9 {
        neighbours.push(i + 1);
    }
    neighbours
        .into_iter()
        .all(|n| d.squares[n] == Some(crate::Rank::Bomb))
}

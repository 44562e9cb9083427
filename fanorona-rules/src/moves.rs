//! Moves: a whole turn, packed into one `u128`.

use crate::board::{Direction, NEIGHBOURS, SQUARES};
use crate::square::Square;

/// How a step captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CaptureKind {
    /// The step ends directly in front of an enemy stone on its line.
    Approach,
    /// The step moves directly away from an enemy stone next to its start.
    Withdrawal,
}

impl CaptureKind {
    /// The letter of the notation: `a` or `w`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            CaptureKind::Approach => 'a',
            CaptureKind::Withdrawal => 'w',
        }
    }
}

/// One step of a turn: a direction, and how it captures (`None` for a
/// paika, the non-capturing step).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// Where the stone goes.
    pub direction: Direction,
    /// How it captures; `None` for a paika.
    pub capture: Option<CaptureKind>,
}

/// The most capture steps of one turn: each step captures at least one of
/// the at most 22 enemy stones.
pub const MAX_STEPS: usize = 22;

/// A whole turn: the start point, every step with its capture kind, and
/// (implicitly, by its length) where the player stops.
///
/// A move is either a *paika* (one non-capturing step) or a chain of 1 to
/// [`MAX_STEPS`] capture steps. Every constructor checks that each step
/// follows a line of the board, so every move can be displayed; whether it
/// is legal is up to a [`Position`](crate::Position).
///
/// Text form (see [`notation`](crate::notation)): the points visited joined
/// by `-`, each capture step followed by `a` (approach) or `w`
/// (withdrawal): `f3-e3w`, `d2-e3a-e4a`; a paika has no letter: `e2-e3`.
///
/// ```
/// use fanorona_rules::{CaptureKind, Direction, Move};
/// let mv: Move = "d2-e3a-e4a".parse().unwrap();
/// assert_eq!(mv.len(), 2);
/// assert!(mv.is_capture());
/// assert_eq!(mv.end().to_string(), "e4");
/// assert_eq!(mv.to_string(), "d2-e3a-e4a");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move(u128);

// Layout: bits 0..6 the start point, 6..11 the number of steps, bit 11 set
// for a paika, then 4 bits per step from bit 12: the direction (3 bits) and
// the capture kind (bit 3: withdrawal).
const LEN_SHIFT: u32 = 6;
const PAIKA_BIT: u128 = 1 << 11;
const STEPS_SHIFT: u32 = 12;

/// Why a move could not be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// A capture move needs at least one step.
    #[error("a move needs at least one step")]
    NoSteps,
    /// More capture steps than [`MAX_STEPS`].
    #[error("{count} steps is more than the {MAX_STEPS} a turn can have")]
    TooManySteps {
        /// The number of steps given.
        count: usize,
    },
    /// A step leaves the lines of the board.
    #[error("step {step}: no line leads {direction:?} from {from}")]
    OffTheLines {
        /// The step's number, 1 for the first.
        step: usize,
        /// Where it starts.
        from: Square,
        /// Its direction.
        direction: Direction,
    },
}

/// Debug shows the move's text in `Move(...)`, not its packed bits.
///
/// ```
/// use fanorona_rules::Move;
/// let mv: Move = "d2-e3a-e4a".parse()?;
/// assert_eq!(format!("{mv:?}"), "Move(d2-e3a-e4a)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl core::fmt::Debug for Move {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Move({self})")
    }
}

impl Move {
    /// A paika: one non-capturing step from `from` in `direction`.
    ///
    /// # Errors
    /// [`MoveError::OffTheLines`] if no line leads that way.
    pub fn paika(from: Square, direction: Direction) -> Result<Move, MoveError> {
        if from.step(direction).is_none() {
            return Err(MoveError::OffTheLines {
                step: 1,
                from,
                direction,
            });
        }
        Ok(Move(
            u128::from(from.0)
                | (1 << LEN_SHIFT)
                | PAIKA_BIT
                | ((direction as u128) << STEPS_SHIFT),
        ))
    }

    /// A capture chain from `from` with the given steps.
    ///
    /// # Errors
    /// [`MoveError::NoSteps`], [`MoveError::TooManySteps`], or
    /// [`MoveError::OffTheLines`] for the first step that leaves the lines.
    pub fn capture(from: Square, steps: &[(Direction, CaptureKind)]) -> Result<Move, MoveError> {
        let Some((&(d0, k0), rest)) = steps.split_first() else {
            return Err(MoveError::NoSteps);
        };
        if steps.len() > MAX_STEPS {
            return Err(MoveError::TooManySteps { count: steps.len() });
        }
        let mut at = from;
        for (i, &(direction, _)) in steps.iter().enumerate() {
            at = at.step(direction).ok_or(MoveError::OffTheLines {
                step: i + 1,
                from: at,
                direction,
            })?;
        }
        let mut mv = Move::first_capture(from.0, d0 as usize, k0);
        for &(d, k) in rest {
            mv = mv.then(d as usize, k);
        }
        Ok(mv)
    }

    /// The one-step capture from point index `from`; unchecked.
    #[inline(always)]
    pub(crate) const fn first_capture(from: u8, dir: usize, kind: CaptureKind) -> Move {
        Move(from as u128 | (1 << LEN_SHIFT) | (step_bits(dir, kind) << STEPS_SHIFT))
    }

    /// The paika from point index `from`; unchecked.
    #[inline(always)]
    pub(crate) const fn paika_unchecked(from: u8, dir: usize) -> Move {
        Move(from as u128 | (1 << LEN_SHIFT) | PAIKA_BIT | ((dir as u128) << STEPS_SHIFT))
    }

    /// This capture chain with one more capture step; unchecked (the caller
    /// keeps the length within [`MAX_STEPS`]).
    #[inline(always)]
    pub(crate) const fn then(self, dir: usize, kind: CaptureKind) -> Move {
        let n = self.len() as u32;
        let bits = step_bits(dir, kind) << (STEPS_SHIFT + 4 * n);
        Move((self.0 & !(0x1F << LEN_SHIFT)) | ((n as u128 + 1) << LEN_SHIFT) | bits)
    }

    /// Where the stone starts.
    #[inline]
    #[must_use]
    pub const fn start(self) -> Square {
        // Every constructor stores a point below 45.
        Square((self.0 & 0x3F) as u8)
    }

    /// The number of steps.
    #[inline]
    #[must_use]
    #[allow(clippy::len_without_is_empty)] // a move has at least one step
    pub const fn len(self) -> usize {
        ((self.0 >> LEN_SHIFT) & 0x1F) as usize
    }

    /// Whether it captures (is not a paika).
    #[inline]
    #[must_use]
    pub const fn is_capture(self) -> bool {
        self.0 & PAIKA_BIT == 0
    }

    /// The `i`-th step (0-based), if there is one.
    #[must_use]
    pub const fn step(self, i: usize) -> Option<Step> {
        if i >= self.len() {
            return None;
        }
        let bits = (self.0 >> (STEPS_SHIFT as usize + 4 * i)) as u8 & 0xF;
        let direction = Direction::ALL[(bits & 7) as usize];
        let capture = if !self.is_capture() {
            None
        } else if bits & 8 == 0 {
            Some(CaptureKind::Approach)
        } else {
            Some(CaptureKind::Withdrawal)
        };
        Some(Step { direction, capture })
    }

    /// Direction index and capture kind of step `i` (below `len`); for the
    /// hot paths.
    #[inline(always)]
    pub(crate) const fn raw_step(self, i: usize) -> (usize, bool) {
        let bits = (self.0 >> (STEPS_SHIFT as usize + 4 * i)) as u8;
        ((bits & 7) as usize, bits & 8 != 0)
    }

    /// The steps in order.
    pub fn steps(self) -> impl Iterator<Item = Step> {
        (0..self.len()).filter_map(move |i| self.step(i))
    }

    /// The points the stone occupies, from the start to where it stops.
    pub fn points(self) -> impl Iterator<Item = Square> {
        let mut at = Some(self.start());
        let mut i = 0;
        core::iter::from_fn(move || {
            let here = at?;
            at = self.step(i).and_then(|s| here.step(s.direction));
            i += 1;
            Some(here)
        })
        .take(self.len() + 1)
    }

    /// Where the stone stops.
    #[must_use]
    pub fn end(self) -> Square {
        self.points().last().unwrap_or(self.start())
    }

    /// The move's bits (for hashing into tables).
    #[must_use]
    pub const fn to_bits(self) -> u128 {
        self.0
    }
}

#[inline(always)]
const fn step_bits(dir: usize, kind: CaptureKind) -> u128 {
    dir as u128
        | match kind {
            CaptureKind::Approach => 0,
            CaptureKind::Withdrawal => 8,
        }
}

/// The point index one step from `p` in direction `d`, or [`SQUARES`].
#[inline(always)]
pub(crate) fn neighbour(p: u8, d: usize) -> u8 {
    NEIGHBOURS[p as usize][d]
}

#[allow(dead_code)]
const _: () = assert!(STEPS_SHIFT as usize + 4 * MAX_STEPS <= 128 && SQUARES <= 64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        let d2: Square = "d2".parse().unwrap();
        let mv = Move::capture(
            d2,
            &[
                (Direction::NorthEast, CaptureKind::Approach),
                (Direction::North, CaptureKind::Withdrawal),
            ],
        )
        .unwrap();
        assert_eq!(mv.start(), d2);
        assert_eq!(mv.len(), 2);
        assert!(mv.is_capture());
        let steps: Vec<Step> = mv.steps().collect();
        assert_eq!(steps[1].direction, Direction::North);
        assert_eq!(steps[1].capture, Some(CaptureKind::Withdrawal));
        assert_eq!(
            mv.points().map(|p| p.to_string()).collect::<Vec<_>>(),
            ["d2", "e3", "e4"]
        );
        let p = Move::paika(d2, Direction::East).unwrap();
        assert!(!p.is_capture());
        assert_eq!(p.step(0).unwrap().capture, None);
        assert_eq!(p.end().to_string(), "e2");
    }

    #[test]
    fn constructors_reject_bad_paths() {
        let a1: Square = "a1".parse().unwrap();
        let b1: Square = "b1".parse().unwrap();
        assert_eq!(
            Move::paika(a1, Direction::West),
            Err(MoveError::OffTheLines {
                step: 1,
                from: a1,
                direction: Direction::West
            })
        );
        assert_eq!(Move::capture(a1, &[]), Err(MoveError::NoSteps));
        assert!(matches!(
            Move::capture(b1, &[(Direction::NorthEast, CaptureKind::Approach)]),
            Err(MoveError::OffTheLines { step: 1, .. })
        ));
        let long = [(Direction::East, CaptureKind::Approach); 23];
        assert_eq!(
            Move::capture(a1, &long),
            Err(MoveError::TooManySteps { count: 23 })
        );
    }
}

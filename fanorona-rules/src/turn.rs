//! The step-by-step turn, for applications: which stones can move, the
//! steps of a chosen stone with the stones each would capture (both lines
//! when a step can capture both ways), and "stop" after any capture.
//!
//! A [`Turn`] builds exactly the whole-turn [`Move`]s the generator lists
//! (the crate's tests check this on many random positions).
//!
//! ```
//! use board_core::Game;
//! use fanorona_rules::{Position, Turn};
//!
//! let mut pos = Position::new();
//! let mut turn = Turn::new(&pos);
//! // At the start four stones can capture: d2, e2, f2 (approach) and f3.
//! assert_eq!(turn.movable().len(), 4);
//! let f3 = "f3".parse().unwrap();
//! let options = turn.steps_from(f3);
//! // f3-e3 captures d3 by approach or g3 by withdrawal: two options.
//! assert_eq!(options.len(), 2);
//! turn.step(options[0]).unwrap();
//! assert!(turn.can_stop());
//! let mv = turn.finish().unwrap();
//! pos.play(mv).unwrap();
//! ```

use board_core::{Game, Player};
use smallvec::SmallVec;

use crate::board::{Bitboard, Direction};
use crate::movegen;
use crate::moves::{CaptureKind, Move};
use crate::position::Position;
use crate::square::Square;

/// One possible step of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StepOption {
    /// Where the stone stands.
    pub from: Square,
    /// Where it would go.
    pub to: Square,
    /// The direction from `from` to `to`.
    pub direction: Direction,
    /// How it captures; `None` for a paika.
    pub capture: Option<CaptureKind>,
    /// The enemy stones it would capture (empty for a paika): the line to
    /// show the player.
    pub captured: Bitboard,
}

/// The options of one step: few enough to live inline.
pub type StepOptions = SmallVec<[StepOption; 16]>;

/// Why a [`Turn`] refused a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// The game is over: there is no turn to play.
    #[error("the game is over")]
    GameOver,
    /// The turn is complete (a paika, or a chain that cannot go on).
    #[error("the turn is complete; no further step is possible")]
    Complete,
    /// The step is not among the options (see [`Turn::steps`]).
    #[error("{from}-{to} ({capture:?}) is not a possible step now")]
    NotAnOption {
        /// Where the step starts.
        from: Square,
        /// Where it goes.
        to: Square,
        /// The capture kind asked for.
        capture: Option<CaptureKind>,
    },
    /// Stopping before any step: a turn must move a stone.
    #[error("no step has been made yet")]
    NothingPlayed,
}

/// A turn in progress, step by step.
#[derive(Debug, Clone)]
pub struct Turn {
    player: Player,
    own: u64,
    opp: u64,
    capture_turn: bool,
    /// The moving stone, once it has moved.
    at: Option<Square>,
    last: Option<Direction>,
    visited: u64,
    mv: Option<Move>,
    complete: bool,
    captured: u64,
}

impl Turn {
    /// A turn of the side to move in `pos`. For a finished game the turn
    /// has no options and every step is refused with
    /// [`TurnError::GameOver`].
    #[must_use]
    pub fn new(pos: &Position) -> Turn {
        let (own, opp) = pos.sides();
        let over = pos.outcome().is_some();
        Turn {
            player: pos.to_move(),
            own,
            opp,
            capture_turn: movegen::capturers(own, opp) != 0,
            at: None,
            last: None,
            visited: 0,
            mv: None,
            complete: over,
            captured: 0,
        }
    }

    /// The player whose turn it is.
    #[must_use]
    pub fn player(&self) -> Player {
        self.player
    }

    /// Whether this turn must capture (some stone could capture at its
    /// start).
    #[must_use]
    pub fn is_capture_turn(&self) -> bool {
        self.capture_turn
    }

    /// The stones that can take the next step: before the first step, the
    /// stones that can capture (or, when none can, those that can make a
    /// paika); afterwards the moving stone while it can capture again.
    #[must_use]
    pub fn movable(&self) -> Bitboard {
        if self.complete {
            return Bitboard::EMPTY;
        }
        match self.at {
            Some(p) if self.options_from(p).is_empty() => Bitboard::EMPTY,
            Some(p) => Bitboard::from(p),
            None => Bitboard(self.own)
                .iter()
                .filter(|&p| !self.options_from(p).is_empty())
                .collect(),
        }
    }

    /// The possible next steps of the stone on `from` (none if it cannot
    /// move now). A step that can capture both ways is listed twice, once
    /// per kind, each with the line it would take.
    #[must_use]
    pub fn steps_from(&self, from: Square) -> StepOptions {
        if self.complete || self.at.is_some_and(|p| p != from) {
            return StepOptions::new();
        }
        self.options_from(from)
    }

    /// Every possible next step of every movable stone.
    #[must_use]
    pub fn steps(&self) -> StepOptions {
        self.movable()
            .iter()
            .flat_map(|p| self.steps_from(p))
            .collect()
    }

    /// The options for the stone on `from`, ignoring whether the turn is
    /// complete.
    fn options_from(&self, from: Square) -> StepOptions {
        let mut out = StepOptions::new();
        if self.own & from.bit() == 0 {
            return out;
        }
        let occupied = self.own | self.opp;
        for d in Direction::ALL {
            if self.last == Some(d) {
                continue;
            }
            let Some(to) = from.step(d) else { continue };
            if (occupied | self.visited) & to.bit() != 0 {
                continue;
            }
            if !self.capture_turn {
                out.push(StepOption {
                    from,
                    to,
                    direction: d,
                    capture: None,
                    captured: Bitboard::EMPTY,
                });
                continue;
            }
            let kinds = [
                (CaptureKind::Approach, to.step(d), d),
                (
                    CaptureKind::Withdrawal,
                    from.step(d.opposite()),
                    d.opposite(),
                ),
            ];
            for (kind, first, line_dir) in kinds {
                if let Some(first) = first.filter(|q| self.opp & q.bit() != 0) {
                    out.push(StepOption {
                        from,
                        to,
                        direction: d,
                        capture: Some(kind),
                        captured: Bitboard(movegen::line(self.opp, first.0, line_dir as usize)),
                    });
                }
            }
        }
        out
    }

    /// Takes a step (one of [`steps`](Turn::steps)); returns the stones it
    /// captured.
    ///
    /// # Errors
    /// [`TurnError::GameOver`], [`TurnError::Complete`] or
    /// [`TurnError::NotAnOption`]; the turn is then unchanged.
    pub fn step(&mut self, option: StepOption) -> Result<Bitboard, TurnError> {
        if self.complete {
            return Err(if self.mv.is_none() {
                TurnError::GameOver
            } else {
                TurnError::Complete
            });
        }
        let found = self
            .steps_from(option.from)
            .into_iter()
            .find(|o| o.to == option.to && o.capture == option.capture);
        let Some(o) = found else {
            return Err(TurnError::NotAnOption {
                from: option.from,
                to: option.to,
                capture: option.capture,
            });
        };
        let d = o.direction as usize;
        self.mv = Some(match (self.mv, o.capture) {
            (_, None) => Move::paika_unchecked(o.from.0, d),
            (None, Some(k)) => Move::first_capture(o.from.0, d, k),
            (Some(mv), Some(k)) => mv.then(d, k),
        });
        self.own ^= o.from.bit() | o.to.bit();
        self.opp ^= o.captured.0;
        self.captured |= o.captured.0;
        self.visited |= o.from.bit() | o.to.bit();
        self.last = Some(o.direction);
        self.at = Some(o.to);
        self.complete = o.capture.is_none() || self.options_from(o.to).is_empty();
        Ok(o.captured)
    }

    /// Whether the player may stop now (after a capture).
    #[must_use]
    pub fn can_stop(&self) -> bool {
        self.mv.is_some()
    }

    /// Whether the turn is complete: no further step is possible.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// The enemy stones captured so far this turn.
    #[must_use]
    pub fn captured(&self) -> Bitboard {
        Bitboard(self.captured)
    }

    /// The stones of `player` as they stand now, mid-turn.
    #[must_use]
    pub fn stones(&self, player: Player) -> Bitboard {
        Bitboard(if player == self.player {
            self.own
        } else {
            self.opp
        })
    }

    /// The whole-turn move made of the steps so far (stopping here).
    ///
    /// # Errors
    /// [`TurnError::NothingPlayed`] before the first step.
    pub fn finish(&self) -> Result<Move, TurnError> {
        self.mv.ok_or(TurnError::NothingPlayed)
    }
}

//! Playing strength: [`Level`]s as fixed search budgets (depth and nodes,
//! never time, so that games replay identically), and the [`Engine`] that
//! chooses moves: a midgame alpha-beta search (board-search) with an
//! evaluation, and the exact [`Solver`] once few enough squares are empty.

use crate::{Move, Position};
use board_core::Game;
use board_search::{AlphaBeta, Limits, Options};

use crate::ai::endgame::Solver;
use crate::ai::eval::{AnyEval, Baseline, PatternEval};

/// A playing level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// 1-ply search; exact play over the last 4 empties.
    Easy,
    /// 3-ply search; exact over the last 10.
    Medium,
    /// 6-ply search; exact over the last 14.
    Hard,
    /// 9-ply search (at most 4 M nodes a move); exact over the last 18.
    Max,
}

/// A search budget: deterministic for a given position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Budget {
    /// Midgame search depth, in plies.
    pub depth: u32,
    /// Midgame node limit (the last completed iteration is played).
    pub nodes: Option<u64>,
    /// With at most this many empty squares, the exact solver chooses.
    pub exact_empties: u32,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Max];

    /// The level's budget.
    #[must_use]
    pub const fn budget(self) -> Budget {
        match self {
            Level::Easy => Budget {
                depth: 1,
                nodes: None,
                exact_empties: 4,
            },
            Level::Medium => Budget {
                depth: 3,
                nodes: None,
                exact_empties: 10,
            },
            Level::Hard => Budget {
                depth: 6,
                nodes: None,
                exact_empties: 14,
            },
            Level::Max => Budget {
                depth: 9,
                nodes: Some(4_000_000),
                exact_empties: 18,
            },
        }
    }

    /// The level's name (`easy`, `medium`, `hard`, `max`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Max => "max",
        }
    }
}

/// A level name that is not one of `easy`, `medium`, `hard`, `max`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}: expected easy, medium, hard or max")]
pub struct ParseLevelError(pub String);

impl core::str::FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_owned()))
    }
}

impl core::fmt::Display for Level {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// A chosen move with what the search said about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The move (`None` only when the game is over).
    pub best: Option<Move>,
    /// Its score: in 1/[`SCALE`](crate::ai::eval::SCALE) disc from the
    /// midgame search, or the exact disc difference when `exact`.
    pub score: i32,
    /// Whether the exact solver chose.
    pub exact: bool,
    /// Nodes searched.
    pub nodes: u64,
}

/// A computer player: a budget and an evaluation. Every choice starts
/// from empty tables, so a position always gets the same move.
pub struct Engine {
    budget: Budget,
    search: AlphaBeta<Position, AnyEval>,
    solver: Solver,
}

impl core::fmt::Debug for Engine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Engine")
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// The engine of a level, with the trained evaluation.
    #[must_use]
    pub fn new(level: Level) -> Engine {
        Engine::with_eval(level.budget(), AnyEval::Pattern(PatternEval::default()))
    }

    /// The engine of a level with the hand-written baseline evaluation.
    #[must_use]
    pub fn baseline(level: Level) -> Engine {
        Engine::with_eval(level.budget(), AnyEval::Baseline(Baseline))
    }

    /// An engine with any budget and evaluation.
    #[must_use]
    pub fn with_eval(budget: Budget, eval: AnyEval) -> Engine {
        let options = Options {
            tt_mib: 8,
            aspiration: None,
            quiescence_plies: 0,
            ..Options::default()
        };
        Engine {
            budget,
            search: AlphaBeta::with_options(eval, options),
            solver: Solver::with_table_bits(16),
        }
    }

    /// The budget.
    #[must_use]
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Chooses a move for the side to move.
    pub fn choose(&mut self, pos: &Position) -> Choice {
        if pos.is_game_over() {
            return Choice {
                best: None,
                score: 0,
                exact: false,
                nodes: 0,
            };
        }
        if pos.must_pass() {
            return Choice {
                best: Some(Move::Pass),
                score: 0,
                exact: false,
                nodes: 0,
            };
        }
        if pos.empty_count() <= self.budget.exact_empties {
            self.solver.clear();
            if let Ok(s) = self.solver.solve(pos) {
                return Choice {
                    best: s.best,
                    score: s.score,
                    exact: true,
                    nodes: s.nodes,
                };
            }
        }
        self.search.clear();
        let mut limits = Limits::depth(self.budget.depth.max(1));
        limits.nodes = self.budget.nodes;
        let r = self.search.search(pos, &limits);
        let best = r
            .best_move
            .filter(|&m| pos.is_legal(m))
            .or_else(|| pos.moves().as_slice().first().copied());
        Choice {
            best,
            score: r.score,
            exact: false,
            nodes: r.nodes,
        }
    }
}

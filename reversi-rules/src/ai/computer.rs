//! The [`Computer`]: a midgame alpha-beta search (board-search) with an
//! evaluation, and the exact [`Solver`] once few enough squares are empty,
//! within a [`Level`]'s [`Budget`]; a [`board_search::Strategy`].

use board_search::{AlphaBeta, Choice, Limits, NoLegalMove, Options, Strategy};

use crate::ai::endgame::Solver;
use crate::ai::eval::{Baseline, Eval, PatternEval, SCALE};
use crate::ai::{Budget, Level, limits};
use crate::{Move, Position};

/// What the computer found in a position: its move, with what the search
/// said about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Analysis {
    /// The move (`None` only when the game is over).
    pub best: Option<Move>,
    /// Its score: in 1/[`SCALE`] disc from the
    /// midgame search, or the exact disc difference when `exact`.
    pub score: i32,
    /// Whether the exact solver chose.
    pub exact: bool,
    /// The depth of the midgame search (the empties when `exact`).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// A computer player: a budget and an evaluation. Every choice starts
/// from empty tables (the rule of [`Strategy`]), so a position always gets
/// the same move.
///
/// ```
/// use board_core::Game;
/// use board_search::Strategy;
/// use reversi_rules::Position;
/// use reversi_rules::ai::{Computer, Level};
///
/// let pos = Position::start();
/// let choice = Computer::new(Level::Easy).choose(&pos)?;
/// assert!(pos.is_legal(choice.mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Computer {
    budget: Budget,
    search: AlphaBeta<Position, Eval>,
    solver: Solver,
}

impl core::fmt::Debug for Computer {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Computer")
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

/// The midgame search's table of [`Computer::new`], in MiB.
const DEFAULT_TABLE_MIB: usize = 8;

/// The exact solver's table of [`Computer::new`]: 2^16 buckets.
const DEFAULT_SOLVER_BITS: u32 = 16;

impl Computer {
    /// The computer of a level, with the trained evaluation.
    #[must_use]
    pub fn new(level: Level) -> Computer {
        Computer::with_eval(limits(level), Eval::Pattern(PatternEval::default()))
    }

    /// The computer of a level with the hand-written baseline evaluation.
    #[must_use]
    pub fn baseline(level: Level) -> Computer {
        Computer::with_eval(limits(level), Eval::Baseline(Baseline))
    }

    /// A computer with any budget and evaluation, and tables of the
    /// default sizes: 8 MiB for the midgame search, 2^16 buckets (3 MiB)
    /// for the exact solver.
    #[must_use]
    pub fn with_eval(limits: Budget, eval: Eval) -> Computer {
        Computer::with_tables(limits, eval, DEFAULT_TABLE_MIB, DEFAULT_SOLVER_BITS)
    }

    /// A computer with any budget, evaluation and table sizes: `table_mib`
    /// MiB for the midgame search's table (0: none) and 2^`solver_bits`
    /// buckets for the exact solver's (clamped as by
    /// [`Solver::with_table_bits`]). Both tables are allocated and written
    /// here, so a program that makes many computers (a test, a fuzz target)
    /// takes small ones; a smaller table changes which move a deep search
    /// finds, never whether it is legal, and the solver stays exact.
    ///
    /// ```
    /// use board_core::Game;
    /// use board_search::Strategy;
    /// use reversi_rules::Position;
    /// use reversi_rules::ai::eval::{Eval, PatternEval};
    /// use reversi_rules::ai::{Computer, Level, limits};
    ///
    /// let eval = Eval::Pattern(PatternEval::default());
    /// let mut small = Computer::with_tables(limits(Level::Easy), eval, 1, 8);
    /// let pos = Position::start();
    /// assert!(pos.is_legal(small.choose(&pos)?.mv));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_tables(budget: Budget, eval: Eval, table_mib: usize, solver_bits: u32) -> Computer {
        let options = Options {
            tt_mib: table_mib,
            aspiration: None,
            quiescence_plies: 0,
            threads: budget.threads.max(1),
            ..Options::default()
        };
        Computer {
            budget,
            search: AlphaBeta::with_options(eval, options),
            solver: Solver::with_table_bits(solver_bits),
        }
    }

    /// The budget.
    #[must_use]
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Plays with another budget from the next move on (a time a move
    /// from a game's clock, say), keeping the evaluation and tables.
    pub fn set_budget(&mut self, budget: Budget) {
        let threads = budget.threads.max(1);
        if self.search.options().threads != threads {
            let options = Options {
                threads,
                ..self.search.options().clone()
            };
            self.search = AlphaBeta::with_options(*self.search.evaluator(), options);
        }
        self.budget = budget;
    }

    /// Analyses `pos` for the side to move: the forced pass, the exact
    /// solver within the budget's empties, else the midgame search.
    pub fn think(&mut self, pos: &Position) -> Analysis {
        let nothing = |best| Analysis {
            best,
            score: 0,
            exact: false,
            depth: 0,
            nodes: 0,
        };
        if pos.is_game_over() {
            return nothing(None);
        }
        if pos.must_pass() {
            return nothing(Some(Move::Pass));
        }
        if pos.empty_count() <= self.budget.exact_empties {
            self.solver.clear();
            if let Ok(s) = self.solver.solve(pos) {
                return Analysis {
                    best: s.best,
                    score: s.score,
                    exact: true,
                    depth: pos.empty_count(),
                    nodes: s.nodes,
                };
            }
        }
        self.search.clear();
        let mut limits = Limits::depth(self.budget.depth.max(1));
        limits.nodes = self.budget.nodes;
        limits.time = self.budget.time;
        let r = self.search.search(pos, &limits);
        Analysis {
            best: r.best_move,
            score: r.score,
            exact: false,
            depth: r.depth,
            nodes: r.nodes,
        }
    }
}

impl Strategy<Position> for Computer {
    type Error = NoLegalMove;

    /// The move of [`think`](Computer::think); its score in 1/[`SCALE`]
    /// disc (an exact result scaled the same way).
    fn choose(&mut self, pos: &Position) -> Result<Choice<Move>, NoLegalMove> {
        let a = self.think(pos);
        Ok(Choice {
            mv: a.best.ok_or(NoLegalMove)?,
            score: Some(if a.exact { a.score * SCALE } else { a.score }),
            depth: a.depth,
            nodes: a.nodes,
        })
    }
}

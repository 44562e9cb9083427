//! The switches of [`AlphaBeta`](crate::AlphaBeta).

/// When a transposition-table entry may end a search of a node without
/// searching it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TtCutoffs {
    /// Never: the table only orders moves.
    Off,
    /// Only with an entry searched to exactly the remaining depth. The root
    /// score then always equals plain negamax at the same depth.
    EqualDepth,
    /// With an entry searched at least as deep (the usual engine setting).
    /// Scores may then differ from plain negamax at the same depth, because a
    /// deeper result is used where negamax would stop earlier; they are still
    /// correct bounds of a deeper search, and decisive scores are still exact.
    #[default]
    AnyDepth,
}

impl TtCutoffs {
    /// Whether an entry searched to `entry_depth` may stand for a search to
    /// `depth`.
    ///
    /// ```
    /// use board_search::TtCutoffs;
    /// assert!(TtCutoffs::AnyDepth.allows(7, 5));
    /// assert!(!TtCutoffs::EqualDepth.allows(7, 5));
    /// assert!(!TtCutoffs::Off.allows(5, 5));
    /// ```
    #[inline]
    #[must_use]
    pub const fn allows(self, entry_depth: u16, depth: u32) -> bool {
        match self {
            TtCutoffs::Off => false,
            TtCutoffs::EqualDepth => entry_depth as u32 == depth,
            TtCutoffs::AnyDepth => entry_depth as u32 >= depth,
        }
    }
}

/// How the threads of a parallel [`AlphaBeta`](crate::AlphaBeta) search
/// share the work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Parallelism {
    /// Lazy SMP: every thread searches the whole tree by iterative
    /// deepening (the helpers one ply apart), sharing the transposition
    /// table; with [`Options::defer`], a thread that meets a move another
    /// thread is searching searches the node's other moves first. The
    /// search ends when any thread completes the last iteration.
    #[default]
    LazySmp,
    /// Young Brothers Wait: at a null-window node four plies or more above
    /// the horizon, once the eldest move has failed to cut it off, a thread
    /// offers the younger moves to the idle threads, which search them
    /// alongside it; a thread waiting for the others' moves of its node
    /// helps with theirs. As fast as lazy SMP on an idle machine (the
    /// workspace's `time_to_depth` benchmark), but a thread that waits for
    /// a helper the scheduler has put aside waits with it: on a loaded
    /// machine it can be slower than one thread.
    YoungBrothersWait,
}

/// The switches of [`AlphaBeta`](crate::AlphaBeta). All of them change only
/// the order in which moves are searched and the windows they are searched
/// with, so none changes the root score — except
/// [`tt_cutoffs`](Options::tt_cutoffs) set to [`TtCutoffs::AnyDepth`] (see
/// there) and quiescence, which changes what a leaf is worth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Principal-variation search: every move after the first is searched
    /// with a null window first.
    pub pvs: bool,
    /// Aspiration windows: each iteration after the first starts with this
    /// half-width around the previous score, widening on failure. `None`
    /// searches every iteration with a full window.
    pub aspiration: Option<i32>,
    /// Two killer moves per ply (quiet moves that caused a cut-off at that
    /// ply), searched first among the moves of equal
    /// [hint](crate::Evaluator::move_hint). (One ply above the horizon,
    /// where a child costs only an evaluation, moves are ordered by hint
    /// alone.)
    pub killers: bool,
    /// History heuristic (needs the evaluator's
    /// [`history_size`](crate::Evaluator::history_size)); not one ply above
    /// the horizon either.
    pub history: bool,
    /// The evaluator's [`move_hint`](crate::Evaluator::move_hint).
    pub hints: bool,
    /// The transposition table's move searched first.
    pub tt_move: bool,
    /// When table entries may cut a search short.
    pub tt_cutoffs: TtCutoffs,
    /// The table's size in MiB; 0 for no table.
    pub tt_mib: usize,
    /// The most plies of quiescence search (over the evaluator's
    /// [`is_noisy`](crate::Evaluator::is_noisy) moves) at the horizon; 0 for
    /// none.
    pub quiescence_plies: u32,
    /// The threads searching together (lazy SMP over the shared table); 1
    /// (the default) searches on the calling thread alone, and only then
    /// is a search deterministic. 0 counts as 1.
    pub threads: usize,
    /// With several threads: a thread that meets a move another thread is
    /// searching searches its other moves first (simplified ABDADA), so
    /// that the threads spread over the tree. No effect on one thread.
    pub defer: bool,
    /// How several threads share the work.
    pub parallelism: Parallelism,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            pvs: true,
            aspiration: Some(50),
            killers: true,
            history: true,
            hints: true,
            tt_move: true,
            tt_cutoffs: TtCutoffs::AnyDepth,
            tt_mib: 16,
            quiescence_plies: 32,
            threads: 1,
            defer: true,
            parallelism: Parallelism::LazySmp,
        }
    }
}

impl Options {
    /// Every ordering and pruning aid off, no table: alpha-beta over plain
    /// negamax order (still with quiescence, if the evaluator has noisy
    /// moves).
    #[must_use]
    pub fn plain() -> Self {
        Options {
            pvs: false,
            aspiration: None,
            killers: false,
            history: false,
            hints: false,
            tt_move: false,
            tt_cutoffs: TtCutoffs::Off,
            tt_mib: 0,
            quiescence_plies: 32,
            threads: 1,
            defer: true,
            parallelism: Parallelism::LazySmp,
        }
    }
}

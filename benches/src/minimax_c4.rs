//! Connect Four for the `minimax` crate (0.6): the same bitboard game and
//! the same evaluation as Spielwerk's searches use.
//!
//! `minimax` has no move-ordering hook, so [`C4`] generates moves
//! centre-first, the order [`ConnectFourEval`]'s hint gives: a comparison
//! is then of the search engines, not of ordering knowledge.

use board_core::{Game as _, Outcome, ZobristHash};
use board_search::Evaluator as _;
use minimax::Winner;
use spielwerk_testgames::{ConnectFour, ConnectFourEval};

/// Columns centre-first.
pub const CENTRE_FIRST: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];

/// Connect Four as the `minimax` crate sees it.
#[derive(Debug, Clone, Copy, Default)]
pub struct C4;

impl minimax::Game for C4 {
    type S = ConnectFour;
    type M = u8;

    fn generate_moves(s: &ConnectFour, moves: &mut Vec<u8>) -> Option<Winner> {
        // Each column tested once, in order: as cheap as Spielwerk's own
        // move generation (collecting the legal moves first and looking
        // each centre-first column up in them cost `minimax` about a
        // fifth of its instructions).
        moves.extend(CENTRE_FIRST.iter().copied().filter(|&c| s.is_legal(c)));
        Self::get_winner(s)
    }

    fn apply(s: &mut ConnectFour, m: u8) -> Option<ConnectFour> {
        let mut next = *s;
        next.play_unchecked(m);
        Some(next)
    }

    fn get_winner(s: &ConnectFour) -> Option<Winner> {
        // In Connect Four only the player who just moved can have won.
        s.outcome().map(|o| match o {
            Outcome::Win(_) => Winner::PlayerJustMoved,
            Outcome::Draw => Winner::Draw,
        })
    }

    fn zobrist_hash(s: &ConnectFour) -> u64 {
        s.zobrist()
    }

    fn table_index(m: u8) -> u16 {
        u16::from(m)
    }

    fn max_table_index() -> u16 {
        6
    }
}

/// [`ConnectFourEval`] for `minimax`.
#[derive(Debug, Clone, Copy, Default)]
pub struct C4Eval;

impl minimax::Evaluator for C4Eval {
    type G = C4;
    fn evaluate(&self, s: &ConnectFour) -> minimax::Evaluation {
        ConnectFourEval.evaluate(s) as minimax::Evaluation
    }
}

/// `minimax`'s `MonteCarloTreeSearch` on Connect Four as a
/// [`board_search::Strategy`], so that it plays matches against
/// Spielwerk's strategies. It draws its random numbers from the thread's
/// generator (the crate offers no seed), so its games do not replay.
pub struct MinimaxMcts {
    search: minimax::MonteCarloTreeSearch<C4>,
}

impl core::fmt::Debug for MinimaxMcts {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MinimaxMcts").finish_non_exhaustive()
    }
}

impl MinimaxMcts {
    /// `playouts` rollouts per move on `threads` threads, the crate's
    /// default options otherwise.
    #[must_use]
    pub fn new(playouts: u32, threads: usize) -> Self {
        let options = minimax::MCTSOptions::default().with_num_threads(threads);
        let mut search = minimax::MonteCarloTreeSearch::new(options);
        search.set_max_rollouts(playouts);
        MinimaxMcts { search }
    }

    /// The move for `pos` (`None` when it is over).
    pub fn choose_move(&mut self, pos: &ConnectFour) -> Option<u8> {
        minimax::Strategy::choose_move(&mut self.search, pos)
    }
}

impl board_search::Strategy<ConnectFour> for MinimaxMcts {
    type Error = board_search::NoLegalMove;

    fn choose(
        &mut self,
        pos: &ConnectFour,
    ) -> Result<board_search::Choice<u8>, board_search::NoLegalMove> {
        self.choose_move(pos)
            .map(board_search::Choice::new)
            .ok_or(board_search::NoLegalMove)
    }
}

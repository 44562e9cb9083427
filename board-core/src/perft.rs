//! Perft: counting the move paths of a game tree, the standard test of a
//! move generator against published reference counts.

use crate::{Game, MoveList, Undo};

/// How a game that ends before the requested depth is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FinishedGames {
    /// A finished game is not a path of the requested length and counts 0
    /// (chess perft; Edax's Reversi perft, OEIS A124004).
    #[default]
    Drop,
    /// A finished game counts as one leaf at every deeper depth (the "Bik"
    /// Reversi convention).
    CountAsLeaf,
}

/// The number of move paths of length `depth` from `pos`, dropping games
/// that end earlier. `perft(pos, 0)` is 1.
///
/// Uses copy-make and counts the last ply in bulk (the length of the move
/// list). One move buffer per ply is allocated up front; the recursion
/// itself never allocates.
///
/// ```
/// use board_core::{perft, Game, IllegalMove, Outcome, Player};
///
/// /// Nim with one heap: take 1 or 2; whoever cannot move loses.
/// #[derive(Clone)]
/// struct Nim { heap: u8, to_move: Player }
///
/// impl Game for Nim {
///     type Move = u8;
///     type MoveList = Vec<u8>;
///     type Error = IllegalMove<u8>;
///     fn to_move(&self) -> Player { self.to_move }
///     fn legal_moves(&self, moves: &mut Vec<u8>) {
///         moves.clear();
///         moves.extend((1..=2).filter(|&n| n <= self.heap));
///     }
///     fn play_unchecked(&mut self, mv: u8) {
///         self.heap -= mv;
///         self.to_move = !self.to_move;
///     }
///     fn play(&mut self, mv: u8) -> Result<(), Self::Error> {
///         if mv == 0 || mv > 2 || mv > self.heap {
///             return Err(IllegalMove { mv, reason: "take 1 or 2 from what is there" });
///         }
///         self.play_unchecked(mv);
///         Ok(())
///     }
///     fn outcome(&self) -> Option<Outcome> {
///         (self.heap == 0).then(|| Outcome::Win(!self.to_move))
///     }
/// }
///
/// let nim = Nim { heap: 4, to_move: Player::First };
/// // 4 = 1+1+1+1 = 1+1+2 = 1+2+1 = 2+1+1 = 2+2: paths of length 2 are
/// // 11, 12, 21, 22.
/// assert_eq!(perft(&nim, 2), 4);
/// assert_eq!(perft(&nim, 4), 1);
/// ```
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    perft_with(pos, depth, FinishedGames::Drop)
}

/// [`perft`] with a choice of how games that end early are counted.
pub fn perft_with<G: Game>(pos: &G, depth: u32, finished: FinishedGames) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut buffers: Vec<G::MoveList> = (0..depth).map(|_| G::MoveList::default()).collect();
    count(pos, depth, finished, &mut buffers)
}

fn count<G: Game>(
    pos: &G,
    depth: u32,
    finished: FinishedGames,
    buffers: &mut [G::MoveList],
) -> u64 {
    let Some((moves, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    pos.legal_moves(moves);
    if moves.is_empty() {
        return match finished {
            FinishedGames::Drop => 0,
            FinishedGames::CountAsLeaf => 1,
        };
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.as_slice() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        total += count(&child, depth - 1, finished, rest);
    }
    total
}

/// The perft count below each legal move, in move-generation order: the tool
/// for finding where a move generator disagrees with a reference.
///
/// The counts add up to [`perft_with`] at `depth`. At `depth` 0 the list is
/// empty.
pub fn perft_divide<G: Game>(pos: &G, depth: u32, finished: FinishedGames) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.moves()
        .as_slice()
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            (mv, perft_with(&child, depth - 1, finished))
        })
        .collect()
}

/// [`perft`] by make/unmake instead of copy-make, for games that implement
/// [`Undo`]. Returns the same count; `pos` is restored on return. The
/// `benches` package compares the speed of the two.
pub fn perft_undo<G: Undo>(pos: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut buffers: Vec<G::MoveList> = (0..depth).map(|_| G::MoveList::default()).collect();
    count_undo(pos, depth, &mut buffers)
}

fn count_undo<G: Undo>(pos: &mut G, depth: u32, buffers: &mut [G::MoveList]) -> u64 {
    let Some((moves, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    pos.legal_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.as_slice() {
        let undo = pos.make(mv);
        total += count_undo(pos, depth - 1, rest);
        pos.unmake(mv, undo);
    }
    total
}

//! Per-ply buffers and move ordering shared by the searches.

use board_core::{Game, MoveList};

/// One ply's move buffer and ordering keys, allocated once per search and
/// reused, so the search itself never allocates.
pub(crate) struct Frame<G: Game> {
    pub(crate) moves: G::MoveList,
    pub(crate) keys: Vec<i32>,
}

impl<G: Game> Default for Frame<G> {
    fn default() -> Self {
        Frame {
            moves: G::MoveList::default(),
            keys: Vec::with_capacity(64),
        }
    }
}

/// Moves the best-keyed remaining move to position `i` (the first of equal
/// keys, so the order is deterministic) and returns it. Picking lazily costs
/// nothing for the moves after a cut-off.
#[inline]
pub(crate) fn pick<G: Game>(frame: &mut Frame<G>, i: usize) -> G::Move {
    let keys = &mut frame.keys;
    let mut best = i;
    for j in i + 1..keys.len() {
        if keys[j] > keys[best] {
            best = j;
        }
    }
    keys.swap(i, best);
    let moves = frame.moves.as_mut_slice();
    moves.swap(i, best);
    moves[i]
}

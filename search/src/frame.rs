//! Per-ply buffers and move ordering shared by the searches.

use board_core::{Game, MoveList};

use crate::Evaluator;

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

/// Killer moves and history counts: the ordering of quiet moves both
/// searches share.
pub(crate) struct Heuristics<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<u32>,
    use_killers: bool,
}

impl<M> Default for Heuristics<M> {
    fn default() -> Self {
        Heuristics {
            killers: Vec::new(),
            history: Vec::new(),
            use_killers: false,
        }
    }
}

impl<M: Copy + PartialEq> Heuristics<M> {
    /// Empties both for a search of `plies` plies; `history_slots` 0 turns
    /// history off.
    pub(crate) fn reset(&mut self, plies: usize, killers: bool, history_slots: usize) {
        self.use_killers = killers;
        self.killers.clear();
        self.killers.resize(plies + 1, [None, None]);
        self.history.clear();
        self.history.resize(history_slots, 0);
    }

    /// Fills the frame's ordering keys: the table's move, the killers,
    /// then the evaluator's hint (with `hints`) and the history.
    pub(crate) fn order<G: Game<Move = M>, E: Evaluator<G>>(
        &self,
        eval: &E,
        pos: &G,
        ply: u32,
        tt_move: Option<M>,
        hints: bool,
        frame: &mut Frame<G>,
    ) {
        let killers = if self.use_killers {
            self.killers
                .get(ply as usize)
                .copied()
                .unwrap_or([None, None])
        } else {
            [None, None]
        };
        frame.keys.clear();
        for &mv in frame.moves.as_slice() {
            let key = if Some(mv) == tt_move {
                i32::MAX
            } else if Some(mv) == killers[0] {
                i32::MAX - 1
            } else if Some(mv) == killers[1] {
                i32::MAX - 2
            } else {
                let hint = if hints {
                    eval.move_hint(pos, mv).clamp(-32_768, 32_767) << 15
                } else {
                    0
                };
                let history = if self.history.is_empty() {
                    0
                } else {
                    let slot = eval.history_index(pos, mv);
                    self.history.get(slot).map_or(0, |&h| h.min(32_767) as i32)
                };
                hint + history
            };
            frame.keys.push(key);
        }
    }

    /// Killer and history credit for a quiet move that caused a cut-off.
    pub(crate) fn reward<G: Game<Move = M>, E: Evaluator<G>>(
        &mut self,
        eval: &E,
        pos: &G,
        ply: u32,
        mv: M,
        depth: u32,
    ) {
        if eval.is_noisy(pos, mv) {
            return;
        }
        if self.use_killers
            && let Some(k) = self.killers.get_mut(ply as usize)
            && k[0] != Some(mv)
        {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if !self.history.is_empty() {
            let slot = eval.history_index(pos, mv);
            if let Some(h) = self.history.get_mut(slot) {
                *h = h.saturating_add(depth * depth);
                if *h > 1 << 20 {
                    self.history.iter_mut().for_each(|h| *h /= 2);
                }
            }
        }
    }
}

//! Move ordering: a ply's moves with their keys, and picking them best
//! first.

use board_core::{Game, MoveList, ZobristHash};

use super::Searcher;
use crate::Evaluator;

/// One ply's moves and their ordering keys.
pub(crate) struct Ply<G: Game> {
    pub(super) moves: G::MoveList,
    /// Per move still to search: its ordering key in the high 32 bits and
    /// `u32::MAX -` its index in `moves` in the low ones, so that the
    /// greatest value is the best move, the first of equal keys, and no two
    /// values are equal.
    pub(super) order: Vec<i64>,
    /// Moves (indices) left for later because another thread searches them.
    pub(super) deferred: Vec<usize>,
    /// The children's keys, for enhanced transposition cut-offs.
    pub(super) keys: Vec<(u64, bool)>,
}

impl<G: Game> Default for Ply<G> {
    fn default() -> Self {
        Ply {
            moves: G::MoveList::default(),
            order: Vec::with_capacity(64),
            deferred: Vec::new(),
            keys: Vec::with_capacity(64),
        }
    }
}

/// A key and a move index as one value of [`Ply::order`].
#[inline(always)]
pub(super) fn order_value(key: i32, index: usize) -> i64 {
    (i64::from(key) << 32) | i64::from(u32::MAX - index as u32)
}

/// The move index of a value of [`Ply::order`].
#[inline(always)]
fn order_index(value: i64) -> usize {
    (u32::MAX - value as u32) as usize
}

/// Moves the greatest of `order[i..]` to position `i` and returns the index
/// of its move. Picking lazily costs nothing for the moves after a cut-off.
/// (The values are distinct, so the picks do not depend on the order the
/// others are left in.)
#[inline(always)]
pub(super) fn pick(order: &mut [i64], i: usize) -> usize {
    let rest = &mut order[i..];
    if let Some((head, tail)) = rest.split_first_mut() {
        for v in tail {
            if *v > *head {
                std::mem::swap(head, v);
            }
        }
        order_index(*head)
    } else {
        usize::MAX
    }
}

impl<G: ZobristHash, E: Evaluator<G>> Searcher<'_, G, E> {
    /// Fills the ply's order with every move: by hint, and among equal
    /// hints killers first, then by history. The table's move (`skip`,
    /// searched already) goes last, where no pick reaches it. At the
    /// frontier (one ply above the horizon) by hint alone: a child costs
    /// an evaluation there, and killers and history bought fewer nodes
    /// than they cost instructions (measured on Connect Four: 2-8 % fewer
    /// instructions without them).
    #[inline(always)]
    pub(super) fn order<const FRONTIER: bool>(
        &self,
        pos: &G,
        ply: u32,
        skip: usize,
        frame: &mut Ply<G>,
    ) {
        let o = self.s.options;
        let killers = o.killers && !FRONTIER;
        let history = !self.w.history.is_empty() && !FRONTIER;
        match (o.hints, history, killers) {
            (true, true, true) => self.fill::<true, true, true>(pos, ply, frame),
            (true, true, false) => self.fill::<true, true, false>(pos, ply, frame),
            (true, false, true) => self.fill::<true, false, true>(pos, ply, frame),
            (true, false, false) => self.fill::<true, false, false>(pos, ply, frame),
            (false, true, true) => self.fill::<false, true, true>(pos, ply, frame),
            (false, true, false) => self.fill::<false, true, false>(pos, ply, frame),
            (false, false, true) => self.fill::<false, false, true>(pos, ply, frame),
            (false, false, false) => self.fill::<false, false, false>(pos, ply, frame),
        }
        if let Some(v) = frame.order.get_mut(skip) {
            *v = i64::MIN;
        }
    }

    /// [`order`](Self::order) for one combination of the switches, so
    /// that the loop tests none of them.
    #[inline(always)]
    fn fill<const HINTS: bool, const HISTORY: bool, const KILLERS: bool>(
        &self,
        pos: &G,
        ply: u32,
        frame: &mut Ply<G>,
    ) {
        let eval = self.s.eval;
        let history = &self.w.history[..];
        let [k0, k1] = if KILLERS {
            self.w.killers[ply as usize]
        } else {
            [None, None]
        };
        let moves = frame.moves.as_slice();
        frame.order.clear();
        frame.order.extend(moves.iter().enumerate().map(|(i, &mv)| {
            let hint = if HINTS {
                eval.move_hint(pos, mv).clamp(-32_768, 32_767) << 16
            } else {
                0
            };
            // Below the hint: the killers, then the history.
            let bonus = if KILLERS && Some(mv) == k0 {
                0xFFFF
            } else if KILLERS && Some(mv) == k1 {
                0xFFFE
            } else if HISTORY {
                let slot = eval.history_index(pos, mv);
                history.get(slot).map_or(0, |&h| h.min(0xFFFD) as i32)
            } else {
                0
            };
            let key = hint + bonus;
            order_value(key, i)
        }));
    }
}

//! A hand-written alpha-beta for [`ConnectFour`] alone: the yardstick of
//! what a node loop costs when it does nothing but search.
//!
//! It searches the very same game with the very same evaluation as the
//! comparison of `board-search` and `minimax` (`benches/benches/search.rs`),
//! the way a programmer would write it for this one game: iterative
//! deepening one ply at a time with the whole window, principal variation
//! search, the table's move first and then the columns centre-first, a
//! table of one slot per key (depth-preferred), and the children of nodes
//! one ply above the horizon scored by evaluation in the node's own loop.
//! It has none of what a library's search offers: no stop flag, node or
//! time limit, line, killers, history, move hints, enhanced transposition
//! cut-offs or aspiration windows. It is not a product: it measures how
//! far a leaner loop could take a general search on this game
//! (`benches/examples/search_once.rs`, engine `bare`).

use board_core::{Game, ZobristHash};
use board_search::{Evaluator, INFINITY, terminal_score};
use spielwerk_testgames::{ConnectFour, ConnectFourEval};

use crate::minimax_c4::CENTRE_FIRST;

/// No move (an empty slot, or a node without one).
const NO_MOVE: u8 = u8::MAX;

/// What a slot's score is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Kind {
    /// An empty slot.
    #[default]
    Empty,
    /// The node's score.
    Exact,
    /// At least the score (a cut-off).
    Lower,
    /// At most the score (no move reached alpha).
    Upper,
}

/// One table slot.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u64,
    /// The score; a decisive one counts plies from the root, which is
    /// right for every node of one search: in Connect Four a position's
    /// distance from the root is its stones less the root's, however it
    /// is reached.
    score: i32,
    depth: u8,
    kind: Kind,
    mv: u8,
}

/// The bare alpha-beta search (see the [module](self)).
///
/// ```
/// use benches::bare_c4::BareSearch;
/// let mut search = BareSearch::new(1 << 20);
/// let (score, nodes) = search.search(&"4453".parse().unwrap(), 6);
/// assert!(nodes > 0 && score.abs() < 1000);
/// ```
#[derive(Debug, Clone)]
pub struct BareSearch {
    table: Vec<Slot>,
    nodes: u64,
}

impl BareSearch {
    /// A search with a table of about `table_bytes` bytes (at least one
    /// slot).
    #[must_use]
    pub fn new(table_bytes: usize) -> Self {
        let slots = (table_bytes / size_of::<Slot>()).max(1);
        BareSearch {
            table: vec![Slot::default(); slots],
            nodes: 0,
        }
    }

    /// Searches `pos` to `depth` (iterations 1, 2, ..., `depth`) and
    /// returns the score for the side to move and the nodes of every
    /// iteration (positions entered and children evaluated, as
    /// `board-search` counts them); depth 0 searches nothing and scores 0.
    /// The table's decisive scores count from the root, so a second search
    /// empties it first.
    pub fn search(&mut self, pos: &ConnectFour, depth: u32) -> (i32, u64) {
        if self.nodes > 0 {
            self.table.fill(Slot::default());
            self.nodes = 0;
        }
        let mut score = 0;
        for d in 1..=depth.min(u32::from(u8::MAX)) {
            score = self.node(pos, d, 0, -INFINITY, INFINITY);
        }
        (score, self.nodes)
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> usize {
        let spread = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((u128::from(spread) * self.table.len() as u128) >> 64) as usize
    }

    fn node(&mut self, pos: &ConnectFour, depth: u32, ply: u32, alpha: i32, beta: i32) -> i32 {
        if depth == 1 {
            self.node_at::<true>(pos, depth, ply, alpha, beta)
        } else {
            self.node_at::<false>(pos, depth, ply, alpha, beta)
        }
    }

    /// A node `depth` (at least 1) plies above the horizon; `FRONTIER`
    /// when `depth` is 1.
    #[inline(always)]
    fn node_at<const FRONTIER: bool>(
        &mut self,
        pos: &ConnectFour,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if let Some(outcome) = pos.outcome() {
            return terminal_score(outcome, pos.to_move(), ply);
        }
        let key = pos.zobrist();
        let index = self.slot(key);
        let slot = self.table[index];
        let mut table_move = NO_MOVE;
        if slot.kind != Kind::Empty && slot.key == key {
            table_move = slot.mv;
            let s = slot.score;
            let cut = match slot.kind {
                Kind::Exact => true,
                Kind::Lower => s >= beta,
                Kind::Upper => s <= alpha,
                Kind::Empty => false,
            };
            if ply > 0 && u32::from(slot.depth) >= depth && cut {
                return s;
            }
        }
        let alpha_orig = alpha;
        let mut best = -INFINITY;
        let mut best_move = NO_MOVE;
        let mut first = true;
        // The table's move, then the columns centre-first.
        let others = CENTRE_FIRST.iter().copied().filter(|&c| c != table_move);
        for mv in (table_move != NO_MOVE)
            .then_some(table_move)
            .into_iter()
            .chain(others)
        {
            if !pos.is_legal(mv) {
                continue;
            }
            let mut child = *pos;
            child.play_unchecked(mv);
            let score = if FRONTIER {
                self.nodes += 1;
                match child.outcome() {
                    Some(outcome) => -terminal_score(outcome, child.to_move(), ply + 1),
                    None => -ConnectFourEval.evaluate(&child),
                }
            } else if first {
                -self.node(&child, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let s = -self.node(&child, depth - 1, ply + 1, -alpha - 1, -alpha);
                if s > alpha && s < beta {
                    -self.node(&child, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            first = false;
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let kind = if best <= alpha_orig {
            Kind::Upper
        } else if best >= beta {
            Kind::Lower
        } else {
            Kind::Exact
        };
        let slot = &mut self.table[index];
        if slot.key == key || u32::from(slot.depth) <= depth {
            *slot = Slot {
                key,
                score: best,
                depth: depth as u8,
                kind,
                mv: best_move,
            };
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use board_search::{AlphaBeta, Limits, Options};

    use super::*;

    /// The root scores of `board-search` at equal depth, on the benchmark
    /// positions and on random ones (among them positions near a win).
    #[test]
    fn agrees_with_board_search() {
        let mut positions: Vec<ConnectFour> = crate::connect_four_positions()
            .into_iter()
            .map(|p| p.pos)
            .collect();
        // From 8 stones to 38: the later ones end in forced wins within
        // the horizon.
        positions.extend((0..31).map(|seed| ConnectFour::random_unfinished(seed, 8 + seed as u32)));
        let mut decisive = 0;
        for (i, pos) in positions.iter().enumerate() {
            for depth in [1, 2, 5, 7, 9] {
                let (score, nodes) = BareSearch::new(1 << 16).search(pos, depth);
                let options = Options {
                    tt_mib: 1,
                    ..Options::default()
                };
                let ours = AlphaBeta::with_options(ConnectFourEval, options)
                    .search(pos, &Limits::depth(depth));
                assert_eq!(score, ours.score, "position {i} ({pos}), depth {depth}");
                assert!(nodes > 0);
                decisive += usize::from(board_search::is_decisive(score));
            }
        }
        assert!(decisive > 0, "no forced win or loss among the root scores");
    }

    /// A second search from another root starts from an empty table (its
    /// decisive scores counted from the first root).
    #[test]
    fn a_second_search_is_a_search_of_its_own() {
        let mut search = BareSearch::new(1 << 16);
        for seed in 0..12 {
            let pos = ConnectFour::random_unfinished(seed, 14 + seed as u32);
            let again = search.search(&pos, 7);
            assert_eq!(
                again,
                BareSearch::new(1 << 16).search(&pos, 7),
                "seed {seed}"
            );
        }
    }

    #[test]
    fn a_one_slot_table_still_searches_right() {
        let pos: ConnectFour = "4453".parse().expect("legal");
        let (score, _) = BareSearch::new(0).search(&pos, 6);
        let ours = AlphaBeta::new(ConnectFourEval).search(&pos, &Limits::depth(6));
        assert_eq!(score, ours.score);
    }
}

//! Seeded random game trees, the test bed of the search algorithms.

use board_core::arrayvec::ArrayVec;
use board_core::{Game, IllegalMove, Outcome, Player, Stochastic, ZobristHash};
use board_search::Evaluator;

/// Mixes two values into a well-spread 64-bit value (SplitMix64 finaliser).
#[inline]
const fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// States per ply: small, so that different paths meet (transpositions).
const STATES: u64 = 24;

/// A node of a seeded random game tree.
///
/// Everything about a node is derived from the seed, its ply and a small
/// state number, so different move sequences reach the same node
/// (transpositions, for the transposition table). Nodes have 1–4 moves;
/// about one in eight moves gives the same player another turn; about one
/// node in ten is a decided game (win, loss or draw); every game ends at the
/// tree's height. Some moves are "noisy" (for quiescence). With chance
/// nodes, about a third of the non-root nodes are chance nodes with 2–3
/// outcomes of random probability.
///
/// ```
/// use board_core::{perft, Game};
/// use spielwerk_testgames::RandomTree;
/// let a = RandomTree::new(1, 8);
/// let b = RandomTree::new(1, 8);
/// assert_eq!(perft(&a, 5), perft(&b, 5)); // the same seed, the same tree
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RandomTree {
    seed: u64,
    height: u32,
    ply: u32,
    state: u64,
    to_move: Player,
    chance: bool,
    chance_node: bool,
}

impl RandomTree {
    /// The root of the deterministic tree of `seed`, whose games last at
    /// most `height` plies.
    #[must_use]
    pub fn new(seed: u64, height: u32) -> Self {
        RandomTree {
            seed,
            height,
            ply: 0,
            state: 0,
            to_move: Player::First,
            chance: false,
            chance_node: false,
        }
    }

    /// The root of the tree of `seed` with chance nodes.
    #[must_use]
    pub fn with_chance(seed: u64, height: u32) -> Self {
        RandomTree {
            chance: true,
            ..RandomTree::new(seed, height)
        }
    }

    #[inline]
    fn h(&self, salt: u64) -> u64 {
        mix(
            mix(self.seed, u64::from(self.ply) << 32 | self.state),
            salt ^ u64::from(self.chance_node) << 8 ^ (self.to_move.index() as u64) << 9,
        )
    }

    fn branching(&self) -> u64 {
        if self.chance_node {
            2 + self.h(1) % 2
        } else {
            1 + self.h(1) % 4
        }
    }

    /// The value of this node for the first player, in -100..=100.
    fn value(&self) -> i32 {
        (self.h(2) % 201) as i32 - 100
    }

    /// Whether `mv` is noisy (searched by quiescence).
    #[must_use]
    pub fn is_noisy_move(&self, mv: u8) -> bool {
        !self.chance_node && self.h(10 + u64::from(mv)).is_multiple_of(3)
    }
}

impl Game for RandomTree {
    type Move = u8;
    type MoveList = ArrayVec<u8, 4>;
    type Error = IllegalMove<u8>;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        if self.outcome().is_none() {
            moves.extend(0..self.branching() as u8);
        }
    }

    fn play_unchecked(&mut self, mv: u8) {
        let h = self.h(100 + u64::from(mv));
        let next_chance = self.chance && !self.chance_node && h.is_multiple_of(3);
        let extra_turn = !self.chance_node && (h >> 8).is_multiple_of(8);
        if !self.chance_node && !extra_turn {
            self.to_move = !self.to_move;
        }
        self.ply += 1;
        self.state = (h >> 16) % STATES;
        self.chance_node = next_chance;
    }

    fn play(&mut self, mv: u8) -> Result<(), Self::Error> {
        if !self.is_legal(mv) {
            return Err(IllegalMove {
                mv,
                reason: "no such branch",
            });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let decided = self.ply >= self.height
            || (self.ply > 0 && !self.chance_node && self.h(3).is_multiple_of(10));
        decided.then(|| match self.h(4) % 3 {
            0 => Outcome::Win(Player::First),
            1 => Outcome::Win(Player::Second),
            _ => Outcome::Draw,
        })
    }
}

impl ZobristHash for RandomTree {
    fn zobrist(&self) -> u64 {
        self.h(0)
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.h(0)
    }
}

impl Stochastic for RandomTree {
    type ChanceList = ArrayVec<(u8, f64), 4>;

    fn is_chance_node(&self) -> bool {
        self.chance_node
    }

    fn chance_outcomes(&self, outcomes: &mut Self::ChanceList) {
        outcomes.clear();
        let n = self.branching();
        let weights: ArrayVec<f64, 4> = (0..n).map(|i| 1.0 + (self.h(20 + i) % 9) as f64).collect();
        let total: f64 = weights.iter().sum();
        for (i, w) in weights.iter().enumerate() {
            outcomes.push((i as u8, w / total));
        }
    }
}

/// The evaluation of [`RandomTree`]: a seeded value per node in -100..=100,
/// seeded move hints, history slots, and the tree's noisy moves.
#[derive(Debug, Clone, Copy, Default)]
pub struct TreeEval;

impl Evaluator<RandomTree> for TreeEval {
    fn evaluate(&self, pos: &RandomTree) -> i32 {
        pos.value() * pos.to_move.sign()
    }

    fn move_hint(&self, pos: &RandomTree, mv: u8) -> i32 {
        (pos.h(30 + u64::from(mv)) % 16) as i32
    }

    fn uses_quiescence(&self) -> bool {
        true
    }

    fn is_noisy(&self, pos: &RandomTree, mv: u8) -> bool {
        pos.is_noisy_move(mv)
    }

    fn history_size(&self) -> usize {
        8
    }

    fn history_index(&self, pos: &RandomTree, mv: u8) -> usize {
        usize::from(mv) + 4 * pos.to_move.index()
    }

    fn bound(&self) -> i32 {
        100
    }
}

#[cfg(test)]
mod tests {
    use board_core::perft;

    use super::*;

    #[test]
    fn trees_have_transpositions_extra_turns_and_decided_games() {
        let mut seen = std::collections::HashMap::new();
        let (mut extra, mut decided, mut paths) = (0, 0, 0);
        fn walk(
            t: &RandomTree,
            seen: &mut std::collections::HashMap<u64, u32>,
            extra: &mut u32,
            decided: &mut u32,
            paths: &mut u32,
        ) {
            *paths += 1;
            *seen.entry(t.zobrist()).or_default() += 1;
            if t.outcome().is_some() {
                *decided += 1;
            }
            for mv in t.moves() {
                let mut c = *t;
                c.play_unchecked(mv);
                if c.to_move() == t.to_move() {
                    *extra += 1;
                }
                walk(&c, seen, extra, decided, paths);
            }
        }
        walk(
            &RandomTree::new(3, 7),
            &mut seen,
            &mut extra,
            &mut decided,
            &mut paths,
        );
        assert!(
            seen.len() < paths as usize / 2,
            "transpositions: {} of {paths}",
            seen.len()
        );
        assert!(extra > 0 && decided > 0);
    }

    #[test]
    fn chance_outcomes_are_probabilities_and_match_moves() {
        let mut found = 0;
        for seed in 0..20 {
            let mut t = RandomTree::with_chance(seed, 10);
            for _ in 0..10 {
                let moves = t.moves();
                if moves.is_empty() {
                    break;
                }
                if t.is_chance_node() {
                    found += 1;
                    let mut o = ArrayVec::<(u8, f64), 4>::new();
                    t.chance_outcomes(&mut o);
                    assert_eq!(o.iter().map(|x| x.0).collect::<Vec<_>>(), moves.to_vec());
                    assert!((o.iter().map(|x| x.1).sum::<f64>() - 1.0).abs() < 1e-12);
                    assert!(o.iter().all(|x| x.1 > 0.0));
                }
                t.play_unchecked(moves[moves.len() - 1]);
            }
        }
        assert!(found > 0);
        assert!(perft(&RandomTree::with_chance(1, 6), 4) > 0);
    }
}

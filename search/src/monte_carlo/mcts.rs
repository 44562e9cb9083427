//! Monte Carlo tree search for any [`Game`]: UCT (or PUCT with priors from
//! the evaluator's move-ordering hint), random playouts or the evaluator's
//! value at the leaves, an MCTS-Solver for proven wins and losses, and root
//! parallelism that stays deterministic for a seed.

use board_core::{Game, MoveList, Outcome, Player, SplitMix64};

use crate::monte_carlo::{
    Budget, RootChild, Seeds, Stats, Summary, choice, for_first, leaf_reward, merge,
    monte_carlo_accessors, outcome_reward, priors, rank, selection_value,
};
use crate::player::play::derive_seed;
use crate::{Choice, Evaluator, Instant, Limits, MctsOptions, MctsResult, NoLegalMove, Strategy};

/// A node of the tree of one [`Mcts`] thread.
#[derive(Debug, Clone)]
struct Node<M> {
    /// The move into it (`None` at the root).
    mv: Option<M>,
    /// Who played it.
    mover: Player,
    /// Who moves in it (known once it is expanded).
    to_move: Player,
    stats: Stats,
    prior: f32,
    /// Its children, `first..first + len` in the arena, once expanded.
    first: u32,
    len: u32,
    expanded: bool,
    proven: Option<Outcome>,
}

/// One thread's tree and buffers.
struct Tree<G: Game> {
    nodes: Vec<Node<G::Move>>,
    path: Vec<u32>,
    moves: G::MoveList,
    priors: Vec<f64>,
    rng: SplitMix64,
    playouts: u64,
    depth: u32,
}

impl<G: Game> Tree<G> {
    fn new(root: &G, seed: u64) -> Self {
        let root = Node {
            mv: None,
            mover: !root.to_move(),
            to_move: root.to_move(),
            stats: Stats::NEW,
            prior: 1.0,
            first: 0,
            len: 0,
            expanded: false,
            proven: None,
        };
        Tree {
            nodes: vec![root],
            path: Vec::with_capacity(64),
            moves: G::MoveList::default(),
            priors: Vec::new(),
            rng: SplitMix64::new(seed),
            playouts: 0,
            depth: 0,
        }
    }

    /// Adds the children of node `i`, whose position is `pos`.
    fn expand<E: Evaluator<G>>(&mut self, i: usize, pos: &G, eval: &E, options: &MctsOptions) {
        pos.legal_moves(&mut self.moves);
        let moves = self.moves.as_slice();
        let first = self.nodes.len() as u32;
        if options.priors {
            priors(
                eval,
                pos,
                moves,
                options.prior_temperature,
                &mut self.priors,
            );
        }
        let uniform = 1.0 / moves.len().max(1) as f32;
        let mover = pos.to_move();
        for (k, &mv) in moves.iter().enumerate() {
            self.nodes.push(Node {
                mv: Some(mv),
                mover,
                to_move: mover,
                stats: Stats::NEW,
                prior: self.priors.get(k).map_or(uniform, |&p| p as f32),
                first: 0,
                len: 0,
                expanded: false,
                proven: None,
            });
        }
        let node = &mut self.nodes[i];
        node.first = first;
        node.len = moves.len() as u32;
        node.expanded = true;
        node.to_move = mover;
    }

    /// The child of node `i` to descend to.
    fn select(&self, i: usize, options: &MctsOptions) -> usize {
        let node = &self.nodes[i];
        let (first, len) = (node.first as usize, node.len as usize);
        let parent = node.stats.visits;
        let mut best = first;
        let mut best_value = f64::NEG_INFINITY;
        for c in first..first + len {
            let child = &self.nodes[c];
            let value = match child.proven {
                Some(o) if options.solver && rank(o, child.mover) == 2 => return c,
                Some(o) if options.solver && rank(o, child.mover) == 0 => f64::NEG_INFINITY,
                _ => selection_value(child.stats, f64::from(child.prior), parent, options),
            };
            if value > best_value {
                best = c;
                best_value = value;
            }
        }
        best
    }

    /// Marks node `i` proven if its children prove it; whether it did.
    fn prove(&mut self, i: usize) -> bool {
        let node = &self.nodes[i];
        if node.proven.is_some() || !node.expanded || node.len == 0 {
            return false;
        }
        let me = node.to_move;
        let children = &self.nodes[node.first as usize..(node.first + node.len) as usize];
        let proofs = children.iter().filter_map(|c| c.proven);
        let proof = if let Some(win) = proofs.clone().find(|&o| rank(o, me) == 2) {
            win
        } else if children.iter().all(|c| c.proven.is_some()) {
            match proofs.max_by_key(|&o| rank(o, me)) {
                Some(best) => best,
                None => return false,
            }
        } else {
            return false;
        };
        self.nodes[i].proven = Some(proof);
        true
    }

    /// One iteration: descend, expand, evaluate, back up.
    fn iterate<E: Evaluator<G>>(&mut self, root: &G, eval: &E, options: &MctsOptions) {
        let mut pos = root.clone();
        self.path.clear();
        self.path.push(0);
        let mut i = 0;
        let reward = loop {
            let node = &self.nodes[i];
            if let Some(outcome) = node.proven {
                // A proven node is worth its proof; a finished game its
                // outcome's value (which may have a size).
                break if pos.outcome().is_some() {
                    outcome_reward(eval, &pos, outcome)
                } else {
                    match outcome {
                        Outcome::Win(p) => for_first(p, 1.0),
                        Outcome::Draw => 0.5,
                    }
                };
            }
            if let Some(outcome) = pos.outcome() {
                self.nodes[i].proven = Some(outcome);
                break outcome_reward(eval, &pos, outcome);
            }
            if !node.expanded {
                if i != 0 && node.stats.visits == 0 {
                    break leaf_reward(&mut pos, eval, options, &mut self.rng, &mut self.moves);
                }
                self.expand(i, &pos, eval, options);
                if self.nodes[i].len == 0 {
                    // Only a game breaking the `Game` contract gets here.
                    break leaf_reward(&mut pos, eval, options, &mut self.rng, &mut self.moves);
                }
            }
            let c = self.select(i, options);
            if let Some(mv) = self.nodes[c].mv {
                pos.play_unchecked(mv);
            }
            self.path.push(c as u32);
            i = c;
        };
        self.depth = self.depth.max(self.path.len() as u32 - 1);
        let mut proving = options.solver;
        for k in (0..self.path.len()).rev() {
            let j = self.path[k] as usize;
            if proving && k + 1 < self.path.len() {
                proving = self.prove(j);
            }
            let node = &mut self.nodes[j];
            node.stats.visits = node.stats.visits.saturating_add(1);
            node.stats.wins += for_first(node.mover, reward);
        }
        self.playouts += 1;
    }

    /// The most played line.
    fn pv(&self) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut i = 0;
        while self.nodes[i].expanded && self.nodes[i].len > 0 {
            let node = &self.nodes[i];
            let children = node.first as usize..(node.first + node.len) as usize;
            let Some(c) =
                children.max_by_key(|&c| (self.nodes[c].stats.visits, std::cmp::Reverse(c)))
            else {
                break;
            };
            if self.nodes[c].stats.visits == 0 {
                break;
            }
            if let Some(mv) = self.nodes[c].mv {
                line.push(mv);
            }
            i = c;
        }
        line
    }
}

/// Monte Carlo tree search for any [`Game`], with an [`Evaluator`] for
/// hints (priors), evaluations (at the leaves, or at the end of long
/// playouts) and the value of finished games. [`NoKnowledge`](crate::NoKnowledge) searches by
/// random playouts alone.
///
/// UCT by default: every move is tried once, then `q + c·√(ln N / n)`
/// picks; with [`priors`](MctsOptions::priors), PUCT. A node is expanded
/// (all its moves added) the second time a playout reaches it; each
/// playout starts at the new leaf. With the solver, proven wins are played
/// and proven losses avoided.
///
/// Works under [`Limits`]: playouts, tree nodes, time and the stop flag
/// (depth is not used). Deterministic for a seed without a time limit,
/// with any number of threads (root parallelism).
///
/// ```
/// use board_search::{Limits, Mcts, MctsOptions, NoKnowledge};
/// use spielwerk_testgames::ConnectFour;
///
/// // X has three in column 1 and wins by playing there (column index 0).
/// let pos: ConnectFour = "121212".parse().unwrap();
/// let mcts = Mcts::new(NoKnowledge, MctsOptions::default().with_seed(7));
/// let result = mcts.search(&pos, &Limits::playouts(2_000));
/// assert_eq!(result.best_move, Some(0));
/// assert_eq!(result.value, 1.0); // proven by the solver
/// // The same seed, the same search.
/// assert_eq!(result.moves, mcts.search(&pos, &Limits::playouts(2_000)).moves);
/// ```
#[derive(Debug, Clone)]
pub struct Mcts<E> {
    eval: E,
    options: MctsOptions,
}

monte_carlo_accessors!(Mcts, MctsStrategy);

impl<E> Mcts<E> {
    /// Searches `pos` within `limits`.
    pub fn search<G>(&self, pos: &G, limits: &Limits) -> MctsResult<G::Move>
    where
        G: Game + Sync,
        E: Evaluator<G> + Sync,
    {
        let start = Instant::now();
        let threads = self.options.threads.max(1);
        let run = |index: usize| {
            let budget = Budget::share(limits, start, threads, index);
            let mut tree = Tree::new(pos, derive_seed(self.options.seed, index as u64));
            while tree.nodes[0].proven.is_none()
                && budget.allows(tree.playouts, tree.nodes.len() as u64)
            {
                tree.iterate(pos, &self.eval, &self.options);
            }
            tree
        };
        // Helper threads report their root by move index (the root's
        // moves are `pos`'s legal moves, in the game's order, in every
        // tree), so that no move crosses a thread.
        let legal = pos.moves();
        let by_move = |summary: Summary<usize>| summary.map(|k| legal.as_slice()[k]);
        let (pv, summaries) = if threads == 1 {
            let tree = run(0);
            (tree.pv(), vec![by_move(tree.summary())])
        } else {
            std::thread::scope(|scope| {
                let helpers: Vec<_> = (1..threads)
                    .map(|i| scope.spawn(move || run(i).summary()))
                    .collect();
                let tree = run(0);
                let mut summaries = vec![by_move(tree.summary())];
                summaries.extend(
                    helpers
                        .into_iter()
                        .filter_map(|h| h.join().ok())
                        .map(by_move),
                );
                (tree.pv(), summaries)
            })
        };
        merge(pos.to_move(), legal.as_slice(), pv, &summaries, start)
    }
}

impl<G: Game> Tree<G> {
    fn summary(&self) -> Summary<usize> {
        let root = &self.nodes[0];
        let children = if root.expanded {
            &self.nodes[root.first as usize..(root.first + root.len) as usize]
        } else {
            &[]
        };
        Summary {
            children: children
                .iter()
                .enumerate()
                .map(|(k, c)| {
                    let child = RootChild {
                        visits: u64::from(c.stats.visits),
                        wins: c.stats.wins,
                        prior: f64::from(c.prior),
                        proven: c.proven,
                    };
                    (k, child)
                })
                .collect(),
            proven: root.proven,
            playouts: self.playouts,
            nodes: self.nodes.len() as u64,
            depth: self.depth,
        }
    }
}

/// [`Mcts`] within fixed limits, as a [`Strategy`]. Each choice draws from
/// a seed derived from the game's seed (given to
/// [`new_game`](Strategy::new_game)) and the number of moves played, so a
/// game replays move for move (without a time limit).
///
/// ```
/// use board_core::Game;
/// use board_search::{Limits, MctsOptions, MctsStrategy, NoKnowledge, Strategy};
/// use spielwerk_testgames::ConnectFour;
///
/// let mut computer = MctsStrategy::new(NoKnowledge, MctsOptions::default(), Limits::playouts(500));
/// let pos = ConnectFour::new();
/// computer.new_game(&pos, 1)?;
/// let choice = computer.choose(&pos)?;
/// assert!(pos.is_legal(choice.mv));
/// assert_eq!(choice.nodes, 500); // the playouts
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct MctsStrategy<E> {
    search: Mcts<E>,
    limits: Limits,
    seeds: Seeds,
}

impl<E> MctsStrategy<E> {
    /// Searches `pos` with the seed of the next choice and returns the
    /// whole result.
    pub fn think<G>(&mut self, pos: &G) -> MctsResult<G::Move>
    where
        G: Game + Sync,
        E: Evaluator<G> + Sync,
    {
        self.search.options.seed = self.seeds.next();
        self.search.search(pos, &self.limits)
    }
}

impl<G: Game + Sync, E: Evaluator<G> + Sync> Strategy<G> for MctsStrategy<E> {
    type Error = NoLegalMove;

    fn choose(&mut self, pos: &G) -> Result<Choice<G::Move>, NoLegalMove> {
        if pos.outcome().is_some() {
            return Err(NoLegalMove);
        }
        choice(&self.think(pos))
    }

    fn new_game(&mut self, _start: &G, seed: u64) -> Result<(), NoLegalMove> {
        self.seeds.new_game(seed);
        Ok(())
    }

    fn played(&mut self, _before: &G, _mv: G::Move, _after: &G) -> Result<(), NoLegalMove> {
        self.seeds.played();
        Ok(())
    }
}

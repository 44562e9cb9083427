//! Information-set Monte Carlo tree search (single-observer ISMCTS, after
//! Cowling, Powley and Whitehouse 2012) for games with hidden information:
//! it reads the searcher's view alone and samples the hidden state anew for
//! every playout.

use board_core::{Determinize, Game, MoveList, Player, SplitMix64};

use crate::monte_carlo::{
    Budget, RootChild, Seeds, Stats, Summary, choice, for_first, leaf_reward, merge,
    monte_carlo_accessors, outcome_reward, priors, selection_value,
};
use crate::player::play::derive_seed;
use crate::{Choice, Evaluator, Instant, Limits, MctsOptions, MctsResult, NoLegalMove, Strategy};

/// No node (the end of a list of children).
const NONE: u32 = u32::MAX;

/// A node of the tree: an information set of the observer, reached by a
/// sequence of moves.
#[derive(Debug, Clone)]
struct Node<M> {
    mv: Option<M>,
    mover: Player,
    stats: Stats,
    /// How often it was legal when its parent was visited (the `N` of its
    /// exploration term).
    available: u32,
    prior: f32,
    first_child: u32,
    next_sibling: u32,
}

/// One thread's tree and buffers.
struct Tree<G: Game> {
    nodes: Vec<Node<G::Move>>,
    path: Vec<u32>,
    moves: G::MoveList,
    untried: Vec<G::Move>,
    priors: Vec<f64>,
    rng: SplitMix64,
    playouts: u64,
    depth: u32,
}

impl<G: Determinize> Tree<G> {
    fn new(seed: u64) -> Self {
        Tree {
            nodes: vec![Node {
                mv: None,
                mover: Player::First,
                stats: Stats::NEW,
                available: 0,
                prior: 1.0,
                first_child: NONE,
                next_sibling: NONE,
            }],
            path: Vec::with_capacity(64),
            moves: G::MoveList::default(),
            untried: Vec::new(),
            priors: Vec::new(),
            rng: SplitMix64::new(seed),
            playouts: 0,
            depth: 0,
        }
    }

    fn children(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let mut c = self.nodes[i].first_child;
        std::iter::from_fn(move || {
            (c != NONE).then(|| {
                let here = c as usize;
                c = self.nodes[here].next_sibling;
                here
            })
        })
    }

    /// One iteration: a determinization of `view`, then descend, expand,
    /// play out and back up.
    fn iterate<E: Evaluator<G>>(&mut self, view: &G::View, eval: &E, options: &MctsOptions) {
        let mut state = G::determinize(view, &mut self.rng);
        self.path.clear();
        self.path.push(0);
        let mut i = 0;
        let reward = loop {
            if let Some(outcome) = state.outcome() {
                break outcome_reward(eval, &state, outcome);
            }
            state.legal_moves(&mut self.moves);
            if self.moves.is_empty() {
                // Only a game breaking the `Game` contract gets here.
                break leaf_reward(&mut state, eval, options, &mut self.rng, &mut self.moves);
            }
            // The children legal in this determinization are available;
            // the legal moves without a child are untried.
            let mut available = 0;
            let mut c = self.nodes[i].first_child;
            while c != NONE {
                let node = &mut self.nodes[c as usize];
                if node
                    .mv
                    .is_some_and(|mv| self.moves.as_slice().contains(&mv))
                {
                    node.available += 1;
                    available += 1;
                }
                c = node.next_sibling;
            }
            if available < self.moves.len() {
                let child = self.expand(i, &state, eval, options);
                if let Some(mv) = self.nodes[child].mv {
                    state.play_unchecked(mv);
                }
                self.path.push(child as u32);
                break leaf_reward(&mut state, eval, options, &mut self.rng, &mut self.moves);
            }
            let c = self.select(i, options);
            if let Some(mv) = self.nodes[c].mv {
                state.play_unchecked(mv);
            }
            self.path.push(c as u32);
            i = c;
        };
        self.depth = self.depth.max(self.path.len() as u32 - 1);
        for &j in &self.path {
            let node = &mut self.nodes[j as usize];
            node.stats.visits = node.stats.visits.saturating_add(1);
            node.stats.wins += for_first(node.mover, reward);
        }
        self.playouts += 1;
    }

    /// Adds a child of node `i` for one of the untried legal moves of
    /// `state` (in `self.moves`): the one of highest prior with priors, a
    /// random one without.
    fn expand<E: Evaluator<G>>(
        &mut self,
        i: usize,
        state: &G,
        eval: &E,
        options: &MctsOptions,
    ) -> usize {
        let mut untried = std::mem::take(&mut self.untried);
        untried.clear();
        for &mv in self.moves.as_slice() {
            if !self.children(i).any(|c| self.nodes[c].mv == Some(mv)) {
                untried.push(mv);
            }
        }
        let (mv, prior) = if options.priors {
            priors(
                eval,
                state,
                self.moves.as_slice(),
                options.prior_temperature,
                &mut self.priors,
            );
            let prior_of = |mv: G::Move| {
                let k = self.moves.as_slice().iter().position(|&m| m == mv);
                k.and_then(|k| self.priors.get(k)).copied().unwrap_or(0.0)
            };
            let mut best = untried[0];
            for &mv in &untried[1..] {
                if prior_of(mv) > prior_of(best) {
                    best = mv;
                }
            }
            (best, prior_of(best))
        } else {
            let k = self.rng.below(untried.len() as u64) as usize;
            (untried[k], 1.0 / self.moves.len() as f64)
        };
        self.untried = untried;
        let index = self.nodes.len();
        self.nodes.push(Node {
            mv: Some(mv),
            mover: state.to_move(),
            stats: Stats::NEW,
            available: 1,
            prior: prior as f32,
            first_child: NONE,
            next_sibling: self.nodes[i].first_child,
        });
        self.nodes[i].first_child = index as u32;
        index
    }

    /// The available child of node `i` to descend to (every legal move has
    /// a child when this is called).
    fn select(&self, i: usize, options: &MctsOptions) -> usize {
        let mut best = NONE as usize;
        let mut best_value = f64::NEG_INFINITY;
        for c in self.children(i) {
            let child = &self.nodes[c];
            if !child
                .mv
                .is_some_and(|mv| self.moves.as_slice().contains(&mv))
            {
                continue;
            }
            let value = selection_value(
                child.stats,
                f64::from(child.prior),
                child.available,
                options,
            );
            if best == NONE as usize || value > best_value {
                best = c;
                best_value = value;
            }
        }
        best
    }

    /// What the tree knows of the root.
    fn summary(&self) -> Summary<G::Move> {
        let children = self
            .children(0)
            .filter_map(|c| {
                let n = &self.nodes[c];
                let child = RootChild {
                    visits: u64::from(n.stats.visits),
                    wins: n.stats.wins,
                    prior: f64::from(n.prior),
                    proven: None,
                };
                Some((n.mv?, child))
            })
            .collect();
        Summary {
            children,
            proven: None,
            playouts: self.playouts,
            nodes: self.nodes.len() as u64,
            depth: self.depth,
        }
    }

    /// The most played line.
    fn pv(&self) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut i = 0;
        while let Some(c) = self
            .children(i)
            .max_by_key(|&c| (self.nodes[c].stats.visits, std::cmp::Reverse(c)))
        {
            if let Some(mv) = self.nodes[c].mv {
                line.push(mv);
            }
            i = c;
        }
        line
    }
}

/// Single-observer information-set MCTS for games with hidden information
/// ([`Observable`](board_core::Observable) and [`Determinize`]).
///
/// It searches from a view (what the searcher knows), never from the
/// referee's state: every playout starts from a fresh
/// [`determinize`](Determinize::determinize)d state, and the tree's nodes
/// are the searcher's information sets, reached by moves. A node's moves
/// are those legal in the current determinization; a move's exploration
/// term counts how often it was available. The other options are
/// [`MctsOptions`]' (the solver does not apply), and so are the limits,
/// the seed and the root parallelism: deterministic for a seed without a
/// time limit, with any number of threads.
///
/// ```
/// use board_core::{Game, Observable};
/// use board_search::{Ismcts, Limits, MctsOptions, NoKnowledge};
/// # use board_core::{Determinize, IllegalMove, Outcome, Player, arrayvec::ArrayVec};
/// # use board_core::rand_core::RngCore;
/// # /// Guess the hidden coin: heads (true) or tails.
/// # #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// # struct Coin { heads: bool, guess: Option<bool> }
/// # impl Game for Coin {
/// #     type Move = bool; type MoveList = ArrayVec<bool, 2>; type Error = IllegalMove<bool>;
/// #     fn to_move(&self) -> Player { Player::First }
/// #     fn legal_moves(&self, m: &mut Self::MoveList) { m.clear(); if self.guess.is_none() { m.push(true); m.push(false) } }
/// #     fn play_unchecked(&mut self, g: bool) { self.guess = Some(g) }
/// #     fn play(&mut self, g: bool) -> Result<(), Self::Error> { self.play_unchecked(g); Ok(()) }
/// #     fn outcome(&self) -> Option<Outcome> {
/// #         self.guess.map(|g| if g == self.heads { Outcome::Win(Player::First) } else { Outcome::Win(Player::Second) })
/// #     }
/// # }
/// # impl Observable for Coin { type View = Option<bool>; fn view(&self, _: Player) -> Option<bool> { self.guess } }
/// # impl Determinize for Coin {
/// #     fn determinize<R: RngCore + ?Sized>(v: &Option<bool>, rng: &mut R) -> Coin {
/// #         // A coin that shows heads three times in four.
/// #         Coin { heads: rng.next_u32() % 4 != 0, guess: *v }
/// #     }
/// # }
/// // A biased coin the searcher cannot see: it learns to call heads.
/// let coin = Coin { heads: false, guess: None };
/// let ismcts = Ismcts::new(NoKnowledge, MctsOptions::default());
/// let result = ismcts.search::<Coin>(&coin.view(Player::First), &Limits::playouts(2_000));
/// assert_eq!(result.best_move, Some(true));
/// ```
#[derive(Debug, Clone)]
pub struct Ismcts<E> {
    eval: E,
    options: MctsOptions,
}

monte_carlo_accessors!(Ismcts, IsmctsStrategy);

impl<E> Ismcts<E> {
    /// Searches from `view` (the searcher's, who is to move) within
    /// `limits`.
    pub fn search<G>(&self, view: &G::View, limits: &Limits) -> MctsResult<G::Move>
    where
        G: Determinize + Sync,
        G::View: Sync,
        G::Move: Send,
        E: Evaluator<G> + Sync,
    {
        let start = Instant::now();
        let threads = self.options.threads.max(1);
        let run = |index: usize| {
            let budget = Budget::share(limits, start, threads, index);
            let mut tree = Tree::<G>::new(derive_seed(self.options.seed, index as u64));
            while budget.allows(tree.playouts, tree.nodes.len() as u64) {
                tree.iterate(view, &self.eval, &self.options);
            }
            tree
        };
        let (pv, summaries) = if threads == 1 {
            let tree = run(0);
            (tree.pv(), vec![tree.summary()])
        } else {
            std::thread::scope(|scope| {
                let helpers: Vec<_> = (1..threads)
                    .map(|i| scope.spawn(move || run(i).summary()))
                    .collect();
                let tree = run(0);
                let mut summaries = vec![tree.summary()];
                summaries.extend(helpers.into_iter().filter_map(|h| h.join().ok()));
                (tree.pv(), summaries)
            })
        };
        // The root's moves in the order of one determinization (the
        // searcher's own moves do not depend on what it cannot see in most
        // games; any other move met comes after them).
        let sample = G::determinize(view, &mut SplitMix64::new(self.options.seed));
        merge(
            sample.to_move(),
            sample.moves().as_slice(),
            pv,
            &summaries,
            start,
        )
    }
}

/// [`Ismcts`] within fixed limits, as a [`Strategy`]: given the referee's
/// position, it searches from the view of the side to move alone
/// ([`Observable::view`](board_core::Observable::view)), as the [`Strategy`] contract asks of players of
/// games with hidden information. Each choice draws from a seed derived
/// from the game's seed and the number of moves played.
///
/// ```
/// use board_core::Game;
/// use board_search::{IsmctsStrategy, Limits, MctsOptions, NoKnowledge, Strategy};
/// # use board_core::{Determinize, IllegalMove, Observable, Outcome, Player, arrayvec::ArrayVec};
/// # use board_core::rand_core::RngCore;
/// # #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// # struct Coin { heads: bool, guess: Option<bool> }
/// # impl Game for Coin {
/// #     type Move = bool; type MoveList = ArrayVec<bool, 2>; type Error = IllegalMove<bool>;
/// #     fn to_move(&self) -> Player { Player::First }
/// #     fn legal_moves(&self, m: &mut Self::MoveList) { m.clear(); if self.guess.is_none() { m.push(true); m.push(false) } }
/// #     fn play_unchecked(&mut self, g: bool) { self.guess = Some(g) }
/// #     fn play(&mut self, g: bool) -> Result<(), Self::Error> { self.play_unchecked(g); Ok(()) }
/// #     fn outcome(&self) -> Option<Outcome> {
/// #         self.guess.map(|g| if g == self.heads { Outcome::Win(Player::First) } else { Outcome::Win(Player::Second) })
/// #     }
/// # }
/// # impl Observable for Coin { type View = Option<bool>; fn view(&self, _: Player) -> Option<bool> { self.guess } }
/// # impl Determinize for Coin {
/// #     fn determinize<R: RngCore + ?Sized>(v: &Option<bool>, rng: &mut R) -> Coin {
/// #         Coin { heads: rng.next_u32() % 4 != 0, guess: *v }
/// #     }
/// # }
/// let mut player = IsmctsStrategy::new(NoKnowledge, MctsOptions::default(), Limits::playouts(1_000));
/// // Whatever the coin really shows, the player sees the same and calls heads.
/// for heads in [true, false] {
///     let coin = Coin { heads, guess: None };
///     player.new_game(&coin, 3)?;
///     assert_eq!(player.choose(&coin)?.mv, true);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct IsmctsStrategy<E> {
    search: Ismcts<E>,
    limits: Limits,
    seeds: Seeds,
}

impl<E> IsmctsStrategy<E> {
    /// Searches from `view` with the seed of the next choice and returns the
    /// whole result.
    pub fn think<G>(&mut self, view: &G::View) -> MctsResult<G::Move>
    where
        G: Determinize + Sync,
        G::View: Sync,
        G::Move: Send,
        E: Evaluator<G> + Sync,
    {
        self.search.options.seed = self.seeds.next();
        self.search.search::<G>(view, &self.limits)
    }
}

impl<G, E> Strategy<G> for IsmctsStrategy<E>
where
    G: Determinize + Sync,
    G::View: Sync,
    G::Move: Send,
    E: Evaluator<G> + Sync,
{
    type Error = NoLegalMove;

    fn choose(&mut self, pos: &G) -> Result<Choice<G::Move>, NoLegalMove> {
        if pos.outcome().is_some() {
            return Err(NoLegalMove);
        }
        // The side to move's view, and nothing else, goes into the search.
        let view = pos.view(pos.to_move());
        choice(&self.think::<G>(&view))
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

//! What the Monte Carlo searches share: their options and results, the
//! value of leaves and finished games, the selection rule, the budget of a
//! thread, the merging of the threads' roots, and the seeds of their
//! strategies.

pub(crate) mod ismcts;
pub(crate) mod mcts;

use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

use board_core::{Game, MoveList, Outcome, Player, SplitMix64};

use crate::player::play::derive_seed;
use crate::{Choice, Evaluator, Instant, Limits, NoLegalMove};

/// The playouts of a Monte Carlo search given no limit at all.
pub const DEFAULT_PLAYOUTS: u64 = 10_000;

/// How often (in playouts) a Monte Carlo search reads the clock.
const CLOCK_INTERVAL: u64 = 16;

/// What a new leaf of a Monte Carlo tree is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Playout {
    /// Uniformly random moves from the leaf to the end of the game: its
    /// [`outcome_value`](Evaluator::outcome_value). A game still going
    /// after `max_plies` is worth the evaluator's value there.
    Random {
        /// The most plies of one playout.
        max_plies: u32,
    },
    /// No playout: the leaf is worth the evaluator's value (a finished game
    /// its outcome's).
    Evaluate,
}

/// The switches of [`Mcts`](crate::Mcts) and [`Ismcts`](crate::Ismcts).
#[derive(Debug, Clone, PartialEq)]
pub struct MctsOptions {
    /// The exploration constant: UCB1's `c` in `q + c·√(ln N / n)` (values
    /// `q` are win rates in 0..=1), or PUCT's in `q + c·p·√N / (1 + n)`
    /// with priors. Default 0.7 (about 1/√2, the classic UCT constant for
    /// results in 0..=1; it also played best of 0.5, 0.7, 1.0 and 1.4 in
    /// Connect Four matches against `minimax`'s search).
    pub exploration: f64,
    /// What a new leaf is worth.
    pub playout: Playout,
    /// How evaluations become win rates: `1 / (1 + e^(-v / scale))` for an
    /// evaluation `v`. Default 100 (an evaluation of 100 wins 73 %).
    pub eval_scale: f64,
    /// Priors from the evaluator's [`move_hint`](Evaluator::move_hint)
    /// (a softmax of the hints over
    /// [`prior_temperature`](Self::prior_temperature)), and PUCT selection.
    /// Off: UCB1, every move tried once first, in the game's order.
    pub priors: bool,
    /// The hint difference that makes one move e (2.718) times likelier a
    /// priori than another.
    pub prior_temperature: f64,
    /// MCTS-Solver: finished games and nodes all of whose moves are proven
    /// are proven wins, losses or draws; a proven win is always chosen, a
    /// proven loss never while another move is left, and the search ends
    /// once the root is proven. (With an [`outcome_value`] that has sizes,
    /// a proof counts wins, not their size: turn it off there.)
    ///
    /// [`outcome_value`]: Evaluator::outcome_value
    /// [`Ismcts`](crate::Ismcts) ignores it: a determinization proves
    /// nothing about the information set.
    pub solver: bool,
    /// Threads, each growing its own tree from its own seed (root
    /// parallelism), merged at the root. With playout and node limits (no
    /// time) the result is the same on every run for a seed and a number
    /// of threads.
    pub threads: usize,
    /// The seed of the random choices. Thread `i` draws from
    /// [`derive_seed`](crate::derive_seed)`(seed, i)`.
    pub seed: u64,
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions {
            exploration: 0.7,
            playout: Playout::Random { max_plies: 1000 },
            eval_scale: 100.0,
            priors: false,
            prior_temperature: 1.0,
            solver: true,
            threads: 1,
            seed: 0,
        }
    }
}

impl MctsOptions {
    /// The default options with another seed.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The default options with another number of threads.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }
}

/// An evaluator that knows nothing: every position is worth 0 (a draw),
/// every hint is 0. Monte Carlo search with random playouts needs no more.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoKnowledge;

impl<G: Game> Evaluator<G> for NoKnowledge {
    fn evaluate(&self, _pos: &G) -> i32 {
        0
    }
}

/// What a Monte Carlo search found out about one move of the root.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveStats<M> {
    /// The move.
    pub mv: M,
    /// How often it was played (all threads together).
    pub visits: u64,
    /// Its mean result for the side to move, 0 (lost) to 1 (won).
    pub value: f64,
    /// Its prior (1 / moves without priors).
    pub prior: f64,
    /// The outcome it leads to, if the solver proved it.
    pub proven: Option<Outcome>,
}

/// The result of a Monte Carlo search.
#[derive(Debug, Clone, PartialEq)]
pub struct MctsResult<M> {
    /// The chosen move: a proven win, else the most played move that is
    /// not a proven loss; `None` only when the root has no move.
    pub best_move: Option<M>,
    /// Its mean result for the side to move, 0 (lost) to 1 (won); exactly
    /// 1, 0.5 or 0 when proven.
    pub value: f64,
    /// The root's outcome, if the solver proved it.
    pub proven: Option<Outcome>,
    /// Every move of the root, in the game's order.
    pub moves: Vec<MoveStats<M>>,
    /// The most played line from the root (of the first thread's tree).
    pub pv: Vec<M>,
    /// Playouts (iterations) of all threads.
    pub playouts: u64,
    /// Tree nodes of all threads.
    pub nodes: u64,
    /// The deepest tree node, in plies from the root.
    pub depth: u32,
    /// Time spent.
    pub elapsed: Duration,
}

impl<M> MctsResult<M> {
    /// Playouts per second.
    #[must_use]
    pub fn playouts_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.playouts as f64 / secs
        } else {
            0.0
        }
    }
}

/// The win rate of an evaluation `v` for the player it is from.
#[inline]
pub(crate) fn win_rate(v: i32, scale: f64) -> f64 {
    1.0 / (1.0 + (-f64::from(v) / scale).exp())
}

/// The result of a finished game, `0..=1`, for [`Player::First`].
#[inline]
pub(crate) fn outcome_reward<G: Game, E: Evaluator<G>>(eval: &E, pos: &G, outcome: Outcome) -> f64 {
    let v = eval.outcome_value(pos, outcome).clamp(-1.0, 1.0);
    for_first(pos.to_move(), (v + 1.0) / 2.0)
}

/// A result of `player` as the first player's.
#[inline]
pub(crate) fn for_first(player: Player, reward: f64) -> f64 {
    match player {
        Player::First => reward,
        Player::Second => 1.0 - reward,
    }
}

/// The result, for [`Player::First`], of a leaf `pos` that is not over.
pub(crate) fn leaf_reward<G: Game, E: Evaluator<G>>(
    pos: &mut G,
    eval: &E,
    options: &MctsOptions,
    rng: &mut SplitMix64,
    moves: &mut G::MoveList,
) -> f64 {
    if let Playout::Random { max_plies } = options.playout {
        for _ in 0..max_plies {
            if let Some(outcome) = pos.outcome() {
                return outcome_reward(eval, pos, outcome);
            }
            pos.legal_moves(moves);
            let list = moves.as_slice();
            if list.is_empty() {
                break;
            }
            let mv = list[rng.below(list.len() as u64) as usize];
            pos.play_unchecked(mv);
        }
    }
    match pos.outcome() {
        Some(outcome) => outcome_reward(eval, pos, outcome),
        None => {
            let v = eval.evaluate(pos).clamp(-crate::MAX_EVAL, crate::MAX_EVAL);
            for_first(pos.to_move(), win_rate(v, options.eval_scale))
        }
    }
}

/// Softmax priors of the hints of `moves` in `pos`, into `out`.
pub(crate) fn priors<G: Game, E: Evaluator<G>>(
    eval: &E,
    pos: &G,
    moves: &[G::Move],
    temperature: f64,
    out: &mut Vec<f64>,
) {
    out.clear();
    out.extend(moves.iter().map(|&mv| f64::from(eval.move_hint(pos, mv))));
    let t = if temperature > 0.0 { temperature } else { 1.0 };
    let max = out.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut sum = 0.0;
    for p in out.iter_mut() {
        *p = ((*p - max) / t).exp();
        sum += *p;
    }
    for p in out.iter_mut() {
        *p /= sum;
    }
}

/// What one thread may still do.
pub(crate) struct Budget<'a> {
    pub(crate) playouts: u64,
    pub(crate) nodes: u64,
    pub(crate) deadline: Option<Instant>,
    pub(crate) stop: Option<&'a AtomicBool>,
}

impl Budget<'_> {
    /// The budget of thread `index` of `threads`: its share of the playout
    /// and node limits, the whole clock and stop flag.
    pub(crate) fn share(
        limits: &Limits,
        start: Instant,
        threads: usize,
        index: usize,
    ) -> Budget<'_> {
        let split = |total: u64| {
            let t = threads as u64;
            total / t + u64::from((index as u64) < total % t)
        };
        let unlimited = limits.playouts.is_none()
            && limits.nodes.is_none()
            && limits.time.is_none()
            && limits.stop.is_none();
        let playouts = match limits.playouts {
            Some(p) => split(p),
            None if unlimited => split(DEFAULT_PLAYOUTS),
            None => u64::MAX,
        };
        Budget {
            playouts,
            nodes: limits.nodes.map_or(u64::MAX, split),
            deadline: limits.time.and_then(|t| start.checked_add(t)),
            stop: limits.stop.as_ref().map(|s| s.atomic()),
        }
    }

    /// Whether the `done`-th playout may start, with `nodes` in the tree.
    #[inline]
    pub(crate) fn allows(&self, done: u64, nodes: u64) -> bool {
        if done >= self.playouts || nodes >= self.nodes {
            return false;
        }
        if self.stop.is_some_and(|s| s.load(Relaxed)) {
            return false;
        }
        !(done.is_multiple_of(CLOCK_INTERVAL) && self.deadline.is_some_and(|d| Instant::now() >= d))
    }
}

/// The statistics of one tree node, from the point of view of the player
/// who played the move into it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Stats {
    pub(crate) visits: u32,
    pub(crate) wins: f64,
}

impl Stats {
    pub(crate) const NEW: Stats = Stats {
        visits: 0,
        wins: 0.0,
    };
}

/// The selection value of a child with `stats` and `prior` below a node
/// with `parent` visits (UCB1, or PUCT with priors); `f64::INFINITY` for an
/// untried child without priors.
#[inline]
pub(crate) fn selection_value(stats: Stats, prior: f64, parent: u32, options: &MctsOptions) -> f64 {
    let n = f64::from(stats.visits);
    if options.priors {
        let q = if stats.visits == 0 {
            0.5
        } else {
            stats.wins / n
        };
        q + options.exploration * prior * f64::from(parent).sqrt() / (1.0 + n)
    } else if stats.visits == 0 {
        f64::INFINITY
    } else {
        stats.wins / n + options.exploration * (f64::from(parent.max(1)).ln() / n).sqrt()
    }
}

/// The rank of an outcome for `player`: a win above a draw above a loss.
#[inline]
pub(crate) fn rank(outcome: Outcome, player: Player) -> u8 {
    match outcome {
        Outcome::Win(p) if p == player => 2,
        Outcome::Draw => 1,
        Outcome::Win(_) => 0,
    }
}

/// Chooses among merged root statistics: a proven win first, else the most
/// visited move that is not a proven loss (ties: the better value, then
/// the earlier move).
pub(crate) fn choose<M: Copy>(moves: &[MoveStats<M>], me: Player) -> Option<usize> {
    let key = |s: &MoveStats<M>| {
        let proof = s.proven.map_or(1, |o| rank(o, me));
        let proof = match proof {
            2 => 2,
            0 => 0,
            _ => 1,
        };
        (proof, s.visits, s.value)
    };
    let mut best: Option<usize> = None;
    for (i, s) in moves.iter().enumerate() {
        if best.is_none_or(|b| {
            let (a, b) = (key(s), key(&moves[b]));
            a.0 > b.0 || (a.0 == b.0 && (a.1 > b.1 || (a.1 == b.1 && a.2 > b.2)))
        }) {
            best = Some(i);
        }
    }
    best
}

/// The constructor and accessors of a Monte Carlo searcher (a struct with
/// fields `eval` and `options`), and of its strategy (fields `search` and
/// `limits`).
macro_rules! monte_carlo_accessors {
    ($searcher:ident, $strategy:ident) => {
        impl<E> $searcher<E> {
            /// A searcher with `eval` and `options`.
            pub fn new(eval: E, options: MctsOptions) -> Self {
                $searcher { eval, options }
            }

            /// The options.
            pub fn options(&self) -> &MctsOptions {
                &self.options
            }

            /// The options, to change them between searches.
            pub fn options_mut(&mut self) -> &mut MctsOptions {
                &mut self.options
            }

            /// The evaluator.
            pub fn evaluator(&self) -> &E {
                &self.eval
            }
        }

        impl<E> $strategy<E> {
            /// A strategy searching with `eval` and `options` within
            /// `limits`. The seed of `options` is mixed into every game's
            /// seed.
            pub fn new(eval: E, options: MctsOptions, limits: Limits) -> Self {
                $strategy {
                    seeds: $crate::monte_carlo::Seeds::new(options.seed),
                    search: $searcher::new(eval, options),
                    limits,
                }
            }

            /// The searcher.
            pub fn search(&self) -> &$searcher<E> {
                &self.search
            }

            /// The limits of every choice.
            pub fn limits(&self) -> &Limits {
                &self.limits
            }
        }
    };
}
pub(crate) use monte_carlo_accessors;

/// One root move in one thread's tree.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RootChild {
    pub(crate) visits: u64,
    /// The sum of its results for the side to move at the root.
    pub(crate) wins: f64,
    pub(crate) prior: f64,
    pub(crate) proven: Option<Outcome>,
}

/// What one thread's tree knows of the root, for merging: its root moves
/// (each named by a `K`, a move or its index) and counters.
pub(crate) struct Summary<K> {
    pub(crate) children: Vec<(K, RootChild)>,
    pub(crate) proven: Option<Outcome>,
    pub(crate) playouts: u64,
    pub(crate) nodes: u64,
    pub(crate) depth: u32,
}

impl<K> Summary<K> {
    /// The same summary with its moves named otherwise.
    pub(crate) fn map<L>(self, mut f: impl FnMut(K) -> L) -> Summary<L> {
        Summary {
            children: self.children.into_iter().map(|(k, c)| (f(k), c)).collect(),
            proven: self.proven,
            playouts: self.playouts,
            nodes: self.nodes,
            depth: self.depth,
        }
    }
}

/// The root statistics of every thread, added up, and the choice of `me`,
/// the side to move. The moves come in the order of `base` (the root's
/// legal moves), then any other move a thread met, in order.
pub(crate) fn merge<M: Copy + PartialEq>(
    me: Player,
    base: &[M],
    pv: Vec<M>,
    summaries: &[Summary<M>],
    start: Instant,
) -> MctsResult<M> {
    let new = |mv: M| MoveStats {
        mv,
        visits: 0,
        value: 0.0,
        prior: 0.0,
        proven: None,
    };
    let mut moves: Vec<MoveStats<M>> = base.iter().map(|&mv| new(mv)).collect();
    let mut wins = vec![0.0; moves.len()];
    for summary in summaries {
        for &(mv, c) in &summary.children {
            let k = moves.iter().position(|s| s.mv == mv).unwrap_or_else(|| {
                moves.push(new(mv));
                wins.push(0.0);
                moves.len() - 1
            });
            let s = &mut moves[k];
            s.visits += c.visits;
            wins[k] += c.wins;
            s.prior = c.prior;
            s.proven = s.proven.or(c.proven);
        }
    }
    for (s, w) in moves.iter_mut().zip(&wins) {
        s.value = match s.proven {
            Some(o) => f64::from(rank(o, me)) / 2.0,
            None if s.visits > 0 => w / s.visits as f64,
            None => 0.0,
        };
    }
    let best = choose(&moves, me);
    MctsResult {
        best_move: best.map(|i| moves[i].mv),
        value: best.map_or(0.0, |i| moves[i].value),
        proven: summaries.iter().find_map(|s| s.proven),
        pv,
        playouts: summaries.iter().map(|s| s.playouts).sum(),
        nodes: summaries.iter().map(|s| s.nodes).sum(),
        depth: summaries.iter().map(|s| s.depth).max().unwrap_or(0),
        elapsed: start.elapsed(),
        moves,
    }
}

/// The seeds of a Monte Carlo strategy's choices: one per ply of a game,
/// derived from the game's seed and the strategy's own.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Seeds {
    own: u64,
    game: u64,
    plies: u64,
}

impl Seeds {
    pub(crate) fn new(own: u64) -> Self {
        Seeds {
            own,
            game: own,
            plies: 0,
        }
    }

    /// A new game with `seed`.
    pub(crate) fn new_game(&mut self, seed: u64) {
        self.game = seed;
        self.plies = 0;
    }

    /// A move was played.
    pub(crate) fn played(&mut self) {
        self.plies += 1;
    }

    /// The seed of the next choice.
    pub(crate) fn next(&self) -> u64 {
        derive_seed(self.game ^ self.own.rotate_left(17), self.plies)
    }
}

/// The choice of a Monte Carlo result: the move, its value in per mille,
/// the tree's depth and the playouts.
pub(crate) fn choice<M: Copy>(result: &MctsResult<M>) -> Result<Choice<M>, NoLegalMove> {
    Ok(Choice {
        mv: result.best_move.ok_or(NoLegalMove)?,
        score: Some((result.value * 1000.0).round() as i32),
        depth: result.depth,
        nodes: result.playouts,
    })
}

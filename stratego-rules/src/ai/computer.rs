//! The computer player: a [`Level`], a [`Tracker`] per side it plays, and
//! expectimax over the belief game. It implements
//! [`board_search::Strategy`] for the referee [`Position`], deciding from
//! the view of the side to move alone, and can also be driven by views and
//! public moves only (a program in another referee, such as the UCC 2012
//! manager).

use std::collections::HashMap;

use board_core::{ByPlayer, Observable, Player, SplitMix64};
use board_search::{Choice, Expectimax, ExpectimaxOptions, Limits, NoLegalMove, Strategy};

use super::{
    BeliefGame, BeliefMove, BeliefOptions, Eval, EvalWeights, GameOptions, Greedy, Level,
    NoisyMoves, SetupPrior, SetupSource, Tracker, limits, search_options,
};
use crate::shuttle::Shuttle;
use crate::{Army, Deployment, Move, MoveList, ObserveError, Position, PublicMove, View, cell};

/// Everything a [`Computer`] decides by: its budget and the knobs of its
/// belief, belief game, evaluation and search.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The search limits of every move (use depth and nodes, not time, to
    /// stay deterministic).
    pub limits: Limits,
    /// The expectimax options.
    pub search: ExpectimaxOptions,
    /// How the belief weighs its soft evidence.
    pub belief: BeliefOptions,
    /// The belief game's options.
    pub game: GameOptions,
    /// The evaluation's weights.
    pub eval: EvalWeights,
    /// The moves of quiescence.
    pub noisy: NoisyMoves,
    /// Where the rules have no two-square rule (UCC 2012), the computer
    /// keeps to this one for its own moves, so that it makes progress
    /// instead of shuttling: a move beyond it costs
    /// [`restraint_penalty`](Self::restraint_penalty).
    pub own_two_square: Option<u8>,
    /// The cost (in evaluation units) of a move beyond the own two-square
    /// limit, and of a move recreating a position the computer has already
    /// left, per time it left it.
    pub restraint_penalty: f64,
    /// The setup prior of the belief, in place of the embedded one of the
    /// game's army (for example one [adapted](SetupPrior::adapted) to an
    /// opponent's habits). A prior of another army than the game's is not
    /// used.
    pub prior: Option<SetupPrior>,
    /// Whether the belief game's enemy model follows what the enemy's
    /// attacks in the game so far have shown
    /// ([`Conduct::adjust`](super::Conduct::adjust) on [`game`](Self::game));
    /// `false` keeps `game` for the whole game. On for `max` only.
    pub adapt_enemy_model: bool,
}

impl Settings {
    /// The settings of a searching level.
    #[must_use]
    pub fn for_level(level: Level) -> Settings {
        Settings {
            limits: limits(level),
            search: search_options(level),
            belief: BeliefOptions::default(),
            game: GameOptions::default(),
            eval: EvalWeights::default(),
            noisy: NoisyMoves::default(),
            own_two_square: Some(3),
            restraint_penalty: 300.0,
            prior: None,
            adapt_enemy_model: level == Level::Max,
        }
    }
}

/// What the computer thought about a move.
#[derive(Debug, Clone, PartialEq)]
pub struct Thought {
    /// The move.
    pub mv: Move,
    /// Its expected value for the mover (in evaluation units, ±[`BOUND`](super::BOUND)
    /// for a decided game); 0 when the move was forced.
    pub score: f64,
    /// The depth of the last completed iteration (0: no search).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line, chance outcomes included.
    pub pv: Vec<BeliefMove>,
}

/// What a side remembers of its own moves: the two-square series it keeps
/// to, and how often it left each position.
#[derive(Debug, Clone, Default)]
struct Restraint {
    shuttle: Shuttle,
    seen: HashMap<u64, u8>,
}

/// The Stratego computer player.
///
/// ```
/// use board_core::{Game, Observable, Player};
/// use board_search::Strategy;
/// use stratego_rules::ai::{Computer, Level};
/// use stratego_rules::{predefined, Army, Position, Rules, Setup};
///
/// let d = predefined();
/// let game = Position::from_setup(
///     Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1),
///     Rules::default(),
/// )?;
/// let mut computer = Computer::new(Level::Medium);
/// computer.new_game(&game, 7)?;
/// let choice = computer.choose(&game)?;
/// assert!(game.is_legal(choice.mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Computer {
    level: Level,
    settings: Settings,
    search: Expectimax<BeliefGame, Eval>,
    trackers: ByPlayer<Option<Tracker>>,
    restraint: ByPlayer<Restraint>,
    last_own: ByPlayer<Option<Move>>,
    rng: SplitMix64,
    greedy: Greedy,
    setups: SetupSource,
}

impl core::fmt::Debug for Computer {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Computer")
            .field("level", &self.level)
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

impl Computer {
    /// The computer at `level`.
    #[must_use]
    pub fn new(level: Level) -> Computer {
        Computer::with_settings(level, Settings::for_level(level))
    }

    /// A searching computer with its own limits (use depth or node limits
    /// to stay deterministic) and evaluation, and `hard`'s other settings.
    ///
    /// ```
    /// use board_search::Limits;
    /// use stratego_rules::ai::{Computer, Eval};
    /// let computer = Computer::with_eval(Limits::depth(2), Eval::default());
    /// assert_eq!(computer.settings().limits.depth, Some(2));
    /// ```
    #[must_use]
    pub fn with_eval(limits: Limits, eval: Eval) -> Computer {
        let settings = Settings {
            limits,
            eval: eval.weights,
            noisy: eval.noisy,
            ..Settings::for_level(Level::Hard)
        };
        Computer::with_settings(Level::Hard, settings)
    }

    /// A computer with its own settings (the level names it and decides
    /// whether it searches at all: `easy` plays one greedy ply).
    #[must_use]
    pub fn with_settings(level: Level, settings: Settings) -> Computer {
        let eval = Eval {
            weights: settings.eval.clone(),
            noisy: settings.noisy,
        };
        Computer {
            level,
            search: Expectimax::with_options(eval, settings.search.clone()),
            settings,
            trackers: ByPlayer::default(),
            restraint: ByPlayer::default(),
            last_own: ByPlayer::default(),
            rng: SplitMix64::new(0),
            greedy: Greedy::new(0),
            setups: SetupSource::Predefined,
        }
    }

    /// Draws the computer's setups from `setups` (default: the predefined
    /// ones).
    #[must_use]
    pub fn with_setups(mut self, setups: SetupSource) -> Computer {
        self.setups = setups;
        self
    }

    /// The level.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Adds a wall-clock cap to every search (or removes it): a safety
    /// valve for a program playing under a clock on a loaded machine. The
    /// level's budget stays the rule; when the cap stops a search first,
    /// the move depends on the machine's speed.
    pub fn set_time_cap(&mut self, cap: Option<std::time::Duration>) {
        self.settings.limits.time = cap;
    }

    /// Sets the setup prior of the belief ([`Settings::prior`]; `None`:
    /// the embedded one).
    pub fn set_prior(&mut self, prior: Option<SetupPrior>) {
        self.settings.prior = prior;
    }

    /// A deployment for a new game, drawn from the computer's setup source
    /// with its generator (seeded by [`start`](Computer::start) or
    /// [`new_game`](Strategy::new_game)).
    pub fn setup(&mut self, army: Army) -> Deployment {
        self.setups.draw(army, &mut self.rng)
    }

    /// Reseeds the computer's generator (setups, tie-breaks) without
    /// starting a game.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = SplitMix64::new(seed ^ 0x5EED_57A7_E60A_1234);
        self.greedy = Greedy::new(seed);
    }

    /// Starts a game for the viewer of `view` (its view at the start, or
    /// any later view: the tracker then knows only what that view tells).
    pub fn start(&mut self, view: &View) {
        let side = view.viewer();
        self.trackers[side] = Some(Tracker::new(view));
        self.restraint[side] = Restraint::default();
        self.last_own[side] = None;
    }

    /// The view the computer keeps for `side`, if it follows that side.
    #[must_use]
    pub fn view(&self, side: Player) -> Option<&View> {
        self.trackers[side].as_ref().map(Tracker::view)
    }

    /// The tracker of `side`, if the computer follows that side.
    #[must_use]
    pub fn tracker(&self, side: Player) -> Option<&Tracker> {
        self.trackers[side].as_ref()
    }

    /// Records in `side`'s tracker that the enemy piece on `sq` is of
    /// `rank` (the Flag `side` just captured).
    pub(crate) fn saw(&mut self, side: Player, sq: crate::Square, rank: crate::Rank) {
        if let Some(t) = &mut self.trackers[side] {
            t.saw(sq, rank);
        }
    }

    /// Follows a public move in every side's tracker. A move that
    /// contradicts a tracked view is rejected and changes nothing.
    pub fn observe(&mut self, public: PublicMove) -> Result<(), ObserveError> {
        // Check every tracker first, so that a rejected move changes none.
        let mut next = self.trackers.clone();
        let mut mover = None;
        for side in Player::ALL {
            if let Some(t) = &mut next[side] {
                mover = Some(t.view().to_move());
                t.observe(public)?;
            }
        }
        if let Some(m) = mover {
            self.remember(m, public, &next);
        }
        self.trackers = next;
        Ok(())
    }

    /// Records an own move of `side` for its restraint.
    fn remember(&mut self, side: Player, public: PublicMove, trackers: &ByPlayer<Option<Tracker>>) {
        let Some(t) = &trackers[side] else { return };
        let r = &mut self.restraint[side];
        r.shuttle = if public.battle.is_some() {
            Shuttle::default()
        } else {
            r.shuttle
                .next(public.mv.from.index() as u8, public.mv.to.index() as u8)
        };
        *r.seen.entry(digest(&t.view().board)).or_default() += 1;
        self.last_own[side] = Some(public.mv);
    }

    /// The move for the viewer of `view` (it must be that side's turn), or
    /// `None` when it has none. The computer catches up with the view
    /// first (from the moves it observed, or by finding the moves since
    /// the last view it saw).
    pub fn think(&mut self, view: &View) -> Option<Thought> {
        let side = view.viewer();
        match &mut self.trackers[side] {
            Some(t) => {
                // A lost track restarts from the view; nothing else to do.
                let _ = t.sync(view, self.last_own[side]);
            }
            None => self.start(view),
        }
        if view.to_move() != side {
            return None;
        }
        let mut legal = MoveList::new();
        view.legal_moves(&mut legal);
        if legal.is_empty() {
            return None;
        }
        if legal.len() == 1 {
            return Some(Thought {
                mv: legal[0],
                score: 0.0,
                depth: 0,
                nodes: 0,
                pv: vec![BeliefMove::Play(legal[0])],
            });
        }
        if self.level == Level::Easy {
            let mv = self.greedy.choose_in_view(view)?;
            return Some(Thought {
                mv,
                score: 0.0,
                depth: 1,
                nodes: legal.len() as u64,
                pv: vec![BeliefMove::Play(mv)],
            });
        }
        let bias = self.biases(view, &legal);
        let tracker = self.trackers[side].as_ref()?;
        let options = &self.settings.belief;
        let belief = match &self.settings.prior {
            // A prior of another army is not used.
            Some(prior) => tracker
                .belief_with_prior(prior, options)
                .unwrap_or_else(|_| tracker.belief(options)),
            None => tracker.belief(options),
        };
        // The enemy model: the settings', or what the enemy's attacks so
        // far support.
        let game = if self.settings.adapt_enemy_model {
            tracker.conduct().adjust(self.settings.game)
        } else {
            self.settings.game
        };
        // The belief game applies the more-squares rule at the root only
        // through the view's moves.
        let root = if view.rules().more_squares {
            BeliefGame::with_root_moves(&belief, game, &legal)
        } else {
            BeliefGame::new(&belief, game)
        };
        let bias: Vec<(BeliefMove, f64)> = bias
            .into_iter()
            .map(|(m, b)| (BeliefMove::Play(m), b))
            .collect();
        self.search.clear();
        let r = self
            .search
            .search_with_root_bias(&root, &self.settings.limits, &bias);
        let mv = match r.best_move {
            Some(BeliefMove::Play(m)) if legal.contains(&m) => m,
            _ => legal[0],
        };
        Some(Thought {
            mv,
            score: r.score,
            depth: r.depth,
            nodes: r.nodes,
            pv: r.pv,
        })
    }

    /// The cost of each legal move the computer would rather not play:
    /// without the two-square rule, those beyond its own limit, and those
    /// that recreate a position it has left before.
    fn biases(&self, view: &View, legal: &MoveList) -> Vec<(Move, f64)> {
        let side = view.viewer();
        let r = &self.restraint[side];
        let penalty = self.settings.restraint_penalty;
        let mut out = Vec::new();
        for &m in legal {
            if view.piece_at(m.to).is_some() {
                continue;
            }
            let mut cost = 0.0;
            if view.rules().two_square.is_none()
                && let Some(limit) = self.settings.own_two_square
                && r.shuttle
                    .next(m.from.index() as u8, m.to.index() as u8)
                    .count
                    > limit
            {
                cost += penalty;
            }
            let mut board = view.board;
            let (f, t) = (m.from.index(), m.to.index());
            board[t] = board[f];
            board[f] = cell::EMPTY;
            cost += penalty * f64::from(r.seen.get(&digest(&board)).copied().unwrap_or(0));
            if cost > 0.0 {
                out.push((m, cost));
            }
        }
        out
    }
}

/// A digest of which pieces (owner and rank as the viewer knows it) stand
/// where.
fn digest(board: &[u8; 100]) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    for &c in board {
        let code = if c == cell::EMPTY {
            0
        } else {
            u64::from(c & (cell::OCCUPIED | cell::BLUE | cell::RANK))
        };
        h = (h ^ code).wrapping_mul(0x0100_0000_01B3);
    }
    h
}

impl Strategy<Position> for Computer {
    type Error = NoLegalMove;

    /// The move for the side to move, from that side's view alone.
    fn choose(&mut self, pos: &Position) -> Result<Choice<Move>, NoLegalMove> {
        let view = pos.view(board_core::Game::to_move(pos));
        let t = self.think(&view).ok_or(NoLegalMove)?;
        Ok(Choice {
            mv: t.mv,
            score: Some(t.score.round() as i32),
            depth: t.depth,
            nodes: t.nodes,
        })
    }

    fn new_game(&mut self, start: &Position, seed: u64) -> Result<(), NoLegalMove> {
        self.reseed(seed);
        for side in Player::ALL {
            self.start(&start.view(side));
        }
        Ok(())
    }

    /// Follows the move by what both sides saw of it.
    fn played(&mut self, before: &Position, mv: Move, after: &Position) -> Result<(), NoLegalMove> {
        let public = before.public_move(mv);
        if self.observe(public).is_err() {
            for side in Player::ALL {
                self.start(&after.view(side));
            }
        }
        Ok(())
    }
}

//! The belief game: the game as one player can search it, built from its
//! [`Belief`]. It implements [`Stochastic`] and [`ZobristHash`], so
//! `board-search`'s [`Expectimax`](board_search::Expectimax) searches it.
//!
//! # The model
//!
//! - The viewer's own pieces have their ranks. Enemy pieces the viewer has
//!   identified have theirs. Every other enemy piece is an unknown piece
//!   with the belief's distribution over ranks.
//! - An attack by or on an unknown piece is a **chance node** over the
//!   ranks that piece may have; in each branch that rank is then known and
//!   the battle is fought by the combat table. The probabilities are the
//!   belief's, conditioned on what the search has learned since the root:
//!   a rank's weight is scaled by the share of its unlocated pieces not yet
//!   identified along the path (so the search never finds more Marshals
//!   than the opponent has), and a piece that moved in the search is no
//!   Bomb or Flag.
//! - **Which enemy pieces may move**: every known movable piece by its
//!   rank; every unknown piece that may have a movable rank (any moved
//!   piece, and an unmoved one unless the belief is certain it is a Bomb or
//!   the Flag). They step one square; an unknown piece that may be a Scout
//!   may also move along a line as a Scout does — by default only to
//!   attack ([`ScoutMoves`]).
//! - **What a move reveals**: a step of an unknown piece makes it a moved
//!   piece (no Bomb or Flag from then on); a long move makes it a known
//!   Scout; a battle makes both ranks known.
//! - The opponent is modelled as knowing the viewer's ranks (a cautious
//!   assumption: the search does not count on bluffs), and as choosing the
//!   move best for it; the evaluation values the viewer's unrevealed ranks
//!   instead ([`Eval`](crate::ai::Eval)). Its attacks on pieces
//!   it has not identified are those of a prudent player by default
//!   ([`EnemyAttacks::Prudent`]): it probes them with cheap pieces, and
//!   risks a valuable piece the viewer knows (a Miner, the Spy, a Major or
//!   higher) only where no rank it can suspect there beats it, so that an
//!   unrevealed piece of the viewer is not scored as lost to a known enemy
//!   piece that could not know it wins ([`EnemyAttacks::Gambling`] lets
//!   such a piece attack when the material it can expect is positive).
//! - The rules are the view's: range attacks, the two-square rule for both
//!   sides, the move limits. The more-squares rule is applied to the moves
//!   at the root only (the view's legal moves).

use core::fmt;
use std::sync::Arc;

use arrayvec::ArrayVec;
use board_core::{
    ByPlayer, Game, IllegalMove, Outcome, Player, Stochastic, ZobristHash, zobrist_keys,
};

use crate::ai::Belief;
use crate::ai::greedy::expected_gain_over;
use crate::cell::{self, Cell};
use crate::movegen::{self, GenRules, MAX_MOVES, SideMasks};
use crate::position::early_end;
use crate::shuttle::Shuttle;
use crate::{Battle, Move, Rank, Rules, Square, battle};

/// A move of the belief game: a player's move, or chance naming the rank
/// of the unknown piece in the pending battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BeliefMove {
    /// A player's move.
    Play(Move),
    /// Chance: the unknown piece of the pending battle has this rank.
    Reveal(Rank),
}

impl fmt::Display for BeliefMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BeliefMove::Play(m) => write!(f, "{m}"),
            BeliefMove::Reveal(r) => write!(f, "={r}"),
        }
    }
}

/// Which long moves the search gives an enemy piece of unknown rank that
/// may be a Scout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ScoutMoves {
    /// Every long move.
    All,
    /// Only long moves that end in an attack (the default: a Scout's long
    /// moves onto empty squares change little within a short search and
    /// would multiply the opponent's moves).
    #[default]
    Attacks,
    /// None: unknown pieces only step.
    None,
}

/// How the enemy attacks the viewer's pieces whose rank it has not seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum EnemyAttacks {
    /// As if it knew them: the enemy sees the viewer's ranks, so it makes
    /// every attack that pays for it, and none that does not.
    Informed,
    /// The enemy risks only cheap pieces on a piece it has not identified:
    /// a piece of the enemy's whose rank the viewer knows, if it is a
    /// Miner, the Spy or a Major or higher, attacks such a piece only when
    /// every rank the enemy can suspect there loses to it (the ranks of the
    /// viewer's pieces it has not seen, no Bomb or Flag once the piece has
    /// moved). Its Scouts, Sergeants, Lieutenants and Captains probe, its
    /// pieces the viewer does not know attack as `Informed`.
    #[default]
    Prudent,
    /// The enemy gambles as the greedy player does: a piece of the
    /// enemy's whose rank the viewer knows, if it is a Miner, the Spy or a
    /// Major or higher, attacks a piece it has not identified only when
    /// the material it can expect from the attack is positive, over the
    /// viewer's pieces it has not seen (no Bomb or Flag once the piece has
    /// moved), with [`Greedy`](crate::ai::Greedy)'s piece values. Its other
    /// pieces attack as under `Prudent`.
    Gambling,
}

/// The options of a [`BeliefGame`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOptions {
    /// Long moves of unknown pieces.
    pub scout_moves: ScoutMoves,
    /// The enemy's attacks on pieces it has not identified.
    pub enemy_attacks: EnemyAttacks,
    /// When a Colonel, General or Marshal of the viewer attacks an unmoved
    /// piece, the percentage of that piece's Flag probability the search
    /// counts on (the rest goes to its other ranks in proportion; 100 takes
    /// the belief as it is). The search attacks the pieces whose Flag
    /// chance looks highest, so the chances it acts on are the belief's
    /// overestimates, and a high piece lost on a Bomb is costly. The
    /// default, 25, lost fewer high pieces on Bombs against the 2012 bots
    /// (see the crate README).
    pub high_attack_flag_percent: u8,
    /// When an unknown enemy piece attacks a piece of the viewer the enemy
    /// has identified, the percentage of their probability the ranks that
    /// would lose that battle keep (ties keep the mean of it and 100; 100
    /// takes the belief as it is): the enemy knows both ranks and attacks
    /// mostly when it wins. The default is 100: the bots the computer was
    /// measured against do not always know what they attack.
    pub informed_attack_percent: u8,
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions {
            scout_moves: ScoutMoves::default(),
            enemy_attacks: EnemyAttacks::default(),
            high_attack_flag_percent: 25,
            informed_attack_percent: 100,
        }
    }
}

/// The buffer of a belief game's moves.
pub type BeliefMoveList = ArrayVec<BeliefMove, MAX_MOVES>;
/// The buffer of a chance node's outcomes.
pub type BeliefChanceList = ArrayVec<(BeliefMove, f64), 12>;

const NO_PENDING: u8 = u8::MAX;

/// What every node of one search shares: the rules, the root's belief.
#[derive(Debug)]
pub(crate) struct Shared {
    pub viewer: Player,
    pub rules: Rules,
    pub options: GameOptions,
    /// Per unknown piece: its distribution at the root.
    pub base: Vec<[f64; 12]>,
    /// Per unknown piece: its distribution given that it moves.
    pub moved_base: Vec<[f64; 12]>,
    /// The unlocated counts at the root.
    pub root_unlocated: [u8; 12],
    /// Per unknown piece: whether it may move / may be a Scout.
    pub can_move: Vec<bool>,
    pub can_scout: Vec<bool>,
    /// The unmoved unknown pieces at the root, likeliest Flag first:
    /// (square, piece index, probability of the Flag).
    pub flag_candidates: Vec<(u8, u8, f64)>,
    /// The root's ply, and the only moves the viewer may make there (if
    /// restricted).
    pub root_ply: u32,
    pub root_moves: Option<Vec<Move>>,
}

/// The game as the viewer of a [`Belief`] can search it (see the module
/// documentation for the model).
///
/// ```
/// use board_core::{Game, Observable, Player, Stochastic};
/// use stratego_rules::ai::{Belief, BeliefGame, BeliefMove, BeliefOptions, GameOptions};
/// use stratego_rules::{predefined, Army, Position, Rules, Setup};
///
/// let d = predefined();
/// let game = Position::from_setup(
///     Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1),
///     Rules::default(),
/// )?;
/// let belief = Belief::new(&game.view(Player::First), &BeliefOptions::default());
/// let mut search_root = BeliefGame::new(&belief, GameOptions::default());
/// // The viewer's moves are exactly its legal moves.
/// assert_eq!(search_root.moves().len(), game.moves().len());
/// // A Scout's long move straight into Blue's front row is an attack on an
/// // unknown piece: a chance node over its ranks.
/// search_root.play(BeliefMove::Play("a4-a7".parse()?))?;
/// assert!(search_root.is_chance_node());
/// let mut outcomes = Default::default();
/// search_root.chance_outcomes(&mut outcomes);
/// let total: f64 = outcomes.iter().map(|o: &(BeliefMove, f64)| o.1).sum();
/// assert!((total - 1.0).abs() < 1e-9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct BeliefGame {
    board: [Cell; 100],
    /// The unknown piece index of each square (for unknown enemy pieces).
    id: [u8; 100],
    masks: ByPlayer<SideMasks>,
    /// The unknown enemy pieces currently in `masks[enemy].scouts`.
    unknown_scouts: u128,
    to_move: Player,
    pending_from: u8,
    pending_to: u8,
    counts: ByPlayer<[u8; 12]>,
    unlocated: [u8; 12],
    shuttle: ByPlayer<Shuttle>,
    ply: u32,
    quiet: u32,
    hash: u64,
    shared: Arc<Shared>,
}

impl PartialEq for BeliefGame {
    /// Equal boards, side to move, pending battle, counts and rule state
    /// (the shared root data is compared by identity).
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.id == other.id
            && self.to_move == other.to_move
            && (self.pending_from, self.pending_to) == (other.pending_from, other.pending_to)
            && self.counts == other.counts
            && self.unlocated == other.unlocated
            && self.shuttle == other.shuttle
            && self.ply == other.ply
            && self.quiet == other.quiet
            && Arc::ptr_eq(&self.shared, &other.shared)
    }
}

static CELL_KEYS: [u64; 100 * 128] = zobrist_keys(0xBE11_EF00_0001);
static ID_KEYS: [u64; 100 * 40] = zobrist_keys(0xBE11_EF00_0002);
static COUNT_KEYS: [u64; 3 * 12 * 64] = zobrist_keys(0xBE11_EF00_0003);
const SIDE_KEY: u64 = 0x6A09_E667_F3BC_C908;
const SHUTTLE_SALT: ByPlayer<u64> = ByPlayer::new(0x3C6E_F372_FE94_F82B, 0xA54F_F53A_5F1D_36F1);

#[inline]
fn cell_key(sq: usize, c: Cell, id: u8) -> u64 {
    if c == cell::EMPTY {
        return 0;
    }
    let k = CELL_KEYS[sq * 128 + usize::from(c & 0x7F)];
    if cell::rank_code(c) == cell::UNKNOWN {
        k ^ ID_KEYS[sq * 40 + usize::from(id % 40)]
    } else {
        k
    }
}

/// Counts: table 0 Red, 1 Blue, 2 the enemy's unlocated pieces.
#[inline]
fn count_key(table: usize, rank: usize, n: u8) -> u64 {
    COUNT_KEYS[(table * 12 + rank) * 64 + usize::from(n & 63)]
}

#[inline]
fn pending_key(from: u8, to: u8) -> u64 {
    if from == NO_PENDING {
        0
    } else {
        let x = (u64::from(from) << 8 | u64::from(to)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (x ^ (x >> 31)) | 1
    }
}

impl BeliefGame {
    /// The root of a search: the belief's view, with the viewer to move or
    /// not.
    #[must_use]
    pub fn new(belief: &Belief, options: GameOptions) -> BeliefGame {
        BeliefGame::build(belief, options, None)
    }

    /// The root of a search in which the viewer may play only `moves` at
    /// the root (those of them that are legal): for rules the belief game
    /// applies at the root only (the more-squares rule: pass the view's
    /// legal moves), or a player's own restraint (no shuttling where the
    /// rules allow it).
    #[must_use]
    pub fn with_root_moves(belief: &Belief, options: GameOptions, moves: &[Move]) -> BeliefGame {
        BeliefGame::build(belief, options, Some(moves.to_vec()))
    }

    fn build(belief: &Belief, options: GameOptions, root_moves: Option<Vec<Move>>) -> BeliefGame {
        let view = belief.view();
        let probs = belief.probs();
        let base: Vec<[f64; 12]> = probs.to_vec();
        let moved_base: Vec<[f64; 12]> = probs
            .iter()
            .map(|w| {
                let mut m = *w;
                m[Rank::Bomb.index()] = 0.0;
                m[Rank::Flag.index()] = 0.0;
                let s: f64 = m.iter().sum();
                if s > 0.0 {
                    m.iter_mut().for_each(|x| *x /= s);
                }
                m
            })
            .collect();
        const TINY: f64 = 1e-9;
        let can_move: Vec<bool> = probs
            .iter()
            .map(|w| {
                Rank::ALL
                    .iter()
                    .any(|r| r.is_movable() && w[r.index()] > TINY)
            })
            .collect();
        let can_scout: Vec<bool> = probs
            .iter()
            .map(|w| w[Rank::Scout.index()] > TINY)
            .collect();
        let mut root_unlocated = [0u8; 12];
        for r in Rank::ALL {
            root_unlocated[r.index()] = belief.unlocated(r);
        }
        let mut flag_candidates: Vec<(u8, u8, f64)> = Vec::new();
        for sq in 0..100 {
            let s = belief.slot(sq);
            if s == super::belief::NONE {
                continue;
            }
            let p = probs[usize::from(s)][Rank::Flag.index()];
            if p > 0.0 {
                flag_candidates.push((sq as u8, s, p));
            }
        }
        flag_candidates.sort_by(|a, b| b.2.total_cmp(&a.2).then(a.0.cmp(&b.0)));
        flag_candidates.truncate(8);
        let shared = Arc::new(Shared {
            viewer: view.viewer,
            rules: view.rules,
            options,
            base,
            moved_base,
            root_unlocated,
            can_move,
            can_scout,
            flag_candidates,
            root_ply: view.ply,
            root_moves,
        });
        let mut id = [NO_PENDING; 100];
        for (sq, x) in id.iter_mut().enumerate() {
            let s = belief.slot(sq);
            if s != super::belief::NONE {
                *x = s;
            }
        }
        let mut g = BeliefGame {
            board: view.board,
            id,
            masks: ByPlayer::default(),
            unknown_scouts: 0,
            to_move: view.to_move,
            pending_from: NO_PENDING,
            pending_to: NO_PENDING,
            counts: view.counts,
            unlocated: root_unlocated,
            shuttle: if view.rules.two_square.is_some() {
                view.shuttle
            } else {
                ByPlayer::default()
            },
            ply: view.ply,
            quiet: view.quiet,
            hash: 0,
            shared,
        };
        for sq in 0..100 {
            let c = g.board[sq];
            if c != cell::EMPTY {
                g.add_mask(sq, c);
            }
        }
        g.hash = g.zobrist_from_scratch();
        g
    }

    /// The viewer, whose pieces are known.
    #[must_use]
    pub fn viewer(&self) -> Player {
        self.shared.viewer
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.shared.rules
    }

    /// What stands on `sq`: owner, rank if known (always for the viewer's
    /// pieces), whether it moved.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<crate::SeenPiece> {
        cell::seen_piece(self.board[sq.index()])
    }

    /// How many pieces of `rank` `owner` has left.
    #[must_use]
    pub fn count(&self, owner: Player, rank: Rank) -> u8 {
        self.counts[owner][rank.index()]
    }

    /// How many of the enemy's pieces of `rank` are still among its
    /// unknown pieces here.
    #[must_use]
    pub fn unlocated(&self, rank: Rank) -> u8 {
        self.unlocated[rank.index()]
    }

    /// Plies since the start of the game.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The distribution over ranks of the unknown piece on `sq` here (the
    /// chance probabilities a battle with it would have); `None` when no
    /// unknown piece stands there.
    #[must_use]
    pub fn distribution(&self, sq: Square) -> Option<[f64; 12]> {
        let c = self.board[sq.index()];
        if c == cell::EMPTY || cell::rank_code(c) != cell::UNKNOWN {
            return None;
        }
        Some(self.weights(sq.index(), c & cell::MOVED != 0))
    }

    /// The normalised chance weights of the unknown piece on `sq`.
    pub(crate) fn weights(&self, sq: usize, moved: bool) -> [f64; 12] {
        let k = usize::from(self.id[sq]);
        let sh = &self.shared;
        let base = if moved { &sh.moved_base } else { &sh.base };
        let Some(b) = base.get(k) else {
            return [0.0; 12];
        };
        let mut w = [0.0; 12];
        let mut sum = 0.0;
        for r in 0..12 {
            let root = sh.root_unlocated[r];
            if root > 0 && self.unlocated[r] > 0 && b[r] > 0.0 {
                w[r] = b[r] * f64::from(self.unlocated[r]) / f64::from(root);
                sum += w[r];
            }
        }
        if sum == 0.0 {
            // A path whose earlier battles identified every unlocated
            // piece of the ranks this one may have (the branches of a
            // chance node are scaled by the remaining counts, not
            // conditioned on each other, so a path can get there): the
            // piece keeps the ranks its root weights allow, so that the
            // battle still has outcomes.
            for r in 0..12 {
                if b[r] > 0.0 {
                    w[r] = b[r];
                    sum += b[r];
                }
            }
        }
        if sum > 0.0 {
            w.iter_mut().for_each(|x| *x /= sum);
        }
        w
    }

    /// Reweighs the chance weights `w` of the unknown piece on `sq` in the
    /// battle `f`-`t` by what the attack tells
    /// ([`GameOptions::high_attack_flag_percent`],
    /// [`GameOptions::informed_attack_percent`]), and normalises them again.
    fn weigh_intent(&self, f: usize, t: usize, sq: usize, moved: bool, weights: &mut [f64; 12]) {
        let options = &self.shared.options;
        let viewer = self.shared.viewer;
        let mut w = *weights;
        let mut changed = false;
        if sq == t && !moved && options.high_attack_flag_percent != 100 {
            let a = self.board[f];
            if cell::is_own(a, viewer)
                && matches!(
                    cell::rank(a),
                    Some(Rank::Colonel | Rank::General | Rank::Marshal)
                )
            {
                w[Rank::Flag.index()] *= f64::from(options.high_attack_flag_percent) / 100.0;
                changed = true;
            }
        }
        if sq == f && options.informed_attack_percent != 100 {
            let d = self.board[t];
            if let Some(defender) = cell::rank(d).filter(|_| d & cell::REVEALED != 0) {
                let lose = f64::from(options.informed_attack_percent) / 100.0;
                for r in Rank::ALL {
                    w[r.index()] *= match battle(r, defender) {
                        Battle::AttackerWins => 1.0,
                        Battle::BothRemoved => (1.0 + lose) / 2.0,
                        Battle::DefenderWins => lose,
                    };
                }
                changed = true;
            }
        }
        // (Weights that would all vanish stay as the belief has them.)
        let sum: f64 = w.iter().sum();
        if changed && sum > 0.0 {
            for (x, y) in weights.iter_mut().zip(w) {
                *x = y / sum;
            }
        }
    }

    /// The enemy piece likeliest (at the root) to be the Flag that still
    /// stands unidentified, with that likelihood.
    pub(crate) fn flag_target(&self) -> Option<(usize, f64)> {
        if self.unlocated[Rank::Flag.index()] == 0 {
            return None;
        }
        self.shared
            .flag_candidates
            .iter()
            .find(|&&(sq, id, _)| {
                let c = self.board[usize::from(sq)];
                cell::rank_code(c) == cell::UNKNOWN && self.id[usize::from(sq)] == id
            })
            .map(|&(sq, _, p)| (usize::from(sq), p))
    }

    pub(crate) fn unlocated_index(&self, r: usize) -> u8 {
        self.unlocated[r]
    }

    pub(crate) fn board(&self) -> &[Cell; 100] {
        &self.board
    }

    pub(crate) fn masks(&self) -> &ByPlayer<SideMasks> {
        &self.masks
    }

    /// Adds the piece `c` on `sq` to the masks.
    fn add_mask(&mut self, sq: usize, c: Cell) {
        let owner = cell::owner(c);
        let bit = 1u128 << sq;
        let m = &mut self.masks[owner];
        m.occ |= bit;
        match cell::rank(c) {
            Some(Rank::Scout) => m.scouts |= bit,
            Some(r) if r.is_movable() => m.steppers |= bit,
            Some(_) => {}
            None => {
                let k = usize::from(self.id[sq]);
                let sh = &self.shared;
                let moved = c & cell::MOVED != 0;
                if sh.can_scout.get(k).copied().unwrap_or(false)
                    && self.unlocated[Rank::Scout.index()] > 0
                {
                    m.scouts |= bit;
                    self.unknown_scouts |= bit;
                } else if moved || sh.can_move.get(k).copied().unwrap_or(false) {
                    m.steppers |= bit;
                }
            }
        }
    }

    fn remove_mask(&mut self, sq: usize, c: Cell) {
        let keep = !(1u128 << sq);
        let m = &mut self.masks[cell::owner(c)];
        m.occ &= keep;
        m.steppers &= keep;
        m.scouts &= keep;
        self.unknown_scouts &= keep;
    }

    /// Sets square `sq` to `c` (with unknown piece `id`), keeping masks and
    /// hash in step.
    #[inline]
    fn put(&mut self, sq: usize, c: Cell, id: u8) {
        let old = self.board[sq];
        if old != cell::EMPTY {
            self.hash ^= cell_key(sq, old, self.id[sq]);
            self.remove_mask(sq, old);
        }
        self.board[sq] = c;
        self.id[sq] = id;
        if c != cell::EMPTY {
            self.hash ^= cell_key(sq, c, id);
            self.add_mask(sq, c);
        }
    }

    fn set_count(&mut self, owner: Player, rank: Rank, n: u8) {
        let r = rank.index();
        let old = self.counts[owner][r];
        self.hash ^= count_key(owner.index(), r, old) ^ count_key(owner.index(), r, n);
        self.counts[owner][r] = n;
    }

    fn lose(&mut self, owner: Player, rank: Rank) {
        let n = self.counts[owner][rank.index()].saturating_sub(1);
        self.set_count(owner, rank, n);
    }

    /// An unknown piece is identified as `rank`: one fewer unlocated.
    fn identify(&mut self, rank: Rank) {
        let r = rank.index();
        let old = self.unlocated[r];
        let n = old.saturating_sub(1);
        self.hash ^= count_key(2, r, old) ^ count_key(2, r, n);
        self.unlocated[r] = n;
        if rank == Rank::Scout && n == 0 && self.unknown_scouts != 0 {
            // No Scout is left among the unknown pieces: they step only.
            let enemy = !self.shared.viewer;
            let m = &mut self.masks[enemy];
            m.scouts &= !self.unknown_scouts;
            m.steppers |= self.unknown_scouts;
            self.unknown_scouts = 0;
        }
    }

    fn gen_rules(&self, player: Player) -> GenRules {
        GenRules {
            range_attack: self.shared.rules.scout_range_attack,
            two_square: self.shared.rules.two_square,
            shuttle: self.shuttle[player],
        }
    }

    /// Plays a player's move `from`-`to` (legal).
    fn play_move(&mut self, mv: Move) {
        let (f, t) = (mv.from.index(), mv.to.index());
        let me = self.to_move;
        let a = self.board[f];
        let d = self.board[t];
        let long = mv.line().is_some_and(|(_, n)| n > 1);
        let a_id = self.id[f];
        let mut moved = a | cell::MOVED;
        if cell::rank_code(a) == cell::UNKNOWN && long {
            moved = with_rank(moved, Rank::Scout) | cell::REVEALED;
            self.identify(Rank::Scout);
        }
        if d == cell::EMPTY {
            self.put(f, cell::EMPTY, NO_PENDING);
            self.put(t, moved, a_id);
            self.quiet = self.quiet.saturating_add(1);
            if self.shared.rules.two_square.is_some() {
                let old = self.shuttle[me];
                let new = old.next(f as u8, t as u8);
                self.hash ^= old.digest(SHUTTLE_SALT[me]) ^ new.digest(SHUTTLE_SALT[me]);
                self.shuttle[me] = new;
            }
            self.end_turn();
            return;
        }
        // An attack. The attacker has moved (and, if unknown, is movable).
        if moved != a {
            self.put(f, moved, a_id);
        }
        let unknown =
            cell::rank_code(moved) == cell::UNKNOWN || cell::rank_code(d) == cell::UNKNOWN;
        if unknown {
            self.pending_from = f as u8;
            self.pending_to = t as u8;
            self.hash ^= pending_key(self.pending_from, self.pending_to);
        } else {
            self.fight(f, t);
            self.end_turn();
        }
    }

    /// Fights the battle of the (known) pieces on `f` and `t`.
    fn fight(&mut self, f: usize, t: usize) {
        let me = self.to_move;
        let a = self.board[f];
        let d = self.board[t];
        let ar = cell::rank(a).unwrap_or(Rank::Scout);
        let dr = cell::rank(d).unwrap_or(Rank::Flag);
        let result = battle(ar, dr);
        self.put(f, cell::EMPTY, NO_PENDING);
        match result {
            Battle::AttackerWins => {
                self.put(t, a | cell::MOVED | cell::REVEALED, NO_PENDING);
                self.lose(!me, dr);
            }
            Battle::DefenderWins => {
                self.put(t, d | cell::REVEALED, NO_PENDING);
                self.lose(me, ar);
            }
            Battle::BothRemoved => {
                self.put(t, cell::EMPTY, NO_PENDING);
                self.lose(me, ar);
                self.lose(!me, dr);
            }
        }
        self.quiet = 0;
        let old = self.shuttle[me];
        self.hash ^= old.digest(SHUTTLE_SALT[me]);
        self.shuttle[me] = Shuttle::default();
    }

    fn end_turn(&mut self) {
        self.ply = self.ply.saturating_add(1);
        self.to_move = !self.to_move;
        self.hash ^= SIDE_KEY;
    }

    /// Chance names the rank of the pending battle's unknown piece.
    fn reveal(&mut self, rank: Rank) {
        let (f, t) = (usize::from(self.pending_from), usize::from(self.pending_to));
        self.hash ^= pending_key(self.pending_from, self.pending_to);
        self.pending_from = NO_PENDING;
        self.pending_to = NO_PENDING;
        let sq = if cell::rank_code(self.board[t]) == cell::UNKNOWN {
            t
        } else {
            f
        };
        let c = self.board[sq];
        self.identify(rank);
        self.put(sq, with_rank(c, rank) | cell::REVEALED, NO_PENDING);
        self.fight(f, t);
        self.end_turn();
    }

    fn early_end(&self) -> Option<Outcome> {
        early_end(&self.counts, &self.shared.rules, self.ply, self.quiet)
    }

    fn can_move(&self, player: Player) -> bool {
        if self.shared.root_moves.is_some()
            && self.ply == self.shared.root_ply
            && player == self.shared.viewer
            && player == self.to_move
        {
            let mut moves = ArrayVec::new();
            self.player_moves(&mut moves);
            return !moves.is_empty();
        }
        movegen::has_move(
            &self.masks[player],
            &self.masks[!player],
            self.gen_rules(player),
        )
    }

    /// The player's moves into a plain move list (no chance node).
    pub(crate) fn player_moves(&self, out: &mut ArrayVec<Move, MAX_MOVES>) {
        out.clear();
        let me = self.to_move;
        movegen::generate(&self.masks[me], &self.masks[!me], self.gen_rules(me), out);
        if let Some(only) = &self.shared.root_moves
            && self.ply == self.shared.root_ply
            && me == self.shared.viewer
        {
            out.retain(|m| only.contains(m));
        }
        if me != self.shared.viewer && self.shared.options.enemy_attacks != EnemyAttacks::Informed {
            self.keep_prudent_attacks(out);
        }
        if me != self.shared.viewer
            && self.unknown_scouts != 0
            && self.shared.options.scout_moves != ScoutMoves::All
        {
            let only_attacks = self.shared.options.scout_moves == ScoutMoves::Attacks;
            let enemy_occ = self.masks[!me].occ;
            out.retain(|m| {
                let from_unknown = self.unknown_scouts & (1u128 << m.from.index()) != 0;
                let long = m.line().is_some_and(|(_, n)| n > 1);
                !(from_unknown
                    && long
                    && (!only_attacks || enemy_occ & (1u128 << m.to.index()) == 0))
            });
        }
    }

    /// Removes the enemy's risky attacks on pieces it has not identified
    /// ([`EnemyAttacks::Prudent`], [`EnemyAttacks::Gambling`]), unless
    /// they are all it can do (so that a side with moves always has one).
    fn keep_prudent_attacks(&self, moves: &mut ArrayVec<Move, MAX_MOVES>) {
        // An attack by a valuable enemy piece the viewer knows on a piece
        // the enemy has not seen: the attacker's rank, and whether the
        // target has moved.
        let candidate = |m: &Move| {
            let d = self.board[m.to.index()];
            if d == cell::EMPTY || d & cell::REVEALED != 0 {
                return None;
            }
            let attacker = cell::rank(self.board[m.from.index()])?;
            is_guarded_rank(attacker).then_some((attacker, d & cell::MOVED != 0))
        };
        if !moves.iter().any(|m| candidate(m).is_some()) {
            return;
        }
        // How many of each rank the viewer has that the enemy has not seen.
        let mut counts = [0u8; 12];
        let mut bits = self.masks[self.shared.viewer].occ;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let c = self.board[sq];
            if c & cell::REVEALED == 0
                && let Some(n) = counts.get_mut(usize::from(cell::rank_code(c)))
            {
                *n += 1;
            }
        }
        let gambling = self.shared.options.enemy_attacks == EnemyAttacks::Gambling;
        let risky = |m: &Move| {
            candidate(m).is_some_and(|(attacker, moved)| {
                if gambling {
                    return expected_gain_over(attacker, moved, |r| counts[r.index()]) <= 0.0;
                }
                may_not_win(attacker, moved, |r| counts[r.index()] > 0)
            })
        };
        // Each move judged once.
        let mut drop = [false; MAX_MOVES];
        for (d, m) in drop.iter_mut().zip(moves.iter()) {
            *d = risky(m);
        }
        if drop[..moves.len()].iter().all(|&d| d) {
            return;
        }
        let mut keep = drop.iter().map(|&d| !d);
        moves.retain(|_| keep.next().unwrap_or(true));
    }

    /// Whether `mv` is an attack here.
    #[must_use]
    pub fn is_attack(&self, mv: BeliefMove) -> bool {
        match mv {
            BeliefMove::Play(m) => self.board[m.to.index()] != cell::EMPTY,
            BeliefMove::Reveal(_) => true,
        }
    }
}

/// The ranks a prudent enemy does not risk on a piece it has not
/// identified ([`EnemyAttacks::Prudent`]): Miners, the Spy, Majors and
/// higher.
pub(crate) fn is_guarded_rank(rank: Rank) -> bool {
    matches!(
        rank,
        Rank::Miner | Rank::Spy | Rank::Major | Rank::Colonel | Rank::General | Rank::Marshal
    )
}

/// Whether `attacker` may fail to win against a piece (that has `moved`,
/// or not) of one of the ranks `possible` allows: no Bomb or Flag once it
/// has moved.
pub(crate) fn may_not_win(attacker: Rank, moved: bool, possible: impl Fn(Rank) -> bool) -> bool {
    Rank::ALL.iter().any(|&r| {
        possible(r) && (r.is_movable() || !moved) && battle(attacker, r) != Battle::AttackerWins
    })
}

#[inline]
fn with_rank(c: Cell, rank: Rank) -> Cell {
    (c & !cell::RANK) | rank as u8
}

impl Game for BeliefGame {
    type Move = BeliefMove;
    type MoveList = BeliefMoveList;
    type Error = IllegalMove<BeliefMove>;

    #[inline]
    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut BeliefMoveList) {
        moves.clear();
        if self.pending_from != NO_PENDING {
            let mut outcomes = BeliefChanceList::new();
            self.chance_outcomes(&mut outcomes);
            moves.extend(outcomes.iter().map(|o| o.0));
            return;
        }
        if self.early_end().is_some() {
            return;
        }
        let mut plain = ArrayVec::new();
        self.player_moves(&mut plain);
        moves.extend(plain.into_iter().map(BeliefMove::Play));
    }

    #[inline]
    fn play_unchecked(&mut self, mv: BeliefMove) {
        match mv {
            BeliefMove::Play(m) => self.play_move(m),
            BeliefMove::Reveal(r) => self.reveal(r),
        }
    }

    fn play(&mut self, mv: BeliefMove) -> Result<(), Self::Error> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMove {
                mv,
                reason: if self.pending_from != NO_PENDING {
                    "a battle is pending: only a rank its unknown piece may have"
                } else {
                    "not a legal move of the side to move"
                },
            })
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.pending_from != NO_PENDING {
            return None;
        }
        if let Some(o) = self.early_end() {
            return Some(o);
        }
        if self.can_move(self.to_move) {
            None
        } else if self.can_move(!self.to_move) {
            Some(Outcome::Win(!self.to_move))
        } else {
            Some(Outcome::Draw)
        }
    }
}

impl Stochastic for BeliefGame {
    type ChanceList = BeliefChanceList;

    #[inline]
    fn is_chance_node(&self) -> bool {
        self.pending_from != NO_PENDING
    }

    /// The ranks the pending battle's unknown piece may have, likeliest
    /// first.
    fn chance_outcomes(&self, outcomes: &mut BeliefChanceList) {
        outcomes.clear();
        if self.pending_from == NO_PENDING {
            return;
        }
        let (f, t) = (usize::from(self.pending_from), usize::from(self.pending_to));
        let (sq, moved) = if cell::rank_code(self.board[t]) == cell::UNKNOWN {
            (t, self.board[t] & cell::MOVED != 0)
        } else {
            (f, true)
        };
        let mut w = self.weights(sq, moved);
        self.weigh_intent(f, t, sq, moved, &mut w);
        for r in Rank::ALL {
            if w[r.index()] > 0.0 {
                outcomes.push((BeliefMove::Reveal(r), w[r.index()]));
            }
        }
        outcomes.as_mut_slice().sort_by(|a, b| b.1.total_cmp(&a.1));
    }
}

/// The hash covers every square (an unknown piece by its index), the side
/// to move, a pending battle, both sides' counts and the enemy's unlocated
/// counts, and the two-square series.
impl ZobristHash for BeliefGame {
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = 0;
        for sq in 0..100 {
            h ^= cell_key(sq, self.board[sq], self.id[sq]);
        }
        if self.to_move == Player::Second {
            h ^= SIDE_KEY;
        }
        h ^= pending_key(self.pending_from, self.pending_to);
        for p in Player::ALL {
            for r in 0..12 {
                h ^= count_key(p.index(), r, self.counts[p][r]);
            }
            h ^= self.shuttle[p].digest(SHUTTLE_SALT[p]);
        }
        for r in 0..12 {
            h ^= count_key(2, r, self.unlocated[r]);
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use board_core::Observable;

    use super::*;
    use crate::ai::{Belief, BeliefOptions};
    use crate::{Army, Position, Rules, Setup, predefined};

    #[test]
    fn a_piece_whose_ranks_are_all_identified_elsewhere_keeps_its_root_weights() {
        let d = predefined();
        let setup = Setup::from_deployments(Army::Classic, &d[0].1, &d[1].1);
        let pos = Position::from_setup(setup, Rules::default()).unwrap();
        let view = pos.view(Player::First);
        let mut g = BeliefGame::new(
            &Belief::new(&view, &BeliefOptions::default()),
            GameOptions::default(),
        );
        let sq = (0..100)
            .find(|&sq| cell::rank_code(g.board[sq]) == cell::UNKNOWN)
            .expect("an unknown enemy piece");
        let before = g.weights(sq, false);
        assert!((before.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        // Every unlocated piece identified on the path.
        g.unlocated = [0; 12];
        let after = g.weights(sq, false);
        assert!((after.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{after:?}");
        for r in 0..12 {
            assert_eq!(after[r] > 0.0, before[r] > 0.0, "rank {r}");
        }
    }
}

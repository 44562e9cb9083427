//! The evaluation of a belief-game position, with a declared bound.
//!
//! From the side to move, the sum of:
//!
//! - **material**, by the counts both sides have left (public knowledge),
//!   with values that depend on what remains: the Marshal is worth more
//!   once the enemy Spy is gone, the Spy little once the enemy Marshal is;
//!   Miners are worth more while enemy Bombs remain, and the last ones
//!   most; the last Scouts more than the first; a rank no enemy movable
//!   piece can beat gains a third;
//! - **information**: each own piece whose rank the opponent does not know
//!   is worth a bonus by rank (a hidden Marshal or Spy most), and the
//!   opponent's unknown pieces the same for it (the expected bonus of its
//!   unlocated ranks);
//! - **flag safety**: enemy pieces that may move, near the own Flag, cost;
//!   own Bombs next to it, while the enemy has Miners, count;
//! - **hunting and danger**: a known enemy piece is worth a share of its
//!   value to the own piece that beats it, the nearer the more; a revealed
//!   own piece loses a share of its value when a known enemy piece that
//!   beats it is near;
//! - **mobility**: own movable pieces with a free square next to them;
//! - **progress**: movable pieces advanced toward the enemy side, and the
//!   nearest own movable piece close to the enemy piece likeliest to be the
//!   Flag (more so as the enemy's movable army shrinks), so that a won
//!   position is pressed home instead of shuffled.
//!
//! Every term is bounded, and the sum is clamped to
//! ±([`BOUND`] − 1); a decided game scores ±[`BOUND`] in
//! [`Expectimax`](board_search::Expectimax).

use board_core::{Game, Player, Stochastic};
use board_search::Evaluator;

use super::game::{BeliefChanceList, BeliefGame, BeliefMove};
use crate::{Battle, Rank, Square, battle, cell};

/// The evaluation's bound: no position that is not decided scores beyond
/// ±(`BOUND` − 1), and a decided one scores ±`BOUND`.
pub const BOUND: i32 = 10_000;

/// The weights of the evaluation's terms (all in material points, a Scout
/// being worth about 10).
#[derive(Debug, Clone, PartialEq)]
pub struct EvalWeights {
    /// Base value of each rank by [`Rank::index`] (the Flag's is unused).
    pub value: [i32; 12],
    /// Information bonus of each rank the opponent does not know.
    pub hidden: [i32; 12],
    /// Extra value of the Marshal once the enemy Spy is gone.
    pub marshal_without_spy: i32,
    /// The Spy's value once the enemy Marshal is gone.
    pub spy_without_marshal: i32,
    /// Miners: this much more, divided by the number of own Miners left,
    /// while the enemy has Bombs.
    pub miner_scarcity: i32,
    /// Scouts: this much more, divided by the number of own Scouts left.
    pub scout_scarcity: i32,
    /// Percent added to a rank no enemy movable piece can beat.
    pub top_rank_percent: i32,
    /// Per enemy piece that may move near the own Flag: this times
    /// (5 − distance)² within 4 squares.
    pub flag_danger: i32,
    /// Percent of a known enemy piece's value for the own piece nearest to
    /// it that beats it, by closeness ((8 − distance) / 8).
    pub hunt_percent: i32,
    /// Percent of a revealed own piece's value lost when a known enemy
    /// piece that beats it is near ((6 − distance) / 6).
    pub danger_percent: i32,
    /// Per own Bomb next to the own Flag while the enemy has Miners.
    pub flag_bomb: i32,
    /// Per own movable piece with a free neighbouring square.
    pub mobility: i32,
    /// Per row advanced of own movable pieces below Major (beyond the
    /// own four rows).
    pub advance: i32,
    /// Pressure on the enemy piece likeliest to be the Flag: per square of
    /// distance saved (of 18) by the nearest own movable piece, scaled by
    /// that likelihood and by how few enemy movable pieces remain.
    pub flag_hunt: i32,
    /// The points that make tanh(1) of a won game (about three quarters).
    pub scale: f64,
    /// The weight of the race for the own Flag (0 turns it off): the
    /// chance that an enemy piece able to take it (a Miner while Bombs wall
    /// it in, else any movable piece) gets there before an own piece that
    /// beats it can stop it counts as that share of a lost game, whatever
    /// the material (see [`Eval`]).
    pub flag_race: f64,
}

impl Default for EvalWeights {
    fn default() -> Self {
        let mut value = [0; 12];
        let mut hidden = [0; 12];
        for (r, v, h) in [
            (Rank::Flag, 0, 0),
            (Rank::Spy, 100, 30),
            (Rank::Scout, 8, 1),
            (Rank::Miner, 20, 3),
            (Rank::Sergeant, 15, 2),
            (Rank::Lieutenant, 25, 3),
            (Rank::Captain, 45, 5),
            (Rank::Major, 80, 8),
            (Rank::Colonel, 140, 15),
            (Rank::General, 250, 30),
            (Rank::Marshal, 400, 50),
            (Rank::Bomb, 15, 4),
        ] {
            value[r.index()] = v;
            hidden[r.index()] = h;
        }
        EvalWeights {
            value,
            hidden,
            marshal_without_spy: 100,
            spy_without_marshal: 15,
            miner_scarcity: 60,
            scout_scarcity: 12,
            top_rank_percent: 33,
            flag_danger: 8,
            hunt_percent: 15,
            danger_percent: 10,
            flag_bomb: 4,
            mobility: 1,
            advance: 1,
            flag_hunt: 40,
            scale: 600.0,
            flag_race: 1.0,
        }
    }
}

/// Which moves the quiescence search plays at the horizon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NoisyMoves {
    /// Every attack (an attack on or by an unknown piece leads to a chance
    /// node).
    All,
    /// Attacks whose result is certain: both ranks known (a long move is
    /// a Scout's), or an attack on the Flag.
    #[default]
    Known,
}

/// The Stratego evaluation for [`BeliefGame`], with its search hints
/// (attacks ordered by their expected gain, attacks as the noisy moves of
/// quiescence, history slots by squares).
#[derive(Debug, Clone, Default)]
pub struct Eval {
    /// The weights.
    pub weights: EvalWeights,
    /// The moves of quiescence.
    pub noisy: NoisyMoves,
}

/// A side's rank values given both sides' counts.
fn values(w: &EvalWeights, own: &[u8; 12], enemy: &[u8; 12]) -> [i32; 12] {
    let mut v = w.value;
    let has = |c: &[u8; 12], r: Rank| c[r.index()] > 0;
    if !has(enemy, Rank::Spy) {
        v[Rank::Marshal.index()] += w.marshal_without_spy;
    }
    if !has(enemy, Rank::Marshal) {
        v[Rank::Spy.index()] = w.spy_without_marshal;
    }
    let miners = i32::from(own[Rank::Miner.index()]).max(1);
    if has(enemy, Rank::Bomb) {
        v[Rank::Miner.index()] += w.miner_scarcity / miners;
    }
    let scouts = i32::from(own[Rank::Scout.index()]).max(1);
    v[Rank::Scout.index()] += w.scout_scarcity / scouts;
    let enemy_top = (Rank::Spy.index()..=Rank::Marshal.index())
        .rev()
        .find(|&r| enemy[r] > 0)
        .unwrap_or(0);
    for x in &mut v[(enemy_top + 1)..=Rank::Marshal.index()] {
        *x += *x * w.top_rank_percent / 100;
    }
    v
}

impl Eval {
    /// The squashed evaluation from the viewer's point of view.
    fn squashed(&self, g: &BeliefGame) -> f64 {
        let (points, flag_loss) = self.points(g);
        let v = f64::from(BOUND) * (f64::from(points) / self.weights.scale).tanh();
        let loss = (flag_loss * self.weights.flag_race).min(1.0);
        (1.0 - loss) * v - loss * f64::from(BOUND)
    }

    /// The evaluation in material points from the viewer's point of view,
    /// and the chance that the enemy wins the race for the viewer's Flag
    /// (0 when the flag race is off).
    fn points(&self, g: &BeliefGame) -> (i32, f64) {
        let w = &self.weights;
        let me = g.viewer();
        let enemy = !me;
        let mut mine = [0u8; 12];
        let mut theirs = [0u8; 12];
        for r in Rank::ALL {
            mine[r.index()] = g.count(me, r);
            theirs[r.index()] = g.count(enemy, r);
        }
        let (vm, ve) = (values(w, &mine, &theirs), values(w, &theirs, &mine));
        let mut score = 0i32;
        for r in 0..12 {
            score += i32::from(mine[r]) * vm[r] - i32::from(theirs[r]) * ve[r];
        }
        let board = g.board();
        let masks = g.masks();
        // Own pieces: hidden ranks, the Flag, the movable ones.
        let mut own_flag = None;
        let mut movable: [(u8, u8); 40] = [(0, 0); 40];
        let mut n_movable = 0usize;
        let mut revealed: [(u8, u8); 40] = [(0, 0); 40];
        let mut n_revealed = 0usize;
        let mut bits = masks[me].occ;
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let c = board[sq];
            let r = usize::from(cell::rank_code(c)).min(11);
            let shown = c & cell::REVEALED != 0;
            if !shown {
                score += w.hidden[r];
            }
            if r == Rank::Flag.index() {
                own_flag = Some(sq);
            } else if r != Rank::Bomb.index() && n_movable < movable.len() {
                movable[n_movable] = (sq as u8, r as u8);
                n_movable += 1;
                if r < Rank::Major.index() {
                    score += w.advance * forward(me, sq);
                }
                if shown && vm[r] >= 25 && n_revealed < revealed.len() {
                    revealed[n_revealed] = (sq as u8, r as u8);
                    n_revealed += 1;
                }
            }
        }
        for r in 0..12 {
            score -= i32::from(g.unlocated_index(r)) * w.hidden[r];
        }
        // Known enemy movable pieces: hunting, and danger to the revealed
        // own pieces they beat.
        let mut bits = masks[enemy].occ;
        while bits != 0 {
            let esq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let er = usize::from(cell::rank_code(board[esq]));
            if !(Rank::Spy.index()..=Rank::Marshal.index()).contains(&er) {
                continue;
            }
            let value = ve[er];
            if value >= 25 {
                let mut d = 99;
                for &(sq, r) in &movable[..n_movable] {
                    if BEATS[usize::from(r)][er] {
                        d = d.min(distance(usize::from(sq), esq));
                    }
                }
                if d < 8 {
                    score += value * w.hunt_percent * (8 - d) / 800;
                }
            }
            for &(sq, r) in &revealed[..n_revealed] {
                if BEATS[er][usize::from(r)] {
                    let d = distance(usize::from(sq), esq);
                    if d < 6 {
                        score -= vm[usize::from(r)] * w.danger_percent * (6 - d) / 600;
                    }
                }
            }
        }
        // Flag safety.
        if let Some(f) = own_flag {
            let mut bits = (masks[enemy].steppers | masks[enemy].scouts) & near(f);
            while bits != 0 {
                let sq = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let d = distance(sq, f);
                if d <= 4 {
                    score -= w.flag_danger * (5 - d) * (5 - d);
                }
            }
            if theirs[Rank::Miner.index()] > 0 {
                for n in neighbours(f) {
                    let c = board[n];
                    if cell::is_own(c, me) && cell::rank_code(c) == Rank::Bomb as u8 {
                        score += w.flag_bomb;
                    }
                }
            }
        }
        // Mobility: own movable pieces with a free neighbour.
        let free = !(masks.first.occ | masks.second.occ) & crate::movegen::LAND;
        let own_movers = masks[me].steppers | masks[me].scouts;
        let near_free =
            (free << 10) | (free >> 10) | ((free & !FILE_A) >> 1) | ((free & !FILE_J) << 1);
        score += w.mobility * (own_movers & near_free).count_ones() as i32;
        // Progress: the hunt for the Flag.
        if let Some((target, p_flag)) = g.flag_target()
            && n_movable > 0
        {
            let nearest = movable[..n_movable]
                .iter()
                .map(|&(s, _)| distance(usize::from(s), target))
                .min()
                .unwrap_or(18);
            let enemy_movable: i32 = (Rank::Spy.index()..=Rank::Marshal.index())
                .map(|r| i32::from(theirs[r]))
                .sum();
            let urgency = (33 - enemy_movable.min(33)) as f64 / 33.0;
            score += (f64::from(w.flag_hunt) * p_flag * urgency * f64::from(18 - nearest.min(18))
                / 18.0) as i32;
        }
        let flag_loss = match own_flag {
            Some(f) if w.flag_race > 0.0 => flag_race(g, f, &movable[..n_movable]),
            _ => 0.0,
        };
        (score, flag_loss)
    }
}

/// How likely the enemy reaches the viewer's Flag on `flag` (a chance, 0
/// to 1): every enemy piece within six steps that can take it (a Miner
/// while Bombs, lakes and edges wall the Flag in, else any movable piece;
/// an unknown piece with its chance of being such a piece) threatens it,
/// the nearer the more, and much less if one of the viewer's `defenders`
/// that beats it is as near to it as it is to the Flag (counting who moves
/// first).
fn flag_race(g: &BeliefGame, flag: usize, defenders: &[(u8, u8)]) -> f64 {
    /// The threat of a piece by its distance to the Flag, unopposed.
    const NEAR: [f64; 7] = [1.0, 1.0, 0.9, 0.7, 0.5, 0.35, 0.2];
    /// The share of the threat left when a defender can meet the piece in
    /// time.
    const MET: f64 = 0.1;
    let me = g.viewer();
    let enemy = !me;
    let board = g.board();
    let walled = neighbours(flag).all(|n| {
        let c = board[n];
        crate::movegen::LAND & (1u128 << n) == 0
            || (cell::is_own(c, me) && cell::rank_code(c) == Rank::Bomb as u8)
    });
    if walled && g.count(enemy, Rank::Miner) == 0 {
        return 0.0;
    }
    // The enemy's moves before the viewer's next one.
    let enemy_first = g.to_move() == enemy && !g.is_chance_node();
    let mut safe = 1.0;
    let mut bits = g.masks()[enemy].occ;
    while bits != 0 {
        let e = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let d = distance(e, flag);
        let Some(&near) = NEAR.get(d as usize) else {
            continue;
        };
        let c = board[e];
        // The chance that the piece can take the Flag, and the rank a
        // defender must beat.
        let (able, rank) = match cell::rank(c) {
            Some(Rank::Miner) => (1.0, Rank::Miner),
            Some(r) if r.is_movable() && !walled => (1.0, r),
            Some(_) => continue,
            None => {
                let p = g.weights(e, c & cell::MOVED != 0);
                if walled {
                    (p[Rank::Miner.index()], Rank::Miner)
                } else {
                    let movable = 1.0 - p[Rank::Bomb.index()] - p[Rank::Flag.index()];
                    (movable, Rank::Captain)
                }
            }
        };
        if able <= 0.0 {
            continue;
        }
        let meet = defenders
            .iter()
            .filter(|&&(_, r)| BEATS[usize::from(r)][rank.index()])
            .map(|&(s, _)| distance(usize::from(s), e))
            .min();
        let in_time = meet.is_some_and(|m| m <= if enemy_first { d - 1 } else { d });
        let threat = able * near * if in_time { MET } else { 1.0 };
        safe *= 1.0 - threat.min(1.0);
    }
    1.0 - safe
}

/// Rows advanced beyond the own four ranks.
#[inline]
fn forward(me: Player, sq: usize) -> i32 {
    let rank = (sq / 10) as i32;
    match me {
        Player::First => (rank - 3).max(0),
        Player::Second => (6 - rank).max(0),
    }
}

/// `BEATS[a][d]`: a piece of rank index `a` attacking one of `d` wins.
static BEATS: [[bool; 12]; 12] = {
    let mut t = [[false; 12]; 12];
    let mut a = 0;
    while a < 12 {
        let mut d = 0;
        while d < 12 {
            t[a][d] = matches!(battle(Rank::ALL[a], Rank::ALL[d]), Battle::AttackerWins);
            d += 1;
        }
        a += 1;
    }
    t
};

/// The squares within 4 steps (Manhattan) of `sq`.
#[inline]
fn near(sq: usize) -> u128 {
    NEAR[sq]
}

static NEAR: [u128; 100] = {
    let mut t = [0u128; 100];
    let mut a = 0;
    while a < 100 {
        let mut b: usize = 0;
        while b < 100 {
            let (fa, ra, fb, rb) = (
                (a % 10) as i32,
                (a / 10) as i32,
                (b % 10) as i32,
                (b / 10) as i32,
            );
            let d = (fa - fb).abs() + (ra - rb).abs();
            if d <= 4 {
                t[a] |= 1u128 << b;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

const FILE_A: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 10 {
        m |= 1 << (r * 10);
        r += 1;
    }
    m
};
const FILE_J: u128 = FILE_A << 9;

/// Manhattan distance of two squares.
#[inline]
fn distance(a: usize, b: usize) -> i32 {
    let (fa, ra, fb, rb) = (a % 10, a / 10, b % 10, b / 10);
    (fa.abs_diff(fb) + ra.abs_diff(rb)) as i32
}

fn neighbours(sq: usize) -> impl Iterator<Item = usize> {
    let s = Square::from_index(sq);
    crate::Direction::ALL
        .into_iter()
        .filter_map(move |d| s.and_then(|s| s.step(d)))
        .map(Square::index)
}

impl Evaluator<BeliefGame> for Eval {
    fn evaluate(&self, g: &BeliefGame) -> i32 {
        let v = if g.is_chance_node() {
            // A pending battle: its expected result.
            let mut outcomes = BeliefChanceList::new();
            g.chance_outcomes(&mut outcomes);
            let mut sum = 0.0;
            for &(mv, p) in &outcomes {
                let mut child = g.clone();
                child.play_unchecked(mv);
                let v = match child.outcome() {
                    Some(o) => f64::from(o.value_for(g.viewer()) * BOUND),
                    None => self.squashed(&child),
                };
                sum += p * v;
            }
            sum.round() as i32
        } else {
            self.squashed(g).round() as i32
        };
        let v = v.clamp(-(BOUND - 1), BOUND - 1);
        if g.to_move() == g.viewer() { v } else { -v }
    }

    fn move_hint(&self, g: &BeliefGame, mv: BeliefMove) -> i32 {
        let BeliefMove::Play(m) = mv else { return 0 };
        let board = g.board();
        let a = board[m.from.index()];
        let d = board[m.to.index()];
        let me = g.to_move();
        let w = &self.weights.value;
        if d == cell::EMPTY {
            // Forward moves first among the quiet ones.
            let up = match me {
                Player::First => m.to.row() > m.from.row(),
                Player::Second => m.to.row() < m.from.row(),
            };
            return i32::from(up);
        }
        let ar = cell::rank(a);
        let dr = cell::rank(d);
        let gain = match (ar, dr) {
            (Some(a), Some(d)) => match battle(a, d) {
                Battle::AttackerWins => w[d.index()] + 100,
                Battle::BothRemoved => w[d.index()] - w[a.index()] + 50,
                Battle::DefenderWins => -w[a.index()],
            },
            // Attacking an unknown piece with a low piece is a cheap
            // probe; with a high one it risks a Bomb.
            (Some(a), None) => 60 - w[a.index()] / 4,
            (None, Some(d)) => 40 - w[d.index()] / 4,
            (None, None) => 0,
        };
        1000 + gain
    }

    fn uses_quiescence(&self) -> bool {
        true
    }

    fn is_noisy(&self, g: &BeliefGame, mv: BeliefMove) -> bool {
        match (self.noisy, mv) {
            (NoisyMoves::All, _) => g.is_attack(mv),
            (NoisyMoves::Known, BeliefMove::Play(m)) => {
                let b = g.board();
                let (a, d) = (b[m.from.index()], b[m.to.index()]);
                // A long move is a Scout's; an attack on the Flag wins
                // whatever attacks.
                let long = m.line().is_some_and(|(_, n)| n > 1);
                d != cell::EMPTY
                    && cell::rank_code(d) != cell::UNKNOWN
                    && (cell::rank_code(a) != cell::UNKNOWN
                        || long
                        || cell::rank_code(d) == Rank::Flag as u8)
            }
            (NoisyMoves::Known, BeliefMove::Reveal(_)) => false,
        }
    }

    fn history_size(&self) -> usize {
        2 * 100 * 100
    }

    fn history_index(&self, g: &BeliefGame, mv: BeliefMove) -> usize {
        match mv {
            BeliefMove::Play(m) => {
                g.to_move().index() * 10_000 + m.from.index() * 100 + m.to.index()
            }
            BeliefMove::Reveal(_) => 0,
        }
    }

    fn bound(&self) -> i32 {
        BOUND
    }
}

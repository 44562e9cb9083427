//! Kuhn poker, with chance (the deal) and hidden information (the
//! opponent's card): the board-core traits carry what Stratego's hidden
//! ranks need, a chance node with probabilities ([`Stochastic`]), views
//! that never leak ([`Observable`]) and sampling a full state from a view
//! ([`Determinize`]); and information-set search is tested on it.

use board_core::arrayvec::ArrayVec;
use board_core::rand_core::RngCore;
use board_core::{
    Determinize, Game, IllegalMove, Observable, Outcome, Player, Stochastic, ZobristHash,
    zobrist_keys,
};
use board_search::Evaluator;

/// The Jack, the lowest card.
pub const JACK: u8 = 0;
/// The Queen.
pub const QUEEN: u8 = 1;
/// The King, the highest card.
pub const KING: u8 = 2;

/// A move of Kuhn poker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KuhnMove {
    /// Chance: the first and the second player's cards.
    Deal(u8, u8),
    /// Pass: check, or fold to a bet.
    Pass,
    /// Bet one chip, or call a bet.
    Bet,
}

/// One hand of Kuhn poker. Three cards J < Q < K, one dealt to each player
/// (a chance node with six equally likely deals), one chip ante each. The
/// first player passes or bets one; after a pass the second may pass
/// (showdown) or bet; facing a bet a player folds (pass) or calls (bet,
/// then showdown). The higher card wins the showdown. The referee's state
/// knows both cards.
///
/// ```
/// use board_core::{Game, Outcome, Player};
/// use spielwerk_testgames::{KING, KuhnMove, KuhnPoker, QUEEN};
/// let hand = KuhnPoker::dealt(QUEEN, KING).after(&[KuhnMove::Bet, KuhnMove::Bet]);
/// assert_eq!(hand.payoff(), Some(-2));
/// assert_eq!(hand.outcome(), Some(Outcome::Win(Player::Second)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KuhnPoker {
    cards: Option<[u8; 2]>,
    history: ArrayVec<KuhnMove, 3>,
}

static KEYS: [u64; 16] = zobrist_keys(7);

impl Default for KuhnPoker {
    fn default() -> Self {
        KuhnPoker::new()
    }
}

impl KuhnPoker {
    /// A hand before the deal.
    #[must_use]
    pub fn new() -> Self {
        KuhnPoker {
            cards: None,
            history: ArrayVec::new(),
        }
    }

    /// A hand dealt `first` to the first player and `second` to the second
    /// (two different cards of [`JACK`], [`QUEEN`], [`KING`]).
    ///
    /// # Panics
    ///
    /// If the cards are equal or not cards.
    #[must_use]
    pub fn dealt(first: u8, second: u8) -> Self {
        let mut hand = KuhnPoker::new();
        hand.play(KuhnMove::Deal(first, second))
            .expect("two different cards");
        hand
    }

    /// The hand after the betting `actions`.
    ///
    /// # Panics
    ///
    /// If an action is not legal.
    #[must_use]
    pub fn after(mut self, actions: &[KuhnMove]) -> Self {
        for &a in actions {
            self.play(a).expect("a legal betting");
        }
        self
    }

    /// The cards, once dealt.
    #[must_use]
    pub fn cards(&self) -> Option<[u8; 2]> {
        self.cards
    }

    /// The betting so far, as the classic strings "", "p", "b", "pb", ...
    #[must_use]
    pub fn betting(&self) -> String {
        self.history
            .iter()
            .map(|m| if *m == KuhnMove::Bet { 'b' } else { 'p' })
            .collect()
    }

    /// Chips the first player wins (negative: loses), once the hand is
    /// over.
    #[must_use]
    pub fn payoff(&self) -> Option<i32> {
        let [a, b] = self.cards?;
        let showdown = if a > b { 1 } else { -1 };
        match self.betting().as_str() {
            "pp" => Some(showdown),
            "bb" | "pbb" => Some(2 * showdown),
            "bp" => Some(1),
            "pbp" => Some(-1),
            _ => None,
        }
    }
}

impl Game for KuhnPoker {
    type Move = KuhnMove;
    type MoveList = ArrayVec<KuhnMove, 6>;
    type Error = IllegalMove<KuhnMove>;

    fn to_move(&self) -> Player {
        // The chance node counts from the first player's point of view.
        if self.history.len() % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        if self.cards.is_none() {
            for a in 0..3 {
                for b in (0..3).filter(|&b| b != a) {
                    moves.push(KuhnMove::Deal(a, b));
                }
            }
        } else if self.payoff().is_none() {
            moves.push(KuhnMove::Pass);
            moves.push(KuhnMove::Bet);
        }
    }

    fn play_unchecked(&mut self, mv: KuhnMove) {
        match mv {
            KuhnMove::Deal(a, b) => self.cards = Some([a, b]),
            action => self.history.push(action),
        }
    }

    fn play(&mut self, mv: KuhnMove) -> Result<(), Self::Error> {
        if !self.is_legal(mv) {
            return Err(IllegalMove {
                mv,
                reason: "not legal now",
            });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.payoff().map(|p| {
            if p > 0 {
                Outcome::Win(Player::First)
            } else {
                Outcome::Win(Player::Second)
            }
        })
    }
}

impl ZobristHash for KuhnPoker {
    fn zobrist(&self) -> u64 {
        self.zobrist_from_scratch()
    }
    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = 0;
        if let Some([a, b]) = self.cards {
            h ^= KEYS[a as usize] ^ KEYS[3 + b as usize];
        }
        for (i, m) in self.history.iter().enumerate() {
            h ^= KEYS[6 + 2 * i + usize::from(*m == KuhnMove::Bet)];
        }
        h
    }
}

impl Stochastic for KuhnPoker {
    type ChanceList = ArrayVec<(KuhnMove, f64), 6>;

    fn is_chance_node(&self) -> bool {
        self.cards.is_none()
    }

    fn chance_outcomes(&self, outcomes: &mut Self::ChanceList) {
        outcomes.clear();
        for mv in self.moves() {
            outcomes.push((mv, 1.0 / 6.0));
        }
    }
}

/// What one player knows: its own card, the betting, and the opponent's
/// card only after a showdown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KuhnView {
    viewer: Player,
    own: Option<u8>,
    opponent: Option<u8>,
    history: ArrayVec<KuhnMove, 3>,
}

impl KuhnView {
    /// The player whose view it is.
    #[must_use]
    pub fn viewer(&self) -> Player {
        self.viewer
    }
    /// The viewer's card, once dealt.
    #[must_use]
    pub fn own(&self) -> Option<u8> {
        self.own
    }
    /// The opponent's card, after a showdown.
    #[must_use]
    pub fn opponent(&self) -> Option<u8> {
        self.opponent
    }
}

impl Observable for KuhnPoker {
    type View = KuhnView;

    fn view(&self, player: Player) -> KuhnView {
        let own = self.cards.map(|c| c[player.index()]);
        let showdown = matches!(self.betting().as_str(), "pp" | "bb" | "pbb");
        KuhnView {
            viewer: player,
            own,
            opponent: self
                .cards
                .filter(|_| showdown)
                .map(|c| c[1 - player.index()]),
            history: self.history.clone(),
        }
    }
}

impl Determinize for KuhnPoker {
    /// The opponent's card, unless shown, is one of the two others, equally
    /// likely.
    fn determinize<R: RngCore + ?Sized>(view: &KuhnView, rng: &mut R) -> Self {
        let cards = view.own.map(|own| {
            let opponent = view.opponent.unwrap_or_else(|| {
                let others: ArrayVec<u8, 2> = (0..3).filter(|&c| c != own).collect();
                others[(rng.next_u32() % 2) as usize]
            });
            let mut cards = [own, opponent];
            if view.viewer == Player::Second {
                cards.swap(0, 1);
            }
            cards
        });
        KuhnPoker {
            cards,
            history: view.history.clone(),
        }
    }
}

/// Kuhn poker's results in chips: a finished hand is worth what its player
/// to move wins, scaled from ±2 chips to ±1 (see
/// [`Evaluator::outcome_value`]), so that a search prefers losing one chip
/// to losing two. Unfinished hands evaluate to 0.
#[derive(Debug, Clone, Copy, Default)]
pub struct KuhnChips;

impl Evaluator<KuhnPoker> for KuhnChips {
    fn evaluate(&self, _pos: &KuhnPoker) -> i32 {
        0
    }

    fn outcome_value(&self, pos: &KuhnPoker, _outcome: Outcome) -> f64 {
        f64::from(pos.payoff().unwrap_or(0) * pos.to_move().sign()) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use board_core::{FinishedGames, SplitMix64, perft_with};

    use super::*;

    /// Every state of the game, chance node included.
    fn all_states() -> Vec<KuhnPoker> {
        let mut out = vec![];
        let mut stack = vec![KuhnPoker::new()];
        while let Some(s) = stack.pop() {
            for mv in s.moves() {
                let mut c = s.clone();
                c.play_unchecked(mv);
                stack.push(c);
            }
            out.push(s);
        }
        out
    }

    #[test]
    fn the_game_tree_has_six_deals_and_five_endings_each() {
        let start = KuhnPoker::new();
        assert_eq!(perft_with(&start, 1, FinishedGames::Drop), 6);
        assert_eq!(perft_with(&start, 2, FinishedGames::Drop), 12);
        assert_eq!(perft_with(&start, 3, FinishedGames::Drop), 24);
        // Endings: pp, pbp, pbb, bp, bb.
        assert_eq!(perft_with(&start, 4, FinishedGames::CountAsLeaf), 30);
        let finished = all_states()
            .iter()
            .filter(|s| s.outcome().is_some())
            .count();
        assert_eq!(finished, 30);
    }

    #[test]
    fn the_deal_is_a_chance_node_with_probabilities() {
        let start = KuhnPoker::new();
        assert!(start.is_chance_node());
        let mut outcomes = ArrayVec::<(KuhnMove, f64), 6>::new();
        start.chance_outcomes(&mut outcomes);
        let moves: Vec<KuhnMove> = outcomes.iter().map(|o| o.0).collect();
        assert_eq!(moves, start.moves().to_vec());
        assert!((outcomes.iter().map(|o| o.1).sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(all_states().iter().filter(|s| s.is_chance_node()).count() == 1);
    }

    #[test]
    fn with_perfect_information_the_game_is_worth_zero() {
        // Expectimax over the full-information tree: each player sees both
        // cards, so the better card always wins exactly one chip net.
        fn value(s: &KuhnPoker) -> f64 {
            if let Some(p) = s.payoff() {
                return f64::from(p * s.to_move().sign());
            }
            let me = s.to_move();
            let child = |mv| {
                let mut c = s.clone();
                c.play_unchecked(mv);
                let v = value(&c);
                if c.to_move() == me { v } else { -v }
            };
            if s.is_chance_node() {
                let mut o = ArrayVec::<(KuhnMove, f64), 6>::new();
                s.chance_outcomes(&mut o);
                o.iter().map(|&(mv, p)| p * child(mv)).sum()
            } else {
                s.moves()
                    .iter()
                    .map(|&mv| child(mv))
                    .fold(f64::MIN, f64::max)
            }
        }
        assert!(value(&KuhnPoker::new()).abs() < 1e-12);
        let strong = KuhnPoker::dealt(KING, JACK);
        assert!((value(&strong) - 1.0).abs() < 1e-12);
        // The chips evaluator agrees with the payoff at every ending.
        for s in all_states() {
            if let Some(o) = s.outcome() {
                assert_eq!(KuhnChips.outcome_value(&s, o) * 2.0, value(&s));
            }
        }
    }

    #[test]
    fn a_view_never_shows_the_hidden_card() {
        for s in all_states() {
            let Some([a, b]) = s.cards else { continue };
            // The state with the second player's card swapped for the third card.
            let c = 3 - a - b;
            let other = KuhnPoker {
                cards: Some([a, c]),
                history: s.history.clone(),
            };
            let showdown = s.view(Player::First).opponent.is_some();
            if !showdown {
                assert_eq!(s.view(Player::First), other.view(Player::First), "{s:?}");
            }
            assert_ne!(s.view(Player::Second), other.view(Player::Second));
            assert_eq!(s.moves().to_vec(), other.moves().to_vec());
        }
    }

    #[test]
    fn determinized_states_are_consistent_with_the_view_and_cover_both_cards() {
        let mut rng = SplitMix64::new(99);
        for s in all_states() {
            for viewer in Player::ALL {
                let view = s.view(viewer);
                let mut seen = [0u32; 3];
                for _ in 0..200 {
                    let d = KuhnPoker::determinize(&view, &mut rng);
                    assert_eq!(d.view(viewer), view);
                    assert_eq!(d.zobrist(), d.zobrist_from_scratch());
                    if let Some(cards) = d.cards {
                        seen[cards[1 - viewer.index()] as usize] += 1;
                    }
                }
                if s.cards.is_some() && view.opponent.is_none() {
                    let possible = seen.iter().filter(|&&n| n > 0).count();
                    assert_eq!(possible, 2, "both unseen cards are sampled: {seen:?}");
                    assert!(seen.iter().all(|&n| n == 0 || n > 60), "{seen:?}");
                }
            }
        }
    }

    #[test]
    fn illegal_moves_are_rejected_without_change() {
        let mut s = KuhnPoker::new();
        assert!(s.play(KuhnMove::Bet).is_err());
        assert_eq!(s, KuhnPoker::new());
        s.play(KuhnMove::Deal(0, 1)).expect("a deal");
        assert!(s.play(KuhnMove::Deal(1, 2)).is_err());
        s.play(KuhnMove::Bet).expect("legal");
        s.play(KuhnMove::Pass).expect("legal");
        assert_eq!(s.payoff(), Some(1));
        assert!(s.moves().is_empty());
        assert!(s.play(KuhnMove::Bet).is_err());
    }
}

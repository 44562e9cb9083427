//! Kuhn poker expressed with the board-core traits: a game with chance (the
//! deal) and hidden information (the opponent's card). It shows that the
//! traits carry what Stratego's hidden ranks will need: a chance node with
//! probabilities ([`Stochastic`]), views that never leak ([`Observable`]),
//! and sampling a full state from a view ([`Determinize`]).
//!
//! Rules: three cards J < Q < K, one dealt to each player, one ante each.
//! The first player passes or bets 1; after a pass the second may pass
//! (showdown) or bet; facing a bet a player folds (pass) or calls (bet,
//! then showdown). The higher card wins the showdown.

use board_core::arrayvec::ArrayVec;
use board_core::rand_core::RngCore;
use board_core::{
    Determinize, FinishedGames, Game, IllegalMove, Observable, Outcome, Player, SplitMix64,
    Stochastic, ZobristHash, perft_with, zobrist_keys,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Move {
    /// Chance: the first and the second player's cards.
    Deal(u8, u8),
    Pass,
    Bet,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Kuhn {
    cards: Option<[u8; 2]>,
    history: ArrayVec<Move, 3>,
}

static KEYS: [u64; 16] = zobrist_keys(7);

impl Kuhn {
    fn new() -> Self {
        Kuhn {
            cards: None,
            history: ArrayVec::new(),
        }
    }

    /// The betting so far, as the classic strings "", "p", "b", "pb", ...
    fn betting(&self) -> String {
        self.history
            .iter()
            .map(|m| if *m == Move::Bet { 'b' } else { 'p' })
            .collect()
    }

    /// Chips the first player wins (negative: loses), once the game is over.
    fn payoff(&self) -> Option<i32> {
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

impl Game for Kuhn {
    type Move = Move;
    type MoveList = ArrayVec<Move, 6>;
    type Error = IllegalMove<Move>;

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
                    moves.push(Move::Deal(a, b));
                }
            }
        } else if self.payoff().is_none() {
            moves.push(Move::Pass);
            moves.push(Move::Bet);
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        match mv {
            Move::Deal(a, b) => self.cards = Some([a, b]),
            action => self.history.push(action),
        }
    }

    fn play(&mut self, mv: Move) -> Result<(), Self::Error> {
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

impl ZobristHash for Kuhn {
    fn zobrist(&self) -> u64 {
        self.zobrist_from_scratch()
    }
    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = 0;
        if let Some([a, b]) = self.cards {
            h ^= KEYS[a as usize] ^ KEYS[3 + b as usize];
        }
        for (i, m) in self.history.iter().enumerate() {
            h ^= KEYS[6 + 2 * i + usize::from(*m == Move::Bet)];
        }
        h
    }
}

impl Stochastic for Kuhn {
    type ChanceList = ArrayVec<(Move, f64), 6>;

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
struct KuhnView {
    viewer: Player,
    own: Option<u8>,
    opponent: Option<u8>,
    history: ArrayVec<Move, 3>,
}

impl Observable for Kuhn {
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

impl Determinize for Kuhn {
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
        Kuhn {
            cards,
            history: view.history.clone(),
        }
    }
}

/// Every state of the game, chance node included.
fn all_states() -> Vec<Kuhn> {
    let mut out = vec![];
    let mut stack = vec![Kuhn::new()];
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
    let start = Kuhn::new();
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
    let start = Kuhn::new();
    assert!(start.is_chance_node());
    let mut outcomes = ArrayVec::<(Move, f64), 6>::new();
    start.chance_outcomes(&mut outcomes);
    let moves: Vec<Move> = outcomes.iter().map(|o| o.0).collect();
    assert_eq!(moves, start.moves().to_vec());
    assert!((outcomes.iter().map(|o| o.1).sum::<f64>() - 1.0).abs() < 1e-12);
    assert!(all_states().iter().filter(|s| s.is_chance_node()).count() == 1);
}

#[test]
fn with_perfect_information_the_game_is_worth_zero() {
    // Expectimax over the full-information tree: each player sees both
    // cards, so the better card always wins exactly one chip net.
    fn value(s: &Kuhn) -> f64 {
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
            let mut o = ArrayVec::<(Move, f64), 6>::new();
            s.chance_outcomes(&mut o);
            o.iter().map(|&(mv, p)| p * child(mv)).sum()
        } else {
            s.moves()
                .iter()
                .map(|&mv| child(mv))
                .fold(f64::MIN, f64::max)
        }
    }
    assert!(value(&Kuhn::new()).abs() < 1e-12);
    let strong = {
        let mut s = Kuhn::new();
        s.play(Move::Deal(2, 0)).unwrap();
        s
    };
    assert!((value(&strong) - 1.0).abs() < 1e-12);
}

#[test]
fn a_view_never_shows_the_hidden_card() {
    for s in all_states() {
        let Some([a, b]) = s.cards else { continue };
        // The state with the second player's card swapped for the third card.
        let c = 3 - a - b;
        let other = Kuhn {
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
                let d = Kuhn::determinize(&view, &mut rng);
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
    let mut s = Kuhn::new();
    assert!(s.play(Move::Bet).is_err());
    assert_eq!(s, Kuhn::new());
    s.play(Move::Deal(0, 1)).unwrap();
    assert!(s.play(Move::Deal(1, 2)).is_err());
    s.play(Move::Bet).unwrap();
    s.play(Move::Pass).unwrap();
    assert_eq!(s.payoff(), Some(1));
    assert!(s.moves().is_empty());
    assert!(s.play(Move::Bet).is_err());
}

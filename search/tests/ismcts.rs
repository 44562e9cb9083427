//! Information-set MCTS on KuhnPoker poker: it plays the dominant actions (call
//! a bet with the King, fold to a bet with the Jack) from either seat, it
//! reads the searcher's view alone (two deals that look the same to it get
//! the same search, move for move and visit for visit), and it is
//! deterministic for a seed.

use KuhnMove::{Bet, Pass};
use board_core::{Game, Observable, Player};
use board_search::{
    Ismcts, IsmctsStrategy, Limits, MatchOptions, MctsOptions, NoKnowledge, Opening,
    RandomStrategy, Strategy, play_match,
};
use spielwerk_testgames::{JACK, KING, KuhnChips, KuhnMove, KuhnPoker, QUEEN};

fn decide(pos: &KuhnPoker, seed: u64) -> KuhnMove {
    let view = pos.view(pos.to_move());
    let ismcts = Ismcts::new(KuhnChips, MctsOptions::default().with_seed(seed));
    let r = ismcts.search::<KuhnPoker>(&view, &Limits::playouts(2_000));
    r.best_move.expect("a decision to make")
}

#[test]
fn the_king_calls_a_bet_and_the_jack_folds_to_one() {
    for seed in 0..5 {
        for opponent in [JACK, QUEEN, KING] {
            // The second player facing a bet.
            if opponent != KING {
                let pos = KuhnPoker::dealt(opponent, KING).after(&[Bet]);
                assert_eq!(decide(&pos, seed), Bet, "king calls, seed {seed}");
            }
            if opponent != JACK {
                let pos = KuhnPoker::dealt(opponent, JACK).after(&[Bet]);
                assert_eq!(decide(&pos, seed), Pass, "jack folds, seed {seed}");
            }
            // The first player facing a bet after passing.
            if opponent != KING {
                let pos = KuhnPoker::dealt(KING, opponent).after(&[Pass, Bet]);
                assert_eq!(decide(&pos, seed), Bet, "king calls, seed {seed}");
            }
            if opponent != JACK {
                let pos = KuhnPoker::dealt(JACK, opponent).after(&[Pass, Bet]);
                assert_eq!(decide(&pos, seed), Pass, "jack folds, seed {seed}");
            }
        }
    }
}

#[test]
fn no_view_leaks_two_deals_that_look_alike_get_the_same_search() {
    let ismcts = Ismcts::new(KuhnChips, MctsOptions::default().with_seed(11));
    for (history, viewer_card) in [
        (&[][..], QUEEN),
        (&[Bet][..], KING),
        (&[Pass, Bet][..], JACK),
    ] {
        let deals: Vec<KuhnPoker> = [JACK, QUEEN, KING]
            .into_iter()
            .filter(|&c| c != viewer_card)
            .map(|other| {
                let first_to_move = history.len() % 2 == 0;
                let cards = if first_to_move {
                    (viewer_card, other)
                } else {
                    (other, viewer_card)
                };
                KuhnPoker::dealt(cards.0, cards.1).after(history)
            })
            .collect();
        let side = deals[0].to_move();
        assert_eq!(deals[0].view(side), deals[1].view(side), "the same view");
        assert_ne!(deals[0], deals[1], "different deals");
        let a = ismcts.search::<KuhnPoker>(&deals[0].view(side), &Limits::playouts(1_500));
        let b = ismcts.search::<KuhnPoker>(&deals[1].view(side), &Limits::playouts(1_500));
        assert_eq!(
            (&a.moves, a.best_move, a.nodes),
            (&b.moves, b.best_move, b.nodes)
        );
        // Through the Strategy layer, which gets the referee's state: the
        // same choice for both deals.
        let mut player =
            IsmctsStrategy::new(KuhnChips, MctsOptions::default(), Limits::playouts(800));
        player.new_game(&deals[0], 5).expect("no error");
        let first = player.choose(&deals[0]).expect("a move");
        player.new_game(&deals[1], 5).expect("no error");
        let second = player.choose(&deals[1]).expect("a move");
        assert_eq!(first, second);
    }
}

#[test]
fn ismcts_is_deterministic_for_a_seed_with_any_threads() {
    let pos = KuhnPoker::dealt(QUEEN, JACK);
    let view = pos.view(Player::First);
    for threads in [1, 2, 3] {
        let ismcts = Ismcts::new(
            KuhnChips,
            MctsOptions::default().with_seed(4).with_threads(threads),
        );
        let a = ismcts.search::<KuhnPoker>(&view, &Limits::playouts(1_000));
        let b = ismcts.search::<KuhnPoker>(&view, &Limits::playouts(1_000));
        assert_eq!((&a.moves, &a.pv, a.playouts), (&b.moves, &b.pv, b.playouts));
        assert_eq!(a.playouts, 1_000);
        assert_eq!(a.moves.iter().map(|m| m.visits).sum::<u64>(), 1_000);
    }
}

#[test]
fn ismcts_outplays_a_random_player_at_kuhn_poker() {
    // Over many hands the chips tell; here the hands' winners do: ISMCTS,
    // which calls and folds right, wins more hands than a random player.
    let mut ismcts = IsmctsStrategy::new(KuhnChips, MctsOptions::default(), Limits::playouts(300));
    let mut random = RandomStrategy::new(2);
    let deals: Vec<Opening<KuhnPoker>> = [
        (JACK, QUEEN),
        (QUEEN, KING),
        (KING, JACK),
        (QUEEN, JACK),
        (KING, QUEEN),
        (JACK, KING),
    ]
    .into_iter()
    .map(|(a, b)| Opening::new(KuhnPoker::dealt(a, b)))
    .collect();
    let r = play_match(
        &mut ismcts,
        &mut random,
        &deals,
        &MatchOptions::games(60),
        |_, _| {},
    )
    .expect("legal hands");
    assert!(r.wdl.wins > r.wdl.losses, "{:?}", r.wdl);
    // The knowledge-free evaluator counts hands, not chips; it still plays.
    let view = KuhnPoker::dealt(KING, JACK).view(Player::First);
    let r = Ismcts::new(NoKnowledge, MctsOptions::default())
        .search::<KuhnPoker>(&view, &Limits::playouts(200));
    assert!(r.best_move.is_some());
}

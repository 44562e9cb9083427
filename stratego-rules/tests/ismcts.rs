//! board-search's information-set MCTS on Stratego: where only one hidden
//! piece can be the Flag (every other enemy piece has moved, and the enemy
//! has no Bomb left), it captures it; and it reads the searcher's view
//! alone: positions that differ only in ranks the searcher has not seen get
//! the same search.
#![cfg(feature = "ai")]

use board_core::{Game, Observable, Outcome, Player};
use board_search::{Ismcts, IsmctsStrategy, Limits, MctsOptions, NoKnowledge, Playout, Strategy};
use stratego_rules::{Move, Position};

/// Red to move. Blue (lower case) has its Flag on e4, the only Blue piece
/// that has not moved (`'` marks a moved piece); its moved pieces (two
/// Scouts and a General, ranks Red has not seen) stand on a10, d3 and j10.
/// Red's Scout on e3 can take e4; it could also attack the moved piece on
/// d3, or go anywhere else.
const ONE_FLAG: &str = "c'........g'/........../........../........../..~~..~~../..~~..~~../....f...../...c'C...../........../F........M r classic 40 3 - -";

/// The same position with Blue's General and one Scout swapped: Red cannot
/// tell the two apart.
const SWAPPED: &str = "g'........c'/........../........../........../..~~..~~../..~~..~~../....f...../...c'C...../........../F........M r classic 40 3 - -";

/// The same, but Blue's Scout on a10 has not moved: it may be the Flag
/// too, as far as Red knows.
const TWO_CANDIDATES: &str = "c........g'/........../........../........../..~~..~~../..~~..~~../....f...../...c'C...../........../F........M r classic 40 3 - -";

fn search_options(seed: u64) -> MctsOptions {
    MctsOptions {
        // Short random playouts; a game still going after them is a draw
        // (the knowledge-free evaluator values every position at 0).
        playout: Playout::Random { max_plies: 30 },
        ..MctsOptions::default().with_seed(seed)
    }
}

#[test]
fn ismcts_takes_the_only_piece_that_can_be_the_flag() {
    let pos: Position = ONE_FLAG.parse().expect("a legal position");
    assert_eq!(pos.to_move(), Player::First);
    let capture: Move = "e3-e4".parse().expect("a move");
    assert!(pos.is_legal(capture));
    // The capture ends the game.
    let mut after = pos.clone();
    after.play(capture).expect("legal");
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::First)));
    let view = pos.view(Player::First);
    for seed in 0..4 {
        let r = Ismcts::new(NoKnowledge, search_options(seed))
            .search::<Position>(&view, &Limits::playouts(1_500));
        assert_eq!(r.best_move, Some(capture), "seed {seed}");
        let stats = r.moves.iter().find(|m| m.mv == capture).expect("searched");
        assert_eq!(stats.value, 1.0, "every determinization has the Flag there");
    }
    // Where two pieces may be the Flag, taking one is no certain win: the
    // search knows what it cannot know.
    let unsure: Position = TWO_CANDIDATES.parse().expect("a legal position");
    let r = Ismcts::new(NoKnowledge, search_options(1))
        .search::<Position>(&unsure.view(Player::First), &Limits::playouts(1_500));
    let stats = r.moves.iter().find(|m| m.mv == capture).expect("searched");
    assert!(stats.value < 0.95, "{}", stats.value);
}

#[test]
fn no_view_leaks_positions_that_look_alike_get_the_same_search() {
    let a: Position = ONE_FLAG.parse().expect("a legal position");
    let b: Position = SWAPPED.parse().expect("a legal position");
    assert_ne!(a, b);
    assert_eq!(a.view(Player::First), b.view(Player::First));
    let ismcts = Ismcts::new(NoKnowledge, search_options(9));
    let ra = ismcts.search::<Position>(&a.view(Player::First), &Limits::playouts(600));
    let rb = ismcts.search::<Position>(&b.view(Player::First), &Limits::playouts(600));
    assert_eq!((&ra.moves, &ra.pv, ra.nodes), (&rb.moves, &rb.pv, rb.nodes));
    // The Strategy is given the referee's position and builds Red's view
    // itself: the same choice for both.
    let mut player = IsmctsStrategy::new(NoKnowledge, search_options(3), Limits::playouts(600));
    player.new_game(&a, 1).expect("no error");
    let ca = player.choose(&a).expect("a move");
    player.new_game(&b, 1).expect("no error");
    let cb = player.choose(&b).expect("a move");
    assert_eq!(ca, cb);
}

//! What a tracker reads of the enemy's attacks ([`Conduct`]), and the enemy
//! model the computer's `max` level adapts from it.
#![cfg(feature = "ai")]

use board_core::{Game, Observable, Player};
use stratego_rules::ai::{Computer, Conduct, EnemyAttacks, GameOptions, Level, Settings, Tracker};
use stratego_rules::{Move, Position};

/// Blue's `blue` on e4 above Red's `red` on e3 (each with its marks: `'`
/// moved, `*` identified by the other side), Red's back row `home`, `side`
/// to move.
fn duel(blue: &str, red: &str, home: &str, side: char) -> Position {
    format!(
        "f........./........../........../........../..~~..~~../..~~..~~../....{blue}...../....{red}...../........../{home} {side} classic 40 3 - -"
    )
    .parse()
    .expect("a legal position")
}

/// Blue's identified Major above Red's moved Sergeant, which Blue has not
/// identified; `co` and `ma` mark Red's Colonel and Marshal at home as
/// identified (`*`) or not.
fn major_over_sergeant(co: &str, ma: &str) -> Position {
    duel("j'*", "E'", &format!("F...O{co}....M{ma}"), 'b')
}

fn conduct(risky: u32, informed: u32, informed_lost: u32) -> Conduct {
    Conduct {
        risky,
        informed,
        informed_lost,
    }
}

/// The conduct a tracker of Red reads from the move `mv` in `pos`.
fn red_reads(pos: &Position, mv: &str) -> Conduct {
    let mv: Move = mv.parse().expect("a move");
    assert!(pos.is_legal(mv), "{mv} in {pos}");
    let mut tracker = Tracker::new(&pos.view(Player::First));
    assert_eq!(tracker.conduct(), Conduct::default());
    tracker
        .observe(pos.public_move(mv))
        .expect("a move of the game");
    tracker.conduct()
}

#[test]
fn an_identified_major_attacking_where_a_colonel_may_stand_is_risky() {
    // Blue has not seen Red's Colonel or Marshal: either may be on e3.
    assert_eq!(
        red_reads(&major_over_sergeant("", ""), "e4-e3"),
        conduct(1, 0, 0)
    );
    // One unseen rank that beats the Major is enough.
    assert_eq!(red_reads(&major_over_sergeant("*", ""), "e4-e3").risky, 1);
}

#[test]
fn an_attack_every_suspected_rank_loses_is_not_risky() {
    // Blue has seen the Colonel and the Marshal: what it has not seen on a
    // moved piece (the Sergeant; the Flag cannot move) loses to its Major.
    let seen = red_reads(&major_over_sergeant("*", "*"), "e4-e3");
    assert_eq!(seen, Conduct::default());
}

#[test]
fn an_unmoved_target_may_be_a_bomb() {
    // Red's Sergeant has not moved, so it may be the Flag, which loses to
    // every attacker; with a Bomb at home, unseen, the attack is risky.
    let no_bomb = duel("j'*", "E", "F...O*....M*", 'b');
    assert_eq!(red_reads(&no_bomb, "e4-e3"), Conduct::default());
    let bomb = duel("j'*", "E", "F..BO*....M*", 'b');
    assert_eq!(red_reads(&bomb, "e4-e3"), conduct(1, 0, 0));
}

#[test]
fn unknown_pieces_attacking_identified_ones_are_counted_with_their_losses() {
    // An unknown Blue General takes Red's identified Sergeant.
    let won = duel("g'", "E'*", "F...O....M", 'b');
    assert_eq!(red_reads(&won, "e4-e3"), conduct(0, 1, 0));
    // An unknown Blue Scout dies on Red's identified Colonel.
    let lost = duel("c'", "O'*", "F........M", 'b');
    assert_eq!(red_reads(&lost, "e4-e3"), conduct(0, 1, 1));
    // An unknown Blue Colonel trades itself for Red's identified one: no
    // loss.
    let traded = duel("o'", "O'*", "F........M", 'b');
    assert_eq!(red_reads(&traded, "e4-e3"), conduct(0, 1, 0));
}

#[test]
fn the_viewers_own_attacks_and_quiet_moves_count_nothing() {
    // Red's Sergeant attacks Blue's identified Major.
    let own = duel("j'*", "E'", "F...O....M", 'r');
    assert_eq!(red_reads(&own, "e3-e4"), Conduct::default());
    // Blue's Major steps aside.
    assert_eq!(
        red_reads(&major_over_sergeant("", ""), "e4-f4"),
        Conduct::default()
    );
}

#[test]
fn the_enemy_model_changes_only_on_evidence() {
    let base = GameOptions::default();
    assert_eq!(base.enemy_attacks, EnemyAttacks::Prudent);
    assert_eq!(Conduct::default().adjust(base), base);
    let risky = conduct(1, 0, 0);
    assert_eq!(risky.adjust(base).enemy_attacks, EnemyAttacks::Informed);
    assert_eq!(risky.adjust(base).informed_attack_percent, 100);
    // A model chosen by the user other than the prudent one stays.
    let gambling = GameOptions {
        enemy_attacks: EnemyAttacks::Gambling,
        ..base
    };
    assert_eq!(risky.adjust(gambling).enemy_attacks, EnemyAttacks::Gambling);
    // Two informed attacks are too few; three with no loss are enough;
    // one lost of three is too many, one of five is not.
    let informed = |n, lost| conduct(0, n, lost);
    assert_eq!(informed(2, 0).adjust(base), base);
    assert_eq!(informed(3, 0).adjust(base).informed_attack_percent, 20);
    assert_eq!(informed(3, 1).adjust(base), base);
    assert_eq!(informed(5, 1).adjust(base).informed_attack_percent, 20);
    assert_eq!(informed(5, 2).adjust(base), base);
    // A lower percentage than the evidence's stays.
    let low = GameOptions {
        informed_attack_percent: 10,
        ..base
    };
    assert_eq!(informed(3, 0).adjust(low).informed_attack_percent, 10);
    // Any counts, however large, are read without overflow.
    let most = conduct(u32::MAX, u32::MAX, u32::MAX);
    assert_eq!(most.adjust(base).enemy_attacks, EnemyAttacks::Informed);
    assert_eq!(most.adjust(base).informed_attack_percent, 100);
    assert_eq!(
        informed(u32::MAX, 0).adjust(base).informed_attack_percent,
        20
    );
}

#[test]
fn only_max_adapts_its_enemy_model() {
    for level in [Level::Medium, Level::Hard] {
        assert!(!Settings::for_level(level).adapt_enemy_model, "{level}");
        assert!(!Computer::new(level).settings().adapt_enemy_model);
    }
    assert!(Settings::for_level(Level::Max).adapt_enemy_model);
}

/// Over a game between two greedy players (which attack unidentified
/// pieces with their known high pieces when the expected material says
/// so), a tracker fed the public moves and one catching up from the views
/// read the same conduct at every ply, and the greedy enemy's risky
/// attacks are seen.
#[test]
fn a_tracker_reads_the_same_conduct_from_moves_and_from_views() {
    use board_search::Strategy;
    use stratego_rules::ai::Greedy;
    use stratego_rules::{Army, Preset, Setup, predefined};

    let d = predefined();
    let mut pos = Position::from_setup(
        Setup::from_deployments(Army::Classic, &d[2].1, &d[5].1),
        Preset::Battlegeneral.rules(),
    )
    .expect("a legal start");
    let mut players = [Greedy::new(3), Greedy::new(4)];
    let mut by_moves = Tracker::new(&pos.view(Player::First));
    let mut by_views = Tracker::new(&pos.view(Player::First));
    for _ in 0..600 {
        if pos.outcome().is_some() {
            break;
        }
        let side = pos.to_move();
        let mv = players[side.index()].choose(&pos).expect("a move").mv;
        let public = pos.public_move(mv);
        pos.play(mv).expect("legal");
        by_moves.observe(public).expect("a move of the game");
        by_views
            .sync(&pos.view(Player::First), None)
            .expect("one ply from the last view");
        assert_eq!(by_moves.conduct(), by_views.conduct(), "ply {}", pos.ply());
    }
    let seen = by_moves.conduct();
    println!("{seen:?} after {} plies", pos.ply());
    assert!(seen.risky >= 1, "{seen:?}");
    assert!(seen.informed_lost <= seen.informed);
}

//! Perft counts from full-information positions, checked against the
//! simple generator of `tests/common` and against the counts published in
//! the README.

mod common;

use board_core::{Game, perft, perft_undo};
use common::{Game2, simple_perft};
use stratego_rules::{Army, Deployment, Position, Rules, Setup, predefined};

fn start(red: usize, blue: usize) -> Position {
    let d = predefined();
    Position::from_setup(
        Setup::from_deployments(Army::Classic, &d[red].1, &d[blue].1),
        Rules::default(),
    )
    .expect("valid")
}

/// A Barrage start: both sides `.....` rows front to back.
fn barrage() -> Position {
    let red: Deployment = "..C..C..../..M.G...../.N....S.../..B.F....."
        .parse()
        .expect("deployment");
    let blue: Deployment = "...C....C./.....M.G../...S..N.../.....F.B.."
        .parse()
        .expect("deployment");
    Position::from_setup(
        Setup::from_deployments(Army::Barrage, &red, &blue),
        Rules::default(),
    )
    .expect("valid")
}

/// A middle game: 80 random plies (SplitMix64 seed 7) from right flank
/// against bomb wall, picking among the moves sorted by squares. The
/// README prints its text.
fn middle() -> Position {
    let mut pos = start(2, 5);
    let mut rng = board_core::SplitMix64::new(7);
    for _ in 0..80 {
        let mut moves = pos.moves().to_vec();
        moves.sort_by_key(|m| (m.from, m.to));
        let Some(&m) = moves.get(rng.below(moves.len().max(1) as u64) as usize) else {
            break;
        };
        pos.play(m).expect("legal");
    }
    pos
}

fn check(pos: &Position, published: &[u64]) {
    let simple = Game2::new(pos.clone());
    for (d, &expected) in published.iter().enumerate() {
        let depth = d as u32 + 1;
        let fast = perft(pos, depth);
        let mut p = pos.clone();
        assert_eq!(
            perft_undo(&mut p, depth),
            fast,
            "make/unmake perft at depth {depth}"
        );
        if depth <= 3 {
            assert_eq!(
                simple_perft(&simple, depth),
                fast,
                "simple generator at depth {depth}"
            );
        }
        assert_eq!(fast, expected, "published count at depth {depth} of {pos}");
    }
}

#[test]
fn perft_fortress_against_left_flank() {
    check(&start(0, 1), &[12, 95, 1373, 16755]);
}

#[test]
fn perft_scout_screen_against_tempest() {
    check(&start(3, 7), &[16, 152, 2620, 32328]);
}

#[test]
fn perft_barrage() {
    check(&barrage(), &[32, 1210, 38715, 1393722]);
}

#[test]
fn perft_middle_game() {
    let pos = middle();
    assert_eq!(
        pos.to_string(),
        "bnpbfblcnb/c'.m'lecjnc./n'o'j'nepgjo'./...ebb*cls'e'/.l'~~..~~../p'L'*~~.P'~~../E'*C'C'.J'E'N'.M'./SPE.J'O'G'J'../PCB.N'OCBLN/BNLCEBBFBN r classic 80 2 e4:d4-e4:1 j7:j7-j8:1"
    );
    check(&pos, &[23, 434, 10093, 194205]);
}

#[test]
fn a_deeper_check_against_the_simple_generator() {
    // Depth 4 from the middle game, where battles, revealed pieces and
    // long Scout moves all occur.
    let pos = middle();
    assert_eq!(simple_perft(&Game2::new(pos.clone()), 4), perft(&pos, 4));
}

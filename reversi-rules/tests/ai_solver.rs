//! The solver against plain negamax on random late positions, and its
//! fail-soft bounds on narrow windows.

use board_core::Game;
use reversi_rules::ai::endgame::{Solver, final_score};
use reversi_rules::{Move, Position};

/// Plain negamax to the end of the game.
fn negamax(pos: &Position) -> i32 {
    if pos.is_game_over() {
        let b = pos.board();
        return final_score(b.player(), b.opponent());
    }
    let mut best = -65;
    for &m in pos.moves().as_slice() {
        let mut next = *pos;
        next.play_unchecked(m);
        best = best.max(-negamax(&next));
    }
    best
}

/// A random game from the start, stopped at `empties` empty squares.
fn random_position(seed: u64, empties: u32) -> Option<Position> {
    let mut state = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    let mut pos = Position::start();
    while pos.empty_count() > empties {
        if pos.is_game_over() {
            return None;
        }
        let moves = pos.moves();
        let list: &[Move] = moves.as_slice();
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let m = list[(state >> 33) as usize % list.len()];
        pos.play_unchecked(m);
    }
    Some(pos)
}

#[test]
fn solver_equals_negamax_and_windows_bound_it() {
    let mut solver = Solver::with_table_bits(12);
    let mut checked = 0;
    for seed in 0..40 {
        let Some(pos) = random_position(seed, 9) else {
            continue;
        };
        let exact = negamax(&pos);
        let s = solver.solve(&pos).expect("few empties");
        assert_eq!(s.score, exact, "{pos}");
        if let Some(m) = s.best.filter(|&m| m != Move::Pass) {
            let mut next = pos;
            next.play_unchecked(m);
            assert_eq!(-negamax(&next), exact, "best move {m} of {pos}");
        }
        for (a, b) in [
            (exact - 1, exact + 1),
            (exact, exact + 2),
            (exact - 2, exact),
            (-64, exact - 3),
            (exact + 3, 64),
        ] {
            let w = solver.solve_window(&pos, a, b).expect("few empties").score;
            if exact > a && exact < b {
                assert_eq!(w, exact);
            } else if exact <= a {
                assert!(w <= a && w >= exact, "{pos} [{a},{b}]: {w} vs {exact}");
            } else {
                assert!(w >= b && w <= exact, "{pos} [{a},{b}]: {w} vs {exact}");
            }
        }
        checked += 1;
    }
    assert!(checked >= 30);
}

/// From 16 empties a whole-window solve first runs selective searches
/// whose bounds must never leak into the exact answer: it agrees with an
/// exact solve through a window (which runs no selective stage) on a
/// fresh table.
#[test]
fn selective_stages_leave_the_score_exact() {
    let mut checked = 0;
    for seed in 100..112 {
        let Some(pos) = random_position(seed, 16) else {
            continue;
        };
        let staged = Solver::with_table_bits(16).solve(&pos).expect("16 empties");
        let plain = Solver::with_table_bits(16)
            .solve_window(&pos, -63, 64)
            .expect("16 empties");
        if plain.score > -63 {
            assert_eq!(staged.score, plain.score, "{pos}");
            let m = staged.best.expect("a move");
            if m != Move::Pass {
                let mut next = pos;
                next.play_unchecked(m);
                let after = Solver::with_table_bits(16)
                    .solve(&next)
                    .expect("15 empties");
                assert_eq!(-after.score, staged.score, "best move {m} of {pos}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 8, "{checked} positions checked");
}

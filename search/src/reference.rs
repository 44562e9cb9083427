//! Plain, unpruned searches: the definitions the fast searches are tested
//! against. Exponential; use them on small trees only.
//!
//! They share the fast searches' conventions exactly: scores from the point
//! of view of the player to move, decided games scored by distance from the
//! root ([`win_in`](crate::win_in)), evaluations clamped to
//! ±[`MAX_EVAL`], and at the horizon (for evaluators that
//! [use quiescence](crate::Evaluator::uses_quiescence)) a quiescence search
//! over the evaluator's noisy moves of at most `quiescence_plies` plies
//! (the side to move may always "stand pat" on the evaluation).

use board_core::{Game, MoveList, Outcome, Stochastic};

use crate::score::terminal_score;
use crate::{Evaluator, MAX_EVAL};

/// The negamax value of `pos` searched to `depth` plies, without pruning.
pub fn negamax<G: Game, E: Evaluator<G>>(
    pos: &G,
    eval: &E,
    depth: u32,
    quiescence_plies: u32,
) -> i32 {
    negamax_at(pos, eval, depth, 0, quiescence_plies)
}

fn negamax_at<G: Game, E: Evaluator<G>>(pos: &G, eval: &E, depth: u32, ply: u32, q: u32) -> i32 {
    if let Some(outcome) = pos.outcome() {
        return terminal_score(outcome, pos.to_move(), ply);
    }
    let stand = eval.evaluate(pos).clamp(-MAX_EVAL, MAX_EVAL);
    if depth == 0 && (q == 0 || !eval.uses_quiescence()) {
        return stand;
    }
    let moves = pos.moves();
    let mut best = if depth == 0 { stand } else { i32::MIN };
    for &mv in moves.as_slice() {
        if depth == 0 && !eval.is_noisy(pos, mv) {
            continue;
        }
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let (d, qq) = if depth == 0 {
            (0, q - 1)
        } else {
            (depth - 1, q)
        };
        let v = negamax_at(&child, eval, d, ply + 1, qq);
        best = best.max(if child.to_move() == pos.to_move() {
            v
        } else {
            -v
        });
    }
    if best == i32::MIN { stand } else { best }
}

/// The expectimax value of `pos` searched to `depth` plies, without
/// pruning: players maximise (negamax), chance nodes average by
/// probability. Decided games score ±[`Evaluator::bound`], draws 0;
/// evaluations are clamped to that bound. No quiescence.
pub fn expectimax<G: Stochastic, E: Evaluator<G>>(pos: &G, eval: &E, depth: u32) -> f64 {
    let bound = f64::from(eval.bound());
    if let Some(outcome) = pos.outcome() {
        return outcome_value(outcome, pos, bound);
    }
    if depth == 0 {
        return f64::from(eval.evaluate(pos)).clamp(-bound, bound);
    }
    let me = pos.to_move();
    let value_of = |child: &G| {
        let v = expectimax(child, eval, depth - 1);
        if child.to_move() == me { v } else { -v }
    };
    if pos.is_chance_node() {
        average(pos, value_of)
    } else {
        let moves = pos.moves();
        let mut best = f64::NEG_INFINITY;
        for &mv in moves.as_slice() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            best = best.max(value_of(&child));
        }
        best
    }
}

/// The expectimax value of `pos` searched to `depth` plies and then by
/// quiescence, without pruning: as [`expectimax`], but at the horizon (for
/// evaluators that [use quiescence](crate::Evaluator::uses_quiescence))
/// the side to move takes the best of standing on the evaluation and its
/// noisy moves, and a chance node averages its outcomes, each step one of
/// at most `quiescence_plies` plies. The definition
/// [`Expectimax`](crate::Expectimax) with quiescence is tested against.
pub fn expectimax_quiescence<G: Stochastic, E: Evaluator<G>>(
    pos: &G,
    eval: &E,
    depth: u32,
    quiescence_plies: u32,
) -> f64 {
    let bound = f64::from(eval.bound());
    if let Some(outcome) = pos.outcome() {
        return outcome_value(outcome, pos, bound);
    }
    let q = if eval.uses_quiescence() {
        quiescence_plies
    } else {
        0
    };
    if depth == 0 {
        return quiesce_value(pos, eval, 0, q);
    }
    let me = pos.to_move();
    let value_of = |child: &G| {
        let v = expectimax_quiescence(child, eval, depth - 1, quiescence_plies);
        if child.to_move() == me { v } else { -v }
    };
    if pos.is_chance_node() {
        average(pos, value_of)
    } else {
        let moves = pos.moves();
        let mut best = f64::NEG_INFINITY;
        for &mv in moves.as_slice() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            best = best.max(value_of(&child));
        }
        best
    }
}

fn quiesce_value<G: Stochastic, E: Evaluator<G>>(pos: &G, eval: &E, qply: u32, q: u32) -> f64 {
    let bound = f64::from(eval.bound());
    if let Some(outcome) = pos.outcome() {
        return outcome_value(outcome, pos, bound);
    }
    let stand = f64::from(eval.evaluate(pos)).clamp(-bound, bound);
    if qply >= q {
        return stand;
    }
    let me = pos.to_move();
    let value_of = |child: &G| {
        let v = quiesce_value(child, eval, qply + 1, q);
        if child.to_move() == me { v } else { -v }
    };
    if pos.is_chance_node() {
        return average(pos, value_of);
    }
    let moves = pos.moves();
    let mut best = stand;
    for &mv in moves.as_slice() {
        if eval.is_noisy(pos, mv) {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            best = best.max(value_of(&child));
        }
    }
    best
}

/// The probability-weighted average of `value_of` over the outcomes of
/// the chance node `pos` (outcomes of probability 0 left out).
fn average<G: Stochastic>(pos: &G, value_of: impl Fn(&G) -> f64) -> f64 {
    let mut outcomes = G::ChanceList::default();
    pos.chance_outcomes(&mut outcomes);
    outcomes
        .as_slice()
        .iter()
        .filter(|o| o.1 > 0.0)
        .map(|&(mv, p)| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            p * value_of(&child)
        })
        .sum()
}

/// The value of a decided game for the player to move at `pos`.
pub(crate) fn outcome_value<G: Game>(outcome: Outcome, pos: &G, bound: f64) -> f64 {
    f64::from(outcome.value_for(pos.to_move())) * bound
}

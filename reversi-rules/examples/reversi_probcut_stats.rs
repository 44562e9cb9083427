//! How well shallow searches with the pattern evaluation predict the exact
//! endgame score: the data behind the solver's probable cut-offs.
//!
//! `cargo run --release -p reversi-rules --example reversi_probcut_stats -- WTHOR_FILE [GAMES]`
//!
//! Positions are taken from real games at each number of empties from 10
//! to 22, solved exactly, and compared with the evaluation searched to
//! depths 0, 1 and 2; printed per number of empties: the regression
//! `exact = a * eval + b` and the residual's standard deviation.

use reversi_rules::Position;
use reversi_rules::ai::endgame::Solver;
use reversi_rules::ai::weights::Weights;
use reversi_rules::bitboard::Kernel;
use reversi_rules::wthor::WthorLine;

fn eval_search(
    k: Kernel,
    w: &Weights,
    p: u64,
    o: u64,
    depth: u32,
    mut alpha: i32,
    beta: i32,
) -> i32 {
    if depth == 0 {
        return w.evaluate(p, o);
    }
    let mut mv = k.moves(p, o);
    if mv == 0 {
        if k.moves(o, p) == 0 {
            return 64 * reversi_rules::ai::endgame::final_score(p, o);
        }
        return -eval_search(k, w, o, p, depth, -beta, -alpha);
    }
    let mut best = i32::MIN + 1;
    while mv != 0 {
        let sq = mv.trailing_zeros() as usize;
        mv &= mv - 1;
        let f = k.flips(sq, p, o);
        let s = -eval_search(k, w, o & !f, p | f | (1 << sq), depth - 1, -beta, -alpha);
        if s > best {
            best = s;
            alpha = alpha.max(s);
            if s >= beta {
                break;
            }
        }
    }
    best
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .first()
        .ok_or("usage: probcut_stats WTHOR_FILE [GAMES]")?;
    let games: usize = args.get(1).map_or(Ok(60), |s| s.parse())?;
    let text = std::fs::read_to_string(path)?;
    let lines: Vec<&str> = text.lines().collect();
    let step = (lines.len() / games).max(1);
    let k = Kernel::detect();
    let w = Weights::embedded();
    let mut solver = Solver::with_table_bits(20);
    // samples[n] = (eval at depth 0, 1, 2, exact)
    let mut samples: Vec<Vec<([f64; 3], f64)>> = vec![Vec::new(); 23];
    for line in lines.iter().step_by(step) {
        let Ok(g) = line.parse::<WthorLine>() else {
            continue;
        };
        let Ok(game) = g.replay() else { continue };
        for pos in game.positions() {
            let b = pos.board();
            let (p, o) = (b.player(), b.opponent());
            let n = (!(p | o)).count_ones() as usize;
            if !(10..=22).contains(&n) || k.moves(p, o) == 0 {
                continue;
            }
            let e: [f64; 3] =
                [0, 1, 2].map(|d| f64::from(eval_search(k, w, p, o, d, -1 << 20, 1 << 20)) / 64.0);
            let exact = solver.solve(&Position::clone(pos))?.score;
            samples[n].push((e, f64::from(exact)));
        }
    }
    println!("| empties | samples | a0 | b0 | sd0 | a1 | b1 | sd1 | a2 | b2 | sd2 |");
    for (n, s) in samples.iter().enumerate() {
        if s.is_empty() {
            continue;
        }
        print!("| {n} | {} |", s.len());
        for d in 0..3 {
            let m = s.len() as f64;
            let (mx, my) = (
                s.iter().map(|x| x.0[d]).sum::<f64>() / m,
                s.iter().map(|x| x.1).sum::<f64>() / m,
            );
            let sxy: f64 = s.iter().map(|x| (x.0[d] - mx) * (x.1 - my)).sum();
            let sxx: f64 = s.iter().map(|x| (x.0[d] - mx).powi(2)).sum();
            let a = sxy / sxx.max(1e-9);
            let b = my - a * mx;
            let sd = (s
                .iter()
                .map(|x| (x.1 - a * x.0[d] - b).powi(2))
                .sum::<f64>()
                / m)
                .sqrt();
            let sd_plain = (s.iter().map(|x| (x.1 - x.0[d]).powi(2)).sum::<f64>() / m).sqrt();
            print!(" {a:.2} | {b:.1} | {sd:.1} ({sd_plain:.1}) |");
        }
        println!();
    }
    Ok(())
}

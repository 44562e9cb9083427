//! `spielwerk reversi solve|play|gtp|match|train`: the verbs of the Reversi
//! engine (crate `reversi-engine`).

use std::path::PathBuf;

use reversi_engine::endgame::Solver;
use reversi_engine::ffo::{first_id_from_name, parse_problems, solve_problem};
use serde_json::json;

use crate::output::{CliResult, Output};

/// Arguments of `spielwerk reversi solve`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// An OBF/FFO problem file (`fforum-40-59.obf`, `ffo40-59.txt`).
    pub file: PathBuf,
    /// Solve only problems numbered at least this.
    #[arg(long)]
    pub from: Option<u32>,
    /// Solve only problems numbered at most this.
    #[arg(long)]
    pub to: Option<u32>,
    /// The transposition table: 2^BITS buckets of 48 bytes.
    #[arg(long, default_value_t = 20)]
    pub table_bits: u32,
}

/// Runs `spielwerk reversi solve FILE`: best move, exact score, nodes and
/// time per problem, marking every disagreement with the file.
pub fn solve(args: &SolveArgs, out: Output) -> CliResult {
    let text =
        std::fs::read_to_string(&args.file).map_err(|e| format!("{}: {e}", args.file.display()))?;
    let name = args.file.to_string_lossy();
    let problems = parse_problems(&text, first_id_from_name(&name))?;
    let mut solver = Solver::with_table_bits(args.table_bits);
    let mut rows = Vec::new();
    let mut lines = Vec::new();
    let (mut total_nodes, mut total_seconds, mut disagreements) = (0u64, 0f64, 0usize);
    for p in &problems {
        if args.from.is_some_and(|f| p.id < f) || args.to.is_some_and(|t| p.id > t) {
            continue;
        }
        let s = solve_problem(&mut solver, p)?;
        let seconds = s.elapsed.as_secs_f64();
        total_nodes += s.nodes;
        total_seconds += seconds;
        let best = s.best.map_or_else(|| "-".to_owned(), |m| m.to_string());
        let line = format!(
            "#{:<3} {:<4} {:+3}  expected {:>3}  {:>12} nodes {:8.2} s{}",
            s.id,
            best,
            s.score,
            s.expected
                .map_or_else(|| "?".to_owned(), |e| format!("{e:+}")),
            s.nodes,
            seconds,
            if s.agrees { "" } else { "  DISAGREES" }
        );
        out.progress(&line);
        if !s.agrees {
            disagreements += 1;
        }
        lines.push(line);
        rows.push(json!({
            "id": s.id,
            "best": best,
            "score": s.score,
            "expected": s.expected,
            "agrees": s.agrees,
            "nodes": s.nodes,
            "seconds": seconds,
        }));
    }
    out.result(
        json!({
            "positions": rows,
            "total_nodes": total_nodes,
            "total_seconds": total_seconds,
            "disagreements": disagreements,
        }),
        || {
            let mut t = lines.join("\n");
            t.push_str(&format!(
                "\n{} problems, {total_nodes} nodes, {total_seconds:.2} s, {disagreements} disagreement(s)",
                lines.len()
            ));
            t
        },
    );
    if disagreements > 0 {
        return Err(format!("{disagreements} problem(s) disagree with the file").into());
    }
    Ok(())
}

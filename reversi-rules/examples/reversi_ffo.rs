//! Solves an FFO/OBF problem file and prints nodes and time per problem.
//!
//! `cargo run --release -p reversi-rules --example reversi_ffo -- FILE [FIRST [LAST]]`

use reversi_rules::ai::endgame::Solver;
use reversi_rules::ai::ffo::{first_id_from_name, parse_problems, solve_problem};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().ok_or("usage: ffo FILE [FIRST [LAST]]")?;
    let from: u32 = args.get(1).map_or(Ok(0), |s| s.parse())?;
    let to: u32 = args.get(2).map_or(Ok(u32::MAX), |s| s.parse())?;
    let text = std::fs::read_to_string(path)?;
    let problems = parse_problems(&text, first_id_from_name(path))?;
    let mut solver = Solver::new();
    let (mut nodes, mut secs) = (0u64, 0f64);
    println!("| # | best | score | expected | nodes | seconds | Mn/s |");
    println!("|---:|---|---:|---:|---:|---:|---:|");
    for p in problems.iter().filter(|p| (from..=to).contains(&p.id)) {
        let s = solve_problem(&mut solver, p)?;
        let t = s.elapsed.as_secs_f64();
        nodes += s.nodes;
        secs += t;
        println!(
            "| {} | {} | {:+} | {} | {} | {:.2} | {:.1} |{}",
            s.id,
            s.best.map_or("-".into(), |m| m.to_string()),
            s.score,
            s.expected.map_or("?".into(), |e| format!("{e:+}")),
            s.nodes,
            t,
            s.nodes as f64 / t.max(1e-9) / 1e6,
            if s.agrees { "" } else { " DISAGREES" }
        );
    }
    println!(
        "| total | | | | {nodes} | {secs:.2} | {:.1} |",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}

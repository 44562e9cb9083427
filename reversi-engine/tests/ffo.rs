//! The exact solver on the FFO problems #1-#19 (quick ones).

use std::path::PathBuf;

use reversi_engine::endgame::Solver;
use reversi_engine::ffo::{parse_problems, solve_problem};

fn data(name: &str) -> Option<String> {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "..",
        "shared",
        "data",
        "reversi",
        "ffo",
        name,
    ]
    .iter()
    .collect();
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI: {} missing: {e}",
                path.display()
            );
            eprintln!("skipped: {} not readable: {e}", path.display());
            None
        }
    }
}

#[test]
fn fforum_1_19_exact_with_a_best_move() {
    let Some(text) = data("fforum-1-19.obf") else {
        return;
    };
    let problems = parse_problems(&text, 1).expect("the file parses");
    assert_eq!(problems.len(), 19);
    let mut solver = Solver::with_table_bits(18);
    let mut total = 0;
    for p in &problems {
        let s = solve_problem(&mut solver, p).expect("solvable");
        total += s.nodes;
        assert_eq!(Some(s.score), p.expected, "problem {}", p.id);
        assert!(
            s.agrees,
            "problem {}: {:?} not among {:?}",
            p.id, s.best, p.best_moves
        );
    }
    eprintln!("fforum 1-19: {total} nodes");
}

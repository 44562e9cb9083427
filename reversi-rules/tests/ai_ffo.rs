//! The exact solver on the FFO problems #1-#19 (quick ones).

use reversi_rules::ai::endgame::Solver;
use reversi_rules::ai::ffo::{parse_problems, solve_problem};

fn data(name: &str) -> Option<String> {
    let path = spielwerk_testgames::shared_data(&format!("reversi/ffo/{name}"))?;
    Some(std::fs::read_to_string(&path).expect("the data file is readable"))
}

#[spielwerk_testgames::needs_data("reversi/ffo")]
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
            s.agreement.agrees(),
            "problem {}: {:?} not among {:?}",
            p.id,
            s.best,
            p.best_moves
        );
    }
    eprintln!("fforum 1-19: {total} nodes");
}

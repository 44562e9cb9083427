//! FFO endgame problems: reading the OBF test files and the `ffo40-59.txt`
//! table, and solving a list of problems.

use std::time::Duration;

use crate::ai::endgame::{SolveError, Solver};
use crate::obf::{ObfLine, ParseObfError};
use crate::{Move, ParseMoveError, ParsePositionError, Position};

/// One endgame problem: a position with what the file says about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The problem number (FFO numbering where the file name tells it,
    /// else the line number among the problems, from 1).
    pub id: u32,
    /// The position.
    pub position: Position,
    /// Every move reaching the best score (empty when the file gives none).
    pub best_moves: Vec<Move>,
    /// The exact score for the side to move, when the file gives it.
    pub expected: Option<i32>,
}

/// Why a problem file was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProblemError {
    /// An OBF line is bad.
    #[error("line {line}: {source}")]
    Obf {
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        source: ParseObfError,
    },
    /// A table line's position is bad.
    #[error("line {line}: {source}")]
    Position {
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        source: ParsePositionError,
    },
    /// A table line's best move is bad.
    #[error("line {line}: {source}")]
    Move {
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        source: ParseMoveError,
    },
    /// A table line does not have the fields `id board side moves score
    /// empties`.
    #[error("line {line}: expected `id board side best-moves score empties`, found {text:?}")]
    Fields {
        /// The line number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
}

/// The first problem number a file name announces: `fforum-40-59.obf`
/// gives 40; anything else 1.
#[must_use]
pub fn first_id_from_name(name: &str) -> u32 {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    base.split(|c: char| !c.is_ascii_digit())
        .find(|t| !t.is_empty())
        .and_then(|t| t.parse().ok())
        .unwrap_or(1)
}

/// Reads problems from the text of an OBF file (`board side; MOVE:SCORE;
/// ...`) or of an FFO table (`id board side best-moves score empties`,
/// best moves separated by `/`). Blank lines and lines starting with `#`
/// or `%` are skipped. OBF problems are numbered from `first_id`.
pub fn parse_problems(text: &str, first_id: u32) -> Result<Vec<Problem>, ProblemError> {
    let mut problems = Vec::new();
    let mut next_id = first_id;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with('%') {
            continue;
        }
        let first = t.split_whitespace().next().unwrap_or("");
        if first.len() < 64 && first.chars().all(|c| c.is_ascii_digit()) {
            problems.push(parse_table_line(t, line)?);
        } else {
            let obf: ObfLine = t
                .parse()
                .map_err(|source| ProblemError::Obf { line, source })?;
            let expected = obf.best_score();
            let best_moves = obf
                .scores
                .iter()
                .filter(|&&(_, s)| Some(s) == expected)
                .map(|&(m, _)| m)
                .collect();
            problems.push(Problem {
                id: next_id,
                position: obf.position,
                best_moves,
                expected,
            });
        }
        next_id += 1;
    }
    Ok(problems)
}

fn parse_table_line(t: &str, line: usize) -> Result<Problem, ProblemError> {
    let fields: Vec<&str> = t.split_whitespace().collect();
    let bad = || ProblemError::Fields {
        line,
        text: t.to_owned(),
    };
    let [id, board, side, best, score, ..] = *fields.as_slice() else {
        return Err(bad());
    };
    let id = id.parse().map_err(|_| bad())?;
    let position: Position = format!("{board} {side}")
        .parse()
        .map_err(|source| ProblemError::Position { line, source })?;
    let best_moves = best
        .split('/')
        .map(str::parse)
        .collect::<Result<Vec<Move>, _>>()
        .map_err(|source| ProblemError::Move { line, source })?;
    let expected = Some(score.parse().map_err(|_| bad())?);
    Ok(Problem {
        id,
        position,
        best_moves,
        expected,
    })
}

/// How a solve compares with the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Agreement {
    /// The score is the file's and the move one of the file's best moves
    /// (or the file names none).
    Agrees,
    /// The score is the file's, the move is not one the file names, and the
    /// file's (first) move, solved, scores the same: the position has
    /// several best moves and the file names only some of them.
    OtherBestMove,
    /// The score differs from the file's, or the file's move scores worse
    /// than the score found.
    Disagrees,
}

impl Agreement {
    /// Whether the solve agrees with the file (the same move, or another
    /// best move).
    #[must_use]
    pub const fn agrees(self) -> bool {
        !matches!(self, Agreement::Disagrees)
    }
}

/// What solving one problem gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// The problem number.
    pub id: u32,
    /// The move found (`None` when the game is over).
    pub best: Option<Move>,
    /// The exact score found.
    pub score: i32,
    /// The file's score.
    pub expected: Option<i32>,
    /// How the score and move compare with the file.
    pub agreement: Agreement,
    /// Nodes visited by the solve (not counting a check of the file's
    /// move).
    pub nodes: u64,
    /// Time taken by the solve.
    pub elapsed: Duration,
}

/// Solves one problem with `solver` (its table is cleared first, so each
/// problem's figures stand alone). When the score is the file's but the
/// move is not one the file names, the file's first move is solved too
/// (with a cleared table, after the figures were taken): if it scores the
/// same, the answer is [`Agreement::OtherBestMove`].
///
/// # Errors
/// [`SolveError`] if the position has too many empty squares.
pub fn solve_problem(solver: &mut Solver, problem: &Problem) -> Result<Solved, SolveError> {
    solver.clear();
    let s = solver.solve(&problem.position)?;
    let score_ok = problem.expected.is_none_or(|e| e == s.score);
    let move_ok =
        problem.best_moves.is_empty() || s.best.is_some_and(|m| problem.best_moves.contains(&m));
    let agreement = match (score_ok, move_ok) {
        (true, true) => Agreement::Agrees,
        (false, _) => Agreement::Disagrees,
        (true, false) => {
            if file_move_scores(solver, problem, s.score)? {
                Agreement::OtherBestMove
            } else {
                Agreement::Disagrees
            }
        }
    };
    Ok(Solved {
        id: problem.id,
        best: s.best,
        score: s.score,
        expected: problem.expected,
        agreement,
        nodes: s.nodes,
        elapsed: s.elapsed,
    })
}

/// Whether the file's first best move, played and solved, gives `score`.
fn file_move_scores(
    solver: &mut Solver,
    problem: &Problem,
    score: i32,
) -> Result<bool, SolveError> {
    let Some(&mv) = problem.best_moves.first() else {
        return Ok(false);
    };
    let mut child = problem.position;
    if board_core::Game::play(&mut child, mv).is_err() {
        // The file's move is not even legal.
        return Ok(false);
    }
    solver.clear();
    let reply = solver.solve(&child)?;
    // After a pass the same side moves again; else the score changes sides.
    let value = if board_core::Game::to_move(&child) == board_core::Game::to_move(&problem.position)
    {
        reply.score
    } else {
        -reply.score
    };
    Ok(value == score)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_formats_and_rejects_bad_lines() {
        let table = "# comment\n40 O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X a2 +38 20\n";
        let p = parse_problems(table, 1).expect("table line");
        assert_eq!((p[0].id, p[0].expected), (40, Some(38)));
        assert_eq!(p[0].best_moves, vec!["a2".parse::<Move>().expect("move")]);
        let obf = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+18; A2:+6;\n";
        let p = parse_problems(obf, 7).expect("obf line");
        assert_eq!(
            (p[0].id, p[0].expected, p[0].best_moves.len()),
            (7, Some(18), 2)
        );
        assert!(matches!(
            parse_problems("41 XO X a1", 1),
            Err(ProblemError::Fields { line: 1, .. })
        ));
        assert!(matches!(
            parse_problems("\nnot a board", 1),
            Err(ProblemError::Obf { line: 2, .. })
        ));
        assert_eq!(first_id_from_name("data/fforum-40-59.obf"), 40);
        assert_eq!(first_id_from_name("mine.obf"), 1);
    }

    /// FFO #6 (`fforum-1-19.obf`): a1 and h3 both win by 14, a8 by 12.
    const TWO_BEST: &str = "--OXXX--OOOXXX--OOOXOXO-OOXOOOX-OOXXXXXXXOOXXOX--OOOOX---XXXXXX- X";

    fn problem(best: &str, expected: i32) -> Problem {
        Problem {
            id: 1,
            position: TWO_BEST.parse().expect("a position"),
            best_moves: vec![best.parse().expect("a move")],
            expected: Some(expected),
        }
    }

    #[test]
    fn another_best_move_agrees_a_worse_file_move_does_not() {
        let mut solver = Solver::with_table_bits(12);
        let found = solve_problem(&mut solver, &problem("a1", 14)).expect("solved");
        let other = if found.best == Some("a1".parse().expect("a move")) {
            "h3"
        } else {
            "a1"
        };
        // The file names the other best move: the score agrees, and the
        // file's move, solved, scores the same.
        let s = solve_problem(&mut solver, &problem(other, 14)).expect("solved");
        assert_eq!((s.score, s.agreement), (14, Agreement::OtherBestMove));
        assert!(s.agreement.agrees());
        // a8 only gives +12: a file naming it with score 14 is contradicted.
        let s = solve_problem(&mut solver, &problem("a8", 14)).expect("solved");
        assert_eq!(s.agreement, Agreement::Disagrees);
        // A wrong score disagrees whatever the move.
        let s = solve_problem(&mut solver, &problem("a1", 16)).expect("solved");
        assert_eq!(s.agreement, Agreement::Disagrees);
        assert!(!s.agreement.agrees());
    }
}

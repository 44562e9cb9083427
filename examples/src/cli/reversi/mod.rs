//! `spielwerk reversi`: play, demo, GTP, matches, endgame solving, perft,
//! replay of real game files, training of the evaluation.

pub mod ai;

use std::path::{Path, PathBuf};
use std::time::Instant;

use board_core::{FinishedGames, perft_divide};
use reversi_rules::perft::{HashedPerft, kernel, perft};
use reversi_rules::record::ReplaySummary;
use reversi_rules::wthor::WtbFile;
use reversi_rules::{Position, Reversi, eothello};
use serde_json::json;

use crate::cli::output::{CliResult, Output};

/// Arguments of `spielwerk reversi`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    verb: Verb,
}

#[derive(Debug, clap::Subcommand)]
enum Verb {
    /// Count the move paths of a given length (a pass is a ply), with time
    /// and rate.
    Perft(PerftArgs),
    /// Replay files of real games (WTHOR text or .wtb, eOthello CSV):
    /// illegal moves and results that disagree with the record.
    Replay(ReplayArgs),
    /// Computer against computer, printed move by move (no input needed).
    Demo(crate::cli::reversi::ai::DemoArgs),
    /// Solve endgame problems exactly (OBF/FFO files).
    Solve(crate::cli::reversi::ai::SolveArgs),
    /// Play against the computer in the terminal.
    Play(crate::cli::reversi::ai::PlayArgs),
    /// Speak the Go Text Protocol on stdin/stdout.
    Gtp(crate::cli::reversi::ai::GtpArgs),
    /// A match between two levels, or a level and an external GTP engine.
    Match(crate::cli::reversi::ai::MatchArgs),
    /// Train the pattern evaluation from the game files.
    Train(crate::cli::reversi::ai::TrainArgs),
}

/// How finished games count in perft.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Convention {
    /// A game that ends early is one leaf at every deeper depth.
    Bik,
    /// A game that ends early is dropped (Edax, OEIS A124004).
    Edax,
}

#[derive(Debug, clap::Args)]
struct PerftArgs {
    /// The number of plies.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=60))]
    depth: u32,
    /// The start position: FFO form (64 squares X/O/-, then the side to
    /// move), or moves played from the start position (`f5d6c3`).
    #[arg(long)]
    position: Option<String>,
    /// How games that end before the depth count.
    #[arg(long, value_enum, default_value_t = Convention::Bik)]
    convention: Convention,
    /// Use a transposition table with symmetry folding (fast at large
    /// depths).
    #[arg(long)]
    hash: bool,
    /// The size of the transposition table in MiB, with `--hash` (at most
    /// 65536 and the machine's memory).
    #[arg(long, default_value_t = 256)]
    hash_mb: usize,
    /// Also give the count below each legal move (to find where two move
    /// generators disagree).
    #[arg(long)]
    divide: bool,
}

#[derive(Debug, clap::Args)]
struct ReplayArgs {
    /// The game files; the format is recognised from the content.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// List at most this many problems in the result.
    #[arg(long, default_value_t = 100)]
    max_errors: usize,
}

/// Runs `spielwerk reversi ...`.
pub fn run(args: &Args, out: Output) -> CliResult {
    match &args.verb {
        Verb::Perft(a) => run_perft(a, out),
        Verb::Replay(a) => run_replay(a, out),
        Verb::Demo(a) => {
            let game = crate::cli::reversi::ai::demo_game(a, out)?;
            out.result(json!({ "games": [game] }), || {
                "1 demo game finished".to_owned()
            });
            Ok(())
        }
        Verb::Solve(a) => crate::cli::reversi::ai::solve(a, out),
        Verb::Play(a) => crate::cli::reversi::ai::play(a, out),
        Verb::Gtp(a) => crate::cli::reversi::ai::gtp(a, out),
        Verb::Match(a) => crate::cli::reversi::ai::match_(a, out),
        Verb::Train(a) => crate::cli::reversi::ai::train(a, out),
    }
}

/// The position of `--position`: FFO text, or a transcript from the start.
fn parse_position(text: &str) -> CliResult<Position> {
    let ffo = match text.parse::<Position>() {
        Ok(pos) => return Ok(pos),
        Err(e) => e,
    };
    match text.parse::<Reversi>() {
        Ok(game) => Ok(*game.position()),
        Err(moves) => crate::fail!(
            "--position {text:?} is neither a position ({ffo}) nor moves from the start ({moves})"
        ),
    }
}

fn run_perft(args: &PerftArgs, out: Output) -> CliResult {
    let pos = match &args.position {
        Some(text) => parse_position(text)?,
        None => Position::start(),
    };
    let (finished, convention) = match args.convention {
        Convention::Bik => (FinishedGames::CountAsLeaf, "bik"),
        Convention::Edax => (FinishedGames::Drop, "edax"),
    };
    let kernel = kernel();
    out.progress(format!(
        "perft {} from {pos} ({convention}{}, {kernel} code)",
        args.depth,
        if args.hash { ", hashed" } else { "" }
    ));
    let start = Instant::now();
    let nodes = if args.hash {
        crate::cli::memory::check_table_mib("--hash-mb", args.hash_mb)?;
        let mut table = HashedPerft::try_new(args.hash_mb, finished)
            .map_err(|e| crate::cli::memory::table_error("--hash-mb", &e))?;
        table.count(pos.board(), args.depth)
    } else {
        perft(pos.board(), args.depth, finished)
    };
    let divide: Vec<(String, u64)> = if args.divide {
        perft_divide(&pos, args.depth, finished)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect()
    } else {
        Vec::new()
    };
    let mut extra = serde_json::Map::new();
    extra.insert("convention".to_owned(), json!(convention));
    extra.insert("hash".to_owned(), json!(args.hash));
    extra.insert("kernel".to_owned(), json!(kernel));
    crate::cli::perft::Perft {
        game: "reversi",
        position: pos.to_string(),
        depth: args.depth,
        nodes,
        divide: args.divide.then_some(divide),
        seconds: start.elapsed().as_secs_f64(),
        extra,
    }
    .report(out);
    Ok(())
}

/// Replays one file, whatever its format.
fn replay_file(path: &Path) -> CliResult<ReplaySummary> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("wtb"))
    {
        let file = WtbFile::parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(ReplaySummary::wtb(&file));
    }
    let text = String::from_utf8(bytes)
        .map_err(|e| format!("{}: not a text file ({e})", path.display()))?;
    if text.starts_with(eothello::HEADER) {
        Ok(ReplaySummary::eothello_csv(&text))
    } else {
        Ok(ReplaySummary::wthor_text(&text))
    }
}

fn run_replay(args: &ReplayArgs, out: Output) -> CliResult {
    let start = Instant::now();
    let mut total = ReplaySummary::default();
    let mut errors = Vec::new();
    let mut skipped = Vec::new();
    for path in &args.files {
        let s = replay_file(path)?;
        if s.games == 0 {
            // An empty file (or only blank lines, or a .wtb file of no game).
            let why = "no game in it (an empty file)";
            out.progress(format!("skipped {}: {why}", path.display()));
            skipped.push((path.display().to_string(), why));
            continue;
        }
        out.progress(format!(
            "{}: {} games, {} moves, {} illegal, {} unreadable, {} mismatches, {} abnormal",
            path.display(),
            s.games,
            s.moves,
            s.illegal,
            s.unreadable,
            s.mismatches,
            s.abnormal
        ));
        for e in &s.errors {
            if errors.len() < args.max_errors {
                errors.push((path.display().to_string(), e.clone()));
            }
        }
        total.games += s.games;
        total.moves += s.moves;
        total.illegal += s.illegal;
        total.unreadable += s.unreadable;
        total.mismatches += s.mismatches;
        total.abnormal += s.abnormal;
    }
    let seconds = start.elapsed().as_secs_f64();
    let errors_json: Vec<_> = errors
        .iter()
        .map(|(file, e)| json!({ "file": file, "line": e.line, "why": e.problem.to_string() }))
        .collect();
    out.result(
        json!({
            "game": "reversi",
            "games": total.games,
            "moves": total.moves,
            "illegal": total.illegal,
            "unreadable": total.unreadable,
            "mismatches": total.mismatches,
            "abnormal": total.abnormal,
            "seconds": seconds,
            "errors": errors_json,
            "skipped": skipped.len(),
            "skipped_files": skipped
                .iter()
                .map(|(file, why)| json!({ "file": file, "why": why }))
                .collect::<Vec<_>>(),
        }),
        || {
            let mut text = format!(
                "{} games, {} moves: {} illegal, {} unreadable, {} mismatches, {} abnormal (stopped early), {seconds:.2} s",
                total.games, total.moves, total.illegal, total.unreadable, total.mismatches, total.abnormal
            );
            for (file, e) in &errors {
                text.push_str(&format!("\n{file}:{e}"));
            }
            for (file, why) in &skipped {
                text.push_str(&format!("\nskipped: {file}: {why}"));
            }
            text
        },
    );
    if total.illegal + total.unreadable > 0 {
        crate::fail!(
            "{} game(s) with an illegal move, {} unreadable",
            total.illegal,
            total.unreadable
        );
    }
    if total.games == 0 {
        crate::fail!(
            "no game replayed: none of the {} file(s) holds a game",
            args.files.len()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use reversi_rules::wthor::{WtbGame, WtbHeader};

    use super::*;

    #[test]
    fn positions_are_read_as_ffo_text_or_as_moves() {
        let start = parse_position(&Position::start().to_string()).expect("FFO text");
        assert_eq!(start, Position::start());
        let after = parse_position("f5d6").expect("moves");
        assert_eq!(after.empty_count(), 58);
        assert!(parse_position("f5f5").is_err());
        assert!(parse_position("nonsense").is_err());
    }

    #[test]
    fn replay_recognises_each_format() {
        let dir = std::env::temp_dir().join(format!("spielwerk-reversi-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let wtb = WtbFile {
            header: WtbHeader::default(),
            games: vec![WtbGame {
                tournament: 0,
                black_player: 0,
                white_player: 0,
                black_discs: 13,
                theoretical: 13,
                moves: ["d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4"]
                    .iter()
                    .map(|s| s.parse().expect("a square"))
                    .collect(),
            }],
        };
        let files = [
            ("games.txt", b"2025 d3c3b3d2e1d6d7e3f4 64-0\n".to_vec()),
            (
                "games.csv",
                format!("{}\n7,1,d3c3b3d2e1d6d7e3f4\n", eothello::HEADER).into_bytes(),
            ),
            ("games.wtb", wtb.to_bytes().expect("one short game")),
        ];
        for (name, bytes) in files {
            let path = dir.join(name);
            std::fs::write(&path, bytes).expect("written");
            let summary = replay_file(&path).expect("readable");
            let _ = std::fs::remove_file(&path);
            assert_eq!(
                (summary.games, summary.moves, summary.illegal),
                (1, 9, 0),
                "{name}"
            );
            // The WTB record says 13 Black discs, the board gives 64 with the
            // empties: exactly one mismatch there, none elsewhere.
            let expected = usize::from(name.ends_with(".wtb"));
            assert_eq!(summary.mismatches, expected, "{name}");
        }
        assert!(replay_file(&dir.join("missing.txt")).is_err());
    }
}

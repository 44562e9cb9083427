//! Tests on the real data of `shared/data/reversi/`: both game files
//! replayed with zero illegal moves, and the FFO test positions, whose move
//! lists name every legal move.
//!
//! When the data is missing these tests skip with a message, except under
//! CI (`CI` set), where they fail.

use board_core::Game;
use reversi_rules::obf::ObfLine;
use reversi_rules::record::ReplaySummary;
use reversi_rules::{Move, Position};

fn data(name: &str) -> Option<String> {
    let path = spielwerk_testgames::shared_data(&format!("reversi/{name}"))?;
    Some(std::fs::read_to_string(&path).expect("the data file is readable"))
}

fn report(name: &str, s: &ReplaySummary) {
    eprintln!(
        "{name}: {} games, {} moves, {} illegal, {} unreadable, {} mismatches, {} abnormal",
        s.games, s.moves, s.illegal, s.unreadable, s.mismatches, s.abnormal
    );
    for e in s.errors.iter().take(10) {
        eprintln!("  {e}");
    }
}

#[spielwerk_testgames::needs_data("reversi/games")]
#[test]
fn wthor_games_replay_without_an_illegal_move() {
    let Some(text) = data("games/wthor-1977-2025.txt") else {
        return;
    };
    let summary = ReplaySummary::wthor_text(&text);
    report("wthor", &summary);
    assert_eq!(summary.games, 136_055);
    assert_eq!(summary.unreadable, 0);
    assert_eq!(summary.illegal, 0, "{:?}", summary.errors.first());
    // Every finished game's count agrees once empties go to the winner
    // (split on a draw); games that stop early are not checked.
    assert_eq!(summary.mismatches, 0, "{:?}", summary.errors.first());
    assert!(summary.moves > 136_055 * 50);
}

#[spielwerk_testgames::needs_data("reversi/games")]
#[test]
fn eothello_games_replay_without_an_illegal_move() {
    let Some(text) = data("games/eothello-25657.csv") else {
        return;
    };
    let summary = ReplaySummary::eothello_csv(&text);
    report("eothello", &summary);
    assert_eq!(summary.games, 25_657);
    assert_eq!(summary.unreadable, 0);
    assert_eq!(summary.illegal, 0, "{:?}", summary.errors.first());
    assert_eq!(summary.mismatches, 0, "{:?}", summary.errors.first());
    // The data README: 2 games are unfinished.
    assert_eq!(summary.abnormal, 2);
}

#[spielwerk_testgames::needs_data("reversi/ffo")]
#[test]
fn ffo_positions_list_exactly_the_legal_moves() {
    let mut lines = 0;
    for file in [
        "ffo/fforum-1-19.obf",
        "ffo/fforum-20-39.obf",
        "ffo/fforum-40-59.obf",
        "ffo/fforum-60-79.obf",
    ] {
        let Some(text) = data(file) else {
            return;
        };
        for (i, text) in text.lines().enumerate() {
            if text.trim().is_empty() || text.starts_with('%') || text.starts_with('#') {
                continue;
            }
            let line: ObfLine = text
                .parse()
                .unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1));
            let mut listed: Vec<Move> = line.scores.iter().map(|&(m, _)| m).collect();
            listed.sort();
            let legal: Vec<Move> = line.position.moves().to_vec();
            assert_eq!(listed, legal, "{file}:{}", i + 1);
            // Round trip of the line as written (upper case, signed scores).
            assert_eq!(line.to_string().parse::<ObfLine>().as_ref(), Ok(&line));
            assert_eq!(line.to_string(), text.trim_end(), "{file}:{}", i + 1);
            lines += 1;
        }
    }
    assert_eq!(lines, 79);
}

#[spielwerk_testgames::needs_data("reversi/ffo")]
#[test]
fn ffo_40_to_59_positions_parse() {
    let Some(text) = data("ffo/ffo40-59.txt") else {
        return;
    };
    let mut count = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        // `id board side best-moves score empties`, best moves joined by
        // `/` or `,`.
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields.len(), 6, "{line}");
        let pos: Position = format!("{} {}", fields[1], fields[2])
            .parse()
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        let empties: u32 = fields[5].parse().expect("an empty count");
        assert_eq!(pos.empty_count(), empties, "{line}");
        for best in fields[3].split(['/', ',']) {
            let mv: Move = best.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            assert!(pos.is_legal(mv), "{line}: {mv} is not legal");
        }
        count += 1;
    }
    assert_eq!(count, 20);
}

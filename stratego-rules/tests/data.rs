//! Replays of the real games and setups in `../shared/data/stratego/`.
//!
//! Without the data these tests skip with a message, except under `CI`,
//! where missing data fails them.

use std::path::{Path, PathBuf};

use board_core::Outcome;
use stratego_rules::{Army, Deployment, Preset, UccGame};

fn data_dir() -> Option<PathBuf> {
    spielwerk_testgames::shared_data("stratego")
}

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[spielwerk_testgames::needs_data("stratego")]
#[test]
fn every_ucc_2012_log_replays() {
    let Some(dir) = data_dir() else { return };
    let files = files_under(&dir.join("ucc2012"));
    assert_eq!(files.len(), 192, "the README promises 192 logs");
    let (mut plies, mut battles, mut abnormal, mut wins, mut draws) = (0, 0, 0, [0; 2], 0);
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        let game = match UccGame::parse(&text) {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("{}: {e}", f.display()));
                continue;
            }
        };
        match game.replay(Preset::UccReplay.rules()) {
            Ok(s) => {
                plies += s.plies;
                battles += s.battles;
                match (&s.abnormal, s.outcome) {
                    (Some(_), _) => abnormal += 1,
                    (None, Some(Outcome::Win(p))) => wins[p.index()] += 1,
                    (None, Some(Outcome::Draw)) => draws += 1,
                    (None, None) => failures.push(format!("{}: no end", f.display())),
                }
            }
            Err(e) => failures.push(format!("{}: {e}", f.display())),
        }
    }
    eprintln!(
        "UCC 2012: {} logs, {plies} plies, {battles} battles, Red wins {}, Blue wins {}, draws {draws}, abnormal {abnormal}",
        files.len(),
        wins[0],
        wins[1]
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The data's own tally (README and logs): 12 draws after 1000 turns,
    // 166 normal wins (101 flags, 65 immobile), 14 abnormal endings.
    assert_eq!(draws, 12);
    assert_eq!(wins[0] + wins[1], 166);
    assert_eq!(abnormal, 14);
}

#[spielwerk_testgames::needs_data("stratego")]
#[test]
fn every_gravon_classic_human_setup_validates() {
    let Some(dir) = data_dir() else { return };
    let text = std::fs::read_to_string(dir.join("setups/gravon_classic_human_setups.dat"))
        .unwrap_or_default();
    let mut n = 0;
    for (i, line) in text.lines().enumerate().skip(1) {
        let d = Deployment::from_gravon(line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        assert!(
            d.is_valid(Army::Classic),
            "line {}: {:?}",
            i + 1,
            d.problems(Army::Classic)
        );
        n += 1;
    }
    assert_eq!(n, 64_920);
}

#[spielwerk_testgames::needs_data("stratego")]
#[test]
fn barrage_setups_validate_except_the_junk_line() {
    let Some(dir) = data_dir() else { return };
    let text = std::fs::read_to_string(dir.join("setups/gravon_barrage_human_setups.dat"))
        .unwrap_or_default();
    let (mut good, mut skipped) = (0, 0);
    for line in text.lines().skip(1) {
        match Deployment::from_gravon(line) {
            Ok(d) if d.is_valid(Army::Barrage) => good += 1,
            _ => skipped += 1,
        }
    }
    eprintln!("Barrage setups: {good} valid, {skipped} skipped");
    assert_eq!((good, skipped), (3944, 1));
}

#[spielwerk_testgames::needs_data("stratego")]
#[test]
fn the_gravon_games_replay_and_round_trip() {
    use stratego_rules::GravonGame;
    let Some(dir) = data_dir() else { return };
    let files = files_under(&dir.join("gravon"));
    assert_eq!(files.len(), 7);
    let (mut plies, mut decided) = (0, 0);
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        let game = GravonGame::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let again = GravonGame::parse(&game.to_xml());
        assert_eq!(
            again.as_ref(),
            Ok(&game),
            "{}: write/read round trip",
            f.display()
        );
        let s = game
            .replay(Preset::Gravon.rules())
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        eprintln!(
            "{}: {} plies, {} battles, {:?}, {:?}",
            f.display(),
            s.plies,
            s.battles,
            s.outcome,
            s.abnormal
        );
        plies += s.plies;
        decided += usize::from(s.abnormal.is_none());
    }
    eprintln!("Gravon: 7 games, {plies} plies, {decided} decided on the board");
    // 4 games end by a flag capture; 3 by resignation.
    assert_eq!(decided, 4);
}

#[spielwerk_testgames::needs_data("stratego")]
#[test]
fn a_gravon_game_that_needs_the_two_square_rule_at_5_is_rejected_at_3() {
    use stratego_rules::{GravonGame, ReplayError};
    let Some(dir) = data_dir() else { return };
    let mut rejected = 0;
    for f in files_under(&dir.join("gravon")) {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let Ok(game) = GravonGame::parse(&text) else {
            continue;
        };
        if let Err(ReplayError::Illegal {
            error: stratego_rules::IllegalMoveError::TwoSquare { .. },
            ..
        }) = game.replay(Preset::Hasbro.rules())
        {
            rejected += 1;
        }
    }
    assert!(
        rejected >= 1,
        "the README says one game shuttles a piece 5 times"
    );
}

#[spielwerk_testgames::needs_data("stratego")]
#[test]
fn the_ucc_logs_need_the_ucc_preset() {
    use stratego_rules::{ReplayError, Rules};
    let Some(dir) = data_dir() else { return };
    let games: Vec<UccGame> = files_under(&dir.join("ucc2012"))
        .iter()
        .filter_map(|f| UccGame::parse(&std::fs::read_to_string(f).unwrap_or_default()).ok())
        .collect();
    let failures = |rules: Rules| games.iter().filter(|g| g.replay(rules).is_err()).count();
    // With the two-square rule some logs shuttle into an illegal move.
    let two_square = games
        .iter()
        .filter(|g| {
            matches!(
                g.replay(Preset::Battlegeneral.rules()),
                Err(ReplayError::Illegal {
                    error: stratego_rules::IllegalMoveError::TwoSquare { .. },
                    ..
                })
            )
        })
        .count();
    assert!(two_square > 0);
    // Without the 1998-ply limit the 12 drawn logs do not end.
    let no_limit = Rules {
        max_plies: None,
        ..Preset::UccReplay.rules()
    };
    assert_eq!(failures(no_limit), 12);
    // Without range attacks some Scout attacks are illegal.
    let no_range = Rules {
        scout_range_attack: false,
        ..Preset::UccReplay.rules()
    };
    assert!(failures(no_range) > 0);
    assert_eq!(failures(Preset::UccReplay.rules()), 0);
}

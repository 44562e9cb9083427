//! `spielwerk stratego match`: the JSON report, and `--skip`, which plays
//! the later games of a match exactly as the whole match plays them (to
//! finish an interrupted match).

mod cli_common;

use cli_common::run;
use serde_json::Value;

/// `spielwerk --json stratego match --first medium --second easy --games
/// GAMES --seed 3 MORE...`, its JSON report.
fn report(games: &str, more: &[&str]) -> Value {
    let mut args = vec![
        "--json", "stratego", "match", "--first", "medium", "--second", "easy", "--games", games,
        "--seed", "3",
    ];
    args.extend(more);
    let r = run(&args, b"");
    assert!(r.ok, "{r}");
    serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {r}"))
}

fn count(v: &Value, key: &str) -> u64 {
    v[key].as_u64().unwrap_or_else(|| panic!("no {key} in {v}"))
}

fn plies(v: &Value) -> Vec<u64> {
    v["game_plies"]
        .as_array()
        .unwrap_or_else(|| panic!("no game_plies in {v}"))
        .iter()
        .map(|p| p.as_u64().expect("a ply count"))
        .collect()
}

#[test]
fn skipping_games_plays_the_rest_of_the_match_as_the_whole_match_does() {
    let whole = report("6", &[]);
    let rest = report("6", &["--skip", "4"]);
    let first = report("4", &[]);
    assert_eq!(count(&whole, "games"), 6, "{whole}");
    assert_eq!(count(&rest, "games"), 2, "{rest}");
    assert_eq!(count(&rest, "skipped"), 4, "{rest}");
    assert_eq!(plies(&whole).len(), 6, "{whole}");
    // The last two games, ply for ply, and the results add up.
    assert_eq!(plies(&rest), plies(&whole)[4..], "{whole}\n{rest}");
    assert_eq!(plies(&first), plies(&whole)[..4], "{whole}\n{first}");
    for key in ["wins", "draws", "losses"] {
        assert_eq!(
            count(&first, key) + count(&rest, key),
            count(&whole, key),
            "{key}: {whole}\n{first}\n{rest}"
        );
    }
    // Skipping the whole match plays nothing.
    let none = report("6", &["--skip", "6"]);
    assert_eq!(count(&none, "games"), 0, "{none}");
}

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

fn level_nodes(v: &Value) -> [u64; 2] {
    let a = v["nodes_by_level"]
        .as_array()
        .unwrap_or_else(|| panic!("no nodes_by_level in {v}"));
    [0, 1].map(|i| a[i].as_u64().unwrap_or_else(|| panic!("{v}")))
}

#[test]
fn a_node_budget_replaces_the_level_limits_of_its_player() {
    let budget = 40;
    let capped = report("2", &["--first-nodes", &budget.to_string()]);
    let plain = report("2", &[]);
    assert_eq!(capped["node_budgets"][0].as_u64(), Some(budget), "{capped}");
    assert!(capped["node_budgets"][1].is_null(), "{capped}");
    assert!(plain["node_budgets"][0].is_null(), "{plain}");
    // The first player (medium) made at most half the plies of each game,
    // rounded up, and searched at most the budget and the node that ends
    // a search at each.
    let moves: u64 = plies(&capped).iter().map(|p| p.div_ceil(2)).sum();
    let [first, _] = level_nodes(&capped);
    assert!(first > 0, "{capped}");
    assert!(
        first <= moves * (budget + 1),
        "{first} nodes in {moves} moves: {capped}"
    );
    // Medium's own limits allow far more nodes.
    let [plain_first, _] = level_nodes(&plain);
    let plain_moves: u64 = plies(&plain).iter().map(|p| p.div_ceil(2)).sum();
    assert!(
        plain_first > plain_moves * (budget + 1),
        "{plain_first} nodes in {plain_moves} moves: {plain}"
    );
}

#[test]
fn a_node_budget_for_easy_is_refused() {
    let r = run(
        &[
            "stratego",
            "match",
            "--first",
            "medium",
            "--second",
            "easy",
            "--second-nodes",
            "100",
            "--games",
            "2",
        ],
        b"",
    );
    assert!(!r.ok, "{r}");
    assert!(r.stderr.contains("--second-nodes: easy"), "{r}");
}

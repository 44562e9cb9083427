//! Storage of `spielwerk serve`: the leaderboard is exactly the duel rule
//! of `spielcenter::leaderboard` over the stored games, games export as
//! Gravon XML (HTTP and `--export-games`), and a server killed with
//! SIGKILL while games run and finish loses no finished game and no point
//! (SQLite, and PostgreSQL when `SPIELWERK_TEST_POSTGRES` names a server,
//! as `.ci/run` does).

#![allow(clippy::unwrap_used)]

mod serve_common;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use board_core::{Outcome, Player};
use serde_json::{Value, json};
use serve_common::{
    Client, Server, deployment, name_table, play_random, start_game, temp_dir, try_play_random,
};
use spielcenter::calendar::{Calendar, DEFAULT_ZONE};
use spielcenter::leaderboard::{Period, Standing, duel};
use stratego_rules::gravon::GravonGame;
use stratego_rules::{Deployment, Preset};

const BOARD: &str = "battlegeneral";

/// Fast clock (1500 times real time: 4 minutes are 160 ms) so that random
/// games sometimes count and sometimes do not.
const FAST: [&str; 10] = [
    "--time-scale",
    "1500",
    "--rate",
    "100000",
    "--burst",
    "100000",
    "--predefined-after-ms",
    "0",
    "--computer-delay-ms",
    "0",
];

fn outcome_of(text: &str) -> Option<Outcome> {
    match text {
        "red" => Some(Outcome::Win(Player::First)),
        "blue" => Some(Outcome::Win(Player::Second)),
        "draw" => Some(Outcome::Draw),
        _ => None,
    }
}

/// Every stored game, in the order stored.
fn stored_games(s: &Server) -> Vec<Value> {
    let mut all: Vec<Value> = Vec::new();
    let mut after = 0;
    loop {
        let batch = s.get_json(&format!("/api/games?after={after}&limit=1000"));
        let batch = batch.as_array().expect("a list").clone();
        if batch.is_empty() {
            break;
        }
        after = batch.last().and_then(|g| g["id"].as_u64()).expect("id");
        all.extend(batch);
    }
    all.sort_by_key(|g| g["seq"].as_u64());
    all
}

/// The duel rule over the stored games, in the order stored (months in
/// the server's time zone), with each game's eternal points after it.
fn replay(games: &[Value]) -> (Standing, BTreeMap<u64, Vec<(String, u32)>>) {
    let calendar = Calendar::new(DEFAULT_ZONE).unwrap();
    let mut board = Standing::default();
    let mut after = BTreeMap::new();
    for g in games {
        let (red, blue) = (
            g["players"][0].as_str().unwrap(),
            g["players"][1].as_str().unwrap(),
        );
        if g["counted"] == true {
            let outcome =
                outcome_of(g["outcome"].as_str().unwrap()).expect("a counted game has a result");
            let day = calendar.day_of(g["ended_at"].as_u64().unwrap());
            let changes = duel(
                &board,
                BOARD,
                &[Period::Month(day.month()), Period::Eternal],
                [red, blue],
                outcome,
            );
            board.apply(&changes);
        }
        let eternal = |n: &str| board.points(BOARD, Period::Eternal, n).unwrap_or(0);
        after.insert(
            g["id"].as_u64().unwrap(),
            vec![
                (red.to_string(), eternal(red)),
                (blue.to_string(), eternal(blue)),
            ],
        );
    }
    (board, after)
}

/// A player's eternal points as `game_over` tells them.
fn told(over: &Value) -> Vec<(String, u32)> {
    over["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["points"]["eternal"].as_u64().unwrap() as u32,
            )
        })
        .collect()
}

/// The stored leaderboard must be the rule's over the stored games.
fn check_leaderboard(s: &Server, games: &[Value]) -> Standing {
    let (board, _) = replay(games);
    let api = s.get_json(&format!("/api/leaderboard?board={BOARD}&limit=10000"));
    let tables = api[0]["tables"].as_array().unwrap();
    for t in tables {
        let period: Period = match t["period"].as_str().unwrap() {
            "eternal" => Period::Eternal,
            _ => t["key"].as_str().unwrap().parse().unwrap(),
        };
        let rows: Vec<(String, u32)> = name_table(&t["rows"], "points");
        assert_eq!(rows, board.ranked(BOARD, period), "the table of {period}");
    }
    assert_eq!(tables.len(), 2);
    board
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_leaderboard_is_the_librarys_over_the_stored_games() {
    let dir = temp_dir("leaderboard");
    let s = Server::start(dir.join("db.sqlite").to_str().unwrap(), &FAST);
    let names = ["anna", "bert", "carl", "dora"];
    let mut clients = Vec::new();
    for n in names {
        clients.push(Client::named(s.addr, n).await);
    }
    let mut rng = serve_common::Rng(42);
    let mut results = Vec::new();
    for round in 0..10 {
        let b = rng.below(4);
        let r = (b + 1 + rng.below(3)) % 4;
        let (lo, hi) = (b.min(r), b.max(r));
        let (first, rest) = clients.split_at_mut(hi);
        let (cb, cr) = if b < r {
            (&mut first[lo], &mut rest[0])
        } else {
            (&mut rest[0], &mut first[lo])
        };
        let game = start_game(cb, names[b], cr, names[r]).await;
        // Some games end by leaving (soon: they do not count), some by
        // the move clock (Red never moves: they last over 5 minutes and
        // count), the others by the rules (they count if they last 4
        // minutes, 160 ms).
        let leave = (round % 3 == 0).then_some(5 + round);
        let (db, dr) = (deployment(round), deployment(round + 1));
        let over = if round % 3 == 1 {
            cr.send(json!({"type": "ready", "game": game, "deployment": dr}))
                .await;
            let pb = play_random(cb, game, &db, 100 + round as u64, None).await;
            let over = cr.expect("game_over").await;
            assert_eq!(
                (over["reason"].as_str(), over["counted"].as_bool()),
                (Some("timeout"), Some(true))
            );
            assert_eq!(pb.over, over);
            over
        } else {
            let (pb, pr) = tokio::join!(
                play_random(cb, game, &db, 100 + round as u64, leave),
                play_random(cr, game, &dr, 200 + round as u64, None)
            );
            assert_eq!(pb.over, pr.over);
            pb.over
        };
        results.push(over);
    }
    assert!(
        results.iter().any(|o| o["counted"] == true),
        "some games count"
    );
    let games = stored_games(&s);
    assert_eq!(games.len(), 10);
    let board = check_leaderboard(&s, &games);
    // Every game_over told the points after that game.
    let (_, after) = replay(&games);
    for over in &results {
        let id = over["game"].as_u64().unwrap();
        assert_eq!(told(over), after[&id], "points after game {id}");
    }
    // The lobby's last leaderboard message is the same table.
    let mut last = None;
    for m in clients[0].sync().await {
        if m["type"] == "leaderboard" {
            last = Some(m);
        }
    }
    if let Some(t) = last {
        let table: Vec<(String, u32)> = name_table(&t["tables"][1]["rows"], "points");
        assert_eq!(table, board.ranked(BOARD, Period::Eternal));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_export_as_gravon_xml() {
    let dir = temp_dir("export");
    let db = dir.join("db.sqlite");
    let s = Server::start(db.to_str().unwrap(), &FAST);
    let mut anna = Client::named(s.addr, "anna").await;
    let mut bert = Client::named(s.addr, "bert").await;
    let mut ids = Vec::new();
    for round in 0..3 {
        let game = start_game(&mut anna, "anna", &mut bert, "bert").await;
        let leave = (round == 2).then_some(3);
        let (d0, d1) = (deployment(round), deployment(round + 4));
        let (a, _) = tokio::join!(
            play_random(&mut anna, game, &d0, round as u64, leave),
            play_random(&mut bert, game, &d1, 9 + round as u64, None)
        );
        ids.push((game, a.over));
    }
    // A game that ends in the setup has no Gravon record.
    let game = start_game(&mut anna, "anna", &mut bert, "bert").await;
    bert.send(json!({"type": "leave", "game": game})).await;
    anna.expect("game_over").await;
    let (status, _) = s.get(&format!("/api/games/{game}/gravon.xml"));
    assert_eq!(status, 404);
    assert_eq!(s.get("/api/games/999/gravon.xml").0, 404);
    assert_eq!(s.get("/api/games/abc/gravon.xml").0, 400);
    // Over HTTP.
    for (id, over) in &ids {
        let (status, xml) = s.get(&format!("/api/games/{id}/gravon.xml"));
        assert_eq!(status, 200);
        let g = GravonGame::parse(&xml).expect("Gravon XML");
        assert_eq!(g.players[0].as_deref(), Some("bert"));
        assert_eq!(g.players[1].as_deref(), Some("anna"));
        let summary = g.replay(Preset::Gravon.rules()).expect("replays");
        if over["reason"] == "left" {
            assert!(summary.abnormal.is_some());
        } else {
            assert_eq!(
                summary.outcome,
                outcome_of(over["outcome"].as_str().unwrap())
            );
            assert_eq!(summary.abnormal, None);
        }
        assert_eq!(
            summary.recorded,
            outcome_of(over["outcome"].as_str().unwrap())
        );
    }
    // And with `spielwerk serve --export-games DIR`, while the server runs.
    let out_dir = dir.join("export");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args([
            "--json",
            "serve",
            "--db",
            db.to_str().unwrap(),
            "--export-games",
            out_dir.to_str().unwrap(),
        ])
        .output()
        .expect("run the export");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let result: Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    assert_eq!(
        (result["exported"].as_u64(), result["skipped"].as_u64()),
        (Some(3), Some(1))
    );
    for (id, _) in &ids {
        let file =
            std::fs::read_to_string(out_dir.join(format!("battlegeneral-{id}.xml"))).unwrap();
        assert_eq!(file, s.get(&format!("/api/games/{id}/gravon.xml")).1);
    }
    let stored = s.get_json(&format!("/api/games/{}", ids[0].0));
    let red: Deployment = stored["record"]["red_setup"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(red.to_string(), deployment(4));
}

/// What the players of the crash test saw.
#[derive(Default)]
struct Seen {
    started: BTreeSet<u64>,
    over: BTreeMap<u64, Value>,
    /// Final positions seen: a game just ended on the board, and its
    /// transaction is being written (`game_over` follows the commit).
    ending: usize,
}

/// Pairs of clients that play random games back to back until their
/// connection drops.
fn spawn_players(
    s: &Server,
    pairs: usize,
    tag: &str,
    seen: &Arc<Mutex<Seen>>,
) -> Vec<tokio::task::JoinHandle<()>> {
    let mut tasks = Vec::new();
    for k in 0..pairs {
        let (addr, seen) = (s.addr, Arc::clone(seen));
        let (bn, rn) = (format!("{tag}b{k}"), format!("{tag}r{k}"));
        tasks.push(tokio::spawn(async move {
            let mut blue = Client::named(addr, &bn).await;
            let mut red = Client::named(addr, &rn).await;
            let watch = Arc::clone(&seen);
            blue.on_message = Some(Box::new(move |m: &Value| {
                if m["type"] == "state" && m["clock"].is_null() && m["ply"].as_u64() > Some(0) {
                    watch.lock().unwrap().ending += 1;
                }
            }));
            for round in 0u64.. {
                blue.discard("challenges");
                if blue
                    .try_send(json!({"type": "challenge", "to": rn, "kind": "battlegeneral"}))
                    .await
                    .is_err()
                {
                    return;
                }
                loop {
                    let Some(c) = blue.try_expect("challenges").await else {
                        return;
                    };
                    if c["outgoing"]
                        .as_array()
                        .is_some_and(|a| a.iter().any(|c| c["name"] == rn))
                    {
                        break;
                    }
                }
                if red
                    .try_send(json!({"type": "accept", "from": bn}))
                    .await
                    .is_err()
                {
                    return;
                }
                let (Some(gb), Some(_)) = (
                    blue.try_expect("game_start").await,
                    red.try_expect("game_start").await,
                ) else {
                    return;
                };
                let game = gb["game"].as_u64().unwrap_or(0);
                seen.lock().unwrap().started.insert(game);
                let (db, dr) = (
                    deployment(round as usize + k),
                    deployment(round as usize + k + 3),
                );
                let leave = (round % 4 == 3).then_some(10);
                let (a, b) = tokio::join!(
                    try_play_random(&mut blue, game, &db, round * 31 + k as u64, leave),
                    try_play_random(&mut red, game, &dr, round * 17 + k as u64, None)
                );
                for p in [a.as_ref(), b.as_ref()].into_iter().flatten() {
                    seen.lock().unwrap().over.insert(game, p.over.clone());
                }
                if a.is_err() || b.is_err() {
                    return;
                }
            }
        }));
    }
    tasks
}

/// Figures of one crash: games finished (and told) before the kill, games
/// running then, and how long the restart took.
struct Crash {
    finished: usize,
    running: usize,
    untold: usize,
    stored: usize,
    restart: Duration,
}

/// Runs games, kills the server with SIGKILL while games run and finish,
/// restarts it on the same database and checks that every game a player
/// was told had finished is stored with its result, that the games that
/// ran are ended by the rule (no result, no points), and that the
/// leaderboard is the library's over the stored games.
async fn crash_and_check(db: &str, cycles: usize) -> Vec<Crash> {
    let mut figures = Vec::new();
    let mut server = Server::start(db, &FAST);
    let mut all_seen: BTreeMap<u64, Value> = BTreeMap::new();
    for cycle in 0..cycles {
        let seen = Arc::new(Mutex::new(Seen::default()));
        let tasks = spawn_players(&server, 10, &format!("c{cycle}"), &seen);
        // Once 15 games have finished, kill the server as soon as the next
        // game ends on the board, while its transaction is being written
        // (and the other games run).
        let start = Instant::now();
        let mut armed: Option<usize> = None;
        loop {
            let (done, ending) = {
                let s = seen.lock().unwrap();
                (s.over.len(), s.ending)
            };
            match armed {
                None if done >= 15 => armed = Some(ending),
                Some(at) if ending > at => break,
                _ => {}
            }
            if start.elapsed() > Duration::from_secs(60) {
                break;
            }
            tokio::task::yield_now().await;
        }
        server.kill();
        for t in tasks {
            let _ = t.await;
        }
        let seen = Arc::try_unwrap(seen).ok().unwrap().into_inner().unwrap();
        let t = Instant::now();
        server = Server::start(db, &FAST);
        let restart = t.elapsed();
        let games = stored_games(&server);
        let by_id: BTreeMap<u64, &Value> = games
            .iter()
            .map(|g| (g["id"].as_u64().unwrap(), g))
            .collect();
        for (id, over) in &seen.over {
            let g = by_id
                .get(id)
                .unwrap_or_else(|| panic!("finished game {id} was lost"));
            assert_eq!(g["outcome"], over["outcome"], "game {id}");
            assert_eq!(g["reason"], over["reason"], "game {id}");
            assert_eq!(g["counted"], over["counted"], "game {id}");
        }
        let running: Vec<u64> = seen
            .started
            .iter()
            .filter(|id| !seen.over.contains_key(id))
            .copied()
            .collect();
        let (mut stopped, mut untold) = (0, 0);
        for id in &running {
            // Running at the kill: ended by the rule, unless its commit
            // made it before the kill but the message did not.
            if let Some(g) = by_id.get(id) {
                if g["reason"] == "server_stopped" {
                    assert_eq!(
                        (g["outcome"].as_str(), g["counted"].as_bool()),
                        (Some("none"), Some(false))
                    );
                    stopped += 1;
                } else {
                    untold += 1;
                }
            }
        }
        assert!(stopped > 0, "some games were running at the kill");
        for g in &games {
            assert!(
                g["reason"] == "server_stopped" || g["outcome"] != "none",
                "{g}"
            );
        }
        let status = server.get_json("/api/status");
        assert_eq!(status["games"], 0);
        check_leaderboard(&server, &games);
        // Every points message the players got is the replay's.
        let (_, after) = replay(&games);
        for (id, over) in &seen.over {
            assert_eq!(told(over), after[id], "points after game {id}");
        }
        all_seen.extend(seen.over.clone());
        figures.push(Crash {
            finished: seen.over.len(),
            running: stopped,
            untold,
            stored: games.len(),
            restart,
        });
    }
    // Nothing told in an earlier cycle went missing later.
    let games = stored_games(&server);
    let ids: BTreeSet<u64> = games.iter().map(|g| g["id"].as_u64().unwrap()).collect();
    assert!(all_seen.keys().all(|id| ids.contains(id)));
    figures
}

fn report(label: &str, figures: &[Crash]) {
    for (i, c) in figures.iter().enumerate() {
        eprintln!(
            "crash {label} {}: {} games finished before the SIGKILL, {} running (ended by the rule), {} committed but not yet told, {} stored in all, restart {} ms",
            i + 1,
            c.finished,
            c.running,
            c.untold,
            c.stored,
            c.restart.as_millis()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_loses_no_finished_game_and_no_point_sqlite() {
    let dir = temp_dir("crash-sqlite");
    let figures = crash_and_check(dir.join("db.sqlite").to_str().unwrap(), 2).await;
    report("sqlite", &figures);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(spielwerk_postgres),
    ignore = "needs PostgreSQL: set SPIELWERK_TEST_POSTGRES to a postgres:// URL (see the README)"
)]
async fn a_killed_server_loses_no_finished_game_and_no_point_postgres() {
    let Ok(admin) = std::env::var("SPIELWERK_TEST_POSTGRES") else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI runs the PostgreSQL tests: set SPIELWERK_TEST_POSTGRES (.ci/run does)"
        );
        eprintln!(
            "skipped: SPIELWERK_TEST_POSTGRES is not set (a postgres:// URL of a role that may create databases)"
        );
        return;
    };
    use sqlx::Connection as _;
    let name = format!("spielwerk_crash_{}", std::process::id());
    let mut conn = sqlx::PgConnection::connect(&admin)
        .await
        .expect("connect to PostgreSQL");
    drop_database(&mut conn, &name).await;
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .unwrap();
    let (base, _) = admin.rsplit_once('/').expect("a URL with a database");
    let url = format!("{base}/{name}");
    let figures = crash_and_check(&url, 2).await;
    report("postgres", &figures);
    // The export reads PostgreSQL too.
    let out = temp_dir("crash-postgres-export");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .args([
            "--json",
            "serve",
            "--db",
            &url,
            "--export-games",
            out.to_str().unwrap(),
        ])
        .output()
        .expect("export");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let v: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(v["exported"].as_u64().unwrap() > 0);
    drop_database(&mut conn, &name).await;
}

/// Drops the test's database. `WITH (FORCE)` ends the sessions left on it,
/// but a role without `pg_signal_backend` may not end an autovacuum worker
/// (no role of its own): while one works there the drop fails (SQLSTATE
/// 42501, seen about once in ten runs), so it is tried again for up to 10
/// s, and a database still left is reported, not a failed test.
async fn drop_database(conn: &mut sqlx::PgConnection, name: &str) {
    const ATTEMPTS: u32 = 40;
    let drop = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
    for attempt in 1..=ATTEMPTS {
        match sqlx::query(&drop).execute(&mut *conn).await {
            Ok(_) => return,
            Err(e) if attempt == ATTEMPTS => {
                eprintln!("the test database {name} is left behind: {e}")
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(250)).await,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_server_ends_running_games_without_points() {
    let dir = temp_dir("stop");
    let db = dir.join("db.sqlite");
    let mut s = Server::start(db.to_str().unwrap(), &FAST);
    let mut anna = Client::named(s.addr, "anna").await;
    let mut bert = Client::named(s.addr, "bert").await;
    let game = start_game(&mut anna, "anna", &mut bert, "bert").await;
    anna.send(json!({"type": "ready", "game": game, "deployment": deployment(0)}))
        .await;
    bert.send(json!({"type": "ready", "game": game, "deployment": deployment(1)}))
        .await;
    bert.expect("state").await;
    // SIGTERM: the game is stored as stopped by the server, the players
    // are told, the process exits cleanly.
    let status = tokio::task::spawn_blocking(move || {
        let st = s.terminate();
        (st, s)
    });
    let over = anna.expect("game_over").await;
    assert_eq!(
        (
            over["outcome"].as_str(),
            over["reason"].as_str(),
            over["counted"].as_bool()
        ),
        (Some("none"), Some("server_stopped"), Some(false))
    );
    let (st, _s) = status.await.unwrap();
    assert!(st.success(), "{st:?}");
    let s = Server::start(db.to_str().unwrap(), &FAST);
    let games = stored_games(&s);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["reason"], "server_stopped");
    assert_eq!(
        s.get_json("/api/leaderboard?board=battlegeneral&period=eternal")[0]["tables"][0]["rows"],
        json!([])
    );
    assert!(
        !s.stderr.lock().unwrap().contains("left running"),
        "nothing was left running"
    );
}

/// A player's points in the Bestenliste by the seed's rule, computed here
/// from the stored games alone: each game of the day with a result whose
/// player has no entry for that day yet scores by replaying its moves.
fn bestenliste(s: &Server, games: &[Value]) -> Standing {
    use board_core::Game;
    let mut board = Standing::default();
    for g in games {
        let (Some(day), Some(outcome)) = (
            g["daily"].as_str(),
            outcome_of_fanorona(g["outcome"].as_str().unwrap()),
        ) else {
            continue;
        };
        let name = g["players"][0].as_str().unwrap();
        let day: spielcenter::leaderboard::Day = day.parse().unwrap();
        if g["kind"] != "fanorona" || board.points("fanorona", Period::Day(day), name).is_some() {
            assert_eq!(g["counted"], false, "{g}");
            continue;
        }
        assert_eq!(g["counted"], true, "{g}");
        let full = s.get_json(&format!("/api/games/{}", g["id"]));
        let mut pos = fanorona_rules::Position::new();
        for m in full["record"]["moves"].as_str().unwrap().split_whitespace() {
            pos.play(m.parse().unwrap()).unwrap();
        }
        let white = fanorona_rules::WHITE;
        let points = match outcome {
            Outcome::Win(w) if w == white => 100 + 2 * pos.count(white),
            Outcome::Win(_) => 22 - pos.count(!white),
            Outcome::Draw => 50,
        };
        for p in [
            Period::Day(day),
            Period::Month(day.month()),
            Period::Eternal,
        ] {
            let c = board.add("fanorona", p, name, i64::from(points));
            board.apply(&[c]);
        }
    }
    board
}

fn outcome_of_fanorona(text: &str) -> Option<Outcome> {
    match text {
        "white" => Some(Outcome::Win(Player::First)),
        "black" => Some(Outcome::Win(Player::Second)),
        "draw" => Some(Outcome::Draw),
        _ => None,
    }
}

/// The stored Bestenliste must be the rule's over the stored games.
fn check_bestenliste(s: &Server, games: &[Value]) {
    let board = bestenliste(s, games);
    let mut periods: BTreeSet<String> = BTreeSet::new();
    for g in games {
        if let Some(day) = g["daily"].as_str() {
            periods.insert(day.to_string());
            periods.insert(day[..7].to_string());
        }
    }
    periods.insert("eternal".into());
    for p in periods {
        let api = s.get_json(&format!(
            "/api/leaderboard?board=fanorona&period={p}&limit=10000"
        ));
        let rows = name_table(&api[0]["tables"][0]["rows"], "points");
        assert_eq!(
            rows,
            board.ranked("fanorona", p.parse().unwrap()),
            "the Bestenliste of {p}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_keeps_every_finished_daily_game_and_its_bestenliste_entry() {
    let dir = temp_dir("crash-daily");
    let db = dir.join("db.sqlite");
    let db = db.to_str().unwrap();
    let mut server = Server::start(db, &FAST);
    let told: Arc<Mutex<BTreeMap<u64, Value>>> = Arc::default();
    let started: Arc<Mutex<BTreeSet<u64>>> = Arc::default();
    let mut tasks = Vec::new();
    for k in 0..8u64 {
        let (addr, told, started) = (server.addr, Arc::clone(&told), Arc::clone(&started));
        tasks.push(tokio::spawn(async move {
            let mut c = Client::named(addr, &format!("daily{k}")).await;
            let mut rng = serve_common::Rng(k + 1);
            loop {
                if c.try_send(json!({"type": "daily", "kind": "fanorona"}))
                    .await
                    .is_err()
                {
                    return;
                }
                let Some(start) = c.try_expect("game_start").await else {
                    return;
                };
                let game = start["game"].as_u64().unwrap();
                started.lock().unwrap().insert(game);
                let played = serve_common::play_fanorona(
                    &mut c,
                    game,
                    |list| Some(rng.below(list.len())),
                    Duration::ZERO,
                )
                .await;
                match played {
                    Ok(p) => {
                        told.lock().unwrap().insert(game, p.over);
                    }
                    Err(_) => return,
                }
            }
        }));
    }
    let start = Instant::now();
    while told.lock().unwrap().len() < 12 && start.elapsed() < Duration::from_secs(120) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.kill();
    for t in tasks {
        let _ = t.await;
    }
    let server = Server::start(db, &FAST);
    let games = stored_games(&server);
    let by_id: BTreeMap<u64, &Value> = games
        .iter()
        .map(|g| (g["id"].as_u64().unwrap(), g))
        .collect();
    let told = told.lock().unwrap().clone();
    assert!(told.len() >= 12, "{} daily games finished", told.len());
    for (id, over) in &told {
        let g = by_id
            .get(id)
            .unwrap_or_else(|| panic!("finished game {id} was lost"));
        assert_eq!(
            (&g["outcome"], &g["counted"]),
            (&over["outcome"], &over["counted"]),
            "game {id}"
        );
    }
    // Every game a player was told had started is stored: finished, or
    // ended by the crash rule.
    for id in started.lock().unwrap().iter() {
        let g = by_id
            .get(id)
            .unwrap_or_else(|| panic!("started game {id} was lost"));
        if !told.contains_key(id) {
            assert!(
                g["reason"] == "server_stopped" || g["outcome"] != "none",
                "{g}"
            );
        }
    }
    assert!(
        games.iter().any(|g| g["reason"] == "server_stopped"),
        "some ran at the kill"
    );
    check_bestenliste(&server, &games);
    eprintln!(
        "crash daily: {} games finished before the SIGKILL, {} stored in all, {} ended by the rule",
        told.len(),
        games.len(),
        games
            .iter()
            .filter(|g| g["reason"] == "server_stopped")
            .count()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_keeps_every_major_highscore_entry_it_told() {
    use board_search::Strategy;
    let dir = temp_dir("crash-highscore");
    let db = dir.join("db.sqlite");
    let db = db.to_str().unwrap();
    let mut server = Server::start(db, &FAST);
    // Six players win against easy, board after board, until ten wins
    // were told their place; then the server is killed.
    let told: Arc<Mutex<BTreeMap<u64, (u64, Value)>>> = Arc::default();
    let mut tasks = Vec::new();
    for k in 0..6u64 {
        let (addr, told) = (server.addr, Arc::clone(&told));
        tasks.push(tokio::spawn(async move {
            let mut c = Client::named(addr, &format!("high{k}")).await;
            let mut me = major_rules::ai::Computer::new(major_rules::ai::Level::Medium);
            for round in 0u64.. {
                let board = (k + round) % 4 + 1;
                let challenge = json!({"type": "challenge", "to": "Computer (easy)", "kind": "major", "options": {"board": board}});
                if c.try_send(challenge).await.is_err() {
                    return;
                }
                let Some(start) = c.try_expect("game_start").await else {
                    return;
                };
                let game = start["game"].as_u64().unwrap();
                let played = serve_common::play_game(
                    &mut c,
                    game,
                    |state| {
                        let pos = serve_common::major_position(state);
                        me.choose(&pos).ok().map(|c| c.mv.to_string())
                    },
                    Duration::ZERO,
                )
                .await;
                match played {
                    Ok(p) if p.over["highscore"].is_u64() => {
                        told.lock().unwrap().insert(game, (board, p.over));
                    }
                    Ok(_) => {}
                    Err(_) => return,
                }
            }
        }));
    }
    let start = Instant::now();
    while told.lock().unwrap().len() < 10 && start.elapsed() < Duration::from_secs(120) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.kill();
    for t in tasks {
        let _ = t.await;
    }
    let told = told.lock().unwrap().clone();
    assert!(told.len() >= 10, "{} wins told", told.len());
    // After the restart every win told is in its board's table (fewer
    // than ten entries each: none was pushed out), and every entry is a
    // stored win of a person against the computer.
    let server = Server::start(db, &FAST);
    let games = stored_games(&server);
    let by_id: BTreeMap<u64, &Value> = games
        .iter()
        .map(|g| (g["id"].as_u64().unwrap(), g))
        .collect();
    let mut c = Client::connect(server.addr).await;
    c.send(json!({"type": "name", "name": "reader"})).await;
    let lobby = c.expect("lobby").await;
    let tables = lobby["highscores"].as_array().unwrap();
    let table = |board: u64| -> Vec<Value> {
        tables
            .iter()
            .find(|t| {
                t["kind"] == "major" && t["table"].as_str() == Some(board.to_string().as_str())
            })
            .map(|t| t["rows"].as_array().unwrap().clone())
            .unwrap_or_default()
    };
    let mut entries = 0;
    for board in 1..=4 {
        let rows = table(board);
        assert!(rows.len() < 10, "board {board}: {} rows", rows.len());
        entries += rows.len();
        for row in &rows {
            let id = row["game"].as_u64().unwrap();
            let g = by_id
                .get(&id)
                .unwrap_or_else(|| panic!("entry of a lost game {id}"));
            assert_eq!(
                (&g["outcome"], &g["computers"]),
                (&json!("blue"), &json!([false, true])),
                "{g}"
            );
        }
    }
    for (id, (board, over)) in &told {
        assert!(
            table(*board).iter().any(|r| r["game"] == *id),
            "the win {id} on board {board} was told place {} and lost",
            over["highscore"]
        );
    }
    eprintln!(
        "crash highscores: {} wins told before the SIGKILL, {entries} entries after the restart",
        told.len()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_its_players_were_told_of_is_stored_and_its_id_never_given_again() {
    let dir = temp_dir("crash-start");
    let db = dir.join("db.sqlite");
    let db = db.to_str().unwrap();
    let mut max_seen = 0;
    for round in 0..3 {
        let mut server = Server::start(db, &FAST);
        // The writer is kept busy: pairs play and finish games meanwhile.
        let seen = Arc::new(Mutex::new(Seen::default()));
        let busy = spawn_players(&server, 5, &format!("s{round}"), &seen);
        tokio::time::sleep(Duration::from_millis(300)).await;
        // Ten players start games against the computer; the moment all
        // were told, the server is killed.
        let mut clients = Vec::new();
        for k in 0..10 {
            clients.push(Client::named(server.addr, &format!("r{round}p{k}")).await);
        }
        // Of every kind, and on one screen.
        for (k, c) in clients.iter_mut().enumerate() {
            let start = match k % 4 {
                0 => json!({"type": "challenge", "to": "Computer (easy)", "kind": "fanorona"}),
                1 => json!({"type": "challenge", "to": "Computer (easy)", "kind": "reversi"}),
                2 => json!({"type": "challenge", "to": "Computer (easy)", "kind": "major"}),
                _ => json!({"type": "play", "kind": "major", "first": "me", "second": "me"}),
            };
            c.send(start).await;
        }
        let mut told = Vec::new();
        for c in &mut clients {
            told.push(c.expect("game_start").await["game"].as_u64().unwrap());
        }
        server.kill();
        for t in busy {
            let _ = t.await;
        }
        let server = Server::start(db, &FAST);
        let games = stored_games(&server);
        let ids: BTreeSet<u64> = games.iter().map(|g| g["id"].as_u64().unwrap()).collect();
        for id in &told {
            assert!(
                ids.contains(id),
                "round {round}: game {id} was told and lost"
            );
            assert!(*id > max_seen, "round {round}: id {id} given again");
        }
        let finished = seen.lock().unwrap().over.keys().copied().max().unwrap_or(0);
        max_seen = max_seen.max(*told.iter().max().unwrap()).max(finished);
        // A new game gets a new id.
        let mut c = Client::named(server.addr, &format!("after{round}")).await;
        c.send(json!({"type": "challenge", "to": "Computer (easy)", "kind": "fanorona"}))
            .await;
        let next = c.expect("game_start").await["game"].as_u64().unwrap();
        assert!(next > max_seen, "round {round}: id {next} given again");
        max_seen = next;
        drop(server);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_ended_by_the_crash_rule_never_ends_before_it_started() {
    let dir = temp_dir("crash-scale");
    let db = dir.join("db.sqlite");
    let db = db.to_str().unwrap();
    // A clock 200 times as fast runs ahead of real time.
    let mut server = Server::start(db, &["--time-scale", "200"]);
    let mut anna = Client::named(server.addr, "anna").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    anna.send(json!({"type": "challenge", "to": "Computer (easy)", "kind": "fanorona"}))
        .await;
    anna.expect("game_start").await;
    server.kill();
    let server = Server::start(db, &[]);
    let games = stored_games(&server);
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g["reason"], "server_stopped");
    assert!(g["ended_at"].as_u64() >= g["started_at"].as_u64(), "{g}");
}

/// A database of the first schema (Battlegeneral alone) as that server
/// left it: a finished game that counted and one left running.
const V1: [&str; 9] = [
    "CREATE TABLE schema_version (version BIGINT NOT NULL, applied_at BIGINT NOT NULL)",
    "CREATE TABLE games (id BIGINT PRIMARY KEY, seq BIGINT NOT NULL UNIQUE, red TEXT NOT NULL,
        blue TEXT NOT NULL, red_computer BIGINT NOT NULL, blue_computer BIGINT NOT NULL,
        army TEXT NOT NULL, rules TEXT NOT NULL, started_at BIGINT NOT NULL, setup_done_at BIGINT,
        ended_at BIGINT NOT NULL, red_setup TEXT, blue_setup TEXT, moves TEXT NOT NULL,
        move_times TEXT NOT NULL, plies BIGINT NOT NULL, outcome TEXT NOT NULL,
        reason TEXT NOT NULL, reason_player TEXT, counted BIGINT NOT NULL)",
    "CREATE INDEX games_ended_at ON games (ended_at)",
    "CREATE TABLE running_games (id BIGINT PRIMARY KEY, red TEXT NOT NULL, blue TEXT NOT NULL, started_at BIGINT NOT NULL)",
    "CREATE TABLE points_eternal (name TEXT PRIMARY KEY, points BIGINT NOT NULL)",
    "CREATE TABLE points_monthly (month TEXT NOT NULL, name TEXT NOT NULL, points BIGINT NOT NULL, PRIMARY KEY (month, name))",
    "CREATE TABLE points_changes (game_id BIGINT NOT NULL, name TEXT NOT NULL, month TEXT NOT NULL,
        eternal_before BIGINT NOT NULL, eternal_after BIGINT NOT NULL, monthly_before BIGINT NOT NULL,
        monthly_after BIGINT NOT NULL, PRIMARY KEY (game_id, name))",
    "INSERT INTO schema_version (version, applied_at) VALUES (1, 0)",
    "INSERT INTO running_games VALUES (2, 'anna', 'carl', 1772669000000)",
];

/// Makes a version-1 database with sqlx at `url` and starts the server
/// on it: the game is there, with its points, and the running one is
/// ended by the rule.
async fn migrate_version_1(url: &str) {
    use sqlx::Connection as _;
    let mut conn = sqlx::AnyConnection::connect(url).await.expect("connect");
    for sql in V1 {
        sqlx::query(sql).execute(&mut conn).await.unwrap();
    }
    let (red, blue) = (deployment(0), deployment(1));
    sqlx::query(&format!(
        "INSERT INTO games VALUES (1, 1, 'anna', 'bert', 0, 0, 'classic', 'battlegeneral', 1772668000000, 1772668010000, 1772668400000, '{red}', '{blue}', 'a4-a5', '1000', 1, 'blue', 'flag_captured', NULL, 1)"
    ))
    .execute(&mut conn)
    .await
    .unwrap();
    conn.close().await.unwrap();
    let s = Server::start(url, &FAST);
    assert!(
        s.stderr
            .lock()
            .unwrap()
            .contains("migrated from schema version 1"),
        "{}",
        s.stderr.lock().unwrap()
    );
    let games = stored_games(&s);
    assert_eq!(games.len(), 2);
    assert_eq!(
        (
            games[0]["players"].clone(),
            games[0]["outcome"].as_str(),
            games[0]["counted"].as_bool()
        ),
        (json!(["anna", "bert"]), Some("blue"), Some(true))
    );
    assert_eq!(games[1]["reason"], "server_stopped");
    let full = s.get_json("/api/games/1");
    assert_eq!(full["record"]["red_setup"], red);
    assert_eq!(s.get("/api/games/1/gravon.xml").0, 200);
    check_leaderboard(&s, &games);
    let eternal = s.get_json("/api/leaderboard?board=battlegeneral&period=eternal");
    assert_eq!(
        eternal[0]["tables"][0]["rows"],
        json!([{"name": "bert", "points": 10}, {"name": "anna", "points": 0}])
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_1_database_is_migrated_sqlite() {
    sqlx::any::install_default_drivers();
    let dir = temp_dir("migrate");
    let path = dir.join("battlegeneral.sqlite");
    std::fs::File::create(&path).unwrap();
    migrate_version_1(&format!("sqlite://{}", path.display())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(spielwerk_postgres),
    ignore = "needs PostgreSQL: set SPIELWERK_TEST_POSTGRES to a postgres:// URL (see the README)"
)]
async fn a_version_1_database_is_migrated_postgres() {
    let Ok(admin) = std::env::var("SPIELWERK_TEST_POSTGRES") else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI runs the PostgreSQL tests: set SPIELWERK_TEST_POSTGRES (.ci/run does)"
        );
        eprintln!("skipped: SPIELWERK_TEST_POSTGRES is not set");
        return;
    };
    use sqlx::Connection as _;
    sqlx::any::install_default_drivers();
    let name = format!("spielwerk_migrate_{}", std::process::id());
    let mut conn = sqlx::PgConnection::connect(&admin)
        .await
        .expect("connect to PostgreSQL");
    drop_database(&mut conn, &name).await;
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .unwrap();
    let (base, _) = admin.rsplit_once('/').expect("a URL with a database");
    migrate_version_1(&format!("{base}/{name}")).await;
    drop_database(&mut conn, &name).await;
}

//! A load generator for `spielwerk serve`, on 127.0.0.1 only and bounded:
//! clients in the lobby, Battlegeneral games of random legal moves, and
//! Fanorona, Reversi and Major games against a computer, all at once. Every game must finish,
//! both players of a game must be told the same result, every game must be
//! stored, and the leaderboard must be the duel rule's over the stored
//! games. Prints the time from a person's move to the computer's reply
//! (median, 99th percentile), the Battlegeneral move round trip, the lobby
//! news each client got, and the server's CPU time and memory.
//!
//! The debug test suite runs a small load. The full run of issue 38
//! (1,000 clients: 300 in Fanorona games against `hard`, 100 in 50
//! Battlegeneral games, 600 in the lobby; people think 2 to 6 seconds a
//! move) is ignored there:
//!
//! ```text
//! cargo test --release --features serve -p examples --test serve_load -- --ignored --nocapture
//! ```
//!
//! Issue 42 adds 200 Reversi games against `max` and 200 Major games
//! against `hard` beside it (the same people, thinking as long).
//!
//! `SERVE_LOAD_FANORONA`, `SERVE_LOAD_BATTLEGENERAL`, `SERVE_LOAD_REVERSI`,
//! `SERVE_LOAD_MAJOR` (games), `SERVE_LOAD_LOBBY` (clients),
//! `SERVE_LOAD_LEVEL` (Fanorona's computer), `SERVE_LOAD_REVERSI_LEVEL`,
//! `SERVE_LOAD_MAJOR_LEVEL`, `SERVE_LOAD_THINK_MS` (`LOW-HIGH`) and
//! `SERVE_LOAD_ARRIVE_MS` (the players against the computer arrive spread
//! over this time, 60 s by default: 0 starts all their games at once)
//! change it.

#![allow(clippy::unwrap_used)]

mod serve_common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use serve_common::{
    Client, Server, deployment, move_text, name_table, play_game, process_usage, start_game,
    temp_dir, try_play_random,
};

/// What a load run is.
#[derive(Debug, Clone)]
struct Load {
    fanorona: usize,
    battlegeneral: usize,
    reversi: usize,
    major: usize,
    lobby: usize,
    level: String,
    reversi_level: String,
    major_level: String,
    think_ms: (u64, u64),
    /// Players of Fanorona arrive spread over this many milliseconds.
    arrive_ms: u64,
}

/// What a load run measured.
struct Figures {
    load: Load,
    seconds: f64,
    /// The computer's replies (sorted, microseconds) by game.
    replies: Vec<(&'static str, Vec<u64>)>,
    round_trips: Vec<u64>,
    plies: usize,
    news_frames: u64,
    news_bytes: u64,
    in_game_news: u64,
    cpu_seconds: f64,
    rss_kb: u64,
    peak_kb: u64,
}

fn quantile(sorted: &[u64], q: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

async fn run(load: Load) -> Figures {
    let dir = temp_dir(&format!(
        "load-{}-{}-{}",
        load.fanorona, load.battlegeneral, load.lobby
    ));
    let clients = load.fanorona + load.reversi + load.major + 2 * load.battlegeneral + load.lobby;
    let max = (clients + 100).to_string();
    let server = Server::start(
        dir.join("db.sqlite").to_str().unwrap(),
        &[
            "--rate",
            "100000",
            "--burst",
            "100000",
            "--predefined-after-ms",
            "0",
            "--computer-delay-ms",
            "0",
            "--max-connections",
            &max,
        ],
    );
    let addr = server.addr;
    // The lobby: named clients that only read (and count the news).
    let done = Arc::new(AtomicBool::new(false));
    let (news_frames, news_bytes) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let mut lobby = Vec::new();
    for k in 0..load.lobby {
        let (done, frames, bytes) = (
            Arc::clone(&done),
            Arc::clone(&news_frames),
            Arc::clone(&news_bytes),
        );
        lobby.push(tokio::spawn(async move {
            let mut c = Client::named(addr, &format!("lobby{k}")).await;
            c.keep_log();
            while !done.load(Ordering::Relaxed) {
                match tokio::time::timeout(Duration::from_millis(200), c.try_next()).await {
                    Ok(Some(_)) | Err(_) => {}
                    Ok(None) => break,
                }
            }
            for f in c.log.take().unwrap_or_default() {
                if f.starts_with("{\"type\":\"players\"") {
                    frames.fetch_add(1, Ordering::Relaxed);
                    bytes.fetch_add(f.len() as u64, Ordering::Relaxed);
                }
            }
        }));
    }
    let (_, _, cpu_before) = process_usage(server.pid()).expect("/proc of the server");
    let start = Instant::now();
    let in_game_news = Arc::new(AtomicU64::new(0));
    // Against the computer: random legal moves after a person's thinking
    // time, in Fanorona, Reversi and Major.
    let mut solo = Vec::new();
    let kinds = [
        ("fanorona", load.fanorona, load.level.clone()),
        ("reversi", load.reversi, load.reversi_level.clone()),
        ("major", load.major, load.major_level.clone()),
    ];
    let mut k = 0;
    for (kind, count, level) in kinds {
        for _ in 0..count {
            k += 1;
            let (level, think, counter) = (level.clone(), load.think_ms, Arc::clone(&in_game_news));
            let arrive = Duration::from_millis(
                serve_common::Rng(5000 + k as u64).below(load.arrive_ms as usize + 1) as u64,
            );
            solo.push(tokio::spawn(async move {
                let name = format!("{}{k}", &kind[..2]);
                let mut c = Client::named(addr, &name).await;
                tokio::time::sleep(arrive).await;
                c.keep_log();
                c.send(
                    json!({"type": "challenge", "to": format!("Computer ({level})"), "kind": kind}),
                )
                .await;
                let game = c.expect("game_start").await["game"].as_u64().unwrap();
                let mut rng = serve_common::Rng(k as u64 + 1);
                let mut wait = serve_common::Rng(1000 + k as u64);
                let pause = Duration::from_millis(
                    think.0 + wait.below((think.1 - think.0 + 1) as usize) as u64,
                );
                let pick = |state: &Value| {
                    let list = state["moves"].as_array()?;
                    Some(move_text(&list[rng.below(list.len())]))
                };
                let played = play_game(&mut c, game, pick, pause)
                    .await
                    .unwrap_or_else(|e| panic!("a {kind} game to the end: {e}"));
                let seen = c.log.take().unwrap_or_default();
                // In a game a player gets no lobby news. The game's end
                // frees its players first (the `lobby` frame that welcomes
                // them back), then tells the result: news may come between.
                let after_start = seen
                    .iter()
                    .position(|f| f.contains("\"type\":\"game_start\""))
                    .unwrap_or(0);
                let over = seen[after_start..]
                    .iter()
                    .position(|f| {
                        f.contains("\"type\":\"game_over\"") || f.starts_with("{\"type\":\"lobby\"")
                    })
                    .map_or(seen.len(), |i| after_start + i);
                let during = seen[after_start..over]
                    .iter()
                    .filter(|f| f.starts_with("{\"type\":\"players\""))
                    .count();
                counter.fetch_add(during as u64, Ordering::Relaxed);
                (kind, game, played)
            }));
        }
    }
    // Battlegeneral between people: random legal moves at full speed.
    let mut battles = Vec::new();
    for k in 0..load.battlegeneral {
        battles.push(tokio::spawn(async move {
            let (bn, rn) = (format!("lb{k}"), format!("lr{k}"));
            let mut blue = Client::named(addr, &bn).await;
            let mut red = Client::named(addr, &rn).await;
            let game = start_game(&mut blue, &bn, &mut red, &rn).await;
            let (db, dr) = (deployment(k), deployment(k + 3));
            let (a, b) = tokio::join!(
                try_play_random(&mut blue, game, &db, 2 * k as u64 + 1, None),
                try_play_random(&mut red, game, &dr, 2 * k as u64 + 2, None)
            );
            let (a, b) = (
                a.expect("blue played to the end"),
                b.expect("red played to the end"),
            );
            assert_eq!(a.over, b.over, "both players are told the same result");
            (a, b)
        }));
    }
    let mut replies: Vec<(&'static str, Vec<u64>)> = ["fanorona", "reversi", "major"]
        .map(|k| (k, Vec::new()))
        .to_vec();
    let mut plies = 0;
    let mut solo_games = Vec::new();
    for t in solo {
        let (kind, game, played) = t.await.expect("a game against the computer");
        if let Some((_, list)) = replies.iter_mut().find(|(k, _)| *k == kind) {
            list.extend(played.replies.iter().copied());
        }
        plies += 2 * played.moves.len();
        solo_games.push((kind, game, played.over));
    }
    let mut round_trips = Vec::new();
    let mut results = Vec::new();
    for t in battles {
        let (a, b) = t.await.expect("a Battlegeneral task");
        round_trips.extend(a.round_trips.iter().chain(b.round_trips.iter()).copied());
        plies += a.moves + b.moves;
        results.push(a.over);
    }
    let seconds = start.elapsed().as_secs_f64();
    let (rss_kb, peak_kb, cpu_after) = process_usage(server.pid()).expect("/proc of the server");
    done.store(true, Ordering::Relaxed);
    for t in lobby {
        t.await.expect("a lobby task");
    }
    for (_, list) in &mut replies {
        list.sort_unstable();
    }
    round_trips.sort_unstable();
    // Every game is stored with the result its players were told.
    let mut stored: Vec<Value> = Vec::new();
    let mut after = 0;
    loop {
        let batch = server.get_json(&format!("/api/games?after={after}&limit=1000"));
        let batch = batch.as_array().unwrap().clone();
        if batch.is_empty() {
            break;
        }
        after = batch.last().unwrap()["id"].as_u64().unwrap();
        stored.extend(batch);
    }
    assert_eq!(
        stored.len(),
        load.fanorona + load.reversi + load.major + load.battlegeneral,
        "every game is stored"
    );
    for (kind, game, over) in &solo_games {
        let g = stored.iter().find(|g| g["id"] == *game).expect("stored");
        assert_eq!(g["outcome"], over["outcome"]);
        assert_eq!(g["kind"], *kind);
    }
    // The leaderboard is the sum of the counted Battlegeneral results: each
    // player played one game, so a counted win is 10 points, all else 0.
    let mut expected: Vec<(String, u32)> = Vec::new();
    for over in &results {
        if over["counted"] == true {
            for p in over["points"].as_array().unwrap() {
                let won = over["winner"] == p["name"];
                expected.push((
                    p["name"].as_str().unwrap().to_string(),
                    if won { 10 } else { 0 },
                ));
            }
        }
    }
    expected.sort_by(|x, y| y.1.cmp(&x.1).then_with(|| x.0.cmp(&y.0)));
    let board = server.get_json("/api/leaderboard?board=battlegeneral&period=eternal&limit=10000");
    let eternal = name_table(&board[0]["tables"][0]["rows"], "points");
    assert_eq!(
        eternal, expected,
        "the leaderboard is the sum of the results"
    );
    Figures {
        load,
        seconds,
        replies,
        round_trips,
        plies,
        news_frames: news_frames.load(Ordering::Relaxed),
        news_bytes: news_bytes.load(Ordering::Relaxed),
        in_game_news: in_game_news.load(Ordering::Relaxed),
        cpu_seconds: cpu_after - cpu_before,
        rss_kb,
        peak_kb,
    }
}

fn report(f: &Figures) {
    let ms = |us: u64| us as f64 / 1000.0;
    let games = f.load.fanorona + f.load.reversi + f.load.major + f.load.battlegeneral;
    let replies: Vec<String> = f
        .replies
        .iter()
        .filter(|(_, list)| !list.is_empty())
        .map(|(kind, list)| {
            format!(
                "{kind} median {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} replies)",
                ms(quantile(list, 0.5)),
                ms(quantile(list, 0.99)),
                ms(list.last().copied().unwrap_or(0)),
                list.len()
            )
        })
        .collect();
    eprintln!(
        "load: {} clients in the lobby; against the computer {} Fanorona games ({}), {} Reversi games ({}), {} Major games ({}), \
         people arrive over {} ms and think {}-{} ms; {} Battlegeneral games; \
         {} plies in {:.1} s; the computer's reply (its thinking included): {}; \
         Battlegeneral round trip median {:.2} ms, p99 {:.2} ms, max {:.2} ms; \
         lobby news: {:.1} frames and {:.1} KiB a lobby client, {} frames to players in games; \
         server CPU {:.2} s ({:.0} % of one core, {:.3} s a game), memory {} MiB at the end, peak {} MiB ({:.0} KiB a game)",
        f.load.lobby,
        f.load.fanorona,
        f.load.level,
        f.load.reversi,
        f.load.reversi_level,
        f.load.major,
        f.load.major_level,
        f.load.arrive_ms,
        f.load.think_ms.0,
        f.load.think_ms.1,
        f.load.battlegeneral,
        f.plies,
        f.seconds,
        replies.join("; "),
        ms(quantile(&f.round_trips, 0.5)),
        ms(quantile(&f.round_trips, 0.99)),
        ms(f.round_trips.last().copied().unwrap_or(0)),
        f.news_frames as f64 / f.load.lobby.max(1) as f64,
        f.news_bytes as f64 / 1024.0 / f.load.lobby.max(1) as f64,
        f.in_game_news,
        f.cpu_seconds,
        100.0 * f.cpu_seconds / f.seconds,
        f.cpu_seconds / games.max(1) as f64,
        f.rss_kb / 1024,
        f.peak_kb / 1024,
        f.peak_kb as f64 / games.max(1) as f64,
    );
}

fn env(key: &str, default: usize) -> usize {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_of_every_kind_and_a_lobby_at_once() {
    let f = run(Load {
        fanorona: 30,
        battlegeneral: 30,
        reversi: 20,
        major: 20,
        lobby: 100,
        level: "easy".into(),
        reversi_level: "easy".into(),
        major_level: "easy".into(),
        think_ms: (0, 0),
        arrive_ms: 0,
    })
    .await;
    report(&f);
    assert_eq!(f.in_game_news, 0, "players in games get no lobby news");
    // Presence is batched: far fewer frames than players who came.
    assert!(
        f.news_frames / (f.load.lobby as u64) < 100,
        "{} news frames a lobby client",
        f.news_frames / f.load.lobby as u64
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "the full load of issues 38 and 42: cargo test --release --features serve -p examples --test serve_load -- --ignored --nocapture"]
async fn the_full_load() {
    let think = std::env::var("SERVE_LOAD_THINK_MS").unwrap_or_else(|_| "2000-6000".into());
    let (lo, hi) = think.split_once('-').unwrap_or(("2000", "6000"));
    let f = run(Load {
        fanorona: env("SERVE_LOAD_FANORONA", 300),
        battlegeneral: env("SERVE_LOAD_BATTLEGENERAL", 50),
        reversi: env("SERVE_LOAD_REVERSI", 200),
        major: env("SERVE_LOAD_MAJOR", 200),
        lobby: env("SERVE_LOAD_LOBBY", 600),
        level: std::env::var("SERVE_LOAD_LEVEL").unwrap_or_else(|_| "hard".into()),
        reversi_level: std::env::var("SERVE_LOAD_REVERSI_LEVEL").unwrap_or_else(|_| "max".into()),
        major_level: std::env::var("SERVE_LOAD_MAJOR_LEVEL").unwrap_or_else(|_| "hard".into()),
        think_ms: (lo.parse().unwrap(), hi.parse().unwrap()),
        arrive_ms: env("SERVE_LOAD_ARRIVE_MS", 60_000) as u64,
    })
    .await;
    report(&f);
    assert_eq!(f.in_game_news, 0, "players in games get no lobby news");
}

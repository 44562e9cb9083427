//! A load generator for `spielwerk serve`, on 127.0.0.1 only and bounded:
//! 200 WebSocket clients in 100 simultaneous games of random legal moves
//! to the end. Every game must finish, both players must be told the same
//! result, and the leaderboard must be the sum of the results. Prints the
//! move round trip (median, 99th percentile) and the server's CPU time and
//! memory.
//!
//! The bigger run (1000 clients in 500 games by default, or
//! `SERVE_LOAD_CLIENTS`) is ignored in the debug test suite:
//!
//! ```text
//! cargo test --release --features serve -p examples --test serve_load -- --ignored --nocapture
//! ```

#![allow(clippy::unwrap_used)]

mod serve_common;

use std::sync::Arc;
use std::time::Instant;

use serve_common::{
    Client, Server, deployment, name_table, process_usage, start_game, temp_dir, try_play_random,
};

/// What a load run measured.
struct Figures {
    clients: usize,
    games: usize,
    plies: usize,
    counted: usize,
    seconds: f64,
    median_us: u64,
    p99_us: u64,
    max_us: u64,
    cpu_seconds: f64,
    rss_kb: u64,
    peak_kb: u64,
}

/// Runs `clients` clients in `clients / 2` games on a server whose clock
/// runs `scale` times as fast as real time (so that games can count: at
/// 60 a game counts after 4 real seconds, and the move clock is 5).
async fn load(clients: usize, scale: u64) -> Figures {
    let games = clients / 2;
    let dir = temp_dir(&format!("load-{clients}"));
    let max = (clients + 100).to_string();
    let scale = scale.to_string();
    let server = Server::start(
        dir.join("db.sqlite").to_str().unwrap(),
        &[
            "--time-scale",
            &scale,
            "--rate",
            "100000",
            "--burst",
            "100000",
            "--predefined-after-ms",
            "0",
            "--max-connections",
            &max,
        ],
    );
    let (_, _, cpu_before) = process_usage(server.pid()).expect("/proc of the server");
    let addr = server.addr;
    let barrier = Arc::new(tokio::sync::Barrier::new(games));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for k in 0..games {
        let barrier = Arc::clone(&barrier);
        tasks.push(tokio::spawn(async move {
            let (bn, rn) = (format!("lb{k}"), format!("lr{k}"));
            let mut blue = Client::named(addr, &bn).await;
            let mut red = Client::named(addr, &rn).await;
            // Every game starts at about the same time.
            barrier.wait().await;
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
    let mut results = Vec::new();
    for t in tasks {
        results.push(t.await.expect("a game task"));
    }
    let seconds = start.elapsed().as_secs_f64();
    let (rss_kb, peak_kb, cpu_after) = process_usage(server.pid()).expect("/proc of the server");
    let mut rtts: Vec<u64> = results
        .iter()
        .flat_map(|(a, b)| a.round_trips.iter().chain(b.round_trips.iter()).copied())
        .collect();
    rtts.sort_unstable();
    let at = |q: f64| rtts[((rtts.len() - 1) as f64 * q).round() as usize];
    let plies = results.iter().map(|(a, b)| a.moves + b.moves).sum();
    // Every game is stored, and the leaderboard is the sum of the results:
    // each player played one game, so a counted win is 10 points, all
    // else 0.
    let stored = server.get_json("/api/games?limit=1000");
    assert_eq!(
        stored.as_array().unwrap().len(),
        games,
        "every game is stored"
    );
    let mut expected: Vec<(String, u32)> = Vec::new();
    let mut counted = 0;
    for (a, _) in &results {
        let over = &a.over;
        let reason = over["reason"].as_str().unwrap();
        assert!(
            reason == "flag_captured" || reason == "no_moves",
            "a game ended by {reason}: {over}"
        );
        if over["counted"] == true {
            counted += 1;
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
        clients,
        games,
        plies,
        counted,
        seconds,
        median_us: at(0.5),
        p99_us: at(0.99),
        max_us: *rtts.last().unwrap_or(&0),
        cpu_seconds: cpu_after - cpu_before,
        rss_kb,
        peak_kb,
    }
}

fn report(f: &Figures) {
    eprintln!(
        "load: {} clients, {} simultaneous games, {} plies in {:.2} s ({:.0} moves/s), {} games counted; \
         move round trip median {:.2} ms, p99 {:.2} ms, max {:.2} ms; \
         server CPU {:.2} s ({:.0} % of one core), memory {} MiB now, peak {} MiB",
        f.clients,
        f.games,
        f.plies,
        f.seconds,
        f.plies as f64 / f.seconds,
        f.counted,
        f.median_us as f64 / 1000.0,
        f.p99_us as f64 / 1000.0,
        f.max_us as f64 / 1000.0,
        f.cpu_seconds,
        100.0 * f.cpu_seconds / f.seconds,
        f.rss_kb / 1024,
        f.peak_kb / 1024,
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_clients_in_a_hundred_simultaneous_games() {
    let f = load(200, 60).await;
    report(&f);
    assert_eq!((f.clients, f.games), (200, 100));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "the bigger load run: cargo test --release --features serve -p examples --test serve_load -- --ignored --nocapture"]
async fn the_bigger_load_run() {
    let clients = std::env::var("SERVE_LOAD_CLIENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    // The real clock: with a thousand clients and the server on two cores
    // a client may be many seconds behind (the games do not last long
    // enough to count then).
    let f = load(clients, 1).await;
    report(&f);
}

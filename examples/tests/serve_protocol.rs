//! The protocol of `spielwerk serve` end to end: the lobby, games, bad
//! input, limits, computer players, the leaderboard and the export.

mod serve_common;

use serde_json::json;
use serve_common::{Client, Server, deployment, play_random, start_game, temp_dir};

fn server(name: &str, extra: &[&str]) -> Server {
    let dir = temp_dir(name);
    Server::start(dir.join("db.sqlite").to_str().unwrap(), extra)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_a_game_to_the_end() {
    let s = server(
        "two",
        &[
            "--predefined-after-ms",
            "0",
            "--rate",
            "100000",
            "--burst",
            "100000",
        ],
    );
    let mut anna = Client::named(s.addr, "anna").await;
    let mut bert = Client::named(s.addr, "bert").await;
    let game = start_game(&mut anna, "anna", &mut bert, "bert").await;
    let (d0, d1) = (deployment(0), deployment(1));
    let (a, b) = tokio::join!(
        play_random(&mut anna, game, &d0, 1, None),
        play_random(&mut bert, game, &d1, 2, None)
    );
    assert_eq!(a.over, b.over);
    println!("{} {} {}", a.over, a.moves, b.moves);
}

//! The platform's rules, tried from outside over the raw socket and HTTP,
//! for every hosted game: a player acts only for itself, bad input gets a
//! typed error and changes nothing, the chat of a game reaches its players
//! only; no client can set a score, skip the computer's reply, play in
//! another's game or enter the Bestenliste twice; names are unique under
//! look-alike folding and belong to the browser that played with them; the
//! token never reaches another client or the log; a pong comes after the
//! answers to what was sent before it; the WebSocket `Origin` and the
//! request headers are checked; a bad `--db` is reported at once.

#![allow(clippy::unwrap_used)]

mod serve_common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use serve_common::{Client, Server, deployment, http_status, play_fanorona, start_kind, temp_dir};

fn server(name: &str, extra: &[&str]) -> Server {
    let dir = temp_dir(name);
    let mut args: Vec<&str> = Vec::new();
    for (option, value) in [
        ("--rate", "100000"),
        ("--burst", "100000"),
        ("--predefined-after-ms", "0"),
        ("--computer-delay-ms", "0"),
    ] {
        if !extra.contains(&option) {
            args.extend([option, value]);
        }
    }
    args.extend_from_slice(extra);
    Server::start(dir.join("db.sqlite").to_str().expect("path"), &args)
}

/// A move of the player to move, and a message type every game has.
fn first_move(state: &Value) -> Value {
    let m = &state["moves"][0];
    m.get("move").cloned().unwrap_or_else(|| m.clone())
}

/// Waits for the `state` in which `c` is to move.
async fn my_turn(c: &mut Client) -> Value {
    loop {
        let s = c.expect("state").await;
        if s["your_turn"] == true {
            return s;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_hosted_game_keeps_the_platform_rules() {
    let s = server("rules", &[]);
    for (i, kind) in ["battlegeneral", "fanorona", "reversi", "major"]
        .into_iter()
        .enumerate()
    {
        let (an, bn, cn) = (format!("anna{i}"), format!("bert{i}"), format!("carl{i}"));
        let mut anna = Client::named(s.addr, &an).await;
        let mut bert = Client::named(s.addr, &bn).await;
        let mut carl = Client::named(s.addr, &cn).await;
        // Anna challenges, Bert accepts: Bert plays the first side.
        let (start, bert_start) = start_kind(&mut anna, &an, &mut bert, &bn, kind).await;
        let game = start["game"].as_u64().unwrap();
        if kind == "battlegeneral" {
            anna.send(json!({"type": "ready", "game": game, "deployment": deployment(0)}))
                .await;
            bert.send(json!({"type": "ready", "game": game, "deployment": deployment(1)}))
                .await;
        }
        let state = my_turn(&mut bert).await;
        let mv = first_move(&state);
        for c in [&mut anna, &mut bert] {
            c.sync().await;
        }
        // Nobody acts for another: not a third player, not the opponent.
        for msg in [
            json!({"type": "move", "game": game, "move": mv}),
            json!({"type": "leave", "game": game}),
            json!({"type": "say", "game": game, "text": "hi"}),
        ] {
            assert_eq!(
                carl.refused(msg.clone()).await,
                "not_in_game",
                "{kind} {msg}"
            );
        }
        assert_eq!(
            anna.refused(json!({"type": "move", "game": game, "move": mv}))
                .await,
            "not_your_turn",
            "{kind}"
        );
        // Bad input gets a typed error and changes nothing.
        for (msg, code) in [
            (json!({"type": "move", "game": game}), "bad_field"),
            (
                json!({"type": "move", "game": game, "move": 7}),
                "bad_field",
            ),
            (
                json!({"type": "move", "game": game, "move": mv, "admin": true}),
                "bad_field",
            ),
            (json!({"type": "fly", "game": game}), "unknown_type"),
            (
                json!({"type": "move", "game": game, "move": "z9-z10"}),
                "illegal_move",
            ),
            (
                json!({"type": "move", "game": game + 100, "move": mv}),
                "not_in_game",
            ),
        ] {
            assert_eq!(bert.refused(msg.clone()).await, code, "{kind} {msg}");
        }
        let big = json!({"type": "move", "game": game, "move": "x".repeat(70_000)});
        assert_eq!(bert.refused(big).await, "too_large", "{kind}");
        for c in [&mut anna, &mut bert] {
            let seen = c.sync().await;
            assert!(
                seen.iter().all(|m| m["type"] != "state"),
                "{kind}: nothing changed, yet {seen:?}"
            );
        }
        // A game's chat reaches its players, as text, and nobody else.
        anna.send(json!({"type": "say", "game": game, "text": "<b>gl</b> hf"}))
            .await;
        for c in [&mut anna, &mut bert] {
            let line = c.expect("game_chat").await;
            assert_eq!(
                (line["from"].as_str(), line["text"].as_str()),
                (Some(an.as_str()), Some("<b>gl</b> hf"))
            );
        }
        assert!(carl.sync().await.iter().all(|m| m["type"] != "game_chat"));
        // The move goes through; then a closed socket is leaving.
        bert.send(json!({"type": "move", "game": game, "move": mv}))
            .await;
        my_turn(&mut anna).await;
        let token = bert.token.clone();
        bert.close().await;
        let over = anna.expect("game_over").await;
        assert_eq!(
            (over["reason"].as_str(), over["winner"].as_str()),
            (Some("left"), Some(an.as_str())),
            "{kind}"
        );
        assert_eq!(over["reason_player"], bert_start["colour"], "{kind}");
        // Bert's name is his: another browser cannot take it.
        let mut other = Client::connect(s.addr).await;
        assert_eq!(
            other.refused(json!({"type": "name", "name": bn})).await,
            "name_owned"
        );
        Client::named_with(s.addr, &bn, token.as_deref()).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_cannot_cheat_over_the_raw_socket() {
    // The computer waits a little before it answers: time to try to skip
    // its reply.
    let s = server("cheat", &["--computer-delay-ms", "300"]);
    let mut anna = Client::named(s.addr, "anna").await;
    let mut bert = Client::named(s.addr, "bert").await;
    anna.send(json!({"type": "challenge", "to": "Computer (easy)", "kind": "fanorona"}))
        .await;
    let game = anna.expect("game_start").await["game"].as_u64().unwrap();
    let state = my_turn(&mut anna).await;
    let mv = first_move(&state);
    // No score, result or list can be sent.
    for (msg, code) in [
        (
            json!({"type": "move", "game": game, "move": mv, "score": 999}),
            "bad_field",
        ),
        (
            json!({"type": "score", "game": game, "points": 500}),
            "unknown_type",
        ),
        (
            json!({"type": "game_over", "game": game, "outcome": "white"}),
            "unknown_type",
        ),
        (
            json!({"type": "leaderboard", "board": "fanorona", "points": 1}),
            "unknown_type",
        ),
        (
            json!({"type": "daily", "kind": "fanorona", "score": 200}),
            "bad_field",
        ),
    ] {
        assert_eq!(anna.refused(msg.clone()).await, code, "{msg}");
    }
    // Two moves at once: the second is not Anna's to make.
    anna.send(json!({"type": "move", "game": game, "move": mv}))
        .await;
    anna.send(json!({"type": "move", "game": game, "move": mv}))
        .await;
    assert_eq!(anna.expect_error().await, "not_your_turn");
    // Bert cannot play in Anna's game.
    assert_eq!(
        bert.refused(json!({"type": "move", "game": game, "move": mv}))
            .await,
        "not_in_game"
    );
    anna.send(json!({"type": "leave", "game": game})).await;
    anna.expect("game_over").await;
    // The game of the day enters the Bestenliste once a day and name.
    let mut scores = Vec::new();
    for round in 0..2 {
        anna.send(json!({"type": "daily", "kind": "fanorona"}))
            .await;
        let start = anna.expect("game_start").await;
        assert_eq!(start["counts"], round == 0);
        assert_eq!(start["opponent"], "Computer (medium)");
        let game = start["game"].as_u64().unwrap();
        let played = play_fanorona(
            &mut anna,
            game,
            |list| (list.len() > 3).then_some(0),
            Duration::ZERO,
        )
        .await
        .unwrap();
        assert_eq!(played.over["counted"], round == 0);
        scores.push(played.over["score"].as_u64().unwrap());
    }
    let board = s.get_json("/api/leaderboard?board=fanorona");
    let day = &board[0]["tables"][0];
    assert_eq!(day["period"], "day");
    assert_eq!(day["rows"], json!([{"name": "anna", "points": scores[0]}]));
    // A second browser without the token cannot be Anna, now or later.
    let mut twin = Client::connect(s.addr).await;
    assert_eq!(
        twin.refused(json!({"type": "name", "name": "anna"})).await,
        "name_taken"
    );
    let token = anna.token.clone().unwrap();
    anna.close().await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        twin.refused(json!({"type": "name", "name": "ANNA"})).await,
        "name_owned"
    );
    twin.send(json!({"type": "name", "name": "Anna", "token": token}))
        .await;
    let named = twin.expect("named").await;
    assert_eq!(
        (named["name"].as_str(), named["registered"].as_bool()),
        (Some("anna"), Some(true))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn look_alike_names_are_one_name_and_the_token_stays_secret() {
    let s = server("names", &[]);
    let mut idle = Client::named(s.addr, "idle").await;
    let mut watcher = Client::named(s.addr, "watcher").await;
    watcher.keep_log();
    let mut x = Client::connect(s.addr).await;
    for (name, code) in [
        ("\u{406}dle", "name_taken"),
        ("ｉｄｌｅ", "name_taken"),
        ("IDLE", "name_taken"),
        ("Comput\u{435}r easy", "name_reserved"),
        ("ｃｏｍｐｕｔｅｒ", "name_reserved"),
    ] {
        assert_eq!(
            x.refused(json!({"type": "name", "name": name})).await,
            code,
            "{name}"
        );
    }
    // The token: only its owner ever gets it, and the log never shows it.
    let token = idle.token.clone().unwrap();
    assert_eq!(token.len(), 32);
    let (start, _) = start_kind(&mut idle, "idle", &mut watcher, "watcher", "fanorona").await;
    let game = start["game"].as_u64().unwrap();
    idle.send(json!({"type": "chat", "text": "hi"})).await;
    watcher.send(json!({"type": "leave", "game": game})).await;
    idle.expect("game_over").await;
    watcher.sync().await;
    let log = watcher.log.as_ref().unwrap().join("\n");
    assert!(log.contains("idle"), "the watcher saw idle");
    assert!(!log.contains(&token), "another client got the token");
    let server_log = s.stderr.lock().unwrap().clone();
    assert!(!server_log.contains(&token), "the log shows the token");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pong_comes_after_the_answers_to_everything_before_it() {
    let s = server("pong", &[]);
    let mut anna = Client::named(s.addr, "anna").await;
    anna.send(json!({"type": "challenge", "to": "Computer (easy)", "kind": "fanorona"}))
        .await;
    let game = anna.expect("game_start").await["game"].as_u64().unwrap();
    my_turn(&mut anna).await;
    for i in 0..50u64 {
        // A game error, a lobby error, then the ping.
        anna.send(json!({"type": "move", "game": game, "move": "a1-a2"}))
            .await;
        anna.send(json!({"type": "chat", "text": ""})).await;
        anna.send(json!({"type": "ping", "id": i})).await;
        let mut errors = Vec::new();
        loop {
            let m = anna.next().await.unwrap();
            match m["type"].as_str() {
                Some("error") => errors.push(m["code"].as_str().unwrap().to_string()),
                Some("pong") => {
                    assert_eq!(m["id"], i);
                    break;
                }
                _ => {}
            }
        }
        // The game and the lobby answer each in its own order; both
        // before the pong.
        errors.sort();
        assert_eq!(errors, ["chat_invalid", "illegal_move"], "try {i}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_origin_and_the_headers_are_checked() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let s = server("origin", &[]);
    let connect = |origin: &str, host: &str| {
        let mut request = format!("ws://{}/ws", s.addr).into_client_request().unwrap();
        request
            .headers_mut()
            .insert("origin", origin.parse().unwrap());
        request.headers_mut().insert("host", host.parse().unwrap());
        tokio_tungstenite::connect_async(request)
    };
    let port = s.addr.port();
    let own = format!("http://127.0.0.1:{port}");
    assert!(connect(&own, &format!("127.0.0.1:{port}")).await.is_ok());
    assert!(
        connect(
            &format!("http://localhost:{port}"),
            &format!("localhost:{port}")
        )
        .await
        .is_ok()
    );
    // A page on a rebound DNS name sends its own name as host and origin.
    let evil = connect(
        &format!("http://evil.example:{port}"),
        &format!("evil.example:{port}"),
    )
    .await;
    assert!(evil.is_err(), "a foreign origin was let in");
    // With --origin, that address and no other.
    let t = server("origin2", &["--origin", "https://games.example.org"]);
    let mut request = format!("ws://{}/ws", t.addr).into_client_request().unwrap();
    request
        .headers_mut()
        .insert("origin", "https://games.example.org".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_ok());
    let mut request = format!("ws://{}/ws", t.addr).into_client_request().unwrap();
    request
        .headers_mut()
        .insert("origin", format!("http://{}", t.addr).parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_err());
    // Request headers: 200 KB are refused, a normal request is answered.
    let big = format!(
        "GET / HTTP/1.1\r\nHost: {}\r\nX-Big: {}\r\nConnection: close\r\n\r\n",
        s.addr,
        "a".repeat(200_000)
    );
    assert_eq!(http_status(s.addr, big.as_bytes()), 431);
    let small = format!(
        "GET / HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        s.addr
    );
    assert_eq!(http_status(s.addr, small.as_bytes()), 200);
    // Bad path parameters are answered in JSON like every API error.
    for path in [
        "/api/games/abc",
        "/api/games/abc/gravon.xml",
        "/api/games?limit=x",
        "/api/leaderboard?period=2026-13",
    ] {
        let (status, body) = s.get(path);
        assert_eq!(status, 400, "{path}");
        let v: Value =
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: {e}: {body}"));
        assert!(v["error"].is_string(), "{path}: {body}");
    }
}

/// `spielwerk serve` with `args`: its exit status and error output, within
/// `limit` (killed after it).
fn serve_fails(args: &[&str], limit: Duration) -> (Option<i32>, String, Duration) {
    let start = Instant::now();
    // In a folder of its own: a default database would be made there,
    // and none may be.
    let dir = temp_dir("serve-fails");
    let mut child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
        .current_dir(&dir)
        .arg("serve")
        .args(["--addr", "127.0.0.1:0"])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            let mut err = String::new();
            use std::io::Read as _;
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            assert!(
                !dir.join("spielcenter.sqlite").exists(),
                "{args:?} made a database"
            );
            return (status.code(), err, start.elapsed());
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return (None, String::from("(still running)"), start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_bad_database_is_reported_at_once_with_its_cause() {
    let dir = temp_dir("db-args");
    let junk = dir.join("junk.sqlite");
    std::fs::write(&junk, vec![b'x'; 8192]).unwrap();
    let missing = dir.join("missing.sqlite");
    let export = dir.join("export");
    for (args, cause) in [
        (vec!["--db", junk.to_str().unwrap()], "not a database"),
        (vec!["--db", ""], "empty"),
        (vec!["--db", "mysql://x"], "not supported"),
        (vec!["--db", "postgres://u:secret@127.0.0.1:1/db"], "u:***@"),
        (
            vec![
                "--db",
                missing.to_str().unwrap(),
                "--export-games",
                export.to_str().unwrap(),
            ],
            "missing.sqlite",
        ),
        (vec!["--zone", "Mars/Olympus"], "unknown time zone"),
        (vec!["--origin", "games.example"], "--origin"),
    ] {
        let (code, err, took) = serve_fails(&args, Duration::from_secs(15));
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(err.contains(cause), "{args:?}: {err}");
        assert!(!err.contains("secret"), "{err}");
        assert!(took < Duration::from_secs(10), "{args:?} took {took:?}");
    }
    // Reading only: the mistyped database was not made.
    assert!(!missing.exists());
    // An sqlite: URL of a new file is made.
    let new = dir.join("new.sqlite");
    let url = format!("sqlite:{}", new.display());
    let s = Server::start(&url, &[]);
    assert!(new.exists());
    drop(s);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_floods_a_game_is_limited_then_disconnected_and_loses() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    // The default limits: 20 messages a second, bursts of 60.
    let s = server("flood-games", &["--rate", "20", "--burst", "60"]);
    for kind in ["battlegeneral", "fanorona", "reversi", "major"] {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws", s.addr))
            .await
            .unwrap();
        let (mut sink, mut stream) = ws.split();
        let name = format!("flood-{kind}");
        sink.send(Message::text(
            json!({"type": "name", "name": name}).to_string(),
        ))
        .await
        .unwrap();
        sink.send(Message::text(
            json!({"type": "challenge", "to": "Computer (easy)", "kind": kind}).to_string(),
        ))
        .await
        .unwrap();
        let mut game = None;
        while game.is_none() {
            if let Some(Ok(Message::Text(t))) = stream.next().await {
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["type"] == "game_start" {
                    game = v["game"].as_u64();
                }
            }
        }
        let game = game.unwrap();
        let reader = tokio::spawn(async move {
            let (mut limited, mut close) = (0, None);
            while let Ok(Some(frame)) =
                tokio::time::timeout(Duration::from_secs(30), stream.next()).await
            {
                match frame {
                    Ok(Message::Text(t)) => {
                        let v: Value = serde_json::from_str(&t).unwrap();
                        if v["code"] == "rate_limited" {
                            limited += 1;
                        }
                    }
                    Ok(Message::Close(f)) => {
                        close = f.map(|f| u16::from(f.code));
                        break;
                    }
                    Ok(_) => {}
                    Err(_) => break,
                }
            }
            (limited, close)
        });
        let flood = json!({"type": "move", "game": game, "move": "a1-a2"}).to_string();
        let mut sent = 0;
        while sent < 5000 && sink.send(Message::text(flood.clone())).await.is_ok() {
            sent += 1;
        }
        let (limited, close) = reader.await.unwrap();
        assert_eq!(limited, 1, "{kind}: one rate_limited error per flood");
        assert_eq!(close, Some(1008), "{kind}: closed for the rate limit");
        // The game ends as left by the flooder; the server goes on.
        let start = Instant::now();
        loop {
            let games = s.get_json(&format!("/api/games?kind={kind}"));
            if let Some(g) = games.as_array().unwrap().iter().find(|g| g["id"] == game) {
                assert_eq!(g["reason"], "left", "{kind}: {g}");
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "{kind}: never stored"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Plays a game on one screen with the first legal move of each turn
/// until it ends and the player is back in the lobby; returns its
/// `game_over`.
async fn play_screen_to_the_end(c: &mut Client, game: u64) -> Value {
    let (mut over, mut lobby) = (None, false);
    for _ in 0..2000 {
        let m = c.next().await.expect("open");
        lobby |= m["type"] == "lobby";
        if m["type"] == "game_over" {
            over = Some(m.clone());
        }
        if lobby && let Some(over) = over {
            return over;
        }
        if m["type"] == "state" && m["your_turn"] == true {
            let mv = first_move(&m);
            c.send(json!({"type": "move", "game": game, "move": mv}))
                .await;
        }
    }
    panic!("no end after 2000 messages");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_screen_games_and_highscores_keep_the_rules() {
    // The computers wait a little: a demonstration can be watched.
    let s = server("screen", &["--computer-delay-ms", "150"]);
    let mut anna = Client::named(s.addr, "anna").await;
    let mut bert = Client::named(s.addr, "bert").await;
    // Only games played on one screen take `play`; sides are `me` or a
    // level; options are the game's own, checked.
    for (msg, code) in [
        (
            json!({"type": "play", "kind": "reversi", "first": "me", "second": "easy"}),
            "unknown_game",
        ),
        (
            json!({"type": "play", "kind": "chess", "first": "me", "second": "easy"}),
            "unknown_game",
        ),
        (
            json!({"type": "play", "kind": "major", "first": "me", "second": "god"}),
            "bad_field",
        ),
        (
            json!({"type": "play", "kind": "major", "first": "me", "second": "easy", "options": {"board": 5}}),
            "bad_field",
        ),
        (
            json!({"type": "play", "kind": "major", "first": "me", "second": "easy", "options": {"time_ms": 1}}),
            "bad_field",
        ),
        (
            json!({"type": "challenge", "to": "Computer (easy)", "kind": "major", "options": {"side": "green"}}),
            "bad_field",
        ),
        (
            json!({"type": "challenge", "to": "Computer (easy)", "kind": "reversi", "options": {"board": 2}}),
            "bad_field",
        ),
        (
            json!({"type": "highscores", "kind": "major", "table": "1", "rows": []}),
            "unknown_type",
        ),
    ] {
        assert_eq!(anna.refused(msg.clone()).await, code, "{msg}");
    }
    // Two people at one screen: every move is the side to move's, nobody
    // else acts in it, and its win enters no highscore table.
    anna.send(json!({"type": "play", "kind": "major", "first": "me", "second": "me", "options": {"board": 2}}))
        .await;
    let start = anna.expect("game_start").await;
    assert_eq!(
        (&start["local"], &start["seats"], &start["board"]),
        (&json!(true), &json!(["me", "me"]), &json!(2))
    );
    let game = start["game"].as_u64().unwrap();
    for side in ["blue", "red", "blue"] {
        let state = my_turn(&mut anna).await;
        assert_eq!(state["to_move"], side);
        let mv = first_move(&state);
        assert_eq!(
            bert.refused(json!({"type": "move", "game": game, "move": mv}))
                .await,
            "not_in_game"
        );
        anna.send(json!({"type": "move", "game": game, "move": mv, "highscore": 1}))
            .await;
        assert_eq!(anna.expect_error().await, "bad_field");
        anna.send(json!({"type": "move", "game": game, "move": mv}))
            .await;
    }
    let over = play_screen_to_the_end(&mut anna, game).await;
    assert_ne!(over["reason"], "stopped");
    assert_eq!(over["highscore"], Value::Null, "{over}");
    // A demonstration: the computers play, the screen only watches, and
    // leaving stops it without a result.
    anna.send(json!({"type": "play", "kind": "major", "first": "easy", "second": "medium"}))
        .await;
    let start = anna.expect("game_start").await;
    assert_eq!(start["seats"], json!(["easy", "medium"]));
    let game = start["game"].as_u64().unwrap();
    let state = anna.expect("state").await;
    assert_eq!(state["your_turn"], false);
    assert_eq!(
        anna.refused(json!({"type": "move", "game": game, "move": first_move(&state)}))
            .await,
        "not_allowed"
    );
    anna.expect("state").await;
    anna.send(json!({"type": "leave", "game": game})).await;
    let over = anna.expect("game_over").await;
    assert_eq!(
        (over["reason"].as_str(), over["outcome"].as_str()),
        (Some("stopped"), Some("none")),
        "{over}"
    );
    anna.expect("lobby").await;
    // Against the computer at one screen, leaving loses.
    anna.send(json!({"type": "play", "kind": "major", "first": "me", "second": "easy"}))
        .await;
    let game = anna.expect("game_start").await["game"].as_u64().unwrap();
    my_turn(&mut anna).await;
    anna.send(json!({"type": "leave", "game": game})).await;
    let over = anna.expect("game_over").await;
    assert_eq!(
        (over["reason"].as_str(), over["outcome"].as_str()),
        (Some("left"), Some("red")),
        "{over}"
    );
    // The store holds all three, as the server ended them; no highscore.
    let stored = s.get_json("/api/games?kind=major");
    let reasons: Vec<&str> = stored
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons.len(), 3, "{stored}");
    assert_eq!(&reasons[1..], ["stopped", "left"]);
    // A Reversi result cannot be sent either: only moves.
    anna.send(json!({"type": "challenge", "to": "Computer (easy)", "kind": "reversi", "options": {"side": "white"}}))
        .await;
    let start = anna.expect("game_start").await;
    assert_eq!(start["colour"], "white");
    let game = start["game"].as_u64().unwrap();
    let state = my_turn(&mut anna).await;
    assert_eq!(state["ply"], 1, "the computer opened as Black");
    for (msg, code) in [
        (
            json!({"type": "game_over", "game": game, "outcome": "white"}),
            "unknown_type",
        ),
        (
            json!({"type": "move", "game": game, "move": first_move(&state), "discs": 64}),
            "bad_field",
        ),
        (
            json!({"type": "move", "game": game, "move": "pass"}),
            "illegal_move",
        ),
    ] {
        assert_eq!(anna.refused(msg.clone()).await, code, "{msg}");
    }
}

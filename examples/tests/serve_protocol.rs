//! The protocol of `spielwerk serve` end to end, each test against a
//! server of its own on a free port of 127.0.0.1: the lobby, games, the
//! referee's view of every frame, bad input, limits, acting for others,
//! static paths, computer players, the clocks and the leaving rules.

#![allow(clippy::unwrap_used)]

mod serve_common;

use std::time::{Duration, Instant};

use board_core::{Game, Player};
use serde_json::{Value, json};
use serve_common::{Client, Server, deployment, http_get, play_random, start_game, temp_dir};
use stratego_rules::{Army, Deployment, Move, MoveList, Position, Preset, Setup, Square};

/// A server with limits high enough for programs that play fast, the
/// predefined setups offered at once and computer players without delay.
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

/// The token of every square as `viewer` may see the referee position
/// (an oracle written independently of the server's code).
fn oracle_board(pos: &Position, viewer: Player) -> Vec<Value> {
    oracle(pos, Some(viewer))
}

/// The tokens of the referee position as `viewer` may see it (`None`:
/// every rank, as at the end of the game).
fn oracle(pos: &Position, viewer: Option<Player>) -> Vec<Value> {
    Square::all()
        .map(|sq| match pos.piece_at(sq) {
            None => Value::Null,
            Some(bp) => {
                let known = viewer.is_none_or(|v| bp.piece.owner == v) || bp.revealed;
                let mut t = String::from(if bp.piece.owner == Player::First {
                    "r"
                } else {
                    "b"
                });
                t.push_str(if known { bp.piece.rank.short() } else { "?" });
                if bp.revealed {
                    t.push('*');
                }
                if bp.moved {
                    t.push('\'');
                }
                Value::String(t)
            }
        })
        .collect()
}

/// Checks every frame one player received in a whole game against the
/// referee position replayed from both setups: each board shows exactly
/// what the player may know, the moves are its legal moves, battles are
/// reported as they happened, and no other frame carries a board. Returns
/// the moves of the game.
fn check_frames(frames: &[String], me: Player, red: &Deployment, blue: &Deployment) -> Vec<Move> {
    let mut pos = Position::from_setup(
        Setup::from_deployments(Army::Classic, red, blue),
        Preset::Battlegeneral.rules(),
    )
    .expect("valid setups");
    let mine = if me == Player::First { 'r' } else { 'b' };
    let mut moves = Vec::new();
    let mut states = 0;
    for raw in frames {
        let v: Value = serde_json::from_str(raw).expect("JSON");
        let ty = v["type"].as_str().expect("a type");
        match ty {
            "setup" => {
                for t in v["board"]
                    .as_array()
                    .expect("board")
                    .iter()
                    .filter(|t| !t.is_null())
                {
                    let t = t.as_str().expect("token");
                    assert!(
                        t.starts_with(mine),
                        "a setup frame shows an enemy piece: {raw}"
                    );
                }
            }
            "state" => {
                states += 1;
                let ply = v["ply"].as_u64().expect("ply");
                if ply == u64::from(pos.ply()) + 1 {
                    let last = &v["last"];
                    let mv = Move::new(
                        last["from"]
                            .as_str()
                            .expect("from")
                            .parse()
                            .expect("square"),
                        last["to"].as_str().expect("to").parse().expect("square"),
                    );
                    let report = pos.play_move(mv).expect("the server's move is legal");
                    moves.push(mv);
                    match report.battle {
                        None => assert!(last["battle"].is_null(), "{raw}"),
                        Some((defender, _)) => {
                            assert_eq!(last["battle"]["attacker"], report.piece.rank.short());
                            assert_eq!(last["battle"]["defender"], defender.rank.short());
                        }
                    }
                }
                assert_eq!(ply, u64::from(pos.ply()), "frames skip a ply");
                let board = v["board"].as_array().expect("board");
                assert_eq!(board, &oracle_board(&pos, me), "board at ply {ply}");
                let mut legal = MoveList::new();
                let mut expected: Vec<String> = Vec::new();
                if v["your_turn"] == true {
                    assert_eq!(pos.to_move(), me);
                    pos.legal_moves(&mut legal);
                    expected = legal.iter().map(ToString::to_string).collect();
                }
                let mut got: Vec<String> = v["moves"]
                    .as_array()
                    .expect("moves")
                    .iter()
                    .map(|m| m.as_str().unwrap_or("").to_string())
                    .collect();
                got.sort();
                expected.sort();
                assert_eq!(got, expected, "moves at ply {ply}");
                for key in v.as_object().expect("object").keys() {
                    assert!(
                        [
                            "type",
                            "game",
                            "ply",
                            "to_move",
                            "your_turn",
                            "board",
                            "moves",
                            "last",
                            "clock",
                            "left"
                        ]
                        .contains(&key.as_str()),
                        "unexpected field {key}"
                    );
                }
            }
            "game_over" => {
                // The game is over: both armies are shown, every rank.
                assert!(pos.outcome().is_some(), "{raw}");
                let board = v["board"].as_array().expect("the final board");
                assert_eq!(board, &oracle(&pos, None), "the final board");
            }
            _ => {
                assert!(v.get("board").is_none(), "{ty} carries a board");
                assert!(!raw.contains("\"rank\""), "{ty} names a rank: {raw}");
            }
        }
    }
    assert!(
        states > 0 && pos.outcome().is_some(),
        "the game went to its end"
    );
    moves
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_never_show_a_player_a_hidden_rank() {
    let s = server("frames", &[]);
    for round in 0..3u64 {
        let (an, bn) = (format!("anna{round}"), format!("bert{round}"));
        let mut anna = Client::named(s.addr, &an).await;
        let mut bert = Client::named(s.addr, &bn).await;
        anna.keep_log();
        bert.keep_log();
        let game = start_game(&mut anna, &an, &mut bert, &bn).await;
        let (blue_d, red_d) = (deployment(round as usize), deployment(round as usize + 3));
        let (a, b) = tokio::join!(
            play_random(&mut anna, game, &blue_d, 10 + round, None),
            play_random(&mut bert, game, &red_d, 20 + round, None)
        );
        assert_eq!(a.over, b.over);
        assert!(
            a.over["reason"] == "flag_captured" || a.over["reason"] == "no_moves",
            "{}",
            a.over
        );
        let (red, blue): (Deployment, Deployment) =
            (red_d.parse().unwrap(), blue_d.parse().unwrap());
        let seen_blue = check_frames(anna.log.as_ref().unwrap(), Player::Second, &red, &blue);
        let seen_red = check_frames(bert.log.as_ref().unwrap(), Player::First, &red, &blue);
        assert_eq!(seen_blue, seen_red);
        // The stored game has the same moves.
        let stored = s.get_json(&format!("/api/games/{game}"));
        let stored_moves: Vec<&str> = stored["record"]["moves"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .collect();
        let played: Vec<String> = seen_red.iter().map(ToString::to_string).collect();
        assert_eq!(stored_moves, played);
        assert_eq!(stored["record"]["red_setup"], red_d);
        assert_eq!(stored["record"]["blue_setup"], blue_d);
        assert_eq!(stored["players"], json!([bn, an]));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_has_names_chat_and_challenges() {
    let s = server("lobby", &[]);
    let mut anna = Client::named(s.addr, "anna").await;
    anna.send(json!({"type": "chat", "text": "hello <b>all</b>"}))
        .await;
    let line = anna.expect("chat").await;
    assert_eq!(
        (line["from"].as_str(), line["text"].as_str()),
        (Some("anna"), Some("hello <b>all</b>"))
    );
    // A newcomer sees the players (the computers first) and the chat.
    let mut bert = Client::connect(s.addr).await;
    bert.send(json!({"type": "name", "name": "bert"})).await;
    bert.expect("named").await;
    let lobby = bert.expect("lobby").await;
    let names: Vec<&str> = lobby["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Computer (easy)",
            "Computer (medium)",
            "Computer (hard)",
            "Computer (max)",
            "anna",
            "bert"
        ]
    );
    for (i, p) in lobby["players"].as_array().unwrap().iter().enumerate() {
        assert_eq!(p["computer"], i < 4, "{p}");
    }
    assert_eq!(lobby["chat"][0]["text"], "hello <b>all</b>");
    assert_eq!(lobby["boards"][0]["board"], "battlegeneral");
    assert_eq!(lobby["boards"][0]["tables"][1]["period"], "eternal");
    assert_eq!(lobby["boards"][0]["tables"][1]["rows"], json!([]));
    let joined = anna.news_of("bert").await.expect("bert came");
    assert_eq!(
        (joined["name"].as_str(), joined["state"].as_str()),
        (Some("bert"), Some("idle"))
    );
    // Challenge, withdraw, challenge, decline.
    let bg = |name: &str| json!([{"name": name, "kind": "battlegeneral"}]);
    anna.send(json!({"type": "challenge", "to": "BERT", "kind": "battlegeneral"}))
        .await;
    let c = bert.expect("challenges").await; // the empty one after naming
    assert_eq!(c["incoming"], json!([]));
    let c = bert.expect("challenges").await;
    assert_eq!(c["incoming"], bg("anna"));
    anna.expect("challenges").await;
    let c = anna.expect("challenges").await;
    assert_eq!(c["outgoing"], bg("bert"));
    anna.send(json!({"type": "withdraw", "to": "bert"})).await;
    assert_eq!(bert.expect("challenges").await["incoming"], json!([]));
    anna.send(json!({"type": "challenge", "to": "bert", "kind": "battlegeneral"}))
        .await;
    assert_eq!(bert.expect("challenges").await["incoming"], bg("anna"));
    bert.send(json!({"type": "decline", "from": "anna"})).await;
    assert_eq!(anna.expect("declined").await["by"], "bert");
    // Accepted: both are in the setup, then playing, then idle again.
    let game = start_game(&mut anna, "anna", &mut bert, "bert").await;
    let mut carl = Client::named(s.addr, "carl").await;
    anna.send(json!({"type": "ready", "game": game, "deployment": deployment(0)}))
        .await;
    bert.send(json!({"type": "ready", "game": game, "deployment": deployment(1)}))
        .await;
    // Carl sees both in a game, against whom (news of players comes at
    // most every 250 ms, each player's latest state).
    let mut busy = std::collections::BTreeMap::new();
    while busy.len() < 2 {
        let p = carl.expect("players").await;
        for info in p["changed"].as_array().unwrap() {
            if info["state"] == "playing" {
                assert_eq!(info["kind"], "battlegeneral");
                busy.insert(
                    info["name"].as_str().unwrap().to_string(),
                    info["opponent"].as_str().unwrap().to_string(),
                );
            }
        }
    }
    assert_eq!(
        busy.into_iter().collect::<Vec<_>>(),
        [
            ("anna".to_owned(), "bert".to_owned()),
            ("bert".to_owned(), "anna".to_owned())
        ]
    );
    bert.expect("state").await;
    bert.send(json!({"type": "leave", "game": game})).await;
    let over = anna.expect("game_over").await;
    assert_eq!(
        (over["winner"].as_str(), over["reason"].as_str()),
        (Some("anna"), Some("left"))
    );
    let mut idle = std::collections::BTreeSet::new();
    while idle.len() < 2 {
        let p = carl.expect("players").await;
        for info in p["changed"].as_array().unwrap() {
            if info["state"] == "idle" {
                idle.insert(info["name"].as_str().unwrap().to_string());
            }
        }
    }
    // A player who closes the tab leaves the list.
    bert.close().await;
    assert_eq!(carl.news_of("bert").await, None);
    let status = s.get_json("/api/status");
    assert_eq!(
        (status["players"].as_u64(), status["games"].as_u64()),
        (Some(2), Some(0))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_a_typed_error_and_changes_nothing() {
    let s = server("bad", &["--predefined-after-ms", "60000"]);
    let mut x = Client::connect(s.addr).await;
    assert_eq!(x.welcome["protocol"], 2);
    assert_eq!(x.welcome["limits"]["max_message_bytes"], 65536);
    for (text, code) in [
        ("{", "bad_json"),
        ("[1]", "bad_json"),
        ("{\"type\":\"fly\"}", "unknown_type"),
        ("{\"name\":\"x\"}", "unknown_type"),
        ("{\"type\":\"name\"}", "bad_field"),
        (
            "{\"type\":\"name\",\"name\":\"x\",\"admin\":1}",
            "bad_field",
        ),
        (
            "{\"type\":\"move\",\"game\":\"1\",\"move\":\"a4-a5\"}",
            "bad_field",
        ),
        ("{\"type\":\"chat\",\"text\":\"hi\"}", "no_name"),
        (
            "{\"type\":\"challenge\",\"to\":\"x\",\"kind\":\"battlegeneral\"}",
            "no_name",
        ),
        ("{\"type\":\"challenge\",\"to\":\"x\"}", "bad_field"),
        (
            "{\"type\":\"move\",\"game\":1,\"move\":\"a4-a5\"}",
            "not_in_game",
        ),
    ] {
        x.send_text(text).await;
        assert_eq!(x.expect_error().await, code, "{text}");
    }
    x.send_raw(tokio_tungstenite::tungstenite::Message::binary(vec![
        1u8, 2, 3,
    ]))
    .await
    .unwrap();
    assert_eq!(x.expect_error().await, "binary");
    // Over 64 KiB: refused, and the connection goes on.
    let big = json!({"type": "chat", "text": "x".repeat(70_000)}).to_string();
    x.send_text(&big).await;
    let e = x.expect("error").await;
    assert_eq!(e["code"], "too_large");
    assert!(e["message"].as_str().unwrap().contains("65536"));
    // Names.
    for (name, code) in [
        ("", "name_invalid"),
        ("   ", "name_invalid"),
        ("abcdefghijklmnopqrstu", "name_invalid"),
        ("<img src=x onerror=alert(1)>", "name_invalid"),
        ("a\"b", "name_invalid"),
        ("Computer Max", "name_reserved"),
    ] {
        assert_eq!(
            x.refused(json!({"type": "name", "name": name})).await,
            code,
            "{name:?}"
        );
    }
    x.send(json!({"type": "name", "name": "anna"})).await;
    x.expect("named").await;
    assert_eq!(
        x.refused(json!({"type": "name", "name": "other"})).await,
        "already_named"
    );
    let mut y = Client::connect(s.addr).await;
    assert_eq!(
        y.refused(json!({"type": "name", "name": "ANNA"})).await,
        "name_taken"
    );
    y.send(json!({"type": "name", "name": "bert"})).await;
    y.expect("named").await;
    // Challenges.
    assert_eq!(
        x.refused(json!({"type": "challenge", "to": "Anna", "kind": "battlegeneral"}))
            .await,
        "self_challenge"
    );
    assert_eq!(
        x.refused(json!({"type": "challenge", "to": "nobody", "kind": "battlegeneral"}))
            .await,
        "unknown_player"
    );
    assert_eq!(
        x.refused(json!({"type": "withdraw", "to": "bert"})).await,
        "no_challenge"
    );
    assert_eq!(
        x.refused(json!({"type": "accept", "from": "bert"})).await,
        "no_challenge"
    );
    assert_eq!(
        x.refused(json!({"type": "decline", "from": "nobody"}))
            .await,
        "unknown_player"
    );
    x.send(json!({"type": "challenge", "to": "bert", "kind": "battlegeneral"}))
        .await;
    assert_eq!(
        x.refused(json!({"type": "challenge", "to": "bert", "kind": "battlegeneral"}))
            .await,
        "already_challenged"
    );
    y.send(json!({"type": "accept", "from": "anna"})).await;
    let game = x.expect("game_start").await["game"].as_u64().unwrap();
    y.expect("game_start").await;
    // A third player cannot challenge the busy ones.
    let mut z = Client::named(s.addr, "carl").await;
    assert_eq!(
        z.refused(json!({"type": "challenge", "to": "anna", "kind": "battlegeneral"}))
            .await,
        "busy"
    );
    assert_eq!(
        x.refused(json!({"type": "challenge", "to": "carl", "kind": "battlegeneral"}))
            .await,
        "busy"
    );
    // The setup screen.
    for (msg, code) in [
        (
            json!({"type": "place", "game": game, "square": "a1"}),
            "build",
        ),
        (
            json!({"type": "place", "game": game, "square": "z9"}),
            "build",
        ),
        (
            json!({"type": "take", "game": game, "square": "a7"}),
            "build",
        ),
        (
            json!({"type": "adopt", "game": game, "setup": 0}),
            "not_offered_yet",
        ),
        (json!({"type": "ready", "game": game}), "invalid_setup"),
        (
            json!({"type": "ready", "game": game, "deployment": "BBB"}),
            "invalid_setup",
        ),
        (
            json!({"type": "ready", "game": game, "deployment": Deployment::EMPTY.to_string()}),
            "invalid_setup",
        ),
        (
            json!({"type": "move", "game": game, "move": "a7-a6"}),
            "not_playing",
        ),
        (
            json!({"type": "move", "game": game + 1, "move": "a7-a6"}),
            "not_in_game",
        ),
    ] {
        assert_eq!(x.refused(msg.clone()).await, code, "{msg}");
    }
    // Nothing changed: the next piece is still the Flag.
    x.send(json!({"type": "place", "game": game, "square": "a7"}))
        .await;
    let setup = x.expect("setup").await; // the first one, from the start
    assert_eq!(setup["remaining"], 40);
    let setup = x.expect("setup").await;
    assert_eq!(
        (setup["remaining"].as_u64(), setup["board"][60].as_str()),
        (Some(39), Some("bF"))
    );
    x.send(json!({"type": "ready", "game": game, "deployment": deployment(0)}))
        .await;
    assert_eq!(
        x.refused(json!({"type": "ready", "game": game, "deployment": deployment(0)}))
            .await,
        "already_ready"
    );
    y.send(json!({"type": "ready", "game": game, "deployment": deployment(1)}))
        .await;
    let state = x.expect("state").await;
    assert_eq!(
        (state["ply"].as_u64(), state["your_turn"].as_bool()),
        (Some(0), Some(false))
    );
    // Out of turn, illegal, not a move, setup over.
    for (msg, code) in [
        (
            json!({"type": "move", "game": game, "move": "a7-a6"}),
            "not_your_turn",
        ),
        (
            json!({"type": "place", "game": game, "square": "a7"}),
            "setup_over",
        ),
    ] {
        assert_eq!(x.refused(msg.clone()).await, code, "{msg}");
    }
    let y_state = y.expect("state").await;
    assert_eq!(y_state["your_turn"], true);
    for (mv, code) in [
        ("a4-a6", "illegal_move"),
        ("a1-a2", "illegal_move"),
        ("a4a5", "illegal_move"),
        ("c4-c5", "illegal_move"),
    ] {
        let e = y
            .refused(json!({"type": "move", "game": game, "move": mv}))
            .await;
        assert_eq!(e, code, "{mv}");
    }
    // No state was sent meanwhile: nothing changed.
    assert!(y.sync().await.iter().all(|m| m["type"] != "state"));
    let legal = y_state["moves"][0].as_str().unwrap().to_string();
    y.send(json!({"type": "move", "game": game, "move": legal}))
        .await;
    assert_eq!(y.expect("state").await["ply"], 1);
    assert_eq!(x.expect("state").await["ply"], 1);
    // Over the frame limit the connection is closed; the server goes on.
    let mut w = Client::connect(s.addr).await;
    let huge = "x".repeat(2 * 1024 * 1024);
    let _ = w
        .send_raw(tokio_tungstenite::tungstenite::Message::text(huge))
        .await;
    let code = w.closed().await;
    assert!(code.is_none() || code == Some(1009), "{code:?}");
    x.send(json!({"type": "ping", "id": 5})).await;
    assert_eq!(x.expect("pong").await["id"], 5);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_a_players_own_connection_acts_for_it() {
    let s = server("act", &[]);
    let mut anna = Client::named(s.addr, "anna").await;
    let mut bert = Client::named(s.addr, "bert").await;
    let mut carl = Client::named(s.addr, "carl").await;
    anna.send(json!({"type": "challenge", "to": "bert", "kind": "battlegeneral"}))
        .await;
    // Carl cannot accept for Bert, withdraw for Anna, or take a name.
    assert_eq!(
        carl.refused(json!({"type": "accept", "from": "anna"}))
            .await,
        "no_challenge"
    );
    assert_eq!(
        carl.refused(json!({"type": "withdraw", "to": "bert"}))
            .await,
        "no_challenge"
    );
    let mut other = Client::connect(s.addr).await;
    assert_eq!(
        other.refused(json!({"type": "name", "name": "Bert"})).await,
        "name_taken"
    );
    bert.expect("challenges").await;
    bert.send(json!({"type": "accept", "from": "anna"})).await;
    let game = anna.expect("game_start").await["game"].as_u64().unwrap();
    bert.expect("game_start").await;
    // Nor play in their game, before or after the setup.
    for msg in [
        json!({"type": "ready", "game": game, "deployment": deployment(2)}),
        json!({"type": "place", "game": game, "square": "a1"}),
        json!({"type": "leave", "game": game}),
    ] {
        assert_eq!(carl.refused(msg).await, "not_in_game");
    }
    anna.send(json!({"type": "ready", "game": game, "deployment": deployment(0)}))
        .await;
    bert.send(json!({"type": "ready", "game": game, "deployment": deployment(1)}))
        .await;
    let st = bert.expect("state").await;
    let mv = st["moves"][0].clone();
    assert_eq!(
        carl.refused(json!({"type": "move", "game": game, "move": mv}))
            .await,
        "not_in_game"
    );
    // Anna (Blue) cannot move Red's pieces.
    assert_eq!(
        anna.refused(json!({"type": "move", "game": game, "move": mv}))
            .await,
        "not_your_turn"
    );
    // When Bert's connection goes, his name is free for him, but the new
    // connection is not in his game (which he lost by leaving).
    let bert_token = bert.token.clone();
    bert.close().await;
    let over = anna.expect("game_over").await;
    assert_eq!(
        (over["winner"].as_str(), over["reason"].as_str()),
        (Some("anna"), Some("left"))
    );
    // The name has played: another browser cannot take it, Bert's own
    // (with its token) can.
    let mut thief = Client::connect(s.addr).await;
    assert_eq!(
        thief.refused(json!({"type": "name", "name": "bert"})).await,
        "name_owned"
    );
    assert_eq!(
        thief
            .refused(
                json!({"type": "name", "name": "bert", "token": "0123456789abcdef0123456789abcdef"})
            )
            .await,
        "name_owned"
    );
    let mut bert2 = Client::named_with(s.addr, "bert", bert_token.as_deref()).await;
    assert_eq!(
        bert2
            .refused(json!({"type": "move", "game": game, "move": mv}))
            .await,
        "not_in_game"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flooding_client_is_limited_then_disconnected_and_others_play_on() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let dir = temp_dir("flood");
    // The default limits: 20 messages a second, bursts of 60.
    let s = Server::start(
        dir.join("db.sqlite").to_str().unwrap(),
        &["--predefined-after-ms", "0"],
    );
    let mut anna = Client::named(s.addr, "anna").await;
    let mut bert = Client::named(s.addr, "bert").await;
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws", s.addr))
        .await
        .unwrap();
    let (mut sink, mut stream) = ws.split();
    sink.send(Message::text(r#"{"type":"name","name":"flood"}"#))
        .await
        .unwrap();
    let start = Instant::now();
    let reader = tokio::spawn(async move {
        let (mut limited, mut pongs, mut close) = (0, 0, None);
        while let Ok(Some(frame)) =
            tokio::time::timeout(Duration::from_secs(30), stream.next()).await
        {
            match frame {
                Ok(Message::Text(t)) => {
                    let v: Value = serde_json::from_str(&t).unwrap();
                    if v["code"] == "rate_limited" {
                        limited += 1;
                    }
                    if v["type"] == "pong" {
                        pongs += 1;
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
        (limited, pongs, close)
    });
    let writer = tokio::spawn(async move {
        let mut sent = 0;
        while sent < 5000 && sink.send(Message::text(r#"{"type":"ping"}"#)).await.is_ok() {
            sent += 1;
        }
        sent
    });
    // Meanwhile two players chat and keep their answers quick.
    let mut slowest = Duration::ZERO;
    for i in 0..20 {
        let t = Instant::now();
        anna.send(json!({"type": "ping", "id": i})).await;
        assert_eq!(anna.expect("pong").await["id"], i);
        slowest = slowest.max(t.elapsed());
        bert.send(json!({"type": "chat", "text": format!("line {i}")}))
            .await;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (limited, pongs, close) = reader.await.unwrap();
    let sent = writer.await.unwrap();
    let seconds = start.elapsed().as_secs_f64();
    eprintln!(
        "flood: {sent} sent, {pongs} answered, {limited} rate_limited errors, close {close:?}, {seconds:.2} s"
    );
    assert_eq!(limited, 1, "one rate_limited error per flood");
    assert_eq!(close, Some(1008), "closed for the rate limit");
    // At most the burst and the rate over the time it ran were answered.
    assert!(
        f64::from(pongs) <= 60.0 + 20.0 * seconds + 1.0,
        "{pongs} pongs in {seconds} s"
    );
    assert_eq!(anna.news_of("flood").await, None, "the flooder left");
    assert!(
        slowest < Duration::from_secs(2),
        "others waited {slowest:?}"
    );
    // Anna and Bert are still connected and can play.
    let game = start_game(&mut anna, "anna", &mut bert, "bert").await;
    assert!(game > 0);
}

#[test]
fn static_paths_cannot_leave_the_embedded_assets() {
    let dir = temp_dir("static");
    let s = Server::start(dir.join("db.sqlite").to_str().unwrap(), &[]);
    for (path, kind) in [
        ("/", "text/html"),
        ("/index.html", "text/html"),
        ("/app.js", "text/javascript"),
        ("/i18n.js", "text/javascript"),
        ("/battlegeneral.js", "text/javascript"),
        ("/fanorona.js", "text/javascript"),
        ("/style.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let (status, headers, body) = http_get(s.addr, path);
        assert_eq!(status, 200, "{path}");
        let header = |k: &str| {
            headers
                .iter()
                .find(|(h, _)| h == k)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        };
        assert!(header("content-type").starts_with(kind), "{path}");
        assert!(header("content-security-policy").contains("script-src 'self'"));
        assert_eq!(header("x-content-type-options"), "nosniff");
        assert!(!body.is_empty());
    }
    for path in [
        "/../Cargo.toml",
        "/..%2f..%2fCargo.toml",
        "/%2e%2e/%2e%2e/Cargo.toml",
        "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "/app.js/../../Cargo.toml",
        "/./app.js/..%5c..%5cCargo.toml",
        "//etc/passwd",
        "/assets/battlegeneral/app.js",
        "/src/main.rs",
        "/examples/Cargo.toml",
        "/index.html%00.txt",
        "/.git/config",
        "/app.js%00",
        "/api/../Cargo.toml",
        "/static/../../../../etc/passwd",
    ] {
        let (status, _, body) = http_get(s.addr, path);
        assert!(status == 404 || status == 400, "{path}: {status}");
        assert!(
            !body.contains("[package]") && !body.contains("root:") && !body.contains("fn main"),
            "{path}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_players_accept_every_challenge_and_play_to_the_end() {
    let s = server("computer", &[]);
    let mut anna = Client::named(s.addr, "anna").await;
    let mut bert = Client::named(s.addr, "bert").await;
    // Both play the same computer player at once.
    let mut games = Vec::new();
    for c in [&mut anna, &mut bert] {
        c.send(json!({"type": "challenge", "to": "computer (EASY)", "kind": "battlegeneral"}))
            .await;
        let start = c.expect("game_start").await;
        assert_eq!(start["colour"], "blue");
        assert_eq!(start["opponent"], "Computer (easy)");
        assert_eq!(start["opponent_computer"], true);
        games.push(start["game"].as_u64().unwrap());
    }
    assert_ne!(games[0], games[1]);
    let (d0, d1) = (deployment(4), deployment(5));
    let (a, b) = tokio::join!(
        play_random(&mut anna, games[0], &d0, 3, None),
        play_random(&mut bert, games[1], &d1, 4, None)
    );
    for (played, game) in [(a, games[0]), (b, games[1])] {
        let reason = played.over["reason"].as_str().unwrap().to_string();
        assert!(
            reason == "flag_captured" || reason == "no_moves",
            "{}",
            played.over
        );
        let stored = s.get_json(&format!("/api/games/{game}"));
        assert_eq!(
            (
                stored["players"][0].as_str(),
                stored["computers"][0].as_bool()
            ),
            (Some("Computer (easy)"), Some(true))
        );
        assert_eq!(
            stored["record"]["moves"]
                .as_str()
                .unwrap()
                .split_whitespace()
                .count() as u64,
            stored["plies"].as_u64().unwrap()
        );
        assert!(played.moves > 0);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_setup_screen_places_takes_back_adopts_and_changes() {
    let s = server("setup", &["--predefined-after-ms", "1500"]);
    let mut anna = Client::named(s.addr, "anna").await;
    let mut bert = Client::named(s.addr, "bert").await;
    let game = start_game(&mut anna, "anna", &mut bert, "bert").await;
    let first = anna.expect("setup").await;
    assert_eq!(
        (
            first["remaining"].as_u64(),
            first["next"].as_str(),
            first["complete"].as_bool()
        ),
        (Some(40), Some("F"), Some(false))
    );
    assert!(
        first["board"]
            .as_array()
            .unwrap()
            .iter()
            .all(Value::is_null)
    );
    let place = |sq: &str| json!({"type": "place", "game": game, "square": sq});
    // Anna is Blue: her rows are 7 to 10. The Flag first, then the Bombs.
    anna.send(place("a7")).await;
    let s1 = anna.expect("setup").await;
    assert_eq!(
        (s1["board"][60].as_str(), s1["next"].as_str()),
        (Some("bF"), Some("B"))
    );
    anna.send(place("b7")).await;
    assert_eq!(anna.expect("setup").await["board"][61], "bB");
    anna.send(json!({"type": "take", "game": game, "square": "a7"}))
        .await;
    let s3 = anna.expect("setup").await;
    assert_eq!(
        (
            s3["remaining"].as_u64(),
            s3["next"].as_str(),
            s3["board"][60].is_null()
        ),
        (Some(39), Some("F"), true)
    );
    assert_eq!(
        anna.refused(json!({"type": "adopt", "game": game, "setup": 1}))
            .await,
        "not_offered_yet"
    );
    // After a short time the eight predefined setups are offered.
    let offer = anna.expect("predefined").await;
    let setups = offer["setups"].as_array().unwrap();
    assert_eq!(setups.len(), 8);
    assert_eq!(setups[0]["name"], "fortress");
    assert_eq!(setups[2]["deployment"], deployment(2));
    assert_eq!(
        anna.refused(json!({"type": "adopt", "game": game, "setup": 8}))
            .await,
        "no_such_setup"
    );
    anna.send(json!({"type": "adopt", "game": game, "setup": 2}))
        .await;
    let adopted = anna.expect("setup").await;
    assert_eq!(
        (adopted["complete"].as_bool(), adopted["remaining"].as_u64()),
        (Some(true), Some(0))
    );
    let d: Deployment = deployment(2).parse().unwrap();
    for (i, rank) in d.squares.iter().enumerate() {
        let sq = stratego_rules::zone_square(Player::Second, i).unwrap();
        assert_eq!(
            adopted["board"][sq.index()],
            format!("b{}", rank.unwrap().short())
        );
    }
    // Changed after adopting: take a piece back and put it elsewhere... the
    // only empty square is the one it came from.
    let token = adopted["board"][99].as_str().unwrap().to_string();
    anna.send(json!({"type": "take", "game": game, "square": "j10"}))
        .await;
    let taken = anna.expect("setup").await;
    assert_eq!(
        (taken["complete"].as_bool(), taken["next"].as_str()),
        (Some(false), Some(&token[1..]))
    );
    anna.send(place("j10")).await;
    assert_eq!(anna.expect("setup").await["complete"], true);
    anna.send(json!({"type": "clear", "game": game})).await;
    assert_eq!(anna.expect("setup").await["remaining"], 40);
    anna.send(json!({"type": "adopt", "game": game, "setup": 5}))
        .await;
    anna.expect("setup").await;
    anna.send(json!({"type": "ready", "game": game})).await;
    let ready = anna.expect("setup").await;
    assert_eq!(
        (ready["ready"].as_bool(), ready["opponent_ready"].as_bool()),
        (Some(true), Some(false))
    );
    loop {
        let b = bert.expect("setup").await;
        if b["opponent_ready"] == true {
            assert!(
                b["board"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|t| !t.is_null())
                    .all(|t| t.as_str().unwrap().starts_with('r'))
            );
            break;
        }
    }
    bert.send(json!({"type": "ready", "game": game, "deployment": deployment(0)}))
        .await;
    let st = anna.expect("state").await;
    assert_eq!(
        st["board"][60],
        format!(
            "b{}",
            deployment(5).parse::<Deployment>().unwrap().squares[0]
                .unwrap()
                .short()
        )
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_move_clock_and_the_leaving_rules() {
    // 200 times real time: 5 minutes last 1.5 s, 4 minutes 1.2 s, 2
    // minutes 0.6 s.
    let s = server("clock", &["--time-scale", "200"]);
    let mut anna = Client::named(s.addr, "anna").await;
    let mut bert = Client::named(s.addr, "bert").await;
    assert_eq!(anna.welcome["time_scale"], 200);
    let ready =
        |game: u64, i: usize| json!({"type": "ready", "game": game, "deployment": deployment(i)});
    // Red (Bert) does not move: he exceeds the move clock and Anna wins.
    // The game lasted over 4 minutes: it counts.
    let game = start_game(&mut anna, "anna", &mut bert, "bert").await;
    anna.send(ready(game, 0)).await;
    bert.send(ready(game, 1)).await;
    let st = bert.expect("state").await;
    assert!(st["clock"]["remaining_ms"].as_u64().unwrap() <= 1500);
    assert_eq!(st["clock"]["running"], "red");
    let over = anna.expect("game_over").await;
    assert_eq!(
        (
            over["outcome"].as_str(),
            over["reason"].as_str(),
            over["winner"].as_str(),
            over["counted"].as_bool()
        ),
        (Some("blue"), Some("timeout"), Some("anna"), Some(true))
    );
    assert!(over["duration_ms"].as_u64().unwrap() >= 300_000);
    assert_eq!(
        over["points"][1],
        json!({"name": "anna", "points": {"eternal": 10, "month": 10}})
    );
    assert_eq!(bert.expect("game_over").await, over);
    // Leaving right after the setup, before 2 minutes: no count.
    let game = start_game(&mut anna, "anna", &mut bert, "bert").await;
    anna.send(ready(game, 2)).await;
    bert.send(ready(game, 3)).await;
    bert.expect("state").await;
    bert.send(json!({"type": "leave", "game": game})).await;
    let over = anna.expect("game_over").await;
    assert_eq!(bert.expect("game_over").await, over);
    assert_eq!(
        (over["reason"].as_str(), over["counted"].as_bool()),
        (Some("left"), Some(false))
    );
    assert!(over["duration_ms"].as_u64().unwrap() < 120_000, "{over}");
    // Leaving after the setup, after 2 minutes: counts. (The move clock
    // runs out at 5 minutes: leave at about 3.)
    let game = start_game(&mut anna, "anna", &mut bert, "bert").await;
    anna.send(ready(game, 4)).await;
    bert.send(ready(game, 5)).await;
    bert.expect("state").await;
    tokio::time::sleep(Duration::from_millis(900)).await;
    let token = bert.token.clone();
    bert.close().await;
    let over = anna.expect("game_over").await;
    assert_eq!(
        (
            over["reason"].as_str(),
            over["counted"].as_bool(),
            over["winner"].as_str()
        ),
        (Some("left"), Some(true), Some("anna"))
    );
    // Leaving during the setup, before 4 minutes: no count.
    let mut bert = Client::named_with(s.addr, "bert", token.as_deref()).await;
    let game = start_game(&mut anna, "anna", &mut bert, "bert").await;
    anna.send(ready(game, 6)).await;
    bert.send(json!({"type": "leave", "game": game})).await;
    let over = anna.expect("game_over").await;
    assert_eq!(
        (over["reason"].as_str(), over["counted"].as_bool()),
        (Some("left"), Some(false))
    );
    assert_eq!(bert.expect("game_over").await, over);
    // Not handing in a setup in 5 minutes is leaving too: Anna wins after
    // more than 4 minutes, so it counts.
    let game = start_game(&mut anna, "anna", &mut bert, "bert").await;
    anna.send(ready(game, 7)).await;
    let over = bert.expect("game_over").await;
    assert_eq!(
        (
            over["reason"].as_str(),
            over["winner"].as_str(),
            over["counted"].as_bool()
        ),
        (Some("setup_timeout"), Some("anna"), Some(true))
    );
    let board = s.get_json("/api/leaderboard?board=battlegeneral&period=eternal");
    assert_eq!(
        board[0]["tables"][0]["rows"],
        json!([{"name": "anna", "points": 30}, {"name": "bert", "points": 0}])
    );
    let games = s.get_json("/api/games");
    let reasons: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["reason"].as_str().unwrap())
        .collect();
    assert_eq!(
        reasons,
        ["timeout", "left", "left", "left", "setup_timeout"]
    );
}

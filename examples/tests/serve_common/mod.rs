//! Helpers of the `serve` tests: start `spielwerk serve` on a free port of
//! 127.0.0.1, talk to it over WebSockets and HTTP, play random games.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream as AsyncTcp;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long any single wait for the server may take.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A table of the protocol (`[{"name": ..., FIELD: n}, ...]`: leaderboard
/// rows with `points`, a game's `points` with `eternal`) as name and number.
pub fn name_table(rows: &Value, field: &str) -> Vec<(String, u32)> {
    rows.as_array()
        .unwrap_or_else(|| panic!("not a table: {rows}"))
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r[field].as_u64().unwrap() as u32,
            )
        })
        .collect()
}

/// A fresh folder under the target directory.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("serve-tests")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A running `spielwerk serve`, killed when dropped.
pub struct Server {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its database argument.
    pub db: String,
    /// What it printed on stderr.
    pub stderr: Arc<Mutex<String>>,
}

impl Server {
    /// Starts the server on `db` with extra arguments, on a free port.
    pub fn start(db: &str, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_spielwerk"))
            .args(["serve", "--addr", "127.0.0.1:0", "--db", db])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .stdin(Stdio::null())
            .spawn()
            .expect("start spielwerk serve");
        let stderr = Arc::new(Mutex::new(String::new()));
        if let Some(err) = child.stderr.take() {
            let log = Arc::clone(&stderr);
            std::thread::spawn(move || {
                for line in BufReader::new(err).lines().map_while(Result::ok) {
                    eprintln!("[server] {line}");
                    if let Ok(mut l) = log.lock() {
                        l.push_str(&line);
                        l.push('\n');
                    }
                }
            });
        }
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(rest) = line.split("listening on http://").nth(1) {
                    let addr = rest.split_whitespace().next().unwrap_or("").to_string();
                    let _ = tx.send(addr);
                }
            }
        });
        let start = Instant::now();
        let addr = loop {
            match rx.recv_timeout(Duration::from_millis(50)) {
                Ok(a) => break a.parse().expect("address"),
                Err(_) => {
                    let exited = matches!(child.try_wait(), Ok(Some(_)));
                    if exited || start.elapsed() > PATIENCE {
                        let _ = child.kill();
                        std::thread::sleep(Duration::from_millis(100));
                        panic!(
                            "the server did not start: {}",
                            stderr.lock().map(|s| s.clone()).unwrap_or_default()
                        );
                    }
                }
            }
        };
        Server {
            child,
            addr,
            db: db.to_string(),
            stderr,
        }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Kills the server with SIGKILL and waits for it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Stops the server with SIGTERM and waits for it (at most `PATIENCE`).
    pub fn terminate(&mut self) -> std::process::ExitStatus {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let start = Instant::now();
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status;
            }
            if start.elapsed() > PATIENCE {
                self.kill();
                panic!("the server did not stop on SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// An HTTP GET of `path`: status and body.
    pub fn get(&self, path: &str) -> (u16, String) {
        let (status, _, body) = http_get(self.addr, path);
        (status, body)
    }

    /// An HTTP GET of `path` that must answer 200 with JSON.
    pub fn get_json(&self, path: &str) -> Value {
        let (status, body) = self.get(path);
        assert_eq!(status, 200, "GET {path}: {body}");
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("GET {path}: {e}: {body}"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The status of a raw HTTP/1.1 request (sent exactly as given).
pub fn http_status(addr: SocketAddr, request: &[u8]) -> u16 {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(PATIENCE)).expect("timeout");
    // The server may answer (and close) before it has read it all.
    let _ = s.write_all(request);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    String::from_utf8_lossy(&raw)
        .lines()
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// A raw HTTP/1.1 GET (the path is sent exactly as given): status, headers
/// (lower-case names) and body.
pub fn http_get(addr: SocketAddr, path: &str) -> (u16, Vec<(String, String)>, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(PATIENCE)).expect("timeout");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .expect("write");
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("read");
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_lowercase(), v.trim().to_string()))
        .collect();
    let body = if head.to_lowercase().contains("transfer-encoding: chunked") {
        dechunk(body)
    } else {
        body.to_string()
    };
    (status, headers, body)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// A function called with every message a client reads.
pub type Watcher = Box<dyn Fn(&Value) + Send>;

/// One WebSocket client.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<AsyncTcp>>,
    /// Every text frame received, raw, when logging is on.
    pub log: Option<Vec<String>>,
    /// Messages received but not yet asked for.
    backlog: std::collections::VecDeque<Value>,
    /// The `welcome` message.
    pub welcome: Value,
    /// Called with every message read.
    pub on_message: Option<Watcher>,
    /// The token the server gave with the name (the browser's secret).
    pub token: Option<String>,
}

impl Client {
    /// Connects and reads the `welcome`.
    pub async fn connect(addr: SocketAddr) -> Client {
        let (ws, _) =
            tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), None, true)
                .await
                .expect("WebSocket connect");
        let mut c = Client {
            ws,
            log: None,
            backlog: Default::default(),
            welcome: Value::Null,
            on_message: None,
            token: None,
        };
        c.welcome = c.expect("welcome").await;
        c
    }

    /// Connects, takes `name` and reads the lobby.
    pub async fn named(addr: SocketAddr, name: &str) -> Client {
        Client::named_with(addr, name, None).await
    }

    /// Connects, takes `name` with a browser's token, and reads the lobby.
    pub async fn named_with(addr: SocketAddr, name: &str, token: Option<&str>) -> Client {
        let mut c = Client::connect(addr).await;
        let mut msg = json!({"type": "name", "name": name});
        if let Some(t) = token {
            msg["token"] = t.into();
        }
        c.send(msg).await;
        let named = c.expect("named").await;
        assert_eq!(named["name"], name);
        c.token = named["token"].as_str().map(str::to_owned);
        c.expect("lobby").await;
        c
    }

    /// Waits for lobby news of `name` (a `players` message that lists it
    /// as changed, or as gone: `None`).
    pub async fn news_of(&mut self, name: &str) -> Option<Value> {
        loop {
            let p = self.expect("players").await;
            if let Some(info) = p["changed"]
                .as_array()
                .and_then(|a| a.iter().find(|i| i["name"] == name))
            {
                return Some(info.clone());
            }
            if p["left"]
                .as_array()
                .is_some_and(|a| a.iter().any(|n| n == name))
            {
                return None;
            }
        }
    }

    /// Keeps every raw frame from now on.
    pub fn keep_log(&mut self) {
        self.log = Some(Vec::new());
    }

    /// Sends a JSON message.
    pub async fn send(&mut self, v: Value) {
        self.send_text(&v.to_string()).await;
    }

    /// Sends a JSON message; an error if the connection is gone.
    pub async fn try_send(&mut self, v: Value) -> Result<(), String> {
        self.ws
            .send(Message::text(v.to_string()))
            .await
            .map_err(|e| e.to_string())
    }

    /// The next message, or `None` when the connection closed or nothing
    /// came for [`PATIENCE`].
    pub async fn try_next(&mut self) -> Option<Value> {
        if let Some(v) = self.backlog.pop_front() {
            return Some(v);
        }
        self.try_read().await
    }

    async fn try_read(&mut self) -> Option<Value> {
        loop {
            match tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .ok()??
            {
                Ok(Message::Text(t)) => {
                    if let Some(log) = &mut self.log {
                        log.push(t.to_string());
                    }
                    let v: Option<Value> = serde_json::from_str(&t).ok();
                    if let (Some(f), Some(v)) = (&self.on_message, &v) {
                        f(v);
                    }
                    return v;
                }
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }

    /// [`expect`](Self::expect) that gives `None` when the connection
    /// closed instead of panicking.
    pub async fn try_expect(&mut self, ty: &str) -> Option<Value> {
        if let Some(i) = self.backlog.iter().position(|v| v["type"] == ty) {
            return self.backlog.remove(i);
        }
        loop {
            let v = self.try_read().await?;
            if v["type"] == ty {
                return Some(v);
            }
            self.backlog.push_back(v);
        }
    }

    /// Sends a text frame as it is.
    pub async fn send_text(&mut self, text: &str) {
        self.ws
            .send(Message::text(text.to_string()))
            .await
            .expect("send");
    }

    /// Sends a raw frame.
    pub async fn send_raw(&mut self, msg: Message) -> Result<(), String> {
        self.ws.send(msg).await.map_err(|e| e.to_string())
    }

    /// The next message (from the backlog first), or `None` when the
    /// connection closed.
    pub async fn next(&mut self) -> Option<Value> {
        if let Some(v) = self.backlog.pop_front() {
            return Some(v);
        }
        self.read().await
    }

    async fn read(&mut self) -> Option<Value> {
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("the server did not answer in time");
            match frame {
                Some(Ok(Message::Text(t))) => {
                    if let Some(log) = &mut self.log {
                        log.push(t.to_string());
                    }
                    return Some(serde_json::from_str(&t).expect("the server sends JSON"));
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// Waits for a message of type `ty`; other messages wait in the
    /// backlog.
    pub async fn expect(&mut self, ty: &str) -> Value {
        if let Some(i) = self.backlog.iter().position(|v| v["type"] == ty) {
            return self.backlog.remove(i).expect("backlog");
        }
        loop {
            match self.read().await {
                Some(v) if v["type"] == ty => return v,
                Some(v) => self.backlog.push_back(v),
                None => panic!("the connection closed while waiting for {ty}"),
            }
        }
    }

    /// Drops the messages of type `ty` received so far.
    pub fn discard(&mut self, ty: &str) {
        self.backlog.retain(|v| v["type"] != ty);
    }

    /// Waits for an `error` and returns its code.
    pub async fn expect_error(&mut self) -> String {
        let e = self.expect("error").await;
        e["code"].as_str().unwrap_or("").to_string()
    }

    /// Sends a message and waits for the error it must cause.
    pub async fn refused(&mut self, v: Value) -> String {
        self.send(v).await;
        self.expect_error().await
    }

    /// Sends `ping` and waits for its `pong` (so everything sent before
    /// has been handled); returns what came meanwhile.
    pub async fn sync(&mut self) -> Vec<Value> {
        let id = rand_id();
        self.send(json!({"type": "ping", "id": id})).await;
        let mut seen = Vec::new();
        loop {
            match self.next().await {
                Some(v) if v["type"] == "pong" && v["id"] == id => return seen,
                Some(v) => seen.push(v),
                None => panic!("closed while waiting for pong"),
            }
        }
    }

    /// Waits until the server closes the connection; returns the close
    /// code, if it sent one.
    pub async fn closed(&mut self) -> Option<u16> {
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("the connection stayed open");
            match frame {
                Some(Ok(Message::Close(f))) => return f.map(|f| u16::from(f.code)),
                None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// Closes the connection as a browser tab that is closed does.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

fn rand_id() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// `blue` challenges `red` to Battlegeneral, `red` accepts; returns the
/// game id.
pub async fn start_game(
    blue: &mut Client,
    blue_name: &str,
    red: &mut Client,
    red_name: &str,
) -> u64 {
    let (gb, gr) = start_kind(blue, blue_name, red, red_name, "battlegeneral").await;
    assert_eq!(gb["colour"], "blue");
    assert_eq!(gr["colour"], "red");
    gb["game"].as_u64().expect("game id")
}

/// `second` challenges `first` to a game of `kind`, `first` accepts (and
/// plays the first side); returns both `game_start` messages.
pub async fn start_kind(
    second: &mut Client,
    second_name: &str,
    first: &mut Client,
    first_name: &str,
    kind: &str,
) -> (Value, Value) {
    second
        .send(json!({"type": "challenge", "to": first_name, "kind": kind}))
        .await;
    loop {
        let c = first.expect("challenges").await;
        if c["incoming"].as_array().is_some_and(|a| {
            a.iter()
                .any(|c| c["name"] == second_name && c["kind"] == kind)
        }) {
            break;
        }
    }
    first
        .send(json!({"type": "accept", "from": second_name}))
        .await;
    let s = second.expect("game_start").await;
    let f = first.expect("game_start").await;
    assert_eq!(s["game"], f["game"]);
    assert_eq!(
        (s["kind"].as_str(), f["kind"].as_str()),
        (Some(kind), Some(kind))
    );
    (s, f)
}

/// What one player saw of a game it played until `game_over`.
#[derive(Debug, Clone)]
pub struct GamePlayed {
    /// The `game_over` message.
    pub over: Value,
    /// From sending a move to the next `state` in which it is one's turn
    /// again (against the computer: its thinking included), microseconds.
    pub replies: Vec<u64>,
    /// The moves sent, in order.
    pub moves: Vec<String>,
}

/// What one player saw of a Fanorona game.
pub type FanoronaPlayed = GamePlayed;

/// Plays a game of any kind with the move `pick` gives for each `state`
/// in which it is the player's turn (`None`: leave) until `game_over`;
/// `think` is waited before each move (a person's thinking time).
pub async fn play_game(
    client: &mut Client,
    game: u64,
    mut pick: impl FnMut(&Value) -> Option<String>,
    think: Duration,
) -> Result<GamePlayed, String> {
    let mut replies = Vec::new();
    let mut sent: Option<Instant> = None;
    let mut moves = Vec::new();
    loop {
        let Some(msg) = client.try_next().await else {
            return Err("the connection closed before the game ended".into());
        };
        if msg.get("game").is_some_and(|g| g != game) {
            continue;
        }
        match msg["type"].as_str() {
            Some("state") => {
                if msg["your_turn"] != true {
                    continue;
                }
                if let Some(at) = sent.take() {
                    replies.push(u64::try_from(at.elapsed().as_micros()).unwrap_or(u64::MAX));
                }
                if msg["moves"].as_array().is_none_or(Vec::is_empty) {
                    return Err("to move without moves".into());
                }
                if !think.is_zero() {
                    tokio::time::sleep(think).await;
                }
                match pick(&msg) {
                    Some(mv) => {
                        moves.push(mv.clone());
                        sent = Some(Instant::now());
                        client
                            .try_send(json!({"type": "move", "game": game, "move": mv}))
                            .await?;
                    }
                    None => {
                        client
                            .try_send(json!({"type": "leave", "game": game}))
                            .await?;
                    }
                }
            }
            Some("game_over") => {
                return Ok(GamePlayed {
                    over: msg,
                    replies,
                    moves,
                });
            }
            Some("error") if msg["code"] == "game_over" || msg["code"] == "not_in_game" => {}
            Some("error") => return Err(format!("error {msg}")),
            _ => {}
        }
    }
}

/// A move of a `state`'s list: Fanorona's is an object with its `move`,
/// the other games' a string.
pub fn move_text(entry: &Value) -> String {
    entry
        .get("move")
        .unwrap_or(entry)
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// Plays with moves picked by `pick` from each `state`'s list (`None`:
/// leave) until `game_over`: [`play_game`] by the list's index.
pub async fn play_fanorona(
    client: &mut Client,
    game: u64,
    mut pick: impl FnMut(&[Value]) -> Option<usize>,
    think: Duration,
) -> Result<GamePlayed, String> {
    play_game(
        client,
        game,
        |state| {
            let list = state["moves"].as_array()?;
            pick(list).map(|i| move_text(&list[i]))
        },
        think,
    )
    .await
}

/// The Major position a `state` shows, for the side to move.
pub fn major_position(state: &Value) -> major_rules::Position {
    use major_rules::{Board, Colour, Position, Rules, Setup, Square, Stack};
    let b = &state["board"];
    let number = u32::try_from(b["number"].as_u64().expect("a board of the game")).unwrap();
    let board = Board::standard(number).expect("its board");
    let width = b["width"].as_u64().unwrap() as usize;
    let mut stacks = Vec::new();
    for (i, cell) in b["cells"].as_array().unwrap().iter().enumerate() {
        let colour = match cell["side"].as_str() {
            Some("blue") => Colour::Blue,
            Some("red") => Colour::Red,
            _ => continue,
        };
        let sq = Square::new((i % width) as u8, (i / width) as u8).unwrap();
        let stack = if cell["major"] == true {
            Stack::major(colour)
        } else {
            Stack::stone(colour)
        };
        stacks.push((sq, stack));
    }
    let setup = Setup {
        board,
        stacks,
        to_move: if state["to_move"] == "blue" {
            Colour::Blue
        } else {
            Colour::Red
        },
        threat: state["threat"].as_str().map(|t| t.parse().unwrap()),
        quiet: u8::try_from(state["quiet"].as_u64().unwrap_or(0)).unwrap_or(0),
    };
    Position::from_setup(setup, Rules::default()).expect("the state's position")
}

/// The predefined deployments in text form (the same as the server's).
pub fn deployment(i: usize) -> String {
    stratego_rules::predefined()[i % 8].1.to_string()
}

/// A small deterministic generator.
pub struct Rng(pub u64);

impl Rng {
    /// A value in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((u128::from(z) * n as u128) >> 64) as usize
    }
}

/// What one player saw of a game it played to the end with random legal
/// moves.
#[derive(Debug, Clone)]
pub struct Played {
    /// The `game_over` message.
    pub over: Value,
    /// Move round trips (send to the next own state), in microseconds.
    pub round_trips: Vec<u64>,
    /// Moves sent.
    pub moves: usize,
}

/// Plays the game with random legal moves until `game_over` (after handing
/// in `deployment`). A player leaves instead after `leave_after` own moves
/// if given.
pub async fn play_random(
    client: &mut Client,
    game: u64,
    deployment: &str,
    seed: u64,
    leave_after: Option<usize>,
) -> Played {
    match try_play_random(client, game, deployment, seed, leave_after).await {
        Ok(p) => p,
        Err(e) => panic!("game {game}: {e}"),
    }
}

/// [`play_random`] that reports a closed connection instead of panicking.
pub async fn try_play_random(
    client: &mut Client,
    game: u64,
    deployment: &str,
    seed: u64,
    leave_after: Option<usize>,
) -> Result<Played, String> {
    client
        .try_send(json!({"type": "ready", "game": game, "deployment": deployment}))
        .await?;
    let mut rng = Rng(seed);
    let mut round_trips = Vec::new();
    let mut sent: Option<(Instant, u64)> = None;
    let mut moves = 0;
    loop {
        let Some(msg) = client.try_next().await else {
            return Err("the connection closed before the game ended".into());
        };
        // What is left over from an earlier game.
        if msg.get("game").is_some_and(|g| g != game) {
            continue;
        }
        match msg["type"].as_str() {
            Some("state") => {
                let ply = msg["ply"].as_u64().unwrap_or(0);
                if let Some((at, before)) = sent
                    && ply > before
                {
                    round_trips.push(u64::try_from(at.elapsed().as_micros()).unwrap_or(u64::MAX));
                    sent = None;
                }
                if msg["your_turn"] == true {
                    if leave_after.is_some_and(|n| moves >= n) {
                        client
                            .try_send(json!({"type": "leave", "game": game}))
                            .await?;
                        continue;
                    }
                    let list = msg["moves"].as_array().cloned().unwrap_or_default();
                    if list.is_empty() {
                        return Err("to move without moves".into());
                    }
                    let mv = list[rng.below(list.len())].clone();
                    sent = Some((Instant::now(), ply));
                    moves += 1;
                    client
                        .try_send(json!({"type": "move", "game": game, "move": mv}))
                        .await?;
                }
            }
            Some("game_over") => {
                return Ok(Played {
                    over: msg,
                    round_trips,
                    moves,
                });
            }
            // A move that crossed the end of the game.
            Some("error") if msg["code"] == "game_over" || msg["code"] == "not_in_game" => {}
            Some("error") => return Err(format!("error {msg}")),
            _ => {}
        }
    }
}

/// Reads the server's resident memory (kB) and CPU time (s) from /proc.
pub fn process_usage(pid: u32) -> Option<(u64, u64, f64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb = |key: &str| -> Option<u64> {
        status
            .lines()
            .find(|l| l.starts_with(key))?
            .split_whitespace()
            .nth(1)?
            .parse()
            .ok()
    };
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    // utime and stime are fields 14 and 15 (1-based) of the whole line.
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some((kb("VmRSS:")?, kb("VmHWM:")?, ticks / 100.0))
}

/// The path of `../shared` beside the checkout, if it exists.
pub fn project_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("examples/ has a parent")
}

//! The browser client end to end in headless Chromium, driven through
//! chromedriver (W3C WebDriver over plain HTTP): two players enter names
//! (a name with markup is refused and its error shown as text; a chat line
//! with markup shows as text), challenge, accept, build and adopt
//! predefined setups, play until a battle shows both ranks, see the clock
//! run, and one closes the tab: the other wins.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs
//! them). Without them the test is skipped with a message, except in CI
//! (`CI` set), where it fails. Screenshots go to
//! `target/tmp/screenshots/`; with `SPIELWERK_UPDATE_SCREENSHOTS=1` also to
//! `docs/screenshots/`.

#![allow(clippy::unwrap_used)]

mod serve_common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{Value, json};
use serve_common::{Server, project_root, temp_dir};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";
const WAIT: Duration = Duration::from_secs(30);

/// A chromedriver process, killed when dropped.
struct Driver {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Driver {
    fn start() -> Driver {
        let port = free_port();
        let child = Command::new(CHROMEDRIVER)
            .args([format!("--port={port}"), "--allowed-ips=127.0.0.1".into()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("address");
        let d = Driver { child, addr };
        let start = Instant::now();
        loop {
            if let Ok((200, _)) = d.try_call("GET", "/status", None) {
                return d;
            }
            assert!(start.elapsed() < WAIT, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn try_call(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> std::io::Result<(u16, Value)> {
        let mut s = TcpStream::connect(self.addr)?;
        s.set_read_timeout(Some(Duration::from_secs(60)))?;
        let body = body.map(Value::to_string).unwrap_or_default();
        write!(
            s,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        )?;
        let mut reader = BufReader::new(s);
        let mut status_line = String::new();
        reader.read_line(&mut status_line)?;
        let status = status_line
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        let (mut length, mut chunked) = (None, false);
        loop {
            let mut line = String::new();
            reader.read_line(&mut line)?;
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((k, v)) = line.split_once(':') {
                let k = k.trim().to_ascii_lowercase();
                if k == "content-length" {
                    length = v.trim().parse::<usize>().ok();
                } else if k == "transfer-encoding" && v.to_ascii_lowercase().contains("chunked") {
                    chunked = true;
                }
            }
        }
        let mut raw = Vec::new();
        if chunked {
            loop {
                let mut size = String::new();
                reader.read_line(&mut size)?;
                let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
                if n == 0 {
                    break;
                }
                let mut chunk = vec![0; n];
                reader.read_exact(&mut chunk)?;
                raw.extend_from_slice(&chunk);
                let mut crlf = String::new();
                reader.read_line(&mut crlf)?;
            }
        } else if let Some(n) = length {
            raw.resize(n, 0);
            reader.read_exact(&mut raw)?;
        } else {
            reader.read_to_end(&mut raw)?;
        }
        let value = serde_json::from_slice(&raw).unwrap_or(Value::Null);
        Ok((status, value))
    }

    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let (status, v) = self
            .try_call(method, path, body)
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        assert!(status < 300, "{method} {path} -> {status}: {v}");
        v["value"].clone()
    }

    /// A browser: laptop size, or a phone (touch) when `phone`.
    fn session(&self, profile: &Path, phone: bool) -> Browser<'_> {
        let mut args = vec![
            "--headless=new".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-dev-shm-usage".into(),
            "--disable-quic".into(),
            "--no-first-run".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--disable-extensions".into(),
            "--hide-scrollbars".into(),
            format!("--user-data-dir={}", profile.display()),
        ];
        if !phone {
            args.push("--window-size=1280,860".into());
        }
        let mut options = json!({ "binary": CHROMIUM, "args": args });
        if phone {
            options["mobileEmulation"] = json!({
                "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 2.0, "touch": true },
                "userAgent": "Mozilla/5.0 (Linux; Android 14) Mobile"
            });
        }
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": options,
            "goog:loggingPrefs": { "browser": "ALL" },
        }}});
        let v = self.call("POST", "/session", Some(&caps));
        let id = v["sessionId"].as_str().expect("session id").to_string();
        Browser {
            driver: self,
            id,
            open: true,
        }
    }
}

/// One browser session (one tab).
struct Browser<'a> {
    driver: &'a Driver,
    id: String,
    open: bool,
}

impl Drop for Browser<'_> {
    fn drop(&mut self) {
        if self.open {
            let _ = self
                .driver
                .try_call("DELETE", &format!("/session/{}", self.id), None);
        }
    }
}

impl Browser<'_> {
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.driver.call(
            method,
            &format!("/session/{}{path}", self.id),
            body.as_ref(),
        )
    }

    fn go(&self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    fn js(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": [] })),
        )
    }

    fn find(&self, css: &str) -> String {
        let v = self.call(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": css })),
        );
        v[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {v}"))
            .to_string()
    }

    fn click(&self, css: &str) {
        let e = self.find(css);
        self.call("POST", &format!("/element/{e}/click"), Some(json!({})));
    }

    fn type_into(&self, css: &str, text: &str) {
        let e = self.find(css);
        self.call("POST", &format!("/element/{e}/clear"), Some(json!({})));
        self.call(
            "POST",
            &format!("/element/{e}/value"),
            Some(json!({ "text": text })),
        );
    }

    fn text(&self, css: &str) -> String {
        let e = self.find(css);
        self.call("GET", &format!("/element/{e}/text"), None)
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    /// Waits until `script` (an expression) is true.
    fn wait(&self, what: &str, expr: &str) {
        let start = Instant::now();
        let script = format!("return !!({expr});");
        while self.js(&script) != json!(true) {
            assert!(start.elapsed() < WAIT, "timed out waiting for {what}");
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    fn screenshot(&self, name: &str) {
        let v = self.call("GET", "/screenshot", None);
        let png = base64::engine::general_purpose::STANDARD
            .decode(v.as_str().unwrap_or(""))
            .expect("a PNG");
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
        std::fs::create_dir_all(&dir).expect("screenshot dir");
        std::fs::write(dir.join(name), &png).expect("write screenshot");
        if std::env::var_os("SPIELWERK_UPDATE_SCREENSHOTS").is_some() {
            let docs = project_root().join("docs").join("screenshots");
            std::fs::create_dir_all(&docs).expect("docs/screenshots");
            std::fs::write(docs.join(name), &png).expect("write docs screenshot");
        }
    }

    /// The page's console errors (a script error, a refused resource).
    fn console_errors(&self) -> Vec<String> {
        let log = self.call("POST", "/se/log", Some(json!({ "type": "browser" })));
        log.as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .filter(|e| e["level"] == "SEVERE")
            .map(|e| e["message"].as_str().unwrap_or("").to_string())
            .collect()
    }

    /// Closes the tab (and the browser): the page's socket drops.
    fn close(mut self) {
        self.open = false;
        self.call("DELETE", "", None);
    }
}

/// Plays one move in `b`'s page by clicking: an attack if there is one,
/// else a forward move, else any; returns whether a move was made.
fn click_a_move(b: &Browser<'_>, rng: &mut serve_common::Rng) -> bool {
    let movable = b.js(
        "return [...document.querySelectorAll('#board .square.movable')].map(e => e.dataset.square);",
    );
    let movable: Vec<String> = movable
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    if movable.is_empty() {
        return false;
    }
    let blue = b.js("return document.querySelector('#my-line').classList.contains('blue');")
        == json!(true);
    let rank_of = |sq: &str| sq[1..].parse::<i32>().unwrap_or(0);
    let mut best: Option<(i32, String, String)> = None;
    for from in &movable {
        b.click(&format!("#board .square[data-square='{from}']"));
        let targets = b.js(
            "return [...document.querySelectorAll('#board .square.target')].map(e => [e.dataset.square, !!e.querySelector('.piece')]);",
        );
        for t in targets.as_array().cloned().unwrap_or_default() {
            let to = t[0].as_str().unwrap_or("").to_string();
            let attack = t[1] == json!(true);
            let forward = if blue {
                rank_of(from) - rank_of(&to)
            } else {
                rank_of(&to) - rank_of(from)
            };
            let score = i32::from(attack) * 100 + forward.signum() * 10 + (rng.below(10) as i32);
            if best.as_ref().is_none_or(|(s, _, _)| score > *s) {
                best = Some((score, from.clone(), to));
            }
        }
        // Deselect.
        b.click(&format!("#board .square[data-square='{from}']"));
        if best.as_ref().is_some_and(|(s, _, _)| *s >= 100) {
            break;
        }
    }
    let Some((_, from, to)) = best else {
        return false;
    };
    b.click(&format!("#board .square[data-square='{from}']"));
    b.click(&format!("#board .square[data-square='{to}']"));
    true
}

#[test]
fn two_players_in_headless_chromium() {
    if !Path::new(CHROMIUM).exists() || !Path::new(CHROMEDRIVER).exists() {
        let why = format!(
            "{CHROMIUM} or {CHROMEDRIVER} is missing (apt-get install chromium chromium-driver)"
        );
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs the browser: {why}"
        );
        eprintln!("skipped: {why}");
        return;
    }
    let dir = temp_dir("browser");
    let server = Server::start(
        dir.join("db.sqlite").to_str().expect("path"),
        &["--predefined-after-ms", "1500"],
    );
    let url = format!("http://{}/", server.addr);
    let driver = Driver::start();
    let anna = driver.session(&dir.join("profile-anna"), false);
    let bert = driver.session(&dir.join("profile-bert"), true);

    // Names: markup is refused, and the refusal shows the markup as text.
    anna.go(&url);
    anna.wait(
        "the login screen",
        "!document.getElementById('login').hidden",
    );
    anna.js(
        "window.__alerted = false; window.alert = () => { window.__alerted = true; }; return 0;",
    );
    let markup = "<img src=x onerror=alert(1)>";
    anna.type_into("#name-input", markup);
    anna.click("#name-submit");
    anna.wait(
        "the name error",
        "document.getElementById('login-error').textContent.length > 0",
    );
    let error = anna.text("#login-error");
    assert!(
        error.contains(markup),
        "the error shows the name as text: {error}"
    );
    anna.type_into("#name-input", "anna");
    anna.click("#name-submit");
    anna.wait("anna's lobby", "!document.getElementById('lobby').hidden");

    bert.go(&url);
    bert.wait(
        "the login screen",
        "!document.getElementById('login').hidden",
    );
    bert.type_into("#name-input", "bert");
    bert.click("#name-submit");
    bert.wait("bert's lobby", "!document.getElementById('lobby').hidden");

    // Chat with markup shows as text in the other browser.
    let evil = "<img src=x onerror=alert(2)><script>alert(3)</script> hello";
    bert.type_into("#chat-input", evil);
    bert.click("#chat-form button");
    anna.wait(
        "bert's chat line",
        "document.querySelectorAll('#chat li').length > 0",
    );
    let line = anna.js("return document.querySelector('#chat li .text').textContent;");
    assert_eq!(line, json!(evil));
    assert_eq!(
        anna.js("return document.querySelectorAll('img, script:not([src])').length;"),
        json!(0)
    );
    assert_eq!(anna.js("return window.__alerted;"), json!(false));
    anna.wait(
        "bert in the list",
        "document.querySelector(\".player[data-name='bert'] .challenge\")",
    );
    anna.screenshot("lobby.png");

    // Anna challenges (Blue), Bert accepts (Red).
    anna.click(".player[data-name='bert'] .challenge");
    bert.wait(
        "anna's challenge",
        "document.querySelector(\".incoming[data-name='anna'] .accept\")",
    );
    bert.click(".incoming[data-name='anna'] .accept");
    for b in [&anna, &bert] {
        b.wait(
            "the setup screen",
            "!document.getElementById('setup-panel').hidden",
        );
    }

    // Piece by piece: a click places the next piece (the Flag first), a
    // click on it takes it back.
    anna.click("#board .square[data-square='a10']");
    anna.wait(
        "the Flag on a10",
        "document.querySelector(\"[data-square='a10'] .piece[data-rank='F']\")",
    );
    anna.click("#board .square[data-square='b10']");
    anna.wait(
        "a Bomb on b10",
        "document.querySelector(\"[data-square='b10'] .piece[data-rank='B']\")",
    );
    assert_eq!(anna.text("#remaining"), "38");
    anna.click("#board .square[data-square='b10']");
    anna.wait(
        "b10 empty again",
        "!document.querySelector(\"[data-square='b10'] .piece\")",
    );
    // The predefined setups appear after a short time; adopt one, change it.
    for (b, index) in [(&anna, 0), (&bert, 3)] {
        b.wait(
            "the predefined setups",
            "document.querySelectorAll('#predefined button').length === 8",
        );
        b.click(&format!("#predefined button[data-index='{index}']"));
        b.wait(
            "a complete setup",
            "!document.getElementById('ready').hidden",
        );
    }
    let corner = "#board .square[data-square='a10']";
    let rank =
        anna.js("return document.querySelector(\"[data-square='a10'] .piece\").dataset.rank;");
    anna.click(corner);
    anna.wait(
        "a10 taken back",
        "!document.querySelector(\"[data-square='a10'] .piece\")",
    );
    assert_eq!(anna.text("#remaining"), "1");
    anna.click(corner);
    anna.wait(
        "a10 placed again",
        "document.querySelector(\"[data-square='a10'] .piece\")",
    );
    assert_eq!(
        anna.js("return document.querySelector(\"[data-square='a10'] .piece\").dataset.rank;"),
        rank
    );
    anna.screenshot("setup.png");
    anna.click("#ready");
    bert.click("#ready");
    for b in [&anna, &bert] {
        b.wait("the game", "!document.getElementById('game-panel').hidden");
    }

    // Play until a battle shows both ranks (and one that leaves a revealed
    // piece on the board, after a dozen plies, for the screenshot).
    let mut rng = serve_common::Rng(7);
    let mut plies = 0;
    loop {
        let done = anna.js(
            "return document.querySelectorAll(\"#battles li:not([data-winner='both'])\").length;",
        );
        if done.as_u64().unwrap_or(0) > 0 && plies >= 12 {
            break;
        }
        assert!(plies < 300, "no battle in {plies} plies");
        let mover = if bert.js("return document.getElementById('turn').classList.contains('mine');")
            == json!(true)
        {
            &bert
        } else {
            anna.wait(
                "a turn",
                "document.getElementById('turn').classList.contains('mine')",
            );
            &anna
        };
        let before = mover.js("return document.getElementById('last-move').textContent;");
        assert!(click_a_move(mover, &mut rng), "no move to click");
        mover.wait(
            "the move to be played",
            &format!("document.getElementById('last-move').textContent !== {before}"),
        );
        plies += 1;
    }
    for b in [&anna, &bert] {
        b.wait(
            "the battle in both pages",
            "document.querySelectorAll('#battles li').length > 0",
        );
        let li = b.js("const li = document.querySelector('#battles li'); return [li.dataset.attacker, li.dataset.defender, li.textContent];");
        let (a, d, text) = (
            li[0].as_str().unwrap_or("?"),
            li[1].as_str().unwrap_or("?"),
            li[2].as_str().unwrap_or(""),
        );
        assert!(a != "?" && d != "?" && text.contains("attacks"), "{li}");
    }

    // The clock runs.
    let clock = |b: &Browser<'_>| b.text("#clock");
    let first = clock(&anna);
    assert!(
        first.len() == 4 && first.as_bytes()[1] == b':',
        "clock {first}"
    );
    std::thread::sleep(Duration::from_millis(2200));
    let later = clock(&anna);
    assert!(later < first, "the clock runs: {first} then {later}");
    anna.screenshot("game.png");
    bert.screenshot("game-phone.png");
    for b in [&anna, &bert] {
        let errors = b.console_errors();
        assert!(errors.is_empty(), "console errors: {errors:?}");
    }

    // Bert closes his tab: Anna wins.
    bert.close();
    anna.wait("the result", "!document.getElementById('result').hidden");
    assert_eq!(anna.text("#result-title"), "You win!");
    assert!(anna.text("#result-text").contains("left"));
    let games = server.get_json("/api/games");
    assert_eq!(games[0]["reason"], "left");
    assert_eq!(games[0]["reason_player"], "red");
    assert_eq!(games[0]["outcome"], "blue");
    anna.click("#back");
    anna.wait(
        "the lobby again",
        "!document.getElementById('lobby').hidden",
    );
    drop(anna);
}

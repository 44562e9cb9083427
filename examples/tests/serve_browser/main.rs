//! The Spielcenter's browser client end to end in headless Chromium,
//! driven through chromedriver (W3C WebDriver over plain HTTP), the way
//! people use it:
//!
//! - Battlegeneral: two players enter names (a name with markup is refused
//!   and its error shown as text; a chat line with markup shows as text),
//!   challenge, accept, build and adopt predefined setups, play until a
//!   battle shows both ranks on a board with coordinates, see the clock
//!   run; leaving asks first; a reload loses the game and says so.
//! - Fanorona: a game against easy won by clicking (and one drag), with an
//!   approach/withdrawal choice and a capture chain ended with Stop.
//! - The game of the day in two browsers (one at phone width, by taps):
//!   the same moves get the same replies, and the Bestenliste shows both.
//! - Reversi (`reversi.rs`): a game against easy as White in the applet's
//!   look, with a hint, a move taken back and a pass, to the count.
//! - Major (`major.rs`): a win against easy on each of the four boards by
//!   drag and drop, each entering its board's highscore table; a colour
//!   chosen on the start page kept after a reload; two people at one
//!   phone taking turns by taps; a demonstration stopped with Escape.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs
//! them). Without them the test is skipped with a message, except in CI
//! (`CI` set), where it fails. Screenshots go to
//! `target/tmp/screenshots/`; with `SPIELWERK_UPDATE_SCREENSHOTS=1` also to
//! `docs/screenshots/`.

#![allow(clippy::unwrap_used)]

mod major;
mod reversi;
#[path = "../serve_common/mod.rs"]
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
            // A reload during a game asks "leave the page?": yes.
            "unhandledPromptBehavior": "accept",
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
        self.js("window.scrollTo(0, 0); return 0;");
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

    /// Drags with the mouse from the centre of one element to another's, as
    /// the page's pointer events see it.
    fn drag(&self, from: &str, to: &str) {
        let (a, b) = (self.find(from), self.find(to));
        let origin = |e: &str| json!({ ELEMENT: e });
        self.call(
            "POST",
            "/actions",
            Some(json!({ "actions": [{
                "type": "pointer", "id": "mouse", "parameters": { "pointerType": "mouse" },
                "actions": [
                    { "type": "pointerMove", "duration": 0, "origin": origin(&a), "x": 0, "y": 0 },
                    { "type": "pointerDown", "button": 0 },
                    { "type": "pointerMove", "duration": 150, "origin": origin(&b), "x": 4, "y": 3 },
                    { "type": "pointerMove", "duration": 50, "origin": origin(&b), "x": 0, "y": 0 },
                    { "type": "pointerUp", "button": 0 },
                ],
            }]})),
        );
        self.call("DELETE", "/actions", None);
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

/// The browser tests run one at a time (each starts Chromium twice).
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Whether Chromium is here; skips (or, in CI, fails) otherwise.
/// What a browser test works with: the lock that runs the browser tests
/// one at a time, its folder, a server, its address and chromedriver.
struct Bench {
    _one: std::sync::MutexGuard<'static, ()>,
    dir: PathBuf,
    server: Server,
    url: String,
    driver: Driver,
}

/// Starts a browser test named `name` against a server started with
/// `args`; `None` (the test is skipped, with a message) where the browser
/// is missing outside CI.
fn bench(name: &str, args: &[&str]) -> Option<Bench> {
    let one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !browser_available() {
        return None;
    }
    let dir = temp_dir(name);
    let server = Server::start(dir.join("db.sqlite").to_str().expect("path"), args);
    let url = format!("http://{}/", server.addr);
    Some(Bench {
        _one: one,
        dir,
        server,
        url,
        driver: Driver::start(),
    })
}

/// Waits until it is the page's player's move (`turn`: the id of the
/// game's turn heading, marked `mine`) or the game is over; returns
/// whether it is over.
fn turn_or_end(b: &Browser<'_>, turn: &str) -> bool {
    b.wait(
        "my move or the end",
        &format!("document.getElementById('{turn}').classList.contains('mine') || !document.getElementById('result').hidden"),
    );
    b.js("return !document.getElementById('result').hidden;") == json!(true)
}

fn browser_available() -> bool {
    if Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists() {
        return true;
    }
    let why = format!(
        "{CHROMIUM} or {CHROMEDRIVER} is missing (apt-get install chromium chromium-driver)"
    );
    assert!(
        std::env::var_os("CI").is_none(),
        "CI needs the browser: {why}"
    );
    eprintln!("skipped: {why}");
    false
}

/// Enters the Spielcenter with `name` from its name screen.
fn enter(b: &Browser<'_>, url: &str, name: &str) {
    b.go(url);
    b.wait(
        "the name screen",
        "!document.getElementById('login').hidden",
    );
    b.type_into("#name-input", name);
    b.click("#name-submit");
    b.wait("the start page", "!document.getElementById('home').hidden");
}

/// Installs a trap that notes any alert (script from a message would call
/// one).
fn trap_alerts(b: &Browser<'_>) {
    b.js("window.__alerted = false; window.alert = () => { window.__alerted = true; }; return 0;");
}

fn no_script_ran(b: &Browser<'_>) {
    assert_eq!(b.js("return window.__alerted;"), json!(false));
    assert_eq!(
        b.js("return document.querySelectorAll('img, script:not([src])').length;"),
        json!(0)
    );
}

#[test]
#[cfg_attr(
    not(spielwerk_browser),
    ignore = "needs /usr/bin/chromium and /usr/bin/chromedriver (see the README)"
)]
fn battlegeneral_in_two_browsers() {
    let Some(Bench {
        dir,
        server,
        url,
        driver,
        ..
    }) = bench("browser-bg", &["--predefined-after-ms", "1500"])
    else {
        return;
    };
    let anna = driver.session(&dir.join("profile-anna"), false);
    let bert = driver.session(&dir.join("profile-bert"), true);

    // Names: markup is refused, and the refusal shows the markup as text.
    anna.go(&url);
    anna.wait(
        "the name screen",
        "!document.getElementById('login').hidden",
    );
    trap_alerts(&anna);
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
    anna.wait(
        "anna's start page",
        "!document.getElementById('home').hidden",
    );
    trap_alerts(&anna);
    enter(&bert, &url, "bert");

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
    no_script_ran(&anna);
    let challenge = ".player[data-name='bert'] .challenge[data-kind='battlegeneral']";
    anna.wait(
        "bert in the list",
        &format!("document.querySelector(\"{challenge}\")"),
    );
    // The computers are listed once each, in the order of their levels.
    let computers = anna.js(
        "return [...document.querySelectorAll('#players .player')].map(e => e.dataset.name).filter(n => n.startsWith('Computer'));",
    );
    assert_eq!(
        computers,
        json!([
            "Computer (easy)",
            "Computer (medium)",
            "Computer (hard)",
            "Computer (max)"
        ])
    );
    anna.screenshot("start.png");

    // Anna challenges (Blue), Bert accepts (Red).
    anna.click(challenge);
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
    // The board has coordinates, as each player sees it.
    assert_eq!(
        bert.js("return document.querySelector('.coords.files').textContent;"),
        json!("abcdefghij")
    );
    assert_eq!(
        anna.js("return document.querySelector('.coords.files').textContent;"),
        json!("jihgfedcba")
    );
    assert_eq!(
        anna.js("return document.querySelector('.coords.ranks').textContent;"),
        json!("12345678910")
    );

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
    anna.screenshot("battlegeneral-setup.png");
    anna.click("#ready");
    bert.click("#ready");
    for b in [&anna, &bert] {
        b.wait("the game", "!document.getElementById('game-panel').hidden");
    }
    // A reload or a closed tab would lose the game: the page asks first.
    let asks = "const e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e); return e.defaultPrevented;";
    assert_eq!(anna.js(asks), json!(true));
    // The tab's title tells whose move it is: Red's (Bert's).
    bert.wait("bert's title", "document.title.startsWith('●')");
    assert!(
        !anna
            .js("return document.title;")
            .as_str()
            .unwrap()
            .starts_with('●')
    );

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
        // The newest battle is on top and numbered highest.
        let numbered = b.js(
            "const ol = document.getElementById('battles'); return [ol.reversed, ol.children.length];",
        );
        assert_eq!(numbered[0], json!(true));
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
    anna.screenshot("battlegeneral-game.png");
    bert.screenshot("battlegeneral-phone.png");
    for b in [&anna, &bert] {
        let errors = b.console_errors();
        assert!(errors.is_empty(), "console errors: {errors:?}");
    }

    // Leaving asks first; "play on" keeps the game.
    bert.click("#leave");
    bert.wait("the question", "!document.getElementById('confirm').hidden");
    bert.click("#confirm-no");
    bert.wait("no question", "document.getElementById('confirm').hidden");
    assert_eq!(
        bert.js("return document.getElementById('result').hidden;"),
        json!(true)
    );
    bert.click("#leave");
    bert.wait("the question", "!document.getElementById('confirm').hidden");
    bert.click("#confirm-yes");
    for b in [&anna, &bert] {
        b.wait("the result", "!document.getElementById('result').hidden");
    }
    assert_eq!(anna.text("#result-title"), "You win!");
    assert!(
        anna.text("#result-text")
            .contains("Your opponent left the game.")
    );
    assert_eq!(bert.text("#result-title"), "You lose");
    assert!(bert.text("#result-text").contains("You left the game."));
    // The end shows the whole enemy army.
    let unknown =
        anna.js("return document.querySelectorAll('#board .piece[data-rank=\"?\"]').length;");
    assert_eq!(unknown, json!(0));
    let games = server.get_json("/api/games");
    assert_eq!(games[0]["reason"], "left");
    assert_eq!(games[0]["reason_player"], "red");
    assert_eq!(games[0]["outcome"], "blue");
    for b in [&anna, &bert] {
        b.click("#back");
        b.wait(
            "the start page again",
            "!document.getElementById('home').hidden",
        );
    }

    // A reload during a game loses it; the page says so after the reload
    // (and takes the name back with its token).
    anna.wait(
        "bert free again",
        &format!("document.querySelector(\"{challenge}\")"),
    );
    anna.click(challenge);
    bert.wait(
        "anna's challenge",
        "document.querySelector(\".incoming[data-name='anna'] .accept\")",
    );
    bert.click(".incoming[data-name='anna'] .accept");
    bert.wait(
        "the setup screen",
        "!document.getElementById('setup-panel').hidden",
    );
    bert.go(&url);
    bert.wait(
        "the start page after the reload",
        "!document.getElementById('home').hidden",
    );
    bert.wait(
        "the word of the lost game",
        "!document.getElementById('notice').hidden",
    );
    let notice = bert.text("#notice-text");
    assert!(notice.contains("ended when you left the page"), "{notice}");
    anna.wait("the result", "!document.getElementById('result').hidden");
    assert_eq!(anna.text("#result-title"), "You win!");
    no_script_ran(&anna);
    drop(anna);
}

/// The Fanorona position a page shows (for the test's own player).
fn fanorona_board(b: &Browser<'_>) -> fanorona_rules::Position {
    let stones = b.js(
        "return [...document.querySelectorAll('#fa-board .point')].map(p => { const s = p.querySelector('.stone'); return [p.dataset.point, s ? s.dataset.stone : '']; });",
    );
    let mut grid = [['.'; 9]; 5];
    for entry in stones.as_array().unwrap() {
        let name = entry[0].as_str().unwrap();
        let (c, r) = (
            (name.as_bytes()[0] - b'a') as usize,
            (name.as_bytes()[1] - b'1') as usize,
        );
        grid[r][c] = match entry[1].as_str().unwrap() {
            "W" => 'W',
            "B" => 'B',
            _ => '.',
        };
    }
    let rows: Vec<String> = (0..5)
        .rev()
        .map(|r| {
            let mut out = String::new();
            let mut empty = 0;
            for &cell in &grid[r] {
                if cell == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(cell);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!("{} w", rows.join("/"))
        .parse()
        .expect("the page's board")
}

/// Plays `mv` in the page by clicking its points (or dragging its first
/// step), tapping a stone of the right row where a step can capture
/// either way, and pressing Stop where the chain could go on.
fn click_fanorona_move(
    b: &Browser<'_>,
    pos: &fanorona_rules::Position,
    mv: fanorona_rules::Move,
    drag: bool,
) -> (bool, bool) {
    let point = |p: &str| format!("#fa-board .point[data-point='{p}']");
    let mut turn = fanorona_rules::Turn::new(pos);
    let mut at = mv.start();
    let (mut chose, mut stopped) = (false, false);
    for (i, step) in mv.steps().enumerate() {
        let to = at.step(step.direction).unwrap();
        let options = turn.steps_from(at);
        let mine = *options
            .iter()
            .find(|o| o.to == to && o.capture == step.capture)
            .expect("a step of the move");
        if i == 0 && drag {
            b.drag(&point(&at.to_string()), &point(&to.to_string()));
        } else {
            if i == 0 {
                b.click(&point(&at.to_string()));
            }
            b.click(&point(&to.to_string()));
        }
        if options.iter().filter(|o| o.to == to).count() > 1 {
            b.wait(
                "the choice of rows",
                "!document.getElementById('fa-choice').hidden",
            );
            let stone = mine.captured.iter().next().unwrap().to_string();
            b.click(&point(&stone));
            chose = true;
        }
        turn.step(mine).unwrap();
        at = to;
    }
    // Stopping where the chain could go on.
    if !turn.is_complete() {
        b.wait(
            "the stop button",
            "!document.getElementById('fa-stop').hidden",
        );
        b.click("#fa-stop");
        stopped = true;
    }
    (chose, stopped)
}

/// Waits until it is the page's player's move (after the computer's reply
/// has been shown step by step) or the game is over; returns whether it is
/// over.
fn fanorona_turn(b: &Browser<'_>) -> bool {
    turn_or_end(b, "fa-turn")
}

#[test]
#[cfg_attr(
    not(spielwerk_browser),
    ignore = "needs /usr/bin/chromium and /usr/bin/chromedriver (see the README)"
)]
fn fanorona_against_the_computer_by_clicking() {
    use board_core::Game;
    use board_search::Strategy;
    let Some(Bench {
        dir,
        server,
        url,
        driver,
        ..
    }) = bench("browser-fanorona", &["--computer-delay-ms", "0"])
    else {
        return;
    };
    let anna = driver.session(&dir.join("profile-anna"), false);
    enter(&anna, &url, "anna");
    anna.click("#card-fanorona .level[data-level='easy']");
    anna.wait("the board", "document.getElementById('fa-board')");
    assert!(!fanorona_turn(&anna));
    // The first move: f3 to e3 captures either way; both rows are shown.
    anna.click("#fa-board .point[data-point='f3']");
    anna.click("#fa-board .point[data-point='e3']");
    anna.wait("the choice", "!document.getElementById('fa-choice').hidden");
    let rows = anna.js(
        "return [[...document.querySelectorAll('#fa-board .stone.row-a')].map(s => s.closest('.point').dataset.point), [...document.querySelectorAll('#fa-board .stone.row-w')].map(s => s.closest('.point').dataset.point)];",
    );
    assert_eq!(rows, json!([["d3"], ["g3"]]));
    anna.screenshot("fanorona-choice.png");
    // Tap the withdrawal row.
    anna.click("#fa-board .point[data-point='g3']");
    let mut over = fanorona_turn(&anna);
    let mut stopped = false;
    let mut dragged = false;
    let mut moves = 1;
    while !over {
        assert!(moves < 200, "the game went on and on");
        let pos = fanorona_board(&anna);
        let mut list = fanorona_rules::MoveList::new();
        pos.legal_moves(&mut list);
        // Once, stop a chain that could go on.
        let early = (!stopped)
            .then(|| {
                list.iter().copied().find(|m| {
                    let t = m.to_string();
                    m.is_capture()
                        && list
                            .iter()
                            .any(|n| n.to_string().starts_with(&format!("{t}-")))
                })
            })
            .flatten();
        let mv = early.unwrap_or_else(|| {
            fanorona_rules::ai::Computer::new(fanorona_rules::ai::Level::Medium)
                .choose(&pos)
                .expect("a move")
                .mv
        });
        let drag = !dragged && mv.len() == 1;
        let (_, s) = click_fanorona_move(&anna, &pos, mv, drag);
        stopped |= s;
        dragged |= drag;
        moves += 1;
        anna.wait(
            "the move sent",
            "!document.getElementById('fa-turn').classList.contains('mine') || !document.getElementById('result').hidden",
        );
        over = fanorona_turn(&anna);
    }
    assert!(stopped, "a chain was stopped");
    assert!(dragged, "a move was dragged");
    assert_eq!(anna.text("#result-title"), "You win!");
    let games = server.get_json("/api/games?kind=fanorona");
    assert_eq!(games[0]["outcome"], "white");
    assert_eq!(games[0]["players"][0], "anna");
    let errors = anna.console_errors();
    assert!(errors.is_empty(), "console errors: {errors:?}");
}

#[test]
#[cfg_attr(
    not(spielwerk_browser),
    ignore = "needs /usr/bin/chromium and /usr/bin/chromedriver (see the README)"
)]
fn the_game_of_the_day_in_two_browsers_and_the_bestenliste() {
    use board_core::Game;
    let Some(Bench {
        dir,
        server,
        url,
        driver,
        ..
    }) = bench("browser-daily", &["--computer-delay-ms", "0"])
    else {
        return;
    };
    let anna = driver.session(&dir.join("profile-anna"), false);
    let bert = driver.session(&dir.join("profile-bert"), true);
    enter(&anna, &url, "anna");
    enter(&bert, &url, "bert");
    trap_alerts(&bert);
    // Hostile text in the chat shows as text at phone width too.
    let evil = "<img src=x onerror=alert(4)> tag";
    anna.type_into("#chat-input", evil);
    anna.click("#chat-form button");
    bert.wait(
        "the chat line",
        "document.querySelectorAll('#chat li').length > 0",
    );
    assert_eq!(
        bert.js("return document.querySelector('#chat li .text').textContent;"),
        json!(evil)
    );
    no_script_ran(&bert);
    // Both play the day's game with the same moves: the first legal move
    // in the order of the notation, five times, then they leave.
    for b in [&anna, &bert] {
        b.click("#daily-fanorona");
        b.wait("the board", "document.getElementById('fa-board')");
        assert!(b.text("#fa-daily").contains("counts for the Bestenliste"));
        for _ in 0..5 {
            assert!(!fanorona_turn(b), "the game ended early");
            let pos = fanorona_board(b);
            let mut list = fanorona_rules::MoveList::new();
            pos.legal_moves(&mut list);
            let mut texts: Vec<(String, fanorona_rules::Move)> =
                list.iter().map(|m| (m.to_string(), *m)).collect();
            texts.sort();
            click_fanorona_move(b, &pos, texts[0].1, false);
            b.wait(
                "the move sent",
                "!document.getElementById('fa-turn').classList.contains('mine') || !document.getElementById('result').hidden",
            );
        }
        assert!(!fanorona_turn(b));
        b.click("#leave");
        b.wait("the question", "!document.getElementById('confirm').hidden");
        b.click("#confirm-yes");
        b.wait("the result", "!document.getElementById('result').hidden");
        assert!(
            b.text("#result-text")
                .contains("It counts for today's Bestenliste.")
        );
        b.click("#back");
        b.wait("the start page", "!document.getElementById('home').hidden");
    }
    // The same moves got the same replies.
    let games = server.get_json("/api/games?kind=fanorona");
    let games = games.as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["daily"], games[1]["daily"]);
    assert_eq!(
        games[0]["record"].get("moves"),
        None,
        "lists carry no records"
    );
    let record =
        |id: &Value| server.get_json(&format!("/api/games/{id}"))["record"]["moves"].clone();
    assert_eq!(record(&games[0]["id"]), record(&games[1]["id"]));
    // The Bestenliste of the day shows both, with the same score.
    for b in [&anna, &bert] {
        b.click("#board-tabs .tab[data-board='fanorona']");
        b.click("#period-tabs .tab[data-period='day']");
        b.wait(
            "both in the list",
            "document.querySelectorAll('#scores tbody tr').length === 2",
        );
        let rows = b.js("return [...document.querySelectorAll('#scores tbody tr')].map(r => r.children[1].textContent + ' ' + r.children[2].textContent);");
        let rows: Vec<String> = serde_json::from_value(rows).unwrap();
        assert!(
            rows.iter().any(|r| r.starts_with("anna "))
                && rows.iter().any(|r| r.starts_with("bert ")),
            "{rows:?}"
        );
        assert_eq!(rows[0].split(' ').nth(1), rows[1].split(' ').nth(1));
        // Today's game is played: another is practice.
        assert!(b.text("#daily-info").contains("you have played it today"));
    }
    anna.screenshot("bestenliste.png");
    // A second game of the day is practice.
    bert.click("#daily-fanorona");
    bert.wait("the board", "document.getElementById('fa-board')");
    // The board can be drawn before the server's word on the game (a
    // practice one) arrives: wait for it rather than read it at once.
    bert.wait(
        "the game said to be practice",
        "(document.getElementById('fa-daily')?.textContent || '').includes('practice')",
    );
    assert!(bert.text("#fa-daily").contains("practice"));
    bert.screenshot("fanorona-phone.png");
    for b in [&anna, &bert] {
        let errors = b.console_errors();
        assert!(errors.is_empty(), "console errors: {errors:?}");
    }
}

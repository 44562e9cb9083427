//! The HTTP side: the embedded browser client (a fixed table of files: no
//! path ever reaches the file system), the WebSocket endpoint, and a small
//! read-only JSON API (status, score tables, games, each game's downloads).
//! Every API error is a JSON object `{"error": ...}`.

use std::sync::Arc;

use axum::Router;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, RawQuery, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};
use tokio::sync::oneshot;

use super::hub::{Hub, LobbyCmd};
use crate::games::{self, GAMES};
use crate::hosted::StoredGame;
use crate::leaderboard::{Period, PeriodKind};
use crate::protocol::{MAX_FRAME_BYTES, PROTOCOL_VERSION, Table};

/// The embedded client: path, content type, body.
pub const ASSETS: [(&str, &str, &str); 9] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../../assets/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/app.js"),
    ),
    (
        "/i18n.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/i18n.js"),
    ),
    (
        "/reversi.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/reversi.js"),
    ),
    (
        "/major.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/major.js"),
    ),
    (
        "/battlegeneral.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/battlegeneral.js"),
    ),
    (
        "/fanorona.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/fanorona.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("../../assets/style.css"),
    ),
    (
        "/favicon.svg",
        "image/svg+xml",
        include_str!("../../assets/favicon.svg"),
    ),
];

/// The content security policy: scripts, styles and connections from the
/// server itself only, no inline script, no frames.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The most bytes of request headers (names and values) the server reads;
/// more are answered 431.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// The router.
pub fn router(hub: Arc<Hub>) -> Router {
    let mut r = Router::new();
    for (path, _, _) in ASSETS {
        r = r.route(path, get(asset));
    }
    r.route("/index.html", get(asset))
        .route("/ws", get(socket))
        .route("/api/status", get(status))
        .route("/api/leaderboard", get(leaderboard))
        .route("/api/games", get(games))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/{file}", get(download))
        .fallback(not_found)
        .layer(axum::middleware::from_fn(limit_headers))
        .layer(axum::middleware::map_response(security_headers))
        .with_state(hub)
}

async fn limit_headers(request: Request, next: Next) -> Response {
    let size: usize = request
        .headers()
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len() + 4)
        .sum();
    if size > MAX_HEADER_BYTES {
        return failure(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!("the request headers have {size} bytes; the limit is {MAX_HEADER_BYTES}"),
        );
    }
    next.run(request).await
}

async fn security_headers(mut response: Response) -> Response {
    let h = response.headers_mut();
    h.insert("content-security-policy", HeaderValue::from_static(CSP));
    h.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    h.insert("x-frame-options", HeaderValue::from_static("DENY"));
    h.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    response
}

async fn asset(uri: axum::http::Uri) -> Response {
    let path = match uri.path() {
        "/index.html" => "/",
        p => p,
    };
    match ASSETS.iter().find(|(p, _, _)| *p == path) {
        Some((_, kind, body)) => (
            [
                (header::CONTENT_TYPE, *kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => not_found().await,
    }
}

async fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "not found\n",
    )
        .into_response()
}

fn json_response(value: &impl serde::Serialize) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        serde_json::to_string(value).unwrap_or_else(|_| "null".into()),
    )
        .into_response()
}

fn failure(status: StatusCode, message: impl std::fmt::Display) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        json!({ "error": message.to_string() }).to_string(),
    )
        .into_response()
}

/// A browser's `Origin` must be one of the server's public addresses (no
/// other site's page may use a visitor's browser to play, whatever name
/// it reached the server by); clients without one (programs) may.
fn allowed_origin(headers: &HeaderMap, origins: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let origin = origin.trim_end_matches('/').to_ascii_lowercase();
    origins.contains(&origin)
}

async fn socket(State(hub): State<Arc<Hub>>, headers: HeaderMap, ws: WebSocketUpgrade) -> Response {
    if !allowed_origin(&headers, &hub.config.origins) {
        return failure(
            StatusCode::FORBIDDEN,
            "cross-origin WebSocket refused (see the server's --origin)",
        );
    }
    let Some(conn) = hub.open_connection() else {
        return failure(StatusCode::SERVICE_UNAVAILABLE, "the server is full");
    };
    // Small buffers: messages are small (a frame that is not grows them),
    // and a thousand sockets with the default 128 KiB each would hold a
    // quarter of a GiB.
    ws.max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .on_failed_upgrade({
            let hub = Arc::clone(&hub);
            move |_| hub.close_connection()
        })
        .on_upgrade(move |socket| async move {
            super::conn::serve(socket, Arc::clone(&hub), conn).await;
            hub.close_connection();
        })
}

async fn status(State(hub): State<Arc<Hub>>) -> Response {
    let (tx, rx) = oneshot::channel();
    if hub
        .lobby
        .send(LobbyCmd::Status { reply: tx })
        .await
        .is_err()
    {
        return failure(StatusCode::SERVICE_UNAVAILABLE, "the lobby has stopped");
    }
    match rx.await {
        Ok(s) => json_response(&json!({
            "protocol": PROTOCOL_VERSION,
            "server": format!("spielwerk {}", env!("CARGO_PKG_VERSION")),
            "sockets": hub.open_connections(),
            "connections": s.connections,
            "players": s.players,
            "games": s.games,
            "challenges": s.challenges,
            "time_scale": hub.config.clock.scale(),
            "now": hub.config.clock.now(),
            "zone": hub.config.calendar.zone(),
            "today": hub.config.calendar.day_of(hub.config.clock.now()).to_string(),
        })),
        Err(_) => failure(StatusCode::SERVICE_UNAVAILABLE, "the lobby has stopped"),
    }
}

/// The value of `key` in a query string.
fn query_value<'a>(query: Option<&'a str>, key: &str) -> Option<&'a str> {
    query?
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v)
}

/// A refused request: the status and what was wrong.
struct Refusal(StatusCode, String);

fn refused(r: Refusal) -> Response {
    failure(r.0, r.1)
}

fn limit(query: Option<&str>, default: u32, max: u32) -> Result<u32, Refusal> {
    match query_value(query, "limit").map(str::parse::<u32>) {
        None => Ok(default),
        Some(Ok(n)) => Ok(n.min(max)),
        Some(Err(_)) => Err(Refusal(
            StatusCode::BAD_REQUEST,
            "limit must be a number".into(),
        )),
    }
}

/// `?board=ID&period=P&limit=N`: one table (period `YYYY-MM-DD`,
/// `YYYY-MM` or `eternal`); without `period`, the board's current tables;
/// without `board`, every board's.
async fn leaderboard(State(hub): State<Arc<Hub>>, RawQuery(query): RawQuery) -> Response {
    let q = query.as_deref();
    let rows = match limit(q, 100, 10_000) {
        Ok(n) => n,
        Err(r) => return refused(r),
    };
    let kinds: Vec<_> = match query_value(q, "board") {
        None => GAMES
            .iter()
            .copied()
            .filter(|k| !k.periods.is_empty())
            .collect(),
        Some(b) => match games::kind(b) {
            Some(k) if !k.periods.is_empty() => vec![k],
            _ => {
                return failure(
                    StatusCode::NOT_FOUND,
                    format!("no board {b:?} (the boards: battlegeneral, fanorona)"),
                );
            }
        },
    };
    let periods: Option<Period> = match query_value(q, "period") {
        None => None,
        Some(p) => match p.parse() {
            Ok(p) => Some(p),
            Err(e) => return failure(StatusCode::BAD_REQUEST, e),
        },
    };
    let today = hub.config.calendar.day_of(hub.config.clock.now());
    let mut out = Vec::new();
    for kind in kinds {
        let wanted: Vec<Period> = match periods {
            Some(p) => vec![p],
            None => kind
                .periods
                .iter()
                .map(|pk: &PeriodKind| pk.of(today))
                .collect(),
        };
        let mut tables = Vec::new();
        for p in wanted {
            match hub.store.table(kind.id, p, rows).await {
                Ok(rows) => tables.push(Table {
                    period: p.kind().to_owned(),
                    key: p.key(),
                    rows,
                }),
                Err(e) => return failure(StatusCode::INTERNAL_SERVER_ERROR, e),
            }
        }
        out.push(json!({"board": kind.id, "tables": tables}));
    }
    json_response(&out)
}

/// A game's summary for lists.
fn summary(g: &StoredGame) -> Value {
    let kind = games::kind(&g.kind);
    json!({
        "id": g.id,
        "seq": g.seq,
        "kind": g.kind,
        "players": g.players,
        "computers": g.computers,
        "daily": g.daily.map(|d| d.to_string()),
        "outcome": kind.map_or("none", |k| k.outcome_text(g.outcome)),
        "reason": g.reason,
        "reason_player": g.reason_player.and_then(|p| kind.map(|k| k.side(p))),
        "counted": g.counted,
        "plies": g.plies,
        "started_at": g.started_at,
        "ended_at": g.ended_at,
        "downloads": kind.map(|k| k.exports.iter().map(|e| e.name).collect::<Vec<_>>()).unwrap_or_default(),
    })
}

async fn games(State(hub): State<Arc<Hub>>, RawQuery(query): RawQuery) -> Response {
    let q = query.as_deref();
    let after = match query_value(q, "after").map(str::parse::<u64>) {
        None => 0,
        Some(Ok(a)) => a,
        Some(Err(_)) => return failure(StatusCode::BAD_REQUEST, "after must be a number"),
    };
    let rows = match limit(q, 100, 1000) {
        Ok(n) => n,
        Err(r) => return refused(r),
    };
    match hub.store.games(after, rows, query_value(q, "kind")).await {
        Ok(list) => json_response(&list.iter().map(summary).collect::<Vec<_>>()),
        Err(e) => failure(StatusCode::INTERNAL_SERVER_ERROR, e),
    }
}

fn game_id(text: &str) -> Result<u64, Refusal> {
    text.parse().map_err(|_| {
        Refusal(
            StatusCode::BAD_REQUEST,
            format!("{text:?} is not a game id (a whole number)"),
        )
    })
}

async fn game(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    let id = match game_id(&id) {
        Ok(id) => id,
        Err(r) => return refused(r),
    };
    match hub.store.game(id).await {
        Ok(Some(g)) => {
            let mut v = summary(&g);
            v["record"] = g.record.clone();
            json_response(&v)
        }
        Ok(None) => failure(StatusCode::NOT_FOUND, format!("no finished game {id}")),
        Err(e) => failure(StatusCode::INTERNAL_SERVER_ERROR, e),
    }
}

async fn download(
    State(hub): State<Arc<Hub>>,
    Path((id, file)): Path<(String, String)>,
) -> Response {
    let id = match game_id(&id) {
        Ok(id) => id,
        Err(r) => return refused(r),
    };
    let g = match hub.store.game(id).await {
        Ok(Some(g)) => g,
        Ok(None) => return failure(StatusCode::NOT_FOUND, format!("no finished game {id}")),
        Err(e) => return failure(StatusCode::INTERNAL_SERVER_ERROR, e),
    };
    let Some(export) = games::kind(&g.kind).and_then(|k| k.exports.iter().find(|e| e.name == file))
    else {
        return failure(
            StatusCode::NOT_FOUND,
            format!("game {id} ({}) has no download {file:?}", g.kind),
        );
    };
    match (export.make)(&g) {
        Some(body) => (
            [
                (header::CONTENT_TYPE, export.content_type.to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{}\"", (export.file_name)(id)),
                ),
            ],
            body,
        )
            .into_response(),
        None => failure(
            StatusCode::NOT_FOUND,
            format!("game {id} never reached play or was stopped by the server: no {file}"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_and_queries() {
        let origins = vec!["http://127.0.0.1:8080".to_owned()];
        let mut h = HeaderMap::new();
        assert!(allowed_origin(&h, &origins));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://127.0.0.1:8080"),
        );
        assert!(allowed_origin(&h, &origins));
        // The Host header does not matter: a rebound DNS name sends its own.
        h.insert(header::HOST, HeaderValue::from_static("evil.example:8080"));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://evil.example:8080"),
        );
        assert!(!allowed_origin(&h, &origins));
        assert_eq!(
            query_value(Some("a=1&board=fanorona"), "board"),
            Some("fanorona")
        );
        assert_eq!(query_value(Some("a=1"), "month"), None);
        assert_eq!(query_value(None, "month"), None);
    }

    #[test]
    fn the_client_uses_no_outside_resources_and_no_inner_html() {
        for (path, _, body) in ASSETS {
            for forbidden in [
                "http://",
                "https://",
                "//cdn",
                "innerHTML",
                "outerHTML",
                "insertAdjacentHTML",
                "document.write",
                "eval(",
                "new Function",
            ] {
                // The SVG names its XML namespace, which is no fetch.
                if path == "/favicon.svg" && forbidden == "http://" {
                    continue;
                }
                // SVG elements are made in their namespace.
                if path.ends_with(".js") && forbidden == "http://" {
                    let without = body.replace("\"http://www.w3.org/2000/svg\"", "");
                    assert!(!without.contains(forbidden), "{path} contains {forbidden}");
                    continue;
                }
                assert!(!body.contains(forbidden), "{path} contains {forbidden}");
            }
        }
    }

    /// The keys of one language's table in `i18n.js`.
    fn keys(lang: &str) -> std::collections::BTreeSet<String> {
        let text = ASSETS
            .iter()
            .find(|a| a.0 == "/i18n.js")
            .map(|a| a.2)
            .unwrap_or("");
        let start = text
            .find(&format!("  {lang}: {{"))
            .expect("the language's table");
        let block = &text[start..];
        let end = block.find("\n  },").expect("its end");
        block[..end]
            .lines()
            .skip(1)
            .filter_map(|l| {
                let l = l.trim();
                let key = l.split(": \"").next()?;
                Some(key.trim_matches('"').to_owned())
            })
            .filter(|k| !k.is_empty())
            .collect()
    }

    /// Every text of the client is in English and German: both tables have
    /// the same keys, and every key the pages use is in them.
    #[test]
    fn every_text_is_in_both_languages() {
        let en = keys("en");
        let de = keys("de");
        assert!(en.len() > 150, "{}", en.len());
        assert_eq!(en, de, "the languages differ");
        let mut used = std::collections::BTreeSet::new();
        for (_, _, body) in ASSETS {
            for pattern in ["data-i18n=\"", "data-i18n-placeholder=\"", "t(\""] {
                let mut parts = body.split(pattern);
                let mut before = parts.next().unwrap_or("");
                for part in parts {
                    // `t("` as a call of its own, not the end of `split("`.
                    let whole = pattern != "t(\""
                        || !before.ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '.');
                    if let Some(key) = part.split('"').next()
                        && whole
                        && !key.ends_with('_')
                    {
                        used.insert(key.to_owned());
                    }
                    before = part;
                }
            }
        }
        // Keys made from data: reasons, sides, periods, levels, boards,
        // ranks.
        for reason in crate::hosted::PLATFORM_REASONS {
            used.insert(format!("why_{reason}"));
        }
        for kind in GAMES {
            for reason in kind.reasons {
                used.insert(format!("why_{reason}"));
            }
            for side in kind.sides {
                used.insert(format!("side_{side}"));
            }
            for level in kind.levels {
                used.insert(format!("level_{level}"));
            }
            used.insert(format!("game_{}", kind.id));
            if !kind.periods.is_empty() {
                used.insert(format!("board_{}", kind.id));
                used.insert(format!("rule_{}", kind.id));
            }
        }
        for period in ["day", "month", "eternal"] {
            used.insert(format!("period_{period}"));
        }
        for rank in [
            "10", "9", "8", "7", "6", "5", "4", "3", "2", "1", "B", "F", "?",
        ] {
            used.insert(format!("rank_{rank}"));
        }
        let missing: Vec<_> = used.difference(&en).collect();
        assert!(
            missing.is_empty(),
            "texts without a translation: {missing:?}"
        );
    }
}

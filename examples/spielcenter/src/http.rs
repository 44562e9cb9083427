//! The HTTP side: the embedded browser client (a fixed table of files: no
//! path ever reaches the file system), the WebSocket endpoint, and a small
//! read-only JSON API (status, leaderboard, games, Gravon XML export).

use std::sync::Arc;

use axum::Router;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use stratego_rules::leaderboard::YearMonth;
use tokio::sync::oneshot;

use super::export::{file_name, gravon};
use super::hub::{Hub, LobbyCmd};
use super::protocol::{MAX_FRAME_BYTES, PROTOCOL_VERSION};
use super::store::parse_month;

/// The embedded client: path, content type, body.
pub const ASSETS: [(&str, &str, &str); 4] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../assets/battlegeneral/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/battlegeneral/app.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/battlegeneral/style.css"),
    ),
    (
        "/favicon.svg",
        "image/svg+xml",
        include_str!("../assets/battlegeneral/favicon.svg"),
    ),
];

/// The content security policy: scripts, styles and connections from the
/// server itself only, no inline script, no frames.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

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
        .route("/api/games/{id}/gravon.xml", get(game_xml))
        .fallback(not_found)
        .layer(axum::middleware::map_response(security_headers))
        .with_state(hub)
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

fn json(value: &impl serde::Serialize) -> Response {
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
        serde_json::json!({ "error": message.to_string() }).to_string(),
    )
        .into_response()
}

/// A browser's `Origin` must be this server (no other site's page may use
/// a visitor's browser to play); clients without one (programs) may.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return true;
    };
    let Some(host) = headers.get(header::HOST).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .is_some_and(|o| o.eq_ignore_ascii_case(host))
}

async fn socket(State(hub): State<Arc<Hub>>, headers: HeaderMap, ws: WebSocketUpgrade) -> Response {
    if !same_origin(&headers) {
        return failure(StatusCode::FORBIDDEN, "cross-origin WebSocket refused");
    }
    let Some(conn) = hub.open_connection() else {
        return failure(StatusCode::SERVICE_UNAVAILABLE, "the server is full");
    };
    ws.max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
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
        Ok(s) => json(&serde_json::json!({
            "protocol": PROTOCOL_VERSION,
            "server": format!("spielwerk {}", env!("CARGO_PKG_VERSION")),
            "sockets": hub.open_connections(),
            "connections": s.connections,
            "players": s.players,
            "games": s.games,
            "challenges": s.challenges,
            "time_scale": hub.config.clock.scale(),
            "now": hub.config.clock.now(),
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

async fn leaderboard(State(hub): State<Arc<Hub>>, RawQuery(query): RawQuery) -> Response {
    let month = match query_value(query.as_deref(), "month") {
        None => YearMonth::from_unix_millis(hub.config.clock.now()),
        Some(m) => match parse_month(m) {
            Some(m) => m,
            None => {
                return failure(
                    StatusCode::BAD_REQUEST,
                    format!("month {m:?} is not YYYY-MM"),
                );
            }
        },
    };
    let limit = match query_value(query.as_deref(), "limit").map(str::parse::<u32>) {
        None => 100,
        Some(Ok(n)) => n.min(10_000),
        Some(Err(_)) => return failure(StatusCode::BAD_REQUEST, "limit must be a number"),
    };
    match hub.store.tables(month, limit).await {
        Ok(t) => json(&t),
        Err(e) => failure(StatusCode::INTERNAL_SERVER_ERROR, e),
    }
}

async fn games(State(hub): State<Arc<Hub>>, RawQuery(query): RawQuery) -> Response {
    let number = |key: &str, default: u64| -> Result<u64, String> {
        match query_value(query.as_deref(), key) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| format!("{key} must be a number")),
        }
    };
    let (after, limit) = match (number("after", 0), number("limit", 100)) {
        (Ok(a), Ok(l)) => (a, u32::try_from(l.min(1000)).unwrap_or(1000)),
        (Err(why), _) | (_, Err(why)) => return failure(StatusCode::BAD_REQUEST, why),
    };
    match hub.store.games(after, limit).await {
        Ok(list) => json(&list.iter().map(|g| g.summary()).collect::<Vec<_>>()),
        Err(e) => failure(StatusCode::INTERNAL_SERVER_ERROR, e),
    }
}

async fn game(State(hub): State<Arc<Hub>>, Path(id): Path<u64>) -> Response {
    match hub.store.game(id).await {
        Ok(Some(g)) => {
            let mut v = serde_json::to_value(g.summary()).unwrap_or_default();
            v["red_setup"] = g.red_setup.map(|d| d.to_string()).into();
            v["blue_setup"] = g.blue_setup.map(|d| d.to_string()).into();
            v["setup_done_at"] = g.setup_done_at.into();
            v["moves"] = g
                .moves
                .iter()
                .map(|(m, t)| serde_json::json!({ "move": m.to_string(), "at": t }))
                .collect::<Vec<_>>()
                .into();
            v["red_computer"] = g.red_computer.into();
            v["blue_computer"] = g.blue_computer.into();
            v["rules"] = g.rules.into();
            json(&v)
        }
        Ok(None) => failure(StatusCode::NOT_FOUND, format!("no finished game {id}")),
        Err(e) => failure(StatusCode::INTERNAL_SERVER_ERROR, e),
    }
}

async fn game_xml(State(hub): State<Arc<Hub>>, Path(id): Path<u64>) -> Response {
    match hub.store.game(id).await {
        Ok(Some(g)) => match gravon(&g) {
            Some(record) => (
                [
                    (
                        header::CONTENT_TYPE,
                        "application/xml; charset=utf-8".to_string(),
                    ),
                    (
                        header::CONTENT_DISPOSITION,
                        format!("attachment; filename=\"{}\"", file_name(id)),
                    ),
                ],
                record.to_xml(),
            )
                .into_response(),
            None => failure(
                StatusCode::NOT_FOUND,
                format!(
                    "game {id} never reached play or was stopped by the server: no Gravon record"
                ),
            ),
        },
        Ok(None) => failure(StatusCode::NOT_FOUND, format!("no finished game {id}")),
        Err(e) => failure(StatusCode::INTERNAL_SERVER_ERROR, e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_and_queries() {
        let mut h = HeaderMap::new();
        assert!(same_origin(&h));
        h.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://127.0.0.1:8080"),
        );
        assert!(same_origin(&h));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://evil.example"),
        );
        assert!(!same_origin(&h));
        assert_eq!(
            query_value(Some("a=1&month=2026-01"), "month"),
            Some("2026-01")
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
            ] {
                // The SVG names its XML namespace, which is no fetch.
                if path == "/favicon.svg" && forbidden == "http://" {
                    continue;
                }
                assert!(!body.contains(forbidden), "{path} contains {forbidden}");
            }
        }
    }
}

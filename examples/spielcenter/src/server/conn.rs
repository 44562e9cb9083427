//! One task per WebSocket: reads the client's messages (size limit, rate
//! limit, typed errors), hands lobby messages to the lobby and game
//! messages to the game the connection sits in, and writes what the server
//! sends. When the socket closes (a tab closed or reloaded), the game
//! counts it as leaving.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::oneshot;

use super::hub::{ConnId, GameCmd, GameLink, Hub, LobbyCmd, Outbox, ToConn};
use crate::games::GAMES;
use crate::names::{CHAT_MAX_CHARS, NAME_MAX_CHARS};
use crate::protocol::{
    ClientMsg, ErrorCode, GameInfo, Limits, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, ProtocolError,
    ServerMsg,
};

/// Sends a ping after this long without traffic from the client...
const PING_AFTER: Duration = Duration::from_secs(20);
/// ...and closes the connection after this long.
const DEAD_AFTER: Duration = Duration::from_secs(60);
/// A client that does not take a frame in this time is dropped.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a closing connection waits for the client's Close.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// Close codes.
const POLICY: u16 = 1008;
const TOO_BIG: u16 = 1009;
const GOING_AWAY: u16 = 1001;

/// A token bucket.
#[derive(Debug, Clone)]
pub struct Bucket {
    tokens: f64,
    cap: f64,
    per_second: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket of `cap` tokens, refilled at `per_second`.
    #[must_use]
    pub fn new(cap: u32, per_second: f64, now: Instant) -> Bucket {
        Bucket {
            tokens: f64::from(cap),
            cap: f64::from(cap),
            per_second,
            last: now,
        }
    }

    /// Takes a token if there is one.
    pub fn take(&mut self, now: Instant) -> bool {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.per_second).min(self.cap);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// A flood of messages over the rate limit ends when this long passes
/// without a dropped message.
pub const FLOOD_GAP: Duration = Duration::from_secs(1);

/// The rate limit of one connection: `rate` messages a second on average
/// and `burst` at once; a message over the limit is dropped, the first
/// of a flood with a `rate_limited` error (a flood ends after
/// [`FLOOD_GAP`] without a dropped message), and a client that goes on
/// sending (another `burst` messages over the limit, forgiven at a quarter
/// of the rate) is disconnected.
#[derive(Debug, Clone)]
pub struct RateLimit {
    allowed: Bucket,
    patience: Bucket,
    last_drop: Option<Instant>,
}

/// What the rate limit says about one message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Handle it.
    Pass,
    /// Drop it and say so.
    Warn,
    /// Drop it silently (the client was told).
    Drop,
    /// Close the connection.
    Disconnect,
}

impl RateLimit {
    /// The limit of a new connection.
    #[must_use]
    pub fn new(rate: u32, burst: u32, now: Instant) -> RateLimit {
        let rate = f64::from(rate.max(1));
        RateLimit {
            allowed: Bucket::new(burst.max(1), rate, now),
            patience: Bucket::new(burst.max(1), rate / 4.0, now),
            last_drop: None,
        }
    }

    /// The verdict on a message arriving at `now`.
    pub fn check(&mut self, now: Instant) -> Verdict {
        if self.allowed.take(now) {
            return Verdict::Pass;
        }
        if !self.patience.take(now) {
            return Verdict::Disconnect;
        }
        let new_flood = self
            .last_drop
            .is_none_or(|t| now.saturating_duration_since(t) >= FLOOD_GAP);
        self.last_drop = Some(now);
        if new_flood {
            Verdict::Warn
        } else {
            Verdict::Drop
        }
    }
}

/// Serves one WebSocket until it closes.
pub async fn serve(socket: WebSocket, hub: Arc<Hub>, conn: ConnId) {
    let (out, mut rx, kick) = Outbox::new();
    let (mut sink, mut stream) = socket.split();
    let config = &hub.config;
    let day = config.calendar.day_of(config.clock.now());
    let welcome = ServerMsg::Welcome {
        protocol: PROTOCOL_VERSION,
        server: format!("spielwerk {}", env!("CARGO_PKG_VERSION")),
        limits: Limits {
            max_message_bytes: MAX_MESSAGE_BYTES,
            name_max_chars: NAME_MAX_CHARS,
            chat_max_chars: CHAT_MAX_CHARS,
            messages_per_second: config.rate,
            burst: config.burst,
        },
        time_scale: config.clock.scale(),
        zone: config.calendar.zone().to_owned(),
        games: GAMES
            .iter()
            .map(|k| GameInfo {
                kind: k.id,
                sides: k.sides,
                levels: k.levels.iter().map(|l| l.name()).collect(),
                challenge: k.challenge,
                daily: k.daily.then(|| day.to_string()),
                boards: k.periods.iter().map(|p| p.of(day).kind()).collect(),
                local: k.local,
                highscores: k.highscore.map(|h| h.tables.to_vec()).unwrap_or_default(),
            })
            .collect(),
    };
    if hub
        .lobby
        .send(LobbyCmd::Connect {
            conn,
            out: out.clone(),
        })
        .await
        .is_err()
    {
        return;
    }
    out.send(&welcome);
    let mut limit = RateLimit::new(config.rate, config.burst, Instant::now());
    let mut game: Option<GameLink> = None;
    let mut last_heard = Instant::now();
    let mut ping_timer = tokio::time::interval(PING_AFTER);
    ping_timer.tick().await;
    let close: Option<(u16, &'static str)> = loop {
        tokio::select! {
            frame = stream.next() => {
                let text = match frame {
                    Some(Ok(Message::Text(t))) => Some(t),
                    Some(Ok(Message::Binary(_))) => None,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => {
                        last_heard = Instant::now();
                        continue;
                    }
                    Some(Ok(Message::Close(_))) | None => break None,
                    Some(Err(e)) => {
                        let big = e.to_string().to_lowercase().contains("too long")
                            || e.to_string().to_lowercase().contains("capacity");
                        break big.then_some((TOO_BIG, "message too big"));
                    }
                };
                last_heard = Instant::now();
                match limit.check(last_heard) {
                    Verdict::Pass => {}
                    Verdict::Warn => {
                        out.send(&ProtocolError::new(
                            ErrorCode::RATE_LIMITED,
                            format!(
                                "more than {} messages a second; slow down or be disconnected",
                                config.rate
                            ),
                        ).to_msg());
                        continue;
                    }
                    Verdict::Drop => continue,
                    Verdict::Disconnect => break Some((POLICY, "rate limit exceeded")),
                }
                let Some(text) = text else {
                    out.send(&ProtocolError::new(
                        ErrorCode::BINARY,
                        "binary frames are not part of the protocol; send JSON text",
                    ).to_msg());
                    continue;
                };
                match ClientMsg::parse(&text) {
                    Err(e) => {
                        out.send(&e.to_msg());
                    }
                    Ok(msg) => route(&hub, conn, &out, game.as_ref(), msg).await,
                }
            }
            item = rx.recv() => {
                let Some(item) = item else { break None };
                match item {
                    ToConn::Frame(frame) => {
                        if !send(&mut sink, frame).await {
                            break None;
                        }
                    }
                    ToConn::Joined(link) => game = Some(link),
                    ToConn::Ended(id) => {
                        if game.as_ref().is_some_and(|g| g.id == id) {
                            game = None;
                        }
                    }
                }
            }
            () = kick.notified() => break Some((POLICY, "too slow to read the server's messages")),
            _ = ping_timer.tick() => {
                if last_heard.elapsed() > DEAD_AFTER {
                    break Some((GOING_AWAY, "no answer"));
                }
                if last_heard.elapsed() >= PING_AFTER
                    && !matches!(
                        tokio::time::timeout(SEND_TIMEOUT, sink.send(Message::Ping(Vec::new().into()))).await,
                        Ok(Ok(()))
                    )
                {
                    break None;
                }
            }
        }
    };
    if let Some((code, reason)) = close {
        // What was queued goes first (the error that says why, say).
        while let Ok(item) = rx.try_recv() {
            if let ToConn::Frame(frame) = item
                && !send(&mut sink, frame).await
            {
                break;
            }
        }
        let frame = CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        };
        let _ = tokio::time::timeout(SEND_TIMEOUT, sink.send(Message::Close(Some(frame)))).await;
        // The closing handshake: read (and drop) what the client still
        // sends until its Close, so that the connection ends cleanly and
        // the client gets to read everything sent before.
        let _ = tokio::time::timeout(CLOSE_WAIT, async {
            while let Some(Ok(m)) = stream.next().await {
                if matches!(m, Message::Close(_)) {
                    break;
                }
            }
        })
        .await;
    }
    if let Some(link) = game {
        let _ = link.tx.send(GameCmd::Left { seat: link.seat }).await;
    }
    let _ = hub.lobby.send(LobbyCmd::Disconnect { conn }).await;
}

async fn send(
    sink: &mut futures_util::stream::SplitSink<WebSocket, Message>,
    frame: Utf8Bytes,
) -> bool {
    matches!(
        tokio::time::timeout(SEND_TIMEOUT, sink.send(Message::Text(frame))).await,
        Ok(Ok(()))
    )
}

async fn route(hub: &Hub, conn: ConnId, out: &Outbox, game: Option<&GameLink>, msg: ClientMsg) {
    let request = msg.type_name().to_owned();
    if let ClientMsg::Ping { id } = msg {
        // The pong waits until the lobby and the game have handled
        // everything this connection sent before, so it comes after their
        // answers.
        let (tx, lobby) = oneshot::channel();
        let _ = hub.lobby.send(LobbyCmd::Barrier { reply: tx }).await;
        let mut table = None;
        if let Some(link) = game {
            let (tx, rx) = oneshot::channel();
            if link.tx.send(GameCmd::Barrier { reply: tx }).await.is_ok() {
                table = Some(rx);
            }
        }
        let out = out.clone();
        tokio::spawn(async move {
            let _ = lobby.await;
            if let Some(rx) = table {
                let _ = rx.await;
            }
            out.send(&ServerMsg::Pong { id });
        });
        return;
    }
    let Some(id) = msg.game() else {
        let _ = hub.lobby.send(LobbyCmd::Msg { conn, msg }).await;
        return;
    };
    let refuse = |text: String| {
        out.send(
            &ProtocolError::new(ErrorCode::NOT_IN_GAME, text)
                .about(&request)
                .to_msg(),
        );
    };
    match game {
        Some(link) if link.id == id => {
            let seat = link.seat;
            if link.tx.send(GameCmd::Msg { seat, msg }).await.is_err() {
                out.send(
                    &ProtocolError::new(ErrorCode::GAME_OVER, format!("game {id} is over"))
                        .about(&request)
                        .to_msg(),
                );
            }
        }
        Some(link) => refuse(format!("you play in game {}, not in game {id}", link.id)),
        None => refuse(format!("you are not in game {id} (nor in any game)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_limit_warns_once_then_disconnects() {
        let t0 = Instant::now();
        let mut r = RateLimit::new(10, 5, t0);
        for _ in 0..5 {
            assert_eq!(r.check(t0), Verdict::Pass);
        }
        assert_eq!(r.check(t0), Verdict::Warn);
        for _ in 0..3 {
            assert_eq!(r.check(t0), Verdict::Drop);
        }
        assert_eq!(r.check(t0), Verdict::Drop);
        assert_eq!(r.check(t0), Verdict::Disconnect);
        // One warning per flood, even when messages pass within it...
        let mut r = RateLimit::new(20, 10, t0);
        let mut warnings = 0;
        for i in 0..14u64 {
            if r.check(t0 + Duration::from_millis(10 * i)) == Verdict::Warn {
                warnings += 1;
            }
        }
        assert_eq!(warnings, 1, "one flood of 0.14 s");
        // ...and a new flood after a quiet second warns again.
        let later = t0 + Duration::from_secs(3);
        let first_refusal = (0..20)
            .map(|_| r.check(later))
            .find(|&v| v != Verdict::Pass);
        assert_eq!(first_refusal, Some(Verdict::Warn));
        // A client that keeps to the rate is never limited.
        let mut r = RateLimit::new(10, 5, t0);
        for i in 0..1000u64 {
            let at = t0 + Duration::from_millis(100 * i);
            assert_eq!(r.check(at), Verdict::Pass, "message {i}");
        }
        // After a pause the bucket is full again.
        let mut r = RateLimit::new(10, 5, t0);
        for _ in 0..6 {
            r.check(t0);
        }
        let later = t0 + Duration::from_secs(2);
        assert_eq!(r.check(later), Verdict::Pass);
    }
}

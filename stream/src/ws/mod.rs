//! The WebSocket endpoint `/ws`: Origin check, authentication with the session JWT as the
//! first message (the api's own check: signature, expiry, revocation, token version), then
//! subscribe/unsubscribe, queued frames, pings and periodic re-authentication.
//!
//! Budgets (decision 95): at most `MAX_TOPICS` topics per connection, only topics of configured
//! lines, at most `FRAMES_PER_SECOND` frames from a client (a burst of `FRAME_BURST`), the
//! rights read from the database at most every `RIGHTS_FRESH` for subscribing; a re-check the
//! database cannot answer keeps the connection with the rights last read (a Postgres restart
//! does not close every wall display), only a token found invalid closes it.

mod access;
mod budget;

use std::sync::Arc;
use std::time::Duration;

use crate::protocol::{ClientFrame, ControlFrame, ErrorCode};
use axum::extract::Extension;
use axum::extract::ws::{CloseFrame, Message as WsMessage, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures::{SinkExt, StreamExt};
use session::Verifier;

use access::{RIGHTS_FRESH, Rights, revoke_forbidden, rights, subscribe};
pub use budget::{FRAME_BURST, FRAMES_PER_SECOND};
use budget::{FrameBudget, IGNORED_BEFORE_CLOSE};

use crate::Stream;
use crate::hub::{Client, Hub};

/// Close codes: the client re-authenticates on 4401, reconnects on the others.
pub const CLOSE_UNAUTHORIZED: u16 = 4401;
pub const CLOSE_TOO_SLOW: u16 = 4408;
pub const CLOSE_BAD_REQUEST: u16 = 4400;
pub const MAX_TOPICS: usize = 64;

pub async fn handler(
    ws: WebSocketUpgrade,
    Extension(sessions): Extension<Verifier>,
    Extension(stream): Extension<Stream>,
    headers: HeaderMap,
) -> Response {
    if !origin_allowed(&headers, &stream.config.allowed_origins) {
        return (StatusCode::FORBIDDEN, "origin not allowed").into_response();
    }
    // Clients send only small commands: a 4 KiB read buffer instead of the library's 128 KiB,
    // which it zero-fills per connection (bench figure 3: 135 KB → 11.5 KB of server memory per
    // client, 1.3 GB → 0.1 GB at 10,000 clients).
    ws.max_message_size(64 * 1024)
        .read_buffer_size(4 * 1024)
        .on_upgrade(move |socket| session(socket, sessions, stream))
}

/// Browsers always send `Origin`; it must be the page's own host (the `Host` the socket was
/// opened on) or one of the configured origins. Non-browser clients send none.
pub fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        return true;
    };
    if allowed
        .iter()
        .any(|a| a == "*" || a.eq_ignore_ascii_case(origin))
    {
        return true;
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default();
    let origin_host = origin.split_once("://").map_or("", |(_, rest)| rest);
    !host.is_empty() && origin_host.eq_ignore_ascii_case(host)
}

fn close(code: u16, reason: &'static str) -> WsMessage {
    WsMessage::Close(Some(CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    }))
}

fn control(v: serde_json::Value) -> WsMessage {
    WsMessage::Text(v.to_string().into())
}

async fn session(socket: WebSocket, sessions: Verifier, stream: Stream) {
    let (mut sink, mut incoming) = socket.split();
    let cfg = stream.config.clone();
    // First message: {"type":"auth","token":…}, within the timeout.
    let token = match tokio::time::timeout(cfg.auth_timeout, incoming.next()).await {
        Ok(Some(Ok(WsMessage::Text(t)))) => match serde_json::from_str::<ClientFrame>(&t) {
            Ok(ClientFrame::Auth { token }) => Some(token),
            _ => None,
        },
        _ => None,
    };
    let Some(token) = token else {
        return drop(
            sink.send(close(CLOSE_UNAUTHORIZED, "authenticate first"))
                .await,
        );
    };
    let user = match sessions.check(&token).await {
        Ok(u) => u,
        Err(_) => {
            return drop(
                sink.send(close(CLOSE_UNAUTHORIZED, "invalid or expired token"))
                    .await,
            );
        }
    };
    if sink
        .send(control(
            serde_json::to_value(ControlFrame::Authenticated {
                user_email: user.email().into(),
            })
            .unwrap_or_default(),
        ))
        .await
        .is_err()
    {
        return;
    }

    let client = stream.hub.register();
    let cache = Arc::new(std::sync::Mutex::new(Rights {
        session: user,
        read: tokio::time::Instant::now(),
    }));
    let writer = tokio::spawn(write_loop(
        sink,
        client.clone(),
        stream.hub.clone(),
        sessions.clone(),
        token.clone(),
        cfg.clone(),
        cache.clone(),
    ));
    let mut budget = FrameBudget::new();
    while let Some(Ok(msg)) =
        tokio::select! { m = incoming.next() => m, _ = client.closed.cancelled() => None }
    {
        let text = match msg {
            WsMessage::Text(t) => t,
            WsMessage::Close(_) => break,
            _ => continue,
        };
        if !budget.take() {
            metrics::counter!("stream_frames_ignored_total").increment(1);
            if budget.ignored > IGNORED_BEFORE_CLOSE {
                client.close_with(CLOSE_BAD_REQUEST, "too many messages");
                break;
            }
            if !budget.told {
                budget.told = true;
                client.send_control(ControlFrame::error(ErrorCode::RateLimited, None));
            }
            continue;
        }
        match serde_json::from_str::<ClientFrame>(&text) {
            Ok(ClientFrame::Subscribe { topics, since }) => {
                // The user's rights as they are now (read at most every RIGHTS_FRESH): a
                // demoted user gets no new topics.
                let Some(now) = rights(&sessions, &token, &cache, RIGHTS_FRESH).await else {
                    client.close_with(CLOSE_UNAUTHORIZED, "session ended");
                    break;
                };
                subscribe(&stream, &client, &now, &topics, since.as_ref()).await;
            }
            Ok(ClientFrame::Unsubscribe { topics }) => topics
                .iter()
                .for_each(|t| stream.hub.unsubscribe(&client, t)),
            Ok(ClientFrame::Pong) | Ok(ClientFrame::Auth { .. }) => {}
            Err(_) => client.send_control(ControlFrame::error(ErrorCode::BadMessage, None)),
        }
    }
    client.closed.cancel();
    let _ = writer.await;
    // The closing handshake: read on (and drop) what the client still sends until its Close, a
    // second at most. A socket dropped with unread frames is reset by the kernel, and the client
    // then loses what it was last sent — the error frame and the close saying why.
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        while let Some(Ok(m)) = incoming.next().await {
            if matches!(m, WsMessage::Close(_)) {
                break;
            }
        }
    })
    .await;
    stream.hub.unregister(&client);
}

async fn write_loop(
    mut sink: futures::stream::SplitSink<WebSocket, WsMessage>,
    client: Arc<Client>,
    hub: Hub,
    sessions: Verifier,
    token: String,
    cfg: Arc<crate::Config>,
    cache: Arc<std::sync::Mutex<Rights>>,
) {
    let mut seqs: std::collections::HashMap<Arc<str>, u64> = Default::default();
    let mut ping =
        tokio::time::interval_at(tokio::time::Instant::now() + cfg.ping_every, cfg.ping_every);
    let mut reauth = tokio::time::interval_at(
        tokio::time::Instant::now() + cfg.reauth_every,
        cfg.reauth_every,
    );
    let reason = loop {
        tokio::select! {
            _ = client.notify.notified() => {
                let controls: Vec<String> = std::mem::take(&mut *client.control.lock().expect("control lock"));
                let entries = client.take();
                let frames = controls.into_iter().chain(entries.iter().map(|e| {
                    let seq = seqs.entry(e.topic.clone()).or_insert(0);
                    *seq = if e.snapshot { 1 } else { *seq + 1 };
                    e.frame(*seq)
                }));
                let sent = async {
                    for f in frames {
                        sink.feed(WsMessage::Text(f.into())).await?;
                    }
                    sink.flush().await
                };
                // A write that stays stuck drops the client even when no new data arrives to
                // notice it (the queue side checks only when it pushes). Closed meanwhile, the
                // frames already taken for this write still go (a second at most) before the
                // close: they may be the error saying why (a flood's `rateLimited`), which a
                // `select!` picking the closed arm first used to drop.
                let mut sent = std::pin::pin!(sent);
                let ok = tokio::select! {
                    biased;
                    r = &mut sent => r.is_ok(),
                    _ = client.closed.cancelled() => {
                        let _ = tokio::time::timeout(Duration::from_secs(1), &mut sent).await;
                        false
                    }
                    _ = tokio::time::sleep(client.slow_after()) => {
                        client.drop_slow("stuck writing");
                        false
                    }
                };
                client.done();
                if !ok {
                    let (code, reason) = client.close_code();
                    break close(code, reason);
                }
            }
            _ = ping.tick() => {
                let ping = control(serde_json::to_value(ControlFrame::Ping { time: chrono::Utc::now() }).unwrap_or_default());
                let sent = tokio::time::timeout(Duration::from_secs(10), sink.send(ping)).await;
                if !matches!(sent, Ok(Ok(()))) { break close(CLOSE_TOO_SLOW, "too slow"); }
            }
            _ = reauth.tick() => {
                let Some(now) = rights(&sessions, &token, &cache, Duration::ZERO).await else {
                    break close(CLOSE_UNAUTHORIZED, "session ended");
                };
                revoke_forbidden(&hub, &client, &now);
            }
            _ = client.closed.cancelled() => {
                // What the client was last told (why it is closed, say) goes before the close.
                let controls: Vec<String> = std::mem::take(&mut *client.control.lock().expect("control lock"));
                let told = async {
                    for c in controls {
                        sink.feed(WsMessage::Text(c.into())).await?;
                    }
                    sink.flush().await
                };
                let _ = tokio::time::timeout(Duration::from_secs(1), told).await;
                let (code, reason) = client.close_code();
                break close(code, reason);
            }
        }
    };
    client.closed.cancel();
    let _ = tokio::time::timeout(Duration::from_secs(1), sink.send(reason)).await;
}

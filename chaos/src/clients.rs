//! Live clients of the cluster run: each holds a WebSocket through haproxy, subscribed to the
//! plant's `events`, and checks that the positions it is given follow one another (a skipped
//! offset is a gap, a repeated one a duplicate). When its socket ends (its stream process was
//! killed) it connects again at once — with a little jitter, as 1,000 browsers would not come
//! back in the same millisecond — and resubscribes from its last position; the time from the
//! end of the socket to the resubscription is what a kill cost it.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::{SinkExt, StreamExt};
use rand::Rng;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// What the clients saw, together.
#[derive(Debug, Default)]
pub struct Seen {
    /// Clients subscribed now.
    pub subscribed: usize,
    /// Time from a socket's end to the client's resubscription, each reconnect.
    pub resumed: Vec<(Instant, Duration)>,
    /// Offsets skipped between two events a client was given.
    pub gaps: u64,
    /// Offsets a client was given twice.
    pub duplicates: u64,
    /// `notRecoverable` answers (each followed by a snapshot).
    pub not_recoverable: u64,
    /// Events received, all clients together.
    pub events: u64,
}

pub type Shared = Arc<Mutex<Seen>>;

/// Starts `n` clients of `ws_url` signing in with `token`.
pub fn start(
    n: usize,
    ws_url: String,
    token: String,
) -> (Shared, Vec<tokio::task::JoinHandle<()>>) {
    let seen: Shared = Arc::default();
    let tasks = (0..n)
        .map(|_| tokio::spawn(client(ws_url.clone(), token.clone(), seen.clone())))
        .collect();
    (seen, tasks)
}

async fn client(url: String, token: String, seen: Shared) {
    let mut last: Option<(String, u64)> = None;
    let mut lost_at: Option<Instant> = None;
    loop {
        let Ok((mut ws, _)) = tokio_tungstenite::connect_async(&url).await else {
            let pause = rand::rng().random_range(50..250);
            tokio::time::sleep(Duration::from_millis(pause)).await;
            continue;
        };
        let mut subscribe = json!({"type": "subscribe", "topics": ["events"]});
        if let Some((epoch, offset)) = &last {
            subscribe["since"] = json!({"epoch": epoch, "offset": offset});
        }
        let hello = async {
            ws.send(Message::Text(
                json!({"type": "auth", "token": token}).to_string().into(),
            ))
            .await?;
            loop {
                match ws.next().await {
                    Some(Ok(Message::Text(t))) if t.contains("\"authenticated\"") => break,
                    Some(Ok(_)) => continue,
                    _ => anyhow::bail!("closed before authenticating"),
                }
            }
            ws.send(Message::Text(subscribe.to_string().into())).await?;
            anyhow::Ok(())
        };
        if hello.await.is_err() {
            continue;
        }
        {
            let mut s = seen.lock().expect("seen lock");
            s.subscribed += 1;
            if let Some(t) = lost_at.take() {
                s.resumed.push((t, t.elapsed()));
            }
        }
        while let Some(Ok(m)) = ws.next().await {
            let Message::Text(t) = m else { continue };
            let Ok(f) = serde_json::from_str::<Value>(&t) else {
                continue;
            };
            if f["type"] == "ping" {
                let _ = ws
                    .send(Message::Text(json!({"type": "pong"}).to_string().into()))
                    .await;
                continue;
            }
            let mut s = seen.lock().expect("seen lock");
            if f["type"] == "error" && f["code"] == "notRecoverable" {
                s.not_recoverable += 1;
                continue;
            }
            if f["topic"] != "events" {
                continue;
            }
            let position = &f["data"]["position"];
            let (Some(epoch), Some(offset)) =
                (position["epoch"].as_str(), position["offset"].as_u64())
            else {
                continue;
            };
            if f["kind"] == "delta" {
                s.events += 1;
                if let Some((e, o)) = &last
                    && e == epoch
                {
                    if offset <= *o {
                        s.duplicates += 1;
                    } else {
                        s.gaps += offset - o - 1;
                    }
                }
            }
            last = Some((epoch.to_string(), offset));
        }
        seen.lock().expect("seen lock").subscribed -= 1;
        lost_at = Some(Instant::now());
        // Back at once, within a quarter of a second (many clients, not all at the same moment).
        let pause = rand::rng().random_range(0..250);
        tokio::time::sleep(Duration::from_millis(pause)).await;
    }
}

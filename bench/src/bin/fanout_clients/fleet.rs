//! The clients of `batchline-fanout-clients`: opened at a bounded concurrency (so the server's
//! accept queue and its session checks are not flooded), each socket read by a task of its own
//! into the [`Stats`] they share, and the one client that never reads.

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use futures::{SinkExt, StreamExt};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message as Ws;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use crate::fanout_wire::{self, Command, Report};
use crate::stats::Stats;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub struct Fleet {
    url: String,
    token: String,
    topic: String,
    concurrency: usize,
    stats: Arc<Stats>,
    errors: u64,
    first_error: String,
    slow: Option<Socket>,
}

impl Fleet {
    pub fn new(url: String, token: String, topic: String, concurrency: usize) -> Self {
        Fleet {
            url,
            token,
            topic,
            concurrency: concurrency.max(1),
            stats: Arc::new(Stats::new()),
            errors: 0,
            first_error: String::new(),
            slow: None,
        }
    }

    /// Carries out `c` and reports on it, with the state of every client.
    pub async fn run(&mut self, c: Command) -> Report {
        let started = Instant::now();
        let mut r = match c {
            Command::Grow { clients } => self.grow(clients).await,
            Command::Window { ms } => self.window(ms).await,
            Command::Slow { topics } => self.slow(&topics).await,
            Command::Drain { ms } => self.drain(ms).await,
            Command::Quit => Report {
                event: "bye".into(),
                ..Default::default()
            },
        };
        r.connected = self.stats.live.load(Relaxed);
        r.errors = self.errors;
        r.closed = self.stats.closed.load(Relaxed);
        r.closed_too_slow = self.stats.too_slow.load(Relaxed);
        r.seconds = started.elapsed().as_secs_f64();
        r.rss_kb = fanout_wire::rss_kb("self");
        r.nofile = fanout_wire::nofile_limit();
        if r.detail.is_empty() {
            r.detail = self.first_error.clone();
        }
        r
    }

    async fn grow(&mut self, target: usize) -> Report {
        // Room for the never-reading client, stdio and the runtime's own descriptors.
        let room = fanout_wire::nofile_limit().saturating_sub(32) as usize;
        let capped = target > room;
        let target = target.min(room);
        let topics = [self.topic.clone()];
        // A few rounds, in case the server closed some while others were opening.
        for _ in 0..3 {
            let need = target.saturating_sub(self.stats.live.load(Relaxed) as usize);
            if need == 0 {
                break;
            }
            let mut opened = futures::stream::iter(0..need)
                .map(|_| connect(&self.url, &self.token, &topics, true))
                .buffer_unordered(self.concurrency);
            while let Some(r) = opened.next().await {
                match r {
                    Ok(ws) => {
                        self.stats.live.fetch_add(1, Relaxed);
                        tokio::spawn(read(ws, self.stats.clone()));
                    }
                    Err(e) => {
                        self.errors += 1;
                        if self.first_error.is_empty() {
                            self.first_error = format!("{e:#}");
                        }
                    }
                }
            }
        }
        Report {
            event: "ready".into(),
            detail: if capped {
                format!("capped at {room} clients by the open-files limit")
            } else {
                String::new()
            },
            ..Default::default()
        }
    }

    async fn window(&mut self, ms: u64) -> Report {
        self.stats.take();
        self.stats.recording.store(true, Relaxed);
        // The window's length is the measurement itself, not a wait for something.
        tokio::time::sleep(Duration::from_millis(ms)).await;
        self.stats.recording.store(false, Relaxed);
        let (received, p50_ms, p99_ms, max_ms) = self.stats.take();
        Report {
            event: "window".into(),
            received,
            p50_ms,
            p99_ms,
            max_ms,
            ..Default::default()
        }
    }

    async fn slow(&mut self, topics: &[String]) -> Report {
        match connect(&self.url, &self.token, topics, false).await {
            Ok(ws) => {
                // Kept, never polled: the server's frames pile up in the kernel's buffers.
                self.slow = Some(ws);
                Report {
                    event: "slow".into(),
                    ..Default::default()
                }
            }
            Err(e) => error(format!("the never-reading client: {e:#}")),
        }
    }

    /// Reads what waited in the never-reading client's socket, to its end.
    async fn drain(&mut self, ms: u64) -> Report {
        let Some(mut ws) = self.slow.take() else {
            return error("no never-reading client to drain".into());
        };
        let (mut bytes, mut frames) = (0, 0);
        let deadline = tokio::time::Instant::now() + Duration::from_millis(ms);
        let end = loop {
            match tokio::time::timeout_at(deadline, ws.next()).await {
                Err(_) => break format!("still open after {ms} ms"),
                Ok(None) => break "closed by the server without a close frame".to_string(),
                Ok(Some(Ok(Ws::Close(f)))) => {
                    break f.map_or("close frame without a code".into(), |f| {
                        format!("close frame {} {}", u16::from(f.code), f.reason)
                    });
                }
                Ok(Some(Ok(m))) => {
                    bytes += m.len() as u64;
                    frames += 1;
                }
                Ok(Some(Err(e))) => break format!("ended by the server: {e}"),
            }
        };
        Report {
            event: "drained".into(),
            bytes,
            received: frames,
            detail: end,
            ..Default::default()
        }
    }
}

fn error(detail: String) -> Report {
    Report {
        event: "error".into(),
        detail,
        ..Default::default()
    }
}

/// A client subscribed to `topics`; with `snapshots`, returned once each snapshot arrived.
async fn connect(
    url: &str,
    token: &str,
    topics: &[String],
    snapshots: bool,
) -> anyhow::Result<Socket> {
    // Small read buffers: tungstenite's default 128 KiB each would be 1.3 GB at 10,000 clients.
    let config = WebSocketConfig::default().read_buffer_size(4 * 1024);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true).await?;
    ws.send(Ws::Text(
        json!({"type": "auth", "token": token}).to_string().into(),
    ))
    .await?;
    ws.send(Ws::Text(
        json!({"type": "subscribe", "topics": topics})
            .to_string()
            .into(),
    ))
    .await?;
    let mut left = if snapshots { topics.len() } else { 0 };
    while left > 0 {
        match tokio::time::timeout(Duration::from_secs(30), ws.next()).await? {
            Some(Ok(Ws::Text(t))) if t.contains("\"snapshot\"") => left -= 1,
            Some(Ok(_)) => {}
            _ => anyhow::bail!("socket closed before its snapshot"),
        }
    }
    Ok(ws)
}

/// Reads one socket until the server closes it, timing the deltas while a window is open.
async fn read(mut ws: Socket, stats: Arc<Stats>) {
    while let Some(m) = ws.next().await {
        let now = Utc::now();
        match m {
            Ok(Ws::Text(t)) => {
                if stats.recording.load(Relaxed)
                    && let Some(us) = delta_latency_us(&t, now)
                {
                    stats.record(us);
                }
            }
            Ok(Ws::Close(frame)) => {
                if frame.is_some_and(|f| u16::from(f.code) == 4408) {
                    stats.too_slow.fetch_add(1, Relaxed);
                }
                break;
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    stats.live.fetch_sub(1, Relaxed);
    stats.closed.fetch_add(1, Relaxed);
}

/// Microseconds from a delta's `data.updatedAt` to `now`. The frame is
/// `{"topic":…,"kind":…,"seq":…,"data":{…}}`: looking for the two fields instead of parsing
/// the whole JSON keeps the clients' share of the two CPUs small.
fn delta_latency_us(frame: &str, now: DateTime<Utc>) -> Option<i64> {
    let data = frame.find("\"data\":")?;
    if !frame[..data].contains("\"kind\":\"delta\"") {
        return None;
    }
    let key = "\"updatedAt\":\"";
    let at = data + frame[data..].find(key)? + key.len();
    let end = at + frame[at..].find('"')?;
    let t: DateTime<Utc> = frame[at..end].parse().ok()?;
    (now - t).num_microseconds()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_delta_is_timed_by_its_updated_at_and_a_snapshot_is_not() {
        let now: DateTime<Utc> = "2026-01-01T00:00:01.250Z".parse().unwrap();
        let delta = r#"{"topic":"lines","kind":"delta","seq":3,"data":{"lineId":"L1","updatedAt":"2026-01-01T00:00:01Z"}}"#;
        assert_eq!(delta_latency_us(delta, now), Some(250_000));
        let snapshot = delta.replace("delta", "snapshot");
        assert_eq!(delta_latency_us(&snapshot, now), None);
    }
}

//! The lines' plant connections (issue 32), followed in the `CONNECTION_STATUS` bucket as the
//! connectors report them: a line's tile and diagnostics say when its data cannot come. A
//! status no connector renewed for `STALE_AFTER_S` is shown DISCONNECTED (its connector is
//! gone), checked every few seconds as well as on each report.

use std::collections::HashMap;
use std::time::Duration;

use async_nats::jetstream;
use bus::connections::Statuses;
use chrono::{DateTime, Utc};
use futures::StreamExt;
use model::connect::{ConnectionState, ConnectionStatus};
use uuid::Uuid;

use crate::Hub;
use crate::live::LiveConnection;

/// Follows the statuses until the task is aborted; a lost watch is opened again.
pub async fn follow(js: jetstream::Context, hub: Hub) {
    let mut wait = Duration::from_millis(200);
    loop {
        match watch(&js, &hub).await {
            Ok(()) => tracing::info!("connection status watch ended; watching again"),
            Err(e) => tracing::warn!("connection statuses unavailable: {e:#}"),
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(5));
    }
}

async fn watch(js: &jetstream::Context, hub: &Hub) -> anyhow::Result<()> {
    let statuses = Statuses::open(js).await?;
    let mut changes = std::pin::pin!(statuses.watch().await?.ready_chunks(256));
    let mut known: HashMap<Uuid, ConnectionStatus> = HashMap::new();
    let mut tick = tokio::time::interval(Duration::from_secs(2));
    loop {
        tokio::select! {
            chunk = changes.next() => {
                let Some(chunk) = chunk else { return Ok(()) };
                for s in chunk {
                    let s = s?;
                    known.insert(s.id, s);
                }
            }
            _ = tick.tick() => {}
        }
        hub.set_connections(by_line(&known, Utc::now()));
    }
}

/// Each line's connections as shown at `now`, by name.
pub fn by_line(
    known: &HashMap<Uuid, ConnectionStatus>,
    now: DateTime<Utc>,
) -> HashMap<String, Vec<LiveConnection>> {
    let mut out: HashMap<String, Vec<LiveConnection>> = HashMap::new();
    for s in known.values() {
        let stale = s.stale(now) && s.state != ConnectionState::Disabled;
        out.entry(s.line_id.to_string())
            .or_default()
            .push(LiveConnection {
                id: s.id.to_string(),
                name: s.name.clone(),
                state: if stale {
                    ConnectionState::Disconnected
                } else {
                    s.state
                },
                since: if stale { Some(s.reported_at) } else { s.since },
                last_error: if stale {
                    Some("connector.notReporting".into())
                } else {
                    s.last_error.clone()
                },
            });
    }
    for list in out.values_mut() {
        list.sort_by(|a, b| (&a.name, &a.id).cmp(&(&b.name, &b.id)));
    }
    out
}

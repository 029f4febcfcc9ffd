//! Stream: the live side. Subscribes to `plant.>` on core NATS (no disk on the hot path), keeps
//! the live state of every line in the [`hub`], and serves it over the WebSocket `/ws`
//! ([`ws`]) with the protocol of architecture.md: snapshot on subscribe, then deltas.
//!
//! [`Stream::start`] first subscribes to NATS (buffering), then rebuilds the state from the
//! database, then folds the buffered and live messages in: a fresh process serves a correct
//! snapshot at once, and a message that is both in the database and in the buffer is folded
//! idempotently.

mod board;
pub mod client;
pub mod connections;
pub mod hub;
pub mod live;
pub mod protocol;
pub mod rebuild;
pub mod tonnes;
pub mod views;
pub mod ws;

use std::sync::Arc;
use std::time::Duration;

use axum::routing::get;
use axum::{Extension, Router};
use futures::StreamExt;
use sqlx::PgPool;

pub use hub::{Hub, HubConfig};

#[derive(Debug, Clone)]
pub struct Config {
    pub hub: HubConfig,
    /// Origins allowed besides the socket's own host (`WS_ALLOWED_ORIGINS`, comma-separated).
    pub allowed_origins: Vec<String>,
    pub auth_timeout: Duration,
    pub ping_every: Duration,
    /// How often an open connection's token is checked again (revocation, expiry).
    pub reauth_every: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            hub: HubConfig::default(),
            allowed_origins: Vec::new(),
            auth_timeout: Duration::from_secs(10),
            ping_every: Duration::from_secs(15),
            reauth_every: Duration::from_secs(60),
        }
    }
}

/// A running stream service: its hub and settings; [`Stream::router`] mounts `/ws`.
#[derive(Clone)]
pub struct Stream {
    pub hub: Hub,
    pub config: Arc<Config>,
    feed: Arc<tokio::task::JoinHandle<()>>,
    spc: Arc<tokio::task::JoinHandle<()>>,
    clock: Arc<tokio::task::JoinHandle<()>>,
    orders: Arc<tokio::task::JoinHandle<()>>,
    alarms: Arc<tokio::task::JoinHandle<()>>,
    connections: Arc<tokio::task::JoinHandle<()>>,
    events: Arc<tokio::task::JoinHandle<()>>,
    pool: PgPool,
    /// When the configuration was last read on a subscriber's behalf (at most every 2 s).
    refreshed: Arc<tokio::sync::Mutex<Option<tokio::time::Instant>>>,
}

impl Stream {
    /// Subscribes to the plant feed, rebuilds the live state from `pool`, and keeps folding the
    /// feed into it in a background task (stopped by [`Stream::stop`]).
    pub async fn start(
        pool: &PgPool,
        nats: async_nats::Client,
        config: Config,
    ) -> anyhow::Result<Stream> {
        let mut heard = Box::pin(bus::plant::listen(&nats).await?);
        let mut spc = Box::pin(bus::spc::listen(&nats).await?);
        let hub = Hub::new(config.hub.clone());
        // The lines' local days: known before the replay folds batches into tonnes today, and
        // applied again after it (the replayed day may have turned).
        let days = db::live::day_starts(pool).await?;
        hub.set_days(days.clone(), chrono::Utc::now());
        let n = rebuild::rebuild(pool, &hub).await?;
        hub.set_days(days, chrono::Utc::now());
        hub.set_orders(rebuild::orders(pool).await?);
        tracing::info!(replayed = n, "live state rebuilt from the database");
        // The orders' progress, followed on the board as the api and ingest write it.
        let orders = tokio::spawn(board::follow(
            async_nats::jetstream::new(nats.clone()),
            hub.clone(),
        ));
        // The alarm points, followed on the alarm board as ingest and the api write it.
        let alarms_hub = hub.clone();
        let alarms = tokio::spawn(bus::alarms::follow(
            async_nats::jetstream::new(nats.clone()),
            move |points| alarms_hub.set_alarm_points(points.values()),
        ));
        // Kept current: a line added, a zone changed, midnight — every 30 s, and at once when a
        // line id no configured line has sends data (a line configured a moment ago shows on
        // the wall with its first sample; at most one such read every 2 s).
        let (days_hub, days_pool) = (hub.clone(), pool.clone());
        let unknown_seen = hub.unknown_seen();
        // The plant's event log (topic `events`): its last events read before the first client
        // is served (10 s at most), so one that resumes here finds what it missed.
        let (ready, read) = tokio::sync::oneshot::channel();
        let events = tokio::spawn(follow_events(
            async_nats::jetstream::new(nats.clone()),
            hub.clone(),
            ready,
        ));
        if tokio::time::timeout(Duration::from_secs(10), read)
            .await
            .is_err()
        {
            tracing::warn!("the event log was not read within 10 s: clients resuming now reload");
        }
        // The lines' plant connections, as their connectors report them (issue 32).
        let connections = tokio::spawn(connections::follow(
            async_nats::jetstream::new(nats.clone()),
            hub.clone(),
        ));
        let clock = tokio::spawn(async move {
            let every = Duration::from_secs(30);
            let mut every = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
            let mut last_woken = tokio::time::Instant::now();
            loop {
                tokio::select! {
                    _ = every.tick() => {}
                    _ = unknown_seen.notified() => {
                        tokio::time::sleep_until(last_woken + Duration::from_secs(2)).await;
                        last_woken = tokio::time::Instant::now();
                    }
                }
                match db::live::day_starts(&days_pool).await {
                    Ok(days) => days_hub.set_days(days, chrono::Utc::now()),
                    Err(e) => tracing::warn!("reading the lines' days: {e}"),
                }
            }
        });
        let feed_hub = hub.clone();
        let spc_hub = hub.clone();
        let spc_feed = tokio::spawn(async move {
            while let Some(v) = spc.next().await {
                spc_hub.apply_spc(v);
            }
        });
        let feed = tokio::spawn(async move {
            while let Some(m) = heard.next().await {
                // What ingest would quarantine is not shown live either (wire::check).
                match m {
                    Ok(msg) => {
                        metrics::counter!("stream_messages_total").increment(1);
                        feed_hub.apply(&msg);
                    }
                    Err((subject, reason)) => {
                        metrics::counter!("stream_malformed_total").increment(1);
                        tracing::debug!(subject, "ignoring a malformed message: {reason}");
                    }
                }
            }
        });
        Ok(Stream {
            hub,
            config: Arc::new(config),
            feed: Arc::new(feed),
            spc: Arc::new(spc_feed),
            clock: Arc::new(clock),
            orders: Arc::new(orders),
            alarms: Arc::new(alarms),
            connections: Arc::new(connections),
            events: Arc::new(events),
            pool: pool.clone(),
            refreshed: Arc::default(),
        })
    }

    /// Whether `line_id` is a configured line. One the stream does not know yet is looked for
    /// in the configuration (a line configured a moment ago), at most once every 2 s for all
    /// subscribers together (a subscriber waits for the next read); until the configuration
    /// was first read, every line counts.
    pub async fn is_configured(&self, line_id: &str) -> bool {
        if self.hub.is_configured(line_id) != Some(false) {
            return true;
        }
        let mut last = self.refreshed.lock().await;
        // Another subscriber may have read it while this one waited for the lock.
        if self.hub.is_configured(line_id) != Some(false) {
            return true;
        }
        if let Some(at) = *last {
            tokio::time::sleep_until(at + Duration::from_secs(2)).await;
        }
        *last = Some(tokio::time::Instant::now());
        match db::live::day_starts(&self.pool).await {
            Ok(days) => self.hub.set_days(days, chrono::Utc::now()),
            Err(e) => {
                tracing::warn!("reading the configured lines: {e}");
                return true;
            }
        }
        self.hub.is_configured(line_id) != Some(false)
    }

    /// `/ws`, checking tokens with `sessions`: to merge into the api (`api::app_with`) or
    /// serve alone.
    pub fn router(&self, sessions: session::Verifier) -> Router {
        Router::new()
            .route("/ws", get(ws::handler))
            .layer(Extension(self.clone()))
            .layer(Extension(sessions))
    }

    pub fn stop(&self) {
        self.feed.abort();
        self.spc.abort();
        self.clock.abort();
        self.orders.abort();
        self.alarms.abort();
        self.connections.abort();
        self.events.abort();
    }
}

/// Reads the plant's event log into the hub until the task is aborted: from where the hub's
/// ring ends when the log is the same, else its last `events_ring` events; `ready` once it has
/// read what the log held when it began. A lost consumer is opened again after a pause.
async fn follow_events(
    js: async_nats::jetstream::Context,
    hub: Hub,
    ready: tokio::sync::oneshot::Sender<()>,
) {
    let mut ready = Some(ready);
    let mut wait = Duration::from_millis(200);
    loop {
        let followed = async {
            let log = bus::events::EventLog::open(&js).await?;
            let span = log.span().await?;
            let kept = hub.events_position();
            let from = if kept.epoch == span.epoch && kept.offset + 1 >= span.first {
                kept.offset + 1
            } else {
                span.first
                    .max(span.last.saturating_sub(hub.events_capacity() as u64 - 1))
                    .max(1)
            };
            hub.start_events(&span.epoch, from);
            if span.last < from
                && let Some(r) = ready.take()
            {
                let _ = r.send(());
            }
            let mut events = std::pin::pin!(log.follow(from).await?);
            while let Some(e) = events.next().await {
                let (offset, event) = e?;
                hub.append_event(offset, &event);
                metrics::counter!("stream_events_total").increment(1);
                if offset >= span.last
                    && let Some(r) = ready.take()
                {
                    let _ = r.send(());
                }
            }
            anyhow::Ok(())
        };
        match followed.await {
            Ok(()) => tracing::info!("the event log's consumer ended; reading on"),
            Err(e) => tracing::warn!("the event log is unavailable: {e:#}"),
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(5));
    }
}

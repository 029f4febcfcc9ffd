//! Ingest: reads every production message from the durable JetStream consumer and stores it in
//! Postgres, acknowledging only after the commit.
//!
//! Exactly once is at-least-once delivery (explicit acks after commit, unlimited redelivery)
//! plus an idempotent write (each sample's `(id, time)` is the table key, `on conflict do
//! nothing`, rollups fed only from the rows the insert returned). A crash between commit and
//! ack redelivers messages whose rows already exist; they insert nothing and change no rollup.
//!
//! A fetcher ([`fetch`]) pulls batches (up to `batch_size` messages, or whatever came within
//! `flush_interval`), decodes them and hands them to the writers ([`write`]) through a one-slot
//! channel, so the next batch is fetched while the previous one is written.

mod fetch;
pub mod spc;
mod write;

use std::future::Future;
use std::time::Duration;

use async_nats::jetstream::{self, consumer::PullConsumer};
use bus::board::Board;
use sqlx::PgPool;
use tokio::sync::mpsc;
use tokio_util::task::AbortOnDropHandle;

pub use bus::plant::StreamSettings;
use fetch::{Fetched, fetch_loop};
pub use write::refused;
use write::write_loop;

/// Ingest settings.
#[derive(Debug, Clone)]
pub struct Config {
    /// Samples per transaction (the target; a pull asks for as many messages as should carry
    /// about this many samples, judged by the messages seen so far).
    pub batch_size: usize,
    /// The longest a received sample waits before it is written (≤ 200 ms keeps live rates fresh).
    pub flush_interval: Duration,
    pub stream: StreamSettings,
    /// Longest back-off between retries while Postgres or NATS is unavailable.
    pub max_backoff: Duration,
    /// Transactions written concurrently. Batches commute (inserts keyed by sample, rollups are
    /// sums, the batch table merges events in any order), so two writers keep Postgres busy
    /// while the other decodes; rollup rows are upserted in key order, so they cannot deadlock.
    pub writers: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            batch_size: 20_000,
            flush_interval: Duration::from_millis(200),
            stream: StreamSettings::default(),
            max_backoff: Duration::from_secs(5),
            writers: 2,
        }
    }
}

/// Runs ingest until `shutdown` resolves. Unavailable NATS or Postgres is waited out with
/// back-off, never turned into an exit.
pub async fn run(
    pool: PgPool,
    js: jetstream::Context,
    config: Config,
    shutdown: impl Future<Output = ()> + Send,
) -> anyhow::Result<()> {
    let mut shutdown = std::pin::pin!(shutdown);
    let (consumer, boards) = tokio::select! {
        c = connect_consumer(&js, &config) => c,
        _ = &mut shutdown => return Ok(()),
    };
    tracing::info!(batch_size = config.batch_size, "ingest consuming PLANT");
    let (tx, rx) = mpsc::channel::<Fetched>(1);
    // Aborted on drop too, so a cancelled `run` (a killed ingest, in tests) leaves nothing behind.
    let _lag = AbortOnDropHandle::new(tokio::spawn(report_lag(consumer.clone())));
    let _fetcher = AbortOnDropHandle::new(tokio::spawn(fetch_loop(consumer, config.clone(), tx)));
    let _spc = AbortOnDropHandle::new(tokio::spawn(spc::judge_loop(pool.clone(), js.client())));
    let rx = std::sync::Arc::new(tokio::sync::Mutex::new(rx));
    let writers = (0..config.writers.max(1))
        .map(|_| write_loop(pool.clone(), config.clone(), rx.clone(), boards.clone()));
    tokio::select! {
        _ = futures::future::join_all(writers) => {},
        _ = shutdown => {},
    }
    tracing::info!("ingest stopped");
    Ok(())
}

/// The consumer, and the boards ingest shows the plant's progress and alarms on.
async fn connect_consumer(
    js: &jetstream::Context,
    config: &Config,
) -> (PullConsumer, write::Boards) {
    let mut backoff = Backoff::new(config.max_backoff);
    loop {
        let attempt = async {
            let stream = bus::plant::ensure_stream(js, &config.stream).await?;
            let consumer = bus::plant::ensure_consumer(&stream, &config.stream).await?;
            let boards = write::Boards {
                orders: Board::open(js).await?,
                alarms: bus::alarms::AlarmBoard::open(js).await?,
                events: bus::events::EventLog::open(js).await?,
            };
            anyhow::Ok((consumer, boards))
        };
        match attempt.await {
            Ok(c) => return c,
            Err(e) => {
                tracing::warn!("ingest cannot consume PLANT yet (trying again): {e:#}");
                backoff.wait().await;
            }
        }
    }
}

/// Publishes the consumer's backlog as gauges every two seconds.
async fn report_lag(mut consumer: PullConsumer) {
    let mut tick = tokio::time::interval(Duration::from_secs(2));
    loop {
        tick.tick().await;
        if let Ok(info) = consumer.info().await {
            metrics::gauge!("ingest_consumer_pending").set(info.num_pending as f64);
            metrics::gauge!("ingest_consumer_ack_pending").set(info.num_ack_pending as f64);
        }
    }
}

/// Exponential back-off from 50 ms to a cap, for waiting out an unavailable NATS or Postgres
/// (ingest itself and `batchline ingest` at start).
pub struct Backoff {
    next: Duration,
    max: Duration,
}

impl Backoff {
    pub fn new(max: Duration) -> Self {
        Backoff {
            next: Duration::from_millis(50),
            max,
        }
    }
    pub fn reset(&mut self) {
        self.next = Duration::from_millis(50);
    }
    pub async fn wait(&mut self) {
        tokio::time::sleep(self.next).await;
        self.next = (self.next * 2).min(self.max);
    }
}

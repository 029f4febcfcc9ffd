//! Ingest: reads every production message from the durable JetStream consumer and stores it in
//! Postgres, acknowledging only after the commit.
//!
//! Exactly once is at-least-once delivery (explicit acks after commit, unlimited redelivery)
//! plus an idempotent write (each sample's `(id, time)` is the table key, `on conflict do
//! nothing`, rollups fed only from the rows the insert returned). A crash between commit and
//! ack redelivers messages whose rows already exist; they insert nothing and change no rollup.
//!
//! A fetcher pulls batches (up to `batch_size` messages, or whatever came within
//! `flush_interval`), decodes them and hands them to the writer through a one-slot channel, so
//! the next batch is fetched while the previous one is written.

pub mod spc;

// What ingest writes and how lives in `db::ingest` (every statement in `db`).
use db::ingest::{Rows, rows, write};

use std::future::Future;
use std::time::{Duration, Instant};

use async_nats::jetstream::{self, AckKind, consumer::PullConsumer};
use bus::board::Board;
use futures::StreamExt;
use sqlx::PgPool;
use tokio::sync::mpsc;

pub use bus::plant::StreamSettings;

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

/// One fetched batch: the messages to ack and their decoded rows. From the fetch until it is
/// dropped (after the acks), JetStream is told every third of the ack wait that its messages
/// are in progress — while they wait in the queue for a writer as much as while a slow write or
/// a write waiting out Postgres goes on — so they are not delivered again meanwhile. (The ack
/// wait is short so that the messages a killed ingest held come back within seconds.)
struct Fetched {
    messages: Vec<jetstream::Message>,
    rows: Rows,
    _in_progress: AbortOnDrop,
}

/// Tells JetStream every third of the ack wait that `messages` are still being worked on.
fn keep_in_progress(messages: Vec<jetstream::Message>, ack_wait: Duration) -> AbortOnDrop {
    let every = ack_wait / 3;
    AbortOnDrop(tokio::spawn(async move {
        let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        loop {
            tick.tick().await;
            for m in &messages {
                let _ = m.ack_with(AckKind::Progress).await;
            }
        }
    }))
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
    let (consumer, board) = tokio::select! {
        c = connect_consumer(&js, &config) => c,
        _ = &mut shutdown => return Ok(()),
    };
    tracing::info!(batch_size = config.batch_size, "ingest consuming PLANT");
    let (tx, rx) = mpsc::channel::<Fetched>(1);
    // Aborted on drop too, so a cancelled `run` (a killed ingest, in tests) leaves nothing behind.
    let _lag = AbortOnDrop(tokio::spawn(report_lag(consumer.clone())));
    let _fetcher = AbortOnDrop(tokio::spawn(fetch_loop(consumer, config.clone(), tx)));
    let _spc = AbortOnDrop(tokio::spawn(spc::judge_loop(pool.clone(), js.client())));
    let rx = std::sync::Arc::new(tokio::sync::Mutex::new(rx));
    let writers = (0..config.writers.max(1))
        .map(|_| write_loop(pool.clone(), config.clone(), rx.clone(), board.clone()));
    tokio::select! {
        _ = futures::future::join_all(writers) => {},
        _ = shutdown => {},
    }
    tracing::info!("ingest stopped");
    Ok(())
}

/// The consumer, and the order board ingest shows the plant's progress on.
async fn connect_consumer(js: &jetstream::Context, config: &Config) -> (PullConsumer, Board) {
    let mut backoff = Backoff::new(config.max_backoff);
    loop {
        let attempt = async {
            let stream = bus::plant::ensure_stream(js, &config.stream).await?;
            let consumer = bus::plant::ensure_consumer(&stream, &config.stream).await?;
            anyhow::Ok((consumer, Board::open(js).await?))
        };
        match attempt.await {
            Ok(c) => return c,
            Err(e) => {
                tracing::warn!("ingest cannot reach JetStream yet: {e:#}");
                backoff.wait().await;
            }
        }
    }
}

async fn fetch_loop(consumer: PullConsumer, config: Config, tx: mpsc::Sender<Fetched>) {
    let mut backoff = Backoff::new(config.max_backoff);
    // Samples per message, smoothed: a message may carry one sample or many. The first guess
    // is many (a first pull of 64 messages), since guessing one would pull `batch_size`
    // messages at once: after an outage, with many samples each, the whole backlog would land
    // in one transaction, written by one writer while the others wait.
    let mut per_message = (config.batch_size as f64 / 64.0).max(1.0);
    loop {
        let want =
            ((config.batch_size as f64 / per_message).ceil() as usize).clamp(1, config.batch_size);
        match fetch(
            &consumer,
            want,
            config.flush_interval,
            config.stream.ack_wait,
        )
        .await
        {
            Ok(f) if f.messages.is_empty() => backoff.reset(),
            Ok(f) => {
                backoff.reset();
                let seen = f.rows.samples().max(1) as f64 / f.messages.len() as f64;
                per_message = 0.7 * per_message + 0.3 * seen;
                if tx.send(f).await.is_err() {
                    return;
                }
            }
            Err(e) => {
                metrics::counter!("ingest_fetch_errors_total").increment(1);
                tracing::warn!("fetching from JetStream failed: {e:#}");
                backoff.wait().await;
            }
        }
    }
}

async fn fetch(
    consumer: &PullConsumer,
    max_messages: usize,
    expires: Duration,
    ack_wait: Duration,
) -> anyhow::Result<Fetched> {
    let mut batch = consumer
        .batch()
        .max_messages(max_messages)
        .expires(expires)
        .messages()
        .await?;
    let mut messages = Vec::new();
    let mut rows = Rows::default();
    while let Some(m) = batch.next().await {
        match m {
            Ok(m) => {
                rows.add(m.subject.as_str(), sequence(&m), &m.payload);
                messages.push(m);
            }
            // A batch that ends in an error still delivered what came before it.
            Err(e) if messages.is_empty() => return Err(anyhow::anyhow!("{e}")),
            Err(e) => {
                tracing::debug!("batch ended early: {e}");
                break;
            }
        }
    }
    let _in_progress = keep_in_progress(messages.clone(), ack_wait);
    Ok(Fetched {
        messages,
        rows,
        _in_progress,
    })
}

async fn write_loop(
    pool: PgPool,
    config: Config,
    rx: std::sync::Arc<tokio::sync::Mutex<mpsc::Receiver<Fetched>>>,
    board: Board,
) {
    loop {
        let Some(f) = rx.lock().await.recv().await else {
            return;
        };
        let started = Instant::now();
        let written = write_until_committed(&pool, &config, &f).await;
        metrics::histogram!("ingest_flush_seconds").record(started.elapsed().as_secs_f64());
        for (kind, n) in &written.inserted {
            metrics::counter!("ingest_rows_total", "kind" => kind.as_str()).increment(*n);
        }
        if written.quarantined > 0 {
            metrics::counter!("ingest_quarantined_total").increment(written.quarantined);
            tracing::warn!(count = written.quarantined, "messages quarantined");
        }
        let inserted: u64 = written.inserted.iter().map(|(_, n)| n).sum();
        metrics::counter!("ingest_duplicates_total")
            .increment((f.rows.samples() as u64).saturating_sub(inserted));
        metrics::counter!("ingest_messages_total").increment(f.messages.len() as u64);
        // Only now, with the rows committed, may JetStream forget the messages. A failed ack
        // means a redelivery, which the idempotent write absorbs.
        for m in &f.messages {
            if let Err(e) = m.ack().await {
                tracing::debug!("ack failed (the message will be redelivered): {e}");
            }
        }
        // The orders the plant moved, on the board as committed: after the acks, so the board
        // is not on the path that frees the stream (a failure is repaired by the api's sweep).
        if !written.orders.is_empty() {
            board
                .publish(db::schedules::board_entries(&pool, &written.orders))
                .await;
        }
    }
}

/// Writes a fetched batch: retried with back-off while Postgres is unavailable; written apart
/// when Postgres refuses the rows themselves.
async fn write_until_committed(pool: &PgPool, config: &Config, f: &Fetched) -> write::Written {
    match write_retrying(pool, config, &f.rows).await {
        Ok(w) => w,
        Err(refusal) => write_apart(pool, config, &f.messages, refusal).await,
    }
}

/// Retries the write with back-off until it commits, or until Postgres refuses the rows
/// themselves (`refused`): that error is answered, since the same rows cannot commit.
async fn write_retrying(
    pool: &PgPool,
    config: &Config,
    rows: &Rows,
) -> Result<write::Written, sqlx::Error> {
    let mut backoff = Backoff::new(config.max_backoff);
    loop {
        match write::write(pool, rows).await {
            Ok(w) => return Ok(w),
            Err(e) if refused(&e) => return Err(e),
            Err(e) => {
                metrics::counter!("ingest_db_errors_total").increment(1);
                tracing::warn!("writing {} samples failed, retrying: {e}", rows.samples());
                backoff.wait().await;
            }
        }
    }
}

/// Whether Postgres refused the data (a data exception, an integrity constraint, a program
/// limit: SQLSTATE classes 22, 23 and 54) rather than being unavailable or busy.
pub fn refused(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(d) => d
            .code()
            .is_some_and(|c| ["22", "23", "54"].iter().any(|class| c.starts_with(class))),
        _ => false,
    }
}

/// After Postgres refused `messages` together: halves them until each part commits or is a
/// single message, which is quarantined with the database's error. Every other message is
/// stored (the writes are idempotent, so a part written twice stores nothing twice) and all
/// are acknowledged by the caller: one bad message never stalls the plant's data.
async fn write_apart(
    pool: &PgPool,
    config: &Config,
    messages: &[jetstream::Message],
    refusal: sqlx::Error,
) -> write::Written {
    metrics::counter!("ingest_refused_writes_total").increment(1);
    tracing::warn!(
        messages = messages.len(),
        "Postgres refused a write; writing its messages apart: {refusal}"
    );
    let mut total = write::Written::default();
    let mut known = Some(refusal);
    let mut parts = vec![messages];
    while let Some(part) = parts.pop() {
        let outcome = match known.take() {
            Some(e) => Err(e),
            None => write_retrying(pool, config, &rows_of(part)).await,
        };
        match outcome {
            Ok(w) => total.absorb(w),
            Err(e) if part.len() == 1 => total.absorb(quarantine(pool, config, &part[0], &e).await),
            Err(_) => {
                let (first, second) = part.split_at(part.len() / 2);
                parts.push(second);
                parts.push(first);
            }
        }
    }
    total
}

/// One message quarantined with the database's refusal; without its raw bytes if even those
/// cannot be stored (they always can: they are stored as bytes).
async fn quarantine(
    pool: &PgPool,
    config: &Config,
    m: &jetstream::Message,
    refusal: &sqlx::Error,
) -> write::Written {
    let reason = format!("refused by the database: {refusal}");
    let mut rows = Rows::default();
    rows.quarantine.push(rows::Quarantined::new(
        m.subject.as_str(),
        sequence(m),
        &m.payload,
        reason.clone(),
    ));
    if let Ok(w) = write_retrying(pool, config, &rows).await {
        return w;
    }
    rows.quarantine[0].raw.clear();
    match write_retrying(pool, config, &rows).await {
        Ok(w) => w,
        Err(e) => {
            metrics::counter!("ingest_unstorable_total").increment(1);
            tracing::error!(subject = %m.subject, "a message could not be stored nor quarantined: {e}");
            write::Written::default()
        }
    }
}

/// The rows of `messages`, decoded again.
fn rows_of(messages: &[jetstream::Message]) -> Rows {
    let mut rows = Rows::default();
    for m in messages {
        rows.add(m.subject.as_str(), sequence(m), &m.payload);
    }
    rows
}

fn sequence(m: &jetstream::Message) -> Option<u64> {
    m.info().ok().map(|i| i.stream_sequence)
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

struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
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

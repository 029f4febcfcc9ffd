//! The writers: each fetched batch written in one transaction (retried while Postgres is
//! unavailable, written apart when it refuses the rows), then acknowledged, then shown on the
//! order board and the alarm board.

use std::sync::Arc;
use std::time::Instant;

use async_nats::jetstream;
use bus::board::Board;
use db::ingest::{Rows, rows, write};
use sqlx::PgPool;
use tokio::sync::{Mutex, mpsc};

use crate::fetch::{Fetched, sequence};
use crate::{Backoff, Config};

/// The boards a writer shows what it committed on.
#[derive(Clone)]
pub(crate) struct Boards {
    pub orders: Board,
    pub alarms: bus::alarms::AlarmBoard,
    /// The plant's event log: the batch's alarms and batch events go there once committed.
    pub events: bus::events::EventLog,
}

pub(crate) async fn write_loop(
    pool: PgPool,
    config: Config,
    rx: Arc<Mutex<mpsc::Receiver<Fetched>>>,
    boards: Boards,
) {
    let board = &boards.orders;
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
        // The batch's alarms and batch events into the event log, after the commit and before
        // the acks: a crash between them redelivers the batch and publishes them again, which
        // the log keeps once (each event's id). A log that cannot be reached does not hold up
        // the plant's data: the live pictures converge without it.
        let events = live_events(&f.rows);
        if !events.is_empty()
            && let Err(e) = boards.events.publish(&events).await
        {
            metrics::counter!("ingest_event_log_errors_total").increment(1);
            tracing::warn!("logging {} events failed: {e:#}", events.len());
        }
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
        // A bin filled or emptied: the marks of doses from bins holding a lot not released.
        if !written.refilled.is_empty() {
            let mut lines = written.refilled.clone();
            lines.sort();
            lines.dedup();
            board
                .publish(db::schedules::line_entries(&pool, &lines))
                .await;
        }
        // The alarm points the plant raised, cleared or acknowledged, as committed.
        if !written.alarms.is_empty() {
            let mut points = written.alarms.clone();
            points.sort();
            points.dedup();
            let read = db::alarms::handling::on_board(&pool, &points);
            boards.alarms.publish(&points, read).await;
        }
    }
}

/// The events of a fetched batch, in the order of their times: alarms and batch events.
fn live_events(rows: &Rows) -> Vec<model::live::LiveEvent> {
    use model::live::LiveEvent;
    use model::wire::Sample;
    let mut events: Vec<(chrono::DateTime<chrono::Utc>, LiveEvent)> = rows
        .alarm
        .iter()
        .map(|(line, a)| {
            let event = LiveEvent::Alarm {
                line_id: line.clone(),
                alarm: a.clone(),
            };
            (a.time(), event)
        })
        .chain(rows.batch.iter().map(|(line, b)| {
            let event = LiveEvent::Batch {
                line_id: line.clone(),
                batch: b.clone(),
            };
            (b.time(), event)
        }))
        .collect();
    events.sort_by_key(|(at, _)| *at);
    events.into_iter().map(|(_, e)| e).collect()
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

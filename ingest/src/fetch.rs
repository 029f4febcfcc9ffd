//! The fetcher: pulls batches from the consumer, decodes them, keeps them "in progress" until
//! they are acknowledged, and hands them to the writers.

use std::time::Duration;

use async_nats::jetstream::{self, AckKind, consumer::PullConsumer};
use db::ingest::Rows;
use futures::StreamExt;
use tokio::sync::mpsc;

use tokio_util::task::AbortOnDropHandle;

use crate::{Backoff, Config};

/// One fetched batch: the messages to ack and their decoded rows. From the fetch until it is
/// dropped (after the acks), JetStream is told every third of the ack wait that its messages
/// are in progress — while they wait in the queue for a writer as much as while a slow write or
/// a write waiting out Postgres goes on — so they are not delivered again meanwhile. (The ack
/// wait is short so that the messages a killed ingest held come back within seconds.)
pub(crate) struct Fetched {
    pub(crate) messages: Vec<jetstream::Message>,
    pub(crate) rows: Rows,
    _in_progress: AbortOnDropHandle<()>,
}

/// Tells JetStream every third of the ack wait that `messages` are still being worked on.
fn keep_in_progress(
    messages: Vec<jetstream::Message>,
    ack_wait: Duration,
) -> AbortOnDropHandle<()> {
    let every = ack_wait / 3;
    AbortOnDropHandle::new(tokio::spawn(async move {
        let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        loop {
            tick.tick().await;
            for m in &messages {
                let _ = m.ack_with(AckKind::Progress).await;
            }
        }
    }))
}

pub(crate) async fn fetch_loop(consumer: PullConsumer, config: Config, tx: mpsc::Sender<Fetched>) {
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

pub(crate) fn sequence(m: &jetstream::Message) -> Option<u64> {
    m.info().ok().map(|i| i.stream_sequence)
}

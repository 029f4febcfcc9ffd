//! The plant's event log (issue 36, decision 122): the JetStream stream `EVENTS` of
//! `model::live::LiveEvent`s — alarms, batch events and SPC violations as ingest stored them,
//! connections' changes of state as their connector saw them. Its sequence numbers are the
//! events' positions, the same for every stream process that reads it, so a live client
//! resumes from the last position it saw on whichever process it reaches next; the stream's
//! creation time is the epoch (a stream made again starts its numbers again).
//!
//! Each event is published with its own id as `Nats-Msg-Id`: ingest publishes the events of a
//! batch after its commit and before its acknowledgement, so a batch delivered again after a
//! crash publishes them again, and the stream keeps one (within the two-minute window; a
//! redelivery comes after the 5 s ack wait).

use std::time::Duration;

use anyhow::Context;
use async_nats::jetstream::{self, consumer, stream};
use futures::{Stream, StreamExt};
use model::live::LiveEvent;

/// The stream of the plant's events.
pub const EVENTS_STREAM: &str = "EVENTS";

/// The subject of an event of `kind` (`events.alarm`, `events.batch`, …).
fn subject(e: &LiveEvent) -> &'static str {
    match e {
        LiveEvent::Alarm { .. } => "events.alarm",
        LiveEvent::Batch { .. } => "events.batch",
        LiveEvent::Spc { .. } => "events.spc",
        LiveEvent::Connection { .. } => "events.connection",
    }
}

/// The log, for publishing and reading.
#[derive(Clone)]
pub struct EventLog {
    stream: stream::Stream,
    js: jetstream::Context,
}

/// What the log holds now: its epoch and the first and last positions in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    pub epoch: String,
    pub first: u64,
    pub last: u64,
}

impl EventLog {
    /// The stream, created when missing: a day of events at most (a client away longer
    /// reloads), a million at most, the oldest dropped first.
    pub async fn open(js: &jetstream::Context) -> anyhow::Result<EventLog> {
        let stream = js
            .get_or_create_stream(stream::Config {
                name: EVENTS_STREAM.into(),
                subjects: vec!["events.>".into()],
                storage: stream::StorageType::File,
                retention: stream::RetentionPolicy::Limits,
                discard: stream::DiscardPolicy::Old,
                max_age: Duration::from_secs(24 * 3600),
                max_messages: 1_000_000,
                max_bytes: 1 << 30,
                max_message_size: 1 << 20,
                duplicate_window: Duration::from_secs(120),
                num_replicas: crate::replicas(),
                ..Default::default()
            })
            .await
            .context("creating the JetStream stream EVENTS")?;
        Ok(EventLog {
            stream,
            js: js.clone(),
        })
    }

    /// Publishes `events` in order, each once (its id as `Nats-Msg-Id`), and waits for every
    /// acknowledgement.
    pub async fn publish(&self, events: &[LiveEvent]) -> anyhow::Result<()> {
        let mut acks = Vec::with_capacity(events.len());
        for e in events {
            let mut headers = async_nats::HeaderMap::new();
            headers.insert("Nats-Msg-Id", e.id().as_str());
            let body = serde_json::to_vec(e)?;
            acks.push(
                self.js
                    .publish_with_headers(subject(e), headers, body.into())
                    .await?,
            );
        }
        for ack in acks {
            ack.await?;
        }
        Ok(())
    }

    /// The epoch and the positions the log holds now.
    pub async fn span(&self) -> anyhow::Result<Span> {
        let mut stream = self.stream.clone();
        let info = stream.info().await?;
        Ok(Span {
            epoch: info.created.unix_timestamp_nanos().to_string(),
            first: info.state.first_sequence,
            last: info.state.last_sequence,
        })
    }

    /// Every event from position `from` on, in order and without a gap (an ordered consumer:
    /// a gap makes it start again where it was), then each new one as it comes. Ends when the
    /// consumer is lost.
    pub async fn follow(
        &self,
        from: u64,
    ) -> anyhow::Result<impl Stream<Item = anyhow::Result<(u64, LiveEvent)>> + use<>> {
        let c = self
            .stream
            .create_consumer(consumer::pull::OrderedConfig {
                deliver_policy: consumer::DeliverPolicy::ByStartSequence {
                    start_sequence: from.max(1),
                },
                ..Default::default()
            })
            .await?;
        let messages = c.messages().await?;
        Ok(messages.filter_map(|m| async move {
            let m = match m {
                Ok(m) => m,
                Err(e) => return Some(Err(anyhow::anyhow!("{e}"))),
            };
            let seq = match m.info() {
                Ok(i) => i.stream_sequence,
                Err(e) => return Some(Err(anyhow::anyhow!("{e}"))),
            };
            match serde_json::from_slice::<LiveEvent>(&m.payload) {
                Ok(e) => Some(Ok((seq, e))),
                Err(err) => {
                    // A position nobody can read: skipped (a newer version's event, say).
                    tracing::warn!(seq, "unreadable event: {err}");
                    None
                }
            }
        }))
    }
}

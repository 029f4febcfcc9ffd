//! The `PLANT` stream of production data and the durable pull consumer ingest reads it with,
//! created when missing. The bus owns their settings; a publisher that starts first gets no
//! acknowledgement until the stream exists and retries with the same `Nats-Msg-Id`
//! ([`crate::Publisher`]).

use std::time::Duration;

use anyhow::Context;
use async_nats::jetstream::{self, consumer, stream};
use futures::{Stream, StreamExt};
use model::wire::{BinMovement, Envelope, Message, Window};

use crate::subjects::{INGEST_CONSUMER, PLANT_ALL, PLANT_STREAM};

/// Stream and consumer settings.
#[derive(Debug, Clone)]
pub struct StreamSettings {
    /// Unread data the stream keeps before publishers get errors: size it for a day of
    /// outage of ingest or Postgres (`PLANT_STREAM_MAX_BYTES`).
    pub max_bytes: i64,
    /// Zero keeps unread samples until they are read; a non-zero age would drop unread ones.
    pub max_age: Duration,
    pub duplicate_window: Duration,
    pub consumer: String,
    /// How long a delivered, unacknowledged message waits before redelivery: what a killed
    /// ingest costs before its messages come back to the next one. Writes in progress renew it.
    pub ack_wait: Duration,
    pub max_ack_pending: i64,
}

impl StreamSettings {
    /// A 1 GiB stream, for tests: JetStream refuses a stream larger than about three quarters
    /// of the free disk, which the 16 GiB default exceeds below ~21 GB free.
    pub fn small() -> Self {
        StreamSettings {
            max_bytes: 1 << 30,
            ..Default::default()
        }
    }
}

impl Default for StreamSettings {
    fn default() -> Self {
        StreamSettings {
            // 10k samples/s batched ≈ 1 MB/s of JSON: 86 GB a day at the benchmark's rate; a
            // mill's real feed (a few hundred samples/s) needs a few GB. 16 GiB by default.
            max_bytes: 16 << 30,
            max_age: Duration::ZERO,
            duplicate_window: Duration::from_secs(120),
            consumer: INGEST_CONSUMER.into(),
            ack_wait: Duration::from_secs(5),
            max_ack_pending: 100_000,
        }
    }
}

/// Creates the stream `PLANT` on `plant.>` unless it exists. Work-queue retention deletes a
/// message once ingest acknowledged it, so the byte limit bounds only *unread* data; discard
/// `New` makes a full stream refuse new messages (the publisher sees an error and retries)
/// instead of deleting old unread ones.
pub async fn ensure_stream(
    js: &jetstream::Context,
    s: &StreamSettings,
) -> anyhow::Result<stream::Stream> {
    js.get_or_create_stream(stream::Config {
        name: PLANT_STREAM.into(),
        subjects: vec![PLANT_ALL.into()],
        storage: stream::StorageType::File,
        retention: stream::RetentionPolicy::WorkQueue,
        discard: stream::DiscardPolicy::New,
        max_bytes: s.max_bytes,
        max_messages: -1,
        max_age: s.max_age,
        max_message_size: 1 << 20,
        duplicate_window: s.duplicate_window,
        num_replicas: crate::replicas(),
        ..Default::default()
    })
    .await
    .map_err(|e| {
        // JetStream reserves the whole limit on each replica's server up front.
        if e.to_string().contains("insufficient") {
            anyhow::anyhow!(
                "{e}: JetStream cannot reserve the stream PLANT's {:.1} GiB \
                 (PLANT_STREAM_MAX_BYTES) on {} server(s); a server reserves at most its \
                 max_file_store, by default three quarters of its disk's free space. Set \
                 PLANT_STREAM_MAX_BYTES lower or give NATS more disk",
                s.max_bytes as f64 / (1u64 << 30) as f64,
                crate::replicas()
            )
        } else {
            anyhow::Error::new(e)
        }
    })
    .context("creating the JetStream stream PLANT")
}

/// The stream `PLANT`, when it exists (for watching its state).
pub async fn stream(js: &jetstream::Context) -> anyhow::Result<stream::Stream> {
    Ok(js.get_stream(PLANT_STREAM).await?)
}

/// The durable pull consumer of ingest: explicit acks, redelivered forever (a message that
/// cannot be read is quarantined, so only an outage makes one come back). A consumer made with
/// another ack wait (an older version's 30 s) is updated.
pub async fn ensure_consumer(
    stream: &stream::Stream,
    s: &StreamSettings,
) -> anyhow::Result<consumer::PullConsumer> {
    let config = consumer::pull::Config {
        durable_name: Some(s.consumer.clone()),
        description: Some("batchline ingest: production data into Postgres".into()),
        ack_policy: consumer::AckPolicy::Explicit,
        ack_wait: s.ack_wait,
        max_deliver: -1,
        max_ack_pending: s.max_ack_pending,
        deliver_policy: consumer::DeliverPolicy::All,
        ..Default::default()
    };
    let mut c: consumer::PullConsumer = stream
        .get_or_create_consumer(&s.consumer, config.clone())
        .await
        .context("creating the ingest consumer")?;
    let info = c.info().await.context("reading the ingest consumer")?;
    if info.config.ack_wait != s.ack_wait || info.config.max_ack_pending != s.max_ack_pending {
        c = stream
            .create_consumer(config)
            .await
            .context("updating the ingest consumer's ack wait")?;
    }
    Ok(c)
}

/// One message heard live: accepted as ingest would accept it, or the reason it would be
/// quarantined (with its subject, for the log).
pub type Heard = Result<Message, (String, String)>;

/// Every line's production data as it is published (core NATS, not the stream: nothing is
/// acknowledged, a listener that falls behind misses messages), each checked as ingest checks
/// it (`model::wire::Message::accept`), so what ingest would quarantine is not shown live.
pub async fn listen(
    client: &async_nats::Client,
) -> anyhow::Result<impl Stream<Item = Heard> + use<>> {
    let sub = client.subscribe(PLANT_ALL).await?;
    let window = Window::default();
    Ok(sub.map(move |m| {
        Message::accept(m.subject.as_str(), &m.payload, &window, chrono::Utc::now())
            .map_err(|reason| (m.subject.to_string(), reason))
    }))
}

/// Every line's bin movements as they are published (core NATS, `plant.*.bin`), those that
/// ingest would accept: how a line controller learns of fills recorded at the intake
/// (`POST /api/bins/fill`), which reach its bins as they reach the database.
pub async fn listen_bins(
    client: &async_nats::Client,
) -> anyhow::Result<impl Stream<Item = Envelope<BinMovement>> + use<>> {
    let sub = client
        .subscribe(model::wire::subject("*", model::wire::Kind::Bin))
        .await?;
    let window = Window::default();
    Ok(sub.filter_map(move |m| {
        let heard = Message::accept(m.subject.as_str(), &m.payload, &window, chrono::Utc::now());
        futures::future::ready(match heard {
            Ok(Message::Bin(e)) => Some(e),
            _ => None,
        })
    }))
}

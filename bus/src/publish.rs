//! Publishing production data to the `PLANT` stream with `Nats-Msg-Id`, keeping a bounded
//! window of acknowledgements in flight (the simulator's line controllers and any gateway
//! written in Rust). A message whose publish or ack fails is published again with the same id (the
//! stream drops the duplicate) until the stream takes it: a plant gateway keeps samples until
//! they are acknowledged.
//!
//! With `SIM_PUBLISHED_LOG` set to a file, the id of every sample the stream acknowledged is
//! appended to it, one per line (`make chaos` counts them against the database).

use std::collections::VecDeque;
use std::fs::File;
use std::io::Write;
use std::sync::OnceLock;
use std::time::Duration;

use async_nats::jetstream::{self, context::PublishAckFuture};
use model::wire::{Envelope, Sample};

struct Pending {
    subject: String,
    id: String,
    payload: bytes::Bytes,
    ack: Option<PublishAckFuture>,
    /// The samples' ids, one per line, for `SIM_PUBLISHED_LOG`.
    samples: String,
}

/// The file of `SIM_PUBLISHED_LOG`, opened for appending on first use (writes of whole
/// messages, so several publishers can share it).
fn published_log() -> Option<&'static File> {
    static LOG: OnceLock<Option<File>> = OnceLock::new();
    LOG.get_or_init(|| {
        let path = std::env::var_os("SIM_PUBLISHED_LOG")?;
        match std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
        {
            Ok(f) => Some(f),
            Err(e) => {
                tracing::error!(
                    "cannot open SIM_PUBLISHED_LOG {}: {e}",
                    path.to_string_lossy()
                );
                None
            }
        }
    })
    .as_ref()
}

pub struct Publisher {
    js: jetstream::Context,
    window: usize,
    pending: VecDeque<Pending>,
}

impl Publisher {
    pub fn new(js: jetstream::Context, window: usize) -> Self {
        Publisher {
            js,
            window: window.max(1),
            pending: VecDeque::new(),
        }
    }

    /// Publishes one message; waits only when `window` acks are already outstanding.
    pub async fn send<T: Sample>(&mut self, e: &Envelope<T>) {
        let payload = match serde_json::to_vec(e) {
            Ok(p) => bytes::Bytes::from(p),
            Err(err) => {
                return tracing::error!("cannot encode a {} message: {err}", T::KIND.as_str());
            }
        };
        let samples = match published_log() {
            Some(_) => e.samples.iter().map(|s| format!("{}\n", s.id())).collect(),
            None => String::new(),
        };
        self.send_logged(e.subject(), e.id.to_string(), payload, samples)
            .await;
    }

    pub async fn send_raw(&mut self, subject: String, id: String, payload: bytes::Bytes) {
        self.send_logged(subject, id, payload, String::new()).await;
    }

    async fn send_logged(
        &mut self,
        subject: String,
        id: String,
        payload: bytes::Bytes,
        samples: String,
    ) {
        while self.pending.len() >= self.window {
            self.settle_oldest().await;
        }
        let ack = publish(&self.js, &subject, &id, payload.clone()).await;
        self.pending.push_back(Pending {
            subject,
            id,
            payload,
            ack,
            samples,
        });
    }

    /// Waits for every outstanding ack.
    pub async fn flush(&mut self) {
        while !self.pending.is_empty() {
            self.settle_oldest().await;
        }
    }

    async fn settle_oldest(&mut self) {
        let Some(mut p) = self.pending.pop_front() else {
            return;
        };
        let mut delay = Duration::from_millis(50);
        loop {
            if let Some(ack) = p.ack.take() {
                match ack.await {
                    Ok(_) => {
                        metrics::counter!("sim_messages_published_total").increment(1);
                        if let Some(mut log) = published_log().filter(|_| !p.samples.is_empty())
                            && let Err(e) = log.write_all(p.samples.as_bytes())
                        {
                            tracing::error!("writing SIM_PUBLISHED_LOG: {e}");
                        }
                        return;
                    }
                    Err(e) => {
                        tracing::debug!(subject = %p.subject, "publish not acknowledged, retrying: {e}")
                    }
                }
            }
            metrics::counter!("sim_publish_retries_total").increment(1);
            tokio::time::sleep(delay).await;
            delay = (delay * 2).min(Duration::from_secs(5));
            p.ack = publish(&self.js, &p.subject, &p.id, p.payload.clone()).await;
        }
    }
}

async fn publish(
    js: &jetstream::Context,
    subject: &str,
    id: &str,
    payload: bytes::Bytes,
) -> Option<PublishAckFuture> {
    let mut headers = async_nats::HeaderMap::new();
    headers.insert("Nats-Msg-Id", id);
    js.publish_with_headers(subject.to_string(), headers, payload)
        .await
        .ok()
}

/// Publishes one message and waits until the stream has it (a fill recorded at the intake, by
/// the api): an error when the stream does not acknowledge it within `wait`. The message id
/// makes a retry by the caller harmless.
pub async fn once<T: Sample>(
    js: &jetstream::Context,
    e: &Envelope<T>,
    wait: Duration,
) -> anyhow::Result<()> {
    let payload = bytes::Bytes::from(serde_json::to_vec(e)?);
    let mut headers = async_nats::HeaderMap::new();
    headers.insert("Nats-Msg-Id", e.id.to_string().as_str());
    let ack = tokio::time::timeout(wait, async {
        js.publish_with_headers(e.subject(), headers, payload)
            .await?
            .await
            .map_err(anyhow::Error::from)
    })
    .await
    .map_err(|_| anyhow::anyhow!("the stream did not acknowledge within {wait:?}"))??;
    tracing::debug!(stream = %ack.stream, seq = ack.sequence, "published once");
    Ok(())
}

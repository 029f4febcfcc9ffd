//! Publishing to JetStream with `Nats-Msg-Id`, keeping a bounded window of acknowledgements in
//! flight. A message whose publish or ack fails is published again with the same id (the
//! stream drops the duplicate) until the stream takes it: a plant gateway keeps samples until
//! they are acknowledged.

use std::collections::VecDeque;
use std::time::Duration;

use async_nats::jetstream::{self, context::PublishAckFuture};
use model::wire::{Envelope, Sample};

struct Pending {
    subject: String,
    id: String,
    payload: bytes::Bytes,
    ack: Option<PublishAckFuture>,
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
        self.send_raw(e.subject(), e.id.to_string(), payload).await;
    }

    pub async fn send_raw(&mut self, subject: String, id: String, payload: bytes::Bytes) {
        while self.pending.len() >= self.window {
            self.settle_oldest().await;
        }
        let ack = publish(&self.js, &subject, &id, payload.clone()).await;
        self.pending.push_back(Pending {
            subject,
            id,
            payload,
            ack,
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

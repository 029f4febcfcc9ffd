//! One client of the hub: its bounded queue, which keeps one entry per (topic, key) and replaces
//! it with the newer state (diagnostic samples are appended, the oldest falling off), its
//! control messages, and the rule that drops it when its writer is stuck longer than
//! `slow_after` or its queue overflows.

use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use crate::hub::HubConfig;

/// Diagnostic samples kept per queued entry when a client falls behind.
const SAMPLES_CAP: usize = 2_000;

#[derive(Debug, Clone)]
pub enum Data {
    Json(Arc<str>),
    Samples {
        kind: &'static str,
        samples: Vec<Arc<str>>,
    },
}

#[derive(Debug, Clone)]
pub struct Entry {
    pub topic: Arc<str>,
    pub(crate) key: Arc<str>,
    pub snapshot: bool,
    pub data: Data,
}

impl Entry {
    /// The frame `{"topic","kind","seq","data"}`.
    pub fn frame(&self, seq: u64) -> String {
        let topic = serde_json::to_string(&*self.topic).unwrap_or_default();
        let kind = if self.snapshot { "snapshot" } else { "delta" };
        let data = match &self.data {
            Data::Json(j) => j.to_string(),
            Data::Samples { kind, samples } => format!(
                "{{\"kind\":\"{kind}\",\"samples\":[{}]}}",
                samples.join(",")
            ),
        };
        format!("{{\"topic\":{topic},\"kind\":\"{kind}\",\"seq\":{seq},\"data\":{data}}}")
    }
}

#[derive(Default)]
struct Queue {
    entries: VecDeque<Entry>,
    busy_since: Option<Instant>,
}

pub struct Client {
    pub id: u64,
    queue: Mutex<Queue>,
    pub(crate) topics: Mutex<HashSet<String>>,
    pub notify: Notify,
    pub closed: CancellationToken,
    /// Control messages (errors) waiting for the writer.
    pub(crate) control: Mutex<Vec<String>>,
    close_code: Mutex<Option<(u16, &'static str)>>,
    /// The last position of the `events` topic the client has (sent or its own).
    pub(crate) events_seen: std::sync::atomic::AtomicU64,
    config: HubConfig,
}

impl Client {
    pub(crate) fn new(id: u64, config: HubConfig) -> Self {
        Client {
            id,
            queue: Mutex::default(),
            topics: Mutex::default(),
            notify: Notify::new(),
            closed: CancellationToken::new(),
            control: Mutex::default(),
            close_code: Mutex::default(),
            events_seen: Default::default(),
            config,
        }
    }

    pub(crate) fn push(&self, e: Entry) {
        let mut q = self.queue.lock().expect("queue lock");
        if self.closed.is_cancelled() {
            return;
        }
        if q.busy_since
            .is_some_and(|t| t.elapsed() > self.config.slow_after)
        {
            return self.drop_slow("stuck writing");
        }
        let existing = if e.snapshot {
            None
        } else {
            q.entries
                .iter_mut()
                .find(|x| !x.snapshot && x.topic == e.topic && x.key == e.key)
        };
        match (existing, e.data) {
            (Some(x), Data::Samples { samples, .. }) => {
                if let Data::Samples {
                    samples: queued, ..
                } = &mut x.data
                {
                    queued.extend(samples);
                    let excess = queued.len().saturating_sub(SAMPLES_CAP);
                    queued.drain(..excess);
                }
            }
            (Some(x), data) => x.data = data,
            (None, data) => {
                if q.entries.len() >= self.config.queue_limit {
                    return self.drop_slow("queue full");
                }
                q.entries.push_back(Entry { data, ..e });
            }
        }
        drop(q);
        self.notify.notify_one();
    }

    /// Queues a control message (not coalesced, not counted in a topic's sequence).
    pub fn send_control(&self, v: serde_json::Value) {
        self.control
            .lock()
            .expect("control lock")
            .push(v.to_string());
        self.notify.notify_one();
    }

    /// Why the connection is closing: (4408, too slow) when the hub dropped it, else normal.
    pub fn close_code(&self) -> (u16, &'static str) {
        self.close_code
            .lock()
            .expect("close lock")
            .unwrap_or((1000, "bye"))
    }

    /// How long one write may take before the client counts as stuck.
    pub fn slow_after(&self) -> Duration {
        self.config.slow_after
    }

    /// Closes the client as too slow (4408); it reconnects and takes a fresh snapshot.
    /// Ends the connection with `code` (the writer sends the close frame).
    pub fn close_with(&self, code: u16, reason: &'static str) {
        *self.close_code.lock().expect("close lock") = Some((code, reason));
        self.closed.cancel();
    }

    pub fn drop_slow(&self, why: &str) {
        *self.close_code.lock().expect("close lock") = Some((4408, "too slow"));
        tracing::info!(client = self.id, "dropping a slow WebSocket client: {why}");
        metrics::counter!("stream_clients_dropped_total").increment(1);
        self.closed.cancel();
    }

    /// Takes everything queued; the client counts as busy until [`Client::done`].
    pub fn take(&self) -> Vec<Entry> {
        let mut q = self.queue.lock().expect("queue lock");
        if q.entries.is_empty() {
            return Vec::new();
        }
        q.busy_since = Some(Instant::now());
        q.entries.drain(..).collect()
    }

    pub fn done(&self) {
        self.queue.lock().expect("queue lock").busy_since = None;
    }

    pub(crate) fn forget_topic(&self, topic: &str) {
        self.queue
            .lock()
            .expect("queue lock")
            .entries
            .retain(|e| &*e.topic != topic);
    }
}

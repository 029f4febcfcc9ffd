//! The hub: live state of every line, who is subscribed to which topic, and one bounded queue
//! per client. A change becomes one delta per topic, serialized once and queued for each
//! subscriber; a queue keeps one entry per (topic, key) and replaces it with the newer state
//! (diagnostic samples are appended, the oldest falling off), so a slow client gets the latest
//! state, never a backlog. A client whose writer has been stuck longer than `slow_after`, or
//! whose queue overflows, is closed (it reconnects and takes a fresh snapshot).

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use model::live::Topic;
use model::wire::{Message, Sample};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use crate::live::LineLive;
use crate::views;

/// Diagnostic samples kept per queued entry when a client falls behind.
const SAMPLES_CAP: usize = 2_000;

#[derive(Debug, Clone)]
pub struct HubConfig {
    pub queue_limit: usize,
    pub slow_after: Duration,
}

impl Default for HubConfig {
    fn default() -> Self {
        HubConfig {
            queue_limit: 512,
            slow_after: Duration::from_secs(10),
        }
    }
}

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
    key: Arc<str>,
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
    topics: Mutex<HashSet<String>>,
    pub notify: Notify,
    pub closed: CancellationToken,
    /// Control messages (errors) waiting for the writer.
    pub(crate) control: Mutex<Vec<String>>,
    close_code: Mutex<Option<(u16, &'static str)>>,
    config: HubConfig,
}

impl Client {
    fn push(&self, e: Entry) {
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

    fn forget_topic(&self, topic: &str) {
        self.queue
            .lock()
            .expect("queue lock")
            .entries
            .retain(|e| &*e.topic != topic);
    }
}

#[derive(Clone, Default)]
pub struct Hub {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    lines: RwLock<BTreeMap<String, LineLive>>,
    subs: RwLock<HashMap<String, HashMap<u64, Arc<Client>>>>,
    next: AtomicU64,
    connected: AtomicU64,
    config: HubConfig,
}

/// Whether `topic` is one of `lines`, `alarms`, `line:<id>`, `line:<id>:diagnostics`.
pub fn valid_topic(topic: &str) -> bool {
    Topic::parse(topic).is_some()
}

fn json<T: serde::Serialize>(v: &T) -> Arc<str> {
    serde_json::to_string(v)
        .unwrap_or_else(|_| "null".into())
        .into()
}

impl Hub {
    pub fn new(config: HubConfig) -> Self {
        Hub {
            inner: Arc::new(Inner {
                config,
                ..Default::default()
            }),
        }
    }

    pub fn register(&self) -> Arc<Client> {
        metrics::gauge!("stream_clients").increment(1.0);
        self.inner.connected.fetch_add(1, Ordering::Relaxed);
        Arc::new(Client {
            id: self.inner.next.fetch_add(1, Ordering::Relaxed),
            queue: Mutex::default(),
            topics: Mutex::default(),
            notify: Notify::new(),
            closed: CancellationToken::new(),
            control: Mutex::default(),
            close_code: Mutex::default(),
            config: self.inner.config.clone(),
        })
    }

    pub fn unregister(&self, client: &Client) {
        metrics::gauge!("stream_clients").decrement(1.0);
        self.inner.connected.fetch_sub(1, Ordering::Relaxed);
        let topics: Vec<String> = client.topics.lock().expect("topics lock").drain().collect();
        let mut subs = self.inner.subs.write().expect("subs lock");
        for t in topics {
            if let Some(s) = subs.get_mut(&t) {
                s.remove(&client.id);
            }
        }
    }

    /// Subscribes and queues the topic's snapshot; later deltas queue behind it (the state
    /// lock is held across both, so no change slips between snapshot and subscription).
    pub fn subscribe(&self, client: &Arc<Client>, topic: &str) {
        let lines = self.inner.lines.read().expect("lines lock");
        let data = match Topic::parse(topic) {
            None => return,
            Some(Topic::Lines) => json(&lines.values().map(views::summary).collect::<Vec<_>>()),
            Some(Topic::Alarms) => json(&views::Alarms {
                alarms: lines.values().flat_map(|l| l.alarms.values()).collect(),
            }),
            Some(Topic::Line(id)) => {
                json(&views::detail(lines.get(id).unwrap_or(&LineLive::new(id))))
            }
            Some(Topic::Diagnostics(id)) => json(&views::diagnostics(
                lines.get(id).unwrap_or(&LineLive::new(id)),
            )),
        };
        self.inner
            .subs
            .write()
            .expect("subs lock")
            .entry(topic.to_string())
            .or_default()
            .insert(client.id, client.clone());
        client
            .topics
            .lock()
            .expect("topics lock")
            .insert(topic.to_string());
        client.forget_topic(topic);
        client.push(Entry {
            topic: topic.into(),
            key: "".into(),
            snapshot: true,
            data: Data::Json(data),
        });
    }

    /// The topics `client` is subscribed to.
    pub fn topics(&self, client: &Client) -> Vec<String> {
        client
            .topics
            .lock()
            .expect("topics lock")
            .iter()
            .cloned()
            .collect()
    }

    pub fn unsubscribe(&self, client: &Client, topic: &str) {
        if let Some(s) = self.inner.subs.write().expect("subs lock").get_mut(topic) {
            s.remove(&client.id);
        }
        client.topics.lock().expect("topics lock").remove(topic);
        client.forget_topic(topic);
    }

    fn publish(
        &self,
        subs: &HashMap<String, HashMap<u64, Arc<Client>>>,
        topic: &str,
        key: &str,
        data: impl FnOnce() -> Data,
    ) {
        let Some(clients) = subs.get(topic).filter(|c| !c.is_empty()) else {
            return;
        };
        let entry = Entry {
            topic: topic.into(),
            key: key.into(),
            snapshot: false,
            data: data(),
        };
        for c in clients.values() {
            c.push(entry.clone());
        }
    }

    /// Folds a message into the line's state and queues the deltas it causes.
    pub fn apply(&self, m: &Message) {
        let line_id = m.line_id().to_string();
        let mut lines = self.inner.lines.write().expect("lines lock");
        let l = lines
            .entry(line_id.clone())
            .or_insert_with(|| LineLive::new(&line_id));
        let changes = l.apply(m);
        let subs = self.inner.subs.read().expect("subs lock");
        if changes.summary {
            self.publish(&subs, "lines", &line_id, || {
                Data::Json(json(&views::summary(l)))
            });
            self.publish(&subs, &format!("line:{line_id}"), "detail", || {
                Data::Json(json(&views::detail(l)))
            });
        }
        for a in &changes.alarms {
            self.publish(
                &subs,
                "alarms",
                &format!("{}/{}", a.line_id, a.code),
                || Data::Json(json(a)),
            );
        }
        if changes.diagnostics {
            // Serialized only when someone watches the line's diagnostics.
            let kind = m.kind().as_str();
            self.publish(&subs, &format!("line:{line_id}:diagnostics"), kind, || {
                Data::Samples {
                    kind,
                    samples: samples_of(m),
                }
            });
        }
    }

    /// Connected (authenticated) clients.
    /// How many clients are subscribed to `topic`.
    pub fn subscribers(&self, topic: &str) -> usize {
        self.inner
            .subs
            .read()
            .expect("subs lock")
            .get(topic)
            .map_or(0, HashMap::len)
    }

    pub fn clients(&self) -> u64 {
        self.inner.connected.load(Ordering::Relaxed)
    }

    /// The live state of a line (for tests and the rebuild).
    pub fn line(&self, id: &str) -> Option<LineLive> {
        self.inner
            .lines
            .read()
            .expect("lines lock")
            .get(id)
            .cloned()
    }
}

fn each<T: Sample>(s: &[T]) -> Vec<Arc<str>> {
    s.iter().map(json).collect()
}

/// Each sample of the message as JSON, for the diagnostics feed.
fn samples_of(m: &Message) -> Vec<Arc<str>> {
    match m {
        Message::Weighing(e) => each(&e.samples),
        Message::Mixing(e) => each(&e.samples),
        Message::Process(e) => each(&e.samples),
        Message::Pressure(e) => each(&e.samples),
        Message::Alarm(e) => each(&e.samples),
        Message::State(e) => each(&e.samples),
        Message::Batch(e) => each(&e.samples),
        Message::Bin(e) => each(&e.samples),
        Message::Calibration(e) => each(&e.samples),
    }
}

#[cfg(test)]
#[path = "hub_tests.rs"]
mod tests;

//! Who listens to what: clients come and go, subscribe to topics (each answered at once with a
//! snapshot of its current state) and leave them; the counts the metrics read.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;
use std::sync::atomic::Ordering;

use model::live::Topic;

use super::{Client, Data, Entry, Hub, LineLive, is_shown, json, views};

impl Hub {
    pub fn register(&self) -> Arc<Client> {
        metrics::gauge!("stream_clients").increment(1.0);
        self.inner.connected.fetch_add(1, Ordering::Relaxed);
        Arc::new(Client::new(
            self.inner.next.fetch_add(1, Ordering::Relaxed),
            self.inner.config.clone(),
        ))
    }

    pub fn unregister(&self, client: &Client) {
        metrics::gauge!("stream_clients").decrement(1.0);
        self.inner.connected.fetch_sub(1, Ordering::Relaxed);
        let topics: Vec<String> = client.topics.lock().expect("topics lock").drain().collect();
        let mut subs = self.inner.subs.write().expect("subs lock");
        for t in topics {
            leave(&mut subs, &t, client.id);
        }
    }

    /// Subscribes and queues the topic's snapshot; later deltas queue behind it (the state
    /// lock is held across both, so no change slips between snapshot and subscription).
    pub fn subscribe(&self, client: &Arc<Client>, topic: &str) {
        if topic == super::events::TOPIC {
            return self.subscribe_events(client, None);
        }
        let lines = self.inner.lines.read().expect("lines lock");
        let configured = self.inner.configured.read().expect("configured lock");
        let Some(data) = self.snapshot(topic, &lines, &configured) else {
            return;
        };
        join(
            &mut self.inner.subs.write().expect("subs lock"),
            client,
            topic,
        );
        client.push(snapshot_entry(topic, data));
    }

    /// The snapshot of `topic` (none for what is not a topic): the configured lines' only on
    /// `lines` and `alarms`. Reads `unknown` for `unknown-lines`, so a caller holding that lock
    /// asks only for the others.
    fn snapshot(
        &self,
        topic: &str,
        lines: &BTreeMap<String, LineLive>,
        configured: &Option<BTreeSet<String>>,
    ) -> Option<Arc<str>> {
        let shown = |l: &&LineLive| is_shown(configured, &l.line_id);
        Some(match Topic::parse(topic)? {
            Topic::Lines => json(
                &lines
                    .values()
                    .filter(shown)
                    .map(views::summary)
                    .collect::<Vec<_>>(),
            ),
            Topic::Alarms => json(&views::Alarms {
                alarms: lines
                    .values()
                    .filter(shown)
                    .flat_map(|l| l.alarms.values())
                    .collect(),
            }),
            Topic::UnknownLines => json(&views::Unknown {
                lines: self
                    .inner
                    .unknown
                    .read()
                    .expect("unknown lock")
                    .values()
                    .collect(),
            }),
            Topic::Line(id) => json(&views::detail(lines.get(id).unwrap_or(&LineLive::new(id)))),
            Topic::Diagnostics(id) => json(&views::diagnostics(
                lines.get(id).unwrap_or(&LineLive::new(id)),
            )),
            Topic::Spc(id) => json(&views::spc(lines.get(id).unwrap_or(&LineLive::new(id)))),
            Topic::Events => self.inner.events.read().expect("events lock").snapshot(),
        })
    }

    /// Sends each subscriber of `topic` (`lines` or `alarms`) its snapshot again, in place of
    /// whatever of the topic it has queued: what a delta cannot say, a line leaving the
    /// configuration, a new snapshot does (its sequence starts again).
    pub(super) fn resend(
        &self,
        topic: &str,
        lines: &BTreeMap<String, LineLive>,
        configured: &Option<BTreeSet<String>>,
        subs: &HashMap<String, HashMap<u64, Arc<Client>>>,
    ) {
        let Some(clients) = subs.get(topic).filter(|c| !c.is_empty()) else {
            return;
        };
        let Some(data) = self.snapshot(topic, lines, configured) else {
            return;
        };
        for c in clients.values() {
            c.forget_topic(topic);
            c.push(snapshot_entry(topic, data.clone()));
        }
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
        leave(
            &mut self.inner.subs.write().expect("subs lock"),
            topic,
            client.id,
        );
        client.topics.lock().expect("topics lock").remove(topic);
        client.forget_topic(topic);
    }

    /// Topics anyone is subscribed to (no entry stays behind the last subscriber).
    pub fn topic_count(&self) -> usize {
        self.inner.subs.read().expect("subs lock").len()
    }

    /// How many clients are subscribed to `topic`.
    pub fn subscribers(&self, topic: &str) -> usize {
        self.inner
            .subs
            .read()
            .expect("subs lock")
            .get(topic)
            .map_or(0, HashMap::len)
    }

    /// Connected (authenticated) clients.
    pub fn clients(&self) -> u64 {
        self.inner.connected.load(Ordering::Relaxed)
    }
}

/// `client` leaves `topic`; the topic's entry goes with its last subscriber.
/// Adds `client` to `topic`'s subscribers, dropping whatever of the topic it still had queued.
pub(super) fn join(
    subs: &mut HashMap<String, HashMap<u64, Arc<Client>>>,
    client: &Arc<Client>,
    topic: &str,
) {
    subs.entry(topic.to_string())
        .or_default()
        .insert(client.id, client.clone());
    client
        .topics
        .lock()
        .expect("topics lock")
        .insert(topic.to_string());
    client.forget_topic(topic);
}

fn leave(subs: &mut HashMap<String, HashMap<u64, Arc<Client>>>, topic: &str, client: u64) {
    if let Some(s) = subs.get_mut(topic) {
        s.remove(&client);
        if s.is_empty() {
            subs.remove(topic);
        }
    }
}

fn snapshot_entry(topic: &str, data: Arc<str>) -> Entry {
    Entry {
        topic: topic.into(),
        key: "".into(),
        snapshot: true,
        data: Data::Json(data),
    }
}

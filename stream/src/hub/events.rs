//! The `events` topic (issue 36, decision 122): the last events of the plant's event log
//! (`bus::events`) in a ring, in the order of their positions, and its subscribers. A client
//! subscribing with the position it last saw (`since`) gets exactly the events after it — from
//! this process's ring, whichever process it saw them on, since every process reads the same
//! log — or, when the ring no longer reaches back that far or the log is another one (another
//! epoch), an error `notRecoverable` and a fresh snapshot: it reloads what it shows over REST.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use model::live::{LiveEvent, Position};

use super::{Client, Data, Entry, Hub, json};

use crate::protocol::{ControlFrame, ErrorCode};

/// Events a snapshot holds (the newest).
pub const SNAPSHOT_EVENTS: usize = 100;
pub const TOPIC: &str = "events";

/// The ring: the log's epoch, and its events from position `from` on, each as the JSON of a
/// [`views::Logged`](crate::views::Logged).
#[derive(Debug, Default)]
pub(crate) struct Ring {
    epoch: Arc<str>,
    /// Every position from here on is in `entries` (or was unreadable).
    from: u64,
    entries: VecDeque<(u64, Arc<str>)>,
    capacity: usize,
}

impl Ring {
    pub(crate) fn new(capacity: usize) -> Ring {
        Ring {
            capacity: capacity.max(1),
            from: 1,
            ..Default::default()
        }
    }

    fn last(&self) -> u64 {
        self.entries
            .back()
            .map_or(self.from.saturating_sub(1), |(o, _)| *o)
    }

    fn position(&self, offset: u64) -> Position {
        Position {
            epoch: self.epoch.to_string(),
            offset,
        }
    }

    /// Whether a client that saw everything up to `since` can be given the rest from here.
    fn reaches(&self, since: &Position) -> bool {
        *self.epoch == since.epoch && since.offset + 1 >= self.from
    }

    /// A [`views::EventsSnapshot`](crate::views::EventsSnapshot), put together from the
    /// events' JSON as kept.
    pub(crate) fn snapshot(&self) -> Arc<str> {
        let skip = self.entries.len().saturating_sub(SNAPSHOT_EVENTS);
        let events: Vec<&str> = self.entries.iter().skip(skip).map(|(_, j)| &**j).collect();
        format!(
            "{{\"position\":{},\"events\":[{}]}}",
            json(&self.position(self.last())),
            events.join(",")
        )
        .into()
    }
}

impl Hub {
    /// The log being read is `epoch`, complete from position `from` on: a new epoch (or a
    /// restart of the reading further on) empties the ring, and the topic's subscribers get a
    /// new snapshot.
    pub fn start_events(&self, epoch: &str, from: u64) {
        let mut ring = self.inner.events.write().expect("events lock");
        if *ring.epoch == *epoch && from <= ring.last() + 1 {
            return;
        }
        let capacity = ring.capacity;
        *ring = Ring::new(capacity);
        ring.epoch = epoch.into();
        ring.from = from.max(1);
        let subs = self.inner.subs.read().expect("subs lock");
        if let Some(clients) = subs.get(TOPIC) {
            let data = ring.snapshot();
            for c in clients.values() {
                c.forget_topic(TOPIC);
                c.push(snapshot(data.clone()));
            }
        }
    }

    /// The event at `offset` of the log: kept, and queued for each subscriber that has not
    /// seen it. An offset not after the last one kept is ignored (read twice).
    pub fn append_event(&self, offset: u64, event: &LiveEvent) {
        let mut ring = self.inner.events.write().expect("events lock");
        if offset <= ring.last() {
            return;
        }
        let logged = json(&crate::views::Logged {
            position: ring.position(offset),
            event: event.clone(),
        });
        ring.entries.push_back((offset, logged.clone()));
        while ring.entries.len() > ring.capacity {
            if let Some((o, _)) = ring.entries.pop_front() {
                ring.from = o + 1;
            }
        }
        let subs = self.inner.subs.read().expect("subs lock");
        let Some(clients) = subs.get(TOPIC) else {
            return;
        };
        let entry = Entry {
            topic: TOPIC.into(),
            key: offset.to_string().into(),
            snapshot: false,
            data: Data::Json(logged),
        };
        for c in clients.values() {
            if offset > c.events_seen.load(Ordering::Relaxed) {
                c.push(entry.clone());
            }
        }
    }

    /// Subscribes `client` to `events`: the events after `since` when the ring reaches back to
    /// it, else (an error `notRecoverable` when `since` was given, and) a snapshot.
    pub fn subscribe_events(&self, client: &Arc<Client>, since: Option<&Position>) {
        let ring = self.inner.events.read().expect("events lock");
        super::subscriptions::join(
            &mut self.inner.subs.write().expect("subs lock"),
            client,
            TOPIC,
        );
        // More missed than the client's queue takes at once is not sent: the queue would
        // overflow, the client be dropped and come back for the same again.
        let resumable = since.filter(|s| {
            ring.reaches(s)
                && ring.entries.iter().filter(|(o, _)| *o > s.offset).count()
                    < self.inner.config.queue_limit / 2
        });
        match resumable {
            Some(since) => {
                metrics::counter!("stream_events_resumed_total").increment(1);
                // Positions up to `since` are the client's already, also those this process
                // has not read yet (it read the log more slowly than the one the client left).
                client.events_seen.store(since.offset, Ordering::Relaxed);
                for (offset, logged) in ring.entries.iter().filter(|(o, _)| *o > since.offset) {
                    client.push(Entry {
                        topic: TOPIC.into(),
                        key: offset.to_string().into(),
                        snapshot: false,
                        data: Data::Json(logged.clone()),
                    });
                }
            }
            None => {
                if since.is_some() {
                    metrics::counter!("stream_events_not_recoverable_total").increment(1);
                    client.send_control(ControlFrame::error(
                        ErrorCode::NotRecoverable,
                        Some(vec![TOPIC.to_string()]),
                    ));
                }
                client.events_seen.store(ring.last(), Ordering::Relaxed);
                client.push(snapshot(ring.snapshot()));
            }
        }
    }

    /// How many events the ring keeps.
    pub fn events_capacity(&self) -> usize {
        self.inner.events.read().expect("events lock").capacity
    }

    /// The epoch and the last position kept (for tests and the metrics).
    pub fn events_position(&self) -> Position {
        let ring = self.inner.events.read().expect("events lock");
        ring.position(ring.last())
    }
}

fn snapshot(data: Arc<str>) -> Entry {
    Entry {
        topic: TOPIC.into(),
        key: "snapshot".into(),
        snapshot: true,
        data: Data::Json(data),
    }
}

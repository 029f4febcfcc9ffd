//! The hub: live state of every line and who is subscribed to which topic. A change becomes one
//! delta per topic, serialized once and queued for each subscriber's [`Client`] queue, which
//! coalesces to the latest state, so a slow client never gets a backlog (it is closed when it
//! stays stuck, reconnects and takes a fresh snapshot).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use chrono::{DateTime, Utc};
use model::alarm::AlarmPoint;
use model::live::Topic;
use model::wire::{Message, Sample};

pub use crate::client::{Client, Data, Entry};
use crate::live::{LineLive, LiveConnection, RunningOrder};
use crate::views::{self, UnknownLine};

#[derive(Debug, Clone)]
pub struct HubConfig {
    pub queue_limit: usize,
    pub slow_after: Duration,
    /// The plant's events kept for clients that resume (`events`): a client away for more
    /// than this many reloads.
    pub events_ring: usize,
}

impl Default for HubConfig {
    fn default() -> Self {
        HubConfig {
            queue_limit: 512,
            slow_after: Duration::from_secs(10),
            events_ring: 10_000,
        }
    }
}

#[derive(Clone, Default)]
pub struct Hub {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    lines: RwLock<BTreeMap<String, LineLive>>,
    /// Starts of each configured line's local days around now ([`Hub::set_days`]).
    days: RwLock<HashMap<String, Vec<DateTime<Utc>>>>,
    /// The configured lines (those [`Hub::set_days`] was given): only they show on `lines` and
    /// `alarms`. `None` until the configuration is read (a hub without a database shows every
    /// line). Locked after `lines`, before `unknown` and `subs`.
    configured: RwLock<Option<BTreeSet<String>>>,
    /// Data from line ids no configured line has (topic `unknown-lines`).
    unknown: RwLock<BTreeMap<String, UnknownLine>>,
    subs: RwLock<HashMap<String, HashMap<u64, Arc<Client>>>>,
    /// Woken when a line id no configured line has sends its first data: it may be a line
    /// configured a moment ago, so the configuration is read again at once.
    unknown_seen: Arc<tokio::sync::Notify>,
    next: AtomicU64,
    connected: AtomicU64,
    /// The last events of the plant's event log (topic `events`). Locked before `subs`.
    events: RwLock<events::Ring>,
    config: HubConfig,
}

/// Whether `topic` is one of `lines`, `alarms`, `unknown-lines`, `line:<id>`,
/// `line:<id>:diagnostics`, `line:<id>:spc`.
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
                events: RwLock::new(events::Ring::new(config.events_ring)),
                config,
                ..Default::default()
            }),
        }
    }

    /// Wakes when a line id no configured line has sends its first data ([`Inner::unknown_seen`]).
    pub fn unknown_seen(&self) -> Arc<tokio::sync::Notify> {
        self.inner.unknown_seen.clone()
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

    /// Queues a line's summary (on `lines` when the line is configured) and detail.
    fn publish_line(
        &self,
        subs: &HashMap<String, HashMap<u64, Arc<Client>>>,
        shown: bool,
        l: &LineLive,
    ) {
        if shown {
            self.publish(subs, "lines", &l.line_id, || {
                Data::Json(json(&views::summary(l)))
            });
        }
        self.publish(subs, &format!("line:{}", l.line_id), "detail", || {
            Data::Json(json(&views::detail(l)))
        });
    }

    /// Sets the starts of each configured line's local days around `now` (decision 61), and
    /// starts the count of a new day on lines whose day has turned, publishing them: a wall
    /// display shows 0 t from local midnight, before the day's first batch. The lines `days`
    /// holds are the configured ones: a line configured since shows on `lines` (with no data
    /// yet, or with the data its id sent before) and leaves `unknown-lines`; one no longer
    /// configured leaves `lines` and `alarms` (their subscribers get a new snapshot).
    pub fn set_days(&self, days: HashMap<String, Vec<DateTime<Utc>>>, now: DateTime<Utc>) {
        let mut lines = self.inner.lines.write().expect("lines lock");
        let mut configured = self.inner.configured.write().expect("configured lock");
        let mut unknown = self.inner.unknown.write().expect("unknown lock");
        let subs = self.inner.subs.read().expect("subs lock");
        let before = configured.replace(days.keys().cloned().collect());
        for (id, d) in &days {
            let l = lines.entry(id.clone()).or_insert_with(|| LineLive::new(id));
            let new = before.as_ref().is_none_or(|b| !b.contains(id));
            if l.tonnes.set_days(d.clone(), now) || new {
                self.publish_line(&subs, true, l);
            }
        }
        // A line deleted from the configuration leaves the wall displays at once.
        if before
            .as_ref()
            .is_some_and(|b| b.iter().any(|id| !days.contains_key(id)))
        {
            for topic in ["lines", "alarms"] {
                self.resend(topic, &lines, &configured, &subs);
            }
        }
        let known = unknown.len();
        unknown.retain(|id, _| !days.contains_key(id));
        if unknown.len() != known {
            self.publish_unknown(&subs, &unknown);
        }
        *self.inner.days.write().expect("days lock") = days;
    }

    /// Sets the orders each line runs (`orders`, by line; a line not in it runs none), publishing
    /// the lines whose order changed.
    /// The plant connections of every line, as their connectors report them: a line whose
    /// connections changed is published.
    pub fn set_connections(&self, by_line: HashMap<String, Vec<LiveConnection>>) {
        self.set_per_line(by_line, |l| &mut l.connections);
    }

    /// Sets every line's points on the alarm board (issue 34): each line whose alarms changed
    /// is published, with a delta per changed point on `alarms`.
    pub fn set_alarm_points<'a>(&self, points: impl IntoIterator<Item = &'a AlarmPoint>) {
        let mut by_line: HashMap<String, BTreeMap<String, AlarmPoint>> = HashMap::new();
        for p in points {
            by_line
                .entry(p.line_id.clone())
                .or_default()
                .insert(p.code.clone(), p.clone());
        }
        let mut lines = self.inner.lines.write().expect("lines lock");
        let configured = self.inner.configured.read().expect("configured lock");
        let subs = self.inner.subs.read().expect("subs lock");
        // A configured line with alarms and no data yet gets its tile's count.
        for id in by_line.keys() {
            if configured.as_ref().is_some_and(|c| c.contains(id)) && !lines.contains_key(id) {
                lines.insert(id.clone(), LineLive::new(id));
            }
        }
        for l in lines.values_mut() {
            let changes = l.set_alarm_board(by_line.remove(&l.line_id).unwrap_or_default());
            let shown = is_shown(&configured, &l.line_id);
            self.publish_changes(&subs, shown, l, &changes);
        }
    }

    /// Queues the deltas `changes` of line `l` caused: its summary and detail, and each
    /// changed alarm on `alarms` (a line that is shown).
    fn publish_changes(
        &self,
        subs: &HashMap<String, HashMap<u64, Arc<Client>>>,
        shown: bool,
        l: &LineLive,
        changes: &crate::live::Changes,
    ) {
        if changes.summary {
            self.publish_line(subs, shown, l);
        }
        for a in changes.alarms.iter().filter(|_| shown) {
            self.publish(
                subs,
                "alarms",
                &format!("{}/{}", a.point.line_id, a.point.code),
                || Data::Json(json(a)),
            );
        }
    }

    pub fn set_orders(&self, orders: HashMap<String, Vec<RunningOrder>>) {
        self.set_per_line(orders, |l| &mut l.orders);
    }

    /// Sets one part of every line from `by_line` (a line missing there gets the empty value)
    /// and publishes each line it changed.
    fn set_per_line<T: Default + PartialEq>(
        &self,
        mut by_line: HashMap<String, T>,
        part: impl Fn(&mut LineLive) -> &mut T,
    ) {
        let mut lines = self.inner.lines.write().expect("lines lock");
        let configured = self.inner.configured.read().expect("configured lock");
        let subs = self.inner.subs.read().expect("subs lock");
        for l in lines.values_mut() {
            let now = by_line.remove(&l.line_id).unwrap_or_default();
            if now != *part(l) {
                *part(l) = now;
                self.publish_line(&subs, is_shown(&configured, &l.line_id), l);
            }
        }
    }

    fn publish_unknown(
        &self,
        subs: &HashMap<String, HashMap<u64, Arc<Client>>>,
        unknown: &BTreeMap<String, UnknownLine>,
    ) {
        self.publish(subs, "unknown-lines", "", || {
            Data::Json(json(&views::Unknown {
                lines: unknown.values().collect(),
            }))
        });
    }

    /// Folds a message into the line's state and queues the deltas it causes.
    pub fn apply(&self, m: &Message) {
        let line_id = m.line_id().to_string();
        let mut lines = self.inner.lines.write().expect("lines lock");
        // Data of ever new unconfigured line ids must not grow the live state without a
        // bound (decision 95): past `MAX_UNKNOWN_LINES` of them, a new one is only counted.
        if !lines.contains_key(&line_id)
            && self.is_configured(&line_id) == Some(false)
            && self.inner.unknown.read().expect("unknown lock").len() >= MAX_UNKNOWN_LINES
        {
            metrics::counter!("stream_unknown_lines_refused_total").increment(1);
            return;
        }
        let l = lines.entry(line_id.clone()).or_insert_with(|| {
            let mut l = LineLive::new(&line_id);
            let days = self.inner.days.read().expect("days lock");
            l.tonnes
                .set_days(days.get(&line_id).cloned().unwrap_or_default(), Utc::now());
            l
        });
        let changes = l.apply(m);
        let configured = self.inner.configured.read().expect("configured lock");
        let shown = is_shown(&configured, &line_id);
        if !shown {
            let mut unknown = self.inner.unknown.write().expect("unknown lock");
            let (n, newest) = m.span();
            let u = unknown.entry(line_id.clone()).or_insert_with(|| {
                self.inner.unknown_seen.notify_one();
                UnknownLine {
                    line_id: line_id.clone(),
                    last_seen: newest.unwrap_or_else(Utc::now),
                    samples: BTreeMap::new(),
                }
            });
            *u.samples.entry(m.kind().as_str().to_string()).or_default() += n as u64;
            if let Some(t) = newest.filter(|t| *t > u.last_seen) {
                u.last_seen = t;
            }
            let subs = self.inner.subs.read().expect("subs lock");
            self.publish_unknown(&subs, &unknown);
        }
        let subs = self.inner.subs.read().expect("subs lock");
        self.publish_changes(&subs, shown, l, &changes);
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

    /// Keeps an SPC violation ingest found and queues it on `line:<id>:spc`, with the line's
    /// summary (its tile shows the newest).
    pub fn apply_spc(&self, v: model::spc::KeptViolation) {
        let mut lines = self.inner.lines.write().expect("lines lock");
        let l = lines
            .entry(v.line_id.clone())
            .or_insert_with(|| LineLive::new(&v.line_id));
        let key = format!(
            "{}/{}/{}/{}",
            v.set_id,
            v.batch_id,
            v.point_seq,
            v.rule.code()
        );
        let topic = format!("line:{}:spc", v.line_id);
        let delta = json(&v);
        l.spc.push_back(v);
        while l.spc.len() > crate::live::SPC_KEPT {
            l.spc.pop_front();
        }
        let shown = is_shown(
            &self.inner.configured.read().expect("configured lock"),
            &l.line_id,
        );
        let subs = self.inner.subs.read().expect("subs lock");
        self.publish(&subs, &topic, &key, || Data::Json(delta));
        self.publish_line(&subs, shown, l);
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

/// Whether a line shows on `lines` and `alarms`: it is configured, or the configuration is not
/// known (a hub without a database).
impl Hub {
    /// Whether `line_id` is configured; `None` until the configuration was first read.
    pub fn is_configured(&self, line_id: &str) -> Option<bool> {
        self.inner
            .configured
            .read()
            .expect("configured lock")
            .as_ref()
            .map(|c| c.contains(line_id))
    }
}

/// Unconfigured line ids whose data the live state keeps (listed on `unknown-lines`).
pub const MAX_UNKNOWN_LINES: usize = 64;

fn is_shown(configured: &Option<BTreeSet<String>>, line_id: &str) -> bool {
    configured.as_ref().is_none_or(|c| c.contains(line_id))
}

fn each<T: Sample>(s: &[T]) -> Vec<Arc<str>> {
    s.iter().map(json).collect()
}

/// Each sample of the message as JSON, for the diagnostics feed.
fn samples_of(m: &Message) -> Vec<Arc<str>> {
    model::on_message!(m, e => each(&e.samples))
}

pub mod events;
mod subscriptions;

#[cfg(test)]
#[path = "hub_tests.rs"]
mod tests;

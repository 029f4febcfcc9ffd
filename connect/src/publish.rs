//! One cycle of a connection's values — an OPC UA publishing cycle, a Sparkplug message —
//! mapped to the line's samples and handed to the forwarder, one message per kind.

use chrono::{DateTime, Utc};

use crate::forward::Publisher;
use crate::outbox::Record;
use crate::status::Tracker;
use crate::values::{Cycle, Mapper, Value};

/// Maps `values` (per tag index: the value, or why it cannot be read; and its time) and
/// publishes them. A value that cannot be read, or that its tag refuses, is counted and shown
/// on the tag; the others go on.
pub async fn cycle(
    values: Vec<(usize, Result<Value, String>, DateTime<Utc>)>,
    line: &str,
    mapper: &mut Mapper,
    tracker: &Tracker,
    publisher: &Publisher,
) {
    let mut cycle = Cycle::default();
    let mut newest: Option<DateTime<Utc>> = None;
    let mut refused = 0;
    for (i, v, time) in values {
        let v = match v {
            Ok(v) => v,
            Err(status) => {
                // A status the server gave is the tag's; a type no tag reads is refused.
                if status == "BadTypeMismatch" {
                    refused += 1;
                }
                tracker.tag(i, &status);
                continue;
            }
        };
        match mapper.map(i, v, time, &mut cycle) {
            Ok(_) => {
                tracker.tag(i, "Good");
                newest = Some(newest.map_or(time, |n| n.max(time)));
            }
            Err(r) => {
                refused += 1;
                tracker.tag(i, &r.0);
            }
        }
    }
    if refused > 0 {
        tracker.refused(refused);
    }
    if cycle.is_empty() {
        return;
    }
    tracker.read(newest.unwrap_or_else(Utc::now));
    let e = cycle.envelopes(line);
    for r in [
        e.process.map(|m| record(&m)),
        e.pressure.map(|m| record(&m)),
        e.alarms.map(|m| record(&m)),
        e.states.map(|m| record(&m)),
    ]
    .into_iter()
    .flatten()
    {
        // Never waits: a forwarder that cannot keep up refuses (and counts) what overflows.
        let samples = u64::from(r.samples);
        if publisher.try_send(r.into()).is_err() {
            tracker.refused(samples);
        }
    }
}

/// A message as the forwarder sends (or keeps) it.
pub fn record<T: model::wire::Sample + serde::Serialize>(e: &model::wire::Envelope<T>) -> Record {
    Record {
        subject: e.subject(),
        id: e.id.to_string(),
        samples: e.samples.len() as u32,
        payload: serde_json::to_vec(e).unwrap_or_default().into(),
    }
}

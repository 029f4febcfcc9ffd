//! Sparkplug B (issue 32, item 6): the topics and payloads of an edge node and its devices, as
//! the Eclipse Sparkplug 3.0 specification defines them, and what a connection reads of them.
//!
//! Topics are `spBv1.0/<group>/<type>/<edge node>[/<device>]` with `type` one of NBIRTH,
//! NDEATH, NDATA, NCMD, DBIRTH, DDEATH, DDATA, DCMD, STATE. A payload is the protobuf message
//! `Payload` (written here from the specification's `sparkplug_b.proto`, the parts a connector
//! reads: metrics with name, alias, timestamp, datatype, null flag and scalar value; data sets,
//! templates and properties are skipped). A birth certificate names every metric and may give
//! each an alias; later data messages may carry the alias alone. `seq` counts 0–255 over every
//! message of the edge node after its NBIRTH; a gap means a lost message, after which the
//! connector asks for a new birth (NCMD `Node Control/Rebirth`). `bdSeq`, a metric of NBIRTH
//! and of the broker-sent NDEATH (the edge node's will), pairs a death with its birth.
//!
//! A connection's tag names a metric: by its name for an edge node's own metric
//! (`Press/Current`), as `<device>:<name>` for a device's (`Mixer1:Temperature`).

mod payload;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use prost::Message as _;

use crate::values::Value;
pub use payload::{Metric, MetricValue, Payload, datatype, rebirth, value};
use payload::{bd_seq, millis};

/// The namespace every Sparkplug B topic starts with.
pub const NAMESPACE: &str = "spBv1.0";

/// The message types of a topic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    NBirth,
    NDeath,
    NData,
    NCmd,
    DBirth,
    DDeath,
    DData,
    DCmd,
}

/// A Sparkplug topic, taken apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Topic<'a> {
    pub group: &'a str,
    pub kind: Kind,
    pub edge: &'a str,
    pub device: Option<&'a str>,
}

/// Reads a topic; `None` for one that is not a Sparkplug B node or device message.
pub fn topic(t: &str) -> Option<Topic<'_>> {
    let mut parts = t.split('/');
    if parts.next()? != NAMESPACE {
        return None;
    }
    let group = parts.next()?;
    let kind = match parts.next()? {
        "NBIRTH" => Kind::NBirth,
        "NDEATH" => Kind::NDeath,
        "NDATA" => Kind::NData,
        "NCMD" => Kind::NCmd,
        "DBIRTH" => Kind::DBirth,
        "DDEATH" => Kind::DDeath,
        "DDATA" => Kind::DData,
        "DCMD" => Kind::DCmd,
        _ => return None,
    };
    let edge = parts.next()?;
    let device = parts.next();
    if parts.next().is_some()
        || group.is_empty()
        || edge.is_empty()
        || device.is_some_and(str::is_empty)
        || matches!(kind, Kind::DBirth | Kind::DDeath | Kind::DData | Kind::DCmd)
            != device.is_some()
    {
        return None;
    }
    Some(Topic {
        group,
        kind,
        edge,
        device,
    })
}

/// The topic of a node command to `edge` of `group`.
pub fn ncmd_topic(group: &str, edge: &str) -> String {
    format!("{NAMESPACE}/{group}/NCMD/{edge}")
}

/// What an edge node said, as the connection reads it.
#[derive(Debug, Clone, PartialEq)]
pub enum Said {
    /// Values of tags: (tag index, value or `None` when unreadable, time).
    Values(Vec<(usize, Option<Value>, DateTime<Utc>)>),
    /// The edge node (or a device: `Some(device)`) went offline.
    Dead(Option<String>),
    /// A message was lost (a `seq` gap, or data before any birth): ask for a rebirth.
    Lost(String),
    /// Nothing for this connection (a command, another edge node's message).
    Nothing,
}

/// One edge node's session as the connector follows it: the aliases of its births, the next
/// `seq` it should send, its `bdSeq`.
#[derive(Debug, Default)]
pub struct Edge {
    /// (device, alias) → metric name; device `""` for the node's own metrics.
    aliases: HashMap<(String, u64), String>,
    /// The `seq` the next message should carry; `None` before a birth.
    next_seq: Option<u8>,
    bd_seq: Option<u64>,
    /// Tag index per metric key (`name` or `device:name`).
    tags: HashMap<String, usize>,
    /// Metric key → the datatype its birth gave: data messages need not repeat it (the
    /// specification says they should not), and a signed integer cannot be read without it.
    datatypes: HashMap<String, u32>,
}

impl Edge {
    /// An edge node whose tags name these metric keys, in the connection's order.
    pub fn new<'a>(tags: impl IntoIterator<Item = &'a str>) -> Edge {
        Edge {
            tags: tags
                .into_iter()
                .enumerate()
                .map(|(i, k)| (k.to_string(), i))
                .collect(),
            ..Default::default()
        }
    }

    /// Reads one message of the edge node (already matched to its group and node).
    pub fn read(&mut self, t: &Topic<'_>, bytes: &[u8]) -> Said {
        let Ok(p) = Payload::decode(bytes) else {
            return Said::Lost(format!("{:?}: a payload that is not Sparkplug B", t.kind));
        };
        let device = t.device.unwrap_or("").to_string();
        match t.kind {
            Kind::NCmd | Kind::DCmd => return Said::Nothing,
            Kind::NDeath => {
                let bd = bd_seq(&p);
                // A death of an older session (its bdSeq) says nothing of this one.
                if bd.is_some() && self.bd_seq.is_some() && bd != self.bd_seq {
                    return Said::Nothing;
                }
                self.next_seq = None;
                return Said::Dead(None);
            }
            _ => {}
        }
        // Every other message carries the node's seq.
        let seq = p.seq.map(|s| s as u8);
        match (t.kind, self.next_seq, seq) {
            (Kind::NBirth, _, _) => {
                self.aliases.clear();
                self.datatypes.clear();
                self.bd_seq = bd_seq(&p);
            }
            (_, None, _) => return Said::Lost(format!("{:?} before the node's birth", t.kind)),
            (_, Some(want), Some(got)) if want != got => {
                self.next_seq = None;
                return Said::Lost(format!("seq {got} where {want} was due"));
            }
            _ => {}
        }
        self.next_seq = Some(seq.unwrap_or(0).wrapping_add(1));
        if t.kind == Kind::DDeath {
            return Said::Dead(Some(device));
        }
        let birth = matches!(t.kind, Kind::NBirth | Kind::DBirth);
        let when = millis(p.timestamp).unwrap_or_else(Utc::now);
        let mut values = Vec::new();
        for m in &p.metrics {
            let name = match (&m.name, m.alias) {
                (Some(n), alias) => {
                    if birth && let Some(a) = alias {
                        self.aliases.insert((device.clone(), a), n.clone());
                    }
                    n.clone()
                }
                (None, Some(a)) => match self.aliases.get(&(device.clone(), a)) {
                    Some(n) => n.clone(),
                    None => continue,
                },
                (None, None) => continue,
            };
            let key = if device.is_empty() {
                name
            } else {
                format!("{device}:{name}")
            };
            if birth && let Some(dt) = m.datatype {
                self.datatypes.insert(key.clone(), dt);
            }
            if let Some(&i) = self.tags.get(&key) {
                let v = match (m.datatype, self.datatypes.get(&key)) {
                    (None, Some(&dt)) => value(&Metric {
                        datatype: Some(dt),
                        ..m.clone()
                    }),
                    _ => value(m),
                };
                values.push((i, v, millis(m.timestamp).unwrap_or(when)));
            }
        }
        Said::Values(values)
    }
}

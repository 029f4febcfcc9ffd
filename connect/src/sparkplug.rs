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

use std::collections::HashMap;

use chrono::{DateTime, TimeZone, Utc};
use prost::Message as _;

use crate::values::Value;

/// The namespace every Sparkplug B topic starts with.
pub const NAMESPACE: &str = "spBv1.0";

/// The Sparkplug B payload (the parts read here).
#[derive(Clone, PartialEq, prost::Message)]
pub struct Payload {
    #[prost(uint64, optional, tag = "1")]
    pub timestamp: Option<u64>,
    #[prost(message, repeated, tag = "2")]
    pub metrics: Vec<Metric>,
    #[prost(uint64, optional, tag = "3")]
    pub seq: Option<u64>,
    #[prost(string, optional, tag = "4")]
    pub uuid: Option<String>,
    #[prost(bytes = "vec", optional, tag = "5")]
    pub body: Option<Vec<u8>>,
}

/// One metric of a payload.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Metric {
    #[prost(string, optional, tag = "1")]
    pub name: Option<String>,
    #[prost(uint64, optional, tag = "2")]
    pub alias: Option<u64>,
    #[prost(uint64, optional, tag = "3")]
    pub timestamp: Option<u64>,
    #[prost(uint32, optional, tag = "4")]
    pub datatype: Option<u32>,
    #[prost(bool, optional, tag = "5")]
    pub is_historical: Option<bool>,
    #[prost(bool, optional, tag = "6")]
    pub is_transient: Option<bool>,
    #[prost(bool, optional, tag = "7")]
    pub is_null: Option<bool>,
    #[prost(oneof = "MetricValue", tags = "10, 11, 12, 13, 14, 15, 16")]
    pub value: Option<MetricValue>,
}

/// A metric's scalar value.
#[derive(Clone, PartialEq, prost::Oneof)]
pub enum MetricValue {
    #[prost(uint32, tag = "10")]
    IntValue(u32),
    #[prost(uint64, tag = "11")]
    LongValue(u64),
    #[prost(float, tag = "12")]
    FloatValue(f32),
    #[prost(double, tag = "13")]
    DoubleValue(f64),
    #[prost(bool, tag = "14")]
    BooleanValue(bool),
    #[prost(string, tag = "15")]
    StringValue(String),
    #[prost(bytes = "vec", tag = "16")]
    BytesValue(Vec<u8>),
}

/// Sparkplug's data types (the scalar ones a tag reads).
pub mod datatype {
    pub const INT8: u32 = 1;
    pub const INT16: u32 = 2;
    pub const INT32: u32 = 3;
    pub const INT64: u32 = 4;
    pub const UINT8: u32 = 5;
    pub const UINT16: u32 = 6;
    pub const UINT32: u32 = 7;
    pub const UINT64: u32 = 8;
    pub const FLOAT: u32 = 9;
    pub const DOUBLE: u32 = 10;
    pub const BOOLEAN: u32 = 11;
    pub const STRING: u32 = 12;
    pub const DATETIME: u32 = 13;
    pub const TEXT: u32 = 14;
}

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

/// The payload of an NCMD that asks the edge node for a new birth certificate.
pub fn rebirth(now: DateTime<Utc>) -> Vec<u8> {
    Payload {
        timestamp: Some(now.timestamp_millis() as u64),
        metrics: vec![Metric {
            name: Some("Node Control/Rebirth".into()),
            datatype: Some(datatype::BOOLEAN),
            value: Some(MetricValue::BooleanValue(true)),
            ..Default::default()
        }],
        ..Default::default()
    }
    .encode_to_vec()
}

/// A metric's value as a tag reads it; `None` for a null, a type no tag reads, or no value.
pub fn value(m: &Metric) -> Option<Value> {
    if m.is_null == Some(true) {
        return None;
    }
    let dt = m.datatype.unwrap_or(0);
    Some(match m.value.as_ref()? {
        // Signed types travel as their two's complement in the unsigned field.
        MetricValue::IntValue(x) => Value::Number(match dt {
            datatype::INT8 => f64::from(*x as u8 as i8),
            datatype::INT16 => f64::from(*x as u16 as i16),
            datatype::INT32 => f64::from(*x as i32),
            _ => f64::from(*x),
        }),
        MetricValue::LongValue(x) => Value::Number(match dt {
            datatype::INT64 => *x as i64 as f64,
            _ => *x as f64,
        }),
        MetricValue::FloatValue(x) => Value::Number(f64::from(*x)),
        MetricValue::DoubleValue(x) => Value::Number(*x),
        MetricValue::BooleanValue(b) => Value::Bool(*b),
        MetricValue::StringValue(s) => Value::Text(s.clone()),
        MetricValue::BytesValue(_) => return None,
    })
}

/// The `bdSeq` metric of a birth or death certificate.
fn bd_seq(p: &Payload) -> Option<u64> {
    p.metrics
        .iter()
        .find(|m| m.name.as_deref() == Some("bdSeq"))
        .and_then(|m| match m.value {
            Some(MetricValue::LongValue(x)) => Some(x),
            Some(MetricValue::IntValue(x)) => Some(u64::from(x)),
            _ => None,
        })
}

fn millis(ms: Option<u64>) -> Option<DateTime<Utc>> {
    Utc.timestamp_millis_opt(i64::try_from(ms?).ok()?).single()
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
            if let Some(&i) = self.tags.get(&key) {
                values.push((i, value(m), millis(m.timestamp).unwrap_or(when)));
            }
        }
        Said::Values(values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn metric(name: Option<&str>, alias: Option<u64>, v: MetricValue, dt: u32) -> Metric {
        Metric {
            name: name.map(str::to_string),
            alias,
            datatype: Some(dt),
            value: Some(v),
            ..Default::default()
        }
    }

    fn payload(seq: u64, metrics: Vec<Metric>) -> Vec<u8> {
        Payload {
            timestamp: Some(1_764_300_000_000),
            metrics,
            seq: Some(seq),
            ..Default::default()
        }
        .encode_to_vec()
    }

    #[test]
    fn topics() {
        let t = topic("spBv1.0/Mill/DDATA/Gateway1/Mixer1").unwrap();
        assert_eq!(
            (t.group, t.kind, t.edge, t.device),
            ("Mill", Kind::DData, "Gateway1", Some("Mixer1"))
        );
        assert_eq!(topic("spBv1.0/Mill/NDATA/Gateway1").unwrap().device, None);
        assert!(topic("spBv1.0/Mill/NDATA/Gateway1/Mixer1").is_none());
        assert!(topic("spBv1.0/Mill/DDATA/Gateway1").is_none());
        assert!(topic("spAv1.0/Mill/NDATA/Gateway1").is_none());
        assert!(topic("spBv1.0/Mill/STATE/Gateway1").is_none());
    }

    #[test]
    fn births_name_aliases_that_data_uses() {
        let mut e = Edge::new(["Press/Current", "Mixer1:Temperature", "Overload"]);
        let t = |s: &'static str| topic(s).unwrap();
        let birth = payload(
            0,
            vec![
                metric(
                    Some("bdSeq"),
                    None,
                    MetricValue::LongValue(4),
                    datatype::INT64,
                ),
                metric(
                    Some("Press/Current"),
                    Some(1),
                    MetricValue::FloatValue(10.5),
                    datatype::FLOAT,
                ),
                metric(
                    Some("Overload"),
                    Some(2),
                    MetricValue::BooleanValue(false),
                    datatype::BOOLEAN,
                ),
                metric(
                    Some("Unmapped"),
                    Some(3),
                    MetricValue::IntValue(1),
                    datatype::INT32,
                ),
            ],
        );
        let Said::Values(v) = e.read(&t("spBv1.0/Mill/NBIRTH/Gw"), &birth) else {
            panic!()
        };
        assert_eq!(
            v.iter().map(|x| (x.0, x.1.clone())).collect::<Vec<_>>(),
            [
                (0, Some(Value::Number(10.5))),
                (2, Some(Value::Bool(false)))
            ]
        );
        let dbirth = payload(
            1,
            vec![metric(
                Some("Temperature"),
                Some(1),
                MetricValue::IntValue((-3i32) as u32),
                datatype::INT32,
            )],
        );
        let Said::Values(v) = e.read(&t("spBv1.0/Mill/DBIRTH/Gw/Mixer1"), &dbirth) else {
            panic!()
        };
        assert_eq!(v[0].0, 1);
        assert_eq!(
            v[0].1,
            Some(Value::Number(-3.0)),
            "an Int32 in two's complement"
        );
        // Data by alias alone; a device's alias 1 is not the node's alias 1.
        let data = payload(
            2,
            vec![metric(
                None,
                Some(1),
                MetricValue::FloatValue(11.0),
                datatype::FLOAT,
            )],
        );
        let Said::Values(v) = e.read(&t("spBv1.0/Mill/NDATA/Gw"), &data) else {
            panic!()
        };
        assert_eq!((v[0].0, v[0].1.clone()), (0, Some(Value::Number(11.0))));
        let ddata = payload(
            3,
            vec![metric(
                None,
                Some(1),
                MetricValue::IntValue(25),
                datatype::INT32,
            )],
        );
        let Said::Values(v) = e.read(&t("spBv1.0/Mill/DDATA/Gw/Mixer1"), &ddata) else {
            panic!()
        };
        assert_eq!((v[0].0, v[0].1.clone()), (1, Some(Value::Number(25.0))));
        // A lost message: seq 5 where 4 was due.
        let late = payload(
            5,
            vec![metric(
                None,
                Some(1),
                MetricValue::FloatValue(12.0),
                datatype::FLOAT,
            )],
        );
        assert!(matches!(
            e.read(&t("spBv1.0/Mill/NDATA/Gw"), &late),
            Said::Lost(_)
        ));
        // Until the next birth, data says only that it cannot be read.
        assert!(matches!(
            e.read(&t("spBv1.0/Mill/NDATA/Gw"), &payload(6, vec![])),
            Said::Lost(_)
        ));
        // An old session's death is not this one's; this one's is.
        let death = |bd: u64| {
            Payload {
                metrics: vec![metric(
                    Some("bdSeq"),
                    None,
                    MetricValue::LongValue(bd),
                    datatype::INT64,
                )],
                ..Default::default()
            }
            .encode_to_vec()
        };
        assert_eq!(
            e.read(&t("spBv1.0/Mill/NDEATH/Gw"), &death(3)),
            Said::Nothing
        );
        assert_eq!(
            e.read(&t("spBv1.0/Mill/NDEATH/Gw"), &death(4)),
            Said::Dead(None)
        );
    }

    #[test]
    fn a_null_and_an_unreadable_payload() {
        let mut e = Edge::new(["A"]);
        let t = topic("spBv1.0/G/NBIRTH/E").unwrap();
        let mut m = metric(
            Some("A"),
            None,
            MetricValue::DoubleValue(1.0),
            datatype::DOUBLE,
        );
        m.is_null = Some(true);
        let Said::Values(v) = e.read(&t, &payload(0, vec![m])) else {
            panic!()
        };
        assert_eq!(v[0].1, None);
        assert!(matches!(e.read(&t, b"\xff\xff\xff"), Said::Lost(_)));
        let cmd = Payload::decode(rebirth(Utc::now()).as_slice()).unwrap();
        assert_eq!(cmd.metrics[0].name.as_deref(), Some("Node Control/Rebirth"));
    }
}

//! The Sparkplug B payload: the protobuf messages of the specification's `sparkplug_b.proto`
//! (the parts a connector reads, derived with prost), a metric's value as a tag reads it, and
//! the rebirth command.

use chrono::{DateTime, TimeZone, Utc};
use prost::Message as _;

use crate::values::Value;

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
pub(super) fn bd_seq(p: &Payload) -> Option<u64> {
    p.metrics
        .iter()
        .find(|m| m.name.as_deref() == Some("bdSeq"))
        .and_then(|m| match m.value {
            Some(MetricValue::LongValue(x)) => Some(x),
            Some(MetricValue::IntValue(x)) => Some(u64::from(x)),
            _ => None,
        })
}

pub(super) fn millis(ms: Option<u64>) -> Option<DateTime<Utc>> {
    Utc.timestamp_millis_opt(i64::try_from(ms?).ok()?).single()
}

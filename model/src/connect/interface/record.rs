//! A record read from the controller, checked as ingest would check it and made a message
//! with a stable id.

use chrono::{DateTime, Utc};
use serde_json::{Map, Value as Json};
use uuid::Uuid;

use super::{Channel, Field, NodeType};
use crate::wire::{self, Envelope, Kind, Sample};

/// A value read from a field node.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldValue {
    Text(String),
    Number(f64),
    Integer(i64),
    Bool(bool),
    Time(DateTime<Utc>),
    /// No value (a null variant, or a type the field does not take).
    Empty,
}

/// The id of record `sequence` of `channel` in `epoch` of the controller of `line`: the same
/// whenever the record is read again (a connector restarted before it acknowledged), so it is
/// stored once.
pub fn record_id(line: &str, channel: &str, epoch: u32, sequence: u32) -> Uuid {
    Uuid::new_v5(
        &Uuid::NAMESPACE_URL,
        format!("batchline:{line}/{channel}/{epoch}/{sequence}").as_bytes(),
    )
}

/// The message of one record, ready to publish: subject, message id (the record's id, so
/// JetStream drops a second publish) and the envelope's JSON. The record is checked as ingest
/// would check it; what it refuses is answered with the field and the reason.
pub struct RecordMessage {
    pub subject: String,
    pub id: Uuid,
    pub payload: Vec<u8>,
}

/// Builds the message of a record from its field values (in the order of `channel.fields`)
/// and its time (`None`: now).
pub fn record(
    channel: &Channel,
    line: &str,
    epoch: u32,
    sequence: u32,
    time: Option<DateTime<Utc>>,
    values: &[FieldValue],
) -> Result<RecordMessage, String> {
    let id = record_id(line, channel.name, epoch, sequence);
    let mut m = Map::new();
    m.insert("id".into(), Json::String(id.to_string()));
    let time = time.filter(|t| t.timestamp() > 0).unwrap_or_else(Utc::now);
    m.insert("time".into(), serde_json::to_value(time).expect("a time"));
    for (fld, v) in channel.fields.iter().zip(values) {
        m.insert(fld.key.into(), json(fld, v)?);
    }
    let sample = Json::Object(m);
    macro_rules! message {
        ($t:ty) => {{
            let s: $t = serde_json::from_value(sample).map_err(|e| e.to_string())?;
            s.check()?;
            let mut e = Envelope::new(line, vec![s]);
            e.id = id;
            RecordMessage {
                subject: e.subject(),
                id,
                payload: serde_json::to_vec(&e).map_err(|e| e.to_string())?,
            }
        }};
    }
    Ok(match channel.kind {
        Kind::Weighing => message!(wire::Weighing),
        Kind::Mixing => message!(wire::Mixing),
        Kind::Batch => message!(wire::BatchEvent),
        Kind::Bin => message!(wire::BinMovement),
        Kind::Calibration => message!(wire::Calibration),
        other => return Err(format!("no record channel carries {}", other.as_str())),
    })
}

/// A field's value as the wire's JSON.
fn json(fld: &Field, v: &FieldValue) -> Result<Json, String> {
    let wrong = || format!("{}: not a {}", fld.node, fld.ty.name());
    Ok(match (fld.ty, v) {
        (NodeType::String, FieldValue::Text(s)) if fld.optional && s.trim().is_empty() => {
            Json::Null
        }
        (NodeType::String, FieldValue::Text(s)) => Json::String(s.trim().to_string()),
        (NodeType::String, FieldValue::Empty) if fld.optional => Json::Null,
        (NodeType::Double, FieldValue::Number(n)) if fld.optional && n.is_nan() => Json::Null,
        (NodeType::Double, FieldValue::Number(n)) => serde_json::Number::from_f64(*n)
            .map(Json::Number)
            .ok_or_else(|| format!("{}: {n} is not a number", fld.node))?,
        (NodeType::Double, FieldValue::Integer(i)) => Json::from(*i as f64),
        (NodeType::Double, FieldValue::Empty) if fld.optional => Json::Null,
        (NodeType::Int32 | NodeType::UInt32, FieldValue::Integer(i)) => Json::from(*i),
        (NodeType::Boolean, FieldValue::Bool(b)) => Json::Bool(*b),
        _ => return Err(wrong()),
    })
}

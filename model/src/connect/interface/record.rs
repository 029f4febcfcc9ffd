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
    /// A value of a type no field takes: its OPC UA type's name.
    Other(String),
    /// No value (a null variant).
    Empty,
}

impl FieldValue {
    fn type_name(&self) -> &str {
        match self {
            FieldValue::Text(_) => "String",
            FieldValue::Number(_) => "Double",
            FieldValue::Integer(_) => "integer",
            FieldValue::Bool(_) => "Boolean",
            FieldValue::Other(t) => t,
            FieldValue::Empty => "no value",
        }
    }
}

/// Why field `fld` cannot take `v` by its type (not by its value): the controller's program
/// serves the node with another type, or leaves a required one without a value. That is no
/// fault of the record but of the program, so the record is not refused (and lost) but waits,
/// with this said, until the program is put right. `None` when the type fits.
pub fn misfit(fld: &Field, v: &FieldValue) -> Option<String> {
    let fits = match (fld.ty, v) {
        (_, FieldValue::Empty) => fld.optional,
        (NodeType::String, FieldValue::Text(_))
        | (NodeType::Double, FieldValue::Number(_) | FieldValue::Integer(_))
        | (NodeType::Int32 | NodeType::UInt32, FieldValue::Integer(_))
        | (NodeType::Boolean, FieldValue::Bool(_)) => true,
        _ => false,
    };
    (!fits).then(|| {
        format!(
            "{}: {} where a {} is wanted",
            fld.node,
            match v {
                FieldValue::Empty => "no value".to_string(),
                other => format!("a {}", other.type_name()),
            },
            fld.ty.name()
        )
    })
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
/// and its time. A record without a time (`None`, or the minimum DateTime) is refused: its time
/// is part of its key in the database, so one read again after the stream forgot its id (two
/// minutes) would be stored twice under two times of reading.
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
    let time = time
        .filter(|t| t.timestamp() > 0)
        .ok_or_else(|| format!("{}: not set", super::TIME))?;
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

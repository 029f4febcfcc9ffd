//! The batching interface (issue 32, `docs/plant-interface.md`): what generic tags cannot carry
//! — completed doses, mixing steps, batch start and end, bin movements, calibration checks —
//! comes from the controller as *records* through a fixed node layout under the line's
//! interface folder, one channel per record type, each with a sequence handshake; and the
//! line's orders and commands go to the controller the same way. This module is the layout
//! (node names, types) and the rules of a record; the connector (`connect::interface`) and the
//! simulated controller (`sim::plc`) both follow it, and a test keeps the document true to it.
//!
//! Node ids are string ids in the folder's namespace: the folder `ns=2;s=Line1` has the
//! channel `Dose` at `ns=2;s=Line1.Dose` and its field `ActualKg` at `ns=2;s=Line1.Dose.ActualKg`.

use chrono::{DateTime, Utc};
use serde_json::{Map, Value as Json};
use uuid::Uuid;

use crate::wire::{self, Envelope, Kind, Sample};

/// The OPC UA data type of a node of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeType {
    String,
    Double,
    Int32,
    UInt32,
    Boolean,
    DateTime,
}

impl NodeType {
    pub fn name(self) -> &'static str {
        match self {
            NodeType::String => "String",
            NodeType::Double => "Double",
            NodeType::Int32 => "Int32",
            NodeType::UInt32 => "UInt32",
            NodeType::Boolean => "Boolean",
            NodeType::DateTime => "DateTime",
        }
    }
}

/// One field of a record: its node name, the wire field it fills, its type, and whether an
/// empty string (or a NaN number) means "none".
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Field {
    pub node: &'static str,
    pub key: &'static str,
    pub ty: NodeType,
    pub optional: bool,
}

const fn f(node: &'static str, key: &'static str, ty: NodeType) -> Field {
    Field {
        node,
        key,
        ty,
        optional: false,
    }
}

const fn opt(node: &'static str, key: &'static str, ty: NodeType) -> Field {
    Field {
        node,
        key,
        ty,
        optional: true,
    }
}

use NodeType::{Boolean, DateTime as Time, Double, Int32, String as Text, UInt32};

/// A record channel: the controller fills its fields, then raises `Sequence`; the connector
/// publishes the record and writes the sequence back to `Ack`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Channel {
    pub name: &'static str,
    pub kind: Kind,
    pub fields: &'static [Field],
}

/// The handshake nodes of every record channel (besides its fields).
pub const SEQUENCE: &str = "Sequence";
pub const ACK: &str = "Ack";
/// The record's time (`Time`, DateTime): when it happened at the controller; the minimum
/// DateTime (or none) means "when the connector read it".
pub const TIME: &str = "Time";
/// Under the interface folder: the controller's epoch (UInt32), changed whenever its
/// sequence numbers start again (a cold start that lost them), so no record id repeats.
pub const EPOCH: &str = "Epoch";

pub const DOSE: Channel = Channel {
    name: "Dose",
    kind: Kind::Weighing,
    fields: &[
        f("BatchId", "batchId", Text),
        f("ScaleId", "scaleId", Text),
        opt("BinId", "binId", Text),
        f("MaterialId", "materialId", Text),
        opt("Lot", "lot", Text),
        f("SetpointKg", "setpointKg", Double),
        f("ActualKg", "actualKg", Double),
        f("DeviationKg", "deviationKg", Double),
        f("ToleranceKg", "toleranceKg", Double),
        f("InTolerance", "inTolerance", Boolean),
        f("DurationS", "durationS", Double),
        f("InflightKg", "inflightKg", Double),
    ],
};

pub const MIXING: Channel = Channel {
    name: "Mixing",
    kind: Kind::Mixing,
    fields: &[
        f("BatchId", "batchId", Text),
        f("MixingActionId", "mixingActionId", Text),
        f("PlannedS", "plannedS", Double),
        f("ActualS", "actualS", Double),
        f("EnergyKwh", "energyKwh", Double),
        f("PeakPowerKw", "peakPowerKw", Double),
    ],
};

pub const BATCH: Channel = Channel {
    name: "Batch",
    kind: Kind::Batch,
    fields: &[
        f("Event", "event", Text),
        f("BatchId", "batchId", Text),
        opt("OrderId", "productionScheduleId", Text),
        opt("OrderName", "scheduleName", Text),
        f("RecipeId", "recipeId", Text),
        opt("RecipeCode", "recipeCode", Text),
        opt("RecipeName", "recipeName", Text),
        f("RecipeVersion", "recipeVersion", Int32),
        f("Status", "status", Text),
        f("TargetKg", "targetKg", Double),
        opt("ActualKg", "actualKg", Double),
        opt("ShiftId", "shiftId", Text),
    ],
};

pub const BIN: Channel = Channel {
    name: "Bin",
    kind: Kind::Bin,
    fields: &[
        f("BinId", "binId", Text),
        f("MaterialId", "materialId", Text),
        opt("Lot", "lot", Text),
        f("DeltaKg", "deltaKg", Double),
        f("LevelKg", "levelKg", Double),
        f("Movement", "kind", Text),
    ],
};

pub const CALIBRATION: Channel = Channel {
    name: "Calibration",
    kind: Kind::Calibration,
    fields: &[
        f("ScaleId", "scaleId", Text),
        f("TestWeightKg", "testWeightKg", Double),
        f("ReadingKg", "readingKg", Double),
        f("ErrorKg", "errorKg", Double),
        f("Passed", "passed", Boolean),
        opt("By", "by", Text),
    ],
};

/// Every record channel, in the order the document lists them.
pub const CHANNELS: [Channel; 5] = [DOSE, MIXING, BATCH, BIN, CALIBRATION];

/// The order channel (`Order`): the connector writes the line's next order — `OrderId`,
/// `OrderNumber`, `Kind` (PRODUCTION or FLUSH), `Name`, `Batches`, `BatchesDone`, `ControlRecipe` (the frozen control
/// recipe, JSON) — then raises `Sequence`; the controller answers by writing that sequence to
/// `Accepted`, or to `Rejected` with `RejectReason`.
pub const ORDER: &str = "Order";
pub const ORDER_FIELDS: [(&str, NodeType); 7] = [
    ("OrderId", Text),
    ("OrderNumber", Text),
    ("Kind", Text),
    ("Name", Text),
    ("Batches", Int32),
    ("BatchesDone", Int32),
    ("ControlRecipe", Text),
];
pub const ACCEPTED: &str = "Accepted";
pub const REJECTED: &str = "Rejected";
pub const REJECT_REASON: &str = "RejectReason";

/// The command channel (`Command`): the connector writes `Command` (HOLD, RESUME or ABORT) and
/// `OrderId`, then raises `Sequence`; the controller writes the sequence to `Ack` once done.
pub const COMMAND: &str = "Command";
pub const COMMAND_FIELDS: [(&str, NodeType); 2] = [("Command", Text), ("OrderId", Text)];

/// A command to the controller about one of its orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Finish the current batch, start no other.
    Hold,
    /// Go on with the order.
    Resume,
    /// Stop the order's current batch now and run no more of it.
    Abort,
}

impl Command {
    pub fn as_str(self) -> &'static str {
        match self {
            Command::Hold => "HOLD",
            Command::Resume => "RESUME",
            Command::Abort => "ABORT",
        }
    }

    pub fn parse(s: &str) -> Option<Command> {
        [Command::Hold, Command::Resume, Command::Abort]
            .into_iter()
            .find(|c| c.as_str() == s)
    }
}

/// Every node of the interface under a line's folder, with its type and who writes it
/// (`true`: the controller): what the simulated controller creates and the document lists.
pub fn nodes() -> Vec<(String, NodeType, bool)> {
    let mut out = vec![(EPOCH.to_string(), UInt32, true)];
    for c in CHANNELS {
        out.push((format!("{}.{SEQUENCE}", c.name), UInt32, true));
        out.push((format!("{}.{ACK}", c.name), UInt32, false));
        out.push((format!("{}.{TIME}", c.name), Time, true));
        for fld in c.fields {
            out.push((format!("{}.{}", c.name, fld.node), fld.ty, true));
        }
    }
    out.push((format!("{ORDER}.{SEQUENCE}"), UInt32, false));
    for (n, ty) in ORDER_FIELDS {
        out.push((format!("{ORDER}.{n}"), ty, false));
    }
    out.push((format!("{ORDER}.{ACCEPTED}"), UInt32, true));
    out.push((format!("{ORDER}.{REJECTED}"), UInt32, true));
    out.push((format!("{ORDER}.{REJECT_REASON}"), Text, true));
    out.push((format!("{COMMAND}.{SEQUENCE}"), UInt32, false));
    for (n, ty) in COMMAND_FIELDS {
        out.push((format!("{COMMAND}.{n}"), ty, false));
    }
    out.push((format!("{COMMAND}.{ACK}"), UInt32, true));
    out
}

/// The string node id of `path` under the interface folder `folder` (`ns=2;s=Line1` and
/// `Dose.ActualKg` give `ns=2;s=Line1.Dose.ActualKg`); `None` when the folder is not a string
/// node id.
pub fn node_id(folder: &str, path: &str) -> Option<String> {
    let (prefix, name) = match folder.strip_prefix("s=") {
        Some(name) => ("", name),
        None => folder.split_once(";s=")?,
    };
    let sep = if prefix.is_empty() { "" } else { ";" };
    Some(format!("{prefix}{sep}s={name}.{path}"))
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn dose_values(actual: f64) -> Vec<FieldValue> {
        use FieldValue::*;
        vec![
            Text("L1-0001".into()),
            Text("SCALE1".into()),
            Text("".into()),
            Text("CORN".into()),
            Text("LOT-7".into()),
            Number(500.0),
            Number(actual),
            Number(actual - 500.0),
            Number(2.0),
            Bool(true),
            Number(31.5),
            Number(1.2),
        ]
    }

    #[test]
    fn a_dose_record_becomes_a_weighing_with_a_stable_id() {
        let m = record(&DOSE, "line-1", 7, 42, None, &dose_values(501.0)).unwrap();
        assert_eq!(m.subject, wire::subject("line-1", Kind::Weighing));
        let again = record(&DOSE, "line-1", 7, 42, None, &dose_values(501.0)).unwrap();
        assert_eq!(m.id, again.id, "read again, the same record keeps its id");
        assert_ne!(
            m.id,
            record_id("line-1", "Dose", 8, 42),
            "another epoch, another id"
        );
        let e: Envelope<wire::Weighing> = serde_json::from_slice(&m.payload).unwrap();
        assert_eq!(e.id, m.id);
        let w = &e.samples[0];
        assert_eq!(w.id, m.id);
        assert_eq!(w.bin_id, None, "an empty optional text is none");
        assert_eq!(w.lot.as_deref(), Some("LOT-7"));
        assert_eq!(w.actual_kg, 501.0);
        assert!(w.in_tolerance);
    }

    #[test]
    fn a_record_the_wire_refuses_says_which_field() {
        let err = record(&DOSE, "line-1", 1, 1, None, &dose_values(f64::INFINITY))
            .err()
            .unwrap();
        assert!(err.contains("ActualKg"), "{err}");
        let mut v = dose_values(500.0);
        v[5] = FieldValue::Text("five hundred".into());
        assert_eq!(
            record(&DOSE, "line-1", 1, 1, None, &v).err().unwrap(),
            "SetpointKg: not a Double"
        );
    }

    #[test]
    fn a_batch_start_has_no_actual_weight() {
        use FieldValue::*;
        let v = vec![
            Text("STARTED".into()),
            Text("L1-0001".into()),
            Text("".into()),
            Text("".into()),
            Text("R1".into()),
            Text("BRG".into()),
            Text("Broiler".into()),
            Integer(3),
            Text("RUNNING".into()),
            Number(2000.0),
            Number(f64::NAN),
            Text("".into()),
        ];
        let m = record(&BATCH, "line-1", 1, 1, None, &v).unwrap();
        let e: Envelope<wire::BatchEvent> = serde_json::from_slice(&m.payload).unwrap();
        assert_eq!(e.samples[0].actual_kg, None);
        assert_eq!(e.samples[0].event, wire::BatchEventKind::Started);
        assert_eq!(e.samples[0].production_schedule_id, None);
    }

    #[test]
    fn node_ids_follow_the_folder() {
        assert_eq!(
            node_id("ns=2;s=Line1", "Dose.ActualKg").as_deref(),
            Some("ns=2;s=Line1.Dose.ActualKg")
        );
        assert_eq!(node_id("s=L", "Epoch").as_deref(), Some("s=L.Epoch"));
        assert_eq!(node_id("ns=2;i=5", "Epoch"), None);
        let nodes = nodes();
        let unique: std::collections::HashSet<_> = nodes.iter().map(|n| &n.0).collect();
        assert_eq!(unique.len(), nodes.len());
    }

    #[test]
    fn the_document_names_every_node_with_its_type() {
        let doc = include_str!("../../../docs/plant-interface.md");
        for (path, ty, _) in nodes() {
            // The three handshake nodes of the record channels have one row for all five.
            let path = match path.split_once('.') {
                Some((c, n))
                    if CHANNELS.iter().any(|ch| ch.name == c)
                        && [SEQUENCE, ACK, TIME].contains(&n) =>
                {
                    format!("<Channel>.{n}")
                }
                _ => path,
            };
            let row = doc
                .lines()
                .find(|l| l.starts_with(&format!("| `{path}` |")))
                .unwrap_or_else(|| panic!("docs/plant-interface.md has no row for {path}"));
            assert!(row.contains(&format!("| {} |", ty.name())), "{path}: {row}");
        }
    }
}

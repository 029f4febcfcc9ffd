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

mod record;
#[cfg(test)]
mod tests;

pub use record::{FieldValue, RecordMessage, misfit, record, record_id};

use crate::wire::Kind;

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

/// The bins of the line not to dose from (`HeldBins`, written by Batchline, optional): a JSON
/// array of [`HeldBin`], `[]` when none, rewritten whenever the board's marks change (a lot
/// blocked or released after the controller accepted an order). A state, not a handshake: the
/// controller reads it before each dose.
pub const HELD_BINS: &str = "HeldBins";

/// A bin holding a lot that is not released, as `HeldBins` lists it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HeldBin {
    pub bin_code: String,
    pub lot_number: String,
    /// QUARANTINE or BLOCKED.
    pub status: String,
}

/// The held bins the board's entries mark (each weighing's `heldLot`), by bin, as `HeldBins`
/// carries them.
pub fn held_bins(entries: &[crate::schedule::board::BoardEntry]) -> String {
    let mut held: Vec<HeldBin> = entries
        .iter()
        .flat_map(|e| e.control_recipe.weighings.iter())
        .filter_map(|w| {
            let h = w.held_lot.as_ref()?;
            Some(HeldBin {
                bin_code: w.bin_code.clone()?.to_uppercase(),
                lot_number: h.lot_number.clone(),
                status: h.status.as_str().to_string(),
            })
        })
        .collect();
    held.sort();
    held.dedup_by(|a, b| a.bin_code == b.bin_code);
    serde_json::to_string(&held).unwrap_or_else(|_| "[]".into())
}

/// A command to the controller about one of its orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "UPPERCASE")]
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
    out.push((HELD_BINS.to_string(), Text, false));
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

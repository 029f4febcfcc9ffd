//! A simulated line's controller as a real one would serve the batching interface
//! (`docs/plant-interface.md`, [`model::connect::interface`]) on its OPC UA server: the line's
//! folder holds the interface nodes and the line's values; records wait in a queue per channel
//! and go out one at a time through the sequence handshake; orders and commands written by the
//! connector become the line's orders. Like a PLC, it looks at its nodes once per scan
//! ([`SCAN`]).
//!
//! The line's values (what generic tags read) are variables beside the interface:
//! `<line>.Process.<code>` and `<line>.Pressure.<sensor>` (Double), `<line>.Alarm.<code>`
//! (Boolean), `<line>.State` (Int32: 0 STOPPED, 1 RUNNING, 2 IDLE, 3 FAULT); see
//! [`generic_tags`], which a connection of the demo plant maps (`values`); the handshakes are
//! `handshake`.

mod handshake;
mod values;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use model::connect::interface::{self as layout, NodeType};
use model::wire::Sample;
use opcua::types::{DateTime as UaDateTime, UAString, Variant};
use tokio::sync::{mpsc, watch};

use handshake::{send_records, take_orders};
use model::connect::TagKind;
pub use values::generic_tags;

use crate::board::Orders;
use crate::opcua::PlantServer;

/// How often the controller looks at its handshake nodes.
pub const SCAN: Duration = Duration::from_millis(10);

/// Records a channel keeps while they wait for their acknowledgement (a PLC's ring buffer):
/// hours of a line's doses.
const BUFFERED: usize = 10_000;

/// One line's controller on the plant's OPC UA server.
pub struct Plc {
    server: Arc<PlantServer>,
    folder: String,
    records: HashMap<&'static str, mpsc::Sender<Vec<Variant>>>,
    /// Acknowledgements taken from Batchline, per alarm code.
    acks: Arc<std::sync::Mutex<HashMap<String, u64>>>,
    /// Records a full buffer could not take.
    lost: std::sync::atomic::AtomicU64,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Drop for Plc {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

fn initial(ty: NodeType) -> Variant {
    match ty {
        NodeType::String => Variant::String(UAString::from("")),
        NodeType::Double => Variant::Double(0.0),
        NodeType::Int32 => Variant::Int32(0),
        NodeType::UInt32 => Variant::UInt32(0),
        NodeType::Boolean => Variant::Boolean(false),
        NodeType::DateTime => Variant::DateTime(Box::new(UaDateTime::null())),
    }
}

impl Plc {
    /// Adds line `folder`'s nodes to `server` and starts its controller; `orders` receives the
    /// orders the connector offers, `line` and `line_code` as the board would name them.
    /// `epoch` starts the record ids of this run (a controller that lost its sequences).
    pub fn start(
        server: Arc<PlantServer>,
        folder: &str,
        line: &str,
        line_code: &str,
        epoch: u32,
        orders: watch::Sender<Orders>,
    ) -> Plc {
        server.add_folder(folder, folder, None);
        let mut folders = std::collections::HashSet::new();
        for (path, ty, _) in layout::nodes() {
            let (sub, name) = path.rsplit_once('.').unwrap_or(("", path.as_str()));
            let parent = if sub.is_empty() {
                folder.to_string()
            } else {
                let f = format!("{folder}.{sub}");
                if folders.insert(f.clone()) {
                    server.add_folder(&f, sub, Some(folder));
                }
                f
            };
            server.add_variable(&parent, &format!("{folder}.{path}"), name, initial(ty));
        }
        for sub in ["Process", "Pressure", "Alarm", values::ACK] {
            server.add_folder(&format!("{folder}.{sub}"), sub, Some(folder));
        }
        for t in generic_tags() {
            let parent = match t.node_id.rsplit_once('.') {
                Some((sub, _)) => format!("{folder}.{sub}"),
                None => folder.to_string(),
            };
            let name = t
                .node_id
                .rsplit('.')
                .next()
                .unwrap_or(&t.node_id)
                .to_string();
            let value = match t.kind {
                TagKind::Alarm => Variant::Boolean(false),
                TagKind::State => Variant::Int32(1),
                _ => Variant::Double(0.0),
            };
            server.add_variable(&parent, &format!("{folder}.{}", t.node_id), &name, value);
            if let Some(ack) = &t.ack_node_id {
                let name = ack.rsplit('.').next().unwrap_or(ack);
                let parent = format!("{folder}.{}", values::ACK);
                server.add_variable(&parent, &format!("{folder}.{ack}"), name, false);
            }
        }
        let _ = server.set(
            &format!("{folder}.{}", layout::EPOCH),
            Variant::UInt32(epoch),
        );
        let mut plc = Plc {
            server: server.clone(),
            folder: folder.to_string(),
            records: HashMap::new(),
            acks: Arc::default(),
            lost: Default::default(),
            tasks: Vec::new(),
        };
        for c in layout::CHANNELS {
            let (tx, rx) = mpsc::channel(BUFFERED);
            plc.records.insert(c.name, tx);
            plc.tasks.push(tokio::spawn(send_records(
                server.clone(),
                folder.to_string(),
                c,
                rx,
            )));
        }
        plc.tasks.push(tokio::spawn(take_acks(
            server.clone(),
            folder.to_string(),
            plc.acks.clone(),
        )));
        plc.tasks.push(tokio::spawn(take_orders(
            server,
            folder.to_string(),
            line.to_string(),
            line_code.to_string(),
            orders,
        )));
        plc
    }

    fn set(&self, path: &str, v: Variant) {
        if let Err(e) = self.server.set(&format!("{}.{path}", self.folder), v) {
            tracing::debug!("simulated controller: {e:#}");
        }
    }

    /// What the line says: records go through their channel's handshake, values to their
    /// variables.
    pub fn send<T: Sample>(&self, samples: &[T]) {
        let channel = layout::CHANNELS.into_iter().find(|c| c.kind == T::KIND);
        for s in samples {
            let json = serde_json::to_value(s).unwrap_or_default();
            match channel {
                Some(c) => {
                    let mut values = vec![Variant::DateTime(Box::new(UaDateTime::from(s.time())))];
                    values.extend(c.fields.iter().map(|f| variant(f.ty, &json[f.key])));
                    if self.records[c.name].try_send(values).is_err() {
                        // As a PLC's ring buffer when nobody acknowledges: full, the newest is
                        // lost (said now and then, not for every record).
                        let lost = self.lost.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if lost.is_multiple_of(1_000) {
                            tracing::warn!(
                                folder = self.folder,
                                lost = lost + 1,
                                "simulated controller: the record buffer is full (is a connector acknowledging?)"
                            );
                        }
                    }
                }
                None => self.show(&json, T::KIND),
            }
        }
    }
}

/// A record field's value from the sample's JSON: none is an empty text or a NaN number.
fn variant(ty: NodeType, v: &serde_json::Value) -> Variant {
    match ty {
        NodeType::String => Variant::String(UAString::from(match v {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Null => String::new(),
            other => other.to_string(),
        })),
        NodeType::Double => Variant::Double(v.as_f64().unwrap_or(f64::NAN)),
        NodeType::Int32 => Variant::Int32(v.as_i64().unwrap_or_default() as i32),
        NodeType::UInt32 => Variant::UInt32(v.as_u64().unwrap_or_default() as u32),
        NodeType::Boolean => Variant::Boolean(v.as_bool().unwrap_or_default()),
        NodeType::DateTime => Variant::DateTime(Box::new(UaDateTime::null())),
    }
}

pub(super) fn number(server: &PlantServer, path: &str) -> u32 {
    match server.get(path) {
        Some(Variant::UInt32(x)) => x,
        _ => 0,
    }
}

pub(super) fn text(server: &PlantServer, path: &str) -> String {
    match server.get(path) {
        Some(Variant::String(s)) => s.as_ref().to_string(),
        _ => String::new(),
    }
}

impl Plc {
    /// How many acknowledgements made in Batchline the controller took for alarm `code`.
    pub fn acks_taken(&self, code: &str) -> u64 {
        self.acks
            .lock()
            .map(|a| a.get(code).copied().unwrap_or(0))
            .unwrap_or(0)
    }
}

/// Takes the acknowledgements Batchline writes (`<line>.Ack.<code>` set to `true`), as a
/// controller program does: notes it and resets the node, every scan.
async fn take_acks(
    server: Arc<PlantServer>,
    folder: String,
    taken: Arc<std::sync::Mutex<HashMap<String, u64>>>,
) {
    let nodes: Vec<(String, String)> = generic_tags()
        .into_iter()
        .filter_map(|t| Some((t.code, format!("{folder}.{}", t.ack_node_id?))))
        .collect();
    let mut scan = tokio::time::interval(SCAN * 10);
    loop {
        scan.tick().await;
        for (code, node) in &nodes {
            if server.get(node) == Some(Variant::Boolean(true)) {
                tracing::info!(folder, code, "the controller took an acknowledgement");
                if let Ok(mut t) = taken.lock() {
                    *t.entry(code.clone()).or_default() += 1;
                }
                let _ = server.set(node, Variant::Boolean(false));
            }
        }
    }
}

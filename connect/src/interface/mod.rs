//! The batching interface of an OPC UA connection (issue 32, `docs/plant-interface.md`,
//! [`model::connect::interface`]): records from the controller, orders and commands to it.
//!
//! Every cycle (the connection's sampling interval) the connector reads the handshake nodes in
//! one call. A record channel whose `Sequence` differs from its `Ack` holds a record: its
//! fields are read, the record is published with an id made of line, channel, epoch and
//! sequence, and only once the stream acknowledged it (or it is kept on disk) is the sequence
//! written back to `Ack` — so a record is published exactly once across restarts of either
//! side: read again after a crash, it keeps its id and the stream and ingest drop the copy. A
//! record the wire refuses is acknowledged all the same (one bad record never stalls the
//! line), counted and shown as the connection's last error.
//!
//! The line's orders come from the order board: each runnable order the controller does not
//! hold yet is written to the `Order` nodes and offered by raising `Order.Sequence`; the
//! controller accepts or rejects it. A change of an offered order's status becomes a command
//! (HOLD, RESUME, ABORT) through the `Command` nodes; an order that leaves the board is sent
//! ABORT (nothing for one that finished). A new session offers every runnable order again: the controller takes an order it
//! already holds as the same order. The bins the board marks as holding a lot not released
//! are kept in `HeldBins` (where the controller has that node), so a lot blocked after an
//! order was accepted still stops its doses.

mod orders;
mod records;

use std::collections::{HashMap, HashSet, VecDeque};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use model::connect::interface::{self as layout, Command};
use model::schedule::Status;
use model::schedule::board::BoardEntry;
use opcua::client::Session;
use opcua::types::{
    AttributeId, DataValue, NodeId, ReadValueId, TimestampsToReturn, Variant, WriteValue,
};
use serde::{Deserialize, Serialize};
use tokio::sync::watch;
use uuid::Uuid;

use crate::forward::Publisher;
use crate::status::Tracker;

pub use orders::follow_board;

/// How long a record may wait to be safe (published or kept on disk) before it is tried again.
const SETTLE_TIMEOUT: Duration = Duration::from_secs(30);

/// How soon the handshake is read again after a record was taken.
const FOLLOW_UP: Duration = Duration::from_millis(10);

/// The line's orders as the board shows them; `None` until the board was read through (until
/// then nothing is known of the orders, and nothing is offered or commanded).
pub type Orders = watch::Receiver<Option<Vec<BoardEntry>>>;

/// The order side of a line's interface: the board followed, and where what the controller was
/// told is kept ([`Told`]).
#[derive(Clone)]
pub struct OrderSide {
    pub board: Orders,
    /// A file of the connector's data folder, one per connection.
    pub told: PathBuf,
}

/// What the controller was told of the line's orders, kept on disk across sessions, changes of
/// the settings and restarts of the connector: a hold, a resume or an abort is never lost
/// because a session ended before it was sent, and an order cancelled while the connector was
/// away is still sent ABORT.
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
struct Told {
    /// Orders the controller accepted, with the status it was last told.
    held: HashMap<Uuid, Status>,
    /// Orders it rejected, with the board's `updated_at` then (a changed order is offered again).
    rejected: HashMap<Uuid, DateTime<Utc>>,
    /// Commands not written yet, oldest first.
    commands: VecDeque<(Command, Uuid)>,
}

impl Told {
    fn load(path: &Path) -> Told {
        match std::fs::read(path) {
            Ok(b) => serde_json::from_slice(&b).unwrap_or_else(|e| {
                tracing::warn!(path = %path.display(), "batching interface: unreadable state, starting afresh: {e}");
                Told::default()
            }),
            Err(_) => Told::default(),
        }
    }

    /// Written whole to a new file, then renamed over the old: a crash leaves one or the other.
    fn save(&self, path: &Path) {
        let saved = (|| {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)?;
            }
            let new = path.with_extension("new");
            std::fs::write(
                &new,
                serde_json::to_vec(self).map_err(std::io::Error::other)?,
            )?;
            std::fs::rename(&new, path)
        })();
        if let Err(e) = saved {
            tracing::error!(path = %path.display(), "batching interface: cannot keep what the controller was told: {e}");
        }
    }
}

/// One line's interface on one session.
pub struct Interface {
    session: Arc<Session>,
    folder: String,
    line: String,
    publisher: Publisher,
    tracker: Tracker,
    orders: Option<OrderSide>,
    told: Told,
    /// The order offered in this session and not answered yet.
    offered: Option<Uuid>,
    /// Orders the controller accepted in this session (each session offers every runnable
    /// order again: a controller that lost its queue gets it back, one that holds an order
    /// answers `Accepted` and changes nothing).
    confirmed: HashSet<Uuid>,
}

/// The handshake nodes read every cycle. A part the controller does not serve (its nodes
/// missing or of another type) is `None` and left alone: a controller may serve records only,
/// or orders only.
struct Handshake {
    epoch: u32,
    /// `Sequence` and `Ack` per record channel.
    channels: Vec<Option<(u32, u32)>>,
    /// The value read of each node, whose integer type a write of the node keeps.
    values: Vec<DataValue>,
    /// `Order.Sequence`, `Order.Accepted`, `Order.Rejected`.
    order: Option<(u32, u32, u32)>,
    /// `Command.Sequence`, `Command.Ack`.
    command: Option<(u32, u32)>,
    /// What is not served, for the status.
    missing: Vec<String>,
}

/// `n` in the integer type of `like` (UInt32 when it has none): a write must keep a node's
/// data type (a PLC's DINT sequence is an Int32).
fn int_like(like: Option<&DataValue>, n: u32) -> Variant {
    match like.and_then(|v| v.value.as_ref()) {
        Some(Variant::Int32(_)) => Variant::Int32(n as i32),
        Some(Variant::UInt16(_)) => Variant::UInt16(n as u16),
        Some(Variant::Int16(_)) => Variant::Int16(n as i16),
        Some(Variant::UInt64(_)) => Variant::UInt64(u64::from(n)),
        Some(Variant::Int64(_)) => Variant::Int64(i64::from(n)),
        _ => Variant::UInt32(n),
    }
}

/// A sequence node's value: any integer type a PLC may use for it.
fn sequence_of(v: &DataValue) -> Option<u32> {
    if v.status.is_some_and(|s| !s.is_good()) {
        return None;
    }
    match v.value.as_ref()? {
        Variant::UInt32(x) => Some(*x),
        Variant::Int32(x) => Some(*x as u32),
        Variant::UInt16(x) => Some(u32::from(*x)),
        Variant::Int16(x) => Some(*x as u32),
        Variant::UInt64(x) => Some(*x as u32),
        Variant::Int64(x) => Some(*x as u32),
        _ => None,
    }
}

impl Interface {
    pub fn new(
        session: Arc<Session>,
        folder: String,
        line: String,
        publisher: Publisher,
        tracker: Tracker,
        orders: Option<OrderSide>,
    ) -> Interface {
        let told = orders
            .as_ref()
            .map(|o| Told::load(&o.told))
            .unwrap_or_default();
        Interface {
            session,
            folder,
            line,
            publisher,
            tracker,
            orders,
            told,
            offered: None,
            confirmed: HashSet::new(),
        }
    }

    /// Serves the interface every `every` until the task is dropped (the session's end); while
    /// records keep coming, again after [`FOLLOW_UP`] (the controller fills the next one within
    /// a scan), so a channel moves many records a second however long the interval.
    pub async fn run(mut self, every: Duration) {
        let mut failing: Option<String> = None;
        let mut wait = Duration::ZERO;
        loop {
            tokio::time::sleep(wait).await;
            wait = every;
            match self.cycle().await {
                Ok(took) => {
                    if took {
                        wait = FOLLOW_UP.min(every);
                    }
                    if failing.take().is_some() {
                        self.tracker.error(None);
                    }
                }
                Err(e) => {
                    if failing.as_deref() != Some(&e) {
                        tracing::warn!(line = %self.line, "batching interface: {e}");
                        self.tracker.error(Some(format!("batching interface: {e}")));
                    }
                    failing = Some(e);
                }
            }
        }
    }

    fn node(&self, path: &str) -> Result<NodeId, String> {
        let id = layout::node_id(&self.folder, path)
            .ok_or_else(|| format!("{} is not a string node id", self.folder))?;
        NodeId::from_str(&id).map_err(|_| format!("{id} is not a node id"))
    }

    /// The values of `paths`, each with its status (a missing node is `BadNodeIdUnknown`).
    async fn read_all(&self, paths: &[String]) -> Result<Vec<DataValue>, String> {
        let reads = paths
            .iter()
            .map(|p| {
                Ok(ReadValueId {
                    node_id: self.node(p)?,
                    attribute_id: AttributeId::Value as u32,
                    ..Default::default()
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        self.session
            .read(&reads, TimestampsToReturn::Neither, 0.0)
            .await
            .map_err(|e| format!("reading: {e}"))
    }

    /// The values of `paths`; an error names the first that cannot be read.
    async fn read(&self, paths: &[String]) -> Result<Vec<DataValue>, String> {
        let values = self.read_all(paths).await?;
        for (p, v) in paths.iter().zip(&values) {
            if let Some(s) = v.status
                && !s.is_good()
            {
                return Err(format!("{p}: {s}"));
            }
        }
        Ok(values)
    }

    async fn write(&self, values: Vec<(String, Variant)>) -> Result<(), String> {
        let writes = values
            .into_iter()
            .map(|(p, v)| {
                Ok(WriteValue {
                    node_id: self.node(&p)?,
                    attribute_id: AttributeId::Value as u32,
                    value: DataValue::new_now(v),
                    ..Default::default()
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let paths: Vec<String> = writes.iter().map(|w| w.node_id.to_string()).collect();
        let results = self
            .session
            .write(&writes)
            .await
            .map_err(|e| format!("writing: {e}"))?;
        match results.iter().zip(&paths).find(|(s, _)| !s.is_good()) {
            Some((s, p)) => Err(format!("writing {p}: {s}")),
            None => Ok(()),
        }
    }

    async fn handshake(&self) -> Result<Handshake, String> {
        let mut paths = vec![layout::EPOCH.to_string()];
        for c in layout::CHANNELS {
            paths.push(format!("{}.{}", c.name, layout::SEQUENCE));
            paths.push(format!("{}.{}", c.name, layout::ACK));
        }
        for p in [
            (layout::ORDER, layout::SEQUENCE),
            (layout::ORDER, layout::ACCEPTED),
            (layout::ORDER, layout::REJECTED),
            (layout::COMMAND, layout::SEQUENCE),
            (layout::COMMAND, layout::ACK),
        ] {
            paths.push(format!("{}.{}", p.0, p.1));
        }
        // Optional, not a handshake: read to be compared, never counted as missing.
        paths.push(layout::HELD_BINS.to_string());
        let v = self.read_all(&paths).await?;
        let mut missing = Vec::new();
        let mut n = |i: usize| {
            let x = sequence_of(&v[i]);
            if x.is_none() {
                let why = v[i]
                    .status
                    .filter(|s| !s.is_good())
                    .map_or_else(|| "not an integer".to_string(), |s| s.to_string());
                missing.push(format!("{}: {why}", paths[i]));
            }
            x
        };
        let epoch = n(0).unwrap_or(0);
        let channels = (0..layout::CHANNELS.len())
            .map(|c| Some((n(1 + 2 * c)?, n(2 + 2 * c)?)))
            .collect();
        let k = 1 + 2 * layout::CHANNELS.len();
        let (os, oa, or) = (n(k), n(k + 1), n(k + 2));
        let (cs, ca) = (n(k + 3), n(k + 4));
        Ok(Handshake {
            epoch,
            channels,
            values: v,
            order: os.zip(oa).zip(or).map(|((s, a), r)| (s, a, r)),
            command: cs.zip(ca),
            missing,
        })
    }

    /// One look at the handshake; `true` when a record was taken. A channel that fails does
    /// not hold up the others; the first trouble is answered (the connection's last error).
    async fn cycle(&mut self) -> Result<bool, String> {
        let h = self.handshake().await?;
        let mut took = false;
        let mut trouble = None;
        for (i, (c, pair)) in layout::CHANNELS.iter().zip(&h.channels).enumerate() {
            if let Some((sequence, ack)) = *pair
                && sequence != ack
            {
                let ack_node = h.values.get(2 + 2 * i);
                match self.take_record(c, h.epoch, sequence, ack_node).await {
                    Ok(()) => took = true,
                    Err(e) => {
                        trouble.get_or_insert(e);
                    }
                }
            }
        }
        if self.orders.is_some()
            && let Some(order) = h.order
            && let Err(e) = self.serve_orders(order, h.command, &h.values).await
        {
            trouble.get_or_insert(e);
        }
        let nothing_served =
            h.channels.iter().all(Option::is_none) && h.order.is_none() && h.command.is_none();
        if trouble.is_none() && nothing_served {
            trouble = Some(format!(
                "no interface at {} ({})",
                self.folder, h.missing[0]
            ));
        } else if trouble.is_none() && !h.missing.is_empty() {
            // A partial interface is allowed; said once, at debug level.
            tracing::debug!(line = %self.line, "batching interface: not served: {}", h.missing.join(", "));
        }
        match trouble {
            Some(e) => Err(e),
            None => Ok(took),
        }
    }
}

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
//! already holds as the same order.

use std::collections::{HashMap, VecDeque};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use model::connect::interface::{self as layout, Channel, Command, FieldValue};
use model::schedule::Status;
use model::schedule::board::BoardEntry;
use opcua::client::Session;
use opcua::types::{
    AttributeId, DataValue, NodeId, ReadValueId, TimestampsToReturn, UAString, Variant, WriteValue,
};
use tokio::sync::{oneshot, watch};
use uuid::Uuid;

use crate::forward::{Outgoing, Publisher};
use crate::outbox::Record;
use crate::status::Tracker;

/// How long a record may wait to be safe (published or kept on disk) before it is tried again.
const SETTLE_TIMEOUT: Duration = Duration::from_secs(30);

/// How soon the handshake is read again after a record was taken.
const FOLLOW_UP: Duration = Duration::from_millis(10);

/// The line's orders as the board shows them.
pub type Orders = watch::Receiver<Vec<BoardEntry>>;

/// One line's interface on one session.
pub struct Interface {
    session: Arc<Session>,
    folder: String,
    line: String,
    publisher: Publisher,
    tracker: Tracker,
    orders: Option<Orders>,
    /// Orders the controller accepted, with the status it was last told.
    held: HashMap<Uuid, Status>,
    /// Orders it rejected, with the board's `updated_at` then (a changed order is offered again).
    rejected: HashMap<Uuid, DateTime<Utc>>,
    /// The order offered and not yet answered: its sequence and id.
    offered: Option<(u32, Uuid)>,
    commands: VecDeque<(Command, Uuid)>,
    /// The command sent and not yet acknowledged.
    commanded: Option<u32>,
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
        orders: Option<Orders>,
    ) -> Interface {
        Interface {
            session,
            folder,
            line,
            publisher,
            tracker,
            orders,
            held: HashMap::new(),
            rejected: HashMap::new(),
            offered: None,
            commands: VecDeque::new(),
            commanded: None,
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
        if trouble.is_none() && h.missing.len() == h.channels.len() * 2 + 6 {
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

    /// Publishes record `sequence` of `c`, then acknowledges it to the controller.
    async fn take_record(
        &self,
        c: &Channel,
        epoch: u32,
        sequence: u32,
        ack_node: Option<&DataValue>,
    ) -> Result<(), String> {
        let mut paths = vec![format!("{}.{}", c.name, layout::TIME)];
        paths.extend(c.fields.iter().map(|f| format!("{}.{}", c.name, f.node)));
        let v = self.read(&paths).await?;
        let time = match v[0].value.as_ref() {
            Some(Variant::DateTime(t)) => Some(t.as_chrono()),
            _ => None,
        };
        let values: Vec<FieldValue> = v[1..].iter().map(field_value).collect();
        match layout::record(c, &self.line, epoch, sequence, time, &values) {
            Ok(m) => {
                let (tx, rx) = oneshot::channel();
                let out = Outgoing {
                    record: Record {
                        subject: m.subject,
                        id: m.id.to_string(),
                        samples: 1,
                        payload: m.payload.into(),
                    },
                    settled: Some(tx),
                };
                self.publisher
                    .send(out)
                    .await
                    .map_err(|_| "the forwarder stopped".to_string())?;
                match tokio::time::timeout(SETTLE_TIMEOUT, rx).await {
                    Ok(Ok(())) => {}
                    // Neither published nor kept (the outbox full): the controller keeps it.
                    _ => return Err(format!("{} record {sequence} could not be kept", c.name)),
                }
            }
            Err(reason) => {
                tracing::warn!(line = %self.line, channel = c.name, sequence, "a record refused: {reason}");
                self.tracker.refused(1);
                self.tracker.error(Some(format!(
                    "{} record {sequence} refused: {reason}",
                    c.name
                )));
            }
        }
        self.write(vec![(
            format!("{}.{}", c.name, layout::ACK),
            int_like(ack_node, sequence),
        )])
        .await
    }

    async fn serve_orders(
        &mut self,
        (order_sequence, accepted, rejected): (u32, u32, u32),
        command: Option<(u32, u32)>,
        values: &[DataValue],
    ) -> Result<(), String> {
        let k = 1 + 2 * layout::CHANNELS.len();
        let (order_node, command_node) = (values.get(k), values.get(k + 3));
        let entries: Vec<BoardEntry> = self
            .orders
            .as_ref()
            .map(|o| o.borrow().clone())
            .unwrap_or_default();
        let by_id: HashMap<Uuid, &BoardEntry> = entries.iter().map(|e| (e.order_id, e)).collect();
        // The answer to the order offered.
        if let Some((sequence, id)) = self.offered {
            if accepted == sequence {
                let status = by_id.get(&id).map_or(Status::Released, |e| e.status);
                self.held.insert(id, status);
                self.offered = None;
            } else if rejected == sequence {
                let reason = self
                    .read(&[format!("{}.{}", layout::ORDER, layout::REJECT_REASON)])
                    .await?
                    .first()
                    .map(text)
                    .unwrap_or_default();
                let updated = by_id.get(&id).map_or_else(Utc::now, |e| e.updated_at);
                self.rejected.insert(id, updated);
                self.offered = None;
                let number = by_id
                    .get(&id)
                    .map_or(String::new(), |e| e.order_number.clone());
                self.tracker.error(Some(format!(
                    "the controller rejected order {number}: {reason}"
                )));
            }
        }
        // Status changes of the orders the controller holds become commands.
        let mut forget = Vec::new();
        for (id, told) in &mut self.held {
            let Some(e) = by_id.get(id) else {
                // Off the board (finished, cancelled, aborted, deleted): the controller runs no
                // more of it. For a finished order that changes nothing; a cancelled one that
                // had not run, or an abort whose final entry went by unseen, stops.
                if *told != Status::Aborted {
                    self.commands.push_back((Command::Abort, *id));
                }
                forget.push(*id);
                continue;
            };
            let command = match (*told, e.status) {
                (a, b) if a == b => None,
                (_, Status::OnHold) => Some(Command::Hold),
                (Status::OnHold, Status::Released | Status::Running) => Some(Command::Resume),
                (_, Status::Aborted) => Some(Command::Abort),
                _ => None,
            };
            if let Some(c) = command {
                self.commands.push_back((c, *id));
            }
            *told = e.status;
        }
        for id in forget {
            self.held.remove(&id);
        }
        if let Some(sequence) = self.commanded
            && command.is_some_and(|(_, ack)| ack == sequence)
        {
            self.commanded = None;
        }
        if self.commanded.is_none()
            && let Some((command_sequence, _)) = command
            && let Some((command, id)) = self.commands.pop_front()
        {
            let next = command_sequence.wrapping_add(1);
            self.write(vec![
                (
                    format!("{}.Command", layout::COMMAND),
                    Variant::String(UAString::from(command.as_str())),
                ),
                (
                    format!("{}.OrderId", layout::COMMAND),
                    Variant::String(UAString::from(id.to_string())),
                ),
            ])
            .await?;
            self.write(vec![(
                format!("{}.{}", layout::COMMAND, layout::SEQUENCE),
                int_like(command_node, next),
            )])
            .await?;
            self.commanded = Some(next);
        }
        // The next order the controller does not hold.
        if self.offered.is_none() {
            let mut waiting: Vec<&BoardEntry> = entries
                .iter()
                .filter(|e| e.runnable() && !self.held.contains_key(&e.order_id))
                .filter(|e| self.rejected.get(&e.order_id) != Some(&e.updated_at))
                .collect();
            waiting.sort_by_key(|e| (e.sequence, e.order_id));
            if let Some(e) = waiting.first() {
                self.offer(e, int_like(order_node, order_sequence.wrapping_add(1)))
                    .await?;
                self.offered = Some((order_sequence.wrapping_add(1), e.order_id));
            }
        }
        Ok(())
    }

    async fn offer(&self, e: &BoardEntry, sequence: Variant) -> Result<(), String> {
        let recipe = serde_json::to_string(&e.control_recipe).map_err(|e| e.to_string())?;
        let s = |v: String| Variant::String(UAString::from(v));
        let o = |n: &str| format!("{}.{n}", layout::ORDER);
        self.write(vec![
            (o("OrderId"), s(e.order_id.to_string())),
            (o("OrderNumber"), s(e.order_number.clone())),
            (
                o("Kind"),
                s(serde_json::to_value(e.kind).map_or_else(
                    |_| String::new(),
                    |k| k.as_str().unwrap_or_default().to_string(),
                )),
            ),
            (o("Name"), s(e.name.clone())),
            (o("Batches"), Variant::Int32(e.batches)),
            (o("BatchesDone"), Variant::Int32(e.batches_done)),
            (o("ControlRecipe"), s(recipe)),
        ])
        .await?;
        self.write(vec![(o(layout::SEQUENCE), sequence)]).await
    }
}

fn text(v: &DataValue) -> String {
    match v.value.as_ref() {
        Some(Variant::String(s)) => s.as_ref().to_string(),
        _ => String::new(),
    }
}

/// A field node's value as a record reads it.
fn field_value(v: &DataValue) -> FieldValue {
    match v.value.as_ref() {
        Some(Variant::String(s)) => FieldValue::Text(s.as_ref().to_string()),
        Some(Variant::Double(x)) => FieldValue::Number(*x),
        Some(Variant::Float(x)) => FieldValue::Number(f64::from(*x)),
        Some(Variant::Int32(x)) => FieldValue::Integer(i64::from(*x)),
        Some(Variant::UInt32(x)) => FieldValue::Integer(i64::from(*x)),
        Some(Variant::Int16(x)) => FieldValue::Integer(i64::from(*x)),
        Some(Variant::Int64(x)) => FieldValue::Integer(*x),
        Some(Variant::Boolean(b)) => FieldValue::Bool(*b),
        Some(Variant::DateTime(t)) => FieldValue::Time(t.as_chrono()),
        _ => FieldValue::Empty,
    }
}

/// Follows the order board for `line` into a watch of its entries, until `stop`.
pub fn follow_board(
    js: async_nats::jetstream::Context,
    line: String,
    stop: tokio_util::sync::CancellationToken,
) -> (Orders, tokio::task::JoinHandle<()>) {
    let (tx, rx) = watch::channel(Vec::new());
    let task = tokio::spawn(async move {
        stop.run_until_cancelled(follow(js, line, tx)).await;
    });
    (rx, task)
}

async fn follow(
    js: async_nats::jetstream::Context,
    line: String,
    tx: watch::Sender<Vec<BoardEntry>>,
) {
    {
        use futures::StreamExt;
        let mut wait = Duration::from_millis(200);
        loop {
            let watched = async {
                let board = bus::board::Board::open(&js).await?;
                let mut changes = Box::pin(board.watch().await?);
                let mut entries: HashMap<Uuid, BoardEntry> = HashMap::new();
                while let Some(c) = changes.next().await {
                    match c? {
                        bus::board::Change::Put(e) if e.line_id == line => {
                            entries.insert(e.order_id, *e);
                        }
                        bus::board::Change::Removed { line_id, order_id } if line_id == line => {
                            entries.remove(&order_id);
                        }
                        _ => continue,
                    }
                    tx.send_replace(entries.values().cloned().collect());
                }
                anyhow::Ok(())
            };
            if let Err(e) = watched.await {
                tracing::warn!("connector: the order board is unavailable: {e:#}");
            }
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(Duration::from_secs(5));
        }
    }
}

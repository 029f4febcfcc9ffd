//! Acknowledgements made in Batchline, written to the controller (issue 34; docs/plant-interface.md,
//! "Alarm acknowledgements"). The connection's line's points on the alarm board (`bus::alarms`)
//! that a user acknowledged and the controller has not confirmed are followed into a watch
//! ([`follow`]); an OPC UA connection writes `true` to the acknowledgement node its alarm tag
//! maps (`Tag::ack_node_id`), once per occurrence and again after a reconnect, and — the
//! controller's server having taken the write — says so with an ACKED event of the alarm,
//! which notes the controller's confirmation in Batchline.

use std::collections::{HashMap, HashSet};
use std::str::FromStr;

use chrono::Utc;
use model::alarm::AlarmPoint;
use model::connect::{Tag, TagKind};
use model::wire::{Alarm, AlarmState, Envelope};
use opcua::client::Session;
use opcua::types::{AttributeId, DataValue, NodeId, Variant, WriteValue};
use tokio::sync::watch;
use uuid::Uuid;

use crate::forward::Publisher;
use crate::status::Tracker;

/// The points of the line waiting for the controller, newest state.
pub type Pending = watch::Receiver<Vec<AlarmPoint>>;

/// Follows the alarm board for `line` until `stop`.
pub fn follow(
    js: async_nats::jetstream::Context,
    line: String,
    stop: tokio_util::sync::CancellationToken,
) -> (Pending, tokio::task::JoinHandle<()>) {
    let (tx, rx) = watch::channel(Vec::new());
    let task = tokio::spawn(async move {
        let follow = bus::alarms::follow(js, move |points| {
            let mut mine: Vec<AlarmPoint> = points
                .values()
                .filter(|p| p.line_id == line && p.ack_for_controller())
                .cloned()
                .collect();
            mine.sort_by_key(|p| p.id);
            tx.send_if_modified(|now| {
                let changed = *now != mine;
                if changed {
                    *now = mine;
                }
                changed
            });
        });
        stop.run_until_cancelled(follow).await;
    });
    (rx, task)
}

/// Serves one session until it ends (the task is aborted): every pending acknowledgement is
/// written, then each one that comes. Its own task, as a write waits for the session's event
/// loop to carry it.
pub async fn serve(
    session: std::sync::Arc<Session>,
    mut pending: Pending,
    mut writer: Writer,
    line: String,
    publisher: Publisher,
    tracker: Tracker,
) {
    loop {
        let now = pending.borrow_and_update().clone();
        writer
            .write(&session, &now, &line, &publisher, &tracker)
            .await;
        if pending.changed().await.is_err() {
            return;
        }
    }
}

/// Writes the acknowledgements of one OPC UA connection.
#[derive(Clone)]
pub struct Writer {
    /// Acknowledgement node by alarm code.
    nodes: HashMap<String, NodeId>,
    /// Occurrences written in this session.
    written: HashSet<Uuid>,
}

impl Writer {
    /// `None` when no alarm tag maps an acknowledgement node.
    pub fn of(tags: &[Tag]) -> Option<Writer> {
        let nodes: HashMap<String, NodeId> = tags
            .iter()
            .filter(|t| t.kind == TagKind::Alarm)
            .filter_map(|t| {
                let node = NodeId::from_str(t.ack_node_id.as_deref()?).ok()?;
                Some((t.code.clone(), node))
            })
            .collect();
        (!nodes.is_empty()).then(|| Writer {
            nodes,
            written: HashSet::new(),
        })
    }

    /// Writes the pending acknowledgements not written yet in this session; each one taken is
    /// answered with an ACKED event on the bus. A refused write is the connection's last error
    /// (tried again with the next change or session).
    pub async fn write(
        &mut self,
        session: &Session,
        pending: &[AlarmPoint],
        line: &str,
        publisher: &Publisher,
        tracker: &Tracker,
    ) {
        let on: HashSet<Uuid> = pending.iter().map(|p| p.id).collect();
        self.written.retain(|id| on.contains(id));
        for p in pending {
            let Some(node) = self.nodes.get(&p.code) else {
                continue;
            };
            if self.written.contains(&p.id) {
                continue;
            }
            let write = WriteValue {
                node_id: node.clone(),
                attribute_id: AttributeId::Value as u32,
                value: DataValue::new_now(Variant::Boolean(true)),
                ..Default::default()
            };
            match session.write(&[write]).await {
                Ok(results) if results.iter().all(|s| s.is_good()) => {
                    self.written.insert(p.id);
                    tracing::info!(
                        line,
                        code = p.code,
                        "acknowledgement written to the controller"
                    );
                    let acked = Alarm {
                        id: Uuid::now_v7(),
                        time: Utc::now(),
                        batch_id: p.batch_id.clone(),
                        code: p.code.clone(),
                        severity: p.severity,
                        message: p.message.clone(),
                        state: AlarmState::Acked,
                        cleared_at: None,
                    };
                    let e = Envelope::new(line, vec![acked]);
                    if publisher
                        .try_send(crate::publish::record(&e).into())
                        .is_err()
                    {
                        tracker.refused(1);
                    }
                }
                Ok(results) => {
                    let status = results.first().map(|s| s.to_string()).unwrap_or_default();
                    tracker.error(Some(format!(
                        "writing the acknowledgement of {}: {status}",
                        p.code
                    )));
                }
                Err(e) => {
                    tracker.error(Some(format!(
                        "writing the acknowledgement of {}: {e}",
                        p.code
                    )));
                }
            }
        }
    }
}

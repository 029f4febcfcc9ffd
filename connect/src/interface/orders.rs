//! Orders and commands to the controller: the board's runnable orders offered one at a time
//! through the `Order` nodes, status changes of held orders sent as `Command`s, and the board
//! followed for a line.

use std::collections::HashMap;
use std::time::Duration;

use chrono::Utc;
use model::connect::interface::{self as layout, Command};
use model::schedule::Status;
use model::schedule::board::BoardEntry;
use opcua::types::{DataValue, UAString, Variant};
use tokio::sync::watch;
use uuid::Uuid;

use super::{Interface, Orders, int_like};

impl Interface {
    pub(super) async fn serve_orders(
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

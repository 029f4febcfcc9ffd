//! Orders and commands to the controller: the board's runnable orders offered one at a time
//! through the `Order` nodes, status changes of held orders sent as `Command`s, and the board
//! followed for a line.

use std::collections::HashMap;

use chrono::Utc;
use model::connect::interface::{self as layout, Command};
use model::schedule::Status;
use model::schedule::board::BoardEntry;
use opcua::types::{DataValue, UAString, Variant};
use tokio::sync::watch;
use uuid::Uuid;

use super::{Interface, Orders, int_like};

impl Interface {
    /// One look at the order and command handshakes. Whether an order or a command waits for
    /// its answer is read from the nodes every time (`Order.Sequence` not yet in `Accepted` or
    /// `Rejected`; `Command.Sequence` not yet in `Ack`), never remembered: a new session does
    /// not overwrite an offer the controller is still reading, and a 16-bit sequence that
    /// wraps compares as read.
    pub(super) async fn serve_orders(
        &mut self,
        (order_sequence, accepted, rejected): (u32, u32, u32),
        command: Option<(u32, u32)>,
        values: &[DataValue],
    ) -> Result<(), String> {
        let Some(side) = &self.orders else {
            return Ok(());
        };
        // Nothing is known of the orders until the board was read through.
        let Some(entries) = side.board.borrow().clone() else {
            return Ok(());
        };
        let k = 1 + 2 * layout::CHANNELS.len();
        let (order_node, command_node) = (values.get(k), values.get(k + 3));
        self.held_bins(&entries, values.get(k + 5)).await?;
        let by_id: HashMap<Uuid, &BoardEntry> = entries.iter().map(|e| (e.order_id, e)).collect();
        let before = self.told.clone();
        let answered = order_sequence == accepted || order_sequence == rejected;
        if answered && let Some(id) = self.offered.take() {
            self.answer(id, accepted == order_sequence, &by_id).await?;
        }
        self.commands_for(&by_id);
        let result = self.next_command(command, command_node).await;
        if self.told != before
            && let Some(side) = &self.orders
        {
            self.told.save(&side.told);
        }
        result?;
        if answered && self.offered.is_none() {
            self.offer_next(&entries, order_sequence, order_node)
                .await?;
        }
        Ok(())
    }

    /// Writes the bins the board marks as held to `HeldBins` when the node says otherwise
    /// (read every cycle, so a new session or a controller restarted gets them again); nothing
    /// where the controller has no such node.
    async fn held_bins(
        &self,
        entries: &[BoardEntry],
        node: Option<&DataValue>,
    ) -> Result<(), String> {
        let Some(Variant::String(now)) = node
            .filter(|v| v.status.is_none_or(|s| s.is_good()))
            .and_then(|v| v.value.as_ref())
        else {
            return Ok(());
        };
        let held = layout::held_bins(entries);
        if now.as_ref() == held {
            return Ok(());
        }
        self.write(vec![(
            layout::HELD_BINS.to_string(),
            Variant::String(UAString::from(held)),
        )])
        .await
    }

    /// The controller's answer to order `id`, offered in this session.
    async fn answer(
        &mut self,
        id: Uuid,
        accepted: bool,
        by_id: &HashMap<Uuid, &BoardEntry>,
    ) -> Result<(), String> {
        if accepted {
            // Offered, it was runnable; a hold since is then a command. An order the
            // controller held already keeps what it was told (a resume since is a command).
            self.told.held.entry(id).or_insert(Status::Released);
            self.confirmed.insert(id);
            return Ok(());
        }
        let reason = self
            .read(&[format!("{}.{}", layout::ORDER, layout::REJECT_REASON)])
            .await?
            .first()
            .map(text)
            .unwrap_or_default();
        let updated = by_id.get(&id).map_or_else(Utc::now, |e| e.updated_at);
        self.told.rejected.insert(id, updated);
        let number = by_id
            .get(&id)
            .map_or(String::new(), |e| e.order_number.clone());
        self.tracker.error(Some(format!(
            "the controller rejected order {number}: {reason}"
        )));
        Ok(())
    }

    /// Status changes of the orders the controller holds become commands; an order that left
    /// the board is sent ABORT and forgotten.
    fn commands_for(&mut self, by_id: &HashMap<Uuid, &BoardEntry>) {
        let told = &mut self.told;
        told.held.retain(|id, status| {
            let Some(e) = by_id.get(id) else {
                // Off the board (finished, cancelled, aborted, deleted): the controller runs no
                // more of it. For a finished order that changes nothing; a cancelled one that
                // had not run, or an abort whose final entry went by unseen, stops.
                if *status != Status::Aborted {
                    told.commands.push_back((Command::Abort, *id));
                }
                return false;
            };
            let command = match (*status, e.status) {
                (a, b) if a == b => None,
                (_, Status::OnHold) => Some(Command::Hold),
                (Status::OnHold, Status::Released | Status::Running) => Some(Command::Resume),
                (_, Status::Aborted) => Some(Command::Abort),
                _ => None,
            };
            if let Some(c) = command {
                told.commands.push_back((c, *id));
            }
            *status = e.status;
            true
        });
        told.rejected.retain(|id, _| by_id.contains_key(id));
    }

    /// Writes the oldest command not sent, once the controller carried out the last one.
    async fn next_command(
        &mut self,
        command: Option<(u32, u32)>,
        node: Option<&DataValue>,
    ) -> Result<(), String> {
        let Some((sequence, ack)) = command else {
            return Ok(());
        };
        let Some(&(c, id)) = self.told.commands.front() else {
            return Ok(());
        };
        if sequence != ack {
            return Ok(());
        }
        self.write(vec![
            (
                format!("{}.Command", layout::COMMAND),
                Variant::String(UAString::from(c.as_str())),
            ),
            (
                format!("{}.OrderId", layout::COMMAND),
                Variant::String(UAString::from(id.to_string())),
            ),
        ])
        .await?;
        self.write(vec![(
            format!("{}.{}", layout::COMMAND, layout::SEQUENCE),
            int_like(node, sequence.wrapping_add(1)),
        )])
        .await?;
        self.told.commands.pop_front();
        Ok(())
    }

    /// Offers the next runnable order not accepted in this session.
    async fn offer_next(
        &mut self,
        entries: &[BoardEntry],
        sequence: u32,
        node: Option<&DataValue>,
    ) -> Result<(), String> {
        let mut waiting: Vec<&BoardEntry> = entries
            .iter()
            .filter(|e| e.runnable() && !self.confirmed.contains(&e.order_id))
            .filter(|e| self.told.rejected.get(&e.order_id) != Some(&e.updated_at))
            .collect();
        waiting.sort_by_key(|e| (e.sequence, e.order_id));
        if let Some(e) = waiting.first() {
            self.offer(e, int_like(node, sequence.wrapping_add(1)))
                .await?;
            self.offered = Some(e.order_id);
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

/// Follows the order board for `line` into a watch of its entries, until `stop`: only whole
/// boards (`bus::board::follow`), so an order not read yet after a lost watch is never taken
/// for one that left the board (and sent ABORT).
pub fn follow_board(
    js: async_nats::jetstream::Context,
    line: String,
    stop: tokio_util::sync::CancellationToken,
) -> (Orders, tokio::task::JoinHandle<()>) {
    let (tx, rx) = watch::channel(None);
    let task = tokio::spawn(async move {
        let follow = bus::board::follow(js, move |all| {
            let mut mine: Vec<BoardEntry> = all
                .iter()
                .filter(|((l, _), _)| *l == line)
                .map(|(_, e)| e.clone())
                .collect();
            mine.sort_by_key(|e| (e.sequence, e.order_id));
            tx.send_if_modified(|now| {
                let changed = now.as_ref() != Some(&mine);
                if changed {
                    *now = Some(mine);
                }
                changed
            });
        });
        stop.run_until_cancelled(follow).await;
    });
    (rx, task)
}

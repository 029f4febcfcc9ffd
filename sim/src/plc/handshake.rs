//! The two handshakes as the controller plays them: records out one at a time per channel,
//! orders and commands in.

use std::sync::Arc;

use chrono::Utc;
use model::choice::Choice;
use model::connect::interface::{self as layout, Channel, Command};
use model::schedule::board::BoardEntry;
use model::schedule::control::HeldLot;
use model::schedule::{Kind, Status};
use model::trace::LotStatus;
use opcua::types::{UAString, Variant};
use tokio::sync::{mpsc, watch};
use uuid::Uuid;

use super::{SCAN, number, text};
use crate::board::Orders;
use crate::opcua::PlantServer;

/// One channel: each record waits for the previous one's `Ack`, then fills the fields and
/// raises `Sequence`.
pub(super) async fn send_records(
    server: Arc<PlantServer>,
    folder: String,
    c: Channel,
    mut rx: mpsc::Receiver<Vec<Variant>>,
) {
    let path = |n: &str| format!("{folder}.{}.{n}", c.name);
    let mut scan = tokio::time::interval(SCAN);
    while let Some(values) = rx.recv().await {
        let sequence = number(&server, &path(layout::SEQUENCE));
        while number(&server, &path(layout::ACK)) != sequence {
            scan.tick().await;
        }
        let _ = server.set(&path(layout::TIME), values[0].clone());
        for (f, v) in c.fields.iter().zip(values.into_iter().skip(1)) {
            let _ = server.set(&path(f.node), v);
        }
        let _ = server.set(
            &path(layout::SEQUENCE),
            Variant::UInt32(sequence.wrapping_add(1)),
        );
    }
}

/// Marks the weighings of `e` from the bins of `held` (`HeldBins`), clearing the others: what
/// the controller doses from is the newest list, whatever the order carried when offered.
fn mark(e: &mut BoardEntry, held: &[layout::HeldBin]) -> bool {
    let mut changed = false;
    for w in &mut e.control_recipe.weighings {
        let lot = w.bin_code.as_deref().and_then(|bin| {
            held.iter()
                .find(|h| h.bin_code.eq_ignore_ascii_case(bin))
                .and_then(|h| {
                    Some(HeldLot {
                        lot_number: h.lot_number.clone(),
                        status: LotStatus::parse(&h.status)?,
                    })
                })
        });
        if w.held_lot != lot {
            w.held_lot = lot;
            changed = true;
        }
    }
    changed
}

/// Orders and commands from the connector, into the line's orders; the held bins, into their
/// weighings.
pub(super) async fn take_orders(
    server: Arc<PlantServer>,
    folder: String,
    line: String,
    line_code: String,
    orders: watch::Sender<Orders>,
) {
    let order = |n: &str| format!("{folder}.{}.{n}", layout::ORDER);
    let command = |n: &str| format!("{folder}.{}.{n}", layout::COMMAND);
    let mut order_seen = number(&server, &order(layout::SEQUENCE));
    let mut command_seen = number(&server, &command(layout::SEQUENCE));
    let mut arrived = 0;
    // `None` until the connector wrote `HeldBins`: until then the orders keep their marks.
    let mut held: Option<Vec<layout::HeldBin>> = None;
    let mut held_seen = String::new();
    let mut scan = tokio::time::interval(SCAN);
    loop {
        scan.tick().await;
        let held_now = text(&server, &format!("{folder}.{}", layout::HELD_BINS));
        if held_now != held_seen {
            held_seen = held_now;
            if let Ok(list) = serde_json::from_str::<Vec<layout::HeldBin>>(&held_seen) {
                orders.send_if_modified(|m| {
                    // Every entry marked (no short cut), then whether any changed.
                    let mut changed = false;
                    for e in m.values_mut() {
                        changed |= mark(e, &list);
                    }
                    changed
                });
                held = Some(list);
            }
        }
        let offered = number(&server, &order(layout::SEQUENCE));
        if offered != order_seen {
            order_seen = offered;
            let id = Uuid::parse_str(&text(&server, &order("OrderId")));
            let recipe = serde_json::from_str(&text(&server, &order("ControlRecipe")));
            let batches = match server.get(&order("Batches")) {
                Some(Variant::Int32(n)) => n,
                _ => 0,
            };
            let done = match server.get(&order("BatchesDone")) {
                Some(Variant::Int32(n)) => n,
                _ => 0,
            };
            match (id, recipe) {
                (Ok(id), Ok(control_recipe)) => {
                    arrived += 1;
                    let kind = if text(&server, &order("Kind")) == "FLUSH" {
                        Kind::Flush
                    } else {
                        Kind::Production
                    };
                    let mut e = BoardEntry {
                        order_id: id,
                        line_id: line.clone(),
                        line_code: line_code.clone(),
                        kind,
                        order_number: text(&server, &order("OrderNumber")),
                        name: text(&server, &order("Name")),
                        sequence: arrived,
                        status: Status::Released,
                        batches,
                        batches_done: done,
                        control_recipe,
                        updated_at: Utc::now(),
                    };
                    if let Some(list) = &held {
                        mark(&mut e, list);
                    }
                    // An order held already stays as it is (offered again after a reconnect).
                    orders.send_if_modified(|m| {
                        if m.contains_key(&id) {
                            return false;
                        }
                        m.insert(id, e);
                        true
                    });
                    let _ = server.set(&order(layout::ACCEPTED), Variant::UInt32(offered));
                }
                (id, recipe) => {
                    let reason = match (id, recipe) {
                        (Err(_), _) => "OrderId is not an order id".to_string(),
                        (_, Err(e)) => format!("ControlRecipe cannot be read: {e}"),
                        _ => unreachable!(),
                    };
                    let _ = server.set(
                        &order(layout::REJECT_REASON),
                        Variant::String(UAString::from(reason)),
                    );
                    let _ = server.set(&order(layout::REJECTED), Variant::UInt32(offered));
                }
            }
        }
        let commanded = number(&server, &command(layout::SEQUENCE));
        if commanded != command_seen {
            command_seen = commanded;
            let c = Command::parse(&text(&server, &command("Command")));
            let id = Uuid::parse_str(&text(&server, &command("OrderId"))).ok();
            if let (Some(c), Some(id)) = (c, id) {
                orders.send_modify(|m| {
                    if let Some(e) = m.get_mut(&id) {
                        e.status = match c {
                            Command::Hold => Status::OnHold,
                            Command::Resume => Status::Released,
                            Command::Abort => Status::Aborted,
                        };
                    }
                });
            }
            let _ = server.set(&command(layout::ACK), Variant::UInt32(commanded));
        }
    }
}

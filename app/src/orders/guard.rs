//! The carry-over guard as the order commands apply it: a line's matrix (stored, else the default), the
//! risks the list shows, and the 409 that refuses a placement or a release naming the orders.
//!
//! A placement is judged on the planned queue (every order not cancelled, in sequence); a
//! release on the queue the plant will really run: the orders already released, running, held
//! or finished, plus the one being released (planned orders are skipped by the plant).

use std::collections::{BTreeMap, HashMap};

use db::schedules::Order;
use model::Msg;
use model::schedule::Status;
use model::schedule::carry::{Conflict, Matrix, Queued, conflicts, conflicts_of};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{Error, Result};

/// The line's matrix: as configured, else the default.
pub async fn matrix(db: &mut PgConnection, line: Uuid) -> Result<Matrix> {
    Ok(match db::schedules::carry_over(&mut *db, line).await? {
        Some(c) => Matrix { rules: c.rules.0 }.completed().unwrap_or_default(),
        None => Matrix::default(),
    })
}

pub fn queued(o: &Order) -> Queued {
    Queued {
        id: o.id,
        kind: o.kind,
        class: o.medication_class.clone(),
        status: o.status,
    }
}

/// The planned queue of `orders` (one line's, in sequence).
pub fn planned(orders: &[Order]) -> Vec<Queued> {
    orders.iter().map(queued).collect()
}

/// The queue the plant will run once `id` is released: planned orders other than `id` and the
/// flushes `with` left out.
pub fn to_run(orders: &[Order], id: Uuid, with: &[Uuid]) -> Vec<Queued> {
    orders
        .iter()
        .map(queued)
        .filter(|q| q.status != Status::Planned || q.id == id || with.contains(&q.id))
        .collect()
}

/// Each order's conflict with the one before it in the planned queue.
pub fn risks(orders: &[Order], matrix: &Matrix) -> HashMap<Uuid, Conflict> {
    conflicts(&planned(orders), matrix)
        .into_iter()
        .map(|c| (c.next, c))
        .collect()
}

/// A conflict naming every conflict of `id` in `queue`: one entry per conflict under
/// `carryOver:<previousId>:<nextId>`, so a client can place the flush itself.
pub fn refuse(
    queue: &[Queued],
    matrix: &Matrix,
    id: Uuid,
    numbers: &HashMap<Uuid, String>,
) -> Result<()> {
    let found = conflicts_of(queue, matrix, id);
    if found.is_empty() {
        return Ok(());
    }
    let number = |i: &Uuid| numbers.get(i).cloned().unwrap_or_else(|| i.to_string());
    let errors: BTreeMap<String, Msg> = found
        .iter()
        .map(|c| {
            (
                format!("carryOver:{}:{}", c.previous, c.next),
                conflict_msg(c, &number(&c.previous), &number(&c.next)),
            )
        })
        .collect();
    Err(Error::Conflicts(errors))
}

/// Order numbers by id.
pub fn numbers(orders: &[Order]) -> HashMap<Uuid, String> {
    orders
        .iter()
        .map(|o| (o.id, o.order_number.clone()))
        .collect()
}

/// The message of a carry-over conflict between `previous` and `next` (order numbers).
pub fn conflict_msg(c: &Conflict, previous: &str, next: &str) -> Msg {
    Msg::new("schedule.carryOver")
        .arg("next", next)
        .arg("toClass", &c.to_class)
        .arg("previous", previous)
        .arg("fromClass", &c.from_class)
}

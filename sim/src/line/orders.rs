//! Where a simulated line's next batch comes from: its orders on the board — the next released
//! or running order in sequence with batches left, run from its frozen control recipe — or, for
//! a line without a board, one of the simulator's own recipes at random. With no order to run
//! the line says IDLE and waits for the board to change.

use model::schedule::Status;
use model::wire::{AlarmState, LineStateKind, Severity};
use rand::Rng;
use tokio::sync::watch;
use uuid::Uuid;

use super::Line;
use crate::board::Orders;
use crate::recipes::{Recipe, from_control};

/// The alarm of a dose refused because its bin holds a lot that is not released.
pub const LOT_ALARM: &str = "LOT_NOT_RELEASED";

/// The lot (number, status) the entry marks the bin `bin` as holding, not released.
fn held_lot(e: &model::schedule::board::BoardEntry, bin: &str) -> Option<(String, String)> {
    e.control_recipe
        .weighings
        .iter()
        .filter(|w| {
            w.bin_code
                .as_deref()
                .is_some_and(|b| b.eq_ignore_ascii_case(bin))
        })
        .find_map(|w| w.held_lot.as_ref())
        .map(|h| (h.lot_number.clone(), h.status.as_str().to_string()))
}

/// What a line runs its batches from.
pub enum Source {
    /// The simulator's own recipes, one at random per batch (benchmarks, `L1..Ln`).
    Builtin(Vec<Recipe>),
    /// The line's orders on the board.
    Orders(watch::Receiver<Orders>),
}

/// One batch to run: the recipe, and the order it belongs to.
#[derive(Debug, Clone)]
pub struct Job {
    pub recipe: Recipe,
    pub order: Option<Uuid>,
    pub order_name: Option<String>,
}

/// The next order of `orders` with a batch left to start, given the batches started here.
pub fn next_order(orders: &Orders, started: &std::collections::HashMap<Uuid, i32>) -> Option<Uuid> {
    let mut runnable: Vec<_> = orders
        .values()
        .filter(|e| e.runnable())
        .filter(|e| {
            e.batches
                > e.batches_done
                    .max(started.get(&e.order_id).copied().unwrap_or(0))
        })
        .collect();
    runnable.sort_by_key(|e| (e.sequence, e.order_id));
    runnable.first().map(|e| e.order_id)
}

impl Line {
    /// The next batch; waits (IDLE) while the line has no order to run. `None` when the board
    /// is gone for good (the simulator is stopping).
    pub(super) async fn next_job(&mut self) -> Option<Job> {
        loop {
            let rx = match &mut self.source {
                Source::Builtin(recipes) => {
                    let recipe = recipes[self.rng.random_range(0..recipes.len())].clone();
                    return Some(Job {
                        recipe,
                        order: None,
                        order_name: None,
                    });
                }
                Source::Orders(rx) => rx,
            };
            let job = {
                let orders = rx.borrow_and_update();
                next_order(&orders, &self.started).map(|id| {
                    let e = &orders[&id];
                    Job {
                        recipe: from_control(&e.control_recipe),
                        order: Some(id),
                        order_name: Some(e.name.clone()),
                    }
                })
            };
            if let Some(job) = job {
                if self.idle {
                    self.idle = false;
                    self.state(LineStateKind::Running, None).await;
                }
                if let Some(id) = job.order {
                    *self.started.entry(id).or_insert(0) += 1;
                }
                return Some(job);
            }
            if !self.idle {
                self.idle = true;
                self.state(LineStateKind::Idle, None).await;
                self.out.flush().await;
            }
            let Source::Orders(rx) = &mut self.source else {
                continue;
            };
            if rx.changed().await.is_err() {
                return None;
            }
        }
    }

    /// The lot (number, status) the board says the bin `bin` of `job`'s order holds and is not
    /// released: that bin is not dosed from.
    fn held(&self, job: &Job, bin: &str) -> Option<(String, String)> {
        let (Source::Orders(rx), Some(id)) = (&self.source, job.order) else {
            return None;
        };
        held_lot(rx.borrow().get(&id)?, bin)
    }

    /// Before a dose: when the board marks its bin (it holds a lot not released), the line
    /// refuses it — a critical alarm, the line stopped — until the mark is gone. False when the
    /// order was aborted or left the board meanwhile (the batch stops).
    pub(super) async fn await_lot_release(&mut self, job: &Job, bin: &str) -> bool {
        let Some((lot, status)) = self.held(job, bin) else {
            return true;
        };
        let message = format!("Bin {bin} holds lot {lot} ({status}): not dosed");
        self.alarm(LOT_ALARM, Severity::Critical, &message, AlarmState::Raised)
            .await;
        self.state(LineStateKind::Stopped, None).await;
        self.out.flush().await;
        let may_dose = loop {
            let Source::Orders(rx) = &mut self.source else {
                break true;
            };
            // Read and marked seen together, so no change between a look and the wait is missed.
            let (stopped, marked) = {
                let orders = rx.borrow_and_update();
                match job.order.and_then(|id| orders.get(&id)) {
                    None => (true, false),
                    Some(e) => (e.status == Status::Aborted, held_lot(e, bin).is_some()),
                }
            };
            if stopped {
                break false;
            }
            if !marked {
                break true;
            }
            if rx.changed().await.is_err() {
                break false;
            }
        };
        self.alarm(LOT_ALARM, Severity::Critical, &message, AlarmState::Cleared)
            .await;
        self.state(LineStateKind::Running, None).await;
        may_dose
    }

    /// True when the order of `job` was aborted (its batch stops).
    pub(super) fn aborted(&self, job: &Job) -> bool {
        match (&self.source, job.order) {
            (Source::Orders(rx), Some(id)) => rx
                .borrow()
                .get(&id)
                .is_some_and(|e| e.status == Status::Aborted),
            _ => false,
        }
    }
}

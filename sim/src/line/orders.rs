//! Where a simulated line's next batch comes from: its orders on the board — the next released
//! or running order in sequence with batches left, run from its frozen control recipe — or, for
//! a line without a board, one of the simulator's own recipes at random. With no order to run
//! the line says IDLE and waits for the board to change.

use model::schedule::Status;
use model::wire::LineStateKind;
use rand::Rng;
use tokio::sync::watch;
use uuid::Uuid;

use super::Line;
use crate::board::Orders;
use crate::recipes::{Recipe, from_control};

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

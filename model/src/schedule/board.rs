//! The order board: how a line controller learns its orders. One entry per released, running or
//! held order, written after every commit that changed the order (the bucket, its keys and the
//! writes are the `bus` crate's: `bus::board`). An entry is deleted when its order finishes
//! (completed, cancelled, aborted) or is deleted; for an abort the final entry is written
//! first, so the controller sees why. Documented in docs/architecture.md ("Order board").

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::control::ControlRecipe;
use super::{Kind, Status};

/// One order as its line controller sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoardEntry {
    pub order_id: Uuid,
    pub line_id: String,
    /// Starts the line's batch numbers.
    pub line_code: String,
    pub kind: Kind,
    pub order_number: String,
    pub name: String,
    /// The line runs its orders in this order.
    pub sequence: i32,
    /// RELEASED: run it when its turn comes; RUNNING: being run; ON_HOLD: finish the current
    /// batch, start no other; ABORTED: stop the current batch now.
    pub status: Status,
    pub batches: i32,
    /// Batches completed as the database knows them (a restarted controller resumes from here).
    pub batches_done: i32,
    pub control_recipe: ControlRecipe,
    pub updated_at: DateTime<Utc>,
}

impl BoardEntry {
    /// True when the controller may start a batch of it.
    pub fn runnable(&self) -> bool {
        matches!(self.status, Status::Released | Status::Running)
    }
}

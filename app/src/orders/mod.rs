//! Production order commands (spec §7 Production schedules, issue 11): plan, edit, delete, a
//! flush before an order, and the user's moves of the life cycle (`model::schedule::Status`),
//! each under its line's lock, audited, and shown on the order board after the commit. The
//! carry-over guard refuses a placement or a release that would follow a class it may not.
//! The rules are in `model::schedule`; the queries in `db::schedules`.

pub mod carry;
pub mod guard;
mod input;
mod place;
mod status;
mod write;

use db::schedules::Order;
use model::Msg;
use model::schedule::Status;
use serde::Serialize;
use sqlx::PgConnection;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::{Error, Result};

pub use input::{DeleteOrder, FlushRequest, ScheduleInput, StatusChange};
pub use place::MAX_BATCHES;
pub use status::{control_recipe, transition};
pub use write::{delete, edit, flush, plan};

pub fn not_found() -> Error {
    Error::NotFound(Msg::new("schedule.notFound"))
}

/// Order `id`, read under its line's lock: every writer of a line's queue takes it first, so
/// placements, releases and status moves of one line never interleave.
pub(crate) async fn locked(tx: &mut PgConnection, id: Uuid) -> Result<Order> {
    let line = db::schedules::get(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?
        .line_id;
    db::schedules::lock_line(tx, line).await?;
    // Read again under the lock: the plant (ingest) may have moved it meanwhile.
    db::schedules::get(&mut *tx, id)
        .await?
        .ok_or_else(not_found)
}

/// How the version an order is pinned to has changed since its release.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum RecipeChange {
    /// Another version of the recipe holds the production level now.
    Replaced,
    /// No version of the recipe holds the production level now.
    Withdrawn,
}

impl RecipeChange {
    /// The change of `o`'s pinned version, if it has not finished.
    pub fn of(o: &Order) -> Option<RecipeChange> {
        let open = matches!(
            o.status,
            Status::Released | Status::Running | Status::OnHold
        );
        match (o.pinned && open, o.recipe_id, o.production_recipe_id) {
            (false, _, _) | (_, None, _) => None,
            (true, Some(_), None) => Some(RecipeChange::Withdrawn),
            (true, Some(pinned), Some(now)) => (pinned != now).then_some(RecipeChange::Replaced),
        }
    }
}

/// The name of `status`, said at the edge.
pub fn status_msg(status: Status) -> Msg {
    Msg::new(status.msg_key())
}

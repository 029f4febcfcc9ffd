//! Production scheduling (spec §7 Production schedules and the configuration entity pattern,
//! issue 11): orders per line with a status life cycle, the carry-over guard between medication
//! classes, and the order board the line controllers take their orders from. The rules are in
//! `model::schedule`; the queries in `db::schedules`.

pub mod board;
mod carry;
mod guard;
mod handlers;
mod place;
mod record;
mod requests;
mod status;
mod write;

use model::AccessRule;
use sqlx::{PgConnection, PgExecutor};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::AppState;
use crate::auth::guarded;
use crate::error::ApiResult;

pub use handlers::{plausible, range};
pub use record::{ScheduleInput, ScheduleRecord};

/// The version of recipe group `group` holding the installation's highest (production) level.
pub async fn production_version(db: impl PgExecutor<'_>, group: Uuid) -> ApiResult<Option<Uuid>> {
    Ok(db::recipes::production_version(db, group).await?)
}

/// Order `id`, read under its line's lock: every writer of a line's queue takes it first, so
/// placements, releases and status moves of one line never interleave.
pub(crate) async fn locked(tx: &mut PgConnection, id: Uuid) -> ApiResult<db::schedules::Order> {
    let line = db::schedules::get(&mut *tx, id)
        .await?
        .ok_or_else(handlers::not_found)?
        .line_id;
    db::schedules::lock_line(tx, line).await?;
    // Read again under the lock: the plant (ingest) may have moved it meanwhile.
    db::schedules::get(&mut *tx, id)
        .await?
        .ok_or_else(handlers::not_found)
}

/// Plans an order and moves one, as `POST …/add` and `POST …/status/{id}` do (the demo plant
/// and its planner use them).
pub use status::transition;
pub use write::create;

pub fn router() -> OpenApiRouter<AppState> {
    let read = |r| guarded(AccessRule::SCHEDULE_READ, r);
    let filters = |r| guarded(AccessRule::SCHEDULE_FILTERS, r);
    OpenApiRouter::new()
        .routes(read(routes!(handlers::list, handlers::list_post)))
        .routes(read(routes!(handlers::get)))
        .routes(read(routes!(handlers::statuses)))
        .routes(read(routes!(carry::get)))
        .routes(filters(routes!(handlers::light)))
        .routes(filters(routes!(handlers::by_recipe)))
        .routes(filters(routes!(handlers::recipes_seen)))
        .routes(guarded(AccessRule::SCHEDULE_CREATE, routes!(write::add)))
        .routes(guarded(AccessRule::SCHEDULE_CREATE, routes!(write::flush)))
        .routes(guarded(AccessRule::SCHEDULE_UPDATE, routes!(write::edit)))
        .routes(guarded(
            AccessRule::SCHEDULE_UPDATE,
            routes!(status::change),
        ))
        .routes(guarded(AccessRule::SCHEDULE_UPDATE, routes!(carry::edit)))
        .routes(guarded(AccessRule::SCHEDULE_DELETE, routes!(write::delete)))
}

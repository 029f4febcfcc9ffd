//! Production scheduling (spec §7 Production schedules and the configuration entity pattern,
//! issue 11): orders per line with a status life cycle, the carry-over guard between medication
//! classes, and the order board the line controllers take their orders from. The rules are in
//! `model::schedule`; the queries in `db::schedules`.

mod carry;
mod handlers;
mod record;
mod status;
mod write;

use model::AccessRule;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::auth::guarded;

pub use handlers::{plausible, range};
pub use record::{ScheduleInput, ScheduleRecord};

pub use app::orders::guard;

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

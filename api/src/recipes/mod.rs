//! Recipe management (spec §7 Recipes and Recipe steps, issue 10): recipe groups per line with
//! numbered versions, their three step lists, validation against the line, release levels,
//! version comparison, save-as onto another line and the filed PDF. The rules are in
//! `model::recipe`; the queries in `db::recipes`.

mod handlers;
mod pdf;
mod record;
mod release;
mod save_as;
mod steps;
mod write;

use model::AccessRule;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::auth::guarded;

pub use app::recipes::load_plant;
pub use pdf::document_of as recipe_pdf;
pub use record::{RecipeInput, RecipeRecord, problem_text};
pub use release::LevelChange;

pub fn router() -> OpenApiRouter<AppState> {
    let read = |r| guarded(AccessRule::RECIPE_READ, r);
    OpenApiRouter::new()
        .routes(read(routes!(handlers::list, handlers::list_post)))
        .routes(read(routes!(handlers::released, handlers::released_post)))
        .routes(read(routes!(
            handlers::unreleased,
            handlers::unreleased_post
        )))
        .routes(read(routes!(handlers::get)))
        .routes(read(routes!(handlers::latest)))
        .routes(read(routes!(handlers::all_versions)))
        .routes(read(routes!(handlers::levels)))
        .routes(read(routes!(handlers::history)))
        .routes(read(routes!(release::diff)))
        .routes(read(routes!(pdf::generate)))
        .routes(guarded(AccessRule::RECIPE_CREATE, routes!(write::add)))
        .routes(guarded(AccessRule::RECIPE_UPDATE, routes!(write::edit)))
        .routes(guarded(
            AccessRule::RECIPE_DELETE,
            routes!(write::delete_group),
        ))
        .routes(guarded(
            AccessRule::RECIPE_CREATE,
            routes!(save_as::save_as),
        ))
        .routes(guarded(
            AccessRule::RECIPE_UPDATE,
            routes!(write::new_version),
        ))
        .routes(guarded(
            AccessRule::RECIPE_UPDATE,
            routes!(release::release_level),
        ))
        .routes(guarded(
            AccessRule::RECIPE_UPDATE,
            routes!(release::revert_level),
        ))
        .merge(steps::router())
}

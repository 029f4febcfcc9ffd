//! Plant configuration (§7 configuration pattern, Shifts, Stop reasons, Other): lines and every
//! per-line entity, each served from its descriptor in `model::config` — the routes, the checks,
//! the SQL and, at `GET /api/config/entities`, the web's lists and forms.

mod copy;
mod extra;
mod import;
mod records;
mod routes;
mod sheet;
mod shifts;

use axum::Json;
use model::Envelope;
use model::config::{ENTITIES, Entity};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::auth::guarded;

pub use records::{MAX_LIST, entity, label, line_filter};

/// Creates a record of the entity `key` through the same checks as its add call (seed data and
/// tools); a refused record is an error naming its field problems.
pub async fn create(
    state: &AppState,
    actor: &str,
    key: &str,
    body: serde_json::Value,
) -> anyhow::Result<serde_json::Value> {
    let e = model::config::by_key(key).ok_or_else(|| anyhow::anyhow!("no entity {key}"))?;
    let serde_json::Value::Object(body) = body else {
        anyhow::bail!("{key}: a record is a JSON object");
    };
    records::create(state, actor, e, &body)
        .await
        .map_err(|err| match err {
            crate::error::ApiError::Validation(f) | crate::error::ApiError::ConflictFields(f) => {
                anyhow::anyhow!("{key} {body:?}: {f:?}")
            }
            other => anyhow::anyhow!("{key}: {other}"),
        })
}

pub fn router() -> OpenApiRouter<AppState> {
    let r = OpenApiRouter::new().routes(guarded(model::AccessRule::ANY, routes!(entities)));
    let r = ENTITIES.iter().fold(r, routes::add_routes);
    r.merge(extra::router())
        .merge(shifts::router())
        .merge(import::router())
        .merge(copy::router())
}

/// An entity's descriptor as served: the entity, and what the import and copy screens may
/// offer for it (the server's rules, so the web holds no copy of them).
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Descriptor {
    #[serde(flatten)]
    entity: &'static Entity,
    importable: bool,
    copyable: bool,
}

/// Every configuration entity's descriptor: fields with kind, limits, required, unique,
/// shown-in-list, filter and references, and whether it can be imported and copied. The web
/// renders its lists and forms from these.
#[utoipa::path(get, path = "/api/config/entities", tag = "configuration",
    responses((status = 200, description = "the envelope; `data` is the list of entity descriptors", body = Envelope<Vec<Descriptor>>)))]
async fn entities() -> Json<Envelope<Vec<Descriptor>>> {
    let all = ENTITIES
        .iter()
        .map(|entity| Descriptor {
            entity,
            importable: entity.importable(),
            copyable: entity.copyable(),
        })
        .collect();
    Json(Envelope::data(all))
}

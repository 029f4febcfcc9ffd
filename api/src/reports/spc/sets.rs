//! Saved SPC parameter sets (§3's shared state, actions add, update and delete): a chart an
//! engineer keeps, and — for a live batch set — judges every completed batch of its line by.
//! Batch sets need REPORTS privileges (update to change); consumption sets are _SUPER's and
//! ADMIN's, like their screen.

use axum::extract::{Path, State};
use model::{Envelope, Msg};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, Query};
use crate::reports::read::{Answer, answer};

pub(crate) fn parse_id(raw: &str, field: &str) -> ApiResult<Uuid> {
    Ok(app::spc::parse_id(raw, field)?)
}

pub use app::spc::SpcSet;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct SetQuery {
    /// Only this line's sets (`_id`); omitted or `ALL`: every line's.
    pub line_id: Option<String>,
}

macro_rules! set_routes {
    ($kind:literal, $path:literal, $list:ident, $add:ident, $update:ident, $delete:ident) => {
        /// The saved sets.
        #[utoipa::path(get, path = $path, tag = "reports", params(SetQuery),
            responses((status = 200, body = Envelope<Vec<SpcSet>>), (status = 400)))]
        pub async fn $list(State(s): State<AppState>, Query(q): Query<SetQuery>) -> Answer<Vec<SpcSet>> {
            answer(app::spc::sets(&s, $kind, q.line_id.as_deref()).await?)
        }

        /// Saves a new set (`action` add).
        #[utoipa::path(post, path = $path, tag = "reports", request_body = SpcSet,
            responses((status = 200, body = Envelope<SpcSet>), (status = 400)))]
        pub async fn $add(State(s): State<AppState>, user: AuthUser, Body(b): Body<SpcSet>) -> Answer<SpcSet> {
            answer(app::spc::save(&s, user.email(), $kind, None, b).await?)
        }

        /// Changes a set (`action` update).
        #[utoipa::path(put, path = concat!($path, "/{id}"), tag = "reports", request_body = SpcSet,
            params(("id" = String, Path)), responses((status = 200, body = Envelope<SpcSet>), (status = 400), (status = 404),
                (status = 409, description = "someone saved the set after `updatedAt`")))]
        pub async fn $update(
            State(s): State<AppState>,
            user: AuthUser,
            Path(id): Path<String>,
            Body(b): Body<SpcSet>,
        ) -> Answer<SpcSet> {
            let id = parse_id(&id, "id").map_err(|_| ApiError::NotFound(Msg::new("spc.setNotFound")))?;
            answer(app::spc::save(&s, user.email(), $kind, Some(id), b).await?)
        }

        /// Deletes a set (`action` delete); its kept violations stay with the report.
        #[utoipa::path(delete, path = concat!($path, "/{id}"), tag = "reports",
            params(("id" = String, Path)), responses((status = 200, body = Envelope<String>), (status = 404)))]
        pub async fn $delete(State(s): State<AppState>, user: AuthUser, Path(id): Path<String>) -> Answer<String> {
            let id = parse_id(&id, "id").map_err(|_| ApiError::NotFound(Msg::new("spc.setNotFound")))?;
            answer(app::spc::remove(&s, user.email(), $kind, id).await?.to_string())
        }
    };
}

set_routes!(
    "BATCH",
    "/api/reports/spc/parameters",
    batch_sets,
    add_batch_set,
    update_batch_set,
    delete_batch_set
);
set_routes!(
    "CONSUMPTION",
    "/api/reports/spc/consumptionparameters",
    consumption_sets,
    add_consumption_set,
    update_consumption_set,
    delete_consumption_set
);

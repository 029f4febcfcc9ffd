//! A line's carry-over settings: the matrix of which medication class may follow which
//! without a flush, and the flush (material and quantity). Read with `SCHEDULE_*`, changed with
//! `SCHEDULE_UPDATE`; changes are audited (`app::orders::carry`).

use axum::Json;
use axum::extract::{Path, State};
use model::Envelope;
use serde::Deserialize;
use utoipa::IntoParams;

use super::record::CarryOverSettings;
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::ApiResult;
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;

type Answer = ApiResult<Json<Envelope<CarryOverSettings>>>;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct LineParam {
    /// A line's `_id`.
    pub line_id: Option<String>,
}

/// A line's carry-over matrix (the default until one is saved) and flush.
#[utoipa::path(operation_id = "carryover_get", get, path = "/api/productionschedules/carryover", tag = "productionschedules",
    params(LineParam),
    responses((status = 200, body = Envelope<CarryOverSettings>), (status = 400), (status = 404)))]
pub async fn get(State(s): State<AppState>, Query(q): Query<LineParam>) -> Answer {
    let line = app::orders::carry::line(&s.app, q.line_id.as_deref()).await?;
    Ok(Json(Envelope::data(
        app::orders::carry::settings(&s.app, line).await?,
    )))
}

/// Saves a line's matrix (pairs left out keep the default) and flush. The flush material must
/// be a material of the line held by one of its bins.
#[utoipa::path(operation_id = "carryover_edit", post, path = "/api/productionschedules/carryover/edit/{lineId}", tag = "productionschedules",
    request_body = CarryOverSettings,
    params(("lineId" = String, Path, description = "a line's `_id`")),
    responses((status = 200, body = Envelope<CarryOverSettings>), (status = 400), (status = 404),
        (status = 409, description = "someone saved the settings after `updatedAt`")))]
pub async fn edit(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Path(line_id): Path<String>,
    Body(input): Body<CarryOverSettings>,
) -> Answer {
    let line = app::orders::carry::line(&s.app, Some(&line_id)).await?;
    let (settings, msg) = app::orders::carry::save(&s.app, user.email(), line, input).await?;
    Ok(Json(Envelope::data(settings).with_message(lang.text(&msg))))
}

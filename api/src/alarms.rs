//! Alarm handling (issue 34): `/api/alarms…` — what is active, unacknowledged or shelved, and
//! acknowledging, shelving, unshelving and commenting, over `app::alarms::handling`.

use app::alarms::handling::{self, AckRequest, Acknowledged, ActiveAlarm, ShelveRequest};
use axum::Json;
use axum::extract::State;
use model::alarm::AlarmPoint;
use model::{AccessRule, Envelope, Msg};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::error::ApiResult;
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(guarded(AccessRule::ALARMS, routes!(active)))
        .routes(guarded(AccessRule::ALARM_UPDATE, routes!(ack)))
        .routes(guarded(AccessRule::ALARM_UPDATE, routes!(shelve)))
        .routes(guarded(AccessRule::ALARM_UPDATE, routes!(unshelve)))
        .routes(guarded(AccessRule::ALARM_UPDATE, routes!(comment)))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ActiveFilter {
    /// A line's `_id`; omitted or `ALL` for every line.
    pub line_id: Option<String>,
}

/// What is active, unacknowledged or shelved now: critical first, then unacknowledged, then
/// newest; shelved ones last.
#[utoipa::path(get, path = "/api/alarms/active", tag = "alarms", params(ActiveFilter),
    responses((status = 200, body = Envelope<Vec<ActiveAlarm>>)))]
async fn active(
    State(state): State<AppState>,
    lang: RequestLang,
    Query(f): Query<ActiveFilter>,
) -> ApiResult<Json<Envelope<Vec<ActiveAlarm>>>> {
    let line = f
        .line_id
        .as_deref()
        .map(str::trim)
        .filter(|l| !l.is_empty() && *l != "ALL");
    let rows = handling::active(&state.app, line, lang.0).await?;
    Ok(Json(Envelope::data(rows)))
}

/// Acknowledges alarms by id (each one's point, up to that occurrence) or every alarm of a
/// line; tells every viewer and the line's controller.
#[utoipa::path(post, path = "/api/alarms/ack", tag = "alarms", request_body = AckRequest,
    responses((status = 200, body = Envelope<Acknowledged>), (status = 400), (status = 404)))]
async fn ack(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(req): Body<AckRequest>,
) -> ApiResult<Json<Envelope<Acknowledged>>> {
    let done = handling::ack(&state.app, user.email(), &req).await?;
    let msg = Msg::new("alarm.acknowledged").arg("count", done.acknowledged.len());
    Ok(Json(Envelope::data(done).with_message(lang.text(&msg))))
}

/// Shelves an alarm's point for 1 to 720 minutes with a reason (replacing a shelf in force).
#[utoipa::path(post, path = "/api/alarms/shelve", tag = "alarms", request_body = ShelveRequest,
    responses((status = 200, body = Envelope<AlarmPoint>), (status = 400), (status = 404)))]
async fn shelve(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(req): Body<ShelveRequest>,
) -> ApiResult<Json<Envelope<AlarmPoint>>> {
    let p = handling::shelve(&state.app, user.email(), &req).await?;
    let msg = Msg::new("alarm.shelved").arg("code", &p.code);
    Ok(Json(Envelope::data(p).with_message(lang.text(&msg))))
}

/// An alarm by id.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AlarmId {
    pub id: Option<Uuid>,
}

/// Ends an alarm's shelf: its point is annunciated again. 409 when it is not shelved.
#[utoipa::path(post, path = "/api/alarms/unshelve", tag = "alarms", request_body = AlarmId,
    responses((status = 200, body = Envelope<AlarmPoint>), (status = 400), (status = 404), (status = 409)))]
async fn unshelve(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(req): Body<AlarmId>,
) -> ApiResult<Json<Envelope<AlarmPoint>>> {
    let Some(id) = req.id else {
        return Err(crate::error::ApiError::field(
            "id",
            Msg::new("validation.required"),
        ));
    };
    let p = handling::unshelve(&state.app, user.email(), id).await?;
    let msg = Msg::new("alarm.unshelved").arg("code", &p.code);
    Ok(Json(Envelope::data(p).with_message(lang.text(&msg))))
}

/// A comment on an alarm.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AlarmCommentInput {
    pub id: Option<Uuid>,
    /// At most 1,000 characters.
    pub text: Option<String>,
}

/// Adds a comment to an alarm (its newest occurrence shows it).
#[utoipa::path(post, path = "/api/alarms/comment", tag = "alarms", request_body = AlarmCommentInput,
    responses((status = 200, body = Envelope<AlarmPoint>), (status = 400), (status = 404)))]
async fn comment(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(req): Body<AlarmCommentInput>,
) -> ApiResult<Json<Envelope<AlarmPoint>>> {
    let p = handling::comment(
        &state.app,
        user.email(),
        req.id,
        req.text.as_deref().unwrap_or(""),
    )
    .await?;
    let msg = Msg::new("alarm.commented").arg("code", &p.code);
    Ok(Json(Envelope::data(p).with_message(lang.text(&msg))))
}

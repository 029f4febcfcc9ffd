//! The shift log (issue 34, item 4): `/api/shiftlogs…` over `app::shift_log` — the list with its
//! search, an entry with the summary the server fills in, writing one, changing its notes and
//! open items, and the handover the next shift takes; privilege group `SHIFTLOG_{READ,UPDATE}`.

use app::shift_log::{self, AddShiftLog, EditShiftLog, Handover, ShiftLog, ShiftLogQuery};
use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use chrono::Utc;
use model::{AccessRule, Envelope, Msg};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

mod pdf;

use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, Query, attachment};
use crate::i18n_layer::RequestLang;
use crate::paging::{Listed, Paging, Window};

/// The most entries one list answers without paging.
pub const MAX_ENTRIES: usize = 1000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(guarded(AccessRule::SHIFT_LOGS, routes!(list)))
        .routes(guarded(AccessRule::SHIFT_LOGS, routes!(get)))
        .routes(guarded(AccessRule::SHIFT_LOGS, routes!(generate_pdf)))
        .routes(guarded(AccessRule::SHIFT_LOG_UPDATE, routes!(add)))
        .routes(guarded(AccessRule::SHIFT_LOG_UPDATE, routes!(edit)))
        .routes(guarded(AccessRule::SHIFT_LOG_UPDATE, routes!(handover)))
}

/// The entries of the lines and range (by the shift's start), newest first, with the words
/// searched for in their notes, open items or handover note; the summary only of those handed
/// over (an entry's own call counts it while the shift is open).
#[utoipa::path(operation_id = "shift_log_list", get, path = "/api/shiftlogs", tag = "shiftlogs",
    params(ShiftLogQuery, Paging),
    responses((status = 200, body = Envelope<Vec<ShiftLog>>, headers(("x-total-count" = i64, description = "how many entries match, every page together"))), (status = 400)))]
async fn list(
    State(state): State<AppState>,
    Query(q): Query<ShiftLogQuery>,
    Query(paging): Query<Paging>,
) -> ApiResult<Listed<ShiftLog>> {
    let window = Window::of(&paging, MAX_ENTRIES)?;
    let (rows, total) = shift_log::list(&state.app, &q, window.limit(), window.offset()).await?;
    window.finish(rows, async { Ok(total) }).await
}

/// An entry with its summary: kept at the handover, else counted now.
#[utoipa::path(operation_id = "shift_log_get", get, path = "/api/shiftlogs/{id}", tag = "shiftlogs",
    params(("id" = String, Path)), responses((status = 200, body = Envelope<ShiftLog>), (status = 404)))]
async fn get(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<Envelope<ShiftLog>>> {
    Ok(Json(Envelope::data(shift_log::get(&state.app, &id).await?)))
}

fn said(lang: &RequestLang, msg: Msg, entry: ShiftLog) -> Json<Envelope<ShiftLog>> {
    Json(Envelope::data(entry).with_message(lang.text(&msg)))
}

/// Writes the log of a shift occurrence that has begun (`date`: the local date it starts on);
/// the open items the shift before left undone come with it. 409 when it has one.
#[utoipa::path(operation_id = "shift_log_add", post, path = "/api/shiftlogs/add", tag = "shiftlogs",
    request_body = AddShiftLog,
    responses((status = 200, body = Envelope<ShiftLog>), (status = 400), (status = 409)))]
async fn add(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(b): Body<AddShiftLog>,
) -> ApiResult<Json<Envelope<ShiftLog>>> {
    let e = shift_log::add(&state.app, user.email(), &b).await?;
    let msg = Msg::new("shiftLog.added").arg("shift", &e.shift_name);
    Ok(said(&lang, msg, e))
}

/// Changes the notes and open items (each replaces what the entry had; absent keeps it) of an
/// entry not handed over yet (409 after).
#[utoipa::path(operation_id = "shift_log_edit", post, path = "/api/shiftlogs/edit/{id}", tag = "shiftlogs",
    params(("id" = String, Path)), request_body = EditShiftLog,
    responses((status = 200, body = Envelope<ShiftLog>), (status = 400), (status = 404), (status = 409)))]
async fn edit(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Path(id): Path<String>,
    Body(b): Body<EditShiftLog>,
) -> ApiResult<Json<Envelope<ShiftLog>>> {
    let e = shift_log::edit(&state.app, user.email(), &id, &b).await?;
    Ok(said(&lang, Msg::new("shiftLog.saved"), e))
}

/// The next shift's operator takes the handover (from 30 minutes before the shift ends, not
/// whoever wrote the entry; 409 otherwise); the summary is kept with the entry.
#[utoipa::path(operation_id = "shift_log_handover", post, path = "/api/shiftlogs/handover/{id}", tag = "shiftlogs",
    params(("id" = String, Path)), request_body = Handover,
    responses((status = 200, body = Envelope<ShiftLog>), (status = 400), (status = 404), (status = 409)))]
async fn handover(
    State(state): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Path(id): Path<String>,
    Body(b): Body<Handover>,
) -> ApiResult<Json<Envelope<ShiftLog>>> {
    let e = shift_log::hand_over(&state.app, user.email(), &id, &b).await?;
    let msg = Msg::new("shiftLog.handoverTaken").arg("shift", &e.shift_name);
    Ok(said(&lang, msg, e))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftLogPdfRequest {
    /// The entry's `id`.
    pub id: Option<String>,
}

/// An entry as a PDF document: the shift, its summary (as handed over, else counted now), stop
/// reasons, notes, open items and lines for both operators to sign; times in the line's zone.
#[utoipa::path(operation_id = "shift_log_pdf", post, path = "/api/shiftlogs/generatePdf", tag = "shiftlogs",
    request_body = ShiftLogPdfRequest,
    responses((status = 200, description = "the entry as a PDF document", content_type = "application/pdf"), (status = 404)))]
async fn generate_pdf(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(b): Body<ShiftLogPdfRequest>,
) -> ApiResult<Response> {
    let e = shift_log::get(&s.app, b.id.as_deref().unwrap_or_default()).await?;
    let zone = shift_log::zone_of(&s.app, e.line_id).await?;
    let times = db::zones::minutes(&s.pool, &zone, &pdf::instants(&e, Utc::now())).await?;
    let c = pdf::Context {
        lang,
        plant: &s.settings.plant_name,
        user: user.email(),
        zone: &zone,
        times,
    };
    let doc = pdf::document(&c, &e);
    let name = format!("shift-log-{}-{}-{}.pdf", e.line_name, e.date, e.shift_name).replace(
        |ch: char| !(ch.is_alphanumeric() || ch == '-' || ch == '.'),
        "_",
    );
    let bytes = s
        .heavy
        .run_or_busy(move || ::pdf::render(&doc))
        .await?
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("shift log PDF: {e}")))?;
    Ok(attachment(bytes, "application/pdf", &name))
}

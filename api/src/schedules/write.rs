//! The writing calls: add (a planned order, placed in its line's queue), edit (planned orders
//! only), delete (refused while running) and the insertion of a flush before an order. Each
//! is a command of `app::orders`; this is its HTTP edge.

use axum::Json;
use axum::extract::{Path, State};
use model::{Envelope, Msg};
use uuid::Uuid;

use super::handlers::one;
use super::record::{DeleteOrder, FlushRequest, ScheduleInput, ScheduleRecord};
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, parse_id};
use crate::i18n_layer::RequestLang;

type Answer = ApiResult<Json<Envelope<ScheduleRecord>>>;

/// The record a command wrote, with the message saying what it did.
async fn answer(s: &AppState, done: app::Done, lang: RequestLang) -> Answer {
    let record = one(s, done.id, lang).await?;
    Ok(Json(
        Envelope::data(record).with_message(lang.text(&done.msg)),
    ))
}

/// A new planned order at the end of its line's queue, or at `sequence`.
#[utoipa::path(operation_id = "schedule_add", post, path = "/api/productionschedules/add", tag = "productionschedules",
    request_body = ScheduleInput,
    responses((status = 200, body = Envelope<ScheduleRecord>), (status = 400), (status = 409)))]
pub async fn add(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(input): Body<ScheduleInput>,
) -> Answer {
    let done = app::orders::plan(&s.app, user.email(), input, lang.0).await?;
    answer(&s, done, lang).await
}

/// Changes a planned order (any other status answers 409 naming it). Its line never changes.
#[utoipa::path(operation_id = "schedule_edit", post, path = "/api/productionschedules/edit/{id}", tag = "productionschedules",
    request_body = ScheduleInput,
    params(("id" = String, Path, description = "an order's `_id`")),
    responses((status = 200, body = Envelope<ScheduleRecord>), (status = 400), (status = 404), (status = 409)))]
pub async fn edit(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Path(id): Path<String>,
    Body(input): Body<ScheduleInput>,
) -> Answer {
    let id = parse_id(&id, "schedule.notFound")?;
    let done = app::orders::edit(&s.app, user.email(), id, input, lang.0).await?;
    answer(&s, done, lang).await
}

/// Deletes an order (soft, audited); a running order answers 409.
#[utoipa::path(operation_id = "schedule_delete", post, path = "/api/productionschedules/delete", tag = "productionschedules",
    request_body = DeleteOrder,
    responses((status = 200, body = crate::Ack), (status = 404), (status = 409)))]
pub async fn delete(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(req): Body<DeleteOrder>,
) -> ApiResult<Json<Envelope<()>>> {
    let id = parse_id(&req.id, "schedule.notFound")?;
    let done = app::orders::delete(&s.app, user.email(), id).await?;
    Ok(Json(Envelope::ok(lang.text(&done.msg))))
}

/// Places a flush (the line's flush material and quantity, one batch) right before the order
/// `beforeId`, which must not have started.
#[utoipa::path(operation_id = "schedule_flush", post, path = "/api/productionschedules/flush", tag = "productionschedules",
    request_body = FlushRequest,
    responses((status = 200, body = Envelope<ScheduleRecord>), (status = 400), (status = 404), (status = 409)))]
pub async fn flush(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(req): Body<FlushRequest>,
) -> Answer {
    let before = req
        .before_id
        .as_deref()
        .and_then(|i| Uuid::parse_str(i.trim()).ok())
        .ok_or_else(|| ApiError::field("beforeId", Msg::new("schedule.notFound")))?;
    let done = app::orders::flush(&s.app, user.email(), before, lang.0).await?;
    answer(&s, done, lang).await
}

//! The writing calls: add (a planned order, placed in its line's queue), edit (planned orders
//! only), delete (refused while running) and the insertion of a flush before an order. Every
//! placement passes the carry-over guard on the planned queue; every change is audited.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use model::{Envelope, Msg};
use uuid::Uuid;

use super::board;
use super::handlers::one;
use super::place::{audit, check, insert_flush, number_taken, place};
use super::record::{DeleteOrder, FlushRequest, ScheduleInput, ScheduleRecord, status_name};
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, parse_id};
use crate::i18n_layer::RequestLang;
use crate::plant::entity;

type Answer = ApiResult<Json<Envelope<ScheduleRecord>>>;

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
    let record = create(&s, user.email(), input, lang).await?;
    let msg = Msg::new("schedule.created").arg("number", &record.order_number);
    Ok(Json(Envelope::data(record).with_message(lang.text(&msg))))
}

/// Plans an order from `input`, through the checks of `POST /api/productionschedules/add`.
pub async fn create(
    s: &AppState,
    actor: &str,
    input: ScheduleInput,
    lang: RequestLang,
) -> ApiResult<ScheduleRecord> {
    let mut errors = BTreeMap::new();
    let raw_line = input.line_id.as_deref().map(str::trim).unwrap_or_default();
    let mut tx = s.pool.begin().await?;
    let line = match Uuid::parse_str(raw_line) {
        Ok(id)
            if db::config::get(&mut *tx, entity("lines"), id)
                .await?
                .is_some() =>
        {
            id
        }
        _ => {
            let code = if raw_line.is_empty() {
                "config.lineRequired"
            } else {
                "config.lineNotFound"
            };
            errors.insert("lineId".to_string(), Msg::new(code));
            Uuid::nil()
        }
    };
    if line.is_nil() {
        return Err(ApiError::Validation(errors));
    }
    db::schedules::lock_line(&mut tx, line).await?;
    let c = check(&mut tx, line, &input, errors, lang).await?;
    let last = db::schedules::next_sequence(&mut *tx, line).await?;
    let wanted = c.sequence.map_or(last, |s| s.min(last));
    let id = Uuid::now_v7();
    let sequence = place(&mut tx, line, id, &c, wanted, input.with_flush, actor, lang).await?;
    db::schedules::make_room(&mut tx, line, sequence).await?;
    let id = db::schedules::insert(&mut tx, line, &c.fields(sequence), None, actor)
        .await
        .map_err(number_taken)?;
    let created = db::schedules::get(&mut *tx, id).await?;
    audit(&mut tx, actor, "created", id, None, created.as_ref()).await?;
    tx.commit().await?;
    // Places after it moved on (and a flush may have gone before it).
    board::publish_line(s, line, &[]).await;
    one(s, id, lang).await
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
    let started = crate::stale::started_from(input.updated_at.as_deref())?;
    let mut tx = s.pool.begin().await?;
    let before = super::locked(&mut tx, id).await?;
    let status = before.status();
    if !before.allowed().editable {
        return Err(ApiError::Conflict {
            field: Some("status"),
            msg: Msg::new("schedule.notEditable").arg("status", status_name(status, lang)),
        });
    }
    let saved = crate::stale::Saved {
        at: before.updated_at,
        by: before.updated_by.as_deref(),
        line: Some(before.line_id),
    };
    crate::stale::refuse_stale(&mut tx, started, saved).await?;
    let mut errors = BTreeMap::new();
    if let Some(raw) = input
        .line_id
        .as_deref()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        && Uuid::parse_str(raw).ok() != Some(before.line_id)
    {
        errors.insert("lineId".into(), Msg::new("config.lineChange"));
    }
    let c = check(&mut tx, before.line_id, &input, errors, lang).await?;
    let wanted = c.sequence.unwrap_or(before.sequence);
    let sequence = place(
        &mut tx,
        before.line_id,
        id,
        &c,
        wanted,
        false,
        user.email(),
        lang,
    )
    .await?;
    if sequence != before.sequence {
        db::schedules::make_room(&mut tx, before.line_id, sequence).await?;
    }
    db::schedules::update(&mut tx, id, &c.fields(sequence), user.email())
        .await
        .map_err(number_taken)?;
    let after = db::schedules::get(&mut *tx, id).await?;
    audit(
        &mut tx,
        user.email(),
        "updated",
        id,
        Some(&before),
        after.as_ref(),
    )
    .await?;
    tx.commit().await?;
    if sequence != before.sequence {
        board::publish_line(&s, before.line_id, &[]).await;
    }
    let record = one(&s, id, lang).await?;
    let msg = Msg::new("schedule.updated").arg("number", &record.order_number);
    Ok(Json(Envelope::data(record).with_message(lang.text(&msg))))
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
    let mut tx = s.pool.begin().await?;
    let o = super::locked(&mut tx, id).await?;
    if !o.allowed().deletable {
        return Err(ApiError::Conflict {
            field: None,
            msg: Msg::new("schedule.deleteRunning").arg("number", &o.order_number),
        });
    }
    db::schedules::delete(&mut tx, id, user.email()).await?;
    audit(&mut tx, user.email(), "deleted", id, Some(&o), None).await?;
    tx.commit().await?;
    board::publish_line(&s, o.line_id, &[id]).await;
    let msg = Msg::new("schedule.deleted").arg("number", &o.order_number);
    Ok(Json(Envelope::ok(lang.text(&msg))))
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
    let id = req
        .before_id
        .as_deref()
        .and_then(|i| Uuid::parse_str(i.trim()).ok())
        .ok_or_else(|| ApiError::field("beforeId", Msg::new("schedule.notFound")))?;
    let mut tx = s.pool.begin().await?;
    let o = super::locked(&mut tx, id).await?;
    let status = o.status();
    if !o.allowed().takes_flush {
        return Err(ApiError::Conflict {
            field: Some("beforeId"),
            msg: Msg::new("schedule.flushTooLate").arg("status", status_name(status, lang)),
        });
    }
    let flush = insert_flush(
        &mut tx,
        o.line_id,
        o.sequence,
        o.planned_start,
        user.email(),
        lang,
    )
    .await?;
    tx.commit().await?;
    board::publish_line(&s, o.line_id, &[]).await;
    let record = one(&s, flush, lang).await?;
    let msg = Msg::new("schedule.flushPlaced").arg("number", &o.order_number);
    Ok(Json(Envelope::data(record).with_message(lang.text(&msg))))
}

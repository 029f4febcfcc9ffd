//! Status changes (`POST /api/productionschedules/status/{id} {status}`): a user's moves of the
//! life cycle (`model::schedule::Status`), each audited. A release pins the version holding the
//! production level, freezes the control recipe and puts the order on the board, after the
//! carry-over guard; a planned flush right before the order is released with it.

use axum::Json;
use axum::extract::{Path, State};
use db::schedules::Order;
use model::schedule::control::{self, ControlRecipe};
use model::schedule::{Kind, Status};
use model::{Envelope, Msg};
use serde_json::json;
use sqlx::PgConnection;
use uuid::Uuid;

use super::handlers::one;
use super::record::{ScheduleRecord, StatusChange, status_name};
use super::{board, guard};
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, parse_id};
use crate::i18n_layer::RequestLang;

/// The control recipe `o` would run if released now, or why it cannot be built.
async fn build(
    db: &mut PgConnection,
    o: &Order,
    lang: RequestLang,
) -> ApiResult<Result<ControlRecipe, Vec<String>>> {
    let plant = crate::recipes::load_plant(db, o.line_id).await?;
    if o.kind == Kind::Flush {
        let settings = db::schedules::carry_over(&mut *db, o.line_id).await?;
        let made = settings
            .and_then(|s| s.flush_material_id)
            .and_then(|m| control::flush(&plant, m, o.batch_size_kg, &o.name));
        return Ok(made.ok_or_else(|| vec![lang.text(&Msg::new("schedule.noFlush"))]));
    }
    let version = match o.recipe_id {
        Some(id) => db::recipes::version(&mut *db, id).await?,
        None => None,
    };
    let Some(v) = version else {
        let msg =
            Msg::new("schedule.notReleased").arg("code", o.recipe_code.clone().unwrap_or_default());
        return Ok(Err(vec![lang.text(&msg)]));
    };
    Ok(control::build(
        v.id,
        &v.code,
        v.version,
        &v.content(),
        &plant,
        o.batch_size_kg,
    )
    .map_err(|problems| {
        problems
            .iter()
            .map(|p| crate::recipes::problem_text(lang, p))
            .collect()
    }))
}

/// The control recipe a planned order would run if released now, or the problems in the way.
pub async fn control_recipe(
    state: &AppState,
    o: &Order,
    lang: RequestLang,
) -> Result<ControlRecipe, Vec<String>> {
    let mut conn = match state.pool.acquire().await {
        Ok(c) => c,
        Err(_) => return Err(vec![lang.text(&Msg::new("server.unavailable"))]),
    };
    match build(&mut conn, o, lang).await {
        Ok(r) => r,
        Err(_) => Err(vec![lang.text(&Msg::new("server.error"))]),
    }
}

/// 409 naming the order's current status.
fn forbidden(from: Status, to: Status, lang: RequestLang) -> ApiError {
    ApiError::Conflict {
        field: Some("status"),
        msg: Msg::new("schedule.transition")
            .arg("status", status_name(from, lang))
            .arg("target", status_name(to, lang)),
    }
}

pub async fn audit_status(
    db: &mut PgConnection,
    actor: &str,
    id: Uuid,
    from: Status,
    to: Status,
) -> ApiResult<()> {
    db::audit::write(
        db,
        db::audit::Entry {
            actor: Some(actor),
            action: "status",
            entity: "productionSchedule",
            entity_id: Some(id.to_string()),
            before: None,
            after: None,
            detail: Some(json!({ "from": from.as_str(), "to": to.as_str() })),
        },
    )
    .await?;
    Ok(())
}

/// Releases `o` (PLANNED or ON_HOLD) inside `tx`: the guard on the queue the plant will run,
/// then the pin and the frozen control recipe; a planned flush right before it goes with it.
/// Returns the orders released.
async fn release(
    tx: &mut PgConnection,
    o: &Order,
    actor: &str,
    lang: RequestLang,
) -> ApiResult<Vec<Uuid>> {
    let queue = db::schedules::queue(&mut *tx, o.line_id).await?;
    let position = queue.iter().position(|q| q.id == o.id).unwrap_or(0);
    let flush: Vec<&Order> = queue[..position]
        .iter()
        .rev()
        .take_while(|q| q.kind == Kind::Flush || q.status == Status::Cancelled)
        .filter(|q| q.kind == Kind::Flush && q.status == Status::Planned)
        .collect();
    let flush_ids: Vec<Uuid> = flush.iter().map(|f| f.id).collect();
    let matrix = guard::matrix(tx, o.line_id).await?;
    let mut run = guard::to_run(&queue, o.id, &flush_ids);
    // An order released before (now on hold) runs its pinned version: not one since withdrawn
    // or replaced at the production level.
    if let Some(change) = super::record::RecipeChange::of(o) {
        let code = match change {
            super::record::RecipeChange::Replaced => "schedule.versionReplaced",
            super::record::RecipeChange::Withdrawn => "schedule.versionWithdrawn",
        };
        return Err(ApiError::Conflict {
            field: Some("status"),
            msg: Msg::new(code)
                .arg("number", &o.order_number)
                .arg("code", o.recipe_code.clone().unwrap_or_default())
                .arg("version", o.recipe_version.unwrap_or_default().to_string())
                .arg(
                    "current",
                    o.production_version.unwrap_or_default().to_string(),
                ),
        });
    }
    // The class the pinned version will have.
    let control = match &o.control_recipe {
        Some(c) => c.0.clone(),
        None => build(tx, o, lang)
            .await?
            .map_err(|problems| ApiError::Conflict {
                field: Some("status"),
                msg: Msg::new("schedule.cannotRun").arg("problems", problems.join("; ")),
            })?,
    };
    if let Some(q) = run.iter_mut().find(|q| q.id == o.id) {
        q.class = control.medication_class.clone();
    }
    guard::refuse(&run, &matrix, o.id, &guard::numbers(&queue))?;
    let mut released = Vec::new();
    for f in flush {
        let fc = build(tx, f, lang)
            .await?
            .map_err(|problems| ApiError::Conflict {
                field: Some("status"),
                msg: Msg::new("schedule.cannotRun").arg("problems", problems.join("; ")),
            })?;
        db::schedules::release(tx, f.id, None, &fc, actor).await?;
        audit_status(tx, actor, f.id, Status::Planned, Status::Released).await?;
        released.push(f.id);
    }
    db::schedules::release(tx, o.id, control.recipe_id, &control, actor).await?;
    released.push(o.id);
    Ok(released)
}

/// Moves order `id` to `to` as a user, as `POST …/status/{id}` does; the board is told.
pub async fn transition(
    s: &AppState,
    actor: &str,
    id: Uuid,
    to: Status,
    lang: RequestLang,
) -> ApiResult<ScheduleRecord> {
    let mut tx = s.pool.begin().await?;
    let o = super::locked(&mut tx, id).await?;
    let from = o.status;
    if !from.user_may(to) {
        return Err(forbidden(from, to, lang));
    }
    let mut changed = vec![id];
    if to == Status::Released {
        changed = release(&mut tx, &o, actor, lang).await?;
    } else {
        db::schedules::set_status(&mut tx, id, to.as_str(), actor).await?;
    }
    audit_status(&mut tx, actor, id, from, to).await?;
    tx.commit().await?;
    board::publish(s, &changed).await;
    one(s, id, lang).await
}

/// Moves an order to `status`: RELEASED (from PLANNED or ON_HOLD), ON_HOLD, CANCELLED or
/// ABORTED, as the life cycle allows; any other move answers 409 naming the current status.
/// RUNNING and COMPLETED come from the plant only.
#[utoipa::path(operation_id = "schedule_change", post, path = "/api/productionschedules/status/{id}", tag = "productionschedules",
    request_body = StatusChange,
    params(("id" = String, Path, description = "an order's `_id`")),
    responses((status = 200, body = Envelope<ScheduleRecord>), (status = 400), (status = 404), (status = 409)))]
pub async fn change(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Path(id): Path<String>,
    Body(change): Body<StatusChange>,
) -> ApiResult<Json<Envelope<ScheduleRecord>>> {
    let id = parse_id(&id, "schedule.notFound")?;
    let names: Vec<&str> = Status::ALL.iter().map(|s| s.as_str()).collect();
    let to = change
        .status
        .as_deref()
        .map(str::trim)
        .and_then(Status::parse)
        .ok_or_else(|| {
            ApiError::field(
                "status",
                Msg::new("validation.choice").arg("options", names.join(", ")),
            )
        })?;
    let record = transition(&s, user.email(), id, to, lang).await?;
    let msg = Msg::new("schedule.statusChanged")
        .arg("number", &record.order_number)
        .arg("status", status_name(to, lang));
    Ok(Json(Envelope::data(record).with_message(lang.text(&msg))))
}

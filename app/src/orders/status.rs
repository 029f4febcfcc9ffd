//! Status moves as a user makes them (`model::schedule::Status::user_may`), each audited. A
//! release pins the version holding the production level, freezes the control recipe and puts
//! the order on the board, after the carry-over guard; a planned flush right before the order
//! is released with it.

use crate::signatures::{Signer, Signing, sign};
use db::schedules::Order;
use model::Msg;
use model::schedule::control::{self, ControlRecipe};
use model::schedule::{Kind, Status};
use model::signature::Purpose;
use serde_json::json;
use sqlx::PgConnection;
use uuid::Uuid;

use super::{RecipeChange, guard, status_msg};
use crate::{App, Done, Error, Result};

/// The control recipe `o` would run if released now, or why it cannot be built.
async fn build(db: &mut PgConnection, o: &Order) -> Result<Result<ControlRecipe, Vec<Msg>>> {
    let plant = crate::recipes::load_plant(db, o.line_id).await?;
    if o.kind == Kind::Flush {
        let settings = db::schedules::carry_over(&mut *db, o.line_id).await?;
        let made = settings
            .and_then(|s| s.flush_material_id)
            .and_then(|m| control::flush(&plant, m, o.batch_size_kg, &o.name));
        return Ok(made.ok_or_else(|| vec![Msg::new("schedule.noFlush")]));
    }
    let version = match o.recipe_id {
        Some(id) => db::recipes::version(&mut *db, id).await?,
        None => None,
    };
    let Some(v) = version else {
        let msg =
            Msg::new("schedule.notReleased").arg("code", o.recipe_code.clone().unwrap_or_default());
        return Ok(Err(vec![msg]));
    };
    Ok(control::build(
        v.id,
        &v.code,
        v.version,
        &v.content(),
        &plant,
        o.batch_size_kg,
    )
    .map_err(|problems| problems.iter().map(crate::recipes::problem_msg).collect()))
}

/// The control recipe a planned order would run if released now, or the problems in the way.
pub async fn control_recipe(app: &App, o: &Order) -> Result<ControlRecipe, Vec<Msg>> {
    let mut conn = match app.pool.acquire().await {
        Ok(c) => c,
        Err(_) => return Err(vec![Msg::new("server.unavailable")]),
    };
    match build(&mut conn, o).await {
        Ok(r) => r,
        Err(_) => Err(vec![Msg::new("server.error")]),
    }
}

/// The conflict naming the order's current status.
fn forbidden(from: Status, to: Status) -> Error {
    Error::conflict_on(
        "status",
        Msg::new("schedule.transition")
            .arg_msg("status", status_msg(from))
            .arg_msg("target", status_msg(to)),
    )
}

pub async fn audit_status(
    db: &mut PgConnection,
    actor: &str,
    id: Uuid,
    from: Status,
    to: Status,
) -> Result<()> {
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

/// The conflict of an order that cannot run, listing why.
fn cannot_run(problems: Vec<Msg>) -> Error {
    Error::conflict_on(
        "status",
        Msg::new("schedule.cannotRun").arg_msgs("problems", problems),
    )
}

/// Releases `o` (PLANNED or ON_HOLD) inside `tx`: the guard on the queue the plant will run,
/// then the pin and the frozen control recipe; a planned flush right before it goes with it.
/// Returns the orders released. An order of a medicated class is signed by `signer` (issue 35).
async fn release(
    tx: &mut PgConnection,
    o: &Order,
    actor: &str,
    signer: Option<&Signer>,
) -> Result<Vec<Uuid>> {
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
    if let Some(change) = RecipeChange::of(o) {
        let code = match change {
            RecipeChange::Replaced => "schedule.versionReplaced",
            RecipeChange::Withdrawn => "schedule.versionWithdrawn",
        };
        return Err(Error::conflict_on(
            "status",
            Msg::new(code)
                .arg("number", &o.order_number)
                .arg("code", o.recipe_code.clone().unwrap_or_default())
                .arg("version", o.recipe_version.unwrap_or_default().to_string())
                .arg(
                    "current",
                    o.production_version.unwrap_or_default().to_string(),
                ),
        ));
    }
    // The class the pinned version will have.
    let control = match &o.control_recipe {
        Some(c) => c.0.clone(),
        None => build(tx, o).await?.map_err(cannot_run)?,
    };
    if let Some(q) = run.iter_mut().find(|q| q.id == o.id) {
        q.class = control.medication_class.clone();
    }
    crate::lots::refuse_held(tx, o.line_id, &control).await?;
    guard::refuse(&run, &matrix, o.id, &guard::numbers(&queue))?;
    if control.medication_class != "NONE" || signer.is_some() {
        let what = Signing {
            entity: "productionSchedule",
            entity_id: o.id,
            line: o.line_id,
            purpose: Purpose::OrderRelease,
            level: None,
            last_editor: o.updated_by.as_deref().or(o.created_by.as_deref()),
        };
        let required = Msg::new("signature.requiredOrder")
            .arg("number", &o.order_number)
            .arg("class", &control.medication_class);
        sign(tx, what, signer, required).await?;
    }
    let mut released = Vec::new();
    for f in flush {
        let fc = build(tx, f).await?.map_err(cannot_run)?;
        crate::lots::refuse_held(tx, f.line_id, &fc).await?;
        db::schedules::release(tx, f.id, None, &fc, actor).await?;
        audit_status(tx, actor, f.id, Status::Planned, Status::Released).await?;
        released.push(f.id);
    }
    db::schedules::release(tx, o.id, control.recipe_id, &control, actor).await?;
    released.push(o.id);
    Ok(released)
}

/// Moves order `id` to `to` as a user; the board is told. A release of a medicated order is
/// signed by `signer`.
pub async fn transition(
    app: &App,
    actor: &str,
    id: Uuid,
    to: Status,
    signer: Option<&Signer>,
) -> Result<Done> {
    let mut tx = app.pool.begin().await?;
    let o = super::locked(&mut tx, id).await?;
    let from = o.status;
    if !from.user_may(to) {
        return Err(forbidden(from, to));
    }
    let mut changed = vec![id];
    if to == Status::Released {
        changed = release(&mut tx, &o, actor, signer).await?;
    } else {
        db::schedules::set_status(&mut tx, id, to.as_str(), actor).await?;
    }
    audit_status(&mut tx, actor, id, from, to).await?;
    tx.commit().await?;
    crate::board::publish(app, &changed).await;
    let msg = Msg::new("schedule.statusChanged")
        .arg("number", &o.order_number)
        .arg_msg("status", status_msg(to));
    Ok(Done::new(id, msg))
}

//! The writing commands: plan (a planned order, placed in its line's queue), edit (planned
//! orders only), delete (refused while running) and the insertion of a flush before an order.
//! Every placement passes the carry-over guard on the planned queue; every change is audited.

use std::collections::BTreeMap;

use model::{Lang, Msg};
use uuid::Uuid;

use super::input::ScheduleInput;
use super::place::{audit, check, insert_flush, number_taken, place};
use super::status_msg;
use crate::plant::entity;
use crate::{App, Done, Error, Result};

/// Plans an order from `input` as `actor`, at the end of its line's queue or at `sequence`.
/// `names`: the language of the names it writes (a flush placed with it).
pub async fn plan(app: &App, actor: &str, input: ScheduleInput, names: Lang) -> Result<Done> {
    let mut errors = BTreeMap::new();
    let raw_line = input.line_id.as_deref().map(str::trim).unwrap_or_default();
    let mut tx = app.pool.begin().await?;
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
        return Err(Error::Invalid(errors));
    }
    db::schedules::lock_line(&mut tx, line).await?;
    let c = check(&mut tx, line, &input, errors).await?;
    let last = db::schedules::next_sequence(&mut *tx, line).await?;
    let wanted = c.sequence.map_or(last, |s| s.min(last));
    let id = Uuid::now_v7();
    let sequence = place(
        &mut tx,
        line,
        id,
        &c,
        wanted,
        input.with_flush,
        actor,
        names,
    )
    .await?;
    db::schedules::make_room(&mut tx, line, sequence).await?;
    let id = db::schedules::insert(&mut tx, line, &c.fields(sequence), None, actor)
        .await
        .map_err(number_taken)?;
    let created = db::schedules::get(&mut *tx, id).await?;
    audit(&mut tx, actor, "created", id, None, created.as_ref()).await?;
    tx.commit().await?;
    // Places after it moved on (and a flush may have gone before it).
    crate::board::publish_line(app, line, &[]).await;
    let msg = Msg::new("schedule.created").arg("number", &c.order_number);
    Ok(Done::new(id, msg))
}

/// Changes the planned order `id` (any other status is a conflict naming it). Its line never
/// changes.
pub async fn edit(
    app: &App,
    actor: &str,
    id: Uuid,
    input: ScheduleInput,
    names: Lang,
) -> Result<Done> {
    let started = crate::stale::started_from(input.updated_at.as_deref())?;
    let mut tx = app.pool.begin().await?;
    let before = super::locked(&mut tx, id).await?;
    let status = before.status();
    if !before.allowed().editable {
        return Err(Error::conflict_on(
            "status",
            Msg::new("schedule.notEditable").arg_msg("status", status_msg(status)),
        ));
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
    let c = check(&mut tx, before.line_id, &input, errors).await?;
    let wanted = c.sequence.unwrap_or(before.sequence);
    let sequence = place(&mut tx, before.line_id, id, &c, wanted, false, actor, names).await?;
    if sequence != before.sequence {
        db::schedules::make_room(&mut tx, before.line_id, sequence).await?;
    }
    db::schedules::update(&mut tx, id, &c.fields(sequence), actor)
        .await
        .map_err(number_taken)?;
    let after = db::schedules::get(&mut *tx, id).await?;
    audit(&mut tx, actor, "updated", id, Some(&before), after.as_ref()).await?;
    tx.commit().await?;
    if sequence != before.sequence {
        crate::board::publish_line(app, before.line_id, &[]).await;
    }
    let msg = Msg::new("schedule.updated").arg("number", &c.order_number);
    Ok(Done::new(id, msg))
}

/// Deletes order `id` (soft, audited); a running order is a conflict.
pub async fn delete(app: &App, actor: &str, id: Uuid) -> Result<Done> {
    let mut tx = app.pool.begin().await?;
    let o = super::locked(&mut tx, id).await?;
    if !o.allowed().deletable {
        return Err(Error::conflict(
            Msg::new("schedule.deleteRunning").arg("number", &o.order_number),
        ));
    }
    db::schedules::delete(&mut tx, id, actor).await?;
    audit(&mut tx, actor, "deleted", id, Some(&o), None).await?;
    tx.commit().await?;
    crate::board::publish_line(app, o.line_id, &[id]).await;
    let msg = Msg::new("schedule.deleted").arg("number", &o.order_number);
    Ok(Done::new(id, msg))
}

/// Places a flush (the line's flush material and quantity, one batch) right before the order
/// `before`, which must not have started; the flush's id.
pub async fn flush(app: &App, actor: &str, before: Uuid, names: Lang) -> Result<Done> {
    let mut tx = app.pool.begin().await?;
    let o = super::locked(&mut tx, before).await?;
    let status = o.status();
    if !o.allowed().takes_flush {
        return Err(Error::conflict_on(
            "beforeId",
            Msg::new("schedule.flushTooLate").arg_msg("status", status_msg(status)),
        ));
    }
    let flush = insert_flush(
        &mut tx,
        o.line_id,
        o.sequence,
        o.planned_start,
        actor,
        names,
    )
    .await?;
    tx.commit().await?;
    crate::board::publish_line(app, o.line_id, &[]).await;
    let msg = Msg::new("schedule.flushPlaced").arg("number", &o.order_number);
    Ok(Done::new(flush, msg))
}

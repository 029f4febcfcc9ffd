//! Writing an entry, changing its notes and open items, and taking its handover; each audited.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use model::Msg;
use serde_json::json;
use uuid::Uuid;

use super::types::{AddShiftLog, EditShiftLog, Handover, OpenItem, OpenItemInput, ShiftLog};
use super::{HANDOVER_BEFORE_END_MIN, LATE_DAYS, entry_of, get, not_found, summary, zone_of};
use crate::reports::scope::{Line, lines_of};
use crate::{App, Error, Result};

// The longest notes and handover note, an open item's text, and how many items an entry keeps
// (`model::limits`, which the web reads too).
use model::limits::{
    SHIFT_LOG_HANDOVER_NOTE as HANDOVER_NOTE_MAX, SHIFT_LOG_ITEM as ITEM_MAX,
    SHIFT_LOG_ITEMS as ITEMS_MAX, SHIFT_LOG_NOTES as NOTES_MAX,
};

/// The shift `shift` of `line` on local date `date`: its start and end.
async fn occurrence(
    app: &App,
    line: &Line,
    shift: &str,
    date: NaiveDate,
) -> Result<(DateTime<Utc>, DateTime<Utc>, String)> {
    let s = line
        .shifts
        .iter()
        .find(|s| s.id == shift)
        .ok_or_else(|| Error::field("shiftId", Msg::new("report.shiftNotFound")))?;
    if !s.times.days.contains(&date.weekday()) {
        return Err(Error::field(
            "date",
            Msg::new("shiftLog.notWorkingDay")
                .arg("shift", s.name.clone())
                .arg("date", date.to_string()),
        ));
    }
    let from = date.and_time(s.times.start);
    let mut to = date.and_time(s.times.end);
    if to <= from {
        to += Duration::days(1);
    }
    let utc = db::zones::to_utc(&app.pool, &line.zone, &[from, to]).await?;
    Ok((utc[0], utc[1], s.name.clone()))
}

/// Checks the open items: each with a text of at most [`ITEM_MAX`], at most [`ITEMS_MAX`];
/// those of `kept` keep their `carriedFrom`.
fn items(input: &[OpenItemInput], kept: &[OpenItem]) -> Result<Vec<OpenItem>> {
    if input.len() > ITEMS_MAX {
        return Err(Error::field(
            "openItems",
            Msg::new("shiftLog.tooManyItems").arg("max", ITEMS_MAX),
        ));
    }
    input
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let text = model::validation::required_text(item.text.as_deref(), ITEM_MAX)
                .map_err(|m| Error::field(&format!("openItems[{i}].text"), m))?;
            let old = item.id.and_then(|id| kept.iter().find(|k| k.id == id));
            Ok(OpenItem {
                id: old.map_or_else(Uuid::now_v7, |o| o.id),
                text,
                done: item.done,
                carried_from: old.and_then(|o| o.carried_from),
            })
        })
        .collect()
}

fn notes(raw: Option<&str>, field: &str, max: usize) -> Result<String> {
    let text = raw.unwrap_or("").trim().to_string();
    if text.chars().count() > max {
        return Err(Error::field(
            field,
            Msg::new("validation.textTooLong").arg("max", max),
        ));
    }
    Ok(text)
}

async fn audit(
    db: impl sqlx::PgExecutor<'_>,
    actor: &str,
    action: &str,
    id: Uuid,
    before: Option<&ShiftLog>,
    after: Option<&ShiftLog>,
) -> Result<()> {
    let json = |e: Option<&ShiftLog>| {
        e.map(|e| {
            json!({"lineId": e.line_id, "shiftId": e.shift_id, "date": e.date, "notes": e.notes,
                   "openItems": e.open_items, "handedOverBy": e.handed_over_by, "handoverNote": e.handover_note})
        })
    };
    db::audit::write(
        db,
        db::audit::Entry {
            actor: Some(actor),
            action,
            entity: "shiftLog",
            entity_id: Some(id.to_string()),
            before: json(before),
            after: json(after),
            detail: None,
        },
    )
    .await?;
    Ok(())
}

/// Writes the log of a shift occurrence that has begun; the open items the shift before left
/// undone come with it. 409 when the occurrence has its log.
pub async fn add(app: &App, actor: &str, b: &AddShiftLog) -> Result<ShiftLog> {
    let line_raw = b
        .line_id
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .ok_or_else(|| Error::field("lineId", Msg::new("validation.required")))?;
    let line = lines_of(app, line_raw)
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| Error::field("lineId", Msg::new("config.lineNotFound")))?;
    let shift = b
        .shift_id
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .ok_or_else(|| Error::field("shiftId", Msg::new("validation.required")))?;
    let date = match b.date.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => return Err(Error::field("date", Msg::new("validation.required"))),
        Some(raw) => NaiveDate::parse_from_str(raw, "%Y-%m-%d")
            .map_err(|_| Error::field("date", Msg::new("validation.date")))?,
    };
    let notes = notes(b.notes.as_deref(), "notes", NOTES_MAX)?;
    // Today at the plant: a shift's date is the line's local date.
    let today = db::zones::now_in(&app.pool, &line.zone).await?.date();
    if date < today - Duration::days(LATE_DAYS) || date > today + Duration::days(366) {
        return Err(Error::field(
            "date",
            Msg::new("shiftLog.dateOutOfRange").arg("days", LATE_DAYS),
        ));
    }
    let (starts_at, ends_at, shift_name) = occurrence(app, &line, shift, date).await?;
    if starts_at > Utc::now() + Duration::minutes(HANDOVER_BEFORE_END_MIN) {
        return Err(Error::field(
            "date",
            Msg::new("shiftLog.notBegun")
                .arg("shift", shift_name)
                .arg("date", date.to_string()),
        ));
    }
    let line_id = Uuid::parse_str(&line.id).map_err(|_| not_found())?;
    let shift_id = Uuid::parse_str(shift).map_err(|_| not_found())?;
    let mut tx = app.pool.begin().await?;
    // The open items the shift before left undone.
    let carried: Vec<OpenItem> = match db::shift_log::previous(&mut *tx, line_id, starts_at).await?
    {
        None => Vec::new(),
        Some(p) => serde_json::from_value::<Vec<OpenItem>>(p.open_items)
            .unwrap_or_default()
            .into_iter()
            .filter(|i| !i.done)
            .map(|i| OpenItem {
                id: Uuid::now_v7(),
                carried_from: Some(p.id),
                ..i
            })
            .collect(),
    };
    let id = Uuid::now_v7();
    let added = db::shift_log::add(
        &mut tx,
        &db::shift_log::New {
            id,
            line_id,
            shift_id,
            date,
            starts_at,
            ends_at,
            notes: &notes,
            open_items: &serde_json::to_value(&carried).map_err(anyhow::Error::from)?,
            by: actor,
        },
    )
    .await?;
    if !added {
        return Err(Error::conflict_on(
            "shiftId",
            Msg::new("shiftLog.exists")
                .arg("shift", shift_name)
                .arg("date", date.to_string()),
        ));
    }
    let e = db::shift_log::get(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    let entry = entry_of(e, None);
    audit(&mut *tx, actor, "create", id, None, Some(&entry)).await?;
    tx.commit().await?;
    get(app, &id.to_string()).await
}

/// Changes the notes and open items of an entry not handed over yet.
pub async fn edit(app: &App, actor: &str, raw_id: &str, b: &EditShiftLog) -> Result<ShiftLog> {
    let id = Uuid::parse_str(raw_id.trim()).map_err(|_| not_found())?;
    let mut tx = app.pool.begin().await?;
    let e = db::shift_log::get(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    let before = entry_of(e, None);
    if before.handed_over_at.is_some() {
        return Err(Error::conflict(Msg::new("shiftLog.handedOver")));
    }
    let notes = match &b.notes {
        Some(n) => notes(Some(n), "notes", NOTES_MAX)?,
        None => before.notes.clone(),
    };
    let open_items = match &b.open_items {
        Some(list) => items(list, &before.open_items)?,
        None => before.open_items.clone(),
    };
    db::shift_log::edit(
        &mut tx,
        id,
        &notes,
        &serde_json::to_value(&open_items).map_err(anyhow::Error::from)?,
        actor,
    )
    .await?;
    let after = ShiftLog {
        notes,
        open_items,
        ..before.clone()
    };
    audit(&mut *tx, actor, "update", id, Some(&before), Some(&after)).await?;
    tx.commit().await?;
    get(app, raw_id).await
}

/// The next shift's operator takes the handover: from 30 minutes before the shift ends, by
/// someone other than who wrote the entry; its summary is kept with it.
pub async fn hand_over(app: &App, actor: &str, raw_id: &str, b: &Handover) -> Result<ShiftLog> {
    let id = Uuid::parse_str(raw_id.trim()).map_err(|_| not_found())?;
    let note = notes(b.note.as_deref(), "note", HANDOVER_NOTE_MAX)?;
    let mut tx = app.pool.begin().await?;
    let e = db::shift_log::get(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    let before = entry_of(e, None);
    if before.handed_over_at.is_some() {
        return Err(Error::conflict(Msg::new("shiftLog.handedOver")));
    }
    if Utc::now() < before.handover_from {
        // Said in the plant's time, as the shift's times are.
        let zone = zone_of(app, before.line_id).await?;
        let local = db::zones::to_local(&app.pool, &zone, &[before.handover_from]).await?;
        let at = local
            .first()
            .map(|t| t.format("%Y-%m-%d %H:%M").to_string())
            .unwrap_or_default();
        return Err(Error::conflict(Msg::new("shiftLog.tooEarly").arg("at", at)));
    }
    if actor.eq_ignore_ascii_case(&before.created_by)
        || actor.eq_ignore_ascii_case(&before.updated_by)
    {
        return Err(Error::conflict(Msg::new("shiftLog.sameOperator")));
    }
    let summary = summary(
        app,
        &before.line_id.to_string(),
        before.starts_at,
        before.ends_at,
    )
    .await?;
    let kept = serde_json::to_value(&summary).map_err(anyhow::Error::from)?;
    let note = (!note.is_empty()).then_some(note);
    let at = db::shift_log::hand_over(&mut tx, id, actor, note.as_deref(), &kept).await?;
    let after = ShiftLog {
        handed_over_at: Some(at),
        handed_over_by: Some(actor.to_string()),
        handover_note: note,
        ..before.clone()
    };
    audit(&mut *tx, actor, "handover", id, Some(&before), Some(&after)).await?;
    tx.commit().await?;
    get(app, raw_id).await
}

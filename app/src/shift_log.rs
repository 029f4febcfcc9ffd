//! The shift log (issue 34, item 4; decision 113): per line and shift occurrence an entry with
//! the production summary the server fills in (tonnes, batches, stops with their reasons,
//! alarms, OEE), the operators' notes and open items, and the handover that the next shift's
//! operator acknowledges. Open items not done carry into the next shift's entry when it is
//! written; the summary is kept with the entry at the handover. Every move is audited.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use model::Msg;
use model::choice::OeeGroup;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::reports::oee::OeeFigures;
use crate::reports::read::{MaterialFilter, by_window};
use crate::reports::scope::{Line, Scope, lines_of};
use crate::reports::stops::stops;
use crate::{App, Error, Result};

// The longest notes and handover note, an open item's text, and how many items an entry keeps
// (`model::limits`, which the web reads too).
use model::limits::{
    SHIFT_LOG_HANDOVER_NOTE as HANDOVER_NOTE_MAX, SHIFT_LOG_ITEM as ITEM_MAX,
    SHIFT_LOG_ITEMS as ITEMS_MAX, SHIFT_LOG_NOTES as NOTES_MAX,
};
/// How many days after its shift an entry may still be written.
pub const LATE_DAYS: i64 = model::limits::SHIFT_LOG_LATE_DAYS as i64;
/// How long before its shift ends an entry may be handed over.
pub const HANDOVER_BEFORE_END_MIN: i64 = 30;
/// The stop reasons a summary lists, longest first.
pub const SUMMARY_REASONS: usize = 10;

/// Something to follow up, carried to the next shift until done.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenItem {
    pub id: Uuid,
    pub text: String,
    pub done: bool,
    /// The entry it was carried from (the shift before), if it was.
    pub carried_from: Option<Uuid>,
}

/// A stop reason of a shift, with its stops.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryStop {
    /// The reason's code; '' for stops without a reason.
    pub code: String,
    /// Its name; absent for stops without a reason.
    pub name: Option<String>,
    pub stops: i64,
    pub duration_s: f64,
}

/// What the shift made and what stopped it, as the server counts it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftSummary {
    /// When it was counted (at the handover, for a summary kept).
    pub computed_at: DateTime<Utc>,
    pub batches: i64,
    pub aborted: i64,
    pub actual_kg: f64,
    pub tonnes: f64,
    pub stops: i64,
    pub stop_s: f64,
    /// The longest stop reasons, longest first.
    pub stop_reasons: Vec<SummaryStop>,
    pub alarms: i64,
    pub critical_alarms: i64,
    /// Raised in the shift and not acknowledged (when counted).
    pub unacknowledged_alarms: i64,
    pub oee: OeeFigures,
}

/// A shift log entry.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftLog {
    pub id: Uuid,
    pub line_id: Uuid,
    pub line_name: String,
    pub shift_id: Uuid,
    pub shift_name: String,
    /// The local date the shift starts on.
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub notes: String,
    pub open_items: Vec<OpenItem>,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    pub updated_at: DateTime<Utc>,
    pub updated_by: String,
    pub handed_over_at: Option<DateTime<Utc>>,
    pub handed_over_by: Option<String>,
    pub handover_note: Option<String>,
    /// From when it may be handed over (30 minutes before the shift ends).
    pub handover_from: DateTime<Utc>,
    /// The summary: kept at the handover, else counted now (`summaryFinal`); absent in lists
    /// while the shift is open.
    pub summary: Option<ShiftSummary>,
    pub summary_final: bool,
}

/// The filters of the list.
#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ShiftLogQuery {
    /// A line's `_id`; omitted or `ALL` for every line.
    pub line_id: Option<String>,
    /// Entries of shifts that started from here (RFC 3339)…
    pub from_date_time: Option<String>,
    /// …to here, excluded (at most 400 days later).
    pub to_date_time: Option<String>,
    /// Words in the notes, open items or handover note (any case).
    pub search: Option<String>,
}

/// A new entry.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddShiftLog {
    pub line_id: Option<String>,
    pub shift_id: Option<String>,
    /// The local date the shift starts on (`YYYY-MM-DD`).
    pub date: Option<String>,
    pub notes: Option<String>,
}

/// An open item as the operators edit it: a new one has no `id`.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenItemInput {
    pub id: Option<Uuid>,
    pub text: Option<String>,
    #[serde(default)]
    pub done: bool,
}

/// New notes and open items (each replaces what the entry had; absent keeps it).
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditShiftLog {
    pub notes: Option<String>,
    pub open_items: Option<Vec<OpenItemInput>>,
}

/// The next shift's operator taking the handover.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Handover {
    pub note: Option<String>,
}

fn not_found() -> Error {
    Error::NotFound(Msg::new("shiftLog.notFound"))
}

fn entry_of(e: db::shift_log::Entry, summary: Option<ShiftSummary>) -> ShiftLog {
    let kept: Option<ShiftSummary> = e
        .summary
        .as_ref()
        .and_then(|s| serde_json::from_value(s.clone()).ok());
    let summary_final = kept.is_some();
    ShiftLog {
        id: e.id,
        line_id: e.line_id,
        line_name: e.line_name,
        shift_id: e.shift_id,
        shift_name: e.shift_name,
        date: e.date,
        starts_at: e.starts_at,
        ends_at: e.ends_at,
        notes: e.notes,
        open_items: serde_json::from_value(e.open_items).unwrap_or_default(),
        created_at: e.created_at,
        created_by: e.created_by,
        updated_at: e.updated_at,
        updated_by: e.updated_by,
        handed_over_at: e.handed_over_at,
        handed_over_by: e.handed_over_by,
        handover_note: e.handover_note,
        handover_from: e.ends_at - Duration::minutes(HANDOVER_BEFORE_END_MIN),
        summary: kept.or(summary),
        summary_final,
    }
}

/// The entries of the query's lines and range, newest first, a page at a time; and how many.
pub async fn list(
    app: &App,
    q: &ShiftLogQuery,
    limit: i64,
    offset: i64,
) -> Result<(Vec<ShiftLog>, i64)> {
    let (from, to) = crate::when::range(q.from_date_time.as_deref(), q.to_date_time.as_deref())?;
    let from = from.ok_or_else(|| Error::field("fromDateTime", Msg::new("validation.required")))?;
    let to = to.ok_or_else(|| Error::field("toDateTime", Msg::new("validation.required")))?;
    if to - from > Duration::days(crate::reports::scope::MAX_DAYS) {
        return Err(Error::field(
            "toDateTime",
            Msg::new("report.rangeTooLong")
                .arg("days", crate::reports::scope::MAX_DAYS.to_string()),
        ));
    }
    let lines = match q.line_id.as_deref().map(str::trim) {
        None | Some("") | Some("ALL") => None,
        Some(raw) => {
            Some(vec![Uuid::parse_str(raw).map_err(|_| {
                Error::field("lineId", Msg::new("config.lineNotFound"))
            })?])
        }
    };
    let search = q
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.chars().take(200).collect::<String>());
    let (rows, total) = db::shift_log::list(
        &app.pool,
        lines.as_deref(),
        from,
        to,
        search.as_deref(),
        limit,
        offset,
    )
    .await?;
    Ok((rows.into_iter().map(|e| entry_of(e, None)).collect(), total))
}

/// Entry `raw_id` with its summary: the one kept at the handover, else counted now.
pub async fn get(app: &App, raw_id: &str) -> Result<ShiftLog> {
    let id = Uuid::parse_str(raw_id.trim()).map_err(|_| not_found())?;
    let e = db::shift_log::get(&app.pool, id)
        .await?
        .ok_or_else(not_found)?;
    let summary = if e.summary.is_some() {
        None
    } else {
        Some(summary(app, &e.line_id.to_string(), e.starts_at, e.ends_at).await?)
    };
    Ok(entry_of(e, summary))
}

/// The summary of line `line` over [from, to) as the reports count it.
pub async fn summary(
    app: &App,
    line: &str,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<ShiftSummary> {
    let now = Utc::now();
    let lines = lines_of(app, line).await?;
    let scope = Scope {
        lines,
        from,
        to,
        recipes: None,
        order: None,
        batch: None,
        shift: None,
    };
    let production = by_window(app, &scope, "line", &MaterialFilter::default()).await?;
    let f = production.totals;
    let found = stops(app, &[(line.to_string(), from, to)], 0, 0).await?;
    let alarms = db::shift_log::alarms(&app.pool, line, from, to).await?;
    let oee = crate::reports::oee::report(app, &scope, OeeGroup::Line, now)
        .await?
        .lines
        .into_iter()
        .next()
        .map(|r| r.figures)
        .unwrap_or_default();
    let mut stop_reasons: Vec<SummaryStop> = found
        .pareto
        .into_iter()
        .map(|p| SummaryStop {
            name: (!p.key.is_empty()).then_some(p.name),
            code: p.key,
            stops: p.stops,
            duration_s: p.duration_s,
        })
        .collect();
    stop_reasons.sort_by(|a, b| b.duration_s.total_cmp(&a.duration_s));
    stop_reasons.truncate(SUMMARY_REASONS);
    Ok(ShiftSummary {
        computed_at: now,
        batches: f.batches.unwrap_or(0),
        aborted: f.aborted.unwrap_or(0),
        actual_kg: f.actual_kg,
        tonnes: f.actual_kg / 1000.0,
        stops: found.totals.stops,
        stop_s: found.totals.duration_s,
        stop_reasons,
        alarms: alarms.raised,
        critical_alarms: alarms.critical,
        unacknowledged_alarms: alarms.unacknowledged,
        oee,
    })
}

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

/// The time zone of line `line` (UTC when it has none).
pub async fn zone_of(app: &App, line: Uuid) -> Result<String> {
    Ok(lines_of(app, &line.to_string())
        .await?
        .into_iter()
        .next()
        .map_or_else(|| "UTC".to_string(), |l| l.zone))
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
    let today = Utc::now().date_naive();
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

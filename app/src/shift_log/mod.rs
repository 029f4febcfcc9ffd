//! The shift log (issue 34, item 4; decision 113): per line and shift occurrence an entry with
//! the production summary the server fills in (tonnes, batches, stops with their reasons,
//! alarms, OEE), the operators' notes and open items, and the handover that the next shift's
//! operator acknowledges. Open items not done carry into the next shift's entry when it is
//! written; the summary is kept with the entry at the handover. Every move is audited.

use chrono::Duration;
use model::Msg;
use uuid::Uuid;

mod summary;
mod types;
mod write;

pub use summary::{SUMMARY_REASONS, summary};
pub use types::*;
pub use write::{add, edit, hand_over};

use crate::reports::scope::lines_of;
use crate::{App, Error, Result};

/// How many days after its shift an entry may still be written.
pub const LATE_DAYS: i64 = model::limits::SHIFT_LOG_LATE_DAYS as i64;
/// How long before its shift ends an entry may be handed over.
pub const HANDOVER_BEFORE_END_MIN: i64 = 30;

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

/// The time zone of line `line` (UTC when it has none).
pub async fn zone_of(app: &App, line: Uuid) -> Result<String> {
    Ok(lines_of(app, &line.to_string())
        .await?
        .into_iter()
        .next()
        .map_or_else(|| "UTC".to_string(), |l| l.zone))
}

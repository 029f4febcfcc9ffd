//! Scheduled reports (issue 35, item 3): subscriptions written and read by report users, and
//! the periods that are due. `due` adds a delivery for each subscription's last ended period
//! (once: a period's row is unique); the api sends them (`api::subscriptions`).

mod check;
mod due;
mod write;

pub use check::MAX_RECIPIENTS;
pub use due::due;
pub use write::{create, delete, edit};

use chrono::{DateTime, NaiveTime, Utc, Weekday};
use model::Msg;
use model::subscription::{
    Cadence, DeliveryStatus, Format, ReportDelivery, Schedule, Subscription, latest_period,
    next_end,
};
use uuid::Uuid;

use crate::{App, Error, Result};

pub(super) fn not_found() -> Error {
    Error::NotFound(Msg::new("subscription.notFound"))
}

/// When `r` is delivered.
pub fn schedule(r: &db::subscriptions::Row) -> Schedule {
    let days = [
        Weekday::Mon,
        Weekday::Tue,
        Weekday::Wed,
        Weekday::Thu,
        Weekday::Fri,
        Weekday::Sat,
        Weekday::Sun,
    ];
    Schedule {
        cadence: model::choice::Choice::parse(&r.cadence).unwrap_or(Cadence::Daily),
        at: r
            .at
            .as_deref()
            .and_then(|a| NaiveTime::parse_from_str(a, "%H:%M").ok())
            .unwrap_or(NaiveTime::MIN),
        weekday: r
            .weekday
            .and_then(|d| days.get(usize::try_from(d - 1).ok()?).copied()),
        day_of_month: r.day_of_month.and_then(|d| u32::try_from(d).ok()),
    }
}

/// The subscription `r` as read, with its zone and its next delivery.
pub(super) async fn record(app: &App, r: db::subscriptions::Row) -> Result<Subscription> {
    let zone = db::zones::plant_zone(&app.pool, r.line_id).await?;
    let s = schedule(&r);
    let now = db::zones::now_in(&app.pool, &zone).await?;
    let next_local = latest_period(&s, &[], now)
        .and_then(|(_, end)| next_end(&s, end))
        .map(|t| t.format("%Y-%m-%d %H:%M").to_string());
    Ok(Subscription {
        id: r.id.to_string(),
        name: r.name,
        report: r.report,
        filters: r.filters,
        layout: r.layout,
        line_id: r.line_id.map(|l| l.to_string()),
        cadence: s.cadence,
        at: r.at,
        weekday: r.weekday,
        day_of_month: r.day_of_month,
        format: model::choice::Choice::parse(&r.format).unwrap_or(Format::Pdf),
        recipients: r.recipients,
        language: r.language,
        owner: r.owner,
        zone,
        next_local,
        created_at: r.created_at,
        created_by: r.created_by,
        updated_at: r.updated_at,
        updated_by: r.updated_by,
    })
}

pub(super) fn parse(raw: &str) -> Result<Uuid> {
    Uuid::parse_str(raw.trim()).map_err(|_| not_found())
}

pub async fn list(app: &App) -> Result<Vec<Subscription>> {
    let mut out = Vec::new();
    for r in db::subscriptions::list(&app.pool).await? {
        out.push(record(app, r).await?);
    }
    Ok(out)
}

pub async fn get(app: &App, raw: &str) -> Result<Subscription> {
    let r = db::subscriptions::get(&app.pool, parse(raw)?)
        .await?
        .ok_or_else(not_found)?;
    record(app, r).await
}

pub fn delivery(d: db::subscriptions::Delivery, period_local: String) -> ReportDelivery {
    ReportDelivery {
        id: d.id.to_string(),
        period_start: d.period_start,
        period_end: d.period_end,
        period_local,
        status: model::choice::Choice::parse(&d.status).unwrap_or(DeliveryStatus::Pending),
        attempts: d.attempts,
        next_attempt_at: matches!(d.status.as_str(), "PENDING" | "RETRY")
            .then_some(d.next_attempt_at),
        sent_at: d.sent_at,
        last_error: d.last_error,
        file_name: d.file_name,
        bytes: d.bytes,
        recipients: d.recipients,
    }
}

/// The deliveries of subscription `raw`, newest period first, and how many there are.
pub async fn deliveries(
    app: &App,
    raw: &str,
    limit: i64,
    offset: i64,
) -> Result<(Vec<ReportDelivery>, i64)> {
    let s = get(app, raw).await?;
    let id = parse(&s.id)?;
    let (rows, total) = db::subscriptions::deliveries(&app.pool, id, limit, offset).await?;
    let times: Vec<DateTime<Utc>> = rows
        .iter()
        .flat_map(|d| [d.period_start, d.period_end])
        .collect();
    let local = db::zones::minutes(&app.pool, &s.zone, &times).await?;
    Ok((
        rows.into_iter()
            .enumerate()
            .map(|(i, d)| {
                let period = format!("{} – {}", local[2 * i], local[2 * i + 1]);
                delivery(d, period)
            })
            .collect(),
        total,
    ))
}

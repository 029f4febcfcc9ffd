//! Scheduled reports (issue 35, item 3): subscriptions written and read by report users, and
//! the periods that are due. `due` adds a delivery for each subscription's last ended period
//! (once: a period's row is unique); the api sends them (`api::subscriptions`).

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveTime, Utc, Weekday};
use model::config::shift_window::{ShiftTimes, weekday};
use model::subscription::{
    Cadence, DeliveryStatus, Format, ReportDelivery, Schedule, Subscription, SubscriptionInput,
    latest_period, next_end, report_path,
};
use model::validation::is_email;
use model::{Lang, Msg, Role};
use serde_json::{Map, Value, json};
use uuid::Uuid;

use crate::stale::{Saved, refuse_stale, started_from};
use crate::{App, Error, Result};

/// The most recipients one subscription has.
pub const MAX_RECIPIENTS: usize = 20;
/// Filters a subscription never keeps: each period gives its own range.
const RANGE: [&str; 2] = ["fromDateTime", "toDateTime"];

fn not_found() -> Error {
    Error::NotFound(Msg::new("subscription.notFound"))
}

/// The checked values of `input`.
struct Checked {
    name: String,
    report: String,
    filters: Value,
    layout: Option<Value>,
    line: Option<Uuid>,
    cadence: Cadence,
    at: Option<String>,
    weekday: Option<i16>,
    day_of_month: Option<i16>,
    format: Format,
    recipients: Vec<String>,
    language: String,
}

async fn check(app: &App, input: &SubscriptionInput) -> Result<Checked> {
    let mut errors: BTreeMap<String, Msg> = BTreeMap::new();
    let mut bad = |field: &str, msg: Msg| {
        errors.entry(field.to_string()).or_insert(msg);
    };
    let name = input.name.as_deref().map(str::trim).unwrap_or_default();
    if name.is_empty() {
        bad("name", Msg::new("validation.required"));
    } else if name.chars().count() > 100 {
        bad("name", Msg::new("validation.textTooLong").arg("max", 100));
    }
    let report = input.report.as_deref().map(str::trim).unwrap_or_default();
    if report.is_empty() {
        bad("report", Msg::new("validation.required"));
    } else if report_path(report).is_none() {
        bad(
            "report",
            Msg::new("subscription.reportUnknown").arg("report", report),
        );
    }
    let mut filters: Map<String, Value> = input.filters.clone().unwrap_or_default();
    for k in RANGE {
        filters.remove(k);
    }
    let mut line = None;
    let mut line_bad = false;
    match filters.get("lineId").and_then(Value::as_str).map(str::trim) {
        None | Some("") | Some("ALL") => {}
        Some(raw) => match Uuid::parse_str(raw) {
            Ok(id) if db::lines::is_live(&app.pool, id).await? => line = Some(id),
            _ => {
                line_bad = true;
                bad("filters.lineId", Msg::new("config.lineNotFound"));
            }
        },
    }
    let layout = input.layout.clone().filter(|l| !l.is_null());
    let columns = layout
        .as_ref()
        .and_then(|l| l["matchKeys"].as_array())
        .map_or(0, Vec::len);
    if columns == 0 {
        bad("layout", Msg::new("subscription.layoutMissing"));
    }
    let cadence = input.cadence;
    if cadence.is_none() {
        bad("cadence", Msg::new("validation.required"));
    }
    let timed = cadence.is_some_and(|c| c != Cadence::ShiftEnd);
    let at = input.at.as_deref().map(str::trim).filter(|a| !a.is_empty());
    match at {
        None if timed => bad("at", Msg::new("validation.required")),
        Some(a) if NaiveTime::parse_from_str(a, "%H:%M").is_err() || a.len() != 5 => {
            bad("at", Msg::new("validation.time"))
        }
        _ => {}
    }
    if cadence == Some(Cadence::Weekly) && !input.weekday.is_some_and(|d| (1..=7).contains(&d)) {
        bad(
            "weekday",
            Msg::new("validation.numberRange")
                .arg("min", 1)
                .arg("max", 7),
        );
    }
    if cadence == Some(Cadence::Monthly)
        && !input.day_of_month.is_some_and(|d| (1..=28).contains(&d))
    {
        bad(
            "dayOfMonth",
            Msg::new("validation.numberRange")
                .arg("min", 1)
                .arg("max", 28),
        );
    }
    if cadence == Some(Cadence::ShiftEnd) && line.is_none() && !line_bad {
        bad("cadence", Msg::new("subscription.shiftNeedsLine"));
    }
    let format = input.format;
    if format.is_none() {
        bad("format", Msg::new("validation.required"));
    }
    let mut recipients: Vec<String> = Vec::new();
    for r in input.recipients.iter().flatten() {
        let r = r.trim().to_lowercase();
        if r.is_empty() || recipients.contains(&r) {
            continue;
        }
        if !is_email(&r) {
            bad(
                "recipients",
                Msg::new("subscription.recipientInvalid").arg("address", &r),
            );
        }
        recipients.push(r);
    }
    if recipients.is_empty() {
        bad("recipients", Msg::new("validation.required"));
    } else if recipients.len() > MAX_RECIPIENTS {
        bad(
            "recipients",
            Msg::new("subscription.tooManyRecipients").arg("max", MAX_RECIPIENTS),
        );
    }
    let language = input
        .language
        .as_deref()
        .unwrap_or("en")
        .trim()
        .to_lowercase();
    if !Lang::ALL.iter().any(|l| l.code() == language) {
        bad(
            "language",
            Msg::new("validation.choice").arg("options", "en, de, fr, es, nl"),
        );
    }
    if !errors.is_empty() {
        return Err(Error::Invalid(errors));
    }
    let (Some(cadence), Some(format)) = (cadence, format) else {
        return Err(Error::Invalid(errors));
    };
    Ok(Checked {
        name: name.to_string(),
        report: report.to_string(),
        filters: Value::Object(filters),
        layout,
        line,
        at: at.filter(|_| timed).map(str::to_string),
        weekday: input.weekday.filter(|_| cadence == Cadence::Weekly),
        day_of_month: input.day_of_month.filter(|_| cadence == Cadence::Monthly),
        cadence,
        format,
        recipients,
        language,
    })
}

fn values(c: &Checked) -> db::subscriptions::Values<'_> {
    db::subscriptions::Values {
        name: &c.name,
        report: &c.report,
        filters: &c.filters,
        layout: c.layout.as_ref(),
        line_id: c.line,
        cadence: c.cadence.as_str(),
        at: c.at.as_deref(),
        weekday: c.weekday,
        day_of_month: c.day_of_month,
        format: c.format.as_str(),
        recipients: &c.recipients,
        language: &c.language,
    }
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

/// The shifts of line `line` as the periods need them.
async fn shifts(app: &App, line: Option<Uuid>) -> Result<Vec<ShiftTimes<usize>>> {
    let Some(line) = line else {
        return Ok(Vec::new());
    };
    let time = |s: &str| NaiveTime::parse_from_str(s, "%H:%M").ok();
    Ok(db::lines::active_shifts(&app.pool, &[line])
        .await?
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            Some(ShiftTimes {
                id: i,
                start: time(&s.start_time)?,
                end: time(&s.end_time)?,
                days: s.days.iter().filter_map(|d| weekday(d)).collect(),
            })
        })
        .collect())
}

/// The subscription `r` as read, with its zone and its next delivery.
async fn record(app: &App, r: db::subscriptions::Row) -> Result<Subscription> {
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

fn parse(raw: &str) -> Result<Uuid> {
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

async fn audit(
    db: impl sqlx::PgExecutor<'_>,
    actor: &str,
    action: &str,
    id: Uuid,
    before: Option<&Subscription>,
    after: Option<&Subscription>,
) -> Result<()> {
    db::audit::write(
        db,
        db::audit::Entry {
            actor: Some(actor),
            action,
            entity: "reportSubscription",
            entity_id: Some(id.to_string()),
            before: before.map(|s| json!(s)),
            after: after.map(|s| json!(s)),
            detail: None,
        },
    )
    .await?;
    Ok(())
}

/// Saves a new subscription owned by `actor` (the report is read with their access).
pub async fn create(app: &App, actor: &str, input: &SubscriptionInput) -> Result<Subscription> {
    let c = check(app, input).await?;
    let mut tx = app.pool.begin().await?;
    let row = db::subscriptions::insert(&mut *tx, &values(&c), actor).await?;
    let id = row.id;
    let saved = record(app, row).await?;
    audit(&mut *tx, actor, "created", id, None, Some(&saved)).await?;
    tx.commit().await?;
    Ok(saved)
}

/// Refuses a change by someone other than the owner, unless an administrator.
fn may_change(actor: &str, role: Role, owner: &str) -> Result<()> {
    if role == Role::Privilege && !owner.eq_ignore_ascii_case(actor) {
        return Err(Error::Forbidden(
            Msg::new("subscription.notYours").arg("owner", owner),
        ));
    }
    Ok(())
}

pub async fn edit(
    app: &App,
    actor: &str,
    role: Role,
    raw: &str,
    input: &SubscriptionInput,
) -> Result<Subscription> {
    let id = parse(raw)?;
    let started = started_from(input.updated_at.as_deref())?;
    let c = check(app, input).await?;
    let mut tx = app.pool.begin().await?;
    let before = db::subscriptions::get(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    may_change(actor, role, &before.owner)?;
    let saved = Saved {
        at: before.updated_at,
        by: before.updated_by.as_deref(),
        line: None,
    };
    refuse_stale(&mut tx, started, saved).await?;
    let before = record(app, before).await?;
    let row = db::subscriptions::update(&mut *tx, id, &values(&c), actor)
        .await?
        .ok_or_else(not_found)?;
    let after = record(app, row).await?;
    audit(&mut *tx, actor, "updated", id, Some(&before), Some(&after)).await?;
    tx.commit().await?;
    Ok(after)
}

pub async fn delete(app: &App, actor: &str, role: Role, raw: &str) -> Result<Subscription> {
    let id = parse(raw)?;
    let mut tx = app.pool.begin().await?;
    let before = db::subscriptions::get(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    may_change(actor, role, &before.owner)?;
    let before = record(app, before).await?;
    if !db::subscriptions::delete(&mut *tx, id, actor).await? {
        return Err(not_found());
    }
    audit(&mut *tx, actor, "deleted", id, Some(&before), None).await?;
    tx.commit().await?;
    Ok(before)
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

/// Adds the delivery of every live subscription's last period ended by `now` (not one that
/// ended before the subscription was saved): how many were added. Safe to run from every api
/// process at once: a period's delivery is one row.
pub async fn due(app: &App, now: DateTime<Utc>) -> Result<usize> {
    let mut added = 0;
    for r in db::subscriptions::list(&app.pool).await? {
        let zone = db::zones::plant_zone(&app.pool, r.line_id).await?;
        let s = schedule(&r);
        let local = db::zones::to_local(&app.pool, &zone, &[now]).await?;
        let shifts = if s.cadence == Cadence::ShiftEnd {
            shifts(app, r.line_id).await?
        } else {
            Vec::new()
        };
        let Some((from, to)) = latest_period(&s, &shifts, local[0]) else {
            continue;
        };
        let utc = db::zones::to_utc(&app.pool, &zone, &[from, to]).await?;
        if utc[1] <= r.created_at || utc[1] > now {
            continue;
        }
        if db::subscriptions::enqueue(&app.pool, r.id, utc[0], utc[1]).await? {
            added += 1;
        }
    }
    Ok(added)
}

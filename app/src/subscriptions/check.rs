//! A subscription as written, checked field by field.

use std::collections::BTreeMap;

use chrono::NaiveTime;
use model::subscription::{Cadence, Format, SubscriptionInput, report_path};
use model::validation::is_email;
use model::{Lang, Msg};
use serde_json::{Map, Value};
use uuid::Uuid;

use crate::{App, Error, Result};

/// The most recipients one subscription has.
pub const MAX_RECIPIENTS: usize = 20;
/// Filters a subscription never keeps: each period gives its own range.
const RANGE: [&str; 2] = ["fromDateTime", "toDateTime"];

/// The checked values of `input`.
pub(super) struct Checked {
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

pub(super) async fn check(app: &App, input: &SubscriptionInput) -> Result<Checked> {
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

/// The checked values as the database writes them.
pub(super) fn values(c: &Checked) -> db::subscriptions::Values<'_> {
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

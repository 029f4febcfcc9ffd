//! The stop-time report: every stop of the range (a line state STOPPED or FAULT, until the next
//! state of that line), its reason and group, totals and a Pareto by reason; and the reason a
//! supervisor gives a stop afterwards (audited). A stop the line reported without a reason is
//! *unqualified* until one is given.

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use model::{Envelope, Msg};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use uuid::Uuid;

use super::read::{Answer, answer};
use super::scope::ReportQuery;
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;
use crate::paging::Paging;

/// One stop.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Stop {
    pub line_id: String,
    #[serde(default)]
    pub line_name: Option<String>,
    pub started_at: DateTime<Utc>,
    /// `None` while the line is still stopped.
    pub ended_at: Option<DateTime<Utc>>,
    /// Up to its end, or up to now while it lasts.
    pub duration_s: f64,
    /// `STOPPED` or `FAULT`.
    pub state: String,
    /// The reason the line reported (a stop reason's code), if any.
    pub reported_reason: Option<String>,
    /// The stop reason (`_id`) in force: the one given afterwards, else the one reported.
    pub reason_id: Option<String>,
    pub reason_code: Option<String>,
    pub reason_name: Option<String>,
    pub group_id: Option<String>,
    pub group_code: Option<String>,
    pub group_name: Option<String>,
    pub planned: Option<bool>,
    /// Whether the stop has a known reason.
    pub qualified: bool,
    pub assigned_by: Option<String>,
    pub assigned_at: Option<DateTime<Utc>>,
}

/// One reason of the Pareto, largest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParetoRow {
    /// The stop reason's code (one row for a reason configured on several lines, by its code
    /// in any case), the reported code when it names no configured reason, or '' for
    /// unqualified stops.
    pub key: String,
    pub code: Option<String>,
    pub name: String,
    pub group_name: Option<String>,
    pub stops: i64,
    pub duration_s: f64,
    pub share_pct: f64,
    pub cumulative_pct: f64,
}

#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StopTotals {
    pub stops: i64,
    pub duration_s: f64,
    pub unqualified: i64,
    pub unqualified_s: f64,
    pub planned_s: f64,
    pub unplanned_s: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StopReport {
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    pub page: i64,
    pub limit: i64,
    /// Stops in the range (every page).
    pub total: i64,
    /// This page of the stops, in time order.
    pub stops: Vec<Stop>,
    pub totals: StopTotals,
    pub pareto: Vec<ParetoRow>,
}

/// The stops of a reason in force (see `stops.sql`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StopGroup {
    key: String,
    code: Option<String>,
    name: Option<String>,
    group_name: Option<String>,
    planned: Option<bool>,
    stops: i64,
    duration_s: f64,
}

/// One page of the stops of some windows, with the totals and Pareto of every page.
pub struct Stops {
    pub page: Vec<Stop>,
    pub totals: StopTotals,
    pub pareto: Vec<ParetoRow>,
}

/// The stops that began in `windows` (line, from, to; half-open): `limit` of them from `offset`
/// in time order, and the totals and Pareto of them all, counted by the database.
pub async fn stops(
    s: &AppState,
    windows: &[(String, DateTime<Utc>, DateTime<Utc>)],
    limit: i64,
    offset: i64,
    lang: RequestLang,
) -> ApiResult<Stops> {
    let (page, groups): (Vec<Stop>, Vec<StopGroup>) =
        db::stops::page(&s.pool, windows, limit, offset).await?;
    let (totals, pareto) = pareto(groups, lang);
    Ok(Stops {
        page,
        totals,
        pareto,
    })
}

/// The stop of `line` that began at `at`, if any.
async fn stop_at(
    s: &AppState,
    line: &str,
    at: DateTime<Utc>,
    lang: RequestLang,
) -> ApiResult<Stop> {
    let windows = [(line.to_string(), at, at + chrono::Duration::microseconds(1))];
    stops(s, &windows, 1, 0, lang)
        .await?
        .page
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::NotFound(Msg::new("report.stopNotFound")))
}

/// Totals and the Pareto, largest first, of the stops by reason.
fn pareto(groups: Vec<StopGroup>, lang: RequestLang) -> (StopTotals, Vec<ParetoRow>) {
    let mut totals = StopTotals::default();
    let mut rows: Vec<ParetoRow> = Vec::new();
    for g in groups {
        totals.stops += g.stops;
        totals.duration_s += g.duration_s;
        if g.key.is_empty() {
            totals.unqualified += g.stops;
            totals.unqualified_s += g.duration_s;
        }
        match g.planned {
            Some(true) => totals.planned_s += g.duration_s,
            _ => totals.unplanned_s += g.duration_s,
        }
        let name = g
            .name
            .or_else(|| g.code.clone())
            .unwrap_or_else(|| lang.text(&Msg::new("report.unqualifiedStop")));
        rows.push(ParetoRow {
            key: g.key,
            code: g.code,
            name,
            group_name: g.group_name,
            stops: g.stops,
            duration_s: g.duration_s,
            share_pct: 0.0,
            cumulative_pct: 0.0,
        });
    }
    rows.sort_by(|a, b| {
        b.duration_s
            .total_cmp(&a.duration_s)
            .then(a.name.cmp(&b.name))
    });
    let mut cumulative = 0.0;
    for r in &mut rows {
        if totals.duration_s > 0.0 {
            r.share_pct = r.duration_s / totals.duration_s * 100.0;
        }
        cumulative += r.share_pct;
        r.cumulative_pct = cumulative.min(100.0);
    }
    (totals, rows)
}

/// Stops with start, end, duration, state, reason and group; totals; a Pareto by reason.
#[utoipa::path(get, path = "/api/reports/stoptimereport", tag = "reports",
    params(ReportQuery, Paging), responses((status = 200, body = Envelope<StopReport>), (status = 400)))]
pub async fn report(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<ReportQuery>,
    Query(paging): Query<Paging>,
) -> Answer<StopReport> {
    let (page, limit) = paging.parse_with(500)?;
    let scope = q.scope(&s).await?;
    let windows: Vec<_> = scope
        .windows(&s, super::scope::Cut::Whole)
        .await?
        .into_iter()
        .map(|w| (scope.lines[w.line].id.clone(), w.from, w.to))
        .collect();
    let found = stops(&s, &windows, limit, (page - 1) * limit, lang).await?;
    let total = found.totals.stops;
    let stops = found
        .page
        .into_iter()
        .map(|mut st| {
            st.line_name = scope
                .lines
                .iter()
                .find(|l| l.id == st.line_id)
                .map(|l| l.name.clone());
            st
        })
        .collect();
    let (totals, pareto) = (found.totals, found.pareto);
    answer(StopReport {
        from_date_time: scope.from,
        to_date_time: scope.to,
        page,
        limit,
        total,
        stops,
        totals,
        pareto,
    })
}

/// The reason given to a stop afterwards.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignReason {
    /// The stop's line (`_id`).
    pub line_id: Option<String>,
    /// The stop's start, as the report gives it.
    pub started_at: Option<String>,
    /// A stop reason of that line (`_id`).
    pub stop_reason_id: Option<String>,
}

/// Gives a stop its reason (a supervisor qualifying a stop, or correcting the reported one);
/// audited with the reason before and after. Answers the stop as the report now shows it.
#[utoipa::path(post, path = "/api/reports/stoptimereport/assignreason", tag = "reports",
    request_body = AssignReason,
    responses((status = 200, body = Envelope<Stop>), (status = 400), (status = 404)))]
pub async fn assign(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(b): Body<AssignReason>,
) -> Answer<Stop> {
    let line = b.line_id.as_deref().map(str::trim).unwrap_or_default();
    if line.is_empty() {
        return Err(ApiError::field("lineId", Msg::new("validation.required")));
    }
    let at = crate::schedules::range(b.started_at.as_deref(), None)?.0;
    let at = at.ok_or_else(|| ApiError::field("startedAt", Msg::new("validation.required")))?;
    let reason = b
        .stop_reason_id
        .as_deref()
        .and_then(|r| Uuid::parse_str(r.trim()).ok())
        .ok_or_else(|| ApiError::field("stopReasonId", Msg::new("validation.required")))?;
    let stop = stop_at(&s, line, at, lang).await?;
    if !db::stops::reason_is_live(&s.pool, reason, line).await? {
        return Err(ApiError::field(
            "stopReasonId",
            Msg::new("report.stopReasonNotFound"),
        ));
    }
    let mut tx = s.pool.begin().await?;
    db::stops::assign(&mut tx, line, stop.started_at, reason, user.email()).await?;
    db::audit::write(
        &mut *tx,
        db::audit::Entry {
            actor: Some(user.email()),
            action: "stopReasonAssigned",
            entity: "stop",
            entity_id: Some(format!("{line}/{}", stop.started_at.to_rfc3339())),
            before: Some(
                json!({"reasonId": stop.reason_id, "reportedReason": stop.reported_reason}),
            ),
            after: Some(json!({"reasonId": reason})),
            detail: None,
        },
    )
    .await?;
    tx.commit().await?;
    let stop = stop_at(&s, line, stop.started_at, lang).await?;
    Ok(Json(Envelope::data(stop).with_message(
        lang.text(&Msg::new("report.stopReasonAssigned")),
    )))
}

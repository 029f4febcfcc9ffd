//! The dashboard's figures (§7 Dashboard, `POST /api/dashboard/<call>`): per line, what it made
//! today by shift and by hour, its state now, its uptime and downtime, the utilisation of each
//! shift and its top stop reasons. "Today" is each line's own production day in its zone: its
//! local day, begun where its shift over midnight ends (decisions 61 and 78), unless the body
//! gives a range. The figures come from the same windows and rollups as the reports, so the
//! dashboard and a report of the same range agree. Any signed-in user may read them: §6 shows
//! the dashboard to every role.

mod states;

use axum::extract::State;
use chrono::{DateTime, Utc};
use model::config::shift_window::ShiftTimes;
use model::{AccessRule, Envelope, Msg};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::error::{ApiError, ApiResult};
use crate::extract::Body;
use crate::i18n_layer::RequestLang;
use crate::reports::figures::{Figures, Report, Row};
use crate::reports::read::{Answer, MaterialFilter, answer, by_window};
use crate::reports::scope::{Line, ReportQuery, Scope};
use crate::reports::stops::{ParetoRow, StopTotals, stops};
pub use states::StateTimes;

/// The line and range of a dashboard call.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardQuery {
    /// A line's `_id`; omitted or `ALL` for every line.
    pub line_id: Option<String>,
    /// Start of the range (RFC 3339); omitted with `toDateTime` for each line's local today.
    pub from_date_time: Option<String>,
    /// End of the range, excluded (RFC 3339).
    pub to_date_time: Option<String>,
}

/// The production day of `line` that holds now, in its zone (a night shift is not cut at
/// midnight: [`model::report::production_day`]).
async fn production_day(s: &AppState, line: &Line) -> ApiResult<(DateTime<Utc>, DateTime<Utc>)> {
    let now = db::zones::to_local(&s.pool, &line.zone, &[Utc::now()]).await?;
    let times: Vec<ShiftTimes<usize>> = line.shifts.iter().map(|s| s.times.clone()).collect();
    let (from, to) = model::report::production_day(&times, now[0]);
    let utc = db::zones::to_utc(&s.pool, &line.zone, &[from, to]).await?;
    Ok((utc[0], utc[1]))
}

/// One scope per line, over the range given or else the line's production day that holds now.
/// The longest range a user without a `REPORTS_*` privilege may ask of the dashboard: its own
/// day, or a week back (reports are for those with the right to them; decision 94).
pub const DAYS_WITHOUT_REPORTS: i64 = 7;

async fn days(s: &AppState, q: &DashboardQuery, user: &AuthUser) -> ApiResult<Vec<Scope>> {
    let blank = |v: &Option<String>| v.as_deref().is_none_or(|v| v.trim().is_empty());
    let today = blank(&q.from_date_time) && blank(&q.to_date_time);
    let now = Utc::now().to_rfc3339();
    let scope = ReportQuery {
        line_id: q.line_id.clone(),
        from_date_time: if today {
            Some(now.clone())
        } else {
            q.from_date_time.clone()
        },
        to_date_time: if today {
            Some(now)
        } else {
            q.to_date_time.clone()
        },
        ..ReportQuery::default()
    }
    .scope(s)
    .await?;
    if scope.to - scope.from > chrono::Duration::days(DAYS_WITHOUT_REPORTS)
        && !AccessRule::REPORTS.allows(user.role, &user.privileges)
    {
        return Err(ApiError::field(
            "toDateTime",
            Msg::new("dashboard.rangeTooLong").arg("days", DAYS_WITHOUT_REPORTS.to_string()),
        ));
    }
    let ranges: Vec<(DateTime<Utc>, DateTime<Utc>)> = if today {
        let mut out = Vec::with_capacity(scope.lines.len());
        for line in &scope.lines {
            out.push(production_day(s, line).await?);
        }
        out
    } else {
        vec![(scope.from, scope.to); scope.lines.len()]
    };
    Ok(scope
        .lines
        .iter()
        .zip(ranges)
        .map(|(line, (from, to))| Scope {
            lines: vec![line.clone()],
            from,
            to,
            ..scope.clone()
        })
        .collect())
}

/// A line's rows over its range (its shifts or its hours).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineRows {
    pub line_id: String,
    pub line_name: String,
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    pub rows: Vec<Row>,
    pub totals: Figures,
}

async fn line_rows(
    s: &AppState,
    q: &DashboardQuery,
    user: &AuthUser,
    by: &str,
    lang: RequestLang,
) -> ApiResult<Vec<LineRows>> {
    let mut out = Vec::new();
    for scope in days(s, q, user).await? {
        let Report { rows, totals, .. } = by_window(s, &scope, by, &MaterialFilter::default())
            .await?
            .said(lang.0);
        let line = &scope.lines[0];
        out.push(LineRows {
            line_id: line.id.clone(),
            line_name: line.name.clone(),
            from_date_time: scope.from,
            to_date_time: scope.to,
            rows,
            totals,
        });
    }
    Ok(out)
}

/// A line's day at a glance.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineDetails {
    pub line_id: String,
    pub line_name: String,
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    /// Batches, kilograms and dosing accuracy of the batches that ended in the range.
    pub figures: Figures,
    pub states: StateTimes,
    pub stops: StopTotals,
    /// The three reasons that stopped the line longest.
    pub top_stops: Vec<ParetoRow>,
}

/// Per line: production, dosing accuracy, uptime and the top stop reasons of its day.
#[utoipa::path(post, path = "/api/dashboard/reportdashboarddetails", tag = "dashboard",
    request_body = DashboardQuery, responses((status = 200, body = Envelope<Vec<LineDetails>>), (status = 400)))]
pub async fn details(
    State(s): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(q): Body<DashboardQuery>,
) -> Answer<Vec<LineDetails>> {
    let mut out = Vec::new();
    for scope in days(&s, &q, &user).await? {
        let report = by_window(&s, &scope, "line", &MaterialFilter::default())
            .await?
            .said(lang.0);
        let line = &scope.lines[0];
        let window = [(line.id.clone(), scope.from, scope.to)];
        let found = stops(&s, &window, 0, 0, lang).await?;
        let (totals, mut top) = (found.totals, found.pareto);
        top.truncate(3);
        let states = states::times(&s, &[(line.id.clone(), scope.from, scope.to)]).await?;
        out.push(LineDetails {
            line_id: line.id.clone(),
            line_name: line.name.clone(),
            from_date_time: scope.from,
            to_date_time: scope.to,
            figures: report.totals,
            states: states.into_iter().next().unwrap_or_default(),
            stops: totals,
            top_stops: top,
        });
    }
    answer(out)
}

/// Per line: production by shift occurrence of its day (time outside shifts in its own rows).
#[utoipa::path(post, path = "/api/dashboard/reportdashboardbyshifts", tag = "dashboard",
    request_body = DashboardQuery, responses((status = 200, body = Envelope<Vec<LineRows>>), (status = 400)))]
pub async fn production_by_shifts(
    State(s): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(q): Body<DashboardQuery>,
) -> Answer<Vec<LineRows>> {
    answer(line_rows(&s, &q, &user, "shift", lang).await?)
}

/// Per line: production by hour of its day (daylight-saving days have 23 or 25).
#[utoipa::path(post, path = "/api/dashboard/dashboardproduction", tag = "dashboard",
    request_body = DashboardQuery, responses((status = 200, body = Envelope<Vec<LineRows>>), (status = 400)))]
pub async fn production(
    State(s): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(q): Body<DashboardQuery>,
) -> Answer<Vec<LineRows>> {
    answer(line_rows(&s, &q, &user, "hour", lang).await?)
}

/// A line's uptime and downtime over its range.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineUptime {
    pub line_id: String,
    pub line_name: String,
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    pub states: StateTimes,
}

/// Per line: seconds running, idle, stopped and in fault in its day so far; uptime in %.
#[utoipa::path(post, path = "/api/dashboard/lineuptimedowntime", tag = "dashboard",
    request_body = DashboardQuery, responses((status = 200, body = Envelope<Vec<LineUptime>>), (status = 400)))]
pub async fn uptime(
    State(s): State<AppState>,
    user: AuthUser,
    Body(q): Body<DashboardQuery>,
) -> Answer<Vec<LineUptime>> {
    let scopes = days(&s, &q, &user).await?;
    let windows: Vec<_> = scopes
        .iter()
        .map(|sc| (sc.lines[0].id.clone(), sc.from, sc.to))
        .collect();
    let times = states::times(&s, &windows).await?;
    answer(
        scopes
            .iter()
            .zip(times)
            .map(|(sc, states)| LineUptime {
                line_id: sc.lines[0].id.clone(),
                line_name: sc.lines[0].name.clone(),
                from_date_time: sc.from,
                to_date_time: sc.to,
                states,
            })
            .collect(),
    )
}

/// One shift occurrence: how much of its time so far the line ran, and what it made.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftUtilization {
    pub line_id: String,
    pub line_name: String,
    pub shift_id: String,
    pub shift_name: String,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub states: StateTimes,
    pub batches: i64,
    pub actual_kg: f64,
    /// Kilograms per running hour; absent before the line ran.
    pub kg_per_hour: Option<f64>,
}

/// Per line and shift occurrence of its day: running time in % of the shift so far, output.
#[utoipa::path(post, path = "/api/dashboard/shiftwiseutilization", tag = "dashboard",
    request_body = DashboardQuery, responses((status = 200, body = Envelope<Vec<ShiftUtilization>>), (status = 400)))]
pub async fn utilization(
    State(s): State<AppState>,
    lang: RequestLang,
    user: AuthUser,
    Body(q): Body<DashboardQuery>,
) -> Answer<Vec<ShiftUtilization>> {
    let rows: Vec<(LineRows, Row)> = line_rows(&s, &q, &user, "shift", lang)
        .await?
        .into_iter()
        .flat_map(|l| l.rows.clone().into_iter().map(move |r| (l.clone(), r)))
        .filter(|(_, r)| !r.key.is_empty())
        .collect();
    let windows: Vec<_> = rows
        .iter()
        .map(|(l, r)| {
            (
                l.line_id.clone(),
                r.from.unwrap_or(l.from_date_time),
                r.to.unwrap_or(l.to_date_time),
            )
        })
        .collect();
    let times = states::times(&s, &windows).await?;
    answer(
        rows.into_iter()
            .zip(windows)
            .zip(times)
            .map(|(((l, r), (_, from, to)), states)| ShiftUtilization {
                kg_per_hour: (states.running_s > 0.0)
                    .then(|| r.figures.actual_kg / states.running_s * 3600.0),
                line_id: l.line_id,
                line_name: l.line_name,
                shift_id: r.key,
                shift_name: r.name,
                from,
                to,
                states,
                batches: r.figures.batches.unwrap_or(0),
                actual_kg: r.figures.actual_kg,
            })
            .collect(),
    )
}

pub fn router() -> OpenApiRouter<AppState> {
    let any = |r| guarded(AccessRule::ANY, r);
    OpenApiRouter::new()
        .routes(any(routes!(details)))
        .routes(any(routes!(production_by_shifts)))
        .routes(any(routes!(production)))
        .routes(any(routes!(states::line_status)))
        .routes(any(routes!(uptime)))
        .routes(any(routes!(utilization)))
}

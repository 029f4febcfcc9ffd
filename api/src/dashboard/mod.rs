//! The dashboard's figures (§7 Dashboard, `POST /api/dashboard/<call>`): per line, what it made
//! today by shift and by hour, its state now, its uptime and downtime, the utilisation of each
//! shift and its top stop reasons. "Today" is each line's own production day in its zone: its
//! local day, begun where its shift over midnight ends (decisions 61 and 78), unless the body
//! gives a range. The figures come from the same windows and rollups as the reports, so the
//! dashboard and a report of the same range agree. Any signed-in user may read them: §6 shows
//! the dashboard to every role.

use axum::extract::State;
use model::{AccessRule, Envelope};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::extract::Body;
use crate::i18n_layer::RequestLang;
use crate::reports::read::{Answer, answer};

pub use app::reports::dashboard::{
    DashboardQuery, LineDetails, LineRows, LineStatus, LineUptime, ShiftUtilization, StateTimes,
};
pub use app::reports::oee::OeeRow;

/// Whether `user` may read reports (then the dashboard takes ranges longer than a week).
fn reports(user: &AuthUser) -> bool {
    AccessRule::REPORTS.allows(user.role, &user.privileges)
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
    let found = app::reports::dashboard::details(&s, &q, reports(&user)).await?;
    answer(found.into_iter().map(|d| d.said(lang.0)).collect())
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
    let rows = app::reports::dashboard::line_rows(&s, &q, reports(&user), "shift").await?;
    answer(rows.into_iter().map(|r| r.said(lang.0)).collect())
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
    let rows = app::reports::dashboard::line_rows(&s, &q, reports(&user), "hour").await?;
    answer(rows.into_iter().map(|r| r.said(lang.0)).collect())
}

/// Per line: seconds running, idle, stopped and in fault in its day so far; uptime in %.
#[utoipa::path(post, path = "/api/dashboard/lineuptimedowntime", tag = "dashboard",
    request_body = DashboardQuery, responses((status = 200, body = Envelope<Vec<LineUptime>>), (status = 400)))]
pub async fn uptime(
    State(s): State<AppState>,
    user: AuthUser,
    Body(q): Body<DashboardQuery>,
) -> Answer<Vec<LineUptime>> {
    answer(app::reports::dashboard::uptime(&s, &q, reports(&user)).await?)
}

/// Per line and shift occurrence of its day: running time in % of the shift so far, output.
#[utoipa::path(post, path = "/api/dashboard/shiftwiseutilization", tag = "dashboard",
    request_body = DashboardQuery, responses((status = 200, body = Envelope<Vec<ShiftUtilization>>), (status = 400)))]
pub async fn utilization(
    State(s): State<AppState>,
    user: AuthUser,
    Body(q): Body<DashboardQuery>,
) -> Answer<Vec<ShiftUtilization>> {
    answer(app::reports::dashboard::utilization(&s, &q, reports(&user)).await?)
}

/// Per line: its state and since when, the batch it runs, its last batch, its batches today.
#[utoipa::path(post, path = "/api/dashboard/linestatus", tag = "dashboard",
    request_body = DashboardQuery, responses((status = 200, body = Envelope<Vec<LineStatus>>), (status = 400)))]
pub async fn line_status(
    State(s): State<AppState>,
    user: AuthUser,
    Body(q): Body<DashboardQuery>,
) -> Answer<Vec<LineStatus>> {
    answer(app::reports::dashboard::line_status(&s, &q, reports(&user)).await?)
}

/// Per line: availability, performance, quality and OEE over its day so far (fractions; the
/// definitions of `GET /api/reports/oee`).
#[utoipa::path(operation_id = "dashboard_oee", post, path = "/api/dashboard/oee", tag = "dashboard",
    request_body = DashboardQuery, responses((status = 200, body = Envelope<Vec<OeeRow>>), (status = 400)))]
pub async fn oee(
    State(s): State<AppState>,
    user: AuthUser,
    Body(q): Body<DashboardQuery>,
) -> Answer<Vec<OeeRow>> {
    answer(app::reports::dashboard::oee(&s, &q, reports(&user)).await?)
}

pub fn router() -> OpenApiRouter<AppState> {
    let any = |r| guarded(AccessRule::ANY, r);
    OpenApiRouter::new()
        .routes(any(routes!(details)))
        .routes(any(routes!(production_by_shifts)))
        .routes(any(routes!(production)))
        .routes(any(routes!(line_status)))
        .routes(any(routes!(uptime)))
        .routes(any(routes!(utilization)))
        .routes(any(routes!(oee)))
}

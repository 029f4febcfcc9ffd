//! Pellet-press pressure control (PCS) under `/api/reports/pcs/`: the material codes pressed in
//! a range, the pressure per material and sensor against its setpoint (`getpressure`), per
//! batch (`getreport`, paged), and over time for a chart (`getpressureforgraph`: the pressure,
//! `PRESSURE`, or the pressure and its setpoint, `BOTH`, §9).

use axum::extract::State;
use model::Envelope;
use model::choice::PressureView;

use crate::AppState;
use crate::extract::Query;
use crate::paging::Paging;
use crate::reports::read::{Answer, answer};
use crate::reports::scope::{ReportQuery, given, pick};

pub use app::reports::pcs::{MaterialCode, PcsQuery, PressureGraph, PressureReport};

/// The material codes pressed in the range, with their sensors (the PCS screens' picker).
#[utoipa::path(get, path = "/api/reports/pcs/getmaterialcodes", tag = "reports",
    params(ReportQuery), responses((status = 200, body = Envelope<Vec<MaterialCode>>), (status = 400)))]
pub async fn material_codes(
    State(s): State<AppState>,
    Query(q): Query<ReportQuery>,
) -> Answer<Vec<MaterialCode>> {
    let scope = q.scope(&s).await?;
    answer(app::reports::pcs::material_codes(&s, &scope).await?)
}

/// The pressure per line, material and sensor: readings, mean, spread, setpoint, the share
/// within the band.
#[utoipa::path(get, path = "/api/reports/pcs/getpressure", tag = "reports",
    params(ReportQuery, PcsQuery), responses((status = 200, body = Envelope<PressureReport>), (status = 400)))]
pub async fn pressure(
    State(s): State<AppState>,
    Query(q): Query<ReportQuery>,
    Query(p): Query<PcsQuery>,
) -> Answer<PressureReport> {
    let scope = q.scope(&s).await?;
    answer(app::reports::pcs::pressure(&s, &scope, &p).await?)
}

/// The pressure of each batch and sensor, newest batch first, a page at a time (a page past
/// the end is empty).
#[utoipa::path(get, path = "/api/reports/pcs/getreport", tag = "reports",
    params(ReportQuery, PcsQuery, Paging), responses((status = 200, body = Envelope<PressureReport>), (status = 400)))]
pub async fn pressure_report(
    State(s): State<AppState>,
    Query(q): Query<ReportQuery>,
    Query(p): Query<PcsQuery>,
    Query(paging): Query<Paging>,
) -> Answer<PressureReport> {
    let (page, limit) = paging.parse()?;
    let scope = q.scope(&s).await?;
    answer(app::reports::pcs::pressure_report(&s, &scope, &p, page, limit).await?)
}

/// The pressure over the range per line and sensor, in at most 600 buckets (mean, min, max),
/// and with `type=BOTH` the setpoint too.
#[utoipa::path(get, path = "/api/reports/pcs/getpressureforgraph", tag = "reports",
    params(ReportQuery, PcsQuery), responses((status = 200, body = Envelope<PressureGraph>), (status = 400)))]
pub async fn pressure_graph(
    State(s): State<AppState>,
    Query(q): Query<ReportQuery>,
    Query(p): Query<PcsQuery>,
) -> Answer<PressureGraph> {
    let kind = pick(given(p.kind.as_deref()), "type")?.unwrap_or(PressureView::Pressure);
    let scope = q.scope(&s).await?;
    answer(app::reports::pcs::pressure_graph(&s, &scope, &p, kind).await?)
}

//! The calibration report: per scale, its checks in the range (test weight, reading, error,
//! pass/fail), its last passed check and the next due date (`CALIBRATION_INTERVAL_DAYS` after
//! it), overdue scales flagged; and the checks themselves, a page at a time.

use axum::extract::State;
use model::Envelope;
use serde::Deserialize;
use utoipa::IntoParams;

use super::read::{Answer, answer};
use super::scope::ReportQuery;
use crate::AppState;
use crate::extract::Query;
use crate::paging::Paging;

/// The scale of the calibration report.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ScaleFilter {
    /// Only this scale (its code or `_id`); `0`/`NONE` for every scale.
    pub scale_id: Option<String>,
}

use app::reports::calibration::CalibrationReport;

/// Checks per scale with test weight, reading, error and pass/fail; due dates, overdue scales.
#[utoipa::path(get, path = "/api/reports/calibrationreport", tag = "reports",
    params(ReportQuery, ScaleFilter, Paging), responses((status = 200, body = Envelope<CalibrationReport>), (status = 400)))]
pub async fn calibration_report(
    State(s): State<AppState>,
    Query(q): Query<ReportQuery>,
    Query(f): Query<ScaleFilter>,
    Query(paging): Query<Paging>,
) -> Answer<CalibrationReport> {
    let (page, limit) = paging.parse_with(500)?;
    let scope = q.scope(&s).await?;
    let days = s.settings.calibration_interval_days;
    let report =
        app::reports::calibration::report(&s, &scope, f.scale_id.as_deref(), days, page, limit);
    answer(report.await?)
}

//! The calibration report: per scale, its checks in the range (test weight, reading, error,
//! pass/fail), its last passed check and the next due date (`interval_days` after it), overdue
//! scales flagged; and the checks themselves, a page at a time.

use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::read::Names;
use super::scope::{Scope, given};
use crate::{App, Result};

/// One scale: its checks in the range and its due date now.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScaleCalibration {
    pub line_id: String,
    pub line_name: Option<String>,
    /// The scale's code.
    pub scale_id: String,
    /// Absent for a scale no longer configured.
    pub scale_name: Option<String>,
    pub capacity_kg: Option<f64>,
    pub resolution_kg: Option<f64>,
    /// Checks in the range, and how many passed.
    pub checks: i64,
    pub passed: i64,
    /// The largest error of the range's checks, kg.
    pub max_abs_error_kg: Option<f64>,
    /// The scale's last check (any time up to now), whether it passed, and its last passed one.
    pub last_check_at: Option<DateTime<Utc>>,
    pub last_passed: Option<bool>,
    pub last_passed_at: Option<DateTime<Utc>>,
    /// The last passed check plus the calibration interval; absent when it never passed.
    pub next_due_at: Option<DateTime<Utc>>,
    /// Never passed a check, or its due date is past.
    pub overdue: bool,
}

/// One calibration check.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Check {
    pub time: DateTime<Utc>,
    pub line_id: String,
    pub line_name: Option<String>,
    pub scale_id: String,
    pub scale_name: Option<String>,
    pub test_weight_kg: f64,
    pub reading_kg: f64,
    /// `readingKg - testWeightKg`.
    pub error_kg: f64,
    /// The error in % of the test weight.
    pub error_pct: f64,
    pub passed: bool,
    pub checked_by: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalibrationReport {
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    /// Days a passed check stays valid.
    pub interval_days: u32,
    pub scales: Vec<ScaleCalibration>,
    /// Scales overdue now.
    pub overdue: i64,
    pub page: i64,
    pub limit: i64,
    /// Checks in the range (every page).
    pub total: i64,
    /// This page of the checks, newest first.
    pub checks: Vec<Check>,
}

/// The scale's code on one of the scope's lines, from its code (any case) or `_id`.
async fn scale_code(app: &App, scope: &Scope, raw: Option<&str>) -> Result<Option<String>> {
    let Some(raw) = given(raw) else {
        return Ok(None);
    };
    let names = Names::load(app, "scale", scope).await?;
    Ok(Some(names.code_of(raw)))
}

/// The calibration report of `scope`: every scale (or the one `scale` names, by code or `_id`)
/// due `interval_days` after its last passed check, and page `page` of `limit` checks.
pub async fn report(
    app: &App,
    scope: &Scope,
    scale: Option<&str>,
    interval_days: u32,
    page: i64,
    limit: i64,
) -> Result<CalibrationReport> {
    let lines = scope.line_ids();
    let scale = scale_code(app, scope, scale).await?;
    let interval = Duration::days(i64::from(interval_days));
    let now = Utc::now();
    let scales: Vec<ScaleCalibration> =
        db::calibration::scales(app.reads(), &lines, scope.from, scope.to, scale.as_deref())
            .await?
            .into_iter()
            .map(|sc| {
                let next_due_at = sc.last_passed_at.map(|t| t + interval);
                ScaleCalibration {
                    line_name: scope.line_name(&sc.line_id),
                    line_id: sc.line_id,
                    scale_id: sc.scale_id,
                    scale_name: sc.scale_name,
                    capacity_kg: sc.capacity_kg,
                    resolution_kg: sc.resolution_kg,
                    checks: sc.checks,
                    passed: sc.passed,
                    max_abs_error_kg: sc.max_abs_error_kg,
                    last_check_at: sc.last_check_at,
                    last_passed: sc.last_passed,
                    last_passed_at: sc.last_passed_at,
                    next_due_at,
                    overdue: next_due_at.is_none_or(|due| due < now),
                }
            })
            .collect();
    let range = (scope.from, scope.to);
    let offset = (page - 1) * limit;
    let checks: Vec<Check> =
        db::calibration::checks(app.reads(), &lines, range, scale.as_deref(), limit, offset)
            .await?
            .into_iter()
            .map(|c| Check {
                line_name: scope.line_name(&c.line_id),
                scale_name: scales
                    .iter()
                    .find(|sc| sc.line_id == c.line_id && sc.scale_id == c.scale_id)
                    .and_then(|sc| sc.scale_name.clone()),
                time: c.time,
                line_id: c.line_id,
                scale_id: c.scale_id,
                test_weight_kg: c.test_weight_kg,
                reading_kg: c.reading_kg,
                error_kg: c.error_kg,
                error_pct: c.error_pct,
                passed: c.passed,
                checked_by: c.checked_by,
            })
            .collect();
    Ok(CalibrationReport {
        from_date_time: scope.from,
        to_date_time: scope.to,
        interval_days,
        overdue: scales.iter().filter(|sc| sc.overdue).count() as i64,
        total: scales.iter().map(|sc| sc.checks).sum(),
        scales,
        page,
        limit,
        checks,
    })
}

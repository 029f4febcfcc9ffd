//! The batch summary: the batches of a range a page at a time, newest first, all of them or
//! only the aborted ones, those with a dose out of tolerance, or those that went past a report
//! parameter's limit. No page gets slower as the offset grows (`db::batches`).

use chrono::{DateTime, Utc};
use model::Msg;
use model::choice::BatchFilter;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::reports::batches::BatchIdentity;
use crate::reports::scope::{Scope, given};
use crate::{App, Error, Result};

/// Which batches the summary lists.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct SummaryFilter {
    /// `ALL` (default; also `0` or `NONE`), `OUT_OF_TOLERANCE` (a dose outside its tolerance),
    /// `ABORTED`, or `EXCEEDED_PARAMETERS` (a report parameter past its limits).
    #[param(value_type = Option<BatchFilter>)]
    pub report_filter_type: Option<String>,
    /// With `EXCEEDED_PARAMETERS`: the report parameter codes to look at, comma-separated
    /// (omitted or `ALL`: every report parameter of the line).
    pub exceeded_parameters: Option<String>,
}

/// One batch of the summary.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryRow {
    #[serde(flatten)]
    pub batch: BatchIdentity,
    pub started_at: Option<DateTime<Utc>>,
    pub ended_at: DateTime<Utc>,
    /// From start to end, s.
    pub duration_s: Option<f64>,
    /// `COMPLETE` or `ABORTED`.
    pub status: String,
    pub target_kg: f64,
    pub setpoint_kg: f64,
    pub actual_kg: f64,
    pub deviation_kg: f64,
    pub doses: i64,
    pub out_of_tolerance: i64,
    /// Codes of the report parameters that went past their limits.
    pub exceeded: Vec<String>,
    /// Alarms raised while the batch ran.
    pub alarms: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    pub report_filter_type: BatchFilter,
    pub page: i64,
    pub limit: i64,
    /// Batches of the filter in the range (every page).
    pub total: i64,
    pub rows: Vec<SummaryRow>,
}

/// The report parameter codes of `raw` (upper case), each a live report parameter of a line of
/// the scope; `None` for all of them.
pub async fn exceeded_codes(
    app: &App,
    scope: &Scope,
    raw: Option<&str>,
) -> Result<Option<Vec<String>>> {
    let Some(raw) = given(raw).filter(|r| !r.eq_ignore_ascii_case("ALL")) else {
        return Ok(None);
    };
    let codes: Vec<String> = raw
        .split(',')
        .map(|c| c.trim().to_uppercase())
        .filter(|c| !c.is_empty())
        .collect();
    let known =
        db::diagnostics::known_parameter_codes(app.reads(), &scope.line_ids(), &codes).await?;
    if let Some(unknown) = codes.iter().find(|c| !known.contains(c)) {
        return Err(Error::field(
            "exceededParameters",
            Msg::new("report.parameterNotFound").arg("code", unknown.clone()),
        ));
    }
    Ok(Some(codes))
}

/// The batches of the range, newest first, a page at a time (a page past the end is empty).
pub async fn summary(
    app: &App,
    scope: &Scope,
    kind: BatchFilter,
    exceeded: Option<&str>,
    page: i64,
    limit: i64,
) -> Result<Summary> {
    let f = scope.batches()?;
    let offset = (page - 1) * limit;
    let (total, rows) = match kind {
        BatchFilter::ExceededParameters => {
            let codes = exceeded_codes(app, scope, exceeded).await?;
            db::batches::exceeded(app.reads(), &f, codes.as_deref(), limit, offset).await?
        }
        other => {
            let kind = match other {
                BatchFilter::Aborted => db::batches::Kind::Aborted,
                BatchFilter::OutOfTolerance => db::batches::Kind::OutOfTolerance,
                _ => db::batches::Kind::All,
            };
            db::batches::summary(app.reads(), &f, kind, limit, offset).await?
        }
    };
    let rows = rows
        .into_iter()
        .map(|b| SummaryRow {
            duration_s: b.started_at.map(|t| (b.ended_at - t).as_seconds_f64()),
            deviation_kg: b.actual_kg - b.setpoint_kg,
            batch: scope.identity(b.batch),
            started_at: b.started_at,
            ended_at: b.ended_at,
            status: b.status.as_str().to_string(),
            target_kg: b.target_kg,
            setpoint_kg: b.setpoint_kg,
            actual_kg: b.actual_kg,
            doses: b.doses,
            out_of_tolerance: b.out_of_tolerance,
            exceeded: b.exceeded,
            alarms: b.alarms,
        })
        .collect();
    Ok(Summary {
        from_date_time: scope.from,
        to_date_time: scope.to,
        report_filter_type: kind,
        page,
        limit,
        total,
        rows,
    })
}

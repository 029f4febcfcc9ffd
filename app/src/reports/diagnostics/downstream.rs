//! Downstream equipment (conditioner, pellet press, steam: the report parameters with
//! `isDownstream`): each one's values over the batches of a range against its limits, and the
//! mixing of a range consolidated per recipe and step.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::parameters_by_code;
use crate::reports::batches::mixing::thin;
use crate::reports::scope::Scope;
use crate::{App, Result};

/// A downstream report parameter over the batches of the range.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Downstream {
    pub line_id: String,
    pub line_name: Option<String>,
    pub code: String,
    pub name: String,
    pub unit: Option<String>,
    /// Where it is measured (`DOWNSTREAM`, `PRESSURE`, …).
    pub source: String,
    pub low_limit: Option<f64>,
    pub high_limit: Option<f64>,
    /// Batches with a value, and those past a limit.
    pub batches: i64,
    pub exceeded_batches: i64,
    /// Over every batch (none without one).
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub mean: Option<f64>,
    /// `[epoch ms of the batch's end, the batch's mean]`, at most 600 (means of equal stretches
    /// of batches when there were more).
    pub points: Vec<[f64; 2]>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Downstreams {
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    pub rows: Vec<Downstream>,
}

/// A mixing step of a recipe over the batches of the range.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsolidatedStep {
    pub line_id: String,
    pub line_name: Option<String>,
    pub recipe_id: String,
    pub recipe_code: Option<String>,
    pub recipe_name: Option<String>,
    pub recipe_version: i32,
    pub action_code: String,
    pub action_name: Option<String>,
    pub batches: i64,
    pub steps: i64,
    pub planned_mean_s: f64,
    pub actual_mean_s: f64,
    pub actual_min_s: f64,
    pub actual_max_s: f64,
    pub energy_mean_kwh: f64,
    pub peak_mean_kw: f64,
    pub peak_max_kw: f64,
    /// Steps more than 10 % longer or shorter than planned.
    pub off_time_steps: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsolidatedMixing {
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    pub rows: Vec<ConsolidatedStep>,
}

/// Every downstream report parameter of the lines (also one without values in the range), with
/// its values over the batches that ended in the range.
pub async fn downstreams(app: &App, scope: &Scope) -> Result<Downstreams> {
    let f = scope.batches()?;
    let params = parameters_by_code(app, &f.lines, true).await?;
    let points = db::diagnostics::downstream(app.reads(), &f).await?;
    let mut rows: Vec<Downstream> = params
        .into_values()
        .map(|p| {
            let of: Vec<_> = points
                .iter()
                .filter(|x| x.line_id == p.line_id && x.code.eq_ignore_ascii_case(&p.code))
                .collect();
            let past = |x: &&db::diagnostics::DownstreamPoint| {
                p.high_limit.is_some_and(|h| x.max_value > h)
                    || p.low_limit.is_some_and(|l| x.min_value < l)
            };
            let n = of.len();
            let series: Vec<[f64; 2]> = of
                .iter()
                .map(|x| [x.ended_at.timestamp_millis() as f64, x.mean_value])
                .collect();
            Downstream {
                line_name: scope.line_name(&p.line_id),
                batches: n as i64,
                exceeded_batches: of.iter().filter(|x| past(x)).count() as i64,
                min: of.iter().map(|x| x.min_value).reduce(f64::min),
                max: of.iter().map(|x| x.max_value).reduce(f64::max),
                mean: (n > 0).then(|| of.iter().map(|x| x.mean_value).sum::<f64>() / n as f64),
                points: thin(&series, crate::reports::batches::mixing::MAX_POINTS),
                line_id: p.line_id,
                code: p.code,
                name: p.name,
                unit: p.unit,
                source: p.source,
                low_limit: p.low_limit,
                high_limit: p.high_limit,
            }
        })
        .collect();
    rows.sort_by(|a, b| (&a.line_id, &a.code).cmp(&(&b.line_id, &b.code)));
    Ok(Downstreams {
        from_date_time: scope.from,
        to_date_time: scope.to,
        rows,
    })
}

/// The mixing of the batches that ended in the range, per line, recipe version and mixing
/// action: how often, how long against the plan, energy and peak power.
pub async fn consolidated_mixing(app: &App, scope: &Scope) -> Result<ConsolidatedMixing> {
    let f = scope.batches()?;
    let mut names = std::collections::HashMap::new();
    for l in &f.lines {
        let of =
            crate::reports::batches::record::names_by_code(app, db::lines::Named::MixingAction, l)
                .await?;
        names.insert(l.clone(), of);
    }
    let rows = db::diagnostics::mixing_summary(app.reads(), &f)
        .await?
        .into_iter()
        .map(|m| ConsolidatedStep {
            line_name: scope.line_name(&m.line_id),
            action_name: names
                .get(&m.line_id)
                .and_then(|n| n.get(&m.action_code.to_lowercase()))
                .map(|n| n.0.clone()),
            line_id: m.line_id,
            recipe_id: m.recipe_id,
            recipe_code: m.recipe_code,
            recipe_name: m.recipe_name,
            recipe_version: m.recipe_version,
            action_code: m.action_code,
            batches: m.batches,
            steps: m.steps,
            planned_mean_s: m.planned_mean_s,
            actual_mean_s: m.actual_mean_s,
            actual_min_s: m.actual_min_s,
            actual_max_s: m.actual_max_s,
            energy_mean_kwh: m.energy_mean_kwh,
            peak_mean_kw: m.peak_mean_kw,
            peak_max_kw: m.peak_max_kw,
            off_time_steps: m.off_time_steps,
        })
        .collect();
    Ok(ConsolidatedMixing {
        from_date_time: scope.from,
        to_date_time: scope.to,
        rows,
    })
}

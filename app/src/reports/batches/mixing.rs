//! The mixing of one batch: its steps as run and as planned, and its process curves (mixer
//! power, temperature, …) from start to end; the curves of several batches for compare.

use chrono::{DateTime, Utc};
use model::schedule::control::ControlMixing;
use serde::Serialize;
use utoipa::ToSchema;

use super::record::{control, names_by_code};
use crate::{App, Result};

/// A mixing step as run.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MixRow {
    pub sequence: usize,
    pub action_code: String,
    pub action_name: Option<String>,
    pub started_at: DateTime<Utc>,
    pub ended_at: DateTime<Utc>,
    pub planned_s: f64,
    pub actual_s: f64,
    pub energy_kwh: f64,
    pub peak_power_kw: f64,
}

/// A process value over a batch: seconds from the batch's start and value.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Curve {
    pub line_id: String,
    pub batch_id: String,
    pub code: String,
    pub name: Option<String>,
    pub unit: Option<String>,
    pub low_limit: Option<f64>,
    pub high_limit: Option<f64>,
    /// `[seconds from the batch's start, value]`, at most [`MAX_POINTS`] (means of equal
    /// stretches when there were more samples).
    pub points: Vec<[f64; 2]>,
}

/// The most points of a curve.
pub const MAX_POINTS: usize = 600;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchMixing {
    pub line_id: String,
    pub batch_id: String,
    pub started_at: Option<DateTime<Utc>>,
    pub steps: Vec<MixRow>,
    /// The steps the control recipe planned.
    pub planned: Vec<ControlMixing>,
    pub curves: Vec<Curve>,
}

/// Batch `h`'s mixing steps with their curves.
pub async fn mixing_of(app: &App, h: db::batches::Header) -> Result<BatchMixing> {
    let actions = names_by_code(app, db::lines::Named::MixingAction, &h.batch.line_id).await?;
    let steps = db::batches::mixing(app.reads(), &h.batch.line_id, &h.batch.batch_id)
        .await?
        .into_iter()
        .enumerate()
        .map(|(i, m)| MixRow {
            sequence: i + 1,
            action_name: actions
                .get(&m.mixing_action_id.to_lowercase())
                .map(|a| a.0.clone()),
            started_at: m.time - chrono::Duration::milliseconds((m.actual_s * 1000.0) as i64),
            ended_at: m.time,
            action_code: m.mixing_action_id,
            planned_s: m.planned_s,
            actual_s: m.actual_s,
            energy_kwh: m.energy_kwh,
            peak_power_kw: m.peak_power_kw,
        })
        .collect();
    let curves = curves(
        app,
        &[(
            h.batch.line_id.clone(),
            h.batch.batch_id.clone(),
            h.started_at,
        )],
        None,
    )
    .await?;
    Ok(BatchMixing {
        planned: control(&h).map(|c| c.mixing).unwrap_or_default(),
        line_id: h.batch.line_id,
        batch_id: h.batch.batch_id,
        started_at: h.started_at,
        steps,
        curves,
    })
}

/// The process curves of `batches` (line, batch, start), of `codes` only when given, each
/// against its batch's start and named by the line's report parameters.
pub async fn curves(
    app: &App,
    batches: &[(String, String, Option<DateTime<Utc>>)],
    codes: Option<&[String]>,
) -> Result<Vec<Curve>> {
    let lines: Vec<String> = batches.iter().map(|b| b.0.clone()).collect();
    let ids: Vec<String> = batches.iter().map(|b| b.1.clone()).collect();
    let samples = db::batches::curves(app.reads(), &lines, &ids, codes).await?;
    let params = db::batches::parameters(app.reads(), &lines, &ids).await?;
    let mut out: Vec<Curve> = Vec::new();
    let mut raw: Vec<Vec<[f64; 2]>> = Vec::new();
    for x in samples {
        let start = batches
            .iter()
            .find(|b| b.0 == x.line_id && b.1 == x.batch_id)
            .and_then(|b| b.2);
        let last = out.last();
        if last.is_none_or(|c| {
            c.batch_id != x.batch_id || c.line_id != x.line_id || c.code != x.parameter_code
        }) {
            let p = params.iter().find(|p| {
                p.line_id == x.line_id
                    && p.batch_id == x.batch_id
                    && p.parameter_code == x.parameter_code
            });
            out.push(Curve {
                line_id: x.line_id.clone(),
                batch_id: x.batch_id.clone(),
                code: x.parameter_code.clone(),
                name: p.and_then(|p| p.name.clone()),
                unit: p.and_then(|p| p.unit.clone()),
                low_limit: p.and_then(|p| p.low_limit),
                high_limit: p.and_then(|p| p.high_limit),
                points: Vec::new(),
            });
            raw.push(Vec::new());
        }
        let t = start.map_or(0.0, |st| (x.time - st).as_seconds_f64());
        if let Some(r) = raw.last_mut() {
            r.push([t, x.value]);
        }
    }
    for (c, r) in out.iter_mut().zip(raw) {
        c.points = thin(&r, MAX_POINTS);
    }
    Ok(out)
}

/// At most `max` points: the means of equal stretches of `points` when there are more.
pub fn thin(points: &[[f64; 2]], max: usize) -> Vec<[f64; 2]> {
    if points.len() <= max || max == 0 {
        return points.to_vec();
    }
    let per = points.len().div_ceil(max);
    points
        .chunks(per)
        .map(|c| {
            let n = c.len() as f64;
            [
                c.iter().map(|p| p[0]).sum::<f64>() / n,
                c.iter().map(|p| p[1]).sum::<f64>() / n,
            ]
        })
        .collect()
}

//! The doses of one batch: each as weighed (target, actual, deviation, tolerance and flag,
//! scale, bin and lot) next to what its control recipe planned.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use model::schedule::control::ControlWeighing;
use serde::Serialize;
use utoipa::ToSchema;

use super::record::control;
use crate::{App, Result};

/// One dose: as planned and as weighed.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DoseRow {
    pub sequence: usize,
    pub time: DateTime<Utc>,
    pub material_id: String,
    pub material_name: Option<String>,
    pub scale_id: String,
    pub scale_name: Option<String>,
    pub bin_id: Option<String>,
    pub bin_name: Option<String>,
    pub lot: Option<String>,
    /// The setpoint and tolerance the control recipe planned for this material on this scale.
    pub planned_kg: Option<f64>,
    pub planned_tolerance_kg: Option<f64>,
    pub setpoint_kg: f64,
    pub actual_kg: f64,
    pub deviation_kg: f64,
    pub deviation_pct: f64,
    pub tolerance_kg: f64,
    pub in_tolerance: bool,
    /// `OK`, `UNDER` or `OVER` (outside the tolerance, below or above the setpoint).
    pub flag: String,
    pub duration_s: f64,
    pub inflight_kg: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchDoses {
    pub line_id: String,
    pub batch_id: String,
    pub rows: Vec<DoseRow>,
    /// Doses the control recipe planned that were not weighed (an aborted batch, a skipped dose).
    pub missing: Vec<ControlWeighing>,
    pub setpoint_kg: f64,
    pub actual_kg: f64,
    pub deviation_kg: f64,
    pub out_of_tolerance: i64,
}

/// Batch `h`'s doses against its plan.
pub async fn doses_of(app: &App, h: db::batches::Header) -> Result<BatchDoses> {
    let doses = db::batches::doses(app.reads(), &h.batch.line_id, &h.batch.batch_id).await?;
    let names = |kind: &'static str| {
        db::reports::named(app.reads(), kind, std::slice::from_ref(&h.batch.line_id))
    };
    let index = |v: Vec<db::reports::Named>| -> HashMap<String, String> {
        v.into_iter()
            .map(|n| (n.code.to_lowercase(), n.name))
            .collect()
    };
    let (materials, scales, bins) = (
        index(names("material").await?),
        index(names("scale").await?),
        index(names("bin").await?),
    );
    let mut planned: Vec<ControlWeighing> = control(&h).map(|c| c.weighings).unwrap_or_default();
    let mut rows = Vec::new();
    for (i, d) in doses.into_iter().enumerate() {
        let plan = planned.iter().position(|p| {
            p.material_code.eq_ignore_ascii_case(&d.material_id)
                && p.scale_code.eq_ignore_ascii_case(&d.scale_id)
        });
        let plan = plan.map(|i| planned.remove(i));
        let name = |m: &HashMap<String, String>, c: &str| m.get(&c.to_lowercase()).cloned();
        rows.push(DoseRow {
            sequence: i + 1,
            time: d.time,
            material_name: name(&materials, &d.material_id),
            scale_name: name(&scales, &d.scale_id),
            bin_name: d.bin_id.as_deref().and_then(|b| name(&bins, b)),
            planned_kg: plan.as_ref().map(|p| p.setpoint_kg),
            planned_tolerance_kg: plan.as_ref().map(|p| p.tolerance_kg),
            deviation_pct: if d.setpoint_kg.abs() > f64::EPSILON {
                d.deviation_kg / d.setpoint_kg * 100.0
            } else {
                0.0
            },
            flag: match (d.in_tolerance, d.deviation_kg < 0.0) {
                (true, _) => "OK",
                (false, true) => "UNDER",
                (false, false) => "OVER",
            }
            .into(),
            material_id: d.material_id,
            scale_id: d.scale_id,
            bin_id: d.bin_id,
            lot: d.lot,
            setpoint_kg: d.setpoint_kg,
            actual_kg: d.actual_kg,
            deviation_kg: d.deviation_kg,
            tolerance_kg: d.tolerance_kg,
            in_tolerance: d.in_tolerance,
            duration_s: d.duration_s,
            inflight_kg: d.inflight_kg,
        });
    }
    let setpoint_kg: f64 = rows.iter().map(|r| r.setpoint_kg).sum();
    let actual_kg: f64 = rows.iter().map(|r| r.actual_kg).sum();
    Ok(BatchDoses {
        out_of_tolerance: rows.iter().filter(|r| !r.in_tolerance).count() as i64,
        line_id: h.batch.line_id,
        batch_id: h.batch.batch_id,
        rows,
        missing: planned,
        setpoint_kg,
        actual_kg,
        deviation_kg: actual_kg - setpoint_kg,
    })
}

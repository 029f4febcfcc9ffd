//! Out of spec: every dose outside its tolerance and every batch process value past its report
//! parameter's limits, with the batch and the size of the excursion — over a range, a page at a
//! time (`getbatchesdiagnostics`), or for one batch with its values and curves
//! (`getbatchdiagnostics`, the specific view).

use chrono::{DateTime, Utc};
use model::choice::OutOfSpecKind;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::parameters_by_code;
use crate::reports::batches::BatchIdentity;
use crate::reports::batches::line_name;
use crate::reports::batches::mixing::{Curve, curves};
use crate::reports::batches::record::ParameterRow;
use crate::reports::read::Names;
use crate::reports::scope::Scope;
use crate::{App, Result};

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct OutOfSpecFilter {
    /// `ALL` (default), `DOSE` (doses outside their tolerance) or `PARAMETER` (process values
    /// past their report parameter's limits).
    #[param(value_type = Option<OutOfSpecKind>)]
    pub kind: Option<String>,
}

/// A dose or a batch's process value outside its limits.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutOfSpecRow {
    /// `DOSE` or `PARAMETER`.
    pub kind: String,
    #[serde(flatten)]
    pub batch: BatchIdentity,
    /// The dose's time, or the batch's end.
    pub at: DateTime<Utc>,
    /// The material or the report parameter, by code and configured name.
    pub code: String,
    pub name: Option<String>,
    /// kg for a dose, the parameter's unit otherwise.
    pub unit: Option<String>,
    pub scale_id: Option<String>,
    /// The dose's actual kg, or the value's extreme past the limit.
    pub value: f64,
    /// The dose's setpoint.
    pub target: Option<f64>,
    pub low_limit: Option<f64>,
    pub high_limit: Option<f64>,
    /// `UNDER` or `OVER`.
    pub direction: String,
    /// How far past the limit (≥ 0).
    pub excursion: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutOfSpecList {
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    pub kind: OutOfSpecKind,
    pub page: i64,
    pub limit: i64,
    /// Rows of every page.
    pub total: i64,
    pub rows: Vec<OutOfSpecRow>,
}

/// The rows of the scope, named.
pub async fn rows(
    app: &App,
    scope: &Scope,
    f: &db::batches::Filter,
    kinds: &[&str],
    limit: i64,
    offset: i64,
) -> Result<(i64, Vec<OutOfSpecRow>)> {
    let (total, found) = db::diagnostics::out_of_spec(app.reads(), f, kinds, limit, offset).await?;
    let materials = Names::load(app, "material", scope).await?;
    let params = parameters_by_code(app, &f.lines, false).await?;
    let rows = found
        .into_iter()
        .map(|r| {
            let (name, unit) = if r.kind == "DOSE" {
                (
                    materials
                        .get(&r.batch.line_id, &r.code)
                        .map(|m| m.name.clone()),
                    Some("kg".to_string()),
                )
            } else {
                let p = params.get(&(r.batch.line_id.clone(), r.code.to_lowercase()));
                (p.map(|p| p.name.clone()), p.and_then(|p| p.unit.clone()))
            };
            OutOfSpecRow {
                kind: r.kind,
                batch: scope.identity(r.batch),
                at: r.at,
                code: r.code,
                name,
                unit,
                scale_id: r.scale_id,
                value: r.value,
                target: r.target,
                low_limit: r.low_limit,
                high_limit: r.high_limit,
                direction: r.direction,
                excursion: r.excursion,
            }
        })
        .collect();
    Ok((total, rows))
}

/// One batch diagnosed: its process values against their limits, its curves, and what went
/// out of spec.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchDiagnostics {
    #[serde(flatten)]
    pub batch: BatchIdentity,
    pub started_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    pub status: String,
    pub parameters: Vec<ParameterRow>,
    pub curves: Vec<Curve>,
    pub out_of_spec: Vec<OutOfSpecRow>,
}

/// Everything out of spec in the batches that ended in the range, newest first, a page at a
/// time (a page past the end is empty).
pub async fn out_of_spec(
    app: &App,
    scope: &Scope,
    kind: OutOfSpecKind,
    kinds: &[&str],
    page: i64,
    limit: i64,
) -> Result<OutOfSpecList> {
    let f = scope.batches()?;
    let (total, rows) = rows(app, scope, &f, kinds, limit, (page - 1) * limit).await?;
    Ok(OutOfSpecList {
        from_date_time: scope.from,
        to_date_time: scope.to,
        kind,
        page,
        limit,
        total,
        rows,
    })
}

/// Batch `h`'s diagnostics (the specific view): process values, curves, and its doses and
/// values out of spec.
pub async fn batch_diagnostics(app: &App, h: db::batches::Header) -> Result<BatchDiagnostics> {
    let key = [(
        h.batch.line_id.clone(),
        h.batch.batch_id.clone(),
        h.started_at,
    )];
    let curves = curves(app, &key, None).await?;
    let lines = vec![h.batch.line_id.clone()];
    let ids = vec![h.batch.batch_id.clone()];
    let parameters = db::batches::parameters(app.reads(), &lines, &ids)
        .await?
        .iter()
        .map(ParameterRow::from)
        .collect();
    let line_name = line_name(app, &h.batch.line_id).await?;
    // The batch's own rows, whatever its end (a running batch has none of its values yet).
    let out_of_spec = match h.ended_at {
        Some(end) => {
            let scope = Scope {
                lines: crate::reports::scope::lines_of(app, &h.batch.line_id).await?,
                from: end,
                to: end + chrono::Duration::microseconds(1),
                recipes: None,
                order: None,
                batch: Some(h.batch.batch_id.clone()),
                shift: None,
            };
            let f = db::batches::Filter {
                lines: vec![h.batch.line_id.clone()],
                ..scope.batches()?
            };
            rows(app, &scope, &f, &["DOSE", "PARAMETER"], 10_000, 0)
                .await?
                .1
        }
        None => Vec::new(),
    };
    Ok(BatchDiagnostics {
        batch: BatchIdentity::new(h.batch, line_name),
        started_at: h.started_at,
        ended_at: h.ended_at,
        status: h.status.as_str().to_string(),
        parameters,
        curves,
        out_of_spec,
    })
}

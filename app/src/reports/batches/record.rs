//! One batch's record: its header with who released its order and the control recipe it ran,
//! its process values against the report parameters' limits, and the miscellaneous values it
//! ran with (doses and mixing: `doses`, `mixing`).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use model::schedule::control::ControlRecipe;
use serde::Serialize;
use utoipa::ToSchema;

use super::line_name;
use crate::reports::batches::BatchIdentity;
use crate::{App, Result};

/// A batch's header.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchDetails {
    #[serde(flatten)]
    pub batch: BatchIdentity,
    /// The order's number, status and batches, when the order is one of this installation's.
    pub order_number: Option<String>,
    pub order_status: Option<String>,
    pub order_batches: Option<i32>,
    /// Who created and who released the order, and when.
    pub order_created_by: Option<String>,
    pub released_by: Option<String>,
    pub released_at: Option<DateTime<Utc>>,
    pub shift_id: Option<String>,
    pub started_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    pub duration_s: Option<f64>,
    /// `RUNNING`, `COMPLETE` or `ABORTED`.
    pub status: String,
    pub target_kg: f64,
    /// The total the controller reported at the end.
    pub reported_kg: Option<f64>,
    /// The sums of the doses' setpoints and of what they weighed so far, kg.
    pub setpoint_kg: f64,
    pub weighed_kg: f64,
    /// The control recipe the order froze at its release (none for a batch without one).
    pub control_recipe: Option<ControlRecipe>,
}

pub fn control(h: &db::batches::Header) -> Option<ControlRecipe> {
    h.control_recipe
        .clone()
        .and_then(|v| serde_json::from_value(v).ok())
}

/// Batch `h`'s header.
pub async fn details(app: &App, h: db::batches::Header) -> Result<BatchDetails> {
    let line_name = line_name(app, &h.batch.line_id).await?;
    Ok(BatchDetails {
        control_recipe: control(&h),
        duration_s: h
            .started_at
            .zip(h.ended_at)
            .map(|(a, b)| (b - a).as_seconds_f64()),
        batch: BatchIdentity::new(h.batch, line_name),
        order_number: h.order_number,
        order_status: h.order_status.map(|s| s.as_str().to_string()),
        order_batches: h.order_batches,
        order_created_by: h.order_created_by,
        released_by: h.released_by,
        released_at: h.released_at,
        shift_id: h.shift_id,
        started_at: h.started_at,
        ended_at: h.ended_at,
        status: h.status.as_str().to_string(),
        target_kg: h.target_kg,
        reported_kg: h.reported_kg,
        setpoint_kg: h.setpoint_kg,
        weighed_kg: h.weighed_kg,
    })
}

/// Names (and units) by lower-case code of a line's configured `table`.
pub async fn names_by_code(
    app: &App,
    table: db::lines::Named,
    line: &str,
) -> Result<HashMap<String, (String, Option<String>)>> {
    Ok(db::lines::named(app.reads(), table, line)
        .await?
        .into_iter()
        .map(|r| (r.code.to_lowercase(), (r.name, r.unit)))
        .collect())
}

/// A process value of a batch against its report parameter.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParameterRow {
    pub code: String,
    pub name: Option<String>,
    pub unit: Option<String>,
    /// `MIXER`, `DOWNSTREAM` or `PRESSURE` (none when no report parameter has the code).
    pub source: Option<String>,
    pub is_downstream: bool,
    pub samples: i64,
    pub min: f64,
    pub max: f64,
    pub mean: f64,
    pub low_limit: Option<f64>,
    pub high_limit: Option<f64>,
    /// Whether the value went past a limit, and how far at most (in the value's unit).
    pub exceeded: bool,
    pub excursion: f64,
}

impl From<&db::batches::Parameter> for ParameterRow {
    fn from(p: &db::batches::Parameter) -> Self {
        let over = p.high_limit.map_or(0.0, |h| (p.max_value - h).max(0.0));
        let under = p.low_limit.map_or(0.0, |l| (l - p.min_value).max(0.0));
        ParameterRow {
            code: p.parameter_code.clone(),
            name: p.name.clone(),
            unit: p.unit.clone(),
            source: p.source.clone(),
            is_downstream: p.is_downstream.unwrap_or(false),
            samples: p.samples,
            min: p.min_value,
            max: p.max_value,
            mean: p.mean_value,
            low_limit: p.low_limit,
            high_limit: p.high_limit,
            exceeded: over > 0.0 || under > 0.0,
            excursion: over.max(under),
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchParameters {
    pub line_id: String,
    pub batch_id: String,
    pub rows: Vec<ParameterRow>,
}

/// A miscellaneous value the batch ran with.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MiscRow {
    pub code: String,
    pub name: Option<String>,
    /// The value the control recipe froze: a number, yes/no or a text.
    #[schema(schema_with = misc_value)]
    pub value: serde_json::Value,
    pub unit: Option<String>,
}

/// The schema of a miscellaneous value as answered: a number, a boolean or a string.
pub fn misc_value() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
    let one_of = OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::Number))
        .item(ObjectBuilder::new().schema_type(Type::Boolean))
        .item(ObjectBuilder::new().schema_type(Type::String))
        .build();
    utoipa::openapi::RefOr::T(Schema::OneOf(one_of))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchMisc {
    pub line_id: String,
    pub batch_id: String,
    /// Whether the batch's order froze a control recipe (without one there are no values).
    pub has_control_recipe: bool,
    pub rows: Vec<MiscRow>,
}

/// The batch's process values (samples, min, max, mean) against their report parameters'
/// limits.
pub async fn parameters(app: &App, h: db::batches::Header) -> Result<BatchParameters> {
    let rows = db::batches::parameters(
        app.reads(),
        std::slice::from_ref(&h.batch.line_id),
        std::slice::from_ref(&h.batch.batch_id),
    )
    .await?
    .iter()
    .map(ParameterRow::from)
    .collect();
    Ok(BatchParameters {
        line_id: h.batch.line_id,
        batch_id: h.batch.batch_id,
        rows,
    })
}

/// The miscellaneous values of the batch's control recipe, with their names.
pub async fn misc(app: &App, h: db::batches::Header) -> Result<BatchMisc> {
    let c = control(&h);
    let names = names_by_code(
        app,
        db::lines::Named::MiscellaneousParameter,
        &h.batch.line_id,
    )
    .await?;
    let rows = c
        .as_ref()
        .map(|c| c.miscellaneous.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|v| {
            let n = names.get(&v.code.to_lowercase());
            MiscRow {
                code: v.code.clone(),
                name: n.map(|n| n.0.clone()),
                value: v.value.clone(),
                unit: v.unit.clone().or_else(|| n.and_then(|n| n.1.clone())),
            }
        })
        .collect();
    Ok(BatchMisc {
        line_id: h.batch.line_id,
        batch_id: h.batch.batch_id,
        has_control_recipe: c.is_some(),
        rows,
    })
}

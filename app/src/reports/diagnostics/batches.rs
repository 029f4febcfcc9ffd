//! The batches of a range with their process values: what a compare picks from, and the batch
//! view's list.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::reports::batches::BatchIdentity;
use crate::reports::batches::record::ParameterRow;
use crate::reports::scope::Scope;
use crate::{App, Result};

/// The most batches `getbatcheswithparameters` lists.
pub const MAX_LISTED: i64 = 500;

/// A batch with its process values.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchWithParameters {
    #[serde(flatten)]
    pub batch: BatchIdentity,
    pub started_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    pub status: String,
    pub actual_kg: Option<f64>,
    pub parameters: Vec<ParameterRow>,
    /// Codes of the process values past their limits.
    pub exceeded: Vec<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchesWithParameters {
    pub from_date_time: DateTime<Utc>,
    pub to_date_time: DateTime<Utc>,
    /// The newest 500 batches of the filters.
    pub rows: Vec<BatchWithParameters>,
    /// Whether there were more than 500.
    pub truncated: bool,
}

pub async fn with_parameters(
    app: &App,
    scope: &crate::reports::scope::Scope,
    refs: Vec<db::diagnostics::BatchRef>,
) -> Result<Vec<BatchWithParameters>> {
    let lines: Vec<String> = refs.iter().map(|b| b.batch.line_id.clone()).collect();
    let ids: Vec<String> = refs.iter().map(|b| b.batch.batch_id.clone()).collect();
    let params = db::batches::parameters(app.reads(), &lines, &ids).await?;
    Ok(refs
        .into_iter()
        .map(|b| {
            let parameters: Vec<ParameterRow> = params
                .iter()
                .filter(|p| p.line_id == b.batch.line_id && p.batch_id == b.batch.batch_id)
                .map(ParameterRow::from)
                .collect();
            (b, parameters)
        })
        .map(|(b, parameters)| BatchWithParameters {
            exceeded: parameters
                .iter()
                .filter(|p| p.exceeded)
                .map(|p| p.code.clone())
                .collect(),
            parameters,
            batch: scope.identity(b.batch),
            started_at: b.started_at,
            ended_at: b.ended_at,
            status: b.status.as_str().to_string(),
            actual_kg: b.actual_kg,
        })
        .collect())
}

/// The batches that ended in the range (newest 500) with their process values against their
/// limits: what a compare picks from.
pub async fn batches_with_parameters(app: &App, scope: &Scope) -> Result<BatchesWithParameters> {
    let f = scope.batches()?;
    let mut refs = db::diagnostics::batches(app.reads(), &f, MAX_LISTED + 1).await?;
    let truncated = refs.len() as i64 > MAX_LISTED;
    refs.truncate(MAX_LISTED as usize);
    Ok(BatchesWithParameters {
        from_date_time: scope.from,
        to_date_time: scope.to,
        rows: with_parameters(app, scope, refs).await?,
        truncated,
    })
}

//! The running batch of a line as the database has it so far (`getlivebatch`): its record's
//! header, doses and curves up to the last stored sample — the report side of the live
//! diagnostics, for a batch the WebSocket view joined late.

use model::Msg;
use serde::Serialize;
use utoipa::ToSchema;

use crate::reports::batches::doses::BatchDoses;
use crate::reports::batches::mixing::BatchMixing;
use crate::reports::batches::record::BatchDetails;
use crate::{App, Error, Result};

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiveBatch {
    pub line_id: String,
    /// None while the line runs no batch.
    pub details: Option<BatchDetails>,
    pub doses: Option<BatchDoses>,
    pub mixing: Option<BatchMixing>,
}

/// The running batch of `line` as stored so far; `details` is none while the line runs none.
pub async fn live_batch(app: &App, line: String) -> Result<LiveBatch> {
    let Some(b) = db::diagnostics::running(app.reads(), &line).await? else {
        return Ok(LiveBatch {
            line_id: line,
            details: None,
            doses: None,
            mixing: None,
        });
    };
    let h = db::batches::headers(app.reads(), Some(&line), &b.batch.batch_id)
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| Error::NotFound(Msg::new("report.batchNotFound")))?;
    let doses = crate::reports::batches::doses::doses_of(app, h.clone()).await?;
    let mixing = crate::reports::batches::mixing::mixing_of(app, h.clone()).await?;
    let details = crate::reports::batches::record::details(app, h).await?;
    Ok(LiveBatch {
        line_id: line,
        details: Some(details),
        doses: Some(doses),
        mixing: Some(mixing),
    })
}

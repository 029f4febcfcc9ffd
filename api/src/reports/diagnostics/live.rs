//! The running batch of a line as the database has it so far (`getlivebatch`): its record's
//! header, doses and curves up to the last stored sample — the report side of the live
//! diagnostics, for a batch the WebSocket view joined late.

use axum::extract::State;
use model::{Envelope, Msg};
use serde::Serialize;
use utoipa::ToSchema;

use crate::AppState;
use crate::error::ApiError;
use crate::extract::Query;
use crate::reports::batches::doses::{self, BatchDoses};
use crate::reports::batches::mixing::{self, BatchMixing};
use crate::reports::batches::record::{self, BatchDetails};
use crate::reports::read::{Answer, answer};
use crate::reports::scope::ReportQuery;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiveBatch {
    pub line_id: String,
    /// None while the line runs no batch.
    pub details: Option<BatchDetails>,
    pub doses: Option<BatchDoses>,
    pub mixing: Option<BatchMixing>,
}

/// The running batch of one line (`lineId` required), as stored so far; `details` is null
/// while the line runs none.
#[utoipa::path(get, path = "/api/reports/batches/getlivebatch", tag = "reports",
    params(ReportQuery), responses((status = 200, body = Envelope<LiveBatch>), (status = 400)))]
pub async fn live_batch(
    State(s): State<AppState>,
    Query(q): Query<ReportQuery>,
) -> Answer<LiveBatch> {
    let line = match q.line_id.as_deref().map(str::trim) {
        None | Some("") | Some("ALL") => {
            return Err(ApiError::field("lineId", Msg::new("validation.required")));
        }
        Some(raw) => uuid::Uuid::parse_str(raw)
            .map_err(|_| ApiError::field("lineId", Msg::new("config.lineNotFound")))?
            .to_string(),
    };
    let Some(b) = db::diagnostics::running(&s.pool, &line).await? else {
        return answer(LiveBatch {
            line_id: line,
            details: None,
            doses: None,
            mixing: None,
        });
    };
    let h = db::batches::headers(&s.pool, Some(&line), &b.batch.batch_id)
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::NotFound(Msg::new("report.batchNotFound")))?;
    let doses = doses::doses_of(&s, h.clone()).await?;
    let mixing = mixing::mixing_of(&s, h.clone()).await?;
    let details = record::details(&s, h).await?;
    answer(LiveBatch {
        line_id: line,
        details: Some(details),
        doses: Some(doses),
        mixing: Some(mixing),
    })
}

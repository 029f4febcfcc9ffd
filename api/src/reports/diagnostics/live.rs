//! The running batch of a line as the database has it so far (`getlivebatch`): its record's
//! header, doses and curves up to the last stored sample — the report side of the live
//! diagnostics, for a batch the WebSocket view joined late.

use axum::extract::State;
use model::{Envelope, Msg};

use crate::AppState;
use crate::error::ApiError;
use crate::extract::Query;
use crate::reports::read::{Answer, answer};
use crate::reports::scope::ReportQuery;

pub use app::reports::diagnostics::live::LiveBatch;

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
    answer(app::reports::diagnostics::live::live_batch(&s, line).await?)
}

//! The batches of a range with their process values: what a compare picks from, and the batch
//! view's list.

use axum::extract::State;
use model::Envelope;

use crate::AppState;
use crate::extract::Query;
use crate::reports::read::{Answer, answer};
use crate::reports::scope::ReportQuery;

pub use app::reports::diagnostics::batches::BatchesWithParameters;

/// The batches that ended in the range (newest 500) with their process values against their
/// limits: what a compare picks from.
#[utoipa::path(get, path = "/api/reports/batches/getbatcheswithparameters", tag = "reports",
    params(ReportQuery), responses((status = 200, body = Envelope<BatchesWithParameters>), (status = 400)))]
pub async fn batches_with_parameters(
    State(s): State<AppState>,
    Query(q): Query<ReportQuery>,
) -> Answer<BatchesWithParameters> {
    let scope = q.scope(&s).await?;
    answer(app::reports::diagnostics::batches::batches_with_parameters(&s, &scope).await?)
}

//! One batch's record: its header with who released its order and the control recipe it ran,
//! its process values against the report parameters' limits, and the miscellaneous values it
//! ran with (doses and mixing: `doses`, `mixing`).

use axum::extract::State;
use model::Envelope;

use super::{BatchQuery, find};
use crate::AppState;
use crate::extract::Query;
use crate::reports::read::{Answer, answer};

pub use app::reports::batches::record::{BatchDetails, BatchMisc, BatchParameters, details};

/// A batch's header: recipe, order, who released it, times, status and the control recipe.
#[utoipa::path(get, path = "/api/reports/batches/getlinebatchdetails", tag = "reports",
    params(BatchQuery), responses((status = 200, body = Envelope<BatchDetails>), (status = 400), (status = 404)))]
pub async fn batch_details(
    State(s): State<AppState>,
    Query(q): Query<BatchQuery>,
) -> Answer<BatchDetails> {
    let h = find(&s, &q).await?;
    answer(details(&s, h).await?)
}

/// The batch's process values (samples, min, max, mean) against their report parameters'
/// limits.
#[utoipa::path(get, path = "/api/reports/batches/getbatchparameterdetails", tag = "reports",
    params(BatchQuery), responses((status = 200, body = Envelope<BatchParameters>), (status = 400), (status = 404)))]
pub async fn batch_parameters(
    State(s): State<AppState>,
    Query(q): Query<BatchQuery>,
) -> Answer<BatchParameters> {
    let h = find(&s, &q).await?;
    answer(app::reports::batches::record::parameters(&s, h).await?)
}

/// The miscellaneous values of the batch's control recipe, with their names.
#[utoipa::path(get, path = "/api/reports/batches/getbatchmiscparameter", tag = "reports",
    params(BatchQuery), responses((status = 200, body = Envelope<BatchMisc>), (status = 400), (status = 404)))]
pub async fn batch_misc(
    State(s): State<AppState>,
    Query(q): Query<BatchQuery>,
) -> Answer<BatchMisc> {
    let h = find(&s, &q).await?;
    answer(app::reports::batches::record::misc(&s, h).await?)
}

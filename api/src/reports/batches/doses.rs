//! The doses of one batch: each as weighed (target, actual, deviation, tolerance and flag,
//! scale, bin and lot) next to what its control recipe planned.

use axum::extract::State;
use model::Envelope;

use super::{BatchQuery, find};
use crate::AppState;
use crate::extract::Query;
use crate::reports::read::{Answer, answer};

pub use app::reports::batches::doses::{BatchDoses, doses_of};

/// Every dose of a batch: target, actual, deviation, tolerance and flag, scale, bin and lot,
/// next to what its control recipe planned.
#[utoipa::path(get, path = "/api/reports/batches/getbatchweighingdetails", tag = "reports",
    params(BatchQuery), responses((status = 200, body = Envelope<BatchDoses>), (status = 400), (status = 404)))]
pub async fn batch_weighings(
    State(s): State<AppState>,
    Query(q): Query<BatchQuery>,
) -> Answer<BatchDoses> {
    let h = find(&s, &q).await?;
    answer(doses_of(&s, h).await?)
}

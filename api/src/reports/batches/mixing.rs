//! The mixing of one batch: its steps as run and as planned, and its process curves (mixer
//! power, temperature, …) from start to end; the curves of several batches for compare.

use axum::extract::State;
use model::Envelope;

use super::{BatchQuery, find};
use crate::AppState;
use crate::extract::Query;
use crate::reports::read::{Answer, answer};

pub use app::reports::batches::mixing::{BatchMixing, mixing_of};

/// The batch's mixing steps as run and as planned, and its process curves (mixer power,
/// temperature, …) from start to end.
#[utoipa::path(get, path = "/api/reports/batches/getbatchmixingdetails", tag = "reports",
    params(BatchQuery), responses((status = 200, body = Envelope<BatchMixing>), (status = 400), (status = 404)))]
pub async fn batch_mixing(
    State(s): State<AppState>,
    Query(q): Query<BatchQuery>,
) -> Answer<BatchMixing> {
    let h = find(&s, &q).await?;
    answer(mixing_of(&s, h).await?)
}

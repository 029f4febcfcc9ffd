//! Compare: up to ten batches of one recipe side by side — their mixing curves overlaid and
//! their process values against a chosen reference ("golden") batch (decision 69).

use axum::extract::State;
use model::Envelope;

use crate::AppState;
use crate::extract::Query;
use crate::reports::read::{Answer, answer};

pub use app::reports::diagnostics::compare::{CompareMixing, CompareParameters, CompareQuery};

/// The mixing curves of up to ten batches of one recipe, each against its own start, for an
/// overlay with the golden batch marked.
#[utoipa::path(get, path = "/api/reports/batches/getcomparemixingreportbatches", tag = "reports",
    params(CompareQuery),
    responses((status = 200, body = Envelope<CompareMixing>), (status = 400)))]
pub async fn compare_mixing(
    State(s): State<AppState>,
    Query(c): Query<CompareQuery>,
) -> Answer<CompareMixing> {
    answer(app::reports::diagnostics::compare::compare_mixing(&s, &c).await?)
}

/// The process values of up to ten batches of one recipe side by side, each against the golden
/// batch's.
#[utoipa::path(get, path = "/api/reports/batches/getcomparereportparameters", tag = "reports",
    params(CompareQuery),
    responses((status = 200, body = Envelope<CompareParameters>), (status = 400)))]
pub async fn compare_parameters(
    State(s): State<AppState>,
    Query(c): Query<CompareQuery>,
) -> Answer<CompareParameters> {
    answer(app::reports::diagnostics::compare::compare_parameters(&s, &c).await?)
}

//! Downstream equipment (conditioner, pellet press, steam: the report parameters with
//! `isDownstream`): each one's values over the batches of a range against its limits, and the
//! mixing of a range consolidated per recipe and step.

use axum::extract::State;
use model::Envelope;

use crate::AppState;
use crate::extract::Query;
use crate::reports::read::{Answer, answer};
use crate::reports::scope::ReportQuery;

pub use app::reports::diagnostics::downstream::{ConsolidatedMixing, Downstreams};

/// Every downstream report parameter of the lines (also one without values in the range), with
/// its values over the batches that ended in the range.
#[utoipa::path(get, path = "/api/reports/batches/getdownstreams", tag = "reports",
    params(ReportQuery), responses((status = 200, body = Envelope<Downstreams>), (status = 400)))]
pub async fn downstreams(
    State(s): State<AppState>,
    Query(q): Query<ReportQuery>,
) -> Answer<Downstreams> {
    let scope = q.scope(&s).await?;
    answer(app::reports::diagnostics::downstream::downstreams(&s, &scope).await?)
}

/// The mixing of the batches that ended in the range, per line, recipe version and mixing
/// action: how often, how long against the plan, energy and peak power.
#[utoipa::path(get, path = "/api/reports/batches/getbatchconsolidatemixingreport", tag = "reports",
    params(ReportQuery), responses((status = 200, body = Envelope<ConsolidatedMixing>), (status = 400)))]
pub async fn consolidated_mixing(
    State(s): State<AppState>,
    Query(q): Query<ReportQuery>,
) -> Answer<ConsolidatedMixing> {
    let scope = q.scope(&s).await?;
    answer(app::reports::diagnostics::downstream::consolidated_mixing(&s, &scope).await?)
}

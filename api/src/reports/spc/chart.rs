//! One SPC chart: the query, the series it reads, and the chart `model::spc` makes of it.

use axum::extract::State;
use model::Envelope;

use crate::AppState;
use crate::extract::Query;
use crate::reports::read::{Answer, answer};
use crate::reports::scope::ReportQuery;

pub use app::reports::spc::chart::{Plan, SpcChart, SpcQuery};

/// The batch SPC graph: the dosing error of a material (per dose) or a batch's mean process
/// value (per batch) on one line.
#[utoipa::path(get, path = "/api/reports/spc/batchgraph", tag = "reports",
    params(ReportQuery, SpcQuery), responses((status = 200, body = Envelope<SpcChart>), (status = 400)))]
pub async fn batch_graph(
    State(s): State<AppState>,
    Query(r): Query<ReportQuery>,
    Query(q): Query<SpcQuery>,
) -> Answer<SpcChart> {
    let plan = Plan::new(&s, "BATCH", &r, &q).await?;
    answer(plan.chart(&s).await?)
}

/// The consumption SPC graph: a material's kilograms per UTC day on one line.
#[utoipa::path(get, path = "/api/reports/spc/consumptiongraph", tag = "reports",
    params(ReportQuery, SpcQuery), responses((status = 200, body = Envelope<SpcChart>), (status = 400)))]
pub async fn consumption_graph(
    State(s): State<AppState>,
    Query(r): Query<ReportQuery>,
    Query(q): Query<SpcQuery>,
) -> Answer<SpcChart> {
    let plan = Plan::new(&s, "CONSUMPTION", &r, &q).await?;
    answer(plan.chart(&s).await?)
}

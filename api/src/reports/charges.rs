//! The batch list ("charges") of a range, a page at a time with each batch's weighings.

use app::reports::charges::ChargeReport;
use axum::extract::State;
use model::Envelope;

use super::read::{Answer, answer};
use super::scope::ReportQuery;
use crate::AppState;
use crate::extract::Query;
use crate::paging::Paging;

/// The batches of the range, newest first, one page at a time, with their weighings.
#[utoipa::path(get, path = "/api/reports/consumption/getconsumtionsbycharges", tag = "reports",
    params(ReportQuery, Paging), responses((status = 200, body = Envelope<ChargeReport>), (status = 400)))]
pub async fn by_charges(
    State(s): State<AppState>,
    Query(q): Query<ReportQuery>,
    Query(paging): Query<Paging>,
) -> Answer<ChargeReport> {
    let (page, limit) = paging.parse()?;
    let scope = q.scope(&s).await?;
    answer(app::reports::charges::charges(&s, &scope, page, limit).await?)
}

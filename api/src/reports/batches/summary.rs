//! The batch summary: the batches of a range a page at a time, newest first, all of them or
//! only the aborted ones, those with a dose out of tolerance, or those that went past a report
//! parameter's limit. No page gets slower as the offset grows (`db::batches`).

use axum::extract::State;
use model::Envelope;
use model::choice::BatchFilter;

use crate::AppState;
use crate::extract::Query;
use crate::paging::Paging;
use crate::reports::read::{Answer, answer};
use crate::reports::scope::{ReportQuery, given, pick};

pub use app::reports::batches::summary::{Summary, SummaryFilter};

/// The batches of the range, newest first, a page at a time (a page past the end is empty).
#[utoipa::path(get, path = "/api/reports/batches/getdetailedbatchsummery", tag = "reports",
    params(ReportQuery, Paging, SummaryFilter),
    responses((status = 200, body = Envelope<Summary>), (status = 400)))]
pub async fn detailed_summary(
    State(s): State<AppState>,
    Query(q): Query<ReportQuery>,
    Query(paging): Query<Paging>,
    Query(filter): Query<SummaryFilter>,
) -> Answer<Summary> {
    let (page, limit) = paging.parse()?;
    let kind = given(filter.report_filter_type.as_deref());
    let kind = pick(kind, "reportFilterType")?.unwrap_or(BatchFilter::All);
    let scope = q.scope(&s).await?;
    answer(
        app::reports::batches::summary::summary(
            &s,
            &scope,
            kind,
            filter.exceeded_parameters.as_deref(),
            page,
            limit,
        )
        .await?,
    )
}

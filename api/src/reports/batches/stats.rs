//! Batch statistics per recipe version and per production order: batches, aborted ones, ones
//! with a dose out of tolerance, mean batch time, kilograms and dosing accuracy.

use axum::extract::State;
use model::Envelope;

use crate::AppState;
use crate::extract::Query;
use crate::i18n_layer::RequestLang;
use crate::reports::figures::Report;
use crate::reports::read::{Answer, answer, by_batch_key};
use crate::reports::scope::ReportQuery;

/// Batch statistics per recipe version.
#[utoipa::path(get, path = "/api/reports/batches/getBatchStats", tag = "reports",
    params(ReportQuery), responses((status = 200, body = Envelope<Report>), (status = 400)))]
pub async fn batch_stats(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<ReportQuery>,
) -> Answer<Report> {
    let scope = q.scope(&s).await?;
    answer(by_batch_key(&s, &scope, "recipe").await?.said(lang.0))
}

/// Batch statistics per production order (batches without one in a row of their own per line).
#[utoipa::path(get, path = "/api/reports/batches/getbatchstatsorderwise", tag = "reports",
    params(ReportQuery), responses((status = 200, body = Envelope<Report>), (status = 400)))]
pub async fn batch_stats_by_order(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<ReportQuery>,
) -> Answer<Report> {
    let scope = q.scope(&s).await?;
    answer(by_batch_key(&s, &scope, "order").await?.said(lang.0))
}

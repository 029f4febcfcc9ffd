//! Out of spec: every dose outside its tolerance and every batch process value past its report
//! parameter's limits, with the batch and the size of the excursion — over a range, a page at a
//! time (`getbatchesdiagnostics`), or for one batch with its values and curves
//! (`getbatchdiagnostics`, the specific view).

use axum::extract::State;
use model::Envelope;
use model::choice::OutOfSpecKind;

use crate::AppState;
use crate::extract::Query;
use crate::paging::Paging;
use crate::reports::batches::{BatchQuery, find};
use crate::reports::read::{Answer, answer};
use crate::reports::scope::{ReportQuery, given, pick};

pub use app::reports::diagnostics::outofspec::{BatchDiagnostics, OutOfSpecFilter, OutOfSpecList};

/// Everything out of spec in the batches that ended in the range, newest first, a page at a
/// time (a page past the end is empty).
#[utoipa::path(get, path = "/api/reports/batches/getbatchesdiagnostics", tag = "reports",
    params(ReportQuery, Paging, OutOfSpecFilter),
    responses((status = 200, body = Envelope<OutOfSpecList>), (status = 400)))]
pub async fn out_of_spec(
    State(s): State<AppState>,
    Query(q): Query<ReportQuery>,
    Query(paging): Query<Paging>,
    Query(k): Query<OutOfSpecFilter>,
) -> Answer<OutOfSpecList> {
    let (page, limit) = paging.parse()?;
    let kind = pick(given(k.kind.as_deref()), "kind")?.unwrap_or(OutOfSpecKind::All);
    let kinds: &[&str] = match kind {
        OutOfSpecKind::Dose => &["DOSE"],
        OutOfSpecKind::Parameter => &["PARAMETER"],
        OutOfSpecKind::All => &["DOSE", "PARAMETER"],
    };
    let scope = q.scope(&s).await?;
    answer(
        app::reports::diagnostics::outofspec::out_of_spec(&s, &scope, kind, kinds, page, limit)
            .await?,
    )
}

/// One batch's diagnostics (the specific view): process values, curves, and its doses and
/// values out of spec.
#[utoipa::path(get, path = "/api/reports/batches/getbatchdiagnostics", tag = "reports",
    params(BatchQuery), responses((status = 200, body = Envelope<BatchDiagnostics>), (status = 400), (status = 404)))]
pub async fn batch_diagnostics(
    State(s): State<AppState>,
    Query(q): Query<BatchQuery>,
) -> Answer<BatchDiagnostics> {
    let h = find(&s, &q).await?;
    answer(app::reports::diagnostics::outofspec::batch_diagnostics(&s, h).await?)
}

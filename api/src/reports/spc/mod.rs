//! SPC charts (issue 13) under `/api/reports/spc/`: the batch SPC graph (the dosing error of a
//! material, or a batch's mean process value, per dose or batch) and the consumption SPC graph
//! (a material's kilograms per day), each an individuals/moving-range or X̄-R chart with limits
//! from a baseline window, the run rules chosen, Cp/Cpk against the specification; the saved
//! parameter sets (`sets`) and the violations ingest kept when a batch broke a live set's rule.

pub(crate) mod chart;
pub(crate) mod sets;

use axum::extract::State;
use model::Envelope;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::AppState;
use crate::extract::Query;
use crate::reports::read::{Answer, answer};
use crate::reports::scope::{ReportQuery, given};

pub use model::spc::KeptViolation;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ViolationQuery {
    /// Only this saved set's (its `_id`).
    pub set_id: Option<String>,
}

/// The run-rule violations ingest kept when completed batches broke a live set's rule, newest
/// first (at most 1000).
#[utoipa::path(get, path = "/api/reports/spc/violations", tag = "reports",
    params(ReportQuery, ViolationQuery), responses((status = 200, body = Envelope<Vec<KeptViolation>>), (status = 400)))]
pub async fn violations(
    State(s): State<AppState>,
    Query(q): Query<ReportQuery>,
    Query(v): Query<ViolationQuery>,
) -> Answer<Vec<KeptViolation>> {
    let scope = q.scope(&s).await?;
    let set = match given(v.set_id.as_deref()) {
        None => None,
        Some(raw) => Some(sets::parse_id(raw, "setId")?),
    };
    let rows =
        db::spc::violations(&s.pool, &scope.line_ids(), scope.from, scope.to, set, 1000).await?;
    answer(
        rows.into_iter()
            .filter_map(db::spc::Violation::kept)
            .collect(),
    )
}

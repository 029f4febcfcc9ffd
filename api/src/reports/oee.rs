//! OEE (issue 34, item 3): availability, performance, quality and OEE per shift occurrence,
//! local day or line (`app::reports::oee`, definitions in docs/architecture.md, "OEE").

use axum::extract::State;
use chrono::Utc;
use model::Envelope;
use model::choice::OeeGroup;
use serde::Deserialize;
use utoipa::IntoParams;

use super::read::{Answer, answer};
use super::scope::{ReportQuery, pick};
use crate::AppState;
use crate::extract::Query;

pub use app::reports::oee::Oee;

/// How the OEE report groups.
#[derive(Debug, Default, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct OeeGrouping {
    /// `shift` (each shift occurrence), `day` (each local day of the line's zone, the default) or
    /// `line` (each line over the range).
    #[param(value_type = Option<OeeGroup>)]
    pub group_by: Option<String>,
}

/// Availability (running ÷ planned production time: the shifts less planned stops), performance
/// (the output's time at its ideal rates ÷ running time), quality (kilograms of batches not
/// aborted with every dose in tolerance ÷ all) and OEE, as fractions, per group, per line and
/// for the lines together. Takes no recipe, order or batch filter.
#[utoipa::path(operation_id = "oee", get, path = "/api/reports/oee", tag = "reports",
    params(ReportQuery, OeeGrouping), responses((status = 200, body = Envelope<Oee>), (status = 400)))]
pub async fn report(
    State(s): State<AppState>,
    Query(q): Query<ReportQuery>,
    Query(g): Query<OeeGrouping>,
) -> Answer<Oee> {
    let group = pick(g.group_by.as_deref(), "groupBy")?.unwrap_or(OeeGroup::Day);
    app::reports::oee::check_filters(&q)?;
    let scope = q.scope(&s).await?;
    answer(app::reports::oee::report(&s, &scope, group, Utc::now()).await?)
}

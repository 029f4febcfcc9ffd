//! The bin history (`bins/getmaterialhistory`): per bin, its fills, doses, empties and material
//! changes in the range with the level before and after; the movements a page at a time; and,
//! for one bin, its level over the range for a chart. Whole UTC days come from the day rollup
//! `report_bin_day`, the partial days at the edges from the raw movements.

use axum::extract::State;
use model::Envelope;
use model::wire::BinMovementKind;
use serde::Deserialize;
use utoipa::IntoParams;

use super::read::{Answer, answer};
use super::scope::{ReportQuery, given, pick};
use crate::AppState;
use crate::extract::Query;
use crate::paging::Paging;

/// The bin and movement kind of the bin history.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct BinFilter {
    /// Only this bin (its code or `_id`); `0`/`NONE` for every bin.
    pub bin_id: Option<String>,
    /// Only movements of this kind in the list: `FILL`, `DOSE`, `EMPTY` or `CHANGE`.
    #[param(value_type = Option<BinMovementKind>)]
    pub kind: Option<String>,
}

use app::reports::bins::BinHistory;

/// A bin's fills, doses, material changes and level over time.
#[utoipa::path(get, path = "/api/reports/bins/getmaterialhistory", tag = "reports",
    params(ReportQuery, BinFilter, Paging), responses((status = 200, body = Envelope<BinHistory>), (status = 400)))]
pub async fn material_history(
    State(s): State<AppState>,
    Query(q): Query<ReportQuery>,
    Query(f): Query<BinFilter>,
    Query(paging): Query<Paging>,
) -> Answer<BinHistory> {
    let (page, limit) = paging.parse_with(100)?;
    let kind: Option<BinMovementKind> = pick(given(f.kind.as_deref()), "kind")?;
    let scope = q.scope(&s).await?;
    let history = app::reports::bins::history(&s, &scope, f.bin_id.as_deref(), kind, page, limit);
    answer(history.await?)
}

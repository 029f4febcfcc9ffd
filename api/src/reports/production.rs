//! Production reports: produced kilograms and batches per recipe version, and per hour, shift,
//! day, week or month of the line's zone, or per line.

use axum::extract::State;
use model::Envelope;
use model::choice::TimeBucket;
use serde::Deserialize;
use utoipa::IntoParams;

use super::figures::Report;
use super::read::{Answer, MaterialFilter, answer, by_batch_key, by_window};
use super::scope::{ReportQuery, pick};
use crate::AppState;
use crate::extract::Query;
use crate::i18n_layer::RequestLang;

/// Produced kilograms and batches per recipe version (optionally of one shift).
#[utoipa::path(get, path = "/api/reports/production/getproductionbyrecipe", tag = "reports",
    params(ReportQuery), responses((status = 200, body = Envelope<Report>), (status = 400)))]
pub async fn production_by_recipe(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<ReportQuery>,
) -> Answer<Report> {
    let scope = q.scope(&s).await?;
    answer(by_batch_key(&s, &scope, "recipe").await?.said(lang.0))
}

/// The time buckets of production.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct Buckets {
    /// `hour`, `shift`, `day` (default), `week` or `month`, in the line's time zone; or `line`.
    #[param(value_type = Option<TimeBucket>)]
    pub bucket: Option<String>,
}

/// Produced kilograms and batches per hour, shift, day, week or month of the line's zone
/// (daylight-saving days have 23 or 25 hours), or per line.
#[utoipa::path(get, path = "/api/reports/production/productionbytime", tag = "reports",
    params(ReportQuery, Buckets), responses((status = 200, body = Envelope<Report>), (status = 400)))]
pub async fn production_by_time(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<ReportQuery>,
    Query(b): Query<Buckets>,
) -> Answer<Report> {
    let bucket = pick(b.bucket.as_deref(), "bucket")?.unwrap_or(TimeBucket::Day);
    let scope = q.scope(&s).await?;
    let filter = MaterialFilter::default();
    answer(
        by_window(&s, &scope, bucket.as_str(), &filter)
            .await?
            .said(lang.0),
    )
}

//! Consumption and production reports (§7 Reports; issue 12): what was weighed, grouped by
//! material, category, scale, bin, shift, time bucket, order, recipe or batch. Every one reads
//! the same pieces of the same windows, so their kilograms agree (decision 59).

use axum::extract::State;
use model::Envelope;
use model::choice::ConsumptionGroup;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::figures::{Figures, Report, Row};
use super::read::{
    Answer, MaterialFilter, Names, answer, by_batch_key, by_dimension, by_dimensions, by_window,
};
use super::scope::{ReportQuery, pick};
use crate::AppState;
use crate::error::ApiResult;
use crate::extract::Query;
use crate::i18n_layer::RequestLang;

/// Grouping and the drill-down filters of the consumption reports.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct Grouping {
    /// `material` (default), `category`, `scale`, `bin`, `shift`, `hour`, `day`, `week`,
    /// `month` or `line`.
    #[param(value_type = Option<ConsumptionGroup>)]
    pub group_by: Option<String>,
    /// Only this material (its code, or its `_id`).
    pub material_id: Option<String>,
    /// Only materials of this category (its `_id` on a line, or its code for every line).
    pub material_category_id: Option<String>,
}

fn group_by(g: &Grouping, default: &str) -> ApiResult<String> {
    let by = pick::<ConsumptionGroup>(g.group_by.as_deref(), "groupBy")?;
    Ok(by.map_or_else(|| default.to_string(), |b| b.as_str().to_string()))
}

async fn grouped(
    s: &AppState,
    q: &ReportQuery,
    g: &Grouping,
    default: &str,
    lang: RequestLang,
) -> ApiResult<Report> {
    let by = group_by(g, default)?;
    let scope = q.scope(s).await?;
    let filter = MaterialFilter::new(g.material_id.as_deref(), g.material_category_id.as_deref());
    match by.as_str() {
        "material" | "category" | "scale" | "bin" => {
            Ok(by_dimension(s, &scope, &by, &filter).await?.said(lang.0))
        }
        _ => Ok(by_window(s, &scope, &by, &filter).await?.said(lang.0)),
    }
}

/// `grouped` with its grouping fixed to `by`, whatever `groupBy` says.
async fn fixed(
    s: &AppState,
    q: &ReportQuery,
    g: Grouping,
    by: &str,
    lang: RequestLang,
) -> Answer<Report> {
    let g = Grouping {
        group_by: Some(by.into()),
        ..g
    };
    answer(grouped(s, q, &g, by, lang).await?)
}

/// Weighed kilograms grouped by material, category, scale, bin, shift, line or a time bucket
/// of the line's zone.
#[utoipa::path(get, path = "/api/reports/consumption/totalweightgroupedby", tag = "reports",
    params(ReportQuery, Grouping), responses((status = 200, body = Envelope<Report>), (status = 400)))]
pub async fn total_weight_grouped_by(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<ReportQuery>,
    Query(g): Query<Grouping>,
) -> Answer<Report> {
    answer(grouped(&s, &q, &g, "material", lang).await?)
}

/// Per material: setpoint and weighed totals, deviation, share of doses out of tolerance, mean
/// and standard deviation of the dose deviations.
#[utoipa::path(get, path = "/api/reports/consumption/getconsumptionstats", tag = "reports",
    params(ReportQuery, Grouping), responses((status = 200, body = Envelope<Report>), (status = 400)))]
pub async fn consumption_stats(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<ReportQuery>,
    Query(g): Query<Grouping>,
) -> Answer<Report> {
    fixed(&s, &q, g, "material", lang).await
}

/// A category with its materials.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryRow {
    #[serde(flatten)]
    pub row: Row,
    /// The category's `_id` on each line it exists on.
    pub category_ids: Vec<String>,
    pub materials: Vec<Row>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryReport {
    pub from_date_time: chrono::DateTime<chrono::Utc>,
    pub to_date_time: chrono::DateTime<chrono::Utc>,
    pub categories: Vec<CategoryRow>,
    pub totals: Figures,
}

/// Weighed kilograms per material category, each with its materials.
#[utoipa::path(get, path = "/api/reports/consumption/getconsumptionbymaterialcatagory", tag = "reports",
    params(ReportQuery, Grouping), responses((status = 200, body = Envelope<CategoryReport>), (status = 400)))]
pub async fn by_category(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<ReportQuery>,
    Query(g): Query<Grouping>,
) -> Answer<CategoryReport> {
    let scope = q.scope(&s).await?;
    let filter = MaterialFilter::new(g.material_id.as_deref(), g.material_category_id.as_deref());
    let mut reports = by_dimensions(&s, &scope, &["category", "material"], &filter).await?;
    let materials = reports.pop().expect("two reports").said(lang.0);
    let categories = reports.pop().expect("two reports").said(lang.0);
    let names = Names::load(&s, "material", &scope).await?;
    let category_of = |code: &str| -> (String, Vec<String>) {
        let mut ids: Vec<String> = names
            .0
            .values()
            .filter(|n| n.code.eq_ignore_ascii_case(code))
            .filter_map(|n| n.category_id.clone())
            .collect();
        ids.sort();
        ids.dedup();
        let key = names
            .0
            .values()
            .find(|n| n.code.eq_ignore_ascii_case(code))
            .and_then(|n| n.category_code.clone())
            .map(|c| c.to_lowercase())
            .unwrap_or_default();
        (key, ids)
    };
    let total = categories.totals.actual_kg;
    let rows = categories
        .rows
        .into_iter()
        .map(|row| {
            let mut ids = Vec::new();
            let materials: Vec<Row> = materials
                .rows
                .iter()
                .filter(|m| {
                    let (key, cat_ids) = category_of(m.code.as_deref().unwrap_or_default());
                    if key == row.key {
                        ids.extend(cat_ids);
                        true
                    } else {
                        false
                    }
                })
                .cloned()
                .map(|mut m| {
                    m.figures = m.figures.finish(total);
                    m
                })
                .collect();
            ids.sort();
            ids.dedup();
            CategoryRow {
                row,
                category_ids: ids,
                materials,
            }
        })
        .collect();
    answer(CategoryReport {
        from_date_time: scope.from,
        to_date_time: scope.to,
        categories: rows,
        totals: categories.totals,
    })
}

/// Weighed kilograms per shift occurrence of each line (time no shift covers in its own rows).
#[utoipa::path(get, path = "/api/reports/consumption/getconsumtionsbyshifts", tag = "reports",
    params(ReportQuery, Grouping), responses((status = 200, body = Envelope<Report>), (status = 400)))]
pub async fn by_shifts(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<ReportQuery>,
    Query(g): Query<Grouping>,
) -> Answer<Report> {
    fixed(&s, &q, g, "shift", lang).await
}

/// Weighed kilograms and batches per production order.
#[utoipa::path(get, path = "/api/reports/consumption/getconsumptionstatsbyorderwise", tag = "reports",
    params(ReportQuery), responses((status = 200, body = Envelope<Report>), (status = 400)))]
pub async fn by_order(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<ReportQuery>,
) -> Answer<Report> {
    let scope = q.scope(&s).await?;
    answer(by_batch_key(&s, &scope, "order").await?.said(lang.0))
}

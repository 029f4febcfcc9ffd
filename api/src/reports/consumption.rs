//! Consumption and production reports (§7 Reports; issue 12): what was weighed, grouped by
//! material, category, scale, bin, shift, time bucket, order, recipe or batch. Every one reads
//! the same pieces of the same windows, so their kilograms agree (decision 59).

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use db::reports::{BatchRow, MaterialRow, Named};
use model::{Envelope, Msg};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::figures::{Figures, Report, Row, Rows, local_key};
use super::scope::{Bucket, Cut, ReportQuery, Scope, Window, given};
use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::Query;
use crate::i18n_layer::RequestLang;

type Answer<T> = ApiResult<Json<Envelope<T>>>;

/// Grouping and the drill-down filters of the consumption reports.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct Grouping {
    /// `material` (default), `category`, `scale`, `bin`, `shift`, `hour`, `day`, `week`,
    /// `month` or `line`.
    pub group_by: Option<String>,
    /// Only this material (its code, or its `_id`).
    pub material_id: Option<String>,
    /// Only materials of this category (its `_id`).
    pub material_category_id: Option<String>,
}

const GROUPS: [&str; 10] = [
    "material", "category", "scale", "bin", "shift", "hour", "day", "week", "month", "line",
];

/// Names of materials, scales and bins by line and code.
struct Names(HashMap<(String, String), Named>);

impl Names {
    async fn load(s: &AppState, kind: &str, scope: &Scope) -> ApiResult<Self> {
        let rows = db::reports::named(&s.pool, kind, &scope.line_ids()).await?;
        Ok(Names(
            rows.into_iter()
                .map(|n| ((n.line_id.clone(), n.code.to_lowercase()), n))
                .collect(),
        ))
    }
    fn get(&self, line: &str, code: &str) -> Option<&Named> {
        self.0.get(&(line.to_string(), code.to_lowercase()))
    }
}

/// A material filter: codes by line, from a code, a material `_id` or a category `_id`.
struct MaterialFilter {
    material: Option<String>,
    category: Option<String>,
}

impl MaterialFilter {
    fn new(g: &Grouping) -> Self {
        MaterialFilter {
            material: given(g.material_id.as_deref()).map(str::to_lowercase),
            category: given(g.material_category_id.as_deref()).map(str::to_lowercase),
        }
    }
    fn any(&self) -> bool {
        self.material.is_some() || self.category.is_some()
    }
    fn keeps(&self, r: &MaterialRow, names: &Names) -> bool {
        let named = names.get(&r.line_id, &r.material_id);
        let material = self.material.as_ref().is_none_or(|m| {
            *m == r.material_id.to_lowercase() || named.is_some_and(|n| n.id == *m)
        });
        let category = self
            .category
            .as_ref()
            .is_none_or(|c| named.is_some_and(|n| n.category_id.as_deref() == Some(c.as_str())));
        material && category
    }
}

async fn windows(s: &AppState, scope: &Scope, cut: Cut) -> ApiResult<Vec<Window>> {
    scope.windows(s, cut).await
}

pub(super) async fn material_rows(
    s: &AppState,
    scope: &Scope,
    windows: &[Window],
) -> ApiResult<Vec<MaterialRow>> {
    Ok(db::reports::material_rows(&s.pool, &scope.pieces(windows)).await?)
}

pub(super) async fn batch_rows(
    s: &AppState,
    scope: &Scope,
    windows: &[Window],
) -> ApiResult<Vec<BatchRow>> {
    Ok(db::reports::batch_rows(&s.pool, &scope.pieces(windows)).await?)
}

fn report(scope: &Scope, group_by: &str, rows: Rows) -> Report {
    let (rows, totals) = rows.finish();
    Report {
        from_date_time: scope.from,
        to_date_time: scope.to,
        group_by: group_by.into(),
        rows,
        totals,
    }
}

fn cut_of(group_by: &str) -> Cut {
    match group_by {
        "shift" => Cut::Shifts,
        "hour" => Cut::Calendar("hour"),
        "day" => Cut::Calendar("day"),
        "week" => Cut::Calendar("week"),
        "month" => Cut::Calendar("month"),
        _ => Cut::Whole,
    }
}

/// The row of window `w`: a line, a shift occurrence or a calendar bucket (merged across lines
/// by its local start).
fn window_row<'a>(rows: &'a mut Rows, scope: &Scope, w: &Window, lang: RequestLang) -> &'a mut Row {
    let line = &scope.lines[w.line];
    let row = match &w.bucket {
        Bucket::All => rows.entry(&line.id, || {
            let mut r = Row::new(&line.id, &line.name);
            r.code = Some(line.code.clone());
            r
        }),
        Bucket::Shift { shift, start } => {
            let shift = shift.map(|i| &line.shifts[i]);
            let key = format!(
                "{}/{}/{}",
                line.id,
                shift.map_or("", |s| &s.id),
                local_key(*start)
            );
            rows.entry(&key, || {
                let name = shift.map_or_else(
                    || lang.text(&Msg::new("report.noShift")),
                    |s| s.name.clone(),
                );
                let mut r = Row::new(shift.map_or("", |s| &s.id), name);
                r.line_id = Some(line.id.clone());
                r.line_name = Some(line.name.clone());
                r
            })
        }
        Bucket::Calendar { key, .. } => rows.entry(key, || Row::new(key, key)),
    };
    row.from = Some(row.from.map_or(w.from, |f| f.min(w.from)));
    row.to = Some(row.to.map_or(w.to, |t| t.max(w.to)));
    row
}

/// Rows per window (line, shift occurrence or bucket) from the batch rows, or from the
/// material rows when a material filter applies.
async fn by_window(
    s: &AppState,
    scope: &Scope,
    group_by: &str,
    filter: &MaterialFilter,
    lang: RequestLang,
) -> ApiResult<Report> {
    let windows = windows(s, scope, cut_of(group_by)).await?;
    let mut rows = Rows::new();
    // Every window gets its row, empty ones too (a time axis without holes).
    for w in &windows {
        window_row(&mut rows, scope, w, lang);
    }
    if filter.any() {
        let names = Names::load(s, "material", scope).await?;
        for r in material_rows(s, scope, &windows).await? {
            if filter.keeps(&r, &names) {
                window_row(&mut rows, scope, &windows[r.k as usize], lang)
                    .figures
                    .add_material(&r);
            }
        }
    } else {
        for r in batch_rows(s, scope, &windows).await? {
            window_row(&mut rows, scope, &windows[r.k as usize], lang)
                .figures
                .add_batch(&r);
        }
    }
    let mut report = report(scope, group_by, rows);
    report
        .rows
        .sort_by(|a, b| (a.from, &a.line_name).cmp(&(b.from, &b.line_name)));
    Ok(report)
}

/// Rows per material, category, scale or bin over the whole range.
async fn by_dimension(
    s: &AppState,
    scope: &Scope,
    group_by: &str,
    filter: &MaterialFilter,
    lang: RequestLang,
) -> ApiResult<Report> {
    let windows = windows(s, scope, Cut::Whole).await?;
    let materials = Names::load(s, "material", scope).await?;
    let kind = if group_by == "bin" { "bin" } else { "scale" };
    let equipment = Names::load(s, kind, scope).await?;
    let mut rows = Rows::new();
    for r in material_rows(s, scope, &windows).await? {
        if !filter.keeps(&r, &materials) {
            continue;
        }
        let material = materials.get(&r.line_id, &r.material_id);
        let (key, code, name) = match group_by {
            "category" => match material.and_then(|m| m.category_code.clone()) {
                Some(code) => (
                    code.to_lowercase(),
                    Some(code),
                    material
                        .and_then(|m| m.category_name.clone())
                        .unwrap_or_default(),
                ),
                None => (
                    String::new(),
                    None,
                    lang.text(&Msg::new("report.noCategory")),
                ),
            },
            "scale" | "bin" => {
                let code = if group_by == "scale" {
                    &r.scale_id
                } else {
                    &r.bin_id
                };
                if code.is_empty() {
                    (String::new(), None, lang.text(&Msg::new("report.noBin")))
                } else {
                    let name = equipment
                        .get(&r.line_id, code)
                        .map_or(code.clone(), |n| n.name.clone());
                    (code.to_lowercase(), Some(code.clone()), name)
                }
            }
            _ => (
                r.material_id.to_lowercase(),
                Some(r.material_id.clone()),
                material.map_or(r.material_id.clone(), |m| m.name.clone()),
            ),
        };
        rows.entry(&key, || {
            let mut row = Row::new(key.clone(), name);
            row.code = code;
            row
        })
        .figures
        .add_material(&r);
    }
    let mut report = report(scope, group_by, rows);
    report
        .rows
        .sort_by(|a, b| b.figures.actual_kg.total_cmp(&a.figures.actual_kg));
    Ok(report)
}

fn group_by(g: &Grouping, default: &str) -> ApiResult<String> {
    let by = g
        .group_by
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .unwrap_or(default);
    if GROUPS.contains(&by) {
        Ok(by.to_string())
    } else {
        Err(ApiError::field(
            "groupBy",
            Msg::new("validation.choice").arg("options", GROUPS.join(", ")),
        ))
    }
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
    let filter = MaterialFilter::new(g);
    match by.as_str() {
        "material" | "category" | "scale" | "bin" => {
            by_dimension(s, &scope, &by, &filter, lang).await
        }
        _ => by_window(s, &scope, &by, &filter, lang).await,
    }
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
    Ok(Json(Envelope::data(
        grouped(&s, &q, &g, "material", lang).await?,
    )))
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
    let g = Grouping {
        group_by: Some("material".into()),
        ..g
    };
    Ok(Json(Envelope::data(
        grouped(&s, &q, &g, "material", lang).await?,
    )))
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
    let filter = MaterialFilter::new(&g);
    let categories = by_dimension(&s, &scope, "category", &filter, lang).await?;
    let materials = by_dimension(&s, &scope, "material", &filter, lang).await?;
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
    Ok(Json(Envelope::data(CategoryReport {
        from_date_time: scope.from,
        to_date_time: scope.to,
        categories: rows,
        totals: categories.totals,
    })))
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
    let g = Grouping {
        group_by: Some("shift".into()),
        ..g
    };
    Ok(Json(Envelope::data(
        grouped(&s, &q, &g, "shift", lang).await?,
    )))
}

/// Rows per order (or recipe) from the batch rows of the whole range.
pub(super) async fn by_batch_key(
    s: &AppState,
    scope: &Scope,
    group_by: &str,
    lang: RequestLang,
) -> ApiResult<Report> {
    let windows = windows(s, scope, Cut::Whole).await?;
    let batch_rows = batch_rows(s, scope, &windows).await?;
    let mut rows = Rows::new();
    let order = group_by == "order";
    let mut ids: Vec<String> = batch_rows
        .iter()
        .map(|r| {
            if order {
                r.schedule_id.clone()
            } else {
                r.recipe_id.clone()
            }
        })
        .filter(|id| !id.is_empty())
        .collect();
    ids.sort();
    ids.dedup();
    let (recipes, orders) = if order {
        (Vec::new(), db::reports::order_names(&s.pool, &ids).await?)
    } else {
        (db::reports::recipe_names(&s.pool, &ids).await?, Vec::new())
    };
    for r in &batch_rows {
        let line = scope.lines.iter().find(|l| l.id == r.line_id);
        let key = if order {
            format!("{}/{}", r.line_id, r.schedule_id)
        } else {
            r.recipe_id.clone()
        };
        rows.entry(&key, || {
            if order {
                let o = orders.iter().find(|o| o.schedule_id == r.schedule_id);
                let name = o
                    .and_then(|o| o.name.clone())
                    .unwrap_or_else(|| lang.text(&Msg::new("report.noOrder")));
                let mut row = Row::new(&r.schedule_id, name);
                row.code = o.and_then(|o| o.order_number.clone());
                row.line_id = line.map(|l| l.id.clone());
                row.line_name = line.map(|l| l.name.clone());
                row
            } else {
                let n = recipes.iter().find(|n| n.recipe_id == r.recipe_id);
                let mut row = Row::new(
                    &r.recipe_id,
                    n.and_then(|n| n.name.clone())
                        .unwrap_or_else(|| r.recipe_id.clone()),
                );
                row.code = n.and_then(|n| n.code.clone());
                row.version = n.map(|n| n.version);
                row
            }
        })
        .figures
        .add_batch(r);
    }
    let mut report = report(scope, group_by, rows);
    report
        .rows
        .sort_by(|a, b| b.figures.actual_kg.total_cmp(&a.figures.actual_kg));
    Ok(report)
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
    Ok(Json(Envelope::data(
        by_batch_key(&s, &scope, "order", lang).await?,
    )))
}

/// Paging of a list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct Paging {
    /// Page number from 1 (default 1); a page past the end is empty.
    pub page: Option<String>,
    /// Rows per page, 1 to 1000 (default 50).
    pub limit: Option<String>,
}

impl Paging {
    pub fn parse(&self) -> ApiResult<(i64, i64)> {
        self.parse_with(50)
    }

    /// Page and limit, `default` rows per page.
    pub fn parse_with(&self, default: i64) -> ApiResult<(i64, i64)> {
        let num = |raw: Option<&str>, field: &str, default: i64, max: i64| -> ApiResult<i64> {
            match raw.map(str::trim).filter(|s| !s.is_empty()) {
                None => Ok(default),
                Some(v) => v
                    .parse::<i64>()
                    .ok()
                    .filter(|n| (1..=max).contains(n))
                    .ok_or_else(|| {
                        ApiError::field(
                            field,
                            Msg::new("validation.numberRange")
                                .arg("min", "1")
                                .arg("max", max.to_string()),
                        )
                    }),
            }
        };
        Ok((
            num(self.page.as_deref(), "page", 1, 1_000_000)?,
            num(self.limit.as_deref(), "limit", default, 1000)?,
        ))
    }
}

/// A batch ("charge") with what was weighed into it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Charge {
    pub line_id: String,
    pub line_name: Option<String>,
    pub batch_id: String,
    pub recipe_id: String,
    pub recipe_code: Option<String>,
    pub recipe_name: Option<String>,
    pub recipe_version: i32,
    pub production_schedule_id: Option<String>,
    pub schedule_name: Option<String>,
    pub started_at: Option<chrono::DateTime<chrono::Utc>>,
    pub ended_at: chrono::DateTime<chrono::Utc>,
    /// `COMPLETE` or `ABORTED`.
    pub status: String,
    pub target_kg: f64,
    pub setpoint_kg: f64,
    pub actual_kg: f64,
    pub deviation_kg: f64,
    pub doses: i64,
    pub out_of_tolerance: i64,
    /// `[{materialId, scaleId, binId, setpointKg, actualKg, inTolerance}]` in dosing order.
    #[schema(value_type = Vec<Object>)]
    pub weighings: serde_json::Value,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChargeReport {
    pub from_date_time: chrono::DateTime<chrono::Utc>,
    pub to_date_time: chrono::DateTime<chrono::Utc>,
    pub page: i64,
    pub limit: i64,
    /// Batches in the range (every page).
    pub total: i64,
    pub rows: Vec<Charge>,
    /// Totals of every batch in the range, not only this page.
    pub totals: Figures,
}

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
    let windows = windows(&s, &scope, Cut::Whole).await?;
    let mut rows = Rows::new();
    for r in batch_rows(&s, &scope, &windows).await? {
        rows.entry("", || Row::new("", "")).figures.add_batch(&r);
    }
    let (_, totals) = rows.finish();
    let mut bw = db::reports::BatchWindows::default();
    for w in &windows {
        bw.lines.push(scope.lines[w.line].id.clone());
        bw.from.push(w.from);
        bw.to.push(w.to);
    }
    let list = db::reports::batch_list(&s.pool, &bw, &scope.pieces(&[]), limit, (page - 1) * limit)
        .await?;
    let rows = list
        .into_iter()
        .map(|b| Charge {
            line_name: scope
                .lines
                .iter()
                .find(|l| l.id == b.line_id)
                .map(|l| l.name.clone()),
            line_id: b.line_id,
            batch_id: b.batch_id,
            recipe_id: b.recipe_id,
            recipe_code: b.recipe_code,
            recipe_name: b.recipe_name,
            recipe_version: b.recipe_version,
            production_schedule_id: b.production_schedule_id,
            schedule_name: b.schedule_name,
            started_at: b.started_at,
            ended_at: b.ended_at,
            status: b.status,
            target_kg: b.target_kg,
            setpoint_kg: b.setpoint_kg,
            actual_kg: b.actual_kg,
            deviation_kg: b.actual_kg - b.setpoint_kg,
            doses: b.doses,
            out_of_tolerance: b.out_of_tolerance,
            weighings: b.weighings,
        })
        .collect();
    Ok(Json(Envelope::data(ChargeReport {
        from_date_time: scope.from,
        to_date_time: scope.to,
        page,
        limit,
        total: totals.batches.unwrap_or(0),
        rows,
        totals,
    })))
}

/// Produced kilograms and batches per recipe version (optionally of one shift).
#[utoipa::path(get, path = "/api/reports/production/getproductionbyrecipe", tag = "reports",
    params(ReportQuery), responses((status = 200, body = Envelope<Report>), (status = 400)))]
pub async fn production_by_recipe(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<ReportQuery>,
) -> Answer<Report> {
    let scope = q.scope(&s).await?;
    Ok(Json(Envelope::data(
        by_batch_key(&s, &scope, "recipe", lang).await?,
    )))
}

/// The time buckets of production.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct Buckets {
    /// `hour`, `shift`, `day` (default), `week` or `month`, in the line's time zone; or `line`.
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
    const BUCKETS: [&str; 6] = ["hour", "shift", "day", "week", "month", "line"];
    let bucket = b
        .bucket
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .unwrap_or("day");
    if !BUCKETS.contains(&bucket) {
        return Err(ApiError::field(
            "bucket",
            Msg::new("validation.choice").arg("options", BUCKETS.join(", ")),
        ));
    }
    let scope = q.scope(&s).await?;
    let filter = MaterialFilter {
        material: None,
        category: None,
    };
    Ok(Json(Envelope::data(
        by_window(&s, &scope, bucket, &filter, lang).await?,
    )))
}

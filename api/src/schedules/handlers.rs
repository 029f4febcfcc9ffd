//! The reading calls: the order list (`GET`, or `POST {lineId}`, with line, planned-start range
//! and status filters), one order with its control recipe, batches and history, the light list,
//! the orders of a recipe, the recipes of a line in a range, and the status list.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, State};
use db::schedules::{Filter, Order};
use model::schedule::Status;
use model::{Envelope, Msg};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::guard;
use super::record::{
    RecipeSeenRecord, ScheduleListItem, ScheduleRecord, StatusRecord, build, history, status_name,
};
use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, Query, parse_id};
use crate::i18n_layer::RequestLang;
use crate::paging::{Listed, Paging, Window};

type Answer<T> = ApiResult<Json<Envelope<T>>>;

pub fn not_found() -> ApiError {
    ApiError::NotFound(Msg::new("schedule.notFound"))
}

/// The list filters (§7; §9: `ALL` drops the line filter).
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ListFilter {
    /// A line's `_id`; omitted or `ALL` for every line.
    pub line_id: Option<String>,
    /// Planned start at or after (RFC 3339).
    pub from_date_time: Option<String>,
    /// Planned start before (RFC 3339).
    pub to_date_time: Option<String>,
    /// One status, or several separated by commas; omitted or `ALL` for every status.
    pub status: Option<String>,
}

pub use app::when::{Range, plausible};

/// A from/to pair; from after to is refused on `toDateTime`.
pub fn range(from: Option<&str>, to: Option<&str>) -> ApiResult<Range> {
    Ok(app::when::range(from, to)?)
}

impl ListFilter {
    pub fn filter(&self) -> ApiResult<Filter> {
        let (from, to) = range(self.from_date_time.as_deref(), self.to_date_time.as_deref())?;
        let mut statuses = Vec::new();
        for s in self
            .status
            .as_deref()
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty() && *s != "ALL")
        {
            let s = Status::parse(s).ok_or_else(|| {
                let names: Vec<&str> = Status::ALL.iter().map(|s| s.as_str()).collect();
                ApiError::field(
                    "status",
                    Msg::new("validation.choice").arg("options", names.join(", ")),
                )
            })?;
            statuses.push(s);
        }
        Ok(Filter {
            line: crate::plant::line_filter(self.line_id.as_deref())?,
            from,
            to,
            statuses,
            ..Filter::default()
        })
    }
}

/// The records of `orders`, each with its carry-over risk in its line's planned queue.
pub async fn records(
    state: &AppState,
    orders: &[Order],
    lang: RequestLang,
) -> ApiResult<Vec<ScheduleRecord>> {
    let mut lines: Vec<Uuid> = orders.iter().map(|o| o.line_id).collect();
    lines.sort();
    lines.dedup();
    let mut risks = HashMap::new();
    let mut numbers = HashMap::new();
    let mut conn = state.pool.acquire().await?;
    for line in lines {
        let queue = db::schedules::queue(&mut *conn, line).await?;
        let matrix = guard::matrix(&mut conn, line).await?;
        risks.extend(guard::risks(&queue, &matrix));
        numbers.extend(guard::numbers(&queue));
    }
    Ok(orders
        .iter()
        .map(|o| {
            let risk = risks.get(&o.id).map(|c| {
                let previous = numbers.get(&c.previous).map(String::as_str).unwrap_or("");
                (c, previous)
            });
            build(o, risk, lang)
        })
        .collect())
}

/// One order with its control recipe, batches and history.
pub async fn one(state: &AppState, id: Uuid, lang: RequestLang) -> ApiResult<ScheduleRecord> {
    let o = db::schedules::get(&state.pool, id)
        .await?
        .ok_or_else(not_found)?;
    let mut r = records(state, std::slice::from_ref(&o), lang)
        .await?
        .remove(0);
    match &o.control_recipe {
        Some(c) => r.control_recipe = Some(c.0.clone()),
        None => match app::orders::control_recipe(&state.app, &o).await {
            Ok(c) => r.control_recipe = Some(c),
            Err(problems) => {
                r.control_problems = Some(problems.iter().map(|p| lang.text(p)).collect());
            }
        },
    }
    r.signatures = Some(
        app::signatures::of(&state.pool, "productionSchedule", &[id])
            .await?
            .into_iter()
            .map(|(_, s)| crate::signatures::shown(lang, s))
            .collect(),
    );
    r.produced_batches = Some(
        db::schedules::batches(&state.pool, id)
            .await?
            .into_iter()
            .map(Into::into)
            .collect(),
    );
    r.history = Some(history(db::schedules::history(&state.pool, id).await?));
    Ok(r)
}

/// The most orders one list answers (decision 94): a year of a busy line is a few thousand.
pub const MAX_ORDERS: usize = 5_000;

/// The orders of `f`: all (400 past [`MAX_ORDERS`]) or the page `paging` names, with the total.
async fn orders(state: &AppState, mut f: Filter, paging: &Paging) -> ApiResult<Listed<Order>> {
    let window = Window::of(paging, MAX_ORDERS)?;
    (f.limit, f.offset) = (Some(window.limit()), window.offset());
    let rows = db::schedules::list(&state.pool, &f).await?;
    let count = async { Ok(db::schedules::count(&state.pool, &f).await?) };
    window.finish(rows, count).await
}

async fn listing(
    state: &AppState,
    f: ListFilter,
    paging: Paging,
    lang: RequestLang,
) -> ApiResult<Listed<ScheduleRecord>> {
    let Listed(orders, total) = orders(state, f.filter()?, &paging).await?;
    Ok(Listed(records(state, &orders, lang).await?, total))
}

/// The orders, by line and sequence, with progress and carry-over risk.
#[utoipa::path(operation_id = "schedule_list", get, path = "/api/productionschedules", tag = "productionschedules", params(ListFilter, Paging),
    responses((status = 200, body = Envelope<Vec<ScheduleRecord>>, headers(("x-total-count" = i64, description = "how many orders match the filters, every page together"))), (status = 400)))]
pub async fn list(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(f): Query<ListFilter>,
    Query(paging): Query<Paging>,
) -> ApiResult<Listed<ScheduleRecord>> {
    listing(&s, f, paging, lang).await
}

/// The same as `GET /api/productionschedules`, the filters in the body.
#[utoipa::path(operation_id = "schedule_list_post", post, path = "/api/productionschedules", tag = "productionschedules", request_body = ListFilter, params(Paging),
    responses((status = 200, body = Envelope<Vec<ScheduleRecord>>, headers(("x-total-count" = i64, description = "how many orders match the filters, every page together"))), (status = 400)))]
pub async fn list_post(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(paging): Query<Paging>,
    Body(f): Body<ListFilter>,
) -> ApiResult<Listed<ScheduleRecord>> {
    listing(&s, f, paging, lang).await
}

/// One order: its record, control recipe (frozen, or what it would be if released now), the
/// batches it produced and its history.
#[utoipa::path(operation_id = "schedule_get", get, path = "/api/productionschedules/{id}", tag = "productionschedules",
    params(("id" = String, Path, description = "an order's `_id`")),
    responses((status = 200, body = Envelope<ScheduleRecord>), (status = 404)))]
pub async fn get(
    State(s): State<AppState>,
    lang: RequestLang,
    Path(id): Path<String>,
) -> Answer<ScheduleRecord> {
    let id = parse_id(&id, "schedule.notFound")?;
    Ok(Json(Envelope::data(one(&s, id, lang).await?)))
}

/// The light list for selectors and report filters (same filters as the list).
#[utoipa::path(operation_id = "schedule_light", get, path = "/api/productionschedulelist", tag = "productionschedules", params(ListFilter, Paging),
    responses((status = 200, body = Envelope<Vec<ScheduleListItem>>, headers(("x-total-count" = i64, description = "how many orders match the filters, every page together"))), (status = 400)))]
pub async fn light(
    State(s): State<AppState>,
    Query(f): Query<ListFilter>,
    Query(paging): Query<Paging>,
) -> ApiResult<Listed<ScheduleListItem>> {
    let listed = orders(&s, f.filter()?, &paging).await?;
    Ok(listed.map(|o| (&o).into()))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ByRecipe {
    /// A recipe's `_id` (a version's or its group's).
    pub recipe_id: Option<String>,
    pub from_date_time: Option<String>,
    pub to_date_time: Option<String>,
}

/// The orders of a recipe (all its versions) with planned start in the range.
#[utoipa::path(operation_id = "schedule_by_recipe", get, path = "/api/productionschedulesbyrecipe", tag = "productionschedules", params(ByRecipe, Paging),
    responses((status = 200, body = Envelope<Vec<ScheduleRecord>>, headers(("x-total-count" = i64, description = "how many orders match the filters, every page together"))), (status = 400)))]
pub async fn by_recipe(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(q): Query<ByRecipe>,
    Query(paging): Query<Paging>,
) -> ApiResult<Listed<ScheduleRecord>> {
    let (from, to) = range(q.from_date_time.as_deref(), q.to_date_time.as_deref())?;
    let raw = q.recipe_id.as_deref().map(str::trim).unwrap_or_default();
    if raw.is_empty() {
        return Err(ApiError::field("recipeId", Msg::new("validation.required")));
    }
    let group = match Uuid::parse_str(raw) {
        Ok(id) => db::recipes::group_of(&s.pool, id).await?,
        Err(_) => None,
    }
    .ok_or_else(|| ApiError::field("recipeId", Msg::new("recipe.notFound")))?;
    let f = Filter {
        from,
        to,
        recipe_group: Some(group),
        ..Filter::default()
    };
    let Listed(orders, total) = orders(&s, f, &paging).await?;
    Ok(Listed(records(&s, &orders, lang).await?, total))
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct LineRange {
    /// A line's `_id`; omitted or `ALL` for every line.
    pub line_id: Option<String>,
    pub from_date_time: Option<String>,
    pub to_date_time: Option<String>,
}

/// The recipe versions produced (batches started in the range) or planned (orders with planned
/// start in the range) on a line, for report filters.
#[utoipa::path(operation_id = "schedule_recipes_seen", get, path = "/api/getallrecipebylineandtime", tag = "productionschedules", params(LineRange),
    responses((status = 200, body = Envelope<Vec<RecipeSeenRecord>>), (status = 400)))]
pub async fn recipes_seen(
    State(s): State<AppState>,
    Query(q): Query<LineRange>,
) -> Answer<Vec<RecipeSeenRecord>> {
    let (from, to) = range(q.from_date_time.as_deref(), q.to_date_time.as_deref())?;
    let line = crate::plant::line_filter(q.line_id.as_deref())?;
    let seen = db::schedules::recipes_seen(&s.pool, line, from, to).await?;
    Ok(Json(Envelope::data(
        seen.into_iter()
            .map(|r| RecipeSeenRecord {
                recipe_id: r.recipe_id,
                recipe_group_id: r.recipe_group_id,
                line_id: r.line_id,
                code: r.code,
                name: r.name,
                version: r.version,
                produced: r.produced,
                planned: r.planned,
            })
            .collect(),
    )))
}

/// The statuses of an order, with their names and the moves a user may make from each.
#[utoipa::path(operation_id = "schedule_statuses", get, path = "/api/productionschedules/statuses", tag = "productionschedules",
    responses((status = 200, body = Envelope<Vec<StatusRecord>>)))]
pub async fn statuses(lang: RequestLang) -> Answer<Vec<StatusRecord>> {
    Ok(Json(Envelope::data(
        Status::ALL
            .iter()
            .map(|s| StatusRecord {
                status: *s,
                name: status_name(*s, lang),
                transitions: s.user_targets().to_vec(),
                by_plant: matches!(s, Status::Running | Status::Completed),
            })
            .collect(),
    )))
}

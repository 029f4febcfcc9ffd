//! The reading calls: the lists (latest versions, released and unreleased versions, per line or
//! of all lines), one version, the latest version and every version of a recipe, the release
//! levels, and a version's history.

use axum::Json;
use axum::extract::{Path, State};
use chrono::{DateTime, Utc};
use db::recipes::{Listing, Version};
use model::{Envelope, Msg};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::record::{LevelRecord, RecipeRecord, build, level_records};
use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, Query, parse_id};
use crate::i18n_layer::RequestLang;
use crate::paging::{Listed, Paging, Window};

type Answer<T> = ApiResult<Json<Envelope<T>>>;

#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct LineFilter {
    /// A line's `_id`; omitted or `ALL` for every line.
    pub line_id: Option<String>,
}

impl LineFilter {
    pub fn line(&self) -> ApiResult<Option<Uuid>> {
        crate::plant::line_filter(self.line_id.as_deref())
    }
}

pub fn not_found() -> ApiError {
    ApiError::NotFound(Msg::new("recipe.notFound"))
}

/// The records of `versions`, with their groups' releases.
pub async fn records(
    state: &AppState,
    versions: &[Version],
    lang: RequestLang,
) -> ApiResult<Vec<RecipeRecord>> {
    let mut groups: Vec<Uuid> = versions.iter().map(|v| v.recipe_group_id).collect();
    groups.sort();
    groups.dedup();
    let releases = db::recipes::releases(&state.pool, &groups).await?;
    let levels = db::recipes::levels(&state.pool).await?;
    let ids: Vec<Uuid> = versions.iter().map(|v| v.id).collect();
    let mut signed = app::signatures::of(&state.pool, "recipe", &ids).await?;
    Ok(versions
        .iter()
        .map(|v| {
            let mut r = build(v, &releases, &levels, lang);
            r.signatures = signed
                .extract_if(.., |(id, _)| *id == v.id)
                .map(|(_, s)| crate::signatures::shown(lang, s))
                .collect();
            r
        })
        .collect())
}

/// The record of version `id`, 404 when there is none.
pub async fn one(state: &AppState, id: Uuid, lang: RequestLang) -> ApiResult<RecipeRecord> {
    let v = db::recipes::version(&state.pool, id)
        .await?
        .ok_or_else(not_found)?;
    Ok(records(state, &[v], lang).await?.remove(0))
}

async fn listing(
    state: &AppState,
    filter: LineFilter,
    paging: Paging,
    which: Listing,
    lang: RequestLang,
) -> ApiResult<Listed<RecipeRecord>> {
    let line = filter.line()?;
    let window = Window::of(&paging, MAX_VERSIONS)?;
    let (limit, offset) = (Some(window.limit()), window.offset());
    let versions = db::recipes::list_window(&state.pool, line, which, limit, offset).await?;
    let count = async { Ok(db::recipes::count(&state.pool, line, which).await?) };
    let Listed(versions, total) = window.finish(versions, count).await?;
    Ok(Listed(records(state, &versions, lang).await?, total))
}

/// The most versions one list answers (decision 94): a plant keeps hundreds of recipes.
pub const MAX_VERSIONS: usize = 10_000;

/// The latest version of every recipe (of one line, or of all).
#[utoipa::path(get, path = "/api/recipes", tag = "recipes", params(LineFilter, Paging),
    responses((status = 200, body = Envelope<Vec<RecipeRecord>>, headers(("x-total-count" = i64, description = "how many versions match, every page together"))), (status = 400)))]
pub async fn list(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(f): Query<LineFilter>,
    Query(paging): Query<Paging>,
) -> ApiResult<Listed<RecipeRecord>> {
    listing(&s, f, paging, Listing::Latest, lang).await
}

/// The same as `GET /api/recipes`, the line in the body.
#[utoipa::path(post, path = "/api/recipes", tag = "recipes", request_body = LineFilter, params(Paging),
    responses((status = 200, body = Envelope<Vec<RecipeRecord>>, headers(("x-total-count" = i64, description = "how many versions match, every page together"))), (status = 400)))]
pub async fn list_post(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(paging): Query<Paging>,
    Body(f): Body<LineFilter>,
) -> ApiResult<Listed<RecipeRecord>> {
    listing(&s, f, paging, Listing::Latest, lang).await
}

/// Every version that holds a release level now.
#[utoipa::path(get, path = "/api/releasedrecipes", tag = "recipes", params(LineFilter, Paging),
    responses((status = 200, body = Envelope<Vec<RecipeRecord>>, headers(("x-total-count" = i64, description = "how many versions match, every page together"))), (status = 400)))]
pub async fn released(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(f): Query<LineFilter>,
    Query(paging): Query<Paging>,
) -> ApiResult<Listed<RecipeRecord>> {
    listing(&s, f, paging, Listing::Released, lang).await
}

#[utoipa::path(post, path = "/api/releasedrecipes", tag = "recipes", request_body = LineFilter, params(Paging),
    responses((status = 200, body = Envelope<Vec<RecipeRecord>>, headers(("x-total-count" = i64, description = "how many versions match, every page together"))), (status = 400)))]
pub async fn released_post(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(paging): Query<Paging>,
    Body(f): Body<LineFilter>,
) -> ApiResult<Listed<RecipeRecord>> {
    listing(&s, f, paging, Listing::Released, lang).await
}

/// Every version never released (the drafts).
#[utoipa::path(get, path = "/api/unreleasedrecipes", tag = "recipes", params(LineFilter, Paging),
    responses((status = 200, body = Envelope<Vec<RecipeRecord>>, headers(("x-total-count" = i64, description = "how many versions match, every page together"))), (status = 400)))]
pub async fn unreleased(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(f): Query<LineFilter>,
    Query(paging): Query<Paging>,
) -> ApiResult<Listed<RecipeRecord>> {
    listing(&s, f, paging, Listing::Unreleased, lang).await
}

#[utoipa::path(post, path = "/api/unreleasedrecipes", tag = "recipes", request_body = LineFilter, params(Paging),
    responses((status = 200, body = Envelope<Vec<RecipeRecord>>, headers(("x-total-count" = i64, description = "how many versions match, every page together"))), (status = 400)))]
pub async fn unreleased_post(
    State(s): State<AppState>,
    lang: RequestLang,
    Query(paging): Query<Paging>,
    Body(f): Body<LineFilter>,
) -> ApiResult<Listed<RecipeRecord>> {
    listing(&s, f, paging, Listing::Unreleased, lang).await
}

/// One recipe version.
#[utoipa::path(get, path = "/api/recipes/{id}", tag = "recipes",
    params(("id" = String, Path, description = "a recipe version's `_id`")),
    responses((status = 200, body = Envelope<RecipeRecord>), (status = 404)))]
pub async fn get(
    State(s): State<AppState>,
    lang: RequestLang,
    Path(id): Path<String>,
) -> Answer<RecipeRecord> {
    let id = parse_id(&id, "recipe.notFound")?;
    Ok(Json(Envelope::data(one(&s, id, lang).await?)))
}

/// The versions of the recipe that `id` names (a version's or a group's `_id`), newest first.
async fn versions_of(state: &AppState, id: &str) -> ApiResult<Vec<Version>> {
    let id = parse_id(id, "recipe.notFound")?;
    let group = db::recipes::group_of(&state.pool, id)
        .await?
        .ok_or_else(not_found)?;
    Ok(db::recipes::versions(&state.pool, group).await?)
}

/// The newest version of the recipe `id` names (any of its versions, or its group).
#[utoipa::path(get, path = "/api/latestrecipe/{id}", tag = "recipes",
    params(("id" = String, Path, description = "a version's or a recipe group's `_id`")),
    responses((status = 200, body = Envelope<RecipeRecord>), (status = 404)))]
pub async fn latest(
    State(s): State<AppState>,
    lang: RequestLang,
    Path(id): Path<String>,
) -> Answer<RecipeRecord> {
    let versions = versions_of(&s, &id).await?;
    let newest = versions.first().ok_or_else(not_found)?;
    Ok(Json(Envelope::data(
        records(&s, std::slice::from_ref(newest), lang)
            .await?
            .remove(0),
    )))
}

/// Every version of the recipe `id` names, newest first; old versions stay readable forever.
#[utoipa::path(get, path = "/api/allrecipeversions/{id}", tag = "recipes",
    params(("id" = String, Path, description = "a version's or a recipe group's `_id`")),
    responses((status = 200, body = Envelope<Vec<RecipeRecord>>), (status = 404)))]
pub async fn all_versions(
    State(s): State<AppState>,
    lang: RequestLang,
    Path(id): Path<String>,
) -> Answer<Vec<RecipeRecord>> {
    let versions = versions_of(&s, &id).await?;
    Ok(Json(Envelope::data(records(&s, &versions, lang).await?)))
}

/// The installation's release levels in order; the last is production.
#[utoipa::path(get, path = "/api/recipes/releaselevels", tag = "recipes",
    responses((status = 200, body = Envelope<Vec<LevelRecord>>)))]
pub async fn levels(State(s): State<AppState>, lang: RequestLang) -> Answer<Vec<LevelRecord>> {
    let levels = db::recipes::levels(&s.pool).await?;
    Ok(Json(Envelope::data(level_records(&levels, lang))))
}

/// One entry of a version's history.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryRecord {
    pub at: DateTime<Utc>,
    pub actor: Option<String>,
    /// created, updated, validated, released, reverted, replaced, versionCreated, savedAs, deleted.
    pub action: String,
    #[schema(value_type = Option<Object>)]
    pub before: Option<Value>,
    #[schema(value_type = Option<Object>)]
    pub after: Option<Value>,
    #[schema(value_type = Option<Object>)]
    pub detail: Option<Value>,
}

/// Who changed, released or reverted this version, when, with before and after.
#[utoipa::path(get, path = "/api/recipes/{id}/history", tag = "recipes",
    params(("id" = String, Path, description = "a recipe version's `_id`")),
    responses((status = 200, body = Envelope<Vec<HistoryRecord>>), (status = 404)))]
pub async fn history(
    State(s): State<AppState>,
    Path(id): Path<String>,
) -> Answer<Vec<HistoryRecord>> {
    let id = parse_id(&id, "recipe.notFound")?;
    db::recipes::version(&s.pool, id)
        .await?
        .ok_or_else(not_found)?;
    let entries = db::recipes::history(&s.pool, id).await?;
    Ok(Json(Envelope::data(
        entries
            .into_iter()
            .map(|e| HistoryRecord {
                at: e.at,
                actor: e.actor,
                action: e.action,
                before: e.before,
                after: e.after,
                detail: e.detail,
            })
            .collect(),
    )))
}

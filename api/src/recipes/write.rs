//! The writing calls on whole recipes: add (a new recipe, version 1), edit (an unlocked
//! version), delete (a recipe with all its versions, soft) and a new version copied from any
//! version. Each is a command of `app::recipes`; this is its HTTP edge.

use axum::Json;
use axum::extract::{Path, State};
use model::Envelope;
use serde::Deserialize;
use utoipa::ToSchema;

use super::handlers::one;
use super::record::{RecipeInput, RecipeRecord};
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::ApiResult;
use crate::extract::{Body, parse_id};
use crate::i18n_layer::RequestLang;

type Answer = ApiResult<Json<Envelope<RecipeRecord>>>;

/// The version a command wrote, with the message saying what it did.
pub async fn answer(s: &AppState, done: app::Done, lang: RequestLang) -> Answer {
    let record = one(s, done.id, lang).await?;
    Ok(Json(
        Envelope::data(record).with_message(lang.text(&done.msg)),
    ))
}

/// A new recipe: its line and code, and version 1 as a draft (steps optional).
#[utoipa::path(post, path = "/api/recipes/add", tag = "recipes", request_body = RecipeInput,
    responses((status = 200, body = Envelope<RecipeRecord>), (status = 400), (status = 409)))]
pub async fn add(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(input): Body<RecipeInput>,
) -> Answer {
    let done = app::recipes::create(&s.app, user.email(), input).await?;
    answer(&s, done, lang).await
}

/// Changes an unlocked version: the document sent back whole (item lists left out are kept).
/// A released version answers 409, as does an edit whose `updatedAt` is not the version's.
#[utoipa::path(post, path = "/api/recipes/edit/{id}", tag = "recipes", request_body = RecipeInput,
    params(("id" = String, Path, description = "a recipe version's `_id`")),
    responses((status = 200, body = Envelope<RecipeRecord>), (status = 400), (status = 404), (status = 409)))]
pub async fn edit(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Path(id): Path<String>,
    Body(input): Body<RecipeInput>,
) -> Answer {
    let id = parse_id(&id, "recipe.notFound")?;
    let done = app::recipes::edit(&s.app, user.email(), id, input).await?;
    answer(&s, done, lang).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteGroup {
    /// A version's or the recipe group's `_id`.
    pub id: String,
    /// Ignored: the signed-in user is recorded.
    #[allow(dead_code)]
    pub deleted_by: Option<String>,
}

/// Deletes a recipe with all its versions (soft, audited). Refused (409) while a version holds
/// a release level, a batch of it is running or an order of it is not finished.
#[utoipa::path(post, path = "/api/recipes/deleterecipegroup", tag = "recipes", request_body = DeleteGroup,
    responses((status = 200, body = crate::Ack), (status = 404), (status = 409)))]
pub async fn delete_group(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(body): Body<DeleteGroup>,
) -> ApiResult<Json<Envelope<()>>> {
    let id = parse_id(&body.id, "recipe.notFound")?;
    let done = app::recipes::delete_group(&s.app, user.email(), id).await?;
    Ok(Json(Envelope::ok(lang.text(&done.msg))))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionOf {
    /// The version to copy.
    pub id: String,
}

/// Copies a version into the next number of its recipe, as a draft (the way to change a
/// released recipe).
#[utoipa::path(post, path = "/api/recipes/createnewrecipeverison", tag = "recipes", request_body = VersionOf,
    responses((status = 200, body = Envelope<RecipeRecord>), (status = 404), (status = 409)))]
pub async fn new_version(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(body): Body<VersionOf>,
) -> Answer {
    let id = parse_id(&body.id, "recipe.notFound")?;
    let done = app::recipes::new_version(&s.app, user.email(), id).await?;
    answer(&s, done, lang).await
}

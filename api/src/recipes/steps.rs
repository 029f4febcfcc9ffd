//! The step calls (§7 Recipe steps) for `recipeweighings` (`weighingItems`), `recipemixings`
//! (`mixingItems`) and `recipemiscellaneous` (a flat body): read, add, edit, delete and
//! validate one step list of a version. Each change goes through the same checks and audit as
//! a whole-recipe edit, and a released version answers 409.
//!
//! The ids: `edit/{id}` takes the recipe version's `_id` (the step list is sent whole, or one
//! scale's weighing items with `scaleId`, or one miscellaneous value by its parameter);
//! `delete` takes `{id: recipe, scaleId}` for weighings (a scale's items, or one with
//! `itemId`), `{id: item, recipeId}` for mixings and `{id: item}` for miscellaneous values.

use axum::Json;
use model::recipe::check::{Scope, check};
use model::recipe::{Content, MiscellaneousItem, MixingItem, WeighingItem};
use model::{AccessRule, Envelope, Msg};
use serde::{Deserialize, Serialize};

use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use super::handlers::not_found;
use super::record::problem_text;
use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::error::ApiResult;
use crate::extract::parse_id;
use crate::i18n_layer::RequestLang;
use app::recipes::load_plant as load;

mod calls;

pub fn router() -> OpenApiRouter<AppState> {
    use calls::*;
    let read = |r| guarded(AccessRule::RECIPE_READ, r);
    let update = |r| guarded(AccessRule::RECIPE_UPDATE, r);
    OpenApiRouter::new()
        .routes(read(routes!(weighings_get)))
        .routes(update(routes!(weighings_add)))
        .routes(update(routes!(weighings_edit)))
        .routes(update(routes!(weighings_delete)))
        .routes(read(routes!(weighings_validate)))
        .routes(read(routes!(mixings_get)))
        .routes(update(routes!(mixings_add)))
        .routes(update(routes!(mixings_edit)))
        .routes(update(routes!(mixings_delete)))
        .routes(read(routes!(mixings_validate)))
        .routes(read(routes!(miscellaneous_get)))
        .routes(update(routes!(miscellaneous_add)))
        .routes(update(routes!(miscellaneous_edit)))
        .routes(update(routes!(miscellaneous_delete)))
        .routes(read(routes!(miscellaneous_validate)))
}

/// One step list of a document.
pub use app::recipes::Step as Kind;

/// The items of one step list, as the step calls answer them (each call documents its own
/// list type: an untagged union of three lists whose fields are all optional would match more
/// than one of them).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Items {
    Weighing(Vec<WeighingItem>),
    Mixing(Vec<MixingItem>),
    Miscellaneous(Vec<MiscellaneousItem>),
}

fn items(kind: Kind, c: Content) -> Items {
    match kind {
        Kind::Weighing => Items::Weighing(c.weighing_items),
        Kind::Mixing => Items::Mixing(c.mixing_items),
        Kind::Miscellaneous => Items::Miscellaneous(c.miscellaneous_items),
    }
}

/// The stored document of version `id`.
pub async fn read(state: &AppState, id: &str, kind: Kind) -> ApiResult<Json<Envelope<Items>>> {
    let id = parse_id(id, "recipe.notFound")?;
    let v = db::recipes::version(&state.pool, id)
        .await?
        .ok_or_else(not_found)?;
    Ok(Json(Envelope::data(items(kind, v.content()))))
}

/// Applies `change` to the step list `kind` of version `id` (`app::recipes::change_step`);
/// answers the step's items.
pub async fn change(
    state: &AppState,
    user: &AuthUser,
    lang: RequestLang,
    id: Uuid,
    kind: Kind,
    change: impl FnOnce(&mut Content) -> app::Result<()>,
) -> ApiResult<Json<Envelope<Items>>> {
    let (content, msg) =
        app::recipes::change_step(&state.app, user.email(), id, kind, change).await?;
    Ok(Json(
        Envelope::data(items(kind, content)).with_message(lang.text(&msg)),
    ))
}

/// A problem as answered by a validation.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProblemRecord {
    /// `weighingItems[2].tolerance`, `batchSizeKg`, …
    pub field: String,
    /// The item, e.g. "Weighing 3 (CORN)".
    pub item: Option<String>,
    /// The whole problem in the request's language, naming the item.
    pub message: String,
    /// A save is refused over it, not only a release.
    pub blocking: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Validation {
    /// This step has no problem.
    pub valid: bool,
    /// The whole recipe has no problem (it can be released).
    pub recipe_valid: bool,
    pub problems: Vec<ProblemRecord>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecipeRef {
    /// The recipe version's `_id`.
    pub recipe_id: String,
    /// The editor's document not yet saved (as `edit` takes it): checked instead of the saved
    /// version, which stays as it is (Validate never saves).
    pub document: Option<super::record::RecipeInput>,
}

/// Checks one step of version `recipeId` — or of the unsaved `document` sent with it — and
/// marks the saved version validated when the whole recipe passes.
pub async fn validate(
    state: &AppState,
    lang: RequestLang,
    body: RecipeRef,
    kind: Kind,
) -> ApiResult<Json<Envelope<Validation>>> {
    let id = parse_id(&body.recipe_id, "recipe.notFound")?;
    let mut conn = state.pool.acquire().await?;
    let v = db::recipes::version(&mut *conn, id)
        .await?
        .ok_or_else(not_found)?;
    let plant = load(&mut conn, v.line_id).await?;
    let saved = body.document.is_none();
    let content = match body.document {
        Some(d) => d.apply(Some(v.content())),
        None => v.content(),
    };
    let all = check(&content, &plant, Scope::All);
    // The step's problems are those of the full check that lie in its list.
    let step: Vec<_> = all
        .iter()
        .filter(|p| p.field.starts_with(kind.name()))
        .collect();
    if saved && v.locked_at.is_none() && all.is_empty() != v.validated_at.is_some() {
        db::recipes::set_validated(&mut *conn, id, all.is_empty()).await?;
    }
    let problems = step
        .into_iter()
        .map(|p| ProblemRecord {
            field: p.field.clone(),
            item: p.item.as_ref().map(|i| lang.text(i)),
            message: problem_text(lang, p),
            blocking: p.blocking,
        })
        .collect::<Vec<_>>();
    let msg = if problems.is_empty() {
        Msg::new("recipe.valid")
    } else {
        Msg::new("recipe.invalid").arg("count", problems.len())
    };
    Ok(Json(
        Envelope::data(Validation {
            valid: problems.is_empty(),
            recipe_valid: all.is_empty(),
            problems,
        })
        .with_message(lang.text(&msg)),
    ))
}

pub(super) fn item_missing() -> app::Error {
    app::Error::NotFound(Msg::new("recipe.itemMissing"))
}

pub(super) fn recipe_id(raw: &str) -> ApiResult<Uuid> {
    parse_id(raw, "recipe.notFound")
}

pub(super) type StepAnswer = ApiResult<Json<Envelope<Items>>>;

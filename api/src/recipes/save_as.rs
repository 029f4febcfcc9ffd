//! `PUT /api/recipes/{id}/saveAs`: a version copied into a new recipe (new code and name), on
//! the same line or another, by `app::recipes::save_as`.

use axum::Json;
use axum::extract::{Path, State};
use model::Envelope;

use super::record::RecipeRecord;
use super::write::answer;
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::ApiResult;
use crate::extract::{Body, parse_id};
use crate::i18n_layer::RequestLang;

pub use app::recipes::SaveAs;

/// Copies a version into a new recipe (version 1, a draft) on the same or another line.
#[utoipa::path(put, path = "/api/recipes/{id}/saveAs", tag = "recipes", request_body = SaveAs,
    params(("id" = String, Path, description = "the recipe version to copy")),
    responses((status = 200, body = Envelope<RecipeRecord>), (status = 400), (status = 404), (status = 409)))]
pub async fn save_as(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Path(id): Path<String>,
    Body(b): Body<SaveAs>,
) -> ApiResult<Json<Envelope<RecipeRecord>>> {
    let id = parse_id(&id, "recipe.notFound")?;
    let done = app::recipes::save_as(&s.app, user.email(), id, b).await?;
    answer(&s, done, lang).await
}

//! `PUT /api/recipes/{id}/saveAs`: a version copied into a new recipe (new code and name), on
//! the same line or another. On another line every record the recipe names is matched by code;
//! anything missing there is reported field by field and nothing is written.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use db::recipes::NewVersion;
use model::recipe::check::Scope;
use model::recipe::transfer::transfer;
use model::{Envelope, Msg};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;
use uuid::Uuid;

use super::handlers::{not_found, one};
use super::plant::load;
use super::record::{RecipeRecord, problem_map};
use super::write::{audit, checked_code, code_taken, refuse_blocking};
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, parse_id};
use crate::i18n_layer::RequestLang;
use crate::plant::entity;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveAs {
    /// The target line; the version's own line when omitted.
    pub line_id: Option<String>,
    pub code: Option<String>,
    pub name: Option<String>,
    pub description: Option<String>,
}

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
    let mut tx = s.pool.begin().await?;
    let v = db::recipes::version(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    let mut errors = BTreeMap::new();
    let target = match b
        .line_id
        .as_deref()
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        None => Some(v.line_id),
        Some(raw) => match Uuid::parse_str(raw) {
            Ok(line)
                if db::config::get(&mut *tx, entity("lines"), line)
                    .await?
                    .is_some() =>
            {
                Some(line)
            }
            _ => None,
        },
    };
    let Some(target) = target else {
        return Err(ApiError::field("lineId", Msg::new("config.lineNotFound")));
    };
    let code = checked_code(b.code.as_deref(), &mut errors);
    let name = b.name.as_deref().unwrap_or_default().trim().to_string();
    if name.is_empty() {
        errors.insert("name".to_string(), Msg::new("validation.required"));
    }
    let mut content = v.content();
    if target != v.line_id {
        let from = load(&mut tx, v.line_id).await?;
        let to = load(&mut tx, target).await?;
        match transfer(&content, &from, &to) {
            Ok(moved) => content = moved,
            Err(problems) => errors.extend(problem_map(lang, &problems)),
        }
    }
    content.name = name;
    if b.description.is_some() {
        content.description = b.description;
    }
    content.normalise();
    refuse_blocking(&mut tx, target, &content, Scope::All, lang, errors).await?;
    let group = db::recipes::insert_group(&mut *tx, target, &code, user.email())
        .await
        .map_err(code_taken)?;
    let new = NewVersion {
        group,
        version: 1,
        content: &content,
        copied_from: Some(v.id),
        saved_from: Some(v.id),
    };
    let new_id = db::recipes::insert_version(&mut *tx, new, user.email()).await?;
    let detail =
        json!({"savedFromId": v.id, "savedFromCode": v.code, "savedFromVersion": v.version});
    audit(
        &mut tx,
        user.email(),
        "savedAs",
        new_id,
        None,
        Some(&content),
        Some(detail),
    )
    .await?;
    tx.commit().await?;
    let record = one(&s, new_id, lang).await?;
    let msg = Msg::new("recipe.savedAs").arg("code", &record.code);
    Ok(Json(Envelope::data(record).with_message(lang.text(&msg))))
}

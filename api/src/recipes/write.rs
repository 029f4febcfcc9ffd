//! The writing calls on whole recipes: add (a new recipe, version 1), edit (an unlocked
//! version), delete (a recipe with all its versions, soft) and a new version copied from any
//! version. Every change is audited with the document before and after.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use db::DbError;
use db::recipes::{NewVersion, Version};
use model::recipe::Content;
use model::recipe::check::{Scope, check, code_ok};
use model::{Envelope, Msg};
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::PgConnection;
use utoipa::ToSchema;
use uuid::Uuid;

use super::handlers::{not_found, one};
use super::plant::load;
use super::record::{RecipeInput, RecipeRecord, problem_map};
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, parse_id};
use crate::i18n_layer::RequestLang;
use crate::plant::entity;

type Answer = ApiResult<Json<Envelope<RecipeRecord>>>;

/// Writes an audit entry of the version `id`.
pub async fn audit(
    db: &mut PgConnection,
    actor: &str,
    action: &str,
    id: Uuid,
    before: Option<&Content>,
    after: Option<&Content>,
    detail: Option<Value>,
) -> ApiResult<()> {
    db::audit::write(
        db,
        db::audit::Entry {
            actor: Some(actor),
            action,
            entity: "recipe",
            entity_id: Some(id.to_string()),
            before: before.map(|c| json!(c)),
            after: after.map(|c| json!(c)),
            detail,
        },
    )
    .await?;
    Ok(())
}

/// 400 with every save-blocking problem of `content` on `line` within `scope`, plus `extra`
/// field errors.
pub async fn refuse_blocking(
    db: &mut PgConnection,
    line: Uuid,
    content: &Content,
    scope: Scope,
    lang: RequestLang,
    mut extra: BTreeMap<String, Msg>,
) -> ApiResult<()> {
    let plant = load(db, line).await?;
    let problems: Vec<_> = check(content, &plant, scope)
        .into_iter()
        .filter(|p| p.blocking)
        .collect();
    for (field, msg) in problem_map(lang, &problems) {
        extra.entry(field).or_insert(msg);
    }
    if extra.is_empty() {
        Ok(())
    } else {
        Err(ApiError::Validation(extra))
    }
}

/// Creates a recipe (version 1) from `input`, through the checks of `POST /api/recipes/add`.
pub async fn create(
    state: &AppState,
    actor: &str,
    input: RecipeInput,
    lang: RequestLang,
) -> ApiResult<RecipeRecord> {
    let mut errors = BTreeMap::new();
    let line = match input.line_id.as_deref().map(str::trim) {
        None | Some("") => {
            errors.insert("lineId".to_string(), Msg::new("config.lineRequired"));
            None
        }
        Some(raw) => Uuid::parse_str(raw).ok(),
    };
    let mut tx = state.pool.begin().await?;
    let line = match line {
        Some(id)
            if db::config::get(&mut *tx, entity("lines"), id)
                .await?
                .is_some() =>
        {
            id
        }
        _ => {
            errors
                .entry("lineId".into())
                .or_insert(Msg::new("config.lineNotFound"));
            Uuid::nil()
        }
    };
    let code = checked_code(input.code.as_deref(), &mut errors);
    let content = input.apply(None);
    refuse_blocking(&mut tx, line, &content, Scope::All, lang, errors).await?;
    let group = db::recipes::insert_group(&mut *tx, line, &code, actor)
        .await
        .map_err(code_taken)?;
    let new = NewVersion {
        group,
        version: 1,
        content: &content,
        copied_from: None,
        saved_from: None,
    };
    let id = db::recipes::insert_version(&mut *tx, new, actor).await?;
    audit(&mut tx, actor, "created", id, None, Some(&content), None).await?;
    tx.commit().await?;
    one(state, id, lang).await
}

/// The trimmed code; a missing or malformed one is noted in `errors`.
pub fn checked_code(raw: Option<&str>, errors: &mut BTreeMap<String, Msg>) -> String {
    let code = raw.unwrap_or_default().trim().to_string();
    if code.is_empty() {
        errors.insert("code".into(), Msg::new("validation.required"));
    } else if !code_ok(&code) {
        errors.insert("code".into(), Msg::new("validation.code"));
    }
    code
}

/// A taken code as the 409 on `code`.
pub fn code_taken(e: DbError) -> ApiError {
    match e {
        DbError::Conflict(_) => ApiError::Conflict {
            field: Some("code"),
            msg: Msg::new("recipe.codeTaken"),
        },
        other => other.into(),
    }
}

/// 409 when `v` is locked: a released version never changes; a new version is the way.
pub fn refuse_locked(v: &Version) -> ApiResult<()> {
    match v.locked_at {
        Some(_) => Err(ApiError::Conflict {
            field: None,
            msg: Msg::new("recipe.locked")
                .arg("version", v.version)
                .arg("code", &v.code),
        }),
        None => Ok(()),
    }
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
    let record = create(&s, user.email(), input, lang).await?;
    let msg = Msg::new("recipe.created").arg("code", &record.code);
    Ok(Json(Envelope::data(record).with_message(lang.text(&msg))))
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
    let started = crate::stale::started_from(input.updated_at.as_deref())?;
    let mut tx = s.pool.begin().await?;
    let v = db::recipes::version_for_update(&mut tx, id)
        .await?
        .ok_or_else(not_found)?;
    refuse_locked(&v)?;
    let saved = crate::stale::Saved {
        at: v.updated_at,
        by: v.updated_by.as_deref(),
        line: Some(v.line_id),
    };
    crate::stale::refuse_stale(&mut tx, started, saved).await?;
    let mut errors = BTreeMap::new();
    if input
        .line_id
        .as_deref()
        .is_some_and(|l| l.trim() != v.line_id.to_string())
    {
        errors.insert("lineId".to_string(), Msg::new("recipe.codeFixed"));
    }
    if input
        .code
        .as_deref()
        .is_some_and(|c| !c.trim().eq_ignore_ascii_case(&v.code))
    {
        errors.insert("code".to_string(), Msg::new("recipe.codeFixed"));
    }
    let before = v.content();
    let content = input.apply(Some(before.clone()));
    refuse_blocking(&mut tx, v.line_id, &content, Scope::All, lang, errors).await?;
    db::recipes::update_version(&mut *tx, id, &content, user.email()).await?;
    audit(
        &mut tx,
        user.email(),
        "updated",
        id,
        Some(&before),
        Some(&content),
        None,
    )
    .await?;
    tx.commit().await?;
    let msg = Msg::new("recipe.updated")
        .arg("code", &v.code)
        .arg("version", v.version);
    Ok(Json(
        Envelope::data(one(&s, id, lang).await?).with_message(lang.text(&msg)),
    ))
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
    let mut tx = s.pool.begin().await?;
    let group = db::recipes::group_of(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    let versions = db::recipes::versions(&mut *tx, group).await?;
    let ids: Vec<Uuid> = versions.iter().map(|v| v.id).collect();
    let code = versions.first().map(|v| v.code.clone()).unwrap_or_default();
    if let Some(batch) = db::recipes::running_batches(&mut *tx, &ids).await?.first() {
        return Err(ApiError::Conflict {
            field: None,
            msg: Msg::new("recipe.inUse")
                .arg("code", &code)
                .arg("batch", batch),
        });
    }
    if let Some(order) = db::schedules::unfinished_of_recipes(&mut *tx, &[group])
        .await?
        .first()
    {
        return Err(ApiError::Conflict {
            field: None,
            msg: Msg::new("recipe.scheduled")
                .arg("code", &code)
                .arg("order", order),
        });
    }
    // A recipe released to a level is withdrawn (its release reverted) before it is deleted.
    if let Some(level) = db::recipes::held_levels(&mut *tx, group).await?.last() {
        return Err(ApiError::Conflict {
            field: None,
            msg: Msg::new("recipe.deleteReleased")
                .arg("code", &code)
                .arg("level", level.to_string()),
        });
    }
    db::recipes::delete_group(&mut *tx, group, user.email()).await?;
    for v in &versions {
        audit(
            &mut tx,
            user.email(),
            "deleted",
            v.id,
            Some(&v.content()),
            None,
            Some(json!({"recipeGroupId": group})),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(Json(Envelope::ok(
        lang.text(&Msg::new("recipe.deleted").arg("code", code)),
    )))
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
    let mut tx = s.pool.begin().await?;
    let v = db::recipes::version(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    let content = v.content();
    let new = NewVersion {
        group: v.recipe_group_id,
        version: v.latest_version + 1,
        content: &content,
        copied_from: Some(v.id),
        saved_from: None,
    };
    let new_id = db::recipes::insert_version(&mut *tx, new, user.email())
        .await
        .map_err(|e| match e {
            DbError::Conflict(_) => ApiError::Conflict {
                field: None,
                msg: Msg::new("recipe.versionRace"),
            },
            other => other.into(),
        })?;
    let detail = json!({"copiedFromId": v.id, "copiedFromVersion": v.version});
    audit(
        &mut tx,
        user.email(),
        "versionCreated",
        new_id,
        None,
        Some(&content),
        Some(detail),
    )
    .await?;
    tx.commit().await?;
    let record = one(&s, new_id, lang).await?;
    let msg = Msg::new("recipe.versionCreated")
        .arg("code", &v.code)
        .arg("version", record.version);
    Ok(Json(Envelope::data(record).with_message(lang.text(&msg))))
}

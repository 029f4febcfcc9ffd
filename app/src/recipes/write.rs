//! A recipe's add, the edit of an unlocked version, a new version and the delete of a recipe
//! with its versions.

use std::collections::BTreeMap;

use db::DbError;
use db::recipes::NewVersion;
use model::Msg;
use model::recipe::Content;
use model::recipe::check::Scope;
use serde_json::json;
use sqlx::PgConnection;
use uuid::Uuid;

use super::{
    RecipeInput, audit, checked_code, code_taken, not_found, refuse_blocking, refuse_locked,
};
use crate::plant::entity;
use crate::{App, Done, Error, Result};

/// A new recipe `code` on `line` with `content` as its version 1 (saved from version `from`,
/// if any); a taken code is a conflict on `code`. The version's id.
pub(super) async fn insert_recipe(
    tx: &mut PgConnection,
    line: Uuid,
    code: &str,
    content: &Content,
    from: Option<Uuid>,
    actor: &str,
) -> Result<Uuid> {
    let group = db::recipes::insert_group(&mut *tx, line, code, actor)
        .await
        .map_err(code_taken)?;
    let new = NewVersion {
        group,
        version: 1,
        content,
        copied_from: from,
        saved_from: from,
    };
    Ok(db::recipes::insert_version(&mut *tx, new, actor).await?)
}

/// Creates a recipe (version 1) from `input` as `actor`.
pub async fn create(app: &App, actor: &str, input: RecipeInput) -> Result<Done> {
    let mut errors = BTreeMap::new();
    let line = match input.line_id.as_deref().map(str::trim) {
        None | Some("") => {
            errors.insert("lineId".to_string(), Msg::new("config.lineRequired"));
            None
        }
        Some(raw) => Uuid::parse_str(raw).ok(),
    };
    let mut tx = app.pool.begin().await?;
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
    refuse_blocking(&mut tx, line, &content, Scope::All, errors).await?;
    let id = insert_recipe(&mut tx, line, &code, &content, None, actor).await?;
    audit(&mut tx, actor, "created", id, None, Some(&content), None).await?;
    tx.commit().await?;
    Ok(Done::new(id, Msg::new("recipe.created").arg("code", code)))
}

/// Changes the unlocked version `id`: the document sent back whole (item lists left out are
/// kept). A released version is a conflict, as is an edit whose `updatedAt` is not the
/// version's.
pub async fn edit(app: &App, actor: &str, id: Uuid, input: RecipeInput) -> Result<Done> {
    let started = crate::stale::started_from(input.updated_at.as_deref())?;
    let mut tx = app.pool.begin().await?;
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
    refuse_blocking(&mut tx, v.line_id, &content, Scope::All, errors).await?;
    db::recipes::update_version(&mut *tx, id, &content, actor).await?;
    audit(
        &mut tx,
        actor,
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
    Ok(Done::new(id, msg))
}

/// Deletes the recipe of version or group `id` with all its versions (soft, audited). A
/// conflict while a version holds a release level, a batch of it is running or an order of it
/// is not finished.
pub async fn delete_group(app: &App, actor: &str, id: Uuid) -> Result<Done> {
    let mut tx = app.pool.begin().await?;
    let group = db::recipes::group_of(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    let versions = db::recipes::versions(&mut *tx, group).await?;
    let ids: Vec<Uuid> = versions.iter().map(|v| v.id).collect();
    let code = versions.first().map(|v| v.code.clone()).unwrap_or_default();
    if let Some(batch) = db::recipes::running_batches(&mut *tx, &ids).await?.first() {
        return Err(Error::conflict(
            Msg::new("recipe.inUse")
                .arg("code", &code)
                .arg("batch", batch),
        ));
    }
    if let Some(order) = db::schedules::unfinished_of_recipes(&mut *tx, &[group])
        .await?
        .first()
    {
        return Err(Error::conflict(
            Msg::new("recipe.scheduled")
                .arg("code", &code)
                .arg("order", order),
        ));
    }
    // A recipe released to a level is withdrawn (its release reverted) before it is deleted.
    if let Some(level) = db::recipes::held_levels(&mut *tx, group).await?.last() {
        return Err(Error::conflict(
            Msg::new("recipe.deleteReleased")
                .arg("code", &code)
                .arg("level", level.to_string()),
        ));
    }
    db::recipes::delete_group(&mut *tx, group, actor).await?;
    for v in &versions {
        audit(
            &mut tx,
            actor,
            "deleted",
            v.id,
            Some(&v.content()),
            None,
            Some(json!({"recipeGroupId": group})),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(Done::new(
        group,
        Msg::new("recipe.deleted").arg("code", code),
    ))
}

/// Copies version `id` into the next number of its recipe, as a draft (the way to change a
/// released recipe).
pub async fn new_version(app: &App, actor: &str, id: Uuid) -> Result<Done> {
    let mut tx = app.pool.begin().await?;
    let v = db::recipes::version(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    let content = v.content();
    let number = v.latest_version + 1;
    let new = NewVersion {
        group: v.recipe_group_id,
        version: number,
        content: &content,
        copied_from: Some(v.id),
        saved_from: None,
    };
    let new_id = db::recipes::insert_version(&mut *tx, new, actor)
        .await
        .map_err(|e| match e {
            DbError::Conflict(_) => Error::conflict(Msg::new("recipe.versionRace")),
            other => other.into(),
        })?;
    let detail = json!({"copiedFromId": v.id, "copiedFromVersion": v.version});
    audit(
        &mut tx,
        actor,
        "versionCreated",
        new_id,
        None,
        Some(&content),
        Some(detail),
    )
    .await?;
    tx.commit().await?;
    let msg = Msg::new("recipe.versionCreated")
        .arg("code", &v.code)
        .arg("version", number);
    Ok(Done::new(new_id, msg))
}

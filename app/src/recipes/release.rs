//! The release levels: a version released to a level after every check, and a level taken
//! back.

use db::DbError;
use db::recipes::{Level, Version};
use model::Msg;
use model::recipe::check::{Scope, check};
use serde_json::json;
use sqlx::PgConnection;
use uuid::Uuid;

use super::{audit, level_msg, load_plant, not_found, problem_map};
use crate::signatures::{Signer, Signing, sign};
use crate::{App, Done, Error, Result};
use model::signature::Purpose;

/// The version `id` (locked for the change) and the level `level`, both existing.
async fn version_and_level(
    tx: &mut PgConnection,
    id: Uuid,
    level: i32,
) -> Result<(Version, Level, Vec<Level>)> {
    let levels = db::recipes::levels(&mut *tx).await?;
    let found = levels
        .iter()
        .find(|l| l.level == level)
        .cloned()
        .ok_or_else(|| {
            Error::field("level", Msg::new("recipe.levelMissing").arg("level", level))
        })?;
    // Locked: an edit committing between the checks and the lock would release content
    // nobody checked.
    let v = db::recipes::version_for_update(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    Ok((v, found, levels))
}

/// Releases version `id` to `level` as `actor`: it must hold the level below, and pass every
/// check (invalid, listing the problems, otherwise). The version that held the level loses it.
/// The production level (the highest) is signed by `signer` (issue 35): 403 without one.
pub async fn release(
    app: &App,
    actor: &str,
    id: Uuid,
    level: i32,
    signer: Option<&Signer>,
) -> Result<Done> {
    let mut tx = app.pool.begin().await?;
    let (v, level, levels) = version_and_level(&mut tx, id, level).await?;
    let name = level_msg(&level.code, &level.name);
    let held = db::recipes::releases(&mut *tx, &[v.recipe_group_id]).await?;
    let held: Vec<_> = held.into_iter().filter(|r| r.ended_at.is_none()).collect();
    if held
        .iter()
        .any(|r| r.recipe_id == v.id && r.level == level.level)
    {
        return Err(Error::conflict(
            Msg::new("recipe.levelHeld")
                .arg("version", v.version)
                .arg_msg("level", name),
        ));
    }
    if let Some(below) = levels.iter().rev().find(|l| l.level < level.level)
        && !held
            .iter()
            .any(|r| r.recipe_id == v.id && r.level == below.level)
    {
        let msg = Msg::new("recipe.levelOrder")
            .arg("version", v.version)
            .arg_msg("below", level_msg(&below.code, &below.name))
            .arg_msg("level", name);
        return Err(Error::conflict(msg));
    }
    let plant = load_plant(&mut tx, v.line_id).await?;
    let problems = check(&v.content(), &plant, Scope::All);
    if !problems.is_empty() {
        return Err(Error::Invalid(problem_map(&problems)));
    }

    let production = levels.iter().map(|l| l.level).max() == Some(level.level);
    if production || signer.is_some() {
        let what = Signing {
            entity: "recipe",
            entity_id: v.id,
            line: v.line_id,
            purpose: Purpose::RecipeRelease,
            level: Some(level.level),
            last_editor: v.updated_by.as_deref().or(v.created_by.as_deref()),
        };
        let required = Msg::new("signature.requiredRecipe").arg_msg("level", name.clone());
        sign(&mut tx, what, signer, required).await?;
    }
    let replaced = held
        .iter()
        .find(|r| r.level == level.level)
        .map(|r| r.recipe_id);
    if let Some(old) = replaced {
        db::recipes::end_releases(
            &mut *tx,
            v.recipe_group_id,
            Some(old),
            level.level,
            false,
            "REPLACED",
            actor,
        )
        .await?;
        audit(
            &mut tx,
            actor,
            "replaced",
            old,
            None,
            None,
            Some(json!({"level": level.level, "byRecipeId": v.id})),
        )
        .await?;
    }
    db::recipes::insert_release(&mut *tx, &v, level.level, replaced, actor)
        .await
        .map_err(|e| match e {
            // Another release of this group took the level at the same moment.
            DbError::Conflict(_) => Error::conflict(Msg::new("recipe.versionRace")),
            other => other.into(),
        })?;
    db::recipes::lock(&mut *tx, v.id).await?;
    db::recipes::set_validated(&mut *tx, v.id, true).await?;
    let detail = json!({"level": level.level, "replacedRecipeId": replaced});
    audit(&mut tx, actor, "released", v.id, None, None, Some(detail)).await?;
    tx.commit().await?;
    let msg = Msg::new("recipe.released")
        .arg("code", &v.code)
        .arg("version", v.version)
        .arg_msg("level", name);
    Ok(Done::new(v.id, msg))
}

/// Takes `level`, and every higher level, back from version `id`. The version stays locked.
pub async fn revert(app: &App, actor: &str, id: Uuid, level: i32) -> Result<Done> {
    let mut tx = app.pool.begin().await?;
    let (v, level, _) = version_and_level(&mut tx, id, level).await?;
    let name = level_msg(&level.code, &level.name);
    let ended = db::recipes::end_releases(
        &mut *tx,
        v.recipe_group_id,
        Some(v.id),
        level.level,
        true,
        "REVERTED",
        actor,
    )
    .await?;
    if !ended.iter().any(|(_, l)| *l == level.level) {
        tx.rollback().await?;
        return Err(Error::conflict(
            Msg::new("recipe.levelNotHeld")
                .arg("version", v.version)
                .arg_msg("level", name),
        ));
    }
    let levels: Vec<i32> = ended.iter().map(|(_, l)| *l).collect();
    audit(
        &mut tx,
        actor,
        "reverted",
        v.id,
        None,
        None,
        Some(json!({"levels": levels})),
    )
    .await?;
    tx.commit().await?;
    let msg = Msg::new("recipe.reverted")
        .arg("code", &v.code)
        .arg("version", v.version)
        .arg_msg("level", name);
    Ok(Done::new(v.id, msg))
}

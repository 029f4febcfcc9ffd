//! Release levels: a version is released level by level, each time after a full validation;
//! a level moves from the version holding it to the one released, recording which it replaced;
//! reverting a level takes that level and every higher one back. And the comparison of two
//! versions, which the release dialog shows against the version holding the level now.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use db::recipes::{Level, Version};
use model::recipe::check::{Scope, check};
use model::recipe::diff::{Diff, diff as compare};
use model::{Envelope, Msg};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::handlers::{not_found, one};
use super::plant::load;
use super::record::{RecipeRecord, level_name, problem_map};
use super::write::audit;
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, Query, parse_id};
use crate::i18n_layer::RequestLang;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LevelChange {
    /// The recipe version's `_id`.
    pub id: String,
    /// The release level (`level` of `GET /api/recipes/releaselevels`).
    pub level: i32,
}

fn conflict(msg: Msg) -> ApiError {
    ApiError::Conflict { field: None, msg }
}

/// The version `id` and the level `level`, both existing.
async fn version_and_level(
    tx: &mut sqlx::PgConnection,
    body: &LevelChange,
) -> ApiResult<(Version, Level, Vec<Level>)> {
    let id = parse_id(&body.id, "recipe.notFound")?;
    let levels = db::recipes::levels(&mut *tx).await?;
    let level = levels
        .iter()
        .find(|l| l.level == body.level)
        .cloned()
        .ok_or_else(|| {
            ApiError::field(
                "level",
                Msg::new("recipe.levelMissing").arg("level", body.level),
            )
        })?;
    // Locked: an edit committing between the checks and the lock would release content
    // nobody checked.
    let v = db::recipes::version_for_update(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    Ok((v, level, levels))
}

/// Releases a version to a level: it must hold the level below, and pass every check (400
/// listing the problems otherwise). The version that held the level loses it.
#[utoipa::path(post, path = "/api/recipes/releaselevel", tag = "recipes", request_body = LevelChange,
    responses((status = 200, body = Envelope<RecipeRecord>), (status = 400), (status = 404), (status = 409)))]
pub async fn release_level(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(body): Body<LevelChange>,
) -> ApiResult<Json<Envelope<RecipeRecord>>> {
    let (record, msg) = release(&s, user.email(), &body, lang).await?;
    Ok(Json(Envelope::data(record).with_message(lang.text(&msg))))
}

/// Releases version `body.id` to `body.level` as `actor` (the call's rules, for seed data
/// too); the record and the message saying so.
pub async fn release(
    s: &AppState,
    actor: &str,
    body: &LevelChange,
    lang: RequestLang,
) -> ApiResult<(RecipeRecord, Msg)> {
    let mut tx = s.pool.begin().await?;
    let (v, level, levels) = version_and_level(&mut tx, body).await?;
    let name = level_name(lang, &level.code, &level.name);
    let held = db::recipes::releases(&mut *tx, &[v.recipe_group_id]).await?;
    let held: Vec<_> = held.into_iter().filter(|r| r.ended_at.is_none()).collect();
    if held
        .iter()
        .any(|r| r.recipe_id == v.id && r.level == level.level)
    {
        return Err(conflict(
            Msg::new("recipe.levelHeld")
                .arg("version", v.version)
                .arg("level", &name),
        ));
    }
    if let Some(below) = levels.iter().rev().find(|l| l.level < level.level)
        && !held
            .iter()
            .any(|r| r.recipe_id == v.id && r.level == below.level)
    {
        let msg = Msg::new("recipe.levelOrder")
            .arg("version", v.version)
            .arg("below", level_name(lang, &below.code, &below.name))
            .arg("level", &name);
        return Err(conflict(msg));
    }
    let plant = load(&mut tx, v.line_id).await?;
    let problems = check(&v.content(), &plant, Scope::All);
    if !problems.is_empty() {
        return Err(ApiError::Validation(problem_map(lang, &problems)));
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
            db::DbError::Conflict(_) => conflict(Msg::new("recipe.versionRace")),
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
        .arg("level", &name);
    Ok((one(s, v.id, lang).await?, msg))
}

/// Takes a level, and every higher level, back from a version. The version stays locked.
#[utoipa::path(post, path = "/api/recipes/revertlevelrelease", tag = "recipes", request_body = LevelChange,
    responses((status = 200, body = Envelope<RecipeRecord>), (status = 400), (status = 404), (status = 409)))]
pub async fn revert_level(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(body): Body<LevelChange>,
) -> ApiResult<Json<Envelope<RecipeRecord>>> {
    let mut tx = s.pool.begin().await?;
    let (v, level, _) = version_and_level(&mut tx, &body).await?;
    let name = level_name(lang, &level.code, &level.name);
    let ended = db::recipes::end_releases(
        &mut *tx,
        v.recipe_group_id,
        Some(v.id),
        level.level,
        true,
        "REVERTED",
        user.email(),
    )
    .await?;
    if !ended.iter().any(|(_, l)| *l == level.level) {
        tx.rollback().await?;
        return Err(conflict(
            Msg::new("recipe.levelNotHeld")
                .arg("version", v.version)
                .arg("level", &name),
        ));
    }
    let levels: Vec<i32> = ended.iter().map(|(_, l)| *l).collect();
    audit(
        &mut tx,
        user.email(),
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
        .arg("level", &name);
    Ok(Json(
        Envelope::data(one(&s, v.id, lang).await?).with_message(lang.text(&msg)),
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct DiffQuery {
    /// The version to compare with.
    pub against: Option<String>,
    /// Or: compare with the version holding this level now.
    pub level: Option<i32>,
}

/// A version on the other side of a comparison.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionRef {
    #[serde(rename = "_id")]
    pub id: Uuid,
    pub version: i32,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Comparison {
    /// The older side; null when there is nothing to compare with (everything is added).
    pub from: Option<VersionRef>,
    pub to: VersionRef,
    pub diff: Diff,
    /// The code of every record the items name, for display.
    pub labels: BTreeMap<Uuid, String>,
}

/// Compares a version with another: the one named by `against`, else the one holding `level`,
/// else the version it was copied from.
#[utoipa::path(get, path = "/api/recipes/{id}/diff", tag = "recipes", params(("id" = String, Path), DiffQuery),
    responses((status = 200, body = Envelope<Comparison>), (status = 400), (status = 404)))]
pub async fn diff(
    State(s): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<DiffQuery>,
) -> ApiResult<Json<Envelope<Comparison>>> {
    let id = parse_id(&id, "recipe.notFound")?;
    let mut conn = s.pool.acquire().await?;
    let v = db::recipes::version(&mut *conn, id)
        .await?
        .ok_or_else(not_found)?;
    let other = match (q.against.as_deref(), q.level) {
        (Some(raw), _) => Some(parse_id(raw, "recipe.notFound")?),
        (None, Some(level)) => db::recipes::releases(&mut *conn, &[v.recipe_group_id])
            .await?
            .into_iter()
            .find(|r| r.ended_at.is_none() && r.level == level)
            .map(|r| r.recipe_id),
        (None, None) => v.copied_from_id,
    };
    let other = match other {
        Some(o) => Some(
            db::recipes::version(&mut *conn, o)
                .await?
                .ok_or_else(not_found)?,
        ),
        None => None,
    };
    let empty = model::recipe::Content {
        weighing_items: vec![],
        mixing_items: vec![],
        miscellaneous_items: vec![],
        ..v.content()
    };
    let old = other.as_ref().map_or(empty, Version::content);
    let plant = load(&mut conn, v.line_id).await?;
    let labels = ids_of(&old)
        .chain(ids_of(&v.content()))
        .filter_map(|id| plant.code_of(id).map(|c| (id, c.to_string())))
        .collect();
    Ok(Json(Envelope::data(Comparison {
        from: other.as_ref().map(|o| VersionRef {
            id: o.id,
            version: o.version,
        }),
        to: VersionRef {
            id: v.id,
            version: v.version,
        },
        diff: compare(&old, &v.content()),
        labels,
    })))
}

/// Every record id a document names.
fn ids_of(c: &model::recipe::Content) -> impl Iterator<Item = Uuid> + use<> {
    let mut ids: Vec<Uuid> = c.mixing_mode_id.into_iter().collect();
    for w in &c.weighing_items {
        ids.extend(
            [w.scale_id, w.material_id, w.bin_id, w.feeding_point_id]
                .into_iter()
                .flatten(),
        );
    }
    for m in &c.mixing_items {
        ids.extend([m.mixing_action_id, m.mixing_mode_id].into_iter().flatten());
        ids.extend(m.parameters.iter().filter_map(|p| p.parameter_id));
    }
    ids.extend(
        c.miscellaneous_items
            .iter()
            .filter_map(|m| m.miscellaneous_parameter_id),
    );
    ids.into_iter()
}

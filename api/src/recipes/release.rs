//! Release levels: a version is released level by level, each time after a full validation;
//! a level moves from the version holding it to the one released, recording which it replaced;
//! reverting a level takes that level and every higher one back. And the comparison of two
//! versions, which the release dialog shows against the version holding the level now.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use model::Envelope;
use model::recipe::diff::{Diff, diff as compare};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::handlers::not_found;
use super::record::RecipeRecord;
use super::write::answer;
use crate::AppState;
use crate::auth::AuthUser;
use crate::auth::flood::Admitted;
use crate::auth::signature::{Signed, signer};
use crate::error::ApiResult;
use crate::extract::{Body, Query, parse_id};
use crate::i18n_layer::RequestLang;
use model::signature::SignatureInput;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LevelChange {
    /// The recipe version's `_id`.
    pub id: String,
    /// The release level (`level` of `GET /api/recipes/releaselevels`).
    pub level: i32,
    /// The electronic signature a release to the production level needs (issue 35): the
    /// signer's password again and a meaning; ignored by a revert.
    pub signature: Option<SignatureInput>,
}

/// Releases a version to a level: it must hold the level below, and pass every check (400
/// listing the problems otherwise). The version that held the level loses it. The production
/// level is signed (`signature`): 403 without one, with a wrong password, or where the line's
/// two-person rule refuses the signer; 429 while the account is throttled.
#[utoipa::path(post, path = "/api/recipes/releaselevel", tag = "recipes", request_body = LevelChange,
    responses((status = 200, body = Envelope<RecipeRecord>), (status = 400), (status = 403), (status = 404), (status = 409), (status = 429)))]
pub async fn release_level(
    Admitted(address): Admitted,
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(body): Body<LevelChange>,
) -> ApiResult<Json<Envelope<RecipeRecord>>> {
    let id = parse_id(&body.id, "recipe.notFound")?;
    let what = Signed {
        entity: "recipe",
        entity_id: id.to_string(),
    };
    let signer = signer(&s, &user, &address, body.signature.as_ref(), what).await?;
    let done = app::recipes::release(&s.app, user.email(), id, body.level, signer.as_ref()).await?;
    answer(&s, done, lang).await
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
    let id = parse_id(&body.id, "recipe.notFound")?;
    let done = app::recipes::revert(&s.app, user.email(), id, body.level).await?;
    answer(&s, done, lang).await
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
    let old = other.as_ref().map_or(empty, db::recipes::Version::content);
    let plant = app::recipes::load_plant(&mut conn, v.line_id).await?;
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

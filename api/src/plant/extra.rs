//! §7 "Other" calls around bins and categories: bins with their scale, assigning materials to
//! bins (the bin-assignment screen), and the scales a material category may be weighed on.

use axum::Json as Wire;
use axum::extract::{Path, State};
use model::config::Op;
use model::{AccessRule, Envelope};
use serde::Deserialize;
use serde_json::Value as Json;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::records::{entity, line_filter, not_found};
use crate::AppState;
use crate::auth::{AuthUser, guarded};
use crate::error::ApiResult;
use crate::extract::{Body, Query, parse_id};
use crate::i18n_layer::RequestLang;

/// Bin assignment belongs to both the configurator and recipe management.
const ASSIGN: AccessRule = AccessRule::BIN_ASSIGNMENT;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(guarded(
            entity("bins").access.rule(Op::List),
            routes!(bins_with_scale),
        ))
        .routes(guarded(ASSIGN, routes!(add_material)))
        .routes(guarded(
            entity("materialdirectory").access.rule(Op::List),
            routes!(category_scales),
        ))
}

type Params = Query<std::collections::HashMap<String, String>>;

/// `GET /api/binswithscale?lineId`: every bin with `scale: {_id, name, code, type}`.
#[utoipa::path(get, path = "/api/binswithscale", tag = "configuration",
    params(("lineId" = Option<String>, Query)),
    responses((status = 200, description = "the envelope; `data` is the bins, each with its scale")))]
async fn bins_with_scale(
    State(state): State<AppState>,
    Query(q): Params,
) -> ApiResult<Wire<Envelope<Vec<Json>>>> {
    let line = line_filter(q.get("lineId").map(String::as_str))?;
    let mut bins = db::config::list(&state.pool, entity("bins"), line, &[]).await?;
    let scales = db::config::list(&state.pool, entity("scales"), line, &[]).await?;
    for bin in bins.iter_mut() {
        let scale = scales.iter().find(|s| s["_id"] == bin["scaleId"]).map(|s| {
            serde_json::json!({"_id": s["_id"], "name": s["name"], "code": s["code"], "type": s["type"]})
        });
        bin["scale"] = scale.unwrap_or(Json::Null);
    }
    Ok(Wire(Envelope::data(bins)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddMaterial {
    /// `[{binId, materialId, priority?, lot?}]`: each named bin gets these as its materials.
    #[schema(value_type = Vec<Object>)]
    pub bin_materials: Vec<Json>,
}

/// `POST /api/bins/addmaterial {binMaterials}`: sets the materials of each named bin; all bins
/// or none. Problems are reported as `binMaterials[i]`, the first entry of the bin concerned.
#[utoipa::path(post, path = "/api/bins/addmaterial", tag = "configuration", request_body = AddMaterial,
    responses((status = 200, description = "the envelope; `data` is the updated bins"), (status = 400)))]
async fn add_material(
    State(state): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Body(body): Body<AddMaterial>,
) -> ApiResult<Wire<Envelope<Vec<Json>>>> {
    let (updated, msg) =
        app::plant::set_bin_materials(&state.app, user.email(), &body.bin_materials).await?;
    Ok(Wire(Envelope::data(updated).with_message(lang.text(&msg))))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineBody {
    pub line_id: Option<String>,
}

/// `POST /api/materialCategories/{id}/scales {lineId}`: the scales of the line the category's
/// materials may be weighed on (every scale of the line when the category names none).
#[utoipa::path(post, path = "/api/materialCategories/{id}/scales", tag = "configuration",
    params(("id" = String, Path)), request_body = LineBody,
    responses((status = 200, description = "the envelope; `data` is the scales"), (status = 404)))]
async fn category_scales(
    State(state): State<AppState>,
    lang: RequestLang,
    Path(id): Path<String>,
    Body(body): Body<LineBody>,
) -> ApiResult<Wire<Envelope<Vec<Json>>>> {
    let categories = entity("materialcategories");
    let id = parse_id(&id, "request.notFound")?;
    let category = db::config::get(&state.pool, categories, id)
        .await?
        .ok_or_else(|| not_found(lang, categories))?;
    let line = match line_filter(body.line_id.as_deref())? {
        Some(line) => Some(line),
        None => category["lineId"]
            .as_str()
            .and_then(|s| uuid::Uuid::parse_str(s).ok()),
    };
    let allowed: Vec<&Json> = category["allowedScaleIds"]
        .as_array()
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    let scales = db::config::list(&state.pool, entity("scales"), line, &[]).await?;
    let scales = scales
        .into_iter()
        .filter(|s| allowed.is_empty() || allowed.contains(&&s["_id"]))
        .collect();
    Ok(Wire(Envelope::data(scales)))
}

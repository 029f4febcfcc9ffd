//! §7 "Other" calls around bins and categories: bins with their scale, assigning materials to
//! bins (the bin-assignment screen), and the scales a material category may be weighed on.

use std::collections::BTreeMap;

use axum::Json as Wire;
use axum::extract::{Path, State};
use model::config::Op;
use model::{AccessRule, Envelope, Msg};
use serde::Deserialize;
use serde_json::{Map, Value as Json};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::prepare::{Problems, prepare};
use super::records::{entity, label, line_filter, not_found, update_audited};
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
    let bins = entity("bins");
    let mut per_bin: BTreeMap<String, (usize, Vec<Json>)> = BTreeMap::new();
    let mut problems = Problems::default();
    for (i, entry) in body.bin_materials.iter().enumerate() {
        let Some(bin_id) = entry["binId"].as_str() else {
            problems.invalid.insert(
                format!("binMaterials[{i}].binId"),
                Msg::new("validation.required"),
            );
            continue;
        };
        let mut material = entry.as_object().cloned().unwrap_or_default();
        material.remove("binId");
        per_bin
            .entry(bin_id.to_string())
            .or_insert((i, Vec::new()))
            .1
            .push(Json::Object(material));
    }
    let mut tx = state.pool.begin().await?;
    let mut updated = Vec::new();
    for (bin_id, (first, materials)) in per_bin {
        let key = format!("binMaterials[{first}]");
        let id = parse_id(&bin_id, "request.notFound")?;
        let Some(before) = db::config::get(&mut *tx, bins, id).await? else {
            problems
                .invalid
                .insert(format!("{key}.binId"), Msg::new("config.refMissing"));
            continue;
        };
        let change = Map::from_iter([("binMaterials".to_string(), Json::Array(materials))]);
        match prepare(&mut tx, bins, Some(&before), &change).await? {
            Err(p) => {
                if let Some(msg) = p.invalid.into_values().next() {
                    problems.invalid.insert(key, msg);
                }
            }
            Ok(p) if problems.is_empty() => {
                updated.extend(update_audited(&mut tx, user.email(), bins, &before, p).await?);
            }
            Ok(_) => {}
        }
    }
    if !problems.is_empty() {
        return Err(problems.into_error());
    }
    tx.commit().await?;
    let message = lang.text(&Msg::new("config.updated").arg("entity", label(lang, bins)));
    Ok(Wire(Envelope::data(updated).with_message(message)))
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

//! A line's carry-over settings: the matrix of which medication class may follow which
//! without a flush, and the flush (material and quantity). Read with `SCHEDULE_*`, changed with
//! `SCHEDULE_UPDATE`; changes are audited.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::{Path, State};
use model::recipe::MEDICATION_CLASSES;
use model::recipe::check::MAX_KG;
use model::schedule::carry::{Matrix, MatrixError};
use model::{Envelope, Msg};
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;
use uuid::Uuid;

use super::record::CarryOverSettings;
use crate::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Body, Query};
use crate::i18n_layer::RequestLang;
use crate::plant::entity;
use crate::stale::{Saved, refuse_stale};

type Answer = ApiResult<Json<Envelope<CarryOverSettings>>>;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct LineParam {
    /// A line's `_id`.
    pub line_id: Option<String>,
}

async fn line(state: &AppState, raw: Option<&str>) -> ApiResult<Uuid> {
    let raw = raw.map(str::trim).unwrap_or_default();
    if raw.is_empty() {
        return Err(ApiError::field("lineId", Msg::new("config.lineRequired")));
    }
    match Uuid::parse_str(raw) {
        Ok(id)
            if db::config::get(&state.pool, entity("lines"), id)
                .await?
                .is_some() =>
        {
            Ok(id)
        }
        _ => Err(ApiError::NotFound(Msg::new("config.lineNotFound"))),
    }
}

async fn settings(state: &AppState, line: Uuid) -> ApiResult<CarryOverSettings> {
    let stored = db::schedules::carry_over(&state.pool, line).await?;
    let classes = MEDICATION_CLASSES.map(String::from).to_vec();
    Ok(match stored {
        Some(s) => CarryOverSettings {
            line_id: Some(line),
            classes,
            rules: Matrix { rules: s.rules.0 }
                .completed()
                .unwrap_or_default()
                .rules,
            flush_material_id: s.flush_material_id,
            flush_quantity_kg: s.flush_quantity_kg,
            configured: true,
            updated_at: Some(s.updated_at),
            updated_by: s.updated_by,
        },
        None => CarryOverSettings {
            line_id: Some(line),
            classes,
            rules: Matrix::default().rules,
            flush_material_id: None,
            flush_quantity_kg: None,
            configured: false,
            updated_at: None,
            updated_by: None,
        },
    })
}

/// A line's carry-over matrix (the default until one is saved) and flush.
#[utoipa::path(operation_id = "carryover_get", get, path = "/api/productionschedules/carryover", tag = "productionschedules",
    params(LineParam),
    responses((status = 200, body = Envelope<CarryOverSettings>), (status = 400), (status = 404)))]
pub async fn get(State(s): State<AppState>, Query(q): Query<LineParam>) -> Answer {
    let line = line(&s, q.line_id.as_deref()).await?;
    Ok(Json(Envelope::data(settings(&s, line).await?)))
}

/// Saves a line's matrix (pairs left out keep the default) and flush. The flush material must
/// be a material of the line held by one of its bins.
#[utoipa::path(operation_id = "carryover_edit", post, path = "/api/productionschedules/carryover/edit/{lineId}", tag = "productionschedules",
    request_body = CarryOverSettings,
    params(("lineId" = String, Path, description = "a line's `_id`")),
    responses((status = 200, body = Envelope<CarryOverSettings>), (status = 400), (status = 404),
        (status = 409, description = "someone saved the settings after `updatedAt`")))]
pub async fn edit(
    State(s): State<AppState>,
    user: AuthUser,
    lang: RequestLang,
    Path(line_id): Path<String>,
    Body(input): Body<CarryOverSettings>,
) -> Answer {
    let line = line(&s, Some(&line_id)).await?;
    let mut errors = BTreeMap::new();
    let matrix = match (Matrix {
        rules: input.rules.clone(),
    })
    .completed()
    {
        Ok(m) => m,
        Err(MatrixError::UnknownClass(i) | MatrixError::Duplicate(i)) => {
            let msg = Msg::new("validation.choice").arg("options", MEDICATION_CLASSES.join(", "));
            errors.insert(format!("rules[{i}]"), msg);
            Matrix::default()
        }
    };
    let flush = match (input.flush_material_id, input.flush_quantity_kg) {
        (None, None) => None,
        (Some(m), Some(kg)) => {
            if !(kg.is_finite() && kg > 0.0 && kg <= MAX_KG) {
                errors.insert(
                    "flushQuantityKg".into(),
                    Msg::new("recipe.batchSizePositive"),
                );
            }
            let mut conn = s.pool.acquire().await?;
            let plant = crate::recipes::load_plant(&mut conn, line).await?;
            if !plant.materials.contains_key(&m) {
                errors.insert(
                    "flushMaterialId".into(),
                    Msg::new("schedule.materialNotOnLine"),
                );
            } else if !plant
                .bins
                .values()
                .any(|b| b.material_ids.contains(&m) && b.scale_id.is_some())
            {
                let code = plant.code_of(m).unwrap_or_default().to_string();
                errors.insert(
                    "flushMaterialId".into(),
                    Msg::new("schedule.noFlushBin").arg("material", code),
                );
            }
            Some((m, kg))
        }
        (None, Some(_)) => {
            errors.insert("flushMaterialId".into(), Msg::new("validation.required"));
            None
        }
        (Some(_), None) => {
            errors.insert("flushQuantityKg".into(), Msg::new("validation.required"));
            None
        }
    };
    if !errors.is_empty() {
        return Err(ApiError::Validation(errors));
    }
    let before = settings(&s, line).await?;
    let mut tx = s.pool.begin().await?;
    if let Some(stored) = db::schedules::carry_over_for_update(&mut tx, line).await? {
        let saved = Saved {
            at: stored.updated_at,
            by: stored.updated_by.as_deref(),
            line: Some(line),
        };
        refuse_stale(&mut tx, input.updated_at, saved).await?;
    }
    db::schedules::set_carry_over(&mut *tx, line, &matrix.rules, flush, user.email()).await?;
    db::audit::write(
        &mut *tx,
        db::audit::Entry {
            actor: Some(user.email()),
            action: "updated",
            entity: "carryOver",
            entity_id: Some(line.to_string()),
            before: Some(json!(before)),
            after: Some(json!({ "rules": matrix.rules, "flushMaterialId": flush.map(|f| f.0), "flushQuantityKg": flush.map(|f| f.1) })),
            detail: None,
        },
    )
    .await?;
    tx.commit().await?;
    let msg = Msg::new("schedule.carryOverSaved");
    Ok(Json(
        Envelope::data(settings(&s, line).await?).with_message(lang.text(&msg)),
    ))
}

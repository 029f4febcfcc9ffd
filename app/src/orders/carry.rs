//! A line's carry-over settings: the matrix of which medication class may follow which
//! without a flush, and the flush (material and quantity). Changes are audited.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use model::Msg;
use model::recipe::MEDICATION_CLASSES;
use model::recipe::check::MAX_KG;
use model::schedule::carry::{Matrix, MatrixError, Rule};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::plant::entity;
use crate::stale::{Saved, refuse_stale};
use crate::{App, Error, Result};

/// A line's carry-over matrix and flush.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarryOverSettings {
    #[serde(default)]
    pub line_id: Option<Uuid>,
    /// The medication classes, weakest first.
    #[serde(default)]
    pub classes: Vec<String>,
    pub rules: Vec<Rule>,
    pub flush_material_id: Option<Uuid>,
    pub flush_quantity_kg: Option<f64>,
    /// False while the line uses the default matrix.
    #[serde(default)]
    pub configured: bool,
    #[serde(default)]
    pub updated_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub updated_by: Option<String>,
}

/// The line `raw` names: invalid when none, not found when it is no line.
pub async fn line(app: &App, raw: Option<&str>) -> Result<Uuid> {
    let raw = raw.map(str::trim).unwrap_or_default();
    if raw.is_empty() {
        return Err(Error::field("lineId", Msg::new("config.lineRequired")));
    }
    match Uuid::parse_str(raw) {
        Ok(id)
            if db::config::get(&app.pool, entity("lines"), id)
                .await?
                .is_some() =>
        {
            Ok(id)
        }
        _ => Err(Error::NotFound(Msg::new("config.lineNotFound"))),
    }
}

/// The settings of `line`: as saved, else the default matrix and no flush.
pub async fn settings(app: &App, line: Uuid) -> Result<CarryOverSettings> {
    let stored = db::schedules::carry_over(&app.pool, line).await?;
    let classes = MEDICATION_CLASSES.iter().map(|c| c.to_string()).collect();
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

/// Saves `line`'s matrix (pairs left out keep the default) and flush as `actor`. The flush
/// material must be a material of the line held by one of its bins.
pub async fn save(
    app: &App,
    actor: &str,
    line: Uuid,
    input: CarryOverSettings,
) -> Result<(CarryOverSettings, Msg)> {
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
            let mut conn = app.pool.acquire().await?;
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
        return Err(Error::Invalid(errors));
    }
    let before = settings(app, line).await?;
    let mut tx = app.pool.begin().await?;
    if let Some(stored) = db::schedules::carry_over_for_update(&mut tx, line).await? {
        let saved = Saved {
            at: stored.updated_at,
            by: stored.updated_by.as_deref(),
            line: Some(line),
        };
        refuse_stale(&mut tx, input.updated_at, saved).await?;
    }
    db::schedules::set_carry_over(&mut *tx, line, &matrix.rules, flush, actor).await?;
    db::audit::write(
        &mut *tx,
        db::audit::Entry {
            actor: Some(actor),
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
    Ok((
        settings(app, line).await?,
        Msg::new("schedule.carryOverSaved"),
    ))
}

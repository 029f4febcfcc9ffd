//! A version saved as a new recipe, on its own line or another (matched by code there).

use std::collections::BTreeMap;

use model::Msg;
use model::recipe::check::Scope;
use serde_json::json;
use uuid::Uuid;

use super::write::insert_recipe;
use super::{audit, checked_code, load_plant, not_found, problem_map, refuse_blocking};
use crate::plant::entity;
use crate::{App, Done, Error, Result};

/// A version copied into a new recipe: the target line (the version's own when none), the
/// new code and name, and a description replacing the copied one.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveAs {
    /// The target line; the version's own line when omitted.
    pub line_id: Option<String>,
    pub code: Option<String>,
    pub name: Option<String>,
    pub description: Option<String>,
}

/// Copies version `id` into a new recipe (version 1, a draft) on the same line or another.
/// On another line every record the recipe names is matched by code; anything missing there
/// is reported field by field and nothing is written.
pub async fn save_as(app: &App, actor: &str, id: Uuid, b: SaveAs) -> Result<Done> {
    let mut tx = app.pool.begin().await?;
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
        return Err(Error::field("lineId", Msg::new("config.lineNotFound")));
    };
    let code = checked_code(b.code.as_deref(), &mut errors);
    let name = b.name.as_deref().unwrap_or_default().trim().to_string();
    if name.is_empty() {
        errors.insert("name".to_string(), Msg::new("validation.required"));
    }
    let mut content = v.content();
    if target != v.line_id {
        let from = load_plant(&mut tx, v.line_id).await?;
        let to = load_plant(&mut tx, target).await?;
        match model::recipe::transfer::transfer(&content, &from, &to) {
            Ok(moved) => content = moved,
            Err(problems) => errors.extend(problem_map(&problems)),
        }
    }
    content.name = name;
    if b.description.is_some() {
        content.description = b.description;
    }
    content.normalise();
    refuse_blocking(&mut tx, target, &content, Scope::All, errors).await?;
    let new_id = insert_recipe(&mut tx, target, &code, &content, Some(v.id), actor).await?;
    let detail =
        json!({"savedFromId": v.id, "savedFromCode": v.code, "savedFromVersion": v.version});
    audit(
        &mut tx,
        actor,
        "savedAs",
        new_id,
        None,
        Some(&content),
        Some(detail),
    )
    .await?;
    tx.commit().await?;
    Ok(Done::new(
        new_id,
        Msg::new("recipe.savedAs").arg("code", code),
    ))
}

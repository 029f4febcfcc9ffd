//! A recipe version as the api answers it ([`RecipeRecord`]) and as a client sends it
//! ([`RecipeInput`]: the same shape less `_id` and the server-kept fields, which are ignored
//! when sent back), and the translated problems of a check.

use chrono::{DateTime, Utc};
use model::recipe::check::Problem;
use model::recipe::{Content, Status};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::i18n_layer::RequestLang;

/// A release level of the installation, its name in the request's language.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LevelRecord {
    #[serde(rename = "_id")]
    pub id: Uuid,
    pub level: i32,
    pub code: String,
    pub name: String,
    /// The highest level: the only one whose version can be scheduled.
    pub production: bool,
}

/// A level a version holds now.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeldLevel {
    pub level: i32,
    pub code: String,
    pub name: String,
    pub released_at: DateTime<Utc>,
    pub released_by: Option<String>,
    /// The version that held this level before.
    pub replaced_recipe_id: Option<Uuid>,
    pub replaced_version: Option<i32>,
}

/// A recipe version: its group's line and code, its document, and where it stands.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecipeRecord {
    #[serde(rename = "_id")]
    pub id: Uuid,
    pub recipe_group_id: Uuid,
    pub line_id: Uuid,
    pub code: String,
    pub version: i32,
    pub latest_version: i32,
    #[serde(flatten)]
    pub content: Content,
    /// The sum of the weighing setpoints in kg.
    pub total_kg: f64,
    pub status: Status,
    /// The highest level held; 0 when none.
    pub release_level: i32,
    pub levels: Vec<HeldLevel>,
    /// Released once: never changes again.
    pub locked: bool,
    pub copied_from_id: Option<Uuid>,
    pub saved_from_id: Option<Uuid>,
    pub validated_at: Option<DateTime<Utc>>,
    pub locked_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub created_by: Option<String>,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
    /// The electronic signatures of its releases (issue 35), oldest first.
    pub signatures: Vec<model::signature::Signature>,
}

pub use app::recipes::RecipeInput;

/// The name of a level in `lang`: the catalogue's for the known codes, else the stored one.
pub fn level_name(lang: RequestLang, code: &str, stored: &str) -> String {
    lang.text(&app::recipes::level_msg(code, stored))
}

/// A problem as read: "Weighing 3 (CORN): The tolerance must be greater than 0".
pub fn problem_text(lang: RequestLang, p: &Problem) -> String {
    lang.text(&app::recipes::problem_msg(p))
}

/// The record of version `v`, from the releases of its group and the installation's levels.
pub fn build(
    v: &db::recipes::Version,
    releases: &[db::recipes::Release],
    levels: &[db::recipes::Level],
    lang: RequestLang,
) -> RecipeRecord {
    let held: Vec<HeldLevel> = releases
        .iter()
        .filter(|r| r.recipe_id == v.id && r.ended_at.is_none())
        .map(|r| {
            let level = levels.iter().find(|l| l.level == r.level);
            let code = level.map_or(String::new(), |l| l.code.clone());
            HeldLevel {
                level: r.level,
                name: level.map_or(r.level.to_string(), |l| level_name(lang, &l.code, &l.name)),
                code,
                released_at: r.released_at,
                released_by: r.released_by.clone(),
                replaced_recipe_id: r.replaced_recipe_id,
                replaced_version: r.replaced_version,
            }
        })
        .collect();
    let content = v.content();
    RecipeRecord {
        id: v.id,
        recipe_group_id: v.recipe_group_id,
        line_id: v.line_id,
        code: v.code.clone(),
        version: v.version,
        latest_version: v.latest_version,
        total_kg: content.total_kg(),
        content,
        status: Status::of(
            v.locked_at.is_some(),
            !held.is_empty(),
            v.validated_at.is_some(),
        ),
        release_level: held.iter().map(|h| h.level).max().unwrap_or(0),
        levels: held,
        locked: v.locked_at.is_some(),
        copied_from_id: v.copied_from_id,
        saved_from_id: v.saved_from_id,
        validated_at: v.validated_at,
        locked_at: v.locked_at,
        created_at: v.created_at,
        created_by: v.created_by.clone(),
        updated_at: v.updated_at,
        updated_by: v.updated_by.clone(),
        signatures: Vec::new(),
    }
}

/// The level records in `lang`.
pub fn level_records(levels: &[db::recipes::Level], lang: RequestLang) -> Vec<LevelRecord> {
    let top = levels.iter().map(|l| l.level).max().unwrap_or(0);
    levels
        .iter()
        .map(|l| LevelRecord {
            id: l.id,
            level: l.level,
            code: l.code.clone(),
            name: level_name(lang, &l.code, &l.name),
            production: l.level == top,
        })
        .collect()
}

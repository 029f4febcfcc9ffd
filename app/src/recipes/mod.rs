//! Recipe commands (spec §7 Recipes, issue 10): a recipe's add, the edit of an unlocked
//! version, a new version, the delete of a recipe with its versions, and the release levels
//! (release, revert). Each checks the document against its line (`model::recipe::check`),
//! writes in one transaction and audits the document before and after. The queries are in
//! `db::recipes`.

mod input;
pub mod plant;
mod release;
mod save_as;
mod steps;
mod write;

use std::collections::BTreeMap;

use db::DbError;
use db::recipes::Version;
use model::Msg;
use model::recipe::Content;
use model::recipe::check::{Problem, Scope, check, code_ok};
use serde_json::{Value, json};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{Error, Result};

pub use input::RecipeInput;
pub use plant::load as load_plant;
pub use release::{release, revert};
pub use save_as::{SaveAs, save_as};
pub use steps::{Step, change_step};
pub use write::{create, delete_group, edit, new_version};

pub fn not_found() -> Error {
    Error::NotFound(Msg::new("recipe.notFound"))
}

/// The name of a level: the catalogue's for the known codes, else the stored one.
pub fn level_msg(code: &str, stored: &str) -> Msg {
    match code {
        "TRIAL" => Msg::new("recipe.level.TRIAL"),
        "PRODUCTION" => Msg::new("recipe.level.PRODUCTION"),
        _ => Msg::verbatim(stored),
    }
}

/// A problem as said: "Weighing 3 (CORN): The tolerance must be greater than 0".
pub fn problem_msg(p: &Problem) -> Msg {
    match &p.item {
        Some(item) => Msg::new("recipe.problem")
            .arg_msg("item", item.clone())
            .arg_msg("message", p.msg.clone()),
        None => p.msg.clone(),
    }
}

/// Field → message of each problem (the first per field).
pub fn problem_map(problems: &[Problem]) -> BTreeMap<String, Msg> {
    let mut map = BTreeMap::new();
    for p in problems {
        map.entry(p.field.clone()).or_insert_with(|| problem_msg(p));
    }
    map
}

/// Writes an audit entry of the version `id`.
pub async fn audit(
    db: &mut PgConnection,
    actor: &str,
    action: &str,
    id: Uuid,
    before: Option<&Content>,
    after: Option<&Content>,
    detail: Option<Value>,
) -> Result<()> {
    db::audit::write(
        db,
        db::audit::Entry {
            actor: Some(actor),
            action,
            entity: "recipe",
            entity_id: Some(id.to_string()),
            before: before.map(|c| json!(c)),
            after: after.map(|c| json!(c)),
            detail,
        },
    )
    .await?;
    Ok(())
}

/// Invalid with every save-blocking problem of `content` on `line` within `scope`, plus
/// `extra` field problems.
pub async fn refuse_blocking(
    db: &mut PgConnection,
    line: Uuid,
    content: &Content,
    scope: Scope,
    mut extra: BTreeMap<String, Msg>,
) -> Result<()> {
    let plant = load_plant(db, line).await?;
    let problems: Vec<_> = check(content, &plant, scope)
        .into_iter()
        .filter(|p| p.blocking)
        .collect();
    for (field, msg) in problem_map(&problems) {
        extra.entry(field).or_insert(msg);
    }
    if extra.is_empty() {
        Ok(())
    } else {
        Err(Error::Invalid(extra))
    }
}

/// The trimmed code; a missing or malformed one is noted in `errors`.
pub fn checked_code(raw: Option<&str>, errors: &mut BTreeMap<String, Msg>) -> String {
    let code = raw.unwrap_or_default().trim().to_string();
    if code.is_empty() {
        errors.insert("code".into(), Msg::new("validation.required"));
    } else if !code_ok(&code) {
        errors.insert("code".into(), Msg::new("validation.code"));
    }
    code
}

/// A taken code as the conflict on `code`.
pub fn code_taken(e: DbError) -> Error {
    match e {
        DbError::Conflict(_) => Error::conflict_on("code", Msg::new("recipe.codeTaken")),
        other => other.into(),
    }
}

/// A conflict when `v` is locked: a released version never changes; a new version is the way.
pub fn refuse_locked(v: &Version) -> Result<()> {
    match v.locked_at {
        Some(_) => Err(Error::conflict(
            Msg::new("recipe.locked")
                .arg("version", v.version)
                .arg("code", &v.code),
        )),
        None => Ok(()),
    }
}

//! Recipe commands (spec §7 Recipes, issue 10): a recipe's add, the edit of an unlocked
//! version, a new version, the delete of a recipe with its versions, and the release levels
//! (release, revert). Each checks the document against its line (`model::recipe::check`),
//! writes in one transaction and audits the document before and after. The queries are in
//! `db::recipes`.

mod input;
pub mod plant;

use std::collections::BTreeMap;

use db::DbError;
use db::recipes::{Level, NewVersion, Version};
use model::Msg;
use model::recipe::Content;
use model::recipe::check::{Problem, Scope, check, code_ok};
use serde_json::{Value, json};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::plant::entity;
use crate::{App, Done, Error, Result};

pub use input::RecipeInput;
pub use plant::load as load_plant;

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

/// A new recipe `code` on `line` with `content` as its version 1 (saved from version `from`,
/// if any); a taken code is a conflict on `code`. The version's id.
async fn insert_recipe(
    tx: &mut PgConnection,
    line: Uuid,
    code: &str,
    content: &Content,
    from: Option<Uuid>,
    actor: &str,
) -> Result<Uuid> {
    let group = db::recipes::insert_group(&mut *tx, line, code, actor)
        .await
        .map_err(code_taken)?;
    let new = NewVersion {
        group,
        version: 1,
        content,
        copied_from: from,
        saved_from: from,
    };
    Ok(db::recipes::insert_version(&mut *tx, new, actor).await?)
}

/// Creates a recipe (version 1) from `input` as `actor`.
pub async fn create(app: &App, actor: &str, input: RecipeInput) -> Result<Done> {
    let mut errors = BTreeMap::new();
    let line = match input.line_id.as_deref().map(str::trim) {
        None | Some("") => {
            errors.insert("lineId".to_string(), Msg::new("config.lineRequired"));
            None
        }
        Some(raw) => Uuid::parse_str(raw).ok(),
    };
    let mut tx = app.pool.begin().await?;
    let line = match line {
        Some(id)
            if db::config::get(&mut *tx, entity("lines"), id)
                .await?
                .is_some() =>
        {
            id
        }
        _ => {
            errors
                .entry("lineId".into())
                .or_insert(Msg::new("config.lineNotFound"));
            Uuid::nil()
        }
    };
    let code = checked_code(input.code.as_deref(), &mut errors);
    let content = input.apply(None);
    refuse_blocking(&mut tx, line, &content, Scope::All, errors).await?;
    let id = insert_recipe(&mut tx, line, &code, &content, None, actor).await?;
    audit(&mut tx, actor, "created", id, None, Some(&content), None).await?;
    tx.commit().await?;
    Ok(Done::new(id, Msg::new("recipe.created").arg("code", code)))
}

/// Changes the unlocked version `id`: the document sent back whole (item lists left out are
/// kept). A released version is a conflict, as is an edit whose `updatedAt` is not the
/// version's.
pub async fn edit(app: &App, actor: &str, id: Uuid, input: RecipeInput) -> Result<Done> {
    let started = crate::stale::started_from(input.updated_at.as_deref())?;
    let mut tx = app.pool.begin().await?;
    let v = db::recipes::version_for_update(&mut tx, id)
        .await?
        .ok_or_else(not_found)?;
    refuse_locked(&v)?;
    let saved = crate::stale::Saved {
        at: v.updated_at,
        by: v.updated_by.as_deref(),
        line: Some(v.line_id),
    };
    crate::stale::refuse_stale(&mut tx, started, saved).await?;
    let mut errors = BTreeMap::new();
    if input
        .line_id
        .as_deref()
        .is_some_and(|l| l.trim() != v.line_id.to_string())
    {
        errors.insert("lineId".to_string(), Msg::new("recipe.codeFixed"));
    }
    if input
        .code
        .as_deref()
        .is_some_and(|c| !c.trim().eq_ignore_ascii_case(&v.code))
    {
        errors.insert("code".to_string(), Msg::new("recipe.codeFixed"));
    }
    let before = v.content();
    let content = input.apply(Some(before.clone()));
    refuse_blocking(&mut tx, v.line_id, &content, Scope::All, errors).await?;
    db::recipes::update_version(&mut *tx, id, &content, actor).await?;
    audit(
        &mut tx,
        actor,
        "updated",
        id,
        Some(&before),
        Some(&content),
        None,
    )
    .await?;
    tx.commit().await?;
    let msg = Msg::new("recipe.updated")
        .arg("code", &v.code)
        .arg("version", v.version);
    Ok(Done::new(id, msg))
}

/// Deletes the recipe of version or group `id` with all its versions (soft, audited). A
/// conflict while a version holds a release level, a batch of it is running or an order of it
/// is not finished.
pub async fn delete_group(app: &App, actor: &str, id: Uuid) -> Result<Done> {
    let mut tx = app.pool.begin().await?;
    let group = db::recipes::group_of(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    let versions = db::recipes::versions(&mut *tx, group).await?;
    let ids: Vec<Uuid> = versions.iter().map(|v| v.id).collect();
    let code = versions.first().map(|v| v.code.clone()).unwrap_or_default();
    if let Some(batch) = db::recipes::running_batches(&mut *tx, &ids).await?.first() {
        return Err(Error::conflict(
            Msg::new("recipe.inUse")
                .arg("code", &code)
                .arg("batch", batch),
        ));
    }
    if let Some(order) = db::schedules::unfinished_of_recipes(&mut *tx, &[group])
        .await?
        .first()
    {
        return Err(Error::conflict(
            Msg::new("recipe.scheduled")
                .arg("code", &code)
                .arg("order", order),
        ));
    }
    // A recipe released to a level is withdrawn (its release reverted) before it is deleted.
    if let Some(level) = db::recipes::held_levels(&mut *tx, group).await?.last() {
        return Err(Error::conflict(
            Msg::new("recipe.deleteReleased")
                .arg("code", &code)
                .arg("level", level.to_string()),
        ));
    }
    db::recipes::delete_group(&mut *tx, group, actor).await?;
    for v in &versions {
        audit(
            &mut tx,
            actor,
            "deleted",
            v.id,
            Some(&v.content()),
            None,
            Some(json!({"recipeGroupId": group})),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(Done::new(
        group,
        Msg::new("recipe.deleted").arg("code", code),
    ))
}

/// Copies version `id` into the next number of its recipe, as a draft (the way to change a
/// released recipe).
pub async fn new_version(app: &App, actor: &str, id: Uuid) -> Result<Done> {
    let mut tx = app.pool.begin().await?;
    let v = db::recipes::version(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    let content = v.content();
    let number = v.latest_version + 1;
    let new = NewVersion {
        group: v.recipe_group_id,
        version: number,
        content: &content,
        copied_from: Some(v.id),
        saved_from: None,
    };
    let new_id = db::recipes::insert_version(&mut *tx, new, actor)
        .await
        .map_err(|e| match e {
            DbError::Conflict(_) => Error::conflict(Msg::new("recipe.versionRace")),
            other => other.into(),
        })?;
    let detail = json!({"copiedFromId": v.id, "copiedFromVersion": v.version});
    audit(
        &mut tx,
        actor,
        "versionCreated",
        new_id,
        None,
        Some(&content),
        Some(detail),
    )
    .await?;
    tx.commit().await?;
    let msg = Msg::new("recipe.versionCreated")
        .arg("code", &v.code)
        .arg("version", number);
    Ok(Done::new(new_id, msg))
}

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
pub async fn release(app: &App, actor: &str, id: Uuid, level: i32) -> Result<Done> {
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

/// One step list of a recipe document (§7 Recipe steps).
#[derive(Debug, Clone, Copy)]
pub enum Step {
    Weighing,
    Mixing,
    Miscellaneous,
}

impl Step {
    /// The checks that judge this list alone.
    pub fn scope(self) -> Scope {
        match self {
            Step::Weighing => Scope::Weighing,
            Step::Mixing => Scope::Mixing,
            Step::Miscellaneous => Scope::Miscellaneous,
        }
    }

    /// The list's field in the document.
    pub fn name(self) -> &'static str {
        match self {
            Step::Weighing => "weighingItems",
            Step::Mixing => "mixingItems",
            Step::Miscellaneous => "miscellaneousItems",
        }
    }

    fn items(self, c: &Content) -> Value {
        match self {
            Step::Weighing => json!(c.weighing_items),
            Step::Mixing => json!(c.mixing_items),
            Step::Miscellaneous => json!(c.miscellaneous_items),
        }
    }
}

/// Applies `change` to the step list `step` of the unlocked version `id` as `actor`: checked
/// (only this step's blocking problems refuse it), stored, audited. The document as changed.
pub async fn change_step(
    app: &App,
    actor: &str,
    id: Uuid,
    step: Step,
    change: impl FnOnce(&mut Content) -> Result<()>,
) -> Result<(Content, Msg)> {
    let mut tx = app.pool.begin().await?;
    let v = db::recipes::version(&mut *tx, id)
        .await?
        .ok_or_else(not_found)?;
    refuse_locked(&v)?;
    let before = v.content();
    let mut content = before.clone();
    change(&mut content)?;
    content.normalise();
    // Only this step's problems: a material deleted since must not block the mixing steps.
    refuse_blocking(&mut tx, v.line_id, &content, step.scope(), BTreeMap::new()).await?;
    db::recipes::update_version(&mut *tx, id, &content, actor).await?;
    let detail = json!({"step": step.name(), "before": step.items(&before)});
    audit(
        &mut tx,
        actor,
        "updated",
        id,
        Some(&before),
        Some(&content),
        Some(detail),
    )
    .await?;
    tx.commit().await?;
    let msg = Msg::new("recipe.updated")
        .arg("code", &v.code)
        .arg("version", v.version);
    Ok((content, msg))
}

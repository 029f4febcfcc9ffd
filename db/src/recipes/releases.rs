//! Releases of recipe versions to levels, and a version's audit history.

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::PgExecutor;
use uuid::Uuid;

use super::Version;
use crate::{DbError, DbResult};

/// A level held (or once held) by a version.
#[derive(Debug, Clone)]
pub struct Release {
    pub id: Uuid,
    pub recipe_id: Uuid,
    pub version: i32,
    pub level: i32,
    pub released_at: DateTime<Utc>,
    pub released_by: Option<String>,
    pub replaced_recipe_id: Option<Uuid>,
    pub replaced_version: Option<i32>,
    pub ended_at: Option<DateTime<Utc>>,
    pub ended_by: Option<String>,
    pub end_reason: Option<String>,
}

/// The releases of the versions of `groups`, held ones first, then the ended, newest first.
pub async fn releases(db: impl PgExecutor<'_>, groups: &[Uuid]) -> DbResult<Vec<Release>> {
    Ok(sqlx::query_as!(
        Release,
        r#"select l.id, l.recipe_id, r.version, l.level, l.released_at, l.released_by,
                l.replaced_recipe_id, p.version as "replaced_version?", l.ended_at, l.ended_by, l.end_reason
         from recipe_release l join recipe r on r.id = l.recipe_id
         left join recipe p on p.id = l.replaced_recipe_id
         where l.recipe_group_id = any($1)
         order by l.ended_at is not null, l.level, l.released_at desc"#,
        groups,
    )
    .fetch_all(db)
    .await?)
}

/// The version of recipe group `group` holding the installation's highest (production) level.
pub async fn production_version(db: impl PgExecutor<'_>, group: Uuid) -> DbResult<Option<Uuid>> {
    Ok(sqlx::query_scalar!(
        "select recipe_id from recipe_release
         where recipe_group_id = $1 and ended_at is null and level = (select max(level) from release_level)",
        group
    )
    .fetch_optional(db)
    .await?)
}

/// Locks a version at its first release.
pub async fn lock(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<()> {
    sqlx::query!(
        "update recipe set locked_at = coalesce(locked_at, now()) where id = $1",
        id
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Ends the holding of `level` (and, with `and_higher`, every higher level) by `recipe`, or by
/// any version of `group` when `recipe` is `None`; the ended releases' versions.
pub async fn end_releases(
    db: impl PgExecutor<'_>,
    group: Uuid,
    recipe: Option<Uuid>,
    level: i32,
    and_higher: bool,
    reason: &str,
    actor: &str,
) -> DbResult<Vec<(Uuid, i32)>> {
    Ok(sqlx::query!(
        "update recipe_release set ended_at = now(), ended_by = $6, end_reason = $5
         where recipe_group_id = $1 and ended_at is null and ($2::uuid is null or recipe_id = $2)
           and (level = $3 or ($4 and level > $3))
         returning recipe_id, level",
        group,
        recipe,
        level,
        and_higher,
        reason,
        actor,
    )
    .fetch_all(db)
    .await?
    .into_iter()
    .map(|r| (r.recipe_id, r.level))
    .collect())
}

pub async fn insert_release(
    db: impl PgExecutor<'_>,
    v: &Version,
    level: i32,
    replaced: Option<Uuid>,
    actor: &str,
) -> DbResult<()> {
    sqlx::query!(
        "insert into recipe_release (id, recipe_id, recipe_group_id, level, released_by, replaced_recipe_id)
         values ($1, $2, $3, $4, $5, $6)",
        Uuid::now_v7(),
        v.id,
        v.recipe_group_id,
        level,
        actor,
        replaced,
    )
    .execute(db)
    .await
    .map_err(DbError::from_sqlx)?;
    Ok(())
}

/// The audit entries of a version, oldest first.
pub async fn history(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Vec<HistoryEntry>> {
    Ok(sqlx::query_as!(
        HistoryEntry,
        "select at, actor, action, before, after, detail from audit_log
         where entity = 'recipe' and entity_id = $1 order by at, id",
        id.to_string(),
    )
    .fetch_all(db)
    .await?)
}

#[derive(Debug, Clone)]
pub struct HistoryEntry {
    pub at: DateTime<Utc>,
    pub actor: Option<String>,
    pub action: String,
    pub before: Option<Value>,
    pub after: Option<Value>,
    pub detail: Option<Value>,
}

/// The versions of line `line` released to the production level: (version id, recipe code,
/// medication class).
pub async fn production_versions(
    db: impl PgExecutor<'_>,
    line: Uuid,
) -> DbResult<Vec<(Uuid, String, String)>> {
    let rows = sqlx::query!(
        "select r.id, g.code, r.medication_class from recipe_release rr
         join recipe r on r.id = rr.recipe_id join recipe_group g on g.id = rr.recipe_group_id
         where g.line_id = $1 and g.deleted_at is null and rr.ended_at is null
           and rr.level = (select max(level) from release_level)",
        line
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.id, r.code, r.medication_class))
        .collect())
}

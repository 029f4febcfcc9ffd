//! The recipe store (`sql/20261125000100_recipes.sql`): groups, their versions as documents,
//! the release levels and the releases. The api's `recipes` module holds the rules; these are
//! its queries.

use chrono::{DateTime, Utc};
use model::recipe::{Content, MiscellaneousItem, MixingItem, WeighingItem};
use sqlx::types::Json;
use sqlx::{FromRow, PgConnection, PgExecutor};
use uuid::Uuid;

use crate::{DbError, DbResult};

/// A release level of the installation.
#[derive(Debug, Clone, FromRow)]
pub struct Level {
    pub id: Uuid,
    pub level: i32,
    pub code: String,
    pub name: String,
}

/// A recipe version with its group's line and code.
#[derive(Debug, Clone, FromRow)]
pub struct Version {
    pub id: Uuid,
    pub recipe_group_id: Uuid,
    pub line_id: Uuid,
    pub code: String,
    pub version: i32,
    /// The highest version number of the group.
    pub latest_version: i32,
    pub name: String,
    pub description: Option<String>,
    pub product: Option<String>,
    pub batch_size_kg: f64,
    pub medication_class: String,
    pub mixing_mode_id: Option<Uuid>,
    pub weighing_items: Json<Vec<WeighingItem>>,
    pub mixing_items: Json<Vec<MixingItem>>,
    pub miscellaneous_items: Json<Vec<MiscellaneousItem>>,
    pub copied_from_id: Option<Uuid>,
    pub saved_from_id: Option<Uuid>,
    pub validated_at: Option<DateTime<Utc>>,
    pub locked_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub created_by: Option<String>,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
}

impl Version {
    /// The document part of the version.
    pub fn content(&self) -> Content {
        Content {
            name: self.name.clone(),
            description: self.description.clone(),
            product: self.product.clone(),
            batch_size_kg: self.batch_size_kg,
            medication_class: self.medication_class.clone(),
            mixing_mode_id: self.mixing_mode_id,
            weighing_items: self.weighing_items.0.clone(),
            mixing_items: self.mixing_items.0.clone(),
            miscellaneous_items: self.miscellaneous_items.0.clone(),
        }
    }
}

// The statements that read a `Version` select the same columns (sqlx's macros take literals
// only, so the list is written out in each).

mod releases;
pub use releases::*;

pub async fn levels(db: impl PgExecutor<'_>) -> DbResult<Vec<Level>> {
    Ok(sqlx::query_as!(
        Level,
        "select id, level, code, name from release_level order by level"
    )
    .fetch_all(db)
    .await?)
}

/// A live version by id.
pub async fn version(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Option<Version>> {
    Ok(sqlx::query_as!(
        Version,
        r#"select r.id, r.recipe_group_id, g.line_id, g.code, r.version,
            (select max(version) from recipe x where x.recipe_group_id = r.recipe_group_id) as "latest_version!",
            r.name, r.description, r.product, r.batch_size_kg, r.medication_class, r.mixing_mode_id,
            r.weighing_items as "weighing_items: Json<Vec<WeighingItem>>",
            r.mixing_items as "mixing_items: Json<Vec<MixingItem>>",
            r.miscellaneous_items as "miscellaneous_items: Json<Vec<MiscellaneousItem>>",
            r.copied_from_id, r.saved_from_id, r.validated_at, r.locked_at, r.created_at, r.created_by,
            r.updated_at, r.updated_by
         from recipe r join recipe_group g on g.id = r.recipe_group_id
         where g.deleted_at is null and r.id = $1"#,
        id,
    )
    .fetch_optional(db)
    .await?)
}

/// The version `id`, locked until the transaction ends: an edit and a release of it take turns,
/// so a release checks the content it locks and an edit sees a lock a release just set.
pub async fn version_for_update(db: &mut PgConnection, id: Uuid) -> DbResult<Option<Version>> {
    Ok(sqlx::query_as!(
        Version,
        r#"select r.id, r.recipe_group_id, g.line_id, g.code, r.version,
            (select max(version) from recipe x where x.recipe_group_id = r.recipe_group_id) as "latest_version!",
            r.name, r.description, r.product, r.batch_size_kg, r.medication_class, r.mixing_mode_id,
            r.weighing_items as "weighing_items: Json<Vec<WeighingItem>>",
            r.mixing_items as "mixing_items: Json<Vec<MixingItem>>",
            r.miscellaneous_items as "miscellaneous_items: Json<Vec<MiscellaneousItem>>",
            r.copied_from_id, r.saved_from_id, r.validated_at, r.locked_at, r.created_at, r.created_by,
            r.updated_at, r.updated_by
         from recipe r join recipe_group g on g.id = r.recipe_group_id
         where g.deleted_at is null and r.id = $1 for update of r"#,
        id,
    )
    .fetch_optional(db)
    .await?)
}

/// The group of a version id or a group id (both name a recipe in the spec's calls).
pub async fn group_of(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Option<Uuid>> {
    Ok(sqlx::query_scalar!(
        "select g.id from recipe_group g left join recipe r on r.recipe_group_id = g.id
         where g.deleted_at is null and (g.id = $1 or r.id = $1) limit 1",
        id,
    )
    .fetch_optional(db)
    .await?)
}

/// The release levels versions of recipe `group` hold now, lowest first.
pub async fn held_levels(db: impl PgExecutor<'_>, group: Uuid) -> DbResult<Vec<i32>> {
    Ok(sqlx::query_scalar!(
        "select level from recipe_release where recipe_group_id = $1 and ended_at is null order by level",
        group,
    )
    .fetch_all(db)
    .await?)
}

/// Every version of a group, newest first.
pub async fn versions(db: impl PgExecutor<'_>, group: Uuid) -> DbResult<Vec<Version>> {
    Ok(sqlx::query_as!(
        Version,
        r#"select r.id, r.recipe_group_id, g.line_id, g.code, r.version,
            (select max(version) from recipe x where x.recipe_group_id = r.recipe_group_id) as "latest_version!",
            r.name, r.description, r.product, r.batch_size_kg, r.medication_class, r.mixing_mode_id,
            r.weighing_items as "weighing_items: Json<Vec<WeighingItem>>",
            r.mixing_items as "mixing_items: Json<Vec<MixingItem>>",
            r.miscellaneous_items as "miscellaneous_items: Json<Vec<MiscellaneousItem>>",
            r.copied_from_id, r.saved_from_id, r.validated_at, r.locked_at, r.created_at, r.created_by,
            r.updated_at, r.updated_by
         from recipe r join recipe_group g on g.id = r.recipe_group_id
         where g.deleted_at is null and r.recipe_group_id = $1 order by r.version desc"#,
        group,
    )
    .fetch_all(db)
    .await?)
}

/// Which versions to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    /// The latest version of every recipe.
    Latest,
    /// Every version that holds a level now.
    Released,
    /// Every version never released.
    Unreleased,
}

pub async fn list(
    db: impl PgExecutor<'_>,
    line: Option<Uuid>,
    listing: Listing,
) -> DbResult<Vec<Version>> {
    list_window(db, line, listing, None, 0).await
}

/// [`list`], `limit` versions (all when `None`) after the first `offset`.
pub async fn list_window(
    db: impl PgExecutor<'_>,
    line: Option<Uuid>,
    listing: Listing,
    limit: Option<i64>,
    offset: i64,
) -> DbResult<Vec<Version>> {
    Ok(sqlx::query_as!(
        Version,
        r#"select r.id, r.recipe_group_id, g.line_id, g.code, r.version,
            (select max(version) from recipe x where x.recipe_group_id = r.recipe_group_id) as "latest_version!",
            r.name, r.description, r.product, r.batch_size_kg, r.medication_class, r.mixing_mode_id,
            r.weighing_items as "weighing_items: Json<Vec<WeighingItem>>",
            r.mixing_items as "mixing_items: Json<Vec<MixingItem>>",
            r.miscellaneous_items as "miscellaneous_items: Json<Vec<MiscellaneousItem>>",
            r.copied_from_id, r.saved_from_id, r.validated_at, r.locked_at, r.created_at, r.created_by,
            r.updated_at, r.updated_by
         from recipe r join recipe_group g on g.id = r.recipe_group_id
         where g.deleted_at is null and ($1::uuid is null or g.line_id = $1)
           and case $4::text
             when 'latest' then r.version = (select max(version) from recipe x where x.recipe_group_id = r.recipe_group_id)
             when 'released' then exists (select 1 from recipe_release l where l.recipe_id = r.id and l.ended_at is null)
             else r.locked_at is null end
         order by lower(g.code), r.version desc limit $2 offset $3"#,
        line,
        limit,
        offset,
        listing.as_str(),
    )
    .fetch_all(db)
    .await?)
}

/// How many versions [`list`] answers without a limit.
pub async fn count(db: impl PgExecutor<'_>, line: Option<Uuid>, listing: Listing) -> DbResult<i64> {
    Ok(sqlx::query_scalar!(
        r#"select count(*) as "count!" from recipe r join recipe_group g on g.id = r.recipe_group_id
         where g.deleted_at is null and ($1::uuid is null or g.line_id = $1)
           and case $2::text
             when 'latest' then r.version = (select max(version) from recipe x where x.recipe_group_id = r.recipe_group_id)
             when 'released' then exists (select 1 from recipe_release l where l.recipe_id = r.id and l.ended_at is null)
             else r.locked_at is null end"#,
        line,
        listing.as_str(),
    )
    .fetch_one(db)
    .await?)
}

impl Listing {
    /// The name the listing statements' `case` takes (a bound value, so each statement is one
    /// literal the build checks).
    fn as_str(self) -> &'static str {
        match self {
            Listing::Latest => "latest",
            Listing::Released => "released",
            Listing::Unreleased => "unreleased",
        }
    }
}

/// Creates a group; a taken code answers [`DbError::Conflict`] (`recipe_group_code_key`).
pub async fn insert_group(
    db: impl PgExecutor<'_>,
    line: Uuid,
    code: &str,
    actor: &str,
) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    sqlx::query!(
        "insert into recipe_group (id, line_id, code, created_by, updated_by) values ($1, $2, $3, $4, $4)",
        id,
        line,
        code,
        actor,
    )
    .execute(db)
    .await
    .map_err(DbError::from_sqlx)?;
    Ok(id)
}

/// Where a new version comes from.
pub struct NewVersion<'a> {
    pub group: Uuid,
    pub version: i32,
    pub content: &'a Content,
    pub copied_from: Option<Uuid>,
    pub saved_from: Option<Uuid>,
}

pub async fn insert_version(
    db: impl PgExecutor<'_>,
    v: NewVersion<'_>,
    actor: &str,
) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    let c = v.content;
    sqlx::query!(
        "insert into recipe (id, recipe_group_id, version, name, description, product, batch_size_kg,
            medication_class, mixing_mode_id, weighing_items, mixing_items, miscellaneous_items,
            copied_from_id, saved_from_id, created_by, updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)",
        id,
        v.group,
        v.version,
        c.name,
        c.description,
        c.product,
        c.batch_size_kg,
        c.medication_class,
        c.mixing_mode_id,
        Json(&c.weighing_items) as _,
        Json(&c.mixing_items) as _,
        Json(&c.miscellaneous_items) as _,
        v.copied_from,
        v.saved_from,
        actor,
    )
    .execute(db)
    .await
    .map_err(DbError::from_sqlx)?;
    Ok(id)
}

/// Replaces the document of an unlocked version; clears its validation. Locked versions are
/// never touched (the caller answers 409 before; this is the backstop).
pub async fn update_version(
    db: impl PgExecutor<'_>,
    id: Uuid,
    c: &Content,
    actor: &str,
) -> DbResult<()> {
    let done = sqlx::query!(
        "update recipe set name = $2, description = $3, product = $4, batch_size_kg = $5,
            medication_class = $6, mixing_mode_id = $7, weighing_items = $8, mixing_items = $9,
            miscellaneous_items = $10, validated_at = null, updated_at = now(), updated_by = $11
         where id = $1 and locked_at is null",
        id,
        c.name,
        c.description,
        c.product,
        c.batch_size_kg,
        c.medication_class,
        c.mixing_mode_id,
        Json(&c.weighing_items) as _,
        Json(&c.mixing_items) as _,
        Json(&c.miscellaneous_items) as _,
        actor,
    )
    .execute(db)
    .await?;
    if done.rows_affected() == 0 {
        return Err(DbError::NotFound);
    }
    Ok(())
}

/// Marks a version validated now (an unchanged draft whose checks passed).
pub async fn set_validated(db: impl PgExecutor<'_>, id: Uuid, valid: bool) -> DbResult<()> {
    sqlx::query!(
        "update recipe set validated_at = case when $2 then now() end where id = $1 and locked_at is null",
        id,
        valid,
    )
    .execute(db)
        .await?;
    Ok(())
}

/// Soft-deletes a group (its versions go with it).
pub async fn delete_group(db: impl PgExecutor<'_>, group: Uuid, actor: &str) -> DbResult<()> {
    let done = sqlx::query!(
        "update recipe_group set deleted_at = now(), deleted_by = $2, updated_at = now(), updated_by = $2
         where id = $1 and deleted_at is null",
        group,
        actor,
    )
    .execute(db)
    .await?;
    if done.rows_affected() == 0 {
        return Err(DbError::NotFound);
    }
    Ok(())
}

/// Batches of the versions `ids` still running on their line (a recipe in use cannot go).
pub async fn running_batches(db: impl PgExecutor<'_>, ids: &[Uuid]) -> DbResult<Vec<String>> {
    let ids: Vec<String> = ids.iter().map(Uuid::to_string).collect();
    Ok(sqlx::query_scalar!(
        "select batch_id from production_batch where recipe_id = any($1) and status = 'RUNNING' order by batch_id limit 5",
        &ids,
    )
    .fetch_all(db)
    .await?)
}

/// The live version whose miscellaneous items hold an item `_id` of `item`.
pub async fn with_miscellaneous_item(
    db: impl PgExecutor<'_>,
    item: Uuid,
) -> DbResult<Option<Uuid>> {
    Ok(sqlx::query_scalar!(
        "select r.id from recipe r join recipe_group g on g.id = r.recipe_group_id
         where g.deleted_at is null and r.miscellaneous_items @> jsonb_build_array(jsonb_build_object('_id', $1::text))",
        item.to_string(),
    )
    .fetch_optional(db)
    .await?)
}

/// The code and version of a live recipe version that names the record `id` (a material,
/// scale, bin, action, mode, parameter or feeding point), or of any recipe on the line `id`.
pub async fn using(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Option<(String, i32)>> {
    // Ids are UUIDs: their text occurs in a document only where the document names them.
    Ok(sqlx::query!(
        "select g.code, r.version from recipe r join recipe_group g on g.id = r.recipe_group_id
         where g.deleted_at is null and (g.line_id = $1 or r.mixing_mode_id = $1
           or strpos(r.weighing_items::text || r.mixing_items::text || r.miscellaneous_items::text, $1::text) > 0)
         order by lower(g.code), r.version limit 1",
        id,
    )
    .fetch_optional(db)
    .await?
    .map(|r| (r.code, r.version)))
}

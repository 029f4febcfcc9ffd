//! The recipe store (`sql/20261125000100_recipes.sql`): groups, their versions as documents,
//! the release levels and the releases. The api's `recipes` module holds the rules; these are
//! its queries.

use chrono::{DateTime, Utc};
use model::recipe::{Content, MiscellaneousItem, MixingItem, WeighingItem};
use sqlx::types::Json;
use sqlx::{FromRow, PgConnection, PgExecutor};
use uuid::Uuid;

use crate::DbResult;

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
mod usage;
mod write;
pub use releases::*;
pub use usage::*;
pub use write::*;

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

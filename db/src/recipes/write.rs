//! The writes of the recipe store: a new group, a new or edited version, its validation, a
//! group's delete.

use model::recipe::Content;
use sqlx::PgExecutor;
use sqlx::types::Json;
use uuid::Uuid;

use crate::{DbError, DbResult};

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

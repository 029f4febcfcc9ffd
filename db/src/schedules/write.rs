//! The writes of the order store: a new or edited order, its place in the line's queue (and
//! the line's lock that serialises them), a release, a user's status move, a delete.

use chrono::{DateTime, Utc};
use model::schedule::control::ControlRecipe;
use sqlx::types::Json;
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

use crate::{DbError, DbResult};

/// The values of a new or edited order.
#[derive(Debug, Clone)]
pub struct Fields<'a> {
    pub kind: &'a str,
    pub order_number: &'a str,
    pub name: &'a str,
    pub recipe_group_id: Option<Uuid>,
    pub medication_class: &'a str,
    pub batch_size_kg: f64,
    pub batches: i32,
    pub planned_start: DateTime<Utc>,
    pub sequence: i32,
    pub notes: Option<&'a str>,
}

/// Makes room at `sequence` on `line`: every order at or after it moves one place on.
pub async fn make_room(db: &mut PgConnection, line: Uuid, sequence: i32) -> DbResult<()> {
    sqlx::query!(
        "update production_schedule set sequence = sequence + 1
         where line_id = $1 and sequence >= $2 and deleted_at is null",
        line,
        sequence,
    )
    .execute(db)
    .await?;
    Ok(())
}

/// The place after the line's last order.
pub async fn next_sequence(db: impl PgExecutor<'_>, line: Uuid) -> DbResult<i32> {
    Ok(sqlx::query_scalar!(
        r#"select coalesce(max(sequence), 0) + 1 as "next!" from production_schedule where line_id = $1 and deleted_at is null"#,
        line,
    )
    .fetch_one(db)
    .await?)
}

/// Serialises writers of one line's queue (taken first in every transaction that places,
/// moves or releases an order of the line).
pub async fn lock_line(db: &mut PgConnection, line: Uuid) -> DbResult<()> {
    sqlx::query!("select id from line where id = $1 for update", line)
        .fetch_optional(db)
        .await?;
    Ok(())
}

pub async fn insert(
    db: &mut PgConnection,
    line: Uuid,
    f: &Fields<'_>,
    control: Option<&ControlRecipe>,
    actor: &str,
) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    sqlx::query!(
        "insert into production_schedule (id, line_id, kind, order_number, name, recipe_group_id, medication_class,
            batch_size_kg, batches, planned_start, sequence, notes, control_recipe, created_by, updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)",
        id,
        line,
        f.kind,
        f.order_number,
        f.name,
        f.recipe_group_id,
        f.medication_class,
        f.batch_size_kg,
        f.batches,
        f.planned_start,
        f.sequence,
        f.notes,
        control.map(Json) as _,
        actor,
    )
    .execute(db)
    .await
    .map_err(DbError::from_sqlx)?;
    Ok(id)
}

pub async fn update(db: &mut PgConnection, id: Uuid, f: &Fields<'_>, actor: &str) -> DbResult<()> {
    sqlx::query!(
        "update production_schedule set order_number = $2, name = $3, recipe_group_id = $4, medication_class = $5,
            batch_size_kg = $6, batches = $7, planned_start = $8, sequence = $9, notes = $10, updated_by = $11,
            updated_at = now()
         where id = $1 and deleted_at is null",
        id,
        f.order_number,
        f.name,
        f.recipe_group_id,
        f.medication_class,
        f.batch_size_kg,
        f.batches,
        f.planned_start,
        f.sequence,
        f.notes,
        actor,
    )
    .execute(db)
    .await
    .map_err(DbError::from_sqlx)?;
    Ok(())
}

/// Releases an order: pins the version and freezes its control recipe.
pub async fn release(
    db: &mut PgConnection,
    id: Uuid,
    recipe: Option<Uuid>,
    control: &ControlRecipe,
    actor: &str,
) -> DbResult<()> {
    sqlx::query!(
        "update production_schedule set status = 'RELEASED', recipe_id = coalesce(recipe_id, $2),
            medication_class = $3, control_recipe = coalesce(control_recipe, $4), released_at = coalesce(released_at, now()),
            released_by = coalesce(released_by, $5), updated_by = $5, updated_at = now()
         where id = $1",
        id,
        recipe,
        &control.medication_class,
        Json(control) as _,
        actor,
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Moves an order to `status` (a user's transition other than a release).
pub async fn set_status(
    db: &mut PgConnection,
    id: Uuid,
    status: &str,
    actor: &str,
) -> DbResult<()> {
    sqlx::query!(
        "update production_schedule set status = $2, updated_by = $3, updated_at = now(),
            finished_at = case when $2 in ('CANCELLED', 'ABORTED') then now() else finished_at end
         where id = $1",
        id,
        status,
        actor,
    )
    .execute(db)
    .await?;
    Ok(())
}

pub async fn delete(db: &mut PgConnection, id: Uuid, actor: &str) -> DbResult<()> {
    sqlx::query!(
        "update production_schedule set deleted_at = now(), deleted_by = $2 where id = $1 and deleted_at is null",
        id,
        actor,
    )
    .execute(db)
    .await?;
    Ok(())
}

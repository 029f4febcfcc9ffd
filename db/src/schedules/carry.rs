//! A line's carry-over settings: the class matrix and the flush.

use chrono::{DateTime, Utc};
use model::schedule::carry::Rule;
use sqlx::types::Json;
use sqlx::{FromRow, PgExecutor};
use uuid::Uuid;

use crate::DbResult;

/// A line's carry-over settings as stored.
#[derive(Debug, Clone, FromRow)]
pub struct CarryOver {
    pub rules: Json<Vec<Rule>>,
    pub flush_material_id: Option<Uuid>,
    pub flush_quantity_kg: Option<f64>,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
}

pub async fn carry_over(db: impl PgExecutor<'_>, line: Uuid) -> DbResult<Option<CarryOver>> {
    Ok(sqlx::query_as!(
        CarryOver,
        r#"select rules as "rules: Json<Vec<Rule>>", flush_material_id, flush_quantity_kg, updated_at, updated_by from carry_over where line_id = $1"#,
        line,
    )
    .fetch_optional(db)
    .await?)
}

/// A line's carry-over settings, locked until the transaction ends (an edit reads what it
/// changes this way, so a concurrent edit waits and then sees its `updated_at`).
pub async fn carry_over_for_update(
    db: &mut sqlx::PgConnection,
    line: Uuid,
) -> DbResult<Option<CarryOver>> {
    Ok(sqlx::query_as!(
        CarryOver,
        r#"select rules as "rules: Json<Vec<Rule>>", flush_material_id, flush_quantity_kg, updated_at, updated_by from carry_over where line_id = $1 for update"#,
        line,
    )
    .fetch_optional(db)
    .await?)
}

pub async fn set_carry_over(
    db: impl PgExecutor<'_>,
    line: Uuid,
    rules: &[Rule],
    flush: Option<(Uuid, f64)>,
    actor: &str,
) -> DbResult<()> {
    sqlx::query!(
        "insert into carry_over (line_id, rules, flush_material_id, flush_quantity_kg, updated_by)
         values ($1, $2, $3, $4, $5)
         on conflict (line_id) do update set rules = excluded.rules, flush_material_id = excluded.flush_material_id,
            flush_quantity_kg = excluded.flush_quantity_kg, updated_by = excluded.updated_by, updated_at = now()",
        line,
        Json(rules) as _,
        flush.map(|f| f.0),
        flush.map(|f| f.1),
        actor,
    )
    .execute(db)
    .await?;
    Ok(())
}

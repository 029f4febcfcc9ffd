//! The saved SPC parameter sets: read, saved, deleted, and the live ones that judge batches.

use chrono::{DateTime, Utc};
use model::spc::ChartKind;
use sqlx::{FromRow, PgExecutor};
use uuid::Uuid;

use crate::DbResult;

/// A saved SPC parameter set.
#[derive(Debug, Clone, FromRow)]
pub struct Set {
    pub id: Uuid,
    pub kind: String,
    pub line_id: Uuid,
    pub name: String,
    pub subject: String,
    pub material_code: Option<String>,
    pub scale_code: Option<String>,
    pub parameter_code: Option<String>,
    pub recipe_id: Option<Uuid>,
    pub chart: ChartKind,
    pub subgroup: i32,
    pub baseline_from: DateTime<Utc>,
    pub baseline_to: DateTime<Utc>,
    pub rules: Vec<String>,
    pub live: bool,
    pub created_at: DateTime<Utc>,
    pub created_by: Option<String>,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
}

// The statements that read a `Set` select the same columns (sqlx's macros take literals only).

/// The live sets of `kind` (of `line` when given), by line and name.
pub async fn sets(db: impl PgExecutor<'_>, kind: &str, line: Option<Uuid>) -> DbResult<Vec<Set>> {
    Ok(sqlx::query_as!(
        Set,
        "select id, kind, line_id, name, subject, material_code, scale_code, parameter_code, recipe_id,
            chart as \"chart: ChartKind\", subgroup, baseline_from, baseline_to, rules, live, created_at, created_by, updated_at, updated_by
         from spc_parameter_set
         where deleted_at is null and kind = $1 and ($2::uuid is null or line_id = $2)
         order by line_id, lower(name)",
        kind,
        line,
    )
    .fetch_all(db)
    .await?)
}

pub async fn set(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Option<Set>> {
    Ok(sqlx::query_as!(
        Set,
        "select id, kind, line_id, name, subject, material_code, scale_code, parameter_code, recipe_id,
            chart as \"chart: ChartKind\", subgroup, baseline_from, baseline_to, rules, live, created_at, created_by, updated_at, updated_by
         from spc_parameter_set where deleted_at is null and id = $1",
        id,
    )
    .fetch_optional(db)
    .await?)
}

/// The live set `id`, locked until the transaction ends (an update reads what it changes this
/// way, so a concurrent update waits and then sees its `updated_at`).
pub async fn set_for_update(db: &mut sqlx::PgConnection, id: Uuid) -> DbResult<Option<Set>> {
    Ok(sqlx::query_as!(
        Set,
        "select id, kind, line_id, name, subject, material_code, scale_code, parameter_code, recipe_id,
            chart as \"chart: ChartKind\", subgroup, baseline_from, baseline_to, rules, live, created_at, created_by, updated_at, updated_by
         from spc_parameter_set where deleted_at is null and id = $1 for update",
        id,
    )
    .fetch_optional(db)
    .await?)
}

/// Inserts `s` (new id) or updates the live set of its id; the saved set. A name taken on the
/// line is a [`crate::DbError::Conflict`] on `spc_parameter_set_name_key`.
pub async fn save(
    db: impl PgExecutor<'_>,
    s: &Set,
    by: &str,
    insert: bool,
) -> DbResult<Option<Set>> {
    if insert {
        sqlx::query_as!(
            Set,
            "insert into spc_parameter_set (id, kind, line_id, name, subject, material_code, scale_code,
                parameter_code, recipe_id, chart, subgroup, baseline_from, baseline_to, rules, live,
                created_by, updated_by)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)
             returning id, kind, line_id, name, subject, material_code, scale_code, parameter_code, recipe_id,
            chart as \"chart: ChartKind\", subgroup, baseline_from, baseline_to, rules, live, created_at, created_by, updated_at, updated_by",
            s.id,
            s.kind,
            s.line_id,
            s.name,
            s.subject,
            s.material_code,
            s.scale_code,
            s.parameter_code,
            s.recipe_id,
            s.chart.as_str(),
            s.subgroup,
            s.baseline_from,
            s.baseline_to,
            &s.rules,
            s.live,
            by,
        )
        .fetch_optional(db)
        .await
    } else {
        sqlx::query_as!(
            Set,
            "update spc_parameter_set set name = $4, subject = $5, material_code = $6, scale_code = $7,
                parameter_code = $8, recipe_id = $9, chart = $10, subgroup = $11, baseline_from = $12,
                baseline_to = $13, rules = $14, live = $15, updated_by = $16, updated_at = now()
             where id = $1 and kind = $2 and line_id = $3 and deleted_at is null
             returning id, kind, line_id, name, subject, material_code, scale_code, parameter_code, recipe_id,
            chart as \"chart: ChartKind\", subgroup, baseline_from, baseline_to, rules, live, created_at, created_by, updated_at, updated_by",
            s.id,
            s.kind,
            s.line_id,
            s.name,
            s.subject,
            s.material_code,
            s.scale_code,
            s.parameter_code,
            s.recipe_id,
            s.chart.as_str(),
            s.subgroup,
            s.baseline_from,
            s.baseline_to,
            &s.rules,
            s.live,
            by,
        )
        .fetch_optional(db)
        .await
    }
    .map_err(crate::DbError::from_sqlx)
}

/// Soft-deletes the live set `id` of `kind`; whether there was one.
pub async fn delete(db: impl PgExecutor<'_>, id: Uuid, kind: &str, by: &str) -> DbResult<bool> {
    let n = sqlx::query!(
        "update spc_parameter_set set deleted_at = now(), deleted_by = $3
         where id = $1 and kind = $2 and deleted_at is null",
        id,
        kind,
        by,
    )
    .execute(db)
    .await?
    .rows_affected();
    Ok(n > 0)
}

/// The sets that judge each completed batch of their line: live `BATCH` sets.
pub async fn live_sets(db: impl PgExecutor<'_>) -> DbResult<Vec<Set>> {
    Ok(sqlx::query_as!(
        Set,
        "select id, kind, line_id, name, subject, material_code, scale_code, parameter_code, recipe_id,
            chart as \"chart: ChartKind\", subgroup, baseline_from, baseline_to, rules, live, created_at, created_by, updated_at, updated_by
         from spc_parameter_set where deleted_at is null and kind = 'BATCH' and live order by line_id, id"
    )
    .fetch_all(db)
    .await?)
}

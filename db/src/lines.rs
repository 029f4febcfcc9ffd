//! The configured lines as the reports and the dashboard read them: the live lines with their
//! zone, their active shifts, a line's name.

use sqlx::PgExecutor;
use uuid::Uuid;

use crate::DbResult;

/// A configured (not deleted) line.
#[derive(Debug, Clone)]
pub struct Line {
    pub id: Uuid,
    pub code: String,
    pub name: String,
    /// IANA zone name, e.g. `Europe/Berlin`.
    pub timezone: String,
    /// The first instant from which the local-day rollups hold every day of the line's zone
    /// whole (`report_zone`, decision 104); `None` when they do not follow its zone.
    pub days_since: Option<chrono::DateTime<chrono::Utc>>,
}

/// An active shift of a line, its times as configured (`HH:MM`).
#[derive(Debug, Clone)]
pub struct Shift {
    pub id: Uuid,
    pub line_id: Uuid,
    pub name: String,
    pub start_time: String,
    pub end_time: String,
    /// Weekday names (`MONDAY`…); empty for every day.
    pub days: Vec<String>,
}

/// The live lines, ordered by code (case-insensitive); only line `only` when given.
pub async fn live(db: impl PgExecutor<'_>, only: Option<Uuid>) -> DbResult<Vec<Line>> {
    Ok(sqlx::query_as!(
        Line,
        r#"select l.id, l.code, l.name, l.timezone, z.since as "days_since?"
         from line l left join report_zone z on z.line_id = l.id::text and z.zone = l.timezone
         where l.deleted_at is null and ($1::uuid is null or l.id = $1) order by lower(l.code)"#,
        only
    )
    .fetch_all(db)
    .await?)
}

/// The active shifts of `lines`, by start time and name.
pub async fn active_shifts(db: impl PgExecutor<'_>, lines: &[Uuid]) -> DbResult<Vec<Shift>> {
    Ok(sqlx::query_as!(
        Shift,
        "select id, line_id, name, start_time, end_time, days from shift
         where deleted_at is null and active and line_id = any($1) order by start_time, lower(name)",
        lines
    )
    .fetch_all(db)
    .await?)
}

/// The name of live line `id` (its id as text; `None` for an unknown or deleted line).
pub async fn name(db: impl PgExecutor<'_>, id: &str) -> DbResult<Option<String>> {
    Ok(sqlx::query_scalar!(
        "select name from line where id::text = $1 and deleted_at is null",
        id
    )
    .fetch_optional(db)
    .await?)
}

/// Every live line's name by its id as text.
pub async fn names(db: impl PgExecutor<'_>) -> DbResult<Vec<(String, String)>> {
    Ok(
        sqlx::query!(r#"select id::text as "id!", name from line where deleted_at is null"#)
            .fetch_all(db)
            .await?
            .into_iter()
            .map(|r| (r.id, r.name))
            .collect(),
    )
}

/// Whether line `id` is configured and not deleted.
pub async fn is_live(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<bool> {
    Ok(sqlx::query_scalar!(
        r#"select exists (select 1 from line where id = $1 and deleted_at is null) as "live!""#,
        id
    )
    .fetch_one(db)
    .await?)
}

/// A configured table whose records a line names by code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Named {
    /// `mixing_action`: the steps a mixer records.
    MixingAction,
    /// `miscellaneous_parameter`: process values with a unit.
    MiscellaneousParameter,
}

/// A configured record's name (and unit, where the table has one), by its code.
#[derive(Debug, Clone)]
pub struct CodeName {
    pub code: String,
    pub name: String,
    pub unit: Option<String>,
}

/// The live records of `table` on line `line` (its id as text).
pub async fn named(db: impl PgExecutor<'_>, table: Named, line: &str) -> DbResult<Vec<CodeName>> {
    Ok(match table {
        Named::MixingAction => {
            sqlx::query_as!(
                CodeName,
                r#"select code, name, null::text as unit from mixing_action
               where line_id::text = $1 and deleted_at is null"#,
                line
            )
            .fetch_all(db)
            .await?
        }
        Named::MiscellaneousParameter => {
            sqlx::query_as!(
                CodeName,
                "select code, name, unit from miscellaneous_parameter
             where line_id::text = $1 and deleted_at is null",
                line
            )
            .fetch_all(db)
            .await?
        }
    })
}

/// The live material of line `line` with code `code` (exactly as given).
pub async fn material_id(
    db: impl PgExecutor<'_>,
    line: Uuid,
    code: &str,
) -> DbResult<Option<Uuid>> {
    Ok(sqlx::query_scalar!(
        "select id from material where line_id = $1 and code = $2 and deleted_at is null",
        line,
        code
    )
    .fetch_optional(db)
    .await?)
}

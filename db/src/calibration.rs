//! Scale calibration: per scale its checks in a range and its last (passed) check, and the
//! checks a page at a time.

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;

use crate::DbResult;

/// A scale (configured, or checked in the range) with its checks.
#[derive(Debug, Clone)]
pub struct Scale {
    pub line_id: String,
    /// The scale's code.
    pub scale_id: String,
    /// Absent for a scale no longer configured.
    pub scale_name: Option<String>,
    pub capacity_kg: Option<f64>,
    pub resolution_kg: Option<f64>,
    /// Checks in the range, and how many passed.
    pub checks: i64,
    pub passed: i64,
    pub max_abs_error_kg: Option<f64>,
    /// The last check up to now, whether it passed, and the last passed one.
    pub last_check_at: Option<DateTime<Utc>>,
    pub last_passed: Option<bool>,
    pub last_passed_at: Option<DateTime<Utc>>,
}

/// The scales of `lines` (only scale code `scale` when given) with their checks in `[from, to)`.
pub async fn scales(
    db: impl PgExecutor<'_>,
    lines: &[String],
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    scale: Option<&str>,
) -> DbResult<Vec<Scale>> {
    Ok(
        sqlx::query_file_as!(Scale, "src/calibration.sql", lines, from, to, scale)
            .fetch_all(db)
            .await?,
    )
}

/// One check of a scale.
#[derive(Debug, Clone)]
pub struct Check {
    pub time: DateTime<Utc>,
    pub line_id: String,
    pub scale_id: String,
    pub test_weight_kg: f64,
    pub reading_kg: f64,
    pub error_kg: f64,
    /// The error in % of the test weight (0 for a zero test weight).
    pub error_pct: f64,
    pub passed: bool,
    pub checked_by: Option<String>,
}

/// The checks of `lines` in `[from, to)` (only scale `scale`), newest first: `limit` from `offset`.
pub async fn checks(
    db: impl PgExecutor<'_>,
    lines: &[String],
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    scale: Option<&str>,
    limit: i64,
    offset: i64,
) -> DbResult<Vec<Check>> {
    Ok(sqlx::query_as!(
        Check,
        r#"select time, line_id, scale_id, test_weight_kg, reading_kg, error_kg,
                case when test_weight_kg <> 0 then error_kg / test_weight_kg * 100 else 0 end as "error_pct!",
                passed, checked_by
         from calibration_check
         where line_id = any($1) and time >= $2 and time < $3 and ($4::text is null or scale_id = $4)
         order by time desc, id desc limit $5 offset $6"#,
        lines,
        from,
        to,
        scale,
        limit,
        offset
    )
    .fetch_all(db)
    .await?)
}

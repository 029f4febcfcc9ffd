//! The dashboard's line states: the seconds in each state within windows, each line's state
//! now with the batch it runs, and the batches a line ended in a range.

use chrono::{DateTime, Utc};
use model::wire::{BatchStatus, LineStateKind};
use sqlx::PgExecutor;

use crate::DbResult;

/// The seconds a window spent in one state.
#[derive(Debug, Clone)]
pub struct StateSeconds {
    /// The window's index in the list asked, from 1.
    pub window: i64,
    pub state: LineStateKind,
    pub seconds: f64,
}

/// Seconds in each line state within `windows` (line, from, to; half-open) up to now; time
/// before a line's first known state is not counted.
pub async fn state_seconds(
    db: impl PgExecutor<'_>,
    windows: &[(String, DateTime<Utc>, DateTime<Utc>)],
) -> DbResult<Vec<StateSeconds>> {
    let lines: Vec<String> = windows.iter().map(|w| w.0.clone()).collect();
    let froms: Vec<DateTime<Utc>> = windows.iter().map(|w| w.1).collect();
    let tos: Vec<DateTime<Utc>> = windows.iter().map(|w| w.2).collect();
    Ok(sqlx::query_file_as!(
        StateSeconds,
        "src/dashboard/states.sql",
        &lines,
        &froms,
        &tos
    )
    .fetch_all(db)
    .await?)
}

/// A line now: its last state, the batch it runs, its last ended batch.
#[derive(Debug, Clone)]
pub struct LineNow {
    pub line_id: String,
    pub state: Option<LineStateKind>,
    pub since: Option<DateTime<Utc>>,
    /// The stop reason the line reported with its state.
    pub reason: Option<String>,
    pub batch_id: Option<String>,
    pub recipe_code: Option<String>,
    pub recipe_name: Option<String>,
    pub schedule_name: Option<String>,
    pub batch_started_at: Option<DateTime<Utc>>,
    pub batch_target_kg: Option<f64>,
    pub last_batch_ended_at: Option<DateTime<Utc>>,
    pub last_batch_status: Option<BatchStatus>,
}

/// Each of `lines` now, in their order.
pub async fn lines_now(db: impl PgExecutor<'_>, lines: &[String]) -> DbResult<Vec<LineNow>> {
    Ok(
        sqlx::query_file_as!(LineNow, "src/dashboard/status.sql", lines)
            .fetch_all(db)
            .await?,
    )
}

/// How many batches line `line` ended in `[from, to)`.
pub async fn batches_ended(
    db: impl PgExecutor<'_>,
    line: &str,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> DbResult<i64> {
    Ok(sqlx::query_scalar!(
        r#"select count(*) as "n!" from production_batch where line_id = $1 and ended_at >= $2 and ended_at < $3"#,
        line,
        from,
        to
    )
    .fetch_one(db)
    .await?)
}

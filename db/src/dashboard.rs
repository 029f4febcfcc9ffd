//! The dashboard's line states: the seconds in each state within windows, and each line's state
//! now with the batch it runs and the batches it ended today.

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
    let (lines, froms, tos) = crate::window_columns(windows);
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
    /// Batches ended in the line's day (the window asked).
    pub batches_today: i64,
}

/// Each line of `days` (line, its day's start and end) now, in their order.
pub async fn lines_now(
    db: impl PgExecutor<'_>,
    days: &[(String, DateTime<Utc>, DateTime<Utc>)],
) -> DbResult<Vec<LineNow>> {
    let (lines, froms, tos) = crate::window_columns(days);
    Ok(
        sqlx::query_file_as!(LineNow, "src/dashboard/status.sql", &lines, &froms, &tos)
            .fetch_all(db)
            .await?,
    )
}

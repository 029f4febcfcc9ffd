//! What the live service replays at start-up to serve a correct snapshot at once: the rows of
//! today turned back into wire samples (JSON with the wire's field names, decoded by the wire
//! types' own serde), each line's local day starts, and the orders running now.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;

use crate::DbResult;

/// A stored row as the wire sample it came as, with its line.
#[derive(Debug, Clone)]
pub struct Replayed {
    pub line_id: String,
    pub sample: serde_json::Value,
}

/// The kinds of rows replayed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replay {
    /// Each line's last state of the past 7 days.
    States,
    /// The last two days' batches as STARTED and ENDED events.
    Batches,
    /// The weighings of the batches running now.
    Weighings,
    /// Their mixing steps.
    Mixing,
    /// Their last hour's process values (the newest 50,000).
    Process,
}

/// The rows of `kind` as wire samples.
pub async fn replay(db: impl PgExecutor<'_>, kind: Replay) -> DbResult<Vec<Replayed>> {
    Ok(match kind {
        Replay::States => {
            sqlx::query_file_as!(Replayed, "src/live/states.sql")
                .fetch_all(db)
                .await?
        }
        Replay::Batches => {
            sqlx::query_file_as!(Replayed, "src/live/batches.sql")
                .fetch_all(db)
                .await?
        }
        Replay::Weighings => {
            sqlx::query_file_as!(Replayed, "src/live/weighings.sql")
                .fetch_all(db)
                .await?
        }
        Replay::Mixing => {
            sqlx::query_file_as!(Replayed, "src/live/mixing.sql")
                .fetch_all(db)
                .await?
        }
        Replay::Process => {
            sqlx::query_file_as!(Replayed, "src/live/process.sql")
                .fetch_all(db)
                .await?
        }
    })
}

/// Each configured line's local day starts from yesterday's to the day after tomorrow's, in
/// the line's zone by Postgres's zone rules (as the reports cut days), by line id.
pub async fn day_starts(db: impl PgExecutor<'_>) -> DbResult<HashMap<String, Vec<DateTime<Utc>>>> {
    let rows = sqlx::query!(
        r#"select id::text as "line_id!", array(
            select (date_trunc('day', now() at time zone timezone) + make_interval(days => d)) at time zone timezone
            from generate_series(-1, 2) d order by d) as "starts!"
         from line where deleted_at is null"#
    )
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|r| (r.line_id, r.starts)).collect())
}

/// An order the board has RUNNING.
#[derive(Debug, Clone)]
pub struct Running {
    pub line_id: String,
    pub id: String,
    pub order_number: String,
    pub name: String,
    pub batches: i32,
    pub batches_done: i32,
}

/// The orders RUNNING now, by line and in each line's queue order.
pub async fn running_orders(db: impl PgExecutor<'_>) -> DbResult<Vec<Running>> {
    Ok(sqlx::query_as!(
        Running,
        r#"select line_id::text as "line_id!", id::text as "id!", order_number, name, batches, batches_done
         from production_schedule where status = 'RUNNING' and deleted_at is null
         order by line_id, sequence, planned_start"#
    )
    .fetch_all(db)
    .await?)
}

//! Line stops: each STOPPED or FAULT state until the line's next state, with the reason in
//! force (one given afterwards wins over the one the line reported), a page at a time with the
//! counts and durations of them all by reason.

use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

use crate::DbResult;

/// The stops that began in `windows` (line, from, to; half-open): `limit` of them from
/// `offset` in time order, and every stop grouped by the reason in force. Both come as JSON
/// documents built by the statement (`stops.sql` names their camelCase fields: a stop's
/// `lineId`, `startedAt`, … `assignedAt`; a group's `key`, `code`, `name`, `groupName`,
/// `planned`, `stops`, `durationS`), read into the caller's types.
pub async fn page<S: DeserializeOwned, G: DeserializeOwned>(
    db: impl PgExecutor<'_>,
    windows: &[(String, DateTime<Utc>, DateTime<Utc>)],
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<S>, Vec<G>)> {
    let (lines, froms, tos) = crate::window_columns(windows);
    let r = sqlx::query_file!("src/stops.sql", &lines, &froms, &tos, limit, offset)
        .fetch_one(db)
        .await?;
    let decode = |e: serde_json::Error| sqlx::Error::Decode(Box::new(e));
    Ok((
        serde_json::from_value(r.page).map_err(decode)?,
        serde_json::from_value(r.groups).map_err(decode)?,
    ))
}

/// Whether stop reason `reason` is configured (not deleted) on line `line` (its id as text).
pub async fn reason_is_live(db: impl PgExecutor<'_>, reason: Uuid, line: &str) -> DbResult<bool> {
    Ok(sqlx::query_scalar!(
        r#"select exists (select 1 from stop_reason where id = $1 and line_id::text = $2 and deleted_at is null) as "live!""#,
        reason,
        line
    )
    .fetch_one(db)
    .await?)
}

/// Gives the stop of line `line` that began at `started_at` the reason `reason` (replacing one
/// given before).
pub async fn assign(
    tx: &mut PgConnection,
    line: &str,
    started_at: DateTime<Utc>,
    reason: Uuid,
    by: &str,
) -> DbResult<()> {
    sqlx::query!(
        "insert into stop_assignment (line_id, started_at, stop_reason_id, assigned_by) values ($1, $2, $3, $4)
         on conflict (line_id, started_at) do update set stop_reason_id = excluded.stop_reason_id,
            assigned_by = excluded.assigned_by, assigned_at = now()",
        line,
        started_at,
        reason,
        by
    )
    .execute(tx)
    .await?;
    Ok(())
}

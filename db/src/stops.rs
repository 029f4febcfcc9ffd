//! Line stops: each STOPPED or FAULT state until the line's next state, with the reason in
//! force (one given afterwards wins over the one the line reported), a page at a time with the
//! counts and durations of them all by reason.

use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

use crate::DbResult;

/// What the stops of some windows are counted from: `raw` pieces (line, from, to) read every
/// state; `rolled` ones (line, tier `D` or `M`, from, to), whole local days and months of the
/// line's zone, read the stop rollups.
#[derive(Debug, Default, Clone)]
pub struct StopPieces {
    pub raw: Vec<(String, DateTime<Utc>, DateTime<Utc>)>,
    pub rolled: Vec<(String, &'static str, DateTime<Utc>, DateTime<Utc>)>,
}

/// The stops that began in `windows` (line, from, to; half-open): `limit` of them from
/// `offset` in time order, and every stop grouped by the reason in force, counted from `pieces`
/// (which cover the windows). Both come as JSON documents built by the statement (`stops.sql`
/// names their camelCase fields: a stop's `lineId`, `startedAt`, … `assignedAt`; a group's
/// `key`, `code`, `name`, `groupName`, `planned`, `stops`, `durationS`), read into the caller's
/// types.
pub async fn page<S: DeserializeOwned, G: DeserializeOwned>(
    db: impl PgExecutor<'_>,
    windows: &[(String, DateTime<Utc>, DateTime<Utc>)],
    pieces: &StopPieces,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<S>, Vec<G>)> {
    let (lines, froms, tos) = crate::window_columns(windows);
    let (raw_lines, raw_froms, raw_tos) = crate::window_columns(&pieces.raw);
    let rolled = &pieces.rolled;
    let r = sqlx::query_file!(
        "src/stops.sql",
        &lines,
        &froms,
        &tos,
        limit,
        offset,
        &raw_lines,
        &raw_froms,
        &raw_tos,
        &rolled.iter().map(|p| p.0.clone()).collect::<Vec<_>>(),
        &rolled.iter().map(|p| p.1.to_string()).collect::<Vec<_>>(),
        &rolled.iter().map(|p| p.2).collect::<Vec<_>>(),
        &rolled.iter().map(|p| p.3).collect::<Vec<_>>()
    )
    .fetch_one(db)
    .await?;
    let decode = |e: serde_json::Error| sqlx::Error::Decode(Box::new(e));
    Ok((
        serde_json::from_value(r.page).map_err(decode)?,
        serde_json::from_value(r.groups).map_err(decode)?,
    ))
}

/// Rolls the stop rollups again for the states of `lines` at `times` (stored or given a reason
/// in this transaction): the local days holding them and the day before each, and their months
/// (`report_stop_roll`); and the state times around them (`report_state_roll`, decision 112). Each line is locked first, until the commit, so rolls of one line run one
/// after another and each sees the states the others stored.
pub async fn roll(
    tx: &mut PgConnection,
    lines: &[String],
    times: &[DateTime<Utc>],
) -> DbResult<i32> {
    let mut keys: Vec<&String> = lines.iter().collect();
    keys.sort();
    keys.dedup();
    sqlx::query!(
        r#"select count(pg_advisory_xact_lock(hashtextextended('stops/' || l, 0))) as "locked!"
           from (select * from unnest($1::text[]) l order by 1) s"#,
        &keys.into_iter().cloned().collect::<Vec<_>>()
    )
    .fetch_one(&mut *tx)
    .await?;
    let rolled = sqlx::query!(
        r#"select report_stop_roll($1, $2) as "days!", report_state_roll($1, $2) as "lines!""#,
        lines,
        times
    )
    .fetch_one(&mut *tx)
    .await?;
    Ok(rolled.days)
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
    .execute(&mut *tx)
    .await?;
    roll(tx, &[line.to_string()], &[started_at]).await?;
    Ok(())
}

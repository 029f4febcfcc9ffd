//! Plant time: instants turned into a line's wall-clock time and back by Postgres's zone
//! database, the one the report SQL uses, so a screen, a PDF and a report's windows agree on
//! every zone rule (decision 89).

use chrono::{DateTime, NaiveDateTime, Utc};
use sqlx::PgExecutor;

use crate::DbResult;

/// The wall-clock time in `zone` now.
pub async fn now_in(db: impl PgExecutor<'_>, zone: &str) -> DbResult<NaiveDateTime> {
    Ok(sqlx::query_scalar!(
        r#"select (now() at time zone $1)::timestamp as "now!""#,
        zone
    )
    .fetch_one(db)
    .await?)
}

/// `local` wall-clock times of zone `zone` as instants (an hour skipped by a clock change maps
/// forward, a repeated hour to its first occurrence, as Postgres does).
pub async fn to_utc(
    db: impl PgExecutor<'_>,
    zone: &str,
    local: &[NaiveDateTime],
) -> DbResult<Vec<DateTime<Utc>>> {
    Ok(sqlx::query_scalar!(
        r#"select t at time zone $1 as "t!" from unnest($2::timestamp[]) with ordinality as u(t, n) order by n"#,
        zone,
        local,
    )
    .fetch_all(db)
    .await?)
}

/// Instants as wall-clock times of zone `zone`.
pub async fn to_local(
    db: impl PgExecutor<'_>,
    zone: &str,
    at: &[DateTime<Utc>],
) -> DbResult<Vec<NaiveDateTime>> {
    Ok(sqlx::query_scalar!(
        r#"select t at time zone $1 as "t!" from unnest($2::timestamptz[]) with ordinality as u(t, n) order by n"#,
        zone,
        at,
    )
    .fetch_all(db)
    .await?)
}

/// [`to_utc`], each wall-clock time `local[i]` of its own zone `zones[i]` (many lines at once).
pub async fn to_utc_in(
    db: impl PgExecutor<'_>,
    zones: &[String],
    local: &[NaiveDateTime],
) -> DbResult<Vec<DateTime<Utc>>> {
    Ok(sqlx::query_scalar!(
        r#"select t at time zone z as "t!" from unnest($1::text[], $2::timestamp[]) with ordinality as u(z, t, n)
           order by n"#,
        zones,
        local,
    )
    .fetch_all(db)
    .await?)
}

/// [`to_local`], each instant `at[i]` in its own zone `zones[i]` (many lines at once).
pub async fn to_local_in(
    db: impl PgExecutor<'_>,
    zones: &[String],
    at: &[DateTime<Utc>],
) -> DbResult<Vec<NaiveDateTime>> {
    Ok(sqlx::query_scalar!(
        r#"select t at time zone z as "t!" from unnest($1::text[], $2::timestamptz[]) with ordinality as u(z, t, n)
           order by n"#,
        zones,
        at,
    )
    .fetch_all(db)
    .await?)
}

/// `times` as `YYYY-MM-DD HH24:MI` in `zone`, in their order.
pub async fn minutes(
    db: impl PgExecutor<'_>,
    zone: &str,
    times: &[DateTime<Utc>],
) -> DbResult<Vec<String>> {
    Ok(sqlx::query_scalar!(
        r#"select to_char(t at time zone $1, 'YYYY-MM-DD HH24:MI') as "t!"
           from unnest($2::timestamptz[]) with ordinality as u(t, n) order by n"#,
        zone,
        times
    )
    .fetch_all(db)
    .await?)
}

/// [`minutes`] with the seconds: `2026-11-27 03:12:45`, as an audit trail reads.
pub async fn seconds(
    db: impl PgExecutor<'_>,
    zone: &str,
    times: &[DateTime<Utc>],
) -> DbResult<Vec<String>> {
    Ok(sqlx::query_scalar!(
        r#"select to_char(t at time zone $1, 'YYYY-MM-DD HH24:MI:SS') as "t!"
           from unnest($2::timestamptz[]) with ordinality as u(t, n) order by n"#,
        zone,
        times
    )
    .fetch_all(db)
    .await?)
}

/// The zone a screen or document of `line` shows its times in: the line's; without a line the
/// live lines' common zone, else UTC (decision 89).
pub async fn plant_zone(db: impl PgExecutor<'_>, line: Option<uuid::Uuid>) -> DbResult<String> {
    Ok(sqlx::query_scalar!(
        r#"select coalesce(
               (select timezone from line where id = $1),
               (select min(timezone) from line where deleted_at is null
                having count(distinct timezone) = 1),
               'UTC') as "zone!""#,
        line
    )
    .fetch_one(db)
    .await?)
}

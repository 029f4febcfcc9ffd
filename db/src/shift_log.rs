//! The shift log (issue 34, item 4; decision 113): an entry per line and shift occurrence with
//! its notes, open items, handover and the summary kept at the handover.

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::Value;
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

use crate::DbResult;

/// An entry as stored, with its line's and shift's names.
#[derive(Debug, Clone)]
pub struct Entry {
    pub id: Uuid,
    pub line_id: Uuid,
    pub line_name: String,
    pub shift_id: Uuid,
    pub shift_name: String,
    pub date: NaiveDate,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub notes: String,
    pub open_items: Value,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    pub updated_at: DateTime<Utc>,
    pub updated_by: String,
    pub handed_over_at: Option<DateTime<Utc>>,
    pub handed_over_by: Option<String>,
    pub handover_note: Option<String>,
    pub summary: Option<Value>,
}

/// A new entry.
pub struct New<'a> {
    pub id: Uuid,
    pub line_id: Uuid,
    pub shift_id: Uuid,
    pub date: NaiveDate,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub notes: &'a str,
    pub open_items: &'a Value,
    pub by: &'a str,
}

/// Adds `n`; `false` when the line already has an entry for that shift occurrence.
pub async fn add(tx: &mut PgConnection, n: &New<'_>) -> DbResult<bool> {
    Ok(sqlx::query!(
        "insert into shift_log (id, line_id, shift_id, date, starts_at, ends_at, notes, open_items, created_by, updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
         on conflict (line_id, shift_id, date) do nothing",
        n.id,
        n.line_id,
        n.shift_id,
        n.date,
        n.starts_at,
        n.ends_at,
        n.notes,
        n.open_items,
        n.by
    )
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1)
}

/// The entry `id`, locked until the transaction ends when `db` is one (`for update`).
pub async fn get(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Option<Entry>> {
    one(db, Some(id), None).await
}

/// The entry of the line's shift occurrence that starts last before `before`: the shift the
/// new one follows (locked as [`get`] locks).
pub async fn previous(
    db: impl PgExecutor<'_>,
    line: Uuid,
    before: DateTime<Utc>,
) -> DbResult<Option<Entry>> {
    one(db, None, Some((line, before))).await
}

/// Entry `id`, or else the last of `line` starting before the instant.
async fn one(
    db: impl PgExecutor<'_>,
    id: Option<Uuid>,
    before: Option<(Uuid, DateTime<Utc>)>,
) -> DbResult<Option<Entry>> {
    let (line, at) = before.unzip();
    Ok(sqlx::query_as!(
        Entry,
        r#"select s.id, s.line_id, l.name as line_name, s.shift_id, sh.name as shift_name, s.date, s.starts_at,
                  s.ends_at, s.notes, s.open_items, s.created_at, s.created_by, s.updated_at, s.updated_by,
                  s.handed_over_at, s.handed_over_by, s.handover_note, s.summary
           from shift_log s join line l on l.id = s.line_id join shift sh on sh.id = s.shift_id
           where case when $1::uuid is not null then s.id = $1 else s.line_id = $2 and s.starts_at < $3 end
           order by s.starts_at desc limit 1
           for update of s"#,
        id,
        line,
        at
    )
    .fetch_optional(db)
    .await?)
}

/// A page of the entries of `lines` (all when `None`) whose shift started in [from, to),
/// newest first, whose notes or open items hold `search` (any case) when given; and how many
/// match.
pub async fn list(
    db: impl PgExecutor<'_> + Copy,
    lines: Option<&[Uuid]>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    search: Option<&str>,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<Entry>, i64)> {
    let pattern = search.map(|s| {
        format!(
            "%{}%",
            s.replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_")
        )
    });
    let rows = sqlx::query_as!(
        Entry,
        r#"select s.id, s.line_id, l.name as line_name, s.shift_id, sh.name as shift_name, s.date, s.starts_at,
                  s.ends_at, s.notes, s.open_items, s.created_at, s.created_by, s.updated_at, s.updated_by,
                  s.handed_over_at, s.handed_over_by, s.handover_note, s.summary
           from shift_log s join line l on l.id = s.line_id join shift sh on sh.id = s.shift_id
           where ($1::uuid[] is null or s.line_id = any($1)) and s.starts_at >= $2 and s.starts_at < $3
             and ($4::text is null or s.notes ilike $4 or s.open_items::text ilike $4 or s.handover_note ilike $4)
           order by s.starts_at desc, l.name
           limit $5 offset $6"#,
        lines as Option<&[Uuid]>,
        from,
        to,
        pattern,
        limit,
        offset
    )
    .fetch_all(db)
    .await?;
    let total = sqlx::query_scalar!(
        r#"select count(*) as "n!" from shift_log s
           where ($1::uuid[] is null or s.line_id = any($1)) and s.starts_at >= $2 and s.starts_at < $3
             and ($4::text is null or s.notes ilike $4 or s.open_items::text ilike $4 or s.handover_note ilike $4)"#,
        lines as Option<&[Uuid]>,
        from,
        to,
        pattern,
    )
    .fetch_one(db)
    .await?;
    Ok((rows, total))
}

/// Sets the notes and open items of entry `id` as `by`.
pub async fn edit(
    tx: &mut PgConnection,
    id: Uuid,
    notes: &str,
    open_items: &Value,
    by: &str,
) -> DbResult<()> {
    sqlx::query!(
        "update shift_log set notes = $2, open_items = $3, updated_by = $4, updated_at = now() where id = $1",
        id,
        notes,
        open_items,
        by
    )
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Marks entry `id` handed over to `by` with `note`, keeping `summary`.
pub async fn hand_over(
    tx: &mut PgConnection,
    id: Uuid,
    by: &str,
    note: Option<&str>,
    summary: &Value,
) -> DbResult<DateTime<Utc>> {
    Ok(sqlx::query_scalar!(
        r#"update shift_log set handed_over_at = now(), handed_over_by = $2, handover_note = $3, summary = $4
           where id = $1 returning handed_over_at as "at!""#,
        id,
        by,
        note,
        summary
    )
    .fetch_one(&mut *tx)
    .await?)
}

/// The alarms raised on line `line` in [from, to): all, critical, and those still
/// unacknowledged.
#[derive(Debug, Clone, Default)]
pub struct AlarmCounts {
    pub raised: i64,
    pub critical: i64,
    pub unacknowledged: i64,
}

pub async fn alarms(
    db: impl PgExecutor<'_>,
    line: &str,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> DbResult<AlarmCounts> {
    Ok(sqlx::query_as!(
        AlarmCounts,
        r#"select count(*) as "raised!",
                  count(*) filter (where o.severity = 'CRITICAL') as "critical!",
                  count(*) filter (where o.acked_at is null) as "unacknowledged!"
           from alarm_occurrence o where o.line_id = $1 and o.raised_at >= $2 and o.raised_at < $3"#,
        line,
        from,
        to
    )
    .fetch_one(db)
    .await?)
}

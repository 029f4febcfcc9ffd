//! Scheduled reports (issue 35, item 3): subscriptions and their deliveries, one row per
//! subscription and period, claimed by one api process at a time (`FOR UPDATE SKIP LOCKED`).

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

use crate::DbResult;

/// A subscription as stored.
#[derive(Debug, Clone)]
pub struct Row {
    pub id: Uuid,
    pub name: String,
    pub report: String,
    pub filters: Value,
    pub layout: Option<Value>,
    pub line_id: Option<Uuid>,
    pub cadence: String,
    pub at: Option<String>,
    pub weekday: Option<i16>,
    pub day_of_month: Option<i16>,
    pub format: String,
    pub recipients: Vec<String>,
    pub language: String,
    pub owner: String,
    pub created_at: DateTime<Utc>,
    pub created_by: Option<String>,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
}

/// The values of a subscription to write.
pub struct Values<'a> {
    pub name: &'a str,
    pub report: &'a str,
    pub filters: &'a Value,
    pub layout: Option<&'a Value>,
    pub line_id: Option<Uuid>,
    pub cadence: &'a str,
    pub at: Option<&'a str>,
    pub weekday: Option<i16>,
    pub day_of_month: Option<i16>,
    pub format: &'a str,
    pub recipients: &'a [String],
    pub language: &'a str,
}

pub async fn insert(db: impl PgExecutor<'_>, v: &Values<'_>, by: &str) -> DbResult<Row> {
    Ok(sqlx::query_as!(
        Row,
        r#"insert into report_subscription (id, name, report, filters, layout, line_id, cadence, at, weekday,
                                            day_of_month, format, recipients, language, owner, created_by, updated_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $14)
           returning id, name, report, filters, layout, line_id, cadence, at, weekday, day_of_month, format,
                     recipients, language, owner, created_at, created_by, updated_at, updated_by"#,
        Uuid::now_v7(),
        v.name,
        v.report,
        v.filters,
        v.layout,
        v.line_id,
        v.cadence,
        v.at,
        v.weekday,
        v.day_of_month,
        v.format,
        v.recipients,
        v.language,
        by,
    )
    .fetch_one(db)
    .await?)
}

/// Rewrites live subscription `id` (its owner stays who saved it first).
pub async fn update(
    db: impl PgExecutor<'_>,
    id: Uuid,
    v: &Values<'_>,
    by: &str,
) -> DbResult<Option<Row>> {
    Ok(sqlx::query_as!(
        Row,
        r#"update report_subscription set name = $2, report = $3, filters = $4, layout = $5, line_id = $6,
                  cadence = $7, at = $8, weekday = $9, day_of_month = $10, format = $11, recipients = $12,
                  language = $13, updated_at = now(), updated_by = $14
           where id = $1 and deleted_at is null
           returning id, name, report, filters, layout, line_id, cadence, at, weekday, day_of_month, format,
                     recipients, language, owner, created_at, created_by, updated_at, updated_by"#,
        id,
        v.name,
        v.report,
        v.filters,
        v.layout,
        v.line_id,
        v.cadence,
        v.at,
        v.weekday,
        v.day_of_month,
        v.format,
        v.recipients,
        v.language,
        by,
    )
    .fetch_optional(db)
    .await?)
}

/// Live subscription `id`, locked for a change when `lock`.
pub async fn get(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Option<Row>> {
    Ok(sqlx::query_as!(
        Row,
        r#"select id, name, report, filters, layout, line_id, cadence, at, weekday, day_of_month, format,
                  recipients, language, owner, created_at, created_by, updated_at, updated_by
           from report_subscription where id = $1 and deleted_at is null"#,
        id
    )
    .fetch_optional(db)
    .await?)
}

/// Every live subscription, newest first.
pub async fn list(db: impl PgExecutor<'_>) -> DbResult<Vec<Row>> {
    Ok(sqlx::query_as!(
        Row,
        r#"select id, name, report, filters, layout, line_id, cadence, at, weekday, day_of_month, format,
                  recipients, language, owner, created_at, created_by, updated_at, updated_by
           from report_subscription where deleted_at is null order by created_at desc, id"#
    )
    .fetch_all(db)
    .await?)
}

/// Soft-deletes `id`; whether it was live. Its pending deliveries are not sent.
pub async fn delete(db: impl PgExecutor<'_>, id: Uuid, by: &str) -> DbResult<bool> {
    Ok(sqlx::query!(
        "update report_subscription set deleted_at = now(), deleted_by = $2 where id = $1 and deleted_at is null",
        id,
        by
    )
    .execute(db)
    .await?
    .rows_affected()
        == 1)
}

/// Adds the delivery of `subscription`'s period `[start, end)` unless it has one: whether it
/// was added. The unique key makes the period's delivery exist once, whoever sees it due.
pub async fn enqueue(
    db: impl PgExecutor<'_>,
    subscription: Uuid,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> DbResult<bool> {
    Ok(sqlx::query!(
        "insert into report_delivery (id, subscription_id, period_start, period_end) values ($1, $2, $3, $4)
         on conflict (subscription_id, period_end) do nothing",
        Uuid::now_v7(),
        subscription,
        start,
        end
    )
    .execute(db)
    .await?
    .rows_affected()
        == 1)
}

/// A delivery as the history shows it.
#[derive(Debug, Clone)]
pub struct Delivery {
    pub id: Uuid,
    pub subscription_id: Uuid,
    pub period_start: DateTime<Utc>,
    pub period_end: DateTime<Utc>,
    pub status: String,
    pub attempts: i32,
    pub next_attempt_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub file_name: Option<String>,
    pub bytes: Option<i32>,
    pub recipients: Vec<String>,
}

/// The deliveries of `subscription`, newest period first, and how many it has.
pub async fn deliveries(
    db: impl PgExecutor<'_> + Copy,
    subscription: Uuid,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<Delivery>, i64)> {
    let rows = sqlx::query_as!(
        Delivery,
        r#"select id, subscription_id, period_start, period_end, status, attempts, next_attempt_at, sent_at,
                  last_error, file_name, bytes, recipients
           from report_delivery where subscription_id = $1 order by period_end desc limit $2 offset $3"#,
        subscription,
        limit,
        offset
    )
    .fetch_all(db)
    .await?;
    let total = sqlx::query_scalar!(
        r#"select count(*) as "n!" from report_delivery where subscription_id = $1"#,
        subscription
    )
    .fetch_one(db)
    .await?;
    Ok((rows, total))
}

/// The first due delivery of a live subscription (oldest try first), locked in `tx` — skipping
/// those another process holds — with its subscription.
pub async fn claim(tx: &mut PgConnection) -> DbResult<Option<(Delivery, Row)>> {
    let d = sqlx::query_as!(
        Delivery,
        r#"select d.id, d.subscription_id, d.period_start, d.period_end, d.status, d.attempts, d.next_attempt_at,
                  d.sent_at, d.last_error, d.file_name, d.bytes, d.recipients
           from report_delivery d join report_subscription s on s.id = d.subscription_id
           where d.status in ('PENDING', 'RETRY') and d.next_attempt_at <= now() and s.deleted_at is null
           order by d.next_attempt_at, d.id
           limit 1
           for update of d skip locked"#
    )
    .fetch_optional(&mut *tx)
    .await?;
    let Some(d) = d else {
        return Ok(None);
    };
    let s = get(&mut *tx, d.subscription_id).await?;
    Ok(s.map(|s| (d, s)))
}

/// Marks delivery `id` sent now, with its file and recipients.
pub async fn sent(
    db: impl PgExecutor<'_>,
    id: Uuid,
    file_name: &str,
    bytes: i32,
    recipients: &[String],
) -> DbResult<()> {
    sqlx::query!(
        "update report_delivery set status = 'SENT', attempts = attempts + 1, sent_at = now(), last_error = null,
                file_name = $2, bytes = $3, recipients = $4
         where id = $1",
        id,
        file_name,
        bytes,
        recipients
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Notes a failed try of delivery `id`: tried again at `next`, or given up (`FAILED`) without.
pub async fn failed(
    db: impl PgExecutor<'_>,
    id: Uuid,
    error: &str,
    next: Option<DateTime<Utc>>,
) -> DbResult<()> {
    sqlx::query!(
        "update report_delivery set attempts = attempts + 1, last_error = $2,
                status = case when $3::timestamptz is null then 'FAILED' else 'RETRY' end,
                next_attempt_at = coalesce($3, next_attempt_at)
         where id = $1",
        id,
        error,
        next
    )
    .execute(db)
    .await?;
    Ok(())
}

//! What can be delivered: what batches and orders made and what deliveries took of them
//! already (the checks of a delivery, and what a delivery's form offers).

use chrono::{DateTime, Utc};
use model::trace::{DeliverableBatch, DeliverableOrder};
use sqlx::PgExecutor;
use uuid::Uuid;

use crate::DbResult;

/// What the batches `(line, batch)` made (`None`: no such batch, or not ended) and what was
/// delivered of each already (by deliveries other than `except`).
pub async fn batch_stock(
    db: impl PgExecutor<'_>,
    batches: &[(String, String)],
    except: Option<Uuid>,
) -> DbResult<Vec<(String, String, Option<f64>, f64)>> {
    let lines: Vec<String> = batches.iter().map(|(l, _)| l.clone()).collect();
    let ids: Vec<String> = batches.iter().map(|(_, b)| b.clone()).collect();
    let rows = sqlx::query!(
        r#"select q.line_id as "line_id!", q.batch_id as "batch_id!", b.actual_kg as "actual_kg?",
                  coalesce((select sum(x.kg) from delivery_batch x join delivery d on d.id = x.delivery_id
                             where x.line_id = q.line_id and x.batch_id = q.batch_id and d.deleted_at is null
                               and ($3::uuid is null or d.id <> $3)), 0) as "delivered!"
             from unnest($1::text[], $2::text[]) as q (line_id, batch_id)
             left join production_batch b on b.line_id = q.line_id and b.batch_id = q.batch_id
                                          and b.status = 'COMPLETE'"#,
        &lines,
        &ids,
        except,
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.line_id, r.batch_id, r.actual_kg, r.delivered))
        .collect())
}

/// The completed batches of order `order` with what each made, by end time.
pub async fn order_batches(
    db: impl PgExecutor<'_>,
    order: Uuid,
) -> DbResult<Vec<(String, String, f64)>> {
    let rows = sqlx::query!(
        r#"select line_id, batch_id, actual_kg as "actual_kg!" from production_batch
            where production_schedule_id = $1 and status = 'COMPLETE' and actual_kg > 0
            order by ended_at, batch_id"#,
        order.to_string(),
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.line_id, r.batch_id, r.actual_kg))
        .collect())
}

/// The completed batches of line `line` ended since `since` with feed not yet delivered (by
/// live deliveries), newest first, at most `limit`; `number`: batch numbers containing it.
pub async fn deliverable_batches(
    db: impl PgExecutor<'_>,
    line: &str,
    since: DateTime<Utc>,
    number: Option<&str>,
    limit: i64,
) -> DbResult<Vec<DeliverableBatch>> {
    Ok(sqlx::query_as!(
        DeliverableBatch,
        r#"select b.line_id, b.batch_id, b.recipe_code, b.production_schedule_id as order_id,
                  s.order_number as "order_number?", b.ended_at, b.actual_kg as "made_kg!",
                  b.actual_kg - d.kg as "left_kg!"
             from production_batch b
             cross join lateral (
                 select coalesce(sum(x.kg), 0) as kg from delivery_batch x
                   join delivery dl on dl.id = x.delivery_id and dl.deleted_at is null
                  where x.line_id = b.line_id and x.batch_id = b.batch_id) d
             left join production_schedule s on s.id::text = b.production_schedule_id
            where b.line_id = $1 and b.status = 'COMPLETE' and b.ended_at >= $2 and b.actual_kg > 0
              and b.actual_kg - d.kg > 0.0005
              and ($3::text is null or strpos(lower(b.batch_id), lower($3)) > 0)
            order by b.ended_at desc, b.batch_id desc
            limit $4"#,
        line,
        since,
        number,
        limit,
    )
    .fetch_all(db)
    .await?)
}

/// The orders of line `line` with a batch completed since `since` whose completed batches'
/// feed is not all delivered, most recently ended first, at most `limit`.
pub async fn deliverable_orders(
    db: impl PgExecutor<'_>,
    line: &str,
    since: DateTime<Utc>,
    limit: i64,
) -> DbResult<Vec<DeliverableOrder>> {
    Ok(sqlx::query_as!(
        DeliverableOrder,
        r#"with recent as (
               select distinct production_schedule_id as id from production_batch
                where line_id = $1 and status = 'COMPLETE' and ended_at >= $2 and production_schedule_id is not null),
                made as (
               select b.production_schedule_id as id, count(*) as batches_made, sum(b.actual_kg) as made_kg,
                      sum(d.kg) as delivered_kg, max(b.ended_at) as last_ended_at, max(b.recipe_code) as recipe_code
                 from recent r
                 join production_batch b on b.production_schedule_id = r.id and b.status = 'COMPLETE'
                 cross join lateral (
                     select coalesce(sum(x.kg), 0) as kg from delivery_batch x
                       join delivery dl on dl.id = x.delivery_id and dl.deleted_at is null
                      where x.line_id = b.line_id and x.batch_id = b.batch_id) d
                group by b.production_schedule_id)
           select s.id as order_id, s.order_number, m.recipe_code, s.status, s.batches,
                  m.batches_made as "batches_made!", m.made_kg as "made_kg!",
                  m.made_kg - m.delivered_kg as "left_kg!", m.last_ended_at
             from made m join production_schedule s on s.id::text = m.id and s.line_id::text = $1
            where m.made_kg - m.delivered_kg > 0.0005
            order by m.last_ended_at desc nulls last, s.order_number
            limit $3"#,
        line,
        since,
        limit,
    )
    .fetch_all(db)
    .await?)
}

//! Deliveries of finished feed to customers (issue 33): a record per delivery and the batches
//! (with kilograms) it carried. Soft delete; the app audits.

use chrono::{DateTime, Utc};
use model::trace::{DeliverableBatch, DeliverableOrder, Delivery, DeliveryBatch};
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

use crate::{DbError, DbResult};

struct Head {
    id: Uuid,
    delivery_number: String,
    customer_id: Uuid,
    customer_code: String,
    customer_name: String,
    vehicle: Option<String>,
    delivered_at: DateTime<Utc>,
    created_at: DateTime<Utc>,
    created_by: Option<String>,
}

/// Which deliveries a list answers.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub customer: Option<Uuid>,
    /// Deliveries carrying a batch of this line.
    pub line: Option<String>,
    /// Delivery numbers containing this (case-insensitive).
    pub number: Option<String>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
    pub limit: Option<i64>,
    pub offset: i64,
}

async fn batches_of(db: &mut PgConnection, ids: &[Uuid]) -> DbResult<Vec<(Uuid, DeliveryBatch)>> {
    let rows = sqlx::query!(
        r#"select db.delivery_id, db.line_id, ln.code as "line_code?", db.batch_id, db.kg,
                  b.recipe_code as "recipe_code?", b.recipe_name as "recipe_name?",
                  b.production_schedule_id as "order_id?", s.order_number as "order_number?",
                  b.ended_at as "ended_at?"
             from delivery_batch db
             left join production_batch b on b.line_id = db.line_id and b.batch_id = db.batch_id
             left join production_schedule s on s.id::text = b.production_schedule_id
             left join line ln on ln.id::text = db.line_id
            where db.delivery_id = any($1)
            order by db.delivery_id, b.ended_at nulls last, db.line_id, db.batch_id"#,
        ids,
    )
    .fetch_all(&mut *db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            (
                r.delivery_id,
                DeliveryBatch {
                    line_id: r.line_id,
                    line_code: r.line_code,
                    batch_id: r.batch_id,
                    kg: r.kg,
                    recipe_code: r.recipe_code,
                    recipe_name: r.recipe_name,
                    order_id: r.order_id,
                    order_number: r.order_number,
                    ended_at: r.ended_at,
                },
            )
        })
        .collect())
}

async fn assemble(db: &mut PgConnection, heads: Vec<Head>) -> DbResult<Vec<Delivery>> {
    let ids: Vec<Uuid> = heads.iter().map(|h| h.id).collect();
    let mut batches = batches_of(db, &ids).await?;
    Ok(heads
        .into_iter()
        .map(|h| {
            let mine: Vec<DeliveryBatch> = batches
                .iter()
                .filter(|(d, _)| *d == h.id)
                .map(|(_, b)| b.clone())
                .collect();
            batches.retain(|(d, _)| *d != h.id);
            Delivery {
                id: h.id,
                delivery_number: h.delivery_number,
                customer_id: h.customer_id,
                customer_code: h.customer_code,
                customer_name: h.customer_name,
                vehicle: h.vehicle,
                delivered_at: h.delivered_at,
                kg: mine.iter().map(|b| b.kg).sum(),
                batches: mine,
                created_at: h.created_at,
                created_by: h.created_by,
            }
        })
        .collect())
}

/// The deliveries of `f`, newest first, each with its batches.
pub async fn list(db: &mut PgConnection, f: &Filter) -> DbResult<Vec<Delivery>> {
    let heads = sqlx::query_as!(
        Head,
        r#"select d.id, d.delivery_number, d.customer_id, c.code as customer_code, c.name as customer_name,
                  d.vehicle, d.delivered_at, d.created_at, d.created_by
             from delivery d join customer c on c.id = d.customer_id
            where d.deleted_at is null
              and ($1::uuid is null or d.customer_id = $1)
              and ($2::text is null or exists (select 1 from delivery_batch x where x.delivery_id = d.id and x.line_id = $2))
              and ($3::text is null or strpos(lower(d.delivery_number), lower($3)) > 0)
              and ($4::timestamptz is null or d.delivered_at >= $4) and ($5::timestamptz is null or d.delivered_at < $5)
            order by d.delivered_at desc, d.id desc
            limit $6 offset $7"#,
        f.customer,
        f.line,
        f.number,
        f.from,
        f.to,
        f.limit,
        f.offset,
    )
    .fetch_all(&mut *db)
    .await?;
    assemble(db, heads).await
}

pub async fn count(db: impl PgExecutor<'_>, f: &Filter) -> DbResult<i64> {
    Ok(sqlx::query_scalar!(
        r#"select count(*) as "n!" from delivery d
            where d.deleted_at is null
              and ($1::uuid is null or d.customer_id = $1)
              and ($2::text is null or exists (select 1 from delivery_batch x where x.delivery_id = d.id and x.line_id = $2))
              and ($3::text is null or strpos(lower(d.delivery_number), lower($3)) > 0)
              and ($4::timestamptz is null or d.delivered_at >= $4) and ($5::timestamptz is null or d.delivered_at < $5)"#,
        f.customer,
        f.line,
        f.number,
        f.from,
        f.to,
    )
    .fetch_one(db)
    .await?)
}

pub async fn get(db: &mut PgConnection, id: Uuid) -> DbResult<Option<Delivery>> {
    let heads = sqlx::query_as!(
        Head,
        r#"select d.id, d.delivery_number, d.customer_id, c.code as customer_code, c.name as customer_name,
                  d.vehicle, d.delivered_at, d.created_at, d.created_by
             from delivery d join customer c on c.id = d.customer_id
            where d.id = $1 and d.deleted_at is null"#,
        id,
    )
    .fetch_all(&mut *db)
    .await?;
    Ok(assemble(db, heads).await?.pop())
}

/// Whether a live customer of that id exists.
pub async fn customer_is_live(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<bool> {
    Ok(sqlx::query_scalar!(
        r#"select exists (select 1 from customer where id = $1 and deleted_at is null) as "e!""#,
        id
    )
    .fetch_one(db)
    .await?)
}

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

/// Stores a delivery and its batches; `DbError::Conflict("delivery_number_key")` when the
/// number is taken.
pub async fn insert(
    db: &mut PgConnection,
    number: &str,
    customer: Uuid,
    vehicle: Option<&str>,
    delivered_at: DateTime<Utc>,
    batches: &[(String, String, f64)],
    by: &str,
) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    sqlx::query!(
        "insert into delivery (id, delivery_number, customer_id, vehicle, delivered_at, created_by, updated_by)
         values ($1, $2, $3, $4, $5, $6, $6)",
        id,
        number,
        customer,
        vehicle,
        delivered_at,
        by,
    )
    .execute(&mut *db)
    .await
    .map_err(DbError::from_sqlx)?;
    put_batches(db, id, batches).await?;
    Ok(id)
}

async fn put_batches(
    db: &mut PgConnection,
    id: Uuid,
    batches: &[(String, String, f64)],
) -> DbResult<()> {
    sqlx::query!(
        "insert into delivery_batch (delivery_id, line_id, batch_id, kg)
         select $1, * from unnest($2::text[], $3::text[], $4::float8[])",
        id,
        &batches.iter().map(|b| b.0.clone()).collect::<Vec<_>>(),
        &batches.iter().map(|b| b.1.clone()).collect::<Vec<_>>(),
        &batches.iter().map(|b| b.2).collect::<Vec<_>>(),
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Replaces a delivery's values and batches; false when it is gone.
#[allow(clippy::too_many_arguments)]
pub async fn update(
    db: &mut PgConnection,
    id: Uuid,
    number: &str,
    customer: Uuid,
    vehicle: Option<&str>,
    delivered_at: DateTime<Utc>,
    batches: &[(String, String, f64)],
    by: &str,
) -> DbResult<bool> {
    let r = sqlx::query!(
        "update delivery set delivery_number = $2, customer_id = $3, vehicle = $4, delivered_at = $5,
                             updated_at = now(), updated_by = $6
          where id = $1 and deleted_at is null",
        id,
        number,
        customer,
        vehicle,
        delivered_at,
        by,
    )
    .execute(&mut *db)
    .await
    .map_err(DbError::from_sqlx)?;
    if r.rows_affected() != 1 {
        return Ok(false);
    }
    sqlx::query!("delete from delivery_batch where delivery_id = $1", id)
        .execute(&mut *db)
        .await?;
    put_batches(db, id, batches).await?;
    Ok(true)
}

pub async fn soft_delete(db: impl PgExecutor<'_>, id: Uuid, by: &str) -> DbResult<bool> {
    let r = sqlx::query!(
        "update delivery set deleted_at = now(), deleted_by = $2 where id = $1 and deleted_at is null",
        id,
        by
    )
    .execute(db)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// The number of a live delivery to customer `id`, if any (such a customer is not deleted).
pub async fn of_customer(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Option<String>> {
    Ok(sqlx::query_scalar!(
        "select delivery_number from delivery where customer_id = $1 and deleted_at is null
          order by delivered_at desc limit 1",
        id
    )
    .fetch_optional(db)
    .await?)
}

/// Deliveries for history (`batchline backfill`, issue 33): each order of line `line`
/// completed in `[from, to)` and not delivered yet goes out two hours after its last batch, all
/// its batches on one delivery, to a customer chosen by the order (the same each time). Answers
/// how many batches were delivered; none without customers.
pub async fn backfill(
    db: &sqlx::PgPool,
    line: &str,
    code: &str,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> DbResult<u64> {
    let r = sqlx::query!(
        r#"with orders as (
               select b.production_schedule_id as order_id, max(b.ended_at) as last,
                      'LS-' || $2 || '-' || to_char(max(b.ended_at) at time zone 'UTC', 'YYMMDD-HH24MISS') as number
                 from production_batch b
                where b.line_id = $1 and b.status = 'COMPLETE' and b.ended_at >= $3 and b.ended_at < $4
                  and b.production_schedule_id is not null and b.actual_kg > 0
                  and not exists (select 1 from delivery_batch x where x.line_id = b.line_id and x.batch_id = b.batch_id)
                group by b.production_schedule_id),
           customers as (
               select id, (row_number() over (order by code) - 1) as i, count(*) over () as n
                 from customer where deleted_at is null),
           made as (
               insert into delivery (id, delivery_number, customer_id, vehicle, delivered_at, created_by, updated_by)
               select gen_random_uuid(), o.number, c.id,
                      (array['OS-BL 412', 'VEC-AB 123', 'NL 45-BKT-7', 'CLP-KL 77'])[1 + abs(hashtext(o.order_id)) % 4],
                      o.last + interval '2 hours', 'weighbridge@backfill', 'weighbridge@backfill'
                 from orders o join customers c on c.i = abs(hashtext(o.order_id)) % c.n
               on conflict do nothing
               returning id, delivery_number)
           insert into delivery_batch (delivery_id, line_id, batch_id, kg)
           select m.id, b.line_id, b.batch_id, b.actual_kg
             from made m join orders o on o.number = m.delivery_number
             join production_batch b on b.line_id = $1 and b.production_schedule_id = o.order_id
                                     and b.status = 'COMPLETE' and b.actual_kg > 0
                                     and b.ended_at >= $3 and b.ended_at < $4"#,
        line,
        code,
        from,
        to,
    )
    .execute(db)
    .await?;
    Ok(r.rows_affected())
}

//! Deliveries of finished feed to customers (issue 33): a record per delivery and the batches
//! (with kilograms) it carried. Soft delete; the app audits.

use chrono::{DateTime, Utc};
use model::trace::{Delivery, DeliveryBatch};
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

use crate::{DbError, DbResult};

mod history;
mod stock;

pub use history::backfill;
pub use stock::{batch_stock, deliverable_batches, deliverable_orders, order_batches};

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

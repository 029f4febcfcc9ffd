//! Deliveries for history (`batchline backfill`).

use chrono::{DateTime, Utc};

use crate::DbResult;

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

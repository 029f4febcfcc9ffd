//! Trace queries (issue 33): a lot forward to its bins, batches, deliveries and the batches at
//! risk of carry-over (here); a batch back to its doses' lots and suppliers, the lots of a
//! delivery ([`backward`]).
//! Each reads the dose → lot attributions ingest keeps (`dose_lot`, by lot or by batch).

use model::trace::{CarryOverBatch, DeliveredBatch, TracedBatch, TracedBin, TracedDelivery};
use sqlx::PgExecutor;
use uuid::Uuid;

mod backward;

pub use backward::*;

use crate::DbResult;

/// The bins a lot went into, with what is left of it in each, and the kilograms emptied out.
pub async fn lot_bins(db: impl PgExecutor<'_>, lot: Uuid) -> DbResult<(Vec<TracedBin>, f64)> {
    let rows = sqlx::query!(
        r#"select p.line_id, ln.code as "line_code?", p.bin_code, sum(p.filled_kg) as "filled!",
                  sum(p.remaining_kg) as "held!", sum(p.removed_kg) as "emptied!"
             from bin_portion p left join line ln on ln.id::text = p.line_id
            where p.lot_id = $1
            group by p.line_id, ln.code, p.bin_code
            order by ln.code, p.bin_code"#,
        lot
    )
    .fetch_all(db)
    .await?;
    let emptied = rows.iter().map(|r| r.emptied).sum();
    Ok((
        rows.into_iter()
            .map(|r| TracedBin {
                line_id: r.line_id,
                line_code: r.line_code,
                bin_code: r.bin_code,
                filled_kg: r.filled,
                in_bin_kg: r.held,
            })
            .collect(),
        emptied,
    ))
}

/// Dosed of a lot without a bin (hand adds), in kg.
pub async fn lot_hand_added(db: impl PgExecutor<'_>, lot: Uuid) -> DbResult<f64> {
    Ok(sqlx::query_scalar!(
        r#"select coalesce(sum(kg), 0) as "kg!" from dose_lot where lot_id = $1 and portion_id is null"#,
        lot
    )
    .fetch_one(db)
    .await?)
}

/// The batches that took a lot, by first dose, with the kilograms of it in each.
pub async fn lot_batches(db: impl PgExecutor<'_>, lot: Uuid) -> DbResult<Vec<TracedBatch>> {
    Ok(sqlx::query_as!(
        TracedBatch,
        r#"select d.line_id, ln.code as "line_code?", d.batch_id, sum(d.kg) as "kg!",
                  b.status as "status?", b.recipe_code as "recipe_code?", b.recipe_name as "recipe_name?",
                  b.production_schedule_id as "order_id?", s.order_number as "order_number?",
                  s.medication_class as "medication_class?", b.started_at as "started_at?",
                  b.ended_at as "ended_at?", b.actual_kg as "batch_kg?"
             from dose_lot d
             left join production_batch b on b.line_id = d.line_id and b.batch_id = d.batch_id
             left join production_schedule s on s.id::text = b.production_schedule_id
             left join line ln on ln.id::text = d.line_id
            where d.lot_id = $1
            group by d.line_id, ln.id, d.batch_id, b.line_id, b.batch_id, s.id
            order by min(d.time), d.line_id, d.batch_id"#,
        lot
    )
    .fetch_all(db)
    .await?)
}

/// The deliveries that carried batches of a lot, with the feed of those batches loaded and the
/// lot's kilograms in it.
pub async fn lot_deliveries(db: impl PgExecutor<'_>, lot: Uuid) -> DbResult<Vec<TracedDelivery>> {
    Ok(sqlx::query_as!(
        TracedDelivery,
        r#"with affected as (
               select line_id, batch_id, sum(kg) as lot_kg from dose_lot where lot_id = $1 group by 1, 2)
           select dl.id as delivery_id, dl.delivery_number, dl.customer_id, c.code as customer_code,
                  c.name as customer_name, dl.delivered_at, dl.vehicle,
                  count(*) as "batches!", sum(x.kg) as "kg!",
                  coalesce(sum(x.kg * a.lot_kg / nullif(b.actual_kg, 0)), 0) as "lot_kg!"
             from affected a
             join delivery_batch x on x.line_id = a.line_id and x.batch_id = a.batch_id
             join delivery dl on dl.id = x.delivery_id and dl.deleted_at is null
             join customer c on c.id = dl.customer_id
             left join production_batch b on b.line_id = a.line_id and b.batch_id = a.batch_id
            group by dl.id, c.id
            order by dl.delivered_at, dl.id"#,
        lot
    )
    .fetch_all(db)
    .await?)
}

/// The batch right after each affected medicated batch of a lot (`medicated`: the lot's
/// material is, so every affected batch counts) on the same line, when it is not a flush and
/// not affected itself.
pub async fn carry_over(
    db: impl PgExecutor<'_>,
    lot: Uuid,
    medicated: bool,
) -> DbResult<Vec<CarryOverBatch>> {
    let rows = sqlx::query!(
        r#"with affected as (select distinct line_id, batch_id from dose_lot where lot_id = $1),
                medicated as (
                    select b.line_id, b.batch_id, b.started_at
                      from affected a join production_batch b on b.line_id = a.line_id and b.batch_id = a.batch_id
                      left join production_schedule s on s.id::text = b.production_schedule_id
                     where b.started_at is not null
                       and ($2 or s.medication_class in ('COCCIDIOSTAT', 'MEDICATED')))
           select m.line_id, ln.code as "line_code?", n.batch_id, m.batch_id as after_batch_id, n.started_at,
                  n.recipe_code, ns.order_number as "order_number?"
             from medicated m
             cross join lateral (
                 select x.batch_id, x.started_at, x.recipe_code, x.production_schedule_id from production_batch x
                  where x.line_id = m.line_id and x.started_at > m.started_at
                  order by x.started_at limit 1) n
             left join production_schedule ns on ns.id::text = n.production_schedule_id
             left join line ln on ln.id::text = m.line_id
            where coalesce(ns.kind, 'PRODUCTION') <> 'FLUSH'
              and not exists (select 1 from affected a where a.line_id = m.line_id and a.batch_id = n.batch_id)
            order by n.started_at"#,
        lot,
        medicated,
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| CarryOverBatch {
            line_id: r.line_id,
            line_code: r.line_code,
            batch_id: r.batch_id,
            after_batch_id: r.after_batch_id,
            started_at: r.started_at,
            recipe_code: r.recipe_code,
            order_number: r.order_number,
        })
        .collect())
}

/// Whether the lot's material is medicated.
pub async fn lot_medicated(db: impl PgExecutor<'_>, lot: Uuid) -> DbResult<bool> {
    Ok(sqlx::query_scalar!(
        r#"select coalesce((select m.medicated from lot l join material m on m.id = l.material_id where l.id = $1),
                           false) as "m!""#,
        lot
    )
    .fetch_one(db)
    .await?)
}

/// The deliveries of each batch that took a lot, in delivery order.
pub async fn lot_batch_deliveries(
    db: impl PgExecutor<'_>,
    lot: Uuid,
) -> DbResult<Vec<DeliveredBatch>> {
    Ok(sqlx::query_as!(
        DeliveredBatch,
        r#"select dl.id as delivery_id, dl.delivery_number, c.code as customer_code, x.line_id, x.batch_id, x.kg
             from (select distinct line_id, batch_id from dose_lot where lot_id = $1) a
             join delivery_batch x on x.line_id = a.line_id and x.batch_id = a.batch_id
             join delivery dl on dl.id = x.delivery_id and dl.deleted_at is null
             join customer c on c.id = dl.customer_id
            order by dl.delivered_at, dl.id, x.line_id, x.batch_id"#,
        lot
    )
    .fetch_all(db)
    .await?)
}

//! Trace queries (issue 33): a lot forward to its bins, batches, deliveries and the batches at
//! risk of carry-over; a batch back to its doses' lots and suppliers; the lots of a delivery.
//! Each reads the dose → lot attributions ingest keeps (`dose_lot`, by lot or by batch).

use model::choice::Choice;
use model::trace::{
    CarryOverBatch, LotStatus, TracedBatch, TracedBin, TracedDelivery, TracedDose, TracedLot,
};
use sqlx::PgExecutor;
use uuid::Uuid;

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
    let rows = sqlx::query!(
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
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| TracedBatch {
            line_id: r.line_id,
            line_code: r.line_code,
            batch_id: r.batch_id,
            status: r.status,
            recipe_code: r.recipe_code,
            recipe_name: r.recipe_name,
            order_id: r.order_id,
            order_number: r.order_number,
            medication_class: r.medication_class,
            started_at: r.started_at,
            ended_at: r.ended_at,
            batch_kg: r.batch_kg,
            kg: r.kg,
        })
        .collect())
}

/// The deliveries that carried batches of a lot, with the feed of those batches loaded and the
/// lot's kilograms in it.
pub async fn lot_deliveries(db: impl PgExecutor<'_>, lot: Uuid) -> DbResult<Vec<TracedDelivery>> {
    let rows = sqlx::query!(
        r#"with affected as (
               select line_id, batch_id, sum(kg) as lot_kg from dose_lot where lot_id = $1 group by 1, 2)
           select dl.id, dl.delivery_number, dl.customer_id, c.code, c.name, dl.delivered_at, dl.vehicle,
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
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| TracedDelivery {
            delivery_id: r.id,
            delivery_number: r.delivery_number,
            customer_id: r.customer_id,
            customer_code: r.code,
            customer_name: r.name,
            delivered_at: r.delivered_at,
            vehicle: r.vehicle,
            batches: r.batches,
            kg: r.kg,
            lot_kg: r.lot_kg,
        })
        .collect())
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

/// A batch as the traces show it (none: its events are not stored).
pub async fn batch(
    db: impl PgExecutor<'_>,
    line: &str,
    batch: &str,
) -> DbResult<Option<TracedBatch>> {
    Ok(batches(db, &[(line.to_string(), batch.to_string())])
        .await?
        .pop())
}

fn lot_status(s: Option<String>) -> Option<LotStatus> {
    s.as_deref().and_then(LotStatus::parse)
}

/// The doses of a batch and the lot(s) each took, in dosing order.
pub async fn batch_doses(
    db: impl PgExecutor<'_>,
    line: &str,
    batch: &str,
) -> DbResult<Vec<TracedDose>> {
    let rows = sqlx::query!(
        r#"select d.weighing_id, d.material_code, d.bin_code, d.kg, d.lot_id,
                  coalesce(l.lot_number, p.lot_number) as "lot_number?", l.status as "status?",
                  s.id as "supplier_id?", s.code as "supplier_code?", s.name as "supplier_name?"
             from dose_lot d
             left join lot l on l.id = d.lot_id
             left join supplier s on s.id = l.supplier_id
             left join bin_portion p on p.id = d.portion_id
            where d.line_id = $1 and d.batch_id = $2
            order by d.time, d.weighing_id, d.part"#,
        line,
        batch
    )
    .fetch_all(db)
    .await?;
    let mut doses: Vec<(Uuid, TracedDose)> = Vec::new();
    for r in rows {
        let lot = TracedLot {
            lot_id: r.lot_id,
            lot_number: r.lot_number,
            material_code: r.material_code.clone(),
            supplier_id: r.supplier_id,
            supplier_code: r.supplier_code,
            supplier_name: r.supplier_name,
            status: lot_status(r.status),
            kg: r.kg,
            share: 0.0,
        };
        match doses.last_mut() {
            Some((id, d)) if *id == r.weighing_id => {
                d.kg += r.kg;
                d.lots.push(lot);
            }
            _ => doses.push((
                r.weighing_id,
                TracedDose {
                    material_code: r.material_code,
                    bin_code: r.bin_code,
                    kg: r.kg,
                    lots: vec![lot],
                },
            )),
        }
    }
    let mut doses: Vec<TracedDose> = doses.into_iter().map(|(_, d)| d).collect();
    for d in &mut doses {
        let total = d.kg;
        for l in &mut d.lots {
            l.share = if total > 0.0 { l.kg / total } else { 0.0 };
        }
    }
    Ok(doses)
}

/// The deliveries that carried a batch (its `lotKg` is the batch's share of the delivery).
pub async fn batch_deliveries(
    db: impl PgExecutor<'_>,
    line: &str,
    batch: &str,
) -> DbResult<Vec<TracedDelivery>> {
    let rows = sqlx::query!(
        r#"select dl.id, dl.delivery_number, dl.customer_id, c.code, c.name, dl.delivered_at, dl.vehicle, x.kg
             from delivery_batch x
             join delivery dl on dl.id = x.delivery_id and dl.deleted_at is null
             join customer c on c.id = dl.customer_id
            where x.line_id = $1 and x.batch_id = $2
            order by dl.delivered_at, dl.id"#,
        line,
        batch
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| TracedDelivery {
            delivery_id: r.id,
            delivery_number: r.delivery_number,
            customer_id: r.customer_id,
            customer_code: r.code,
            customer_name: r.name,
            delivered_at: r.delivered_at,
            vehicle: r.vehicle,
            batches: 1,
            kg: r.kg,
            lot_kg: r.kg,
        })
        .collect())
}

/// For each batch of a delivery: what was loaded of it, what it made, and the kilograms of each
/// lot (its `lotId` none: unknown) it took: `(line, batch, loaded kg, batch kg, lot)`; a batch
/// without doses traced has no lot.
pub type DeliveryLotRow = (String, String, f64, Option<f64>, Option<TracedLot>);

/// The lots of the batches of delivery `id`.
pub async fn delivery_lots(db: impl PgExecutor<'_>, id: Uuid) -> DbResult<Vec<DeliveryLotRow>> {
    let rows = sqlx::query!(
        r#"select x.line_id, x.batch_id, x.kg as loaded, b.actual_kg as "batch_kg?",
                  d.lot_id as "lot_id?", coalesce(l.lot_number, p.lot_number) as "lot_number?",
                  d.material_code as "material_code?", l.status as "status?",
                  s.id as "supplier_id?", s.code as "supplier_code?", s.name as "supplier_name?",
                  sum(d.kg) as "kg?"
             from delivery_batch x
             left join production_batch b on b.line_id = x.line_id and b.batch_id = x.batch_id
             left join dose_lot d on d.line_id = x.line_id and d.batch_id = x.batch_id
             left join lot l on l.id = d.lot_id
             left join supplier s on s.id = l.supplier_id
             left join bin_portion p on p.id = d.portion_id
            where x.delivery_id = $1
            group by x.line_id, x.batch_id, x.kg, b.actual_kg, d.lot_id, coalesce(l.lot_number, p.lot_number),
                     d.material_code, l.status, s.id
            order by x.line_id, x.batch_id"#,
        id
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let lot = r.material_code.map(|material_code| TracedLot {
                lot_id: r.lot_id,
                lot_number: r.lot_number,
                material_code,
                supplier_id: r.supplier_id,
                supplier_code: r.supplier_code,
                supplier_name: r.supplier_name,
                status: lot_status(r.status),
                kg: r.kg.unwrap_or(0.0),
                share: 0.0,
            });
            (r.line_id, r.batch_id, r.loaded, r.batch_kg, lot)
        })
        .collect())
}

/// The deliveries of each batch that took a lot: `(line, batch, delivery number, customer
/// code, kg loaded of the batch)`.
pub async fn lot_batch_deliveries(
    db: impl PgExecutor<'_>,
    lot: Uuid,
) -> DbResult<Vec<(String, String, String, String, f64)>> {
    let rows = sqlx::query!(
        r#"select x.line_id, x.batch_id, dl.delivery_number, c.code, x.kg
             from (select distinct line_id, batch_id from dose_lot where lot_id = $1) a
             join delivery_batch x on x.line_id = a.line_id and x.batch_id = a.batch_id
             join delivery dl on dl.id = x.delivery_id and dl.deleted_at is null
             join customer c on c.id = dl.customer_id
            order by dl.delivered_at, dl.id"#,
        lot
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| (r.line_id, r.batch_id, r.delivery_number, r.code, r.kg))
        .collect())
}

/// The batches `(line, batch)` as the traces show them, in the order asked (one not stored is
/// left out).
pub async fn batches(
    db: impl PgExecutor<'_>,
    keys: &[(String, String)],
) -> DbResult<Vec<TracedBatch>> {
    let lines: Vec<String> = keys.iter().map(|k| k.0.clone()).collect();
    let ids: Vec<String> = keys.iter().map(|k| k.1.clone()).collect();
    let rows = sqlx::query!(
        r#"select b.line_id as "line_id!", ln.code as "line_code?", b.batch_id as "batch_id!", b.status as "status!",
                  b.recipe_code, b.recipe_name, b.production_schedule_id, s.order_number as "order_number?",
                  s.medication_class as "medication_class?", b.started_at, b.ended_at, b.actual_kg
             from unnest($1::text[], $2::text[]) with ordinality as q (line_id, batch_id, n)
             join production_batch b on b.line_id = q.line_id and b.batch_id = q.batch_id
             left join production_schedule s on s.id::text = b.production_schedule_id
             left join line ln on ln.id::text = b.line_id
            order by q.n"#,
        &lines,
        &ids
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| TracedBatch {
            line_id: r.line_id,
            line_code: r.line_code,
            batch_id: r.batch_id,
            status: Some(r.status),
            recipe_code: r.recipe_code,
            recipe_name: r.recipe_name,
            order_id: r.production_schedule_id,
            order_number: r.order_number,
            medication_class: r.medication_class,
            started_at: r.started_at,
            ended_at: r.ended_at,
            batch_kg: r.actual_kg,
            kg: r.actual_kg.unwrap_or(0.0),
        })
        .collect())
}

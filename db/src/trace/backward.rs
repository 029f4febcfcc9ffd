//! A batch and a delivery traced back: the doses' lots and suppliers, the deliveries of a batch.

use model::choice::Choice;
use model::trace::{LotStatus, TracedBatch, TracedDelivery, TracedDose, TracedLot};
use sqlx::PgExecutor;
use uuid::Uuid;

use crate::DbResult;

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
    Ok(sqlx::query_as!(
        TracedDelivery,
        r#"select dl.id as delivery_id, dl.delivery_number, dl.customer_id, c.code as customer_code,
                  c.name as customer_name, dl.delivered_at, dl.vehicle, 1::int8 as "batches!",
                  x.kg, x.kg as lot_kg
             from delivery_batch x
             join delivery dl on dl.id = x.delivery_id and dl.deleted_at is null
             join customer c on c.id = dl.customer_id
            where x.line_id = $1 and x.batch_id = $2
            order by dl.delivered_at, dl.id"#,
        line,
        batch
    )
    .fetch_all(db)
    .await?)
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

/// The batches `(line, batch)` as the traces show them, in the order asked (one not stored is
/// left out).
pub async fn batches(
    db: impl PgExecutor<'_>,
    keys: &[(String, String)],
) -> DbResult<Vec<TracedBatch>> {
    let lines: Vec<String> = keys.iter().map(|k| k.0.clone()).collect();
    let ids: Vec<String> = keys.iter().map(|k| k.1.clone()).collect();
    Ok(sqlx::query_as!(
        TracedBatch,
        r#"select b.line_id as "line_id!", ln.code as "line_code?", b.batch_id as "batch_id!",
                  b.status as "status?", b.recipe_code, b.recipe_name, b.production_schedule_id as order_id,
                  s.order_number as "order_number?", s.medication_class as "medication_class?", b.started_at,
                  b.ended_at, b.actual_kg as batch_kg, coalesce(b.actual_kg, 0) as "kg!"
             from unnest($1::text[], $2::text[]) with ordinality as q (line_id, batch_id, n)
             join production_batch b on b.line_id = q.line_id and b.batch_id = q.batch_id
             left join production_schedule s on s.id::text = b.production_schedule_id
             left join line ln on ln.id::text = b.line_id
            order by q.n"#,
        &lines,
        &ids
    )
    .fetch_all(db)
    .await?)
}

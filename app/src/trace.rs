//! Traces (issue 33, item 5): a lot forward to the bins, batches, orders, deliveries and
//! customers it reached, with its mass balance and the batches at risk of carry-over; a batch
//! or a delivery backward to its lots and suppliers.

use std::collections::BTreeMap;

use model::Msg;
use model::trace::{
    BatchTrace, DeliveryTrace, LotBalance, LotTrace, TracedBatch, TracedCustomer, TracedLot,
    TracedOrder,
};
use uuid::Uuid;

use crate::{App, Error, Result};

/// A lot forward.
pub async fn lot(app: &App, raw_id: &str) -> Result<LotTrace> {
    let lot = crate::lots::get(app, raw_id).await?;
    let pool = app.reads();
    let (bins, emptied) = db::trace::lot_bins(pool, lot.id).await?;
    let hand = db::trace::lot_hand_added(pool, lot.id).await?;
    let batches = db::trace::lot_batches(pool, lot.id).await?;
    let deliveries = db::trace::lot_deliveries(pool, lot.id).await?;
    let delivered = db::trace::lot_batch_deliveries(pool, lot.id).await?;
    let medicated = db::trace::lot_medicated(pool, lot.id).await?;
    let carry_over = db::trace::carry_over(pool, lot.id, medicated).await?;
    let not_used = (lot.quantity_kg - lot.filled_kg - hand).max(0.0);
    let balance = LotBalance {
        received_kg: lot.quantity_kg,
        filled_kg: lot.filled_kg,
        dosed_kg: lot.dosed_kg,
        in_bins_kg: lot.in_bins_kg,
        emptied_kg: emptied,
        not_used_kg: not_used,
        unaccounted_kg: lot.quantity_kg - lot.dosed_kg - lot.in_bins_kg - emptied - not_used,
    };
    Ok(LotTrace {
        orders: orders(&batches),
        customers: customers(&deliveries),
        lot,
        balance,
        bins,
        batches,
        deliveries,
        delivered,
        carry_over,
    })
}

/// The orders of traced batches, in the order their first batch appears.
fn orders(batches: &[TracedBatch]) -> Vec<TracedOrder> {
    let mut out: Vec<TracedOrder> = Vec::new();
    for b in batches {
        let Some(id) = &b.order_id else { continue };
        match out.iter_mut().find(|o| &o.order_id == id) {
            Some(o) => {
                o.batches += 1;
                o.kg += b.kg;
            }
            None => out.push(TracedOrder {
                order_id: id.clone(),
                order_number: b.order_number.clone(),
                line_id: b.line_id.clone(),
                line_code: b.line_code.clone(),
                batches: 1,
                kg: b.kg,
            }),
        }
    }
    out
}

/// The customers of traced deliveries, most of the lot first.
fn customers(deliveries: &[model::trace::TracedDelivery]) -> Vec<TracedCustomer> {
    let mut out: Vec<TracedCustomer> = Vec::new();
    for d in deliveries {
        match out.iter_mut().find(|c| c.customer_id == d.customer_id) {
            Some(c) => {
                c.deliveries += 1;
                c.kg += d.kg;
                c.lot_kg += d.lot_kg;
            }
            None => out.push(TracedCustomer {
                customer_id: d.customer_id,
                code: d.customer_code.clone(),
                name: d.customer_name.clone(),
                deliveries: 1,
                kg: d.kg,
                lot_kg: d.lot_kg,
            }),
        }
    }
    out.sort_by(|a, b| b.lot_kg.total_cmp(&a.lot_kg).then(a.code.cmp(&b.code)));
    out
}

/// The key a lot is summed under: its id, else the number a fill gave, per material.
fn lot_key(l: &TracedLot) -> (String, String) {
    (
        l.lot_id
            .map(|i| i.to_string())
            .or_else(|| l.lot_number.clone().map(|n| format!("#{n}")))
            .unwrap_or_default(),
        l.material_code.clone(),
    )
}

/// `lots` summed per lot, most kilograms first, each with its share of the whole.
fn summed(lots: impl IntoIterator<Item = TracedLot>) -> Vec<TracedLot> {
    let mut by: BTreeMap<(String, String), TracedLot> = BTreeMap::new();
    for l in lots {
        by.entry(lot_key(&l))
            .and_modify(|s| s.kg += l.kg)
            .or_insert(l);
    }
    let mut out: Vec<TracedLot> = by.into_values().collect();
    let total: f64 = out.iter().map(|l| l.kg).sum();
    for l in &mut out {
        l.share = if total > 0.0 { l.kg / total } else { 0.0 };
    }
    out.sort_by(|a, b| b.kg.total_cmp(&a.kg));
    out
}

/// A batch backward.
pub async fn batch(app: &App, line: &str, batch: &str) -> Result<BatchTrace> {
    let pool = &app.pool;
    let line = line.trim();
    let batch = batch.trim();
    let doses = db::trace::batch_doses(pool, line, batch).await?;
    let found = db::trace::batch(pool, line, batch).await?;
    let b = match found {
        Some(b) => b,
        None if !doses.is_empty() => TracedBatch {
            line_id: line.to_string(),
            line_code: None,
            batch_id: batch.to_string(),
            status: None,
            recipe_code: None,
            recipe_name: None,
            order_id: None,
            order_number: None,
            medication_class: None,
            started_at: None,
            ended_at: None,
            batch_kg: None,
            kg: doses.iter().map(|d| d.kg).sum(),
        },
        None => return Err(Error::NotFound(Msg::new("trace.batchNotFound"))),
    };
    let lots = summed(doses.iter().flat_map(|d| d.lots.iter().cloned()));
    let unknown_kg = lots
        .iter()
        .filter(|l| l.lot_id.is_none())
        .map(|l| l.kg)
        .sum();
    let deliveries = db::trace::batch_deliveries(pool, line, batch).await?;
    Ok(BatchTrace {
        batch: b,
        doses,
        lots,
        unknown_kg,
        deliveries,
    })
}

/// A delivery backward: each batch's lots scaled to what was loaded of the batch.
pub async fn delivery(app: &App, raw_id: &str) -> Result<DeliveryTrace> {
    let delivery = crate::deliveries::get(app, raw_id).await?;
    let rows = db::trace::delivery_lots(&app.pool, delivery.id).await?;
    let mut lots = Vec::new();
    for (_, _, loaded, made, lot) in rows {
        let (Some(mut lot), Some(made)) = (lot, made.filter(|m| *m > 0.0)) else {
            continue;
        };
        lot.kg *= loaded / made;
        lots.push(lot);
    }
    let keys: Vec<(String, String)> = delivery
        .batches
        .iter()
        .map(|b| (b.line_id.clone(), b.batch_id.clone()))
        .collect();
    let stored = db::trace::batches(&app.pool, &keys).await?;
    let batches = delivery
        .batches
        .iter()
        .map(|b| {
            let mut t = stored
                .iter()
                .find(|s| s.line_id == b.line_id && s.batch_id == b.batch_id)
                .cloned()
                .unwrap_or(TracedBatch {
                    line_id: b.line_id.clone(),
                    line_code: b.line_code.clone(),
                    batch_id: b.batch_id.clone(),
                    status: None,
                    recipe_code: None,
                    recipe_name: None,
                    order_id: None,
                    order_number: None,
                    medication_class: None,
                    started_at: None,
                    ended_at: None,
                    batch_kg: None,
                    kg: 0.0,
                });
            t.kg = b.kg;
            t
        })
        .collect();
    Ok(DeliveryTrace {
        lots: summed(lots),
        delivery,
        batches,
    })
}

/// A lot id for the recall export.
pub fn lot_id(raw: Option<&str>) -> Result<Uuid> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Err(Error::field("lotId", Msg::new("validation.required"))),
        Some(s) => {
            Uuid::parse_str(s).map_err(|_| Error::field("lotId", Msg::new("config.refMissing")))
        }
    }
}

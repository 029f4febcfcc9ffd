//! Deliveries of finished feed: what a weighbridge or an ERP sends, what the api answers, and
//! the rules a delivery meets.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::Msg;

use super::LOT_NUMBER_MAX;
use super::check::{id, instant, quantity, required, too_long};

/// One batch of a delivery as a client sends it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryBatchInput {
    /// The line's `_id`.
    pub line_id: Option<String>,
    /// The batch number as the plant numbered it.
    pub batch_id: Option<String>,
    pub kg: Option<f64>,
}

/// What a weighbridge or an ERP sends for a delivery: its batches with kilograms, or an order
/// and the kilograms loaded from it (spread over the order's completed batches in proportion
/// to what each made).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryInput {
    pub delivery_number: Option<String>,
    pub customer_id: Option<String>,
    /// The vehicle's registration.
    pub vehicle: Option<String>,
    /// RFC 3339; now when not given.
    pub delivered_at: Option<String>,
    pub batches: Option<Vec<DeliveryBatchInput>>,
    /// Instead of `batches`: a production order's `_id` …
    pub order_id: Option<String>,
    /// … and the kilograms loaded from it.
    pub kg: Option<f64>,
}

/// One batch of a delivery.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryBatch {
    pub line_id: String,
    pub line_code: Option<String>,
    pub batch_id: String,
    pub kg: f64,
    pub recipe_code: Option<String>,
    pub recipe_name: Option<String>,
    pub order_id: Option<String>,
    pub order_number: Option<String>,
    pub ended_at: Option<DateTime<Utc>>,
}

/// A delivery as the api answers it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    #[serde(rename = "_id")]
    pub id: Uuid,
    pub delivery_number: String,
    pub customer_id: Uuid,
    pub customer_code: String,
    pub customer_name: String,
    pub vehicle: Option<String>,
    pub delivered_at: DateTime<Utc>,
    /// Everything loaded, in kg.
    pub kg: f64,
    pub batches: Vec<DeliveryBatch>,
    pub created_at: DateTime<Utc>,
    pub created_by: Option<String>,
}

/// A delivery once checked (the batches of an order are the app's to find).
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedDelivery {
    pub delivery_number: String,
    pub customer_id: Uuid,
    pub vehicle: Option<String>,
    pub delivered_at: DateTime<Utc>,
    pub load: Load,
}

/// What went onto the vehicle.
#[derive(Debug, Clone, PartialEq)]
pub enum Load {
    /// `(line id, batch id, kg)`, each batch once.
    Batches(Vec<(Uuid, String, f64)>),
    /// An order and the kilograms loaded from it.
    Order(Uuid, f64),
}

/// The most batches one delivery names.
pub const MAX_DELIVERY_BATCHES: usize = 1_000;
const VEHICLE_MAX: usize = 32;

/// Checks a delivery, one message per field (`batches[2].kg`).
pub fn check_delivery(
    input: &DeliveryInput,
    now: DateTime<Utc>,
) -> Result<CheckedDelivery, BTreeMap<String, Msg>> {
    let mut errors = BTreeMap::new();
    let delivery_number = match input.delivery_number.as_deref().map(str::trim) {
        None | Some("") => {
            errors.insert("deliveryNumber".into(), required());
            None
        }
        Some(s) if s.chars().count() > LOT_NUMBER_MAX => {
            errors.insert("deliveryNumber".into(), too_long(LOT_NUMBER_MAX));
            None
        }
        Some(s) => Some(s.to_string()),
    };
    let customer_id = id(input.customer_id.as_deref(), "customerId", &mut errors);
    let vehicle = input
        .vehicle
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string);
    if vehicle
        .as_ref()
        .is_some_and(|v| v.chars().count() > VEHICLE_MAX)
    {
        errors.insert("vehicle".into(), too_long(VEHICLE_MAX));
    }
    let delivered_at = instant(input.delivered_at.as_deref())
        .map_err(|m| errors.insert("deliveredAt".into(), m))
        .ok()
        .map(|t| t.unwrap_or(now));
    if delivered_at.is_some_and(|t| t > now + chrono::Duration::minutes(5)) {
        errors.insert("deliveredAt".into(), Msg::new("delivery.inFuture"));
    }
    let batches = input.batches.as_deref().unwrap_or_default();
    let order = input
        .order_id
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let load = match (batches.is_empty(), order) {
        (true, None) => {
            errors.insert("batches".into(), Msg::new("delivery.nothingLoaded"));
            None
        }
        (false, Some(_)) => {
            errors.insert("orderId".into(), Msg::new("delivery.batchesOrOrder"));
            None
        }
        (true, Some(o)) => {
            let order = Uuid::parse_str(o)
                .map_err(|_| errors.insert("orderId".into(), Msg::new("config.refMissing")))
                .ok();
            let kg = quantity(input.kg, "kg", &mut errors);
            order.zip(kg).map(|(o, kg)| Load::Order(o, kg))
        }
        (false, None) if batches.len() > MAX_DELIVERY_BATCHES => {
            errors.insert(
                "batches".into(),
                Msg::new("config.tooManyRecords").arg("max", MAX_DELIVERY_BATCHES),
            );
            None
        }
        (false, None) => {
            let mut out: Vec<(Uuid, String, f64)> = Vec::new();
            for (i, b) in batches.iter().enumerate() {
                let mut e = BTreeMap::new();
                let line = id(b.line_id.as_deref(), "lineId", &mut e);
                let batch = match b.batch_id.as_deref().map(str::trim) {
                    None | Some("") => {
                        e.insert("batchId".into(), required());
                        None
                    }
                    Some(s) if s.chars().count() > crate::wire::check::ID.chars => {
                        e.insert("batchId".into(), too_long(crate::wire::check::ID.chars));
                        None
                    }
                    Some(s) => Some(s.to_string()),
                };
                let kg = quantity(b.kg, "kg", &mut e);
                if let (Some(l), Some(b)) = (line, &batch)
                    && out.iter().any(|(ol, ob, _)| *ol == l && ob == b)
                {
                    e.insert("batchId".into(), Msg::new("delivery.batchTwice"));
                }
                if e.is_empty() {
                    out.push((
                        line.expect("checked"),
                        batch.expect("checked"),
                        kg.expect("checked"),
                    ));
                }
                for (field, m) in e {
                    errors.insert(format!("batches[{i}].{field}"), m);
                }
            }
            Some(Load::Batches(out))
        }
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(CheckedDelivery {
        delivery_number: delivery_number.expect("checked"),
        customer_id: customer_id.expect("checked"),
        vehicle,
        delivered_at: delivered_at.expect("checked"),
        load: load.expect("checked"),
    })
}

/// A completed batch with feed not yet delivered (`GET /api/deliverables`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliverableBatch {
    pub line_id: String,
    pub batch_id: String,
    pub recipe_code: Option<String>,
    pub order_id: Option<String>,
    pub order_number: Option<String>,
    pub ended_at: Option<DateTime<Utc>>,
    /// What the batch made, in kg.
    pub made_kg: f64,
    /// Of it not yet delivered, in kg.
    pub left_kg: f64,
}

/// An order with completed batches whose feed is not all delivered (`GET /api/deliverables`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliverableOrder {
    pub order_id: Uuid,
    pub order_number: String,
    pub recipe_code: Option<String>,
    /// PLANNED … COMPLETED, as on the board.
    pub status: String,
    /// Batches planned.
    pub batches: i32,
    /// Batches completed.
    pub batches_made: i64,
    pub made_kg: f64,
    pub left_kg: f64,
    pub last_ended_at: Option<DateTime<Utc>>,
}

/// `GET /api/deliverables?lineId=`: what a line made in the last days and has not delivered
/// yet, newest first — what a delivery's form offers (batches, or an order).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Deliverables {
    pub batches: Vec<DeliverableBatch>,
    pub orders: Vec<DeliverableOrder>,
}

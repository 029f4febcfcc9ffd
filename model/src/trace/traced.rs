//! What the traces answer: a lot forward, a batch and a delivery backward.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{Delivery, Lot, LotStatus};

/// A lot's mass balance: what was received, and where it went.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LotBalance {
    pub received_kg: f64,
    /// Put into bins.
    pub filled_kg: f64,
    /// Dosed into batches (from bins, and added by hand).
    pub dosed_kg: f64,
    /// Still in bins.
    pub in_bins_kg: f64,
    /// Taken out of bins by emptying them.
    pub emptied_kg: f64,
    /// Received and not yet put into a bin nor added by hand.
    pub not_used_kg: f64,
    /// Received − dosed − in bins − emptied − not used: 0 when every kilogram is accounted for
    /// (below 0: more was used than received).
    pub unaccounted_kg: f64,
}

/// A bin a lot went into.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TracedBin {
    pub line_id: String,
    pub line_code: Option<String>,
    pub bin_code: String,
    pub filled_kg: f64,
    pub in_bin_kg: f64,
}

/// A batch a lot went into (forward), or that a delivery carried.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TracedBatch {
    pub line_id: String,
    pub line_code: Option<String>,
    pub batch_id: String,
    /// RUNNING, COMPLETE, ABORTED (none: the batch's events are not stored).
    pub status: Option<String>,
    pub recipe_code: Option<String>,
    pub recipe_name: Option<String>,
    pub order_id: Option<String>,
    pub order_number: Option<String>,
    pub medication_class: Option<String>,
    pub started_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    /// What the batch made, in kg.
    pub batch_kg: Option<f64>,
    /// Of the lot traced (forward) or delivered (a delivery), in kg.
    pub kg: f64,
}

/// An order whose batches took a lot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TracedOrder {
    pub order_id: String,
    pub order_number: Option<String>,
    pub line_id: String,
    pub line_code: Option<String>,
    pub batches: i64,
    /// Of the lot, in kg.
    pub kg: f64,
}

/// A delivery that carried batches of a lot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TracedDelivery {
    pub delivery_id: Uuid,
    pub delivery_number: String,
    pub customer_id: Uuid,
    pub customer_code: String,
    pub customer_name: String,
    pub delivered_at: DateTime<Utc>,
    pub vehicle: Option<String>,
    /// Batches of the trace on it.
    pub batches: i64,
    /// Feed of those batches loaded, in kg.
    pub kg: f64,
    /// Of the lot in that feed (each batch's share of the lot × what was loaded of it), in kg.
    pub lot_kg: f64,
}

/// A batch of a lot's trace on a delivery: the edge from the batch to the delivery, with the
/// feed of the batch loaded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveredBatch {
    pub delivery_id: Uuid,
    pub delivery_number: String,
    pub customer_code: String,
    pub line_id: String,
    pub batch_id: String,
    /// Of the batch loaded, in kg.
    pub kg: f64,
}

/// A customer that received feed made with a lot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TracedCustomer {
    pub customer_id: Uuid,
    pub code: String,
    pub name: String,
    pub deliveries: i64,
    pub kg: f64,
    pub lot_kg: f64,
}

/// A batch made right after an affected medicated batch on the same line with no flush between:
/// it may carry some of it over.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarryOverBatch {
    pub line_id: String,
    pub line_code: Option<String>,
    pub batch_id: String,
    /// The affected batch it followed.
    pub after_batch_id: String,
    pub started_at: Option<DateTime<Utc>>,
    pub recipe_code: Option<String>,
    pub order_number: Option<String>,
}

/// `GET /api/trace/lot/{id}`: a lot forward to bins, batches, orders, deliveries and customers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LotTrace {
    pub lot: Lot,
    pub balance: LotBalance,
    pub bins: Vec<TracedBin>,
    pub batches: Vec<TracedBatch>,
    pub orders: Vec<TracedOrder>,
    pub deliveries: Vec<TracedDelivery>,
    /// Which delivery carried which of the batches, in delivery order.
    pub delivered: Vec<DeliveredBatch>,
    pub customers: Vec<TracedCustomer>,
    pub carry_over: Vec<CarryOverBatch>,
}

/// A lot in a batch or a delivery (backward): how much of it, and its share.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TracedLot {
    /// None: of no known lot (`lotNumber` says what a fill named, if anything).
    pub lot_id: Option<Uuid>,
    pub lot_number: Option<String>,
    pub material_code: String,
    pub supplier_id: Option<Uuid>,
    pub supplier_code: Option<String>,
    pub supplier_name: Option<String>,
    pub status: Option<LotStatus>,
    pub kg: f64,
    /// Of the batch's (the delivery's) traced kilograms, 0 to 1.
    pub share: f64,
}

/// One dose of a batch and the lot(s) it took.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TracedDose {
    pub material_code: String,
    pub bin_code: Option<String>,
    pub kg: f64,
    pub lots: Vec<TracedLot>,
}

/// `GET /api/trace/batch/{lineId}/{batchId}`: a batch back to its doses, lots and suppliers,
/// and the deliveries that carried it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchTrace {
    pub batch: TracedBatch,
    pub doses: Vec<TracedDose>,
    /// By lot, most kilograms first.
    pub lots: Vec<TracedLot>,
    /// Dosed from no known lot, in kg.
    pub unknown_kg: f64,
    pub deliveries: Vec<TracedDelivery>,
}

/// `GET /api/trace/delivery/{id}`: a delivery back through its batches to lots and suppliers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryTrace {
    pub delivery: Delivery,
    /// Each lot's kilograms in the delivery (each batch's share of it × what was loaded).
    pub lots: Vec<TracedLot>,
    pub batches: Vec<TracedBatch>,
}

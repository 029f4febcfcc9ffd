//! Traceability (issue 33): lots received from suppliers and their status, the fills that put
//! them into bins, and what the bins hold lot by lot.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::Msg;
use crate::choice;

choice! {
    /// A lot's release status: received lots wait in QUARANTINE until released; a BLOCKED lot
    /// must not be used. A bin holding a lot that is not RELEASED is not dosed.
    pub enum LotStatus {
        Quarantine = "QUARANTINE",
        Released = "RELEASED",
        Blocked = "BLOCKED",
    }
}

/// The longest lot number (as printed on a delivery note or a bag).
pub const LOT_NUMBER_MAX: usize = 64;
const CERTIFICATE_MAX: usize = 200;
const REASON_MAX: usize = 500;
/// The most one lot or one fill may weigh, in kg.
pub const MAX_LOT_KG: f64 = 10_000_000.0;

/// What goods-in sends to record a lot (and an edit to change it). The status is set by
/// [`LotStatusChange`]; a new lot starts in `QUARANTINE` unless `status` says otherwise.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LotInput {
    pub lot_number: Option<String>,
    /// The material directory record (of the line the lot is for).
    pub material_id: Option<String>,
    pub supplier_id: Option<String>,
    /// RFC 3339; now when not given.
    pub received_at: Option<String>,
    pub quantity_kg: Option<f64>,
    /// RFC 3339.
    pub expires_at: Option<String>,
    /// The supplier's certificate of analysis (its number or reference).
    pub certificate: Option<String>,
    /// Add only: the status it starts in (QUARANTINE when not given).
    pub status: Option<LotStatus>,
}

/// A lot as the api answers it, with its material's and supplier's codes and names and what
/// became of it so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Lot {
    #[serde(rename = "_id")]
    pub id: Uuid,
    /// The material's line.
    pub line_id: Uuid,
    pub lot_number: String,
    pub material_id: Uuid,
    pub material_code: String,
    pub material_name: String,
    pub supplier_id: Uuid,
    pub supplier_code: String,
    pub supplier_name: String,
    pub received_at: DateTime<Utc>,
    pub quantity_kg: f64,
    pub expires_at: Option<DateTime<Utc>>,
    pub certificate: Option<String>,
    pub status: LotStatus,
    pub status_reason: Option<String>,
    pub status_at: DateTime<Utc>,
    pub status_by: Option<String>,
    /// Put into bins so far, in kg.
    pub filled_kg: f64,
    /// Dosed into batches so far, in kg.
    pub dosed_kg: f64,
    /// Still in bins, in kg.
    pub in_bins_kg: f64,
    pub created_at: DateTime<Utc>,
    pub created_by: Option<String>,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
}

/// `POST /api/lots/status/{id}`: the new status and why (required).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LotStatusChange {
    pub status: Option<LotStatus>,
    pub reason: Option<String>,
}

/// `POST /api/bins/fill`: a lot put into a bin at the intake.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BinFill {
    /// The bin's `_id` (configuration).
    pub bin_id: Option<String>,
    pub lot_id: Option<String>,
    pub quantity_kg: Option<f64>,
    /// RFC 3339; now when not given (a fill recorded late).
    pub at: Option<String>,
}

/// What a fill did: the bin movement it published (ingest stores it and puts the portion into
/// the bin).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BinFilled {
    /// The movement's id (UUIDv7), as stored in the bin history.
    pub movement_id: Uuid,
    pub line_id: Uuid,
    pub bin_id: Uuid,
    pub bin_code: String,
    pub lot_id: Uuid,
    pub lot_number: String,
    pub material_code: String,
    pub quantity_kg: f64,
    /// The bin's level after the fill, in kg.
    pub level_kg: f64,
    pub at: DateTime<Utc>,
}

/// One portion a bin holds: a fill, and what is left of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BinPortion {
    /// None: a fill of no known lot.
    pub lot_id: Option<Uuid>,
    /// As the fill named it (none: not said).
    pub lot_number: Option<String>,
    pub status: Option<LotStatus>,
    pub material_code: String,
    pub filled_at: DateTime<Utc>,
    pub filled_kg: f64,
    pub remaining_kg: f64,
}

/// What a bin holds now, portion by portion (oldest first), and its mass balance: everything
/// filled = dosed + emptied + held.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BinContent {
    pub bin_id: Uuid,
    pub line_id: Uuid,
    pub bin_code: String,
    /// FIFO or MIXED.
    pub content_model: String,
    pub portions: Vec<BinPortion>,
    pub filled_kg: f64,
    pub dosed_kg: f64,
    pub emptied_kg: f64,
    pub held_kg: f64,
    /// Doses from this bin beyond what it held (attributed to no lot), in kg.
    pub unknown_kg: f64,
    /// The level the plant last reported, in kg (none: never).
    pub reported_level_kg: Option<f64>,
}

/// A lot's values once checked: what is stored.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedLot {
    pub lot_number: String,
    pub material_id: Uuid,
    pub supplier_id: Uuid,
    pub received_at: DateTime<Utc>,
    pub quantity_kg: f64,
    pub expires_at: Option<DateTime<Utc>>,
    pub certificate: Option<String>,
    pub status: LotStatus,
}

fn required() -> Msg {
    Msg::new("validation.required")
}

fn too_long(max: usize) -> Msg {
    Msg::new("validation.textTooLong").arg("max", max)
}

fn instant(raw: Option<&str>) -> Result<Option<DateTime<Utc>>, Msg> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        // Years a database and date arithmetic hold (a year like +40000 parses).
        Some(s) => DateTime::parse_from_rfc3339(s)
            .ok()
            .map(|t| t.with_timezone(&Utc))
            .filter(|t| (1..=9999).contains(&chrono::Datelike::year(t)))
            .map(Some)
            .ok_or_else(|| Msg::new("validation.dateTime")),
    }
}

/// An id field: required, a UUID.
fn id(raw: Option<&str>, field: &str, errors: &mut BTreeMap<String, Msg>) -> Option<Uuid> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => {
            errors.insert(field.into(), required());
            None
        }
        Some(s) => Uuid::parse_str(s)
            .map_err(|_| errors.insert(field.into(), Msg::new("config.refMissing")))
            .ok(),
    }
}

/// A quantity in kg: required, above 0, at most [`MAX_LOT_KG`].
pub fn quantity(raw: Option<f64>, field: &str, errors: &mut BTreeMap<String, Msg>) -> Option<f64> {
    match raw {
        None => {
            errors.insert(field.into(), required());
            None
        }
        Some(q) if !q.is_finite() || q <= 0.0 || q > MAX_LOT_KG => {
            errors.insert(
                field.into(),
                Msg::new("validation.numberRange")
                    .arg("min", 0)
                    .arg("max", MAX_LOT_KG),
            );
            None
        }
        Some(q) => Some(q),
    }
}

/// Checks a lot, one message per field; `now` stands for a receipt time not given.
pub fn check_lot(
    input: &LotInput,
    now: DateTime<Utc>,
) -> Result<CheckedLot, BTreeMap<String, Msg>> {
    let mut errors = BTreeMap::new();
    let lot_number = match input.lot_number.as_deref().map(str::trim) {
        None | Some("") => {
            errors.insert("lotNumber".into(), required());
            None
        }
        Some(s) if s.chars().count() > LOT_NUMBER_MAX => {
            errors.insert("lotNumber".into(), too_long(LOT_NUMBER_MAX));
            None
        }
        Some(s) if s.chars().any(char::is_control) => {
            errors.insert("lotNumber".into(), Msg::new("lot.numberCharacters"));
            None
        }
        Some(s) => Some(s.to_string()),
    };
    let material_id = id(input.material_id.as_deref(), "materialId", &mut errors);
    let supplier_id = id(input.supplier_id.as_deref(), "supplierId", &mut errors);
    let quantity_kg = quantity(input.quantity_kg, "quantityKg", &mut errors);
    let received_at = instant(input.received_at.as_deref())
        .map_err(|m| errors.insert("receivedAt".into(), m))
        .ok()
        .map(|t| t.unwrap_or(now));
    if received_at.is_some_and(|t| t > now + chrono::Duration::minutes(5)) {
        errors.insert("receivedAt".into(), Msg::new("lot.receivedInFuture"));
    }
    let expires_at = instant(input.expires_at.as_deref())
        .map_err(|m| errors.insert("expiresAt".into(), m))
        .ok()
        .flatten();
    if let (Some(r), Some(x)) = (received_at, expires_at)
        && x <= r
    {
        errors.insert("expiresAt".into(), Msg::new("lot.expiresBeforeReceipt"));
    }
    let certificate = input
        .certificate
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string);
    if certificate
        .as_ref()
        .is_some_and(|c| c.chars().count() > CERTIFICATE_MAX)
    {
        errors.insert("certificate".into(), too_long(CERTIFICATE_MAX));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(CheckedLot {
        lot_number: lot_number.expect("checked"),
        material_id: material_id.expect("checked"),
        supplier_id: supplier_id.expect("checked"),
        received_at: received_at.expect("checked"),
        quantity_kg: quantity_kg.expect("checked"),
        expires_at,
        certificate,
        status: input.status.unwrap_or(LotStatus::Quarantine),
    })
}

/// Checks a status change: the status and a reason (at most 500 characters) are required.
pub fn check_status(
    change: &LotStatusChange,
) -> Result<(LotStatus, String), BTreeMap<String, Msg>> {
    let mut errors = BTreeMap::new();
    if change.status.is_none() {
        errors.insert("status".into(), required());
    }
    let reason = change.reason.as_deref().map(str::trim).unwrap_or("");
    if reason.is_empty() {
        errors.insert("reason".into(), required());
    } else if reason.chars().count() > REASON_MAX {
        errors.insert("reason".into(), too_long(REASON_MAX));
    }
    match change.status {
        Some(s) if errors.is_empty() => Ok((s, reason.to_string())),
        _ => Err(errors),
    }
}

/// A fill once checked.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedFill {
    pub bin_id: Uuid,
    pub lot_id: Uuid,
    pub quantity_kg: f64,
    pub at: DateTime<Utc>,
}

/// Checks a fill's fields (the bin, the lot and their materials are the app's to check).
pub fn check_fill(
    fill: &BinFill,
    now: DateTime<Utc>,
) -> Result<CheckedFill, BTreeMap<String, Msg>> {
    let mut errors = BTreeMap::new();
    let bin_id = id(fill.bin_id.as_deref(), "binId", &mut errors);
    let lot_id = id(fill.lot_id.as_deref(), "lotId", &mut errors);
    let quantity_kg = quantity(fill.quantity_kg, "quantityKg", &mut errors);
    let at = instant(fill.at.as_deref())
        .map_err(|m| errors.insert("at".into(), m))
        .ok()
        .map(|t| t.unwrap_or(now));
    if at.is_some_and(|t| t > now + chrono::Duration::minutes(5)) {
        errors.insert("at".into(), Msg::new("lot.fillInFuture"));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(CheckedFill {
        bin_id: bin_id.expect("checked"),
        lot_id: lot_id.expect("checked"),
        quantity_kg: quantity_kg.expect("checked"),
        at: at.expect("checked"),
    })
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> DateTime<Utc> {
        "2026-11-29T08:00:00Z".parse().unwrap()
    }

    #[test]
    fn a_lot_needs_its_number_material_supplier_and_quantity() {
        let e = check_lot(&LotInput::default(), now()).unwrap_err();
        let fields: Vec<&str> = e.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            ["lotNumber", "materialId", "quantityKg", "supplierId"]
        );
    }

    #[test]
    fn a_lot_starts_in_quarantine_received_now_unless_told() {
        let input = LotInput {
            lot_number: Some(" W-2611-04 ".into()),
            material_id: Some(Uuid::nil().to_string()),
            supplier_id: Some(Uuid::nil().to_string()),
            quantity_kg: Some(25_000.0),
            ..LotInput::default()
        };
        let c = check_lot(&input, now()).unwrap();
        assert_eq!(c.lot_number, "W-2611-04");
        assert_eq!(c.status, LotStatus::Quarantine);
        assert_eq!(c.received_at, now());
    }

    #[test]
    fn impossible_quantities_and_dates_are_refused() {
        let input = LotInput {
            lot_number: Some("L1".into()),
            material_id: Some(Uuid::nil().to_string()),
            supplier_id: Some(Uuid::nil().to_string()),
            quantity_kg: Some(-1.0),
            received_at: Some("2026-11-28T08:00:00Z".into()),
            expires_at: Some("2026-11-27T08:00:00Z".into()),
            ..LotInput::default()
        };
        let e = check_lot(&input, now()).unwrap_err();
        assert!(e.contains_key("quantityKg"));
        assert_eq!(e["expiresAt"].code, "lot.expiresBeforeReceipt");
        let future = LotInput {
            received_at: Some("2026-12-29T08:00:00Z".into()),
            quantity_kg: Some(1.0),
            expires_at: None,
            ..input
        };
        assert_eq!(
            check_lot(&future, now()).unwrap_err()["receivedAt"].code,
            "lot.receivedInFuture"
        );
    }

    #[test]
    fn a_status_change_needs_a_reason() {
        let e = check_status(&LotStatusChange {
            status: Some(LotStatus::Released),
            reason: Some("  ".into()),
        })
        .unwrap_err();
        assert_eq!(e["reason"].code, "validation.required");
        let ok = check_status(&LotStatusChange {
            status: Some(LotStatus::Blocked),
            reason: Some("aflatoxin above limit".into()),
        })
        .unwrap();
        assert_eq!(ok, (LotStatus::Blocked, "aflatoxin above limit".into()));
    }
}

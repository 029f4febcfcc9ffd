//! Traceability (issue 33): lots received from suppliers and their status, the fills that put
//! them into bins, and what the bins hold lot by lot ([`check`] the rules their inputs meet);
//! deliveries ([`delivery`]); what the traces answer ([`traced`]).

mod check;
mod delivery;
#[cfg(test)]
mod tests;
mod traced;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::choice;

pub use check::{CheckedFill, check_fill, check_lot, check_status, quantity};
pub use delivery::*;
pub use traced::*;

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
pub(crate) const CERTIFICATE_MAX: usize = 200;
pub(crate) const REASON_MAX: usize = 500;
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

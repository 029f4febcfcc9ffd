//! The rules a lot, a status change and a fill must meet, one message per field; the helpers
//! the delivery's check shares.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::Msg;

use super::{
    BinFill, CERTIFICATE_MAX, CheckedLot, LOT_NUMBER_MAX, LotInput, LotStatus, LotStatusChange,
    MAX_LOT_KG, REASON_MAX,
};

pub(super) fn required() -> Msg {
    Msg::new("validation.required")
}

pub(super) fn too_long(max: usize) -> Msg {
    Msg::new("validation.textTooLong").arg("max", max)
}

pub(super) fn instant(raw: Option<&str>) -> Result<Option<DateTime<Utc>>, Msg> {
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
pub(super) fn id(
    raw: Option<&str>,
    field: &str,
    errors: &mut BTreeMap<String, Msg>,
) -> Option<Uuid> {
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
    let reason = crate::validation::required_text(change.reason.as_deref(), REASON_MAX)
        .map_err(|m| errors.insert("reason".into(), m))
        .ok();
    match (change.status, reason) {
        (Some(s), Some(reason)) if errors.is_empty() => Ok((s, reason)),
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

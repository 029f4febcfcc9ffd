//! The checks of lots and status changes.
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

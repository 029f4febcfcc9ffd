//! Suppliers, lots and goods-in (issue 33): the configuration calls, a lot's status with its
//! reason, the checks of a fill, and a fill through the bus and ingest into the bin's contents,
//! which the doses then draw from.

use std::time::Duration;

use axum::http::StatusCode;
use model::wire::Envelope;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::harness::*;
use crate::plant::{Plant, entity};

/// A line with a scale, materials CORN and SOY, a bin `B-CORN` of corn (10 t), and a supplier.
struct Intake {
    line: String,
    corn: String,
    soy: String,
    bin: String,
    bin_code: String,
    supplier: String,
}

async fn intake(plant: &Plant<'_>) -> Intake {
    let line = plant.line().await;
    let material = |code: &'static str| {
        let line = line.clone();
        async move {
            let mut body = plant.sample(entity("materialdirectory"), &line).await;
            body.insert("code".into(), json!(code));
            plant
                .add(entity("materialdirectory"), Value::Object(body))
                .await
                .ok()["data"]["_id"]
                .as_str()
                .unwrap()
                .to_string()
        }
    };
    let corn = material("CORN").await;
    let soy = material("SOY").await;
    let mut bin = plant.sample(entity("bins"), &line).await;
    bin.insert("code".into(), json!("B-CORN"));
    bin.insert("capacityKg".into(), json!(10_000.0));
    bin.insert(
        "binMaterials".into(),
        json!([{"materialId": corn, "priority": 1}]),
    );
    let bin = plant.add(entity("bins"), Value::Object(bin)).await.ok()["data"].clone();
    assert_eq!(bin["contentModel"], "FIFO", "{bin}");
    let supplier = plant
        .app
        .post(
            "/api/suppliers/add",
            json!({"code": "AGRI", "name": "Agri Trade", "address": "Harbour 1, Ghent", "approval": "APPROVED"}),
            Some(&plant.token),
        )
        .await;
    Intake {
        line,
        corn,
        soy,
        bin: bin["_id"].as_str().unwrap().to_string(),
        bin_code: "B-CORN".into(),
        supplier: supplier.ok()["data"]["_id"].as_str().unwrap().to_string(),
    }
}

fn lot(number: &str, material: &str, supplier: &str, kg: f64) -> Value {
    json!({"lotNumber": number, "materialId": material, "supplierId": supplier, "quantityKg": kg,
           "receivedAt": (chrono::Utc::now() - chrono::Duration::hours(1)).to_rfc3339(),
           "certificate": "CoA 2026-4411"})
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn lots_are_received_released_and_kept_while_used(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let plant = Plant::new(&app).await;
    let t = plant.token.clone();
    let i = intake(&plant).await;

    let created = app
        .post(
            "/api/lots/add",
            lot("W-2611-04", &i.corn, &i.supplier, 25_000.0),
            Some(&t),
        )
        .await;
    assert_eq!(created.message(), "Lot W-2611-04 received");
    let l = created.ok()["data"].clone();
    let id = l["_id"].as_str().unwrap().to_string();
    assert_eq!(l["status"], "QUARANTINE");
    assert_eq!(l["materialCode"], "CORN");
    assert_eq!(l["supplierName"], "Agri Trade");
    assert_eq!(l["lineId"], json!(i.line));
    assert_eq!(l["dosedKg"], 0.0);

    // The same number from the same supplier for the same material: a field error.
    let again = app
        .post(
            "/api/lots/add",
            lot("w-2611-04", &i.corn, &i.supplier, 1.0),
            Some(&t),
        )
        .await;
    again.failed(StatusCode::CONFLICT);
    assert!(
        again.error("lotNumber").contains("already delivered"),
        "{:?}",
        again.body
    );
    // The same number for another material is another lot.
    app.post(
        "/api/lots/add",
        lot("W-2611-04", &i.soy, &i.supplier, 1.0),
        Some(&t),
    )
    .await
    .ok();
    // Unknown references and impossible values.
    let bad = app
        .post(
            "/api/lots/add",
            json!({"lotNumber": "", "materialId": "nope", "supplierId": i.line, "quantityKg": 0}),
            Some(&t),
        )
        .await;
    bad.failed(StatusCode::BAD_REQUEST);
    for field in ["lotNumber", "materialId", "quantityKg"] {
        assert!(!bad.error(field).is_empty(), "{field}: {:?}", bad.body);
    }
    let unknown = app
        .post("/api/lots/add", lot("X", &i.corn, &i.line, 1.0), Some(&t))
        .await;
    unknown.failed(StatusCode::BAD_REQUEST);
    assert!(!unknown.error("supplierId").is_empty());

    // Listed and filtered.
    let all = app
        .get(&format!("/api/lots?lineId={}", i.line), Some(&t))
        .await;
    assert_eq!(all.ok()["data"].as_array().unwrap().len(), 2);
    assert_eq!(all.total(), 2);
    let q = app
        .get(
            &format!(
                "/api/lots?materialId={}&status=QUARANTINE&lotNumber=2611",
                i.corn
            ),
            Some(&t),
        )
        .await;
    assert_eq!(q.ok()["data"][0]["_id"], json!(id));
    app.get("/api/lots?status=GONE", Some(&t))
        .await
        .failed(StatusCode::BAD_REQUEST);

    // Released with a reason, audited with it; a reason is required.
    app.post(
        &format!("/api/lots/status/{id}"),
        json!({"status": "RELEASED"}),
        Some(&t),
    )
    .await
    .failed(StatusCode::BAD_REQUEST);
    let released = app
        .post(
            &format!("/api/lots/status/{id}"),
            json!({"status": "RELEASED", "reason": "lab: aflatoxin B1 < 2 µg/kg"}),
            Some(&t),
        )
        .await;
    assert_eq!(released.message(), "Lot W-2611-04 is now released");
    assert_eq!(
        released.ok()["data"]["statusReason"],
        "lab: aflatoxin B1 < 2 µg/kg"
    );
    let audited: (String, Value) = sqlx::query_as(
        "select action, detail from audit_log where entity = 'lot' and entity_id = $1 order by at desc limit 1",
    )
    .bind(&id)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(audited.0, "lot_status");
    assert_eq!(audited.1["from"], "QUARANTINE");
    assert_eq!(audited.1["to"], "RELEASED");

    // Edited; a suspended supplier takes no new lots.
    let mut body = lot("W-2611-04", &i.corn, &i.supplier, 24_500.0);
    body["expiresAt"] = json!("2027-05-01T00:00:00Z");
    let edited = app
        .post(&format!("/api/lots/edit/{id}"), body, Some(&t))
        .await;
    assert_eq!(edited.ok()["data"]["quantityKg"], 24_500.0);
    assert_eq!(edited.ok()["data"]["status"], "RELEASED");
    app.post(
        &format!("/api/suppliers/edit/{}", i.supplier),
        json!({"code": "AGRI", "name": "Agri Trade", "approval": "SUSPENDED"}),
        Some(&t),
    )
    .await
    .ok();
    let refused = app
        .post(
            "/api/lots/add",
            lot("W-2611-09", &i.corn, &i.supplier, 1.0),
            Some(&t),
        )
        .await;
    refused.failed(StatusCode::CONFLICT);
    assert!(refused.error("supplierId").contains("suspended"));

    // A lot nothing was taken of can be deleted; a supplier with lots cannot.
    let gone = app
        .post(
            "/api/lots/add",
            {
                app.post(
                    &format!("/api/suppliers/edit/{}", i.supplier),
                    json!({"code": "AGRI", "name": "Agri Trade", "approval": "APPROVED"}),
                    Some(&t),
                )
                .await
                .ok();
                lot("W-TYPO", &i.corn, &i.supplier, 1.0)
            },
            Some(&t),
        )
        .await;
    let gone = gone.ok()["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(
        app.post("/api/lots/delete", json!({"id": gone}), Some(&t))
            .await
            .message(),
        "Lot W-TYPO deleted"
    );
    app.get(&format!("/api/lots/{gone}"), Some(&t))
        .await
        .failed(StatusCode::NOT_FOUND);
    app.post("/api/suppliers/delete", json!({"id": i.supplier}), Some(&t))
        .await
        .failed(StatusCode::CONFLICT);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_fill_reaches_the_bin_through_the_bus_and_the_doses_take_its_lot(pool: PgPool) {
    let plant_bus = Bus::with_ingest(&pool).await;
    let (client, js) = (plant_bus.client.clone(), plant_bus.js.clone());
    let app = TestApp::with_nats(pool.clone(), client.clone()).await;
    let plant = Plant::new(&app).await;
    let t = plant.token.clone();
    let i = intake(&plant).await;
    let corn = app
        .post(
            "/api/lots/add",
            lot("C-1", &i.corn, &i.supplier, 20_000.0),
            Some(&t),
        )
        .await
        .ok()["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let soy = app
        .post(
            "/api/lots/add",
            lot("S-1", &i.soy, &i.supplier, 1_000.0),
            Some(&t),
        )
        .await
        .ok()["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let fill = |lot: &str, kg: f64| json!({"binId": i.bin, "lotId": lot, "quantityKg": kg});

    // Soy into the corn bin: 400 naming both.
    let wrong = app
        .post("/api/bins/fill", fill(&soy, 100.0), Some(&t))
        .await;
    wrong.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        wrong.error("lotId"),
        "Lot S-1 is SOY, but bin B-CORN holds CORN"
    );
    // More than the bin takes.
    let full = app
        .post("/api/bins/fill", fill(&corn, 12_000.0), Some(&t))
        .await;
    full.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        full.error("quantityKg"),
        "Bin B-CORN has room for 10000 kg only"
    );

    let filled = app
        .post("/api/bins/fill", fill(&corn, 6_000.0), Some(&t))
        .await;
    assert_eq!(filled.message(), "6000 kg of lot C-1 put into bin B-CORN");
    assert_eq!(filled.ok()["data"]["levelKg"], 6_000.0);

    // Ingest stores the movement and puts the portion into the bin.
    let content = format!("/api/bins/{}/content", i.bin);
    wait_until(Duration::from_secs(10), || async {
        app.get(&content, Some(&t)).await.ok()["data"]["portions"]
            .as_array()
            .is_some_and(|p| p.len() == 1)
    })
    .await;
    let c = app.get(&content, Some(&t)).await.ok()["data"].clone();
    assert_eq!(c["portions"][0]["lotNumber"], "C-1");
    assert_eq!(c["portions"][0]["status"], "QUARANTINE");
    assert_eq!(c["heldKg"], 6_000.0);
    assert_eq!(c["reportedLevelKg"], 6_000.0);
    assert_eq!(c["contentModel"], "FIFO");

    // A dose from the bin is attributed to the lot; the lot now says so, and stays.
    let mut w = testkit::samples::weighing("B-7", 750.0);
    w.bin_id = Some(i.bin_code.clone());
    w.material_id = "CORN".into();
    bus::Publisher::new(js.clone(), 4)
        .send(&Envelope::new(&i.line, vec![w]))
        .await;
    wait_until(Duration::from_secs(10), || async {
        app.get(&format!("/api/lots/{corn}"), Some(&t)).await.ok()["data"]["dosedKg"] == 750.0
    })
    .await;
    let l = app.get(&format!("/api/lots/{corn}"), Some(&t)).await.ok()["data"].clone();
    assert_eq!(
        (l["filledKg"].clone(), l["inBinsKg"].clone()),
        (json!(6_000.0), json!(5_250.0))
    );
    app.post("/api/lots/delete", json!({"id": corn}), Some(&t))
        .await
        .failed(StatusCode::CONFLICT);

    // A blocked lot goes into no bin.
    app.post(
        &format!("/api/lots/status/{corn}"),
        json!({"status": "BLOCKED", "reason": "supplier recall R-17"}),
        Some(&t),
    )
    .await
    .ok();
    let blocked = app
        .post("/api/bins/fill", fill(&corn, 10.0), Some(&t))
        .await;
    blocked.failed(StatusCode::CONFLICT);
    assert!(blocked.error("lotId").contains("blocked"));
}

/// A portion of lot `lot` in bin `bin` of `line`, as ingest keeps it after a fill.
async fn portion(pool: &PgPool, line: &str, bin: &str, lot: &str) {
    sqlx::query(
        "insert into bin_portion (line_id, bin_code, material_code, lot_id, lot_number, filled_at, filled_kg, remaining_kg)
         select $1, $2, 'CORN', id, lot_number, now(), 5000, 5000 from lot where id = $3::uuid",
    )
    .bind(line)
    .bind(bin)
    .bind(lot)
    .execute(pool)
    .await
    .unwrap();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_bin_holding_a_lot_not_released_stops_orders_until_the_lot_is_released(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let plan = crate::schedules::Plan::new(&app).await;
    let t = plan.f.token.clone();
    let recipe = plan.recipe("GROW", "NONE").await;
    let running = plan.add(plan.order("PO-1", &recipe, 2)).await.ok()["data"].clone();
    let running = crate::recipes::id(&running);
    plan.status(&running, "RELEASED").await.ok();
    let supplier = app
        .post(
            "/api/suppliers/add",
            json!({"code": "AGRI", "name": "Agri", "approval": "APPROVED"}),
            Some(&t),
        )
        .await
        .ok()["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let lot = app
        .post(
            "/api/lots/add",
            lot("C-9", plan.line.id("CORN"), &supplier, 20_000.0),
            Some(&t),
        )
        .await
        .ok()["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    portion(&pool, &plan.line.id, "BIN-01", &lot).await;

    // A new order needing the bin is refused, naming bin and lot.
    let next = plan.add(plan.order("PO-2", &recipe, 1)).await.ok()["data"].clone();
    let next = crate::recipes::id(&next);
    let refused = plan.status(&next, "RELEASED").await;
    refused.failed(StatusCode::CONFLICT);
    assert_eq!(
        refused.error("status"),
        "Bin BIN-01 holds lot C-9, which is in quarantine: release the lot before the order"
    );
    // The order already on the board has its doses from the bin marked for the controller.
    let order = uuid::Uuid::parse_str(&running).unwrap();
    let marked = |entries: Vec<(uuid::Uuid, Option<model::schedule::board::BoardEntry>)>| {
        entries[0]
            .1
            .as_ref()
            .unwrap()
            .control_recipe
            .weighings
            .iter()
            .filter(|w| w.held_lot.is_some())
            .map(|w| {
                (
                    w.bin_code.clone().unwrap(),
                    w.held_lot.clone().unwrap().lot_number,
                )
            })
            .collect::<Vec<_>>()
    };
    let entries = db::schedules::board_entries(&pool, &[order]).await.unwrap();
    assert!(!marked(entries.clone()).is_empty(), "{entries:?}");
    assert!(
        marked(entries)
            .iter()
            .all(|(bin, lot)| bin == "BIN-01" && lot == "C-9")
    );

    // Released: the order goes, the marks are gone.
    app.post(
        &format!("/api/lots/status/{lot}"),
        json!({"status": "RELEASED", "reason": "lab release 4711"}),
        Some(&t),
    )
    .await
    .ok();
    plan.status(&next, "RELEASED").await.ok();
    let entries = db::schedules::board_entries(&pool, &[order]).await.unwrap();
    assert!(marked(entries).is_empty());
}

//! Deliveries and traces (issue 33, items 4 and 5): production data as ingest stores it, a lot
//! traced forward to batches, orders, deliveries and customers with its mass balance and the
//! batch at risk of carry-over, and a batch and a delivery traced back to their lots.

use axum::http::StatusCode;
use chrono::{Duration, Utc};
use model::wire::{self, BatchEventKind, BinMovementKind, Envelope, Sample};
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::harness::*;
use crate::plant::{Plant, entity};

fn id(v: &Value) -> String {
    v["_id"].as_str().unwrap().to_string()
}

/// Writes samples of one kind of `line` as ingest does.
async fn store<T: Sample + Clone>(pool: &PgPool, line: &str, samples: Vec<T>) {
    let e = Envelope::new(line, samples);
    let mut rows = db::ingest::rows::Rows::default();
    rows.add(&e.subject(), None, &serde_json::to_vec(&e).unwrap());
    assert!(rows.quarantine.is_empty(), "{:?}", rows.quarantine);
    db::ingest::write::write(pool, &rows).await.unwrap();
}

fn close(a: &Value, b: f64) -> bool {
    (a.as_f64().unwrap() - b).abs() < 1e-6
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_lot_is_traced_to_its_customers_and_back(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let plant = Plant::new(&app).await;
    let t = plant.token.clone();
    let line = plant.line().await;
    let mut corn = plant.sample(entity("materialdirectory"), &line).await;
    corn.insert("code".into(), json!("CORN"));
    corn.insert("medicated".into(), json!(true));
    let corn = id(&plant
        .add(entity("materialdirectory"), Value::Object(corn))
        .await
        .ok()["data"]);
    let post = |path: &'static str, body: Value| {
        let (app, t) = (&app, t.clone());
        async move { app.post(path, body, Some(&t)).await }
    };
    let supplier = id(&post(
        "/api/suppliers/add",
        json!({"code": "AGRI", "name": "Agri Trade", "approval": "APPROVED"}),
    )
    .await
    .ok()["data"]);
    let farm = id(&post(
        "/api/customers/add",
        json!({"code": "FARM", "name": "Hof Meyer", "address": "Dorfstraße 3"}),
    )
    .await
    .ok()["data"]);
    let dealer = id(&post(
        "/api/customers/add",
        json!({"code": "DEALER", "name": "Landhandel Süd"}),
    )
    .await
    .ok()["data"]);
    let received = (Utc::now() - Duration::days(2)).to_rfc3339();
    let lot = |n: &str| json!({"lotNumber": n, "materialId": corn, "supplierId": supplier, "quantityKg": 20_000.0, "receivedAt": received, "status": "RELEASED"});
    let c1 = id(&post("/api/lots/add", lot("C-1")).await.ok()["data"]);
    post("/api/lots/add", lot("C-2")).await.ok();

    // The plant: two fills of bin B-CORN, four batches (two of one order), a dose each.
    let t0 = Utc::now() - Duration::hours(6);
    let at = |m: i64| t0 + Duration::minutes(m);
    let fill = |lot: &str, kg: f64, m: i64| wire::BinMovement {
        id: uuid::Uuid::now_v7(),
        time: at(m),
        bin_id: "B-CORN".into(),
        material_id: "CORN".into(),
        lot: Some(lot.into()),
        delta_kg: kg,
        level_kg: kg,
        kind: BinMovementKind::Fill,
    };
    store(
        &pool,
        &line,
        vec![fill("C-1", 1000.0, 0), fill("C-2", 500.0, 1)],
    )
    .await;
    let order = uuid::Uuid::now_v7().to_string();
    for (n, (batch, kg, of_order)) in [
        ("B1", 600.0, false),
        ("B2", 600.0, true),
        ("B3", 300.0, true),
        ("B4", 0.0, false),
    ]
    .into_iter()
    .enumerate()
    {
        let m = 10 + 10 * n as i64;
        let mut started = testkit::samples::batch(BatchEventKind::Started, batch, 1000.0, None);
        let mut ended = testkit::samples::batch(BatchEventKind::Ended, batch, 1000.0, Some(1000.0));
        (started.time, ended.time) = (at(m), at(m + 5));
        if of_order {
            started.production_schedule_id = Some(order.clone());
            ended.production_schedule_id = Some(order.clone());
        }
        store(&pool, &line, vec![started, ended]).await;
        if kg > 0.0 {
            let mut w = testkit::samples::weighing(batch, kg);
            (w.time, w.bin_id, w.material_id) = (at(m + 1), Some("B-CORN".into()), "CORN".into());
            store(&pool, &line, vec![w]).await;
        }
    }

    // Deliveries: batches with kilograms, or an order and what was loaded from it.
    let d1 = post("/api/deliveries/add", json!({"deliveryNumber": "LS-1001", "customerId": farm, "vehicle": "VEC-AB 123",
        "deliveredAt": at(60).to_rfc3339(), "batches": [{"lineId": line, "batchId": "B1", "kg": 800.0}]})).await;
    assert_eq!(d1.message(), "Delivery LS-1001 recorded");
    let d1 = d1.ok()["data"].clone();
    assert_eq!(d1["kg"], 800.0);
    assert_eq!(d1["batches"][0]["recipeCode"], "LAY-02");
    let d2 = post(
        "/api/deliveries/add",
        json!({"deliveryNumber": "LS-1002", "customerId": dealer,
        "deliveredAt": at(70).to_rfc3339(), "orderId": order, "kg": 1500.0}),
    )
    .await
    .ok()["data"]
        .clone();
    let spread: Vec<(String, f64)> = d2["batches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["batchId"].as_str().unwrap().to_string(),
                b["kg"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        spread,
        [("B2".to_string(), 750.0), ("B3".to_string(), 750.0)]
    );
    // Beyond what a batch made, an unknown batch, a number taken.
    let over = post("/api/deliveries/add", json!({"deliveryNumber": "LS-1003", "customerId": farm,
        "batches": [{"lineId": line, "batchId": "B1", "kg": 300.0}, {"lineId": line, "batchId": "B9", "kg": 1.0}]})).await;
    over.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        over.error("batches[0].kg"),
        "Only 200 kg of batch B1 are left to deliver"
    );
    assert_eq!(
        over.error("batches[1].batchId"),
        "Batch B9 was not completed on this line"
    );
    post(
        "/api/deliveries/add",
        json!({"deliveryNumber": "ls-1001", "customerId": farm,
        "batches": [{"lineId": line, "batchId": "B4", "kg": 10.0}]}),
    )
    .await
    .failed(StatusCode::CONFLICT);
    let listed = app
        .get(&format!("/api/deliveries?customerId={farm}"), Some(&t))
        .await;
    assert_eq!(listed.total(), 1);

    // Forward: C-1 went into B1 (600) and B2 (400), to the farm and the dealer.
    let tr = app
        .get(&format!("/api/trace/lot/{c1}"), Some(&t))
        .await
        .ok()["data"]
        .clone();
    let batches: Vec<(&str, f64)> = tr["batches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["batchId"].as_str().unwrap(), b["kg"].as_f64().unwrap()))
        .collect();
    assert_eq!(batches, [("B1", 600.0), ("B2", 400.0)]);
    assert_eq!(tr["orders"][0]["orderId"], json!(order));
    assert_eq!(tr["orders"][0]["batches"], 1);
    assert_eq!(tr["bins"][0]["binCode"], "B-CORN");
    // Which delivery carried which batch: LS-1001 took 800 kg of B1, LS-1002 750 kg of B2.
    let delivered: Vec<(&str, &str, f64)> = tr["delivered"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["deliveryNumber"].as_str().unwrap(),
                d["batchId"].as_str().unwrap(),
                d["kg"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        delivered,
        [("LS-1001", "B1", 800.0), ("LS-1002", "B2", 750.0)]
    );
    let b = &tr["balance"];
    assert!(
        close(&b["receivedKg"], 20_000.0)
            && close(&b["filledKg"], 1000.0)
            && close(&b["dosedKg"], 1000.0)
    );
    assert!(
        close(&b["notUsedKg"], 19_000.0) && close(&b["unaccountedKg"], 0.0),
        "{b}"
    );
    let customers: Vec<(&str, f64)> = tr["customers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["code"].as_str().unwrap(), c["lotKg"].as_f64().unwrap()))
        .collect();
    assert_eq!(customers, [("FARM", 480.0), ("DEALER", 300.0)]);
    // The lot is medicated: the first batch after it on the line without it is at risk.
    let risks: Vec<(&str, &str)> = tr["carryOver"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["batchId"].as_str().unwrap(),
                r["afterBatchId"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(risks, [("B3", "B2")]);

    // Backward: B2 took 400 of C-1 and 200 of C-2 in one dose (a changeover).
    let bt = app
        .get(&format!("/api/trace/batch/{line}/B2"), Some(&t))
        .await
        .ok()["data"]
        .clone();
    assert_eq!(bt["doses"].as_array().unwrap().len(), 1);
    assert_eq!(bt["doses"][0]["lots"].as_array().unwrap().len(), 2);
    assert_eq!(bt["lots"][0]["lotNumber"], "C-1");
    assert!(close(&bt["lots"][0]["share"], 400.0 / 600.0));
    assert_eq!(bt["lots"][0]["supplierCode"], "AGRI");
    assert_eq!(bt["deliveries"][0]["deliveryNumber"], "LS-1002");
    app.get(&format!("/api/trace/batch/{line}/NOPE"), Some(&t))
        .await
        .failed(StatusCode::NOT_FOUND);

    // The batch record names the lots used.
    let record = json!({"heading": "Batch record", "data": [], "headers": ["Material", "Actual"],
        "matchKeys": ["materialCode", "actualKg"]});
    let (status, _, pdf) = app
        .download_post(
            &format!(
                "/api/reports/batches/getlinebatchdetails/generatePdf?batchId=B2&lineId={line}"
            ),
            record,
            &t,
            "en",
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&pdf));
    let text = text_of(&pdf);
    assert!(
        text.contains("Lots used") && text.contains("C-1") && text.contains("AGRI · Agri Trade"),
        "{text}"
    );

    // A delivery back to its lots: 750 of B2 and 750 of B3.
    let dt = app
        .get(&format!("/api/trace/delivery/{}", id(&d2)), Some(&t))
        .await
        .ok()["data"]
        .clone();
    let lots: Vec<(&str, f64)> = dt["lots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["lotNumber"].as_str().unwrap(), l["kg"].as_f64().unwrap()))
        .collect();
    assert_eq!(lots, [("C-2", 375.0), ("C-1", 300.0)]);

    // The recall report: PDF in the requester's language, CSV and XLSX.
    let (status, kind, pdf) = app
        .download_post(
            "/api/trace/recall/generatePdf",
            json!({"lotId": c1}),
            &t,
            "de",
        )
        .await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "application/pdf"));
    let text = text_of(&pdf);
    for expected in [
        "Rückruf · Los C-1 (CORN)",
        "Mengenbilanz",
        "Hof Meyer",
        "LS-1001",
        "LS-1002",
        "B2",
        "Verschleppungsrisiken",
        "Europe/Berlin",
        "Rückrufkoordinator",
    ] {
        assert!(
            text.contains(expected),
            "{expected} not in the recall PDF:\n{text}"
        );
    }
    let (status, kind, csv) = app
        .download_post(
            "/api/trace/recall/generateCsv",
            json!({"lotId": c1}),
            &t,
            "en",
        )
        .await;
    assert_eq!(
        (status, kind.as_str()),
        (StatusCode::OK, "text/csv; charset=utf-8")
    );
    let csv = String::from_utf8(csv).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert!(
        lines[0].starts_with("Lot,Material,Supplier,Line,Batch"),
        "{csv}"
    );
    // B1 to the farm (600 of 1000 kg in 800 kg), B2 to the dealer (400 of 1000 kg in 750 kg).
    assert_eq!(lines.len(), 3, "{csv}");
    assert!(
        lines[1].contains(",B1,") && lines[1].ends_with("LS-1001,FARM,800.000,480.000"),
        "{csv}"
    );
    assert!(
        lines[2].contains(",B2,") && lines[2].ends_with("LS-1002,DEALER,750.000,300.000"),
        "{csv}"
    );
    let (status, _, xlsx) = app
        .download_post(
            "/api/trace/recall/generateXlsx",
            json!({"lotId": c1}),
            &t,
            "fr",
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(xlsx.starts_with(b"PK"), "an xlsx is a zip");
    let (status, _, _) = app
        .download_post("/api/trace/recall/generatePdf", json!({}), &t, "en")
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // A customer with deliveries stays; a deleted delivery leaves the trace.
    app.post("/api/customers/delete", json!({"id": farm}), Some(&t))
        .await
        .failed(StatusCode::CONFLICT);
    app.post("/api/deliveries/delete", json!({"id": id(&d1)}), Some(&t))
        .await
        .ok();
    let tr = app
        .get(&format!("/api/trace/lot/{c1}"), Some(&t))
        .await
        .ok()["data"]
        .clone();
    assert_eq!(tr["deliveries"].as_array().unwrap().len(), 1);
}

/// What a line made and has not delivered, as a delivery's form offers it (issue 33, item 4):
/// completed batches and orders with the kilograms left, newest first, to a clerk with only
/// `LOT_READ`; bad input answers field errors.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_delivery_offers_what_was_made_and_not_yet_delivered(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let plan = crate::schedules::Plan::new(&app).await;
    let t = plan.f.token.clone();
    let line = plan.line.id.clone();
    let recipe = plan.recipe("GROW", "NONE").await;
    let order = plan.add(plan.order("PO-7", &recipe, 3)).await.ok()["data"].clone();
    let order = crate::recipes::id(&order);
    let t0 = Utc::now() - Duration::hours(3);
    for (n, (batch, of_order)) in [("K1", true), ("K2", true), ("K3", false)]
        .into_iter()
        .enumerate()
    {
        let m = 10 * n as i64;
        let mut started = testkit::samples::batch(BatchEventKind::Started, batch, 1000.0, None);
        let mut ended = testkit::samples::batch(BatchEventKind::Ended, batch, 1000.0, Some(990.0));
        (started.time, ended.time) = (t0 + Duration::minutes(m), t0 + Duration::minutes(m + 5));
        if of_order {
            started.production_schedule_id = Some(order.clone());
            ended.production_schedule_id = Some(order.clone());
        }
        store(&pool, &line, vec![started, ended]).await;
    }
    let farm = id(&app
        .post(
            "/api/customers/add",
            json!({"code": "FARM", "name": "Hof"}),
            Some(&t),
        )
        .await
        .ok()["data"]);
    app.post(
        "/api/deliveries/add",
        json!({"deliveryNumber": "D-1", "customerId": farm, "batches": [{"lineId": line, "batchId": "K1", "kg": 990.0}, {"lineId": line, "batchId": "K3", "kg": 400.0}]}),
        Some(&t),
    )
    .await
    .ok();
    let (_, clerk) = app
        .user(&t, "clerk@plant.test", "PRIVILEGE", &["LOT_READ"])
        .await;

    let d = app
        .get(&format!("/api/deliverables?lineId={line}"), Some(&clerk))
        .await
        .ok()["data"]
        .clone();
    // K1 went whole; K3 has 590 kg left, K2 all of its 990; newest first.
    let batches: Vec<(&str, f64, f64)> = d["batches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["batchId"].as_str().unwrap(),
                b["madeKg"].as_f64().unwrap(),
                b["leftKg"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(batches, [("K3", 990.0, 590.0), ("K2", 990.0, 990.0)]);
    assert_eq!(d["batches"][1]["orderNumber"], "PO-7");
    let o = &d["orders"][0];
    assert_eq!(d["orders"].as_array().unwrap().len(), 1);
    assert_eq!(o["orderNumber"], "PO-7");
    assert_eq!(o["batches"], 3);
    assert_eq!(o["batchesMade"], 2);
    assert!(
        close(&o["madeKg"], 1980.0) && close(&o["leftKg"], 990.0),
        "{o}"
    );
    // A batch number filter; another line's batches are not offered.
    let k2 = app
        .get(
            &format!("/api/deliverables?lineId={line}&batchId=k2"),
            Some(&clerk),
        )
        .await
        .ok()["data"]
        .clone();
    assert_eq!(k2["batches"].as_array().unwrap().len(), 1);
    let other = uuid::Uuid::now_v7();
    let none = app
        .get(&format!("/api/deliverables?lineId={other}"), Some(&clerk))
        .await
        .ok()["data"]
        .clone();
    assert_eq!(none, json!({"batches": [], "orders": []}));
    // Without a line, or days out of range: field errors.
    let missing = app.get("/api/deliverables", Some(&clerk)).await;
    missing.failed(StatusCode::BAD_REQUEST);
    assert_eq!(missing.error("lineId"), "Please select a line");
    let days = app
        .get(
            &format!("/api/deliverables?lineId={line}&days=91"),
            Some(&clerk),
        )
        .await;
    days.failed(StatusCode::BAD_REQUEST);
    assert_eq!(days.error("days"), "Between 1 and 90 days");
}

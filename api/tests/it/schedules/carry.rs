//! The carry-over guard: the matrix and flush settings, a placement refused with the orders
//! named, a flush placed for the user, the risk in the list, and a release refused until a flush
//! is between.

use axum::http::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use super::Plan;
use crate::harness::TestApp;
use crate::recipes::id;

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_medicated_order_needs_a_flush_before_plain_feed(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let p = Plan::new(&app).await;
    let cocci = p.recipe("CST-01", "COCCIDIOSTAT").await;
    let plain = p.recipe("BRG-01", "NONE").await;

    // The default matrix until one is saved; no flush yet.
    let path = format!("/api/productionschedules/carryover?lineId={}", p.line.id);
    let settings = p.f.get(&path).await.ok()["data"].clone();
    assert_eq!(settings["configured"], false);
    assert_eq!(settings["rules"].as_array().unwrap().len(), 16);

    let first = p.add(p.order("PO-1", &cocci, 2)).await.ok()["data"].clone();
    let refused = p.add(p.order("PO-2", &plain, 2)).await;
    refused.failed(StatusCode::CONFLICT);
    assert_eq!(
        refused.message(),
        "Order PO-2 (NONE) may not follow order PO-1 (COCCIDIOSTAT) without a flush"
    );
    let key = refused.body["errors"]
        .as_object()
        .unwrap()
        .keys()
        .next()
        .unwrap()
        .clone();
    assert!(
        key.starts_with(&format!("carryOver:{}:", id(&first))),
        "{key}"
    );
    // A flush asked for while none is configured.
    let mut with_flush = p.order("PO-2", &plain, 2);
    with_flush["withFlush"] = json!(true);
    let none = p.add(with_flush.clone()).await;
    none.failed(StatusCode::CONFLICT);
    assert!(
        none.message().starts_with("No flush is configured"),
        "{none:?}"
    );

    // Configure the flush: 300 kg of corn.
    let edit = format!("/api/productionschedules/carryover/edit/{}", p.line.id);
    let bad =
        p.f.post(
            &edit,
            json!({"rules": [], "flushMaterialId": p.line.id("CORN")}),
        )
        .await;
    bad.failed(StatusCode::BAD_REQUEST);
    assert!(!bad.error("flushQuantityKg").is_empty());
    let saved =
        p.f.post(
            &edit,
            json!({"rules": [], "flushMaterialId": p.line.id("CORN"), "flushQuantityKg": 300}),
        )
        .await;
    assert_eq!(saved.ok()["data"]["configured"], true);

    // Placed with a flush between.
    let second = p.add(with_flush).await.ok()["data"].clone();
    assert_eq!(second["sequence"], 3);
    let list =
        p.f.get(&format!("/api/productionschedules?lineId={}", p.line.id))
            .await
            .ok()["data"]
            .clone();
    let kinds: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["PRODUCTION", "FLUSH", "PRODUCTION"]);
    assert!(
        list.as_array()
            .unwrap()
            .iter()
            .all(|o| o["carryOver"].is_null())
    );
    assert_eq!(list[1]["batchSizeKg"], 300.0);
    assert_eq!(list[1]["name"], "Flush (CORN)");

    // Released together: the flush goes with the order after it, its control recipe is corn.
    p.status(&id(&first), "RELEASED").await.ok();
    p.status(&id(&second), "RELEASED").await.ok();
    let flush = p.get(list[1]["_id"].as_str().unwrap()).await;
    assert_eq!(flush["status"], "RELEASED");
    assert_eq!(flush["controlRecipe"]["recipeCode"], "FLUSH");
    assert_eq!(
        flush["controlRecipe"]["weighings"][0]["materialCode"],
        "CORN"
    );
    assert_eq!(flush["controlRecipe"]["weighings"][0]["setpointKg"], 300.0);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_release_is_refused_until_a_flush_separates_the_orders(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let p = Plan::new(&app).await;
    let medicated = p.recipe("MED-01", "MEDICATED").await;
    let plain = p.recipe("BRG-01", "NONE").await;
    // A permissive matrix lets both be planned…
    let edit = format!("/api/productionschedules/carryover/edit/{}", p.line.id);
    let lax = json!({"rules": [{"fromClass": "MEDICATED", "toClass": "NONE", "flushRequired": false}], "flushMaterialId": p.line.id("CORN"), "flushQuantityKg": 250});
    p.f.post(&edit, lax).await.ok();
    let a = id(&p.add(p.order("PO-1", &medicated, 1)).await.ok()["data"]);
    let b = id(&p.add(p.order("PO-2", &plain, 1)).await.ok()["data"]);
    // …then the plant tightens it: the list shows the risk on the order that would be carried into.
    p.f.post(
        &edit,
        json!({"rules": [], "flushMaterialId": p.line.id("CORN"), "flushQuantityKg": 250}),
    )
    .await
    .ok();
    let list =
        p.f.get(&format!("/api/productionschedules?lineId={}", p.line.id))
            .await
            .ok()["data"]
            .clone();
    assert!(list[0]["carryOver"].is_null());
    assert_eq!(list[1]["carryOver"]["previousOrderNumber"], "PO-1");
    assert_eq!(list[1]["carryOver"]["fromClass"], "MEDICATED");

    // Releasing the first is fine (nothing released follows it); the second is refused.
    p.status(&a, "RELEASED").await.ok();
    let refused = p.status(&b, "RELEASED").await;
    refused.failed(StatusCode::CONFLICT);
    assert!(refused.message().contains("PO-1"), "{refused:?}");
    assert_eq!(p.get(&b).await["status"], "PLANNED");

    // The screen places the flush before it; now it releases, flush and all.
    let placed =
        p.f.post("/api/productionschedules/flush", json!({"beforeId": b}))
            .await;
    assert_eq!(placed.ok()["data"]["kind"], "FLUSH");
    assert_eq!(placed.message(), "A flush was placed before order PO-2");
    assert_eq!(
        p.status(&b, "RELEASED").await.ok()["data"]["status"],
        "RELEASED"
    );
    let list =
        p.f.get(&format!("/api/productionschedules?lineId={}", p.line.id))
            .await
            .ok()["data"]
            .clone();
    let states: Vec<(&str, &str)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["kind"].as_str().unwrap(), o["status"].as_str().unwrap()))
        .collect();
    assert_eq!(
        states,
        [
            ("PRODUCTION", "RELEASED"),
            ("FLUSH", "RELEASED"),
            ("PRODUCTION", "RELEASED")
        ]
    );
    assert!(
        list.as_array()
            .unwrap()
            .iter()
            .all(|o| o["carryOver"].is_null())
    );
    // A flush cannot go before an order that already started.
    p.batch(&a, "B1", "RUNNING", 0.0).await;
    let late =
        p.f.post("/api/productionschedules/flush", json!({"beforeId": a}))
            .await;
    late.failed(StatusCode::CONFLICT);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn schedule_privileges_guard_every_call(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let p = Plan::new(&app).await;
    let recipe = p.recipe("BRG-01", "NONE").await;
    let admin = &p.f.token;
    let (_, reader) = app
        .user(admin, "reader@plant.test", "PRIVILEGE", &["SCHEDULE_READ"])
        .await;
    let (_, planner) = app
        .user(
            admin,
            "planner@plant.test",
            "PRIVILEGE",
            &["SCHEDULE_CREATE"],
        )
        .await;
    let (_, analyst) = app
        .user(admin, "analyst@plant.test", "PRIVILEGE", &["REPORTS_READ"])
        .await;
    let order = p.order("PO-1", &recipe, 1);
    app.post("/api/productionschedules/add", order.clone(), Some(&reader))
        .await
        .failed(StatusCode::FORBIDDEN);
    let oid = id(&app
        .post("/api/productionschedules/add", order, Some(&planner))
        .await
        .ok()["data"]);
    app.get("/api/productionschedules", Some(&reader))
        .await
        .ok();
    app.post(
        &format!("/api/productionschedules/status/{oid}"),
        json!({"status": "RELEASED"}),
        Some(&planner),
    )
    .await
    .failed(StatusCode::FORBIDDEN);
    app.post(
        "/api/productionschedules/delete",
        json!({"id": oid}),
        Some(&planner),
    )
    .await
    .failed(StatusCode::FORBIDDEN);
    // Report filters are open to analysts; the orders themselves are not.
    app.get("/api/productionschedulelist", Some(&analyst))
        .await
        .ok();
    app.get("/api/getallrecipebylineandtime", Some(&analyst))
        .await
        .ok();
    app.get("/api/productionschedules", Some(&analyst))
        .await
        .failed(StatusCode::FORBIDDEN);
    app.get("/api/productionschedules", None)
        .await
        .failed(StatusCode::UNAUTHORIZED);
}

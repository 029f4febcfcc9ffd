//! The step calls of the three step lists: read, add, edit, delete and validate, on a draft and
//! (refused) on a released version.

use axum::http::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use super::{Fixture, id};
use crate::harness::TestApp;

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn weighing_steps_are_added_edited_per_scale_and_deleted(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let f = Fixture::new(&app).await;
    let line = f.line("PL1", &[]).await;
    let mut body = f.body(&line, "BRG-01");
    body["weighingItems"] = json!([]);
    let v = id(&f.add(body).await);
    let (major, micro) = (line.id("S-MAJOR"), line.id("S-MICRO"));
    let added = f.post("/api/recipeweighings/add", json!({"recipeId": v, "weighingItems": [
        {"scaleId": major, "materialId": line.id("CORN"), "setpoint": 60, "setpointUnit": "PERCENT", "tolerance": 0.5, "toleranceUnit": "PERCENT"},
        {"scaleId": micro, "materialId": line.id("PREMIX"), "setpoint": 10, "tolerance": 0.1},
        {"scaleId": major, "materialId": line.id("SOY"), "setpoint": 390, "tolerance": 2},
    ]})).await;
    let items = added.ok()["data"].as_array().unwrap().clone();
    let order: Vec<(&str, u64)> = items
        .iter()
        .map(|w| {
            (
                w["scaleId"].as_str().unwrap(),
                w["sequence"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(order, [(major, 1), (major, 2), (micro, 1)]);
    let read = f.get(&format!("/api/recipeweighings/{v}")).await;
    assert_eq!(read.ok()["data"].as_array().unwrap().len(), 3);
    let ok = f
        .post(
            "/api/recipeweighings/validaterecipe",
            json!({"recipeId": v}),
        )
        .await;
    assert_eq!(ok.ok()["data"]["valid"], true, "{ok:?}");

    // One scale's items replaced; the other scale's stay.
    let edited = f
        .post(
            &format!("/api/recipeweighings/edit/{v}"),
            json!({"scaleId": micro, "weighingItems": [
                {"scaleId": micro, "materialId": line.id("PREMIX"), "setpoint": 12, "tolerance": 0}
            ]}),
        )
        .await;
    edited.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        edited.error("weighingItems[2].tolerance"),
        "Weighing 3 (PREMIX): The tolerance must be greater than 0"
    );
    let edited = f.post(&format!("/api/recipeweighings/edit/{v}"), json!({"scaleId": micro, "weighingItems": [
        {"scaleId": micro, "materialId": line.id("PREMIX"), "setpoint": 20, "tolerance": 0.1}
    ]})).await;
    let items = edited.ok()["data"].as_array().unwrap().clone();
    assert_eq!(items.len(), 3);
    assert_eq!(items[2]["setpoint"], 20.0);
    let off = f
        .post(
            "/api/recipeweighings/validaterecipe",
            json!({"recipeId": v}),
        )
        .await;
    assert_eq!(off.ok()["data"]["problems"][0]["field"], "weighingItems");

    let deleted = f
        .post(
            "/api/recipeweighings/delete",
            json!({"id": v, "scaleId": micro}),
        )
        .await;
    assert_eq!(deleted.ok()["data"].as_array().unwrap().len(), 2);
    let one = items[0]["_id"].as_str().unwrap();
    let deleted = f
        .post(
            "/api/recipeweighings/delete",
            json!({"id": v, "scaleId": major, "itemId": one}),
        )
        .await;
    assert_eq!(deleted.ok()["data"].as_array().unwrap().len(), 1);
    f.post(
        "/api/recipeweighings/delete",
        json!({"id": v, "scaleId": micro}),
    )
    .await
    .failed(StatusCode::NOT_FOUND);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn mixing_steps_keep_their_order_and_are_deleted_by_id(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let f = Fixture::new(&app).await;
    let line = f.line("PL1", &[]).await;
    let v = id(&f.add(f.body(&line, "BRG-01")).await);
    let step = |s: u64| json!({"mixingActionId": line.id("DRY_MIX"), "mixingModeId": line.id("STD"), "durationS": s, "parameters": [{"parameterId": line.id("SPEED"), "value": "30"}]});
    let added = f
        .post(
            "/api/recipemixings/add",
            json!({"recipeId": v, "mixingItems": [step(30), step(45)]}),
        )
        .await;
    let items = added.ok()["data"].as_array().unwrap().clone();
    let durations: Vec<f64> = items
        .iter()
        .map(|m| m["durationS"].as_f64().unwrap())
        .collect();
    assert_eq!(durations, [120.0, 30.0, 45.0]);
    let reordered = vec![items[2].clone(), items[0].clone(), items[1].clone()];
    let edited = f
        .post(
            &format!("/api/recipemixings/edit/{v}"),
            json!({"mixingItems": reordered}),
        )
        .await;
    let items = edited.ok()["data"].as_array().unwrap().clone();
    let seq: Vec<(f64, u64)> = items
        .iter()
        .map(|m| {
            (
                m["durationS"].as_f64().unwrap(),
                m["sequence"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(seq, [(45.0, 1), (120.0, 2), (30.0, 3)]);
    let deleted = f
        .post(
            "/api/recipemixings/delete",
            json!({"id": items[0]["_id"], "recipeId": v}),
        )
        .await;
    assert_eq!(deleted.ok()["data"].as_array().unwrap().len(), 2);
    assert_eq!(deleted.body["data"][0]["sequence"], 1);
    let valid = f
        .post("/api/recipemixings/validaterecipe", json!({"recipeId": v}))
        .await;
    assert_eq!(valid.ok()["data"]["valid"], true);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn miscellaneous_values_are_set_once_per_parameter(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let f = Fixture::new(&app).await;
    let line = f.line("PL1", &[]).await;
    let mut body = f.body(&line, "BRG-01");
    body["miscellaneousItems"] = json!([]);
    let v = id(&f.add(body).await);
    let temp = line.id("COND_TEMP");
    let added = f
        .post(
            "/api/recipemiscellaneous/add",
            json!({"recipeId": v, "miscellaneousParameterId": temp, "value": 80}),
        )
        .await;
    let item = added.ok()["data"][0].clone();
    let twice = f
        .post(
            "/api/recipemiscellaneous/add",
            json!({"recipeId": v, "miscellaneousParameterId": temp, "value": 81}),
        )
        .await;
    twice.failed(StatusCode::CONFLICT);
    let set = f
        .post(
            &format!("/api/recipemiscellaneous/edit/{v}"),
            json!({"miscellaneousParameterId": temp, "value": 84}),
        )
        .await;
    assert_eq!(
        set.ok()["data"],
        json!([{"_id": item["_id"], "miscellaneousParameterId": temp, "value": 84}])
    );
    let read = f.get(&format!("/api/recipemiscellaneous/{v}")).await;
    assert_eq!(read.ok()["data"][0]["value"], 84);
    let gone = f
        .post(
            "/api/recipemiscellaneous/delete",
            json!({"id": item["_id"]}),
        )
        .await;
    assert_eq!(gone.ok()["data"], json!([]));
    f.post(
        "/api/recipemiscellaneous/delete",
        json!({"id": item["_id"]}),
    )
    .await
    .failed(StatusCode::NOT_FOUND);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn steps_of_a_released_version_cannot_change(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let f = Fixture::new(&app).await;
    let line = f.line("PL1", &[]).await;
    let v = id(&f.add(f.body(&line, "BRG-01")).await);
    f.release(&v, 1).await.ok();
    for (path, body) in [
        (
            "/api/recipeweighings/delete",
            json!({"id": v, "scaleId": line.id("S-MICRO")}),
        ),
        (
            "/api/recipemixings/add",
            json!({"recipeId": v, "mixingItems": []}),
        ),
        (
            "/api/recipemiscellaneous/add",
            json!({"recipeId": v, "miscellaneousParameterId": line.id("COND_TEMP"), "value": 70}),
        ),
    ] {
        f.post(path, body).await.failed(StatusCode::CONFLICT);
    }
    f.get(&format!("/api/recipemixings/{v}")).await.ok();
    f.get(&format!("/api/recipemixings/{}", uuid::Uuid::now_v7()))
        .await
        .failed(StatusCode::NOT_FOUND);
}

//! A recipe's life: draft → validated → trial → production → new version → edited → released
//! to trial and production (the level moves) → production reverted; with the lists, versions,
//! diff and history along the way.

use axum::http::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use super::{Fixture, id};
use crate::harness::TestApp;

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_recipe_goes_from_draft_through_both_levels_into_a_second_version(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let f = Fixture::new(&app).await;
    let line = f.line("PL1", &[]).await;

    // Draft.
    let v1 = f.add(f.body(&line, "BRG-01")).await;
    assert_eq!(v1["status"], "DRAFT");
    assert_eq!(v1["version"], 1);
    assert_eq!(v1["totalKg"], 1000.0);
    assert_eq!(v1["weighingItems"].as_array().unwrap().len(), 3);
    assert!(v1["weighingItems"][0]["_id"].is_string());
    let v1_id = id(&v1);

    // Validated.
    let checked = f
        .post(
            "/api/recipeweighings/validaterecipe",
            json!({"recipeId": v1_id}),
        )
        .await;
    assert_eq!(checked.ok()["data"]["valid"], true);
    assert_eq!(checked.body["data"]["recipeValid"], true);
    let read = f.get(&format!("/api/recipes/{v1_id}")).await;
    assert_eq!(read.ok()["data"]["status"], "VALIDATED");

    // Trial, then production.
    let trial = f.release(&v1_id, 1).await;
    assert_eq!(trial.ok()["data"]["status"], "RELEASED");
    assert_eq!(trial.body["data"]["releaseLevel"], 1);
    assert_eq!(trial.message(), "Version 1 of BRG-01 released to Trial");
    let production = f.release(&v1_id, 2).await;
    let levels = &production.ok()["data"]["levels"];
    assert_eq!(levels.as_array().unwrap().len(), 2);
    assert_eq!(levels[1]["releasedBy"], "super@plant.test");

    // A released version is locked.
    let mut edit = f.body(&line, "BRG-01");
    edit["name"] = json!("Changed");
    let refused = f
        .post(&format!("/api/recipes/edit/{v1_id}"), edit.clone())
        .await;
    refused.failed(StatusCode::CONFLICT);
    assert!(
        refused.message().contains("create a new version"),
        "{refused:?}"
    );

    // A new version, edited.
    let v2 = f
        .post("/api/recipes/createnewrecipeverison", json!({"id": v1_id}))
        .await;
    let v2 = v2.ok()["data"].clone();
    let v2_id = id(&v2);
    assert_eq!(
        (v2["version"].clone(), v2["status"].clone()),
        (json!(2), json!("DRAFT"))
    );
    edit["weighingItems"][0]["setpoint"] = json!(610.0);
    edit["weighingItems"][1]["setpoint"] = json!(380.0);
    let saved = f.post(&format!("/api/recipes/edit/{v2_id}"), edit).await;
    assert_eq!(saved.ok()["data"]["name"], "Changed");

    // The diff against the version holding production.
    let diff = f.get(&format!("/api/recipes/{v2_id}/diff?level=2")).await;
    let d = &diff.ok()["data"];
    assert_eq!(d["from"]["version"], 1);
    assert_eq!(d["diff"]["header"][0]["field"], "name");
    assert_eq!(d["diff"]["header"][0]["old"], "Grower BRG-01");
    let changed = d["diff"]["weighingItems"].as_array().unwrap();
    assert_eq!(changed.len(), 2, "{changed:?}");
    assert_eq!(changed[0]["change"], "CHANGED");
    assert_eq!(changed[0]["fields"][0]["old"], 600.0);
    assert_eq!(changed[0]["fields"][0]["new"], 610.0);
    assert_eq!(d["labels"][line.id("CORN")], "CORN");

    // Version 2 to trial: version 1 loses trial, keeps production.
    f.release(&v2_id, 1).await.ok();
    let v1_now = f.get(&format!("/api/recipes/{v1_id}")).await;
    let held: Vec<i64> = v1_now.ok()["data"]["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["level"].as_i64().unwrap())
        .collect();
    assert_eq!(held, [2]);
    // Version 2 to production: the level moves and names what it replaced.
    let moved = f.release(&v2_id, 2).await;
    let levels = moved.ok()["data"]["levels"].as_array().unwrap().clone();
    let production = levels.iter().find(|l| l["level"] == 2).unwrap();
    assert_eq!(production["replacedRecipeId"], json!(v1_id));
    assert_eq!(production["replacedVersion"], 1);
    let v1_now = f.get(&format!("/api/recipes/{v1_id}")).await;
    assert_eq!(v1_now.ok()["data"]["status"], "WITHDRAWN");

    // Lists.
    let released = f
        .get(&format!("/api/releasedrecipes?lineId={}", line.id))
        .await;
    let released: Vec<i64> = released.ok()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["version"].as_i64().unwrap())
        .collect();
    assert_eq!(released, [2]);
    let latest = f.get(&format!("/api/latestrecipe/{v1_id}")).await;
    assert_eq!(latest.ok()["data"]["version"], 2);
    let all = f
        .get(&format!(
            "/api/allrecipeversions/{}",
            v1["recipeGroupId"].as_str().unwrap()
        ))
        .await;
    assert_eq!(all.ok()["data"].as_array().unwrap().len(), 2);
    let list = f.post("/api/recipes", json!({"lineId": line.id})).await;
    assert_eq!(list.ok()["data"].as_array().unwrap().len(), 1);
    let everywhere = f.get("/api/recipes?lineId=ALL").await;
    assert_eq!(everywhere.ok()["data"].as_array().unwrap().len(), 1);

    // Reverting trial takes production with it.
    let reverted = f
        .post(
            "/api/recipes/revertlevelrelease",
            json!({"id": v2_id, "level": 1}),
        )
        .await;
    assert_eq!(reverted.ok()["data"]["levels"], json!([]));
    assert_eq!(reverted.body["data"]["status"], "WITHDRAWN");
    let unreleased = f.get("/api/unreleasedrecipes").await;
    assert_eq!(unreleased.ok()["data"], json!([]));

    // The history of version 2: created, updated, released to trial, signed and released to
    // production, reverted.
    let history = f.get(&format!("/api/recipes/{v2_id}/history")).await;
    let actions: Vec<String> = history.ok()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["action"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        actions,
        [
            "versionCreated",
            "updated",
            "released",
            "signed",
            "released",
            "reverted"
        ]
    );
    let history = f.get(&format!("/api/recipes/{v1_id}/history")).await;
    let actions: Vec<String> = history.ok()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["action"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        actions,
        [
            "created", "released", "signed", "released", "replaced", "replaced"
        ]
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn levels_are_released_in_order_once_and_reverted_only_when_held(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let f = Fixture::new(&app).await;
    let line = f.line("PL1", &[]).await;
    let v = id(&f.add(f.body(&line, "LAY-02")).await);
    let skipped = f.release(&v, 2).await;
    skipped.failed(StatusCode::CONFLICT);
    assert_eq!(
        skipped.message(),
        "Version 1 must be released to Trial before Production"
    );
    f.release(&v, 1).await.ok();
    let again = f.release(&v, 1).await;
    again.failed(StatusCode::CONFLICT);
    assert_eq!(again.message(), "Version 1 already holds Trial");
    let not_held = f
        .post(
            "/api/recipes/revertlevelrelease",
            json!({"id": v, "level": 2}),
        )
        .await;
    not_held.failed(StatusCode::CONFLICT);
    assert_eq!(not_held.message(), "Version 1 does not hold Production");
    let no_level = f.release(&v, 7).await;
    no_level.failed(StatusCode::BAD_REQUEST);
    assert_eq!(no_level.error("level"), "There is no release level 7");
    let levels = f.get("/api/recipes/releaselevels").await;
    let names: Vec<&str> = levels.ok()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Trial", "Production"]);
    assert_eq!(levels.body["data"][1]["production"], true);
    let german = app
        .raw(
            axum::http::Method::GET,
            "/api/recipes/releaselevels",
            None,
            Some(&f.token),
            Some("de"),
        )
        .await;
    assert_ne!(german.body["data"][1]["name"], "Production");
}

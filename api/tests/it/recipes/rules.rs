//! The checks with their messages, the conflicts, save-as across lines, delete, and who may do
//! what.

use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use super::{Fixture, id};
use crate::harness::TestApp;

/// The problems of a validation: field → message.
fn problems(v: &Value) -> Vec<(String, String)> {
    v["data"]["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["field"].as_str().unwrap().to_string(),
                p["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn every_check_names_the_item_and_field_and_a_release_lists_them(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let f = Fixture::new(&app).await;
    let line = f.line("PL1", &[]).await;
    let mut body = f.body(&line, "BAD-01");
    body["batchSizeKg"] = json!(5000); // above the 4000 kg mixer
    body["weighingItems"][0]["setpoint"] = json!(3100.0); // above the major scale
    body["weighingItems"][1]["materialId"] = json!(line.id("CORN")); // twice on one scale
    body["weighingItems"][2]["setpoint"] = json!(0.01); // below the micro scale's minimum
    body["weighingItems"].as_array_mut().unwrap().push(json!({"scaleId": line.id("S-MICRO"), "materialId": line.id("SOY"), "setpoint": 5, "tolerance": 1}));
    body["mixingItems"][0]["parameters"][0]["value"] = json!(75);
    body["miscellaneousItems"][0]["value"] = json!(55);
    let v = f.add(body).await;
    let v_id = id(&v);
    let weighing = f
        .post(
            "/api/recipeweighings/validaterecipe",
            json!({"recipeId": v_id}),
        )
        .await;
    let found = problems(weighing.ok());
    let expect = [
        (
            "weighingItems[0].setpoint",
            "Weighing 1 (CORN): 3100 kg is above the capacity of scale S-MAJOR (3000 kg)",
        ),
        (
            "weighingItems[1].materialId",
            "Weighing 2 (CORN): CORN is weighed twice on scale S-MAJOR",
        ),
        (
            "weighingItems[2].setpoint",
            "Weighing 3 (PREMIX): 0.01 kg is below the smallest weight of scale S-MICRO (0.05 kg)",
        ),
        (
            "weighingItems[3].materialId",
            "Weighing 4 (SOY): No bin on scale S-MICRO holds SOY",
        ),
        (
            "weighingItems[3].materialId",
            "Weighing 4 (SOY): Materials of the category Grains may not be weighed on scale S-MICRO",
        ),
        (
            "weighingItems",
            "The weighing items add up to 3495.01 kg; the batch size is 5000 kg and their tolerances allow ±6.1 kg",
        ),
    ];
    for (field, message) in expect {
        assert!(
            found.contains(&(field.to_string(), message.to_string())),
            "{field}: {message} not in {found:#?}"
        );
    }
    assert_eq!(weighing.body["data"]["valid"], false);
    let mixing = f
        .post(
            "/api/recipemixings/validaterecipe",
            json!({"recipeId": v_id}),
        )
        .await;
    assert_eq!(
        problems(mixing.ok()),
        [(
            "mixingItems[0].parameters[0].value".to_string(),
            "Mixing step 1 (DRY_MIX): SPEED: 75 is above the maximum of 60".to_string()
        )]
    );
    let misc = f
        .post(
            "/api/recipemiscellaneous/validaterecipe",
            json!({"recipeId": v_id}),
        )
        .await;
    assert_eq!(
        problems(misc.ok()),
        [(
            "miscellaneousItems[0].value".to_string(),
            "Miscellaneous value 1 (COND_TEMP): COND_TEMP: 55 is below the minimum of 60"
                .to_string()
        )]
    );

    let release = f.release(&v_id, 1).await;
    release.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        release.error("batchSizeKg"),
        "The batch size of 5000 kg is above the mixer capacity of 4000 kg"
    );
    assert!(
        release
            .error("mixingItems[0].parameters[0].value")
            .contains("above the maximum")
    );
    // In the user's language.
    let german = app
        .raw(
            axum::http::Method::POST,
            "/api/recipes/releaselevel",
            Some(json!({"id": v_id, "level": 1}).to_string()),
            Some(&f.token),
            Some("de"),
        )
        .await;
    german.failed(StatusCode::BAD_REQUEST);
    assert_ne!(
        german.body["errors"]["batchSizeKg"],
        release.body["errors"]["batchSizeKg"]
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn impossible_values_refuse_a_save_on_their_field(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let f = Fixture::new(&app).await;
    let line = f.line("PL1", &[]).await;
    let mut body = f.body(&line, "BRG-01");
    body["weighingItems"][1]["tolerance"] = json!(0);
    body["mixingItems"][0]["durationS"] = json!(-5);
    body["mixingItems"][0]["mixingActionId"] = json!(uuid::Uuid::now_v7());
    body["code"] = json!("no spaces");
    let refused = f.post("/api/recipes/add", body.clone()).await;
    refused.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.error("weighingItems[1].tolerance"),
        "Weighing 2 (SOY): The tolerance must be greater than 0"
    );
    assert_eq!(
        refused.error("mixingItems[0].durationS"),
        "Mixing step 1 (?): The duration must be greater than 0"
    );
    assert_eq!(
        refused.error("mixingItems[0].mixingActionId"),
        "Mixing step 1 (?): The mixing action does not exist on this line"
    );
    assert!(!refused.error("code").is_empty());
    let none = f.get(&format!("/api/recipes?lineId={}", line.id)).await;
    assert_eq!(none.ok()["data"], json!([]));
    let missing = f.post("/api/recipes/add", json!({"name": "x"})).await;
    missing.failed(StatusCode::BAD_REQUEST);
    assert!(
        !missing.error("lineId").is_empty()
            && !missing.error("code").is_empty()
            && !missing.error("batchSizeKg").is_empty(),
        "{missing:?}"
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn codes_are_unique_per_line_and_fixed_after_add(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let f = Fixture::new(&app).await;
    let line = f.line("PL1", &[]).await;
    let other = f.line("ML2", &[]).await;
    let v = f.add(f.body(&line, "BRG-01")).await;
    let taken = f.post("/api/recipes/add", f.body(&line, "brg-01")).await;
    taken.failed(StatusCode::CONFLICT);
    assert_eq!(
        taken.error("code"),
        "A recipe with this code exists on this line"
    );
    f.add(f.body(&other, "BRG-01")).await;
    let mut renamed = f.body(&line, "OTHER");
    renamed.as_object_mut().unwrap().remove("lineId");
    let refused = f
        .post(&format!("/api/recipes/edit/{}", id(&v)), renamed)
        .await;
    refused.failed(StatusCode::BAD_REQUEST);
    assert!(!refused.error("code").is_empty());
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn save_as_matches_codes_on_the_target_line_or_writes_nothing(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let f = Fixture::new(&app).await;
    let line = f.line("PL1", &[]).await;
    let twin = f.line("PL2", &[]).await;
    let lacking = f.line("ML3", &["SOY"]).await;
    let v = f.add(f.body(&line, "BRG-01")).await;
    let path = format!("/api/recipes/{}/saveAs", id(&v));

    let copy = app
        .put(
            &path,
            json!({"lineId": twin.id, "code": "BRG-01", "name": "Broiler grower (line 2)"}),
            Some(&f.token),
        )
        .await;
    let copy = copy.ok()["data"].clone();
    assert_eq!(copy["lineId"], json!(twin.id));
    assert_eq!(copy["savedFromId"], v["_id"]);
    assert_eq!(copy["version"], 1);
    assert_eq!(
        copy["weighingItems"][0]["materialId"],
        json!(twin.id("CORN"))
    );
    assert_eq!(
        copy["mixingItems"][0]["parameters"][0]["parameterId"],
        json!(twin.id("SPEED"))
    );
    assert_eq!(
        copy["miscellaneousItems"][0]["miscellaneousParameterId"],
        json!(twin.id("COND_TEMP"))
    );

    let refused = app
        .put(
            &path,
            json!({"lineId": lacking.id, "code": "BRG-01", "name": "Broiler grower"}),
            Some(&f.token),
        )
        .await;
    refused.failed(StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.error("weighingItems[1].materialId"),
        "Material: SOY does not exist on line ML3"
    );
    let none = f.get(&format!("/api/recipes?lineId={}", lacking.id)).await;
    assert_eq!(none.ok()["data"], json!([]));

    let same_line = app
        .put(
            &path,
            json!({"code": "BRG-01B", "name": "Broiler grower B"}),
            Some(&f.token),
        )
        .await;
    assert_eq!(same_line.ok()["data"]["lineId"], json!(line.id));
    let taken = app
        .put(
            &path,
            json!({"code": "BRG-01", "name": "Again"}),
            Some(&f.token),
        )
        .await;
    taken.failed(StatusCode::CONFLICT);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn delete_is_soft_audited_and_refused_while_a_batch_runs(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let f = Fixture::new(&app).await;
    let line = f.line("PL1", &[]).await;
    let v = f.add(f.body(&line, "BRG-01")).await;
    sqlx::query("insert into production_batch (line_id, batch_id, recipe_id, recipe_version, status, target_kg) values ($1, 'PL1-0001', $2, 1, 'RUNNING', 1000)")
        .bind(&line.id)
        .bind(id(&v))
        .execute(&pool)
        .await
        .unwrap();
    let refused = f
        .post(
            "/api/recipes/deleterecipegroup",
            json!({"id": v["recipeGroupId"], "deletedBy": "x"}),
        )
        .await;
    refused.failed(StatusCode::CONFLICT);
    assert_eq!(
        refused.message(),
        "Recipe BRG-01 cannot be deleted while batch PL1-0001 is running"
    );
    sqlx::query("update production_batch set status = 'COMPLETE'")
        .execute(&pool)
        .await
        .unwrap();
    let deleted = f
        .post(
            "/api/recipes/deleterecipegroup",
            json!({"id": id(&v), "deletedBy": "x"}),
        )
        .await;
    assert_eq!(deleted.ok()["message"], "Recipe BRG-01 deleted");
    f.get(&format!("/api/recipes/{}", id(&v)))
        .await
        .failed(StatusCode::NOT_FOUND);
    let (deleted_by,): (String,) = sqlx::query_as("select deleted_by from recipe_group")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(deleted_by, "super@plant.test");
    let (audits,): (i64,) = sqlx::query_as(
        "select count(*) from audit_log where entity = 'recipe' and action = 'deleted'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(audits, 1);
    // The code is free again.
    f.add(f.body(&line, "BRG-01")).await;
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn recipe_privileges_decide_who_reads_writes_releases_and_deletes(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let f = Fixture::new(&app).await;
    let line = f.line("PL1", &[]).await;
    let v = id(&f.add(f.body(&line, "BRG-01")).await);
    let (_, reader) = app
        .user(&f.token, "reader@plant.test", "PRIVILEGE", &["RECIPE_READ"])
        .await;
    let (_, updater) = app
        .user(
            &f.token,
            "updater@plant.test",
            "PRIVILEGE",
            &["RECIPE_UPDATE"],
        )
        .await;
    let (_, reports) = app
        .user(
            &f.token,
            "reports@plant.test",
            "PRIVILEGE",
            &["REPORTS_READ"],
        )
        .await;
    let (_, admin) = app.user(&f.token, "admin@plant.test", "ADMIN", &[]).await;

    app.get(&format!("/api/recipes/{v}"), Some(&reader))
        .await
        .ok();
    // The editor reads the line's equipment.
    app.get(&format!("/api/scales?lineId={}", line.id), Some(&reader))
        .await
        .ok();
    app.get(&format!("/api/recipes/{v}"), Some(&reports))
        .await
        .failed(StatusCode::FORBIDDEN);
    app.post("/api/recipes/add", f.body(&line, "X-1"), Some(&reader))
        .await
        .failed(StatusCode::FORBIDDEN);
    app.post(
        "/api/recipes/releaselevel",
        json!({"id": v, "level": 1}),
        Some(&reader),
    )
    .await
    .failed(StatusCode::FORBIDDEN);
    app.post(
        "/api/recipes/releaselevel",
        json!({"id": v, "level": 1}),
        Some(&updater),
    )
    .await
    .ok();
    app.post(
        "/api/recipes/deleterecipegroup",
        json!({"id": v}),
        Some(&updater),
    )
    .await
    .failed(StatusCode::FORBIDDEN);
    app.post("/api/recipes/add", f.body(&line, "X-2"), Some(&admin))
        .await
        .ok();
    // Released: withdrawn before it is deleted.
    let released = app
        .post(
            "/api/recipes/deleterecipegroup",
            json!({"id": v}),
            Some(&admin),
        )
        .await;
    released.failed(StatusCode::CONFLICT);
    assert_eq!(
        released.message(),
        "Recipe BRG-01 is released to level 1: revert its release before deleting it"
    );
    app.post(
        "/api/recipes/revertlevelrelease",
        json!({"id": v, "level": 1}),
        Some(&admin),
    )
    .await
    .ok();
    app.post(
        "/api/recipes/deleterecipegroup",
        json!({"id": v}),
        Some(&admin),
    )
    .await
    .ok();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn equipment_and_lines_a_recipe_names_cannot_be_deleted(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let f = Fixture::new(&app).await;
    let line = f.line("PL1", &[]).await;
    let v = f.add(f.body(&line, "BRG-01")).await;
    for (path, id) in [
        ("/api/materialdirectory/delete", line.id("SOY")),
        ("/api/actionparameters/delete", line.id("SPEED")),
        ("/api/miscellaneousparameters/delete", line.id("COND_TEMP")),
        ("/api/mixingmodes/delete", line.id("STD")),
    ] {
        let refused = f.post(path, json!({"id": id, "deletedBy": "x"})).await;
        refused.failed(StatusCode::CONFLICT);
        assert!(
            refused
                .message()
                .ends_with("version 1 of recipe BRG-01 still uses it"),
            "{path}: {refused:?}"
        );
    }
    let line_delete = f
        .post(
            "/api/lines/delete",
            json!({"id": line.id, "deletedBy": "x"}),
        )
        .await;
    line_delete.failed(StatusCode::CONFLICT);
    // Once the recipe is gone, what only it used can go.
    f.post("/api/recipes/deleterecipegroup", json!({"id": id(&v)}))
        .await
        .ok();
    f.post(
        "/api/miscellaneousparameters/delete",
        json!({"id": line.id("COND_TEMP")}),
    )
    .await
    .ok();
}

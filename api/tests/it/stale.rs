//! Integrity under concurrency (decision 97): an edit that carries the `updatedAt` it started
//! from is refused with 409 naming who saved in between and when, in plant time; an edit
//! without it is taken as before; a release and an edit of a recipe version take turns on the
//! version's row lock, so a release never locks content it did not check.

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::harness::*;
use crate::plant::{Plant, entity};
use crate::recipes::{Fixture, id};
use crate::schedules::Plan;

const OTHER: &str = "planner@plant.test";

/// The 409 of an edit that started from `stale`: on `updatedAt`, naming `by` and a plant time
/// in `zone`.
fn assert_refused(a: &Answer, by: &str, zone: &str) {
    a.failed(StatusCode::CONFLICT);
    let text = a.error("updatedAt");
    assert!(text.starts_with(&format!("{by} saved this at ")), "{a:?}");
    assert!(text.contains(zone), "{a:?}");
    assert!(text.contains("Reload"), "{a:?}");
}

fn updated_at(record: &Value) -> String {
    record["updatedAt"].as_str().unwrap().to_string()
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_configuration_edit_from_an_older_record_is_refused_naming_who_and_when(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plant = Plant::new(&app).await;
    let (_, other) = app.user(&plant.token, OTHER, "ADMIN", &[]).await;
    let lines = entity("lines");
    let line = plant.create(lines, "").await;
    let line_id = id(&line);
    let opened = updated_at(&line);

    // Another user saves first, from the record as it was.
    let theirs = app
        .post(
            &format!("/api/lines/edit/{line_id}"),
            json!({"name": "Mill hall", "updatedAt": opened}),
            Some(&other),
        )
        .await;
    let saved = theirs.ok()["data"].clone();
    assert_ne!(updated_at(&saved), opened);

    // The super user's edit started from the same record: refused, their change kept.
    let mine = plant
        .edit(
            lines,
            &line_id,
            json!({"name": "Line one", "updatedAt": opened}),
        )
        .await;
    assert_refused(&mine, OTHER, "Europe/Berlin");
    assert_eq!(
        plant.get(lines, &line_id).await.ok()["data"]["name"],
        "Mill hall"
    );

    // From the record as it is now, the edit goes through; a bad instant is a 400 on the field.
    let mine = plant
        .edit(
            lines,
            &line_id,
            json!({"name": "Line one", "updatedAt": updated_at(&saved)}),
        )
        .await;
    assert_eq!(mine.ok()["data"]["name"], "Line one");
    let bad = plant
        .edit(
            lines,
            &line_id,
            json!({"name": "Line two", "updatedAt": "yesterday"}),
        )
        .await;
    bad.failed(StatusCode::BAD_REQUEST);
    assert!(!bad.error("updatedAt").is_empty(), "{bad:?}");

    // Without `updatedAt` (the spec's body) the last writer wins, as before.
    let blind = plant
        .edit(lines, &line_id, json!({"name": "Line three"}))
        .await;
    assert_eq!(blind.ok()["data"]["name"], "Line three");

    // A record of a line says the time in its line's zone.
    let scale = plant.create(entity("scales"), &line_id).await;
    let scale_id = id(&scale);
    plant
        .edit(entity("scales"), &scale_id, json!({"name": "Big scale"}))
        .await
        .ok();
    let stale = plant
        .edit(
            entity("scales"),
            &scale_id,
            json!({"name": "Small", "updatedAt": updated_at(&scale)}),
        )
        .await;
    assert_refused(&stale, SUPER_EMAIL, "Europe/Berlin");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_recipe_an_order_and_a_user_refuse_an_edit_from_an_older_version(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let plan = Plan::new(&app).await;
    let f = &plan.f;

    // A recipe version.
    let draft = f.add(f.body(&plan.line, "R-STALE")).await;
    let path = format!("/api/recipes/edit/{}", id(&draft));
    let opened = updated_at(&draft);
    let first = f
        .post(&path, json!({"name": "First", "updatedAt": opened}))
        .await;
    let first = first.ok()["data"].clone();
    let second = f
        .post(&path, json!({"name": "Second", "updatedAt": opened}))
        .await;
    assert_refused(&second, SUPER_EMAIL, "Europe/Berlin");
    let third = f
        .post(
            &path,
            json!({"name": "Third", "updatedAt": updated_at(&first)}),
        )
        .await;
    assert_eq!(third.ok()["data"]["name"], "Third");

    // An order.
    let recipe = plan.recipe("R-ORDER", "NONE").await;
    let order = plan.add(plan.order("PO-STALE", &recipe, 2)).await.ok()["data"].clone();
    let path = format!("/api/productionschedules/edit/{}", id(&order));
    let opened = updated_at(&order);
    let change = |batches: i64| {
        let mut body = plan.order("PO-STALE", &recipe, batches);
        body["updatedAt"] = json!(opened);
        body
    };
    f.post(&path, change(3)).await.ok();
    let stale = f.post(&path, change(4)).await;
    assert_refused(&stale, SUPER_EMAIL, "Europe/Berlin");
    assert_eq!(plan.get(&id(&order)).await["batches"], 3);

    // A user: the time is said in the lines' common zone.
    let (user_id, _) = app
        .user(&f.token, OTHER, "PRIVILEGE", &["RECIPE_READ"])
        .await;
    let users = f.get("/api/user/users?limit=200").await.ok()["data"].clone();
    let listed = users["users"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["_id"] == user_id.as_str())
        .cloned()
        .unwrap();
    let opened = updated_at(&listed);
    let edit = |privileges: &[&str], at: &str| json!({"_id": user_id, "role": "PRIVILEGE", "privileges": privileges, "updatedAt": at});
    f.post(
        "/api/edituser",
        edit(&["RECIPE_READ", "RECIPE_UPDATE"], &opened),
    )
    .await
    .ok();
    let stale = f
        .post("/api/edituser", edit(&["RECIPE_READ"], &opened))
        .await;
    assert_refused(&stale, SUPER_EMAIL, "Europe/Berlin");
}

/// The release reads the version under its row lock: an edit holding the lock commits first and
/// the release checks what the edit left (here: no weighings, so the release is refused) instead
/// of locking content it never checked.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_release_waits_for_an_edit_of_the_version_and_checks_its_result(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let f = Fixture::new(&app).await;
    let line = f.line("RL1", &[]).await;
    let draft = f.add(f.body(&line, "R-RACE")).await;
    let version = id(&draft);

    // An edit under way: it holds the version's lock and empties its weighings.
    let mut edit = pool.begin().await.unwrap();
    sqlx::query("select id from recipe where id = $1::uuid for update")
        .bind(&version)
        .execute(&mut *edit)
        .await
        .unwrap();
    sqlx::query("update recipe set weighing_items = '[]', updated_at = now() where id = $1::uuid")
        .bind(&version)
        .execute(&mut *edit)
        .await
        .unwrap();

    let release = f.release(&version, 1);
    let commit_once_waiting = async {
        wait_until(Duration::from_secs(20), || async {
            let waiting: i64 = sqlx::query_scalar(
                "select count(*) from pg_locks where not granted and locktype in ('transactionid', 'tuple')",
            )
            .fetch_one(&pool)
            .await
            .unwrap();
            waiting > 0
        })
        .await;
        edit.commit().await.unwrap();
    };
    let (released, ()) = tokio::join!(release, commit_once_waiting);
    released.failed(StatusCode::BAD_REQUEST);
    let locked: Option<chrono::DateTime<chrono::Utc>> =
        sqlx::query_scalar("select locked_at from recipe where id = $1::uuid")
            .bind(&version)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(locked, None, "an unchecked version was locked");
}

/// The line's carry-over settings and a saved SPC set are single records an engineer edits too:
/// an edit from an older version is refused naming who saved and when; from the version as it
/// is now, or without `updatedAt`, it goes through.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn the_carry_over_matrix_and_an_spc_set_refuse_an_edit_from_an_older_version(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let f = Fixture::new(&app).await;
    let line = f.line("MILL", &[]).await;
    let (_, other) = app.user(&f.token, OTHER, "ADMIN", &[]).await;

    let edit = format!("/api/productionschedules/carryover/edit/{}", line.id);
    let rule = |flush: bool| json!([{"fromClass": "MEDICATED", "toClass": "NONE", "flushRequired": flush}]);
    let first = f.post(&edit, json!({"rules": rule(true)})).await.ok()["data"].clone();
    let opened = updated_at(&first);
    let theirs = app
        .post(
            &edit,
            json!({"rules": rule(false), "updatedAt": opened}),
            Some(&other),
        )
        .await;
    let saved = theirs.ok()["data"].clone();
    let mine = f
        .post(&edit, json!({"rules": rule(true), "updatedAt": opened}))
        .await;
    assert_refused(&mine, OTHER, "Europe/Berlin");
    let now = f
        .get(&format!(
            "/api/productionschedules/carryover?lineId={}",
            line.id
        ))
        .await;
    assert_eq!(now.ok()["data"]["updatedBy"], OTHER, "their change kept");
    let mine = f
        .post(
            &edit,
            json!({"rules": rule(true), "updatedAt": updated_at(&saved)}),
        )
        .await;
    mine.ok();
    f.post(&edit, json!({"rules": rule(false)})).await.ok();

    let body = json!({"lineId": line.id, "name": "Corn dosing", "subject": "DOSING_ERROR", "materialCode": "CORN",
                      "chart": "IMR", "baselineFrom": "2026-01-01T00:00:00Z", "baselineTo": "2026-02-01T00:00:00Z", "rules": ["WE1"]});
    let set = f
        .post("/api/reports/spc/parameters", body.clone())
        .await
        .ok()["data"]
        .clone();
    let path = format!("/api/reports/spc/parameters/{}", id(&set));
    let opened = updated_at(&set);
    let mut theirs = body.clone();
    theirs["name"] = json!("Corn on the major scale");
    theirs["updatedAt"] = json!(opened);
    let saved = app.put(&path, theirs, Some(&other)).await.ok()["data"].clone();
    let mut mine = body.clone();
    mine["rules"] = json!(["WE1", "N3"]);
    mine["updatedAt"] = json!(opened);
    let refused = app.put(&path, mine.clone(), Some(&f.token)).await;
    assert_refused(&refused, OTHER, "Europe/Berlin");
    mine["updatedAt"] = json!(updated_at(&saved));
    let a = app.put(&path, mine, Some(&f.token)).await;
    assert_eq!(a.ok()["data"]["rules"], json!(["N3", "WE1"]));
}

//! An order's life: validation, planning, the lists and filters, editing, release (pinning the
//! production version and freezing the control recipe), progress from batches, every allowed
//! and forbidden transition, and delete.

use axum::http::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use super::Plan;
use crate::harness::TestApp;
use crate::recipes::id;

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn an_order_is_planned_released_run_and_completed(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let p = Plan::new(&app).await;
    let recipe = p.recipe("BRG-01", "NONE").await;

    // Bad input names its fields.
    let bad = p.add(json!({"lineId": p.line.id, "batches": 0})).await;
    bad.failed(StatusCode::BAD_REQUEST);
    for field in ["orderNumber", "recipeId", "batches", "plannedStart"] {
        assert!(!bad.error(field).is_empty(), "{field}: {bad:?}");
    }
    let mut too_big = p.order("PO-1", &recipe, 3);
    too_big["batchSizeKg"] = json!(5000);
    let refused = p.add(too_big).await;
    refused.failed(StatusCode::BAD_REQUEST);
    assert!(refused.error("batchSizeKg").contains("4000"), "{refused:?}");
    let draft = p.f.add(p.f.body(&p.line, "DRAFT-1")).await;
    let unreleased = p.add(p.order("PO-1", &draft, 3)).await;
    assert_eq!(
        unreleased.error("recipeId"),
        "Recipe DRAFT-1 has no version released to production"
    );

    // Planned: the production version, the recipe's size and name by default.
    let added = p.add(p.order("PO-1", &recipe, 3)).await;
    assert_eq!(added.message(), "Order PO-1 planned");
    let order = added.ok()["data"].clone();
    let oid = id(&order);
    assert_eq!(order["status"], "PLANNED");
    assert_eq!(order["statusName"], "Planned");
    assert_eq!(order["sequence"], 1);
    assert_eq!(order["batchSizeKg"], 1000.0);
    assert_eq!(order["plannedKg"], 3000.0);
    assert_eq!(order["name"], "Grower BRG-01");
    assert_eq!(order["recipeId"], recipe["_id"]);
    assert_eq!(order["pinned"], false);
    assert_eq!(order["transitions"], json!(["RELEASED", "CANCELLED"]));
    // The control recipe it would run, previewed.
    assert_eq!(order["controlRecipe"]["weighings"][0]["setpointKg"], 600.0);
    assert_eq!(order["controlRecipe"]["weighings"][0]["binCode"], "BIN-01");
    let taken = p.add(p.order("po-1", &recipe, 1)).await;
    taken.failed(StatusCode::CONFLICT);
    assert!(!taken.error("orderNumber").is_empty());

    // Edited while planned: a smaller batch.
    let mut edit = p.order("PO-1", &recipe, 4);
    edit["batchSizeKg"] = json!(800);
    edit["notes"] = json!("Customer 17");
    let edited =
        p.f.post(
            &format!("/api/productionschedules/edit/{oid}"),
            edit.clone(),
        )
        .await;
    assert_eq!(edited.ok()["data"]["batches"], 4);
    assert_eq!(
        edited.body["data"]["controlRecipe"]["weighings"][0]["setpointKg"],
        480.0
    );

    // The lists and their filters.
    let second = p.add(p.order("PO-2", &recipe, 1)).await.ok()["data"].clone();
    assert_eq!(second["sequence"], 2);
    let all = p.f.get("/api/productionschedules?lineId=ALL").await;
    assert_eq!(all.ok()["data"].as_array().unwrap().len(), 2);
    let by_post =
        p.f.post(
            "/api/productionschedules",
            json!({"lineId": p.line.id, "status": "RELEASED"}),
        )
        .await;
    assert_eq!(by_post.ok()["data"].as_array().unwrap().len(), 0);
    let in_range = p.f.get("/api/productionschedules?fromDateTime=2026-11-24T00:00:00Z&toDateTime=2026-11-25T00:00:00Z").await;
    assert_eq!(in_range.ok()["data"].as_array().unwrap().len(), 2);
    let later =
        p.f.get("/api/productionschedules?fromDateTime=2026-11-25T00:00:00Z")
            .await;
    assert_eq!(later.ok()["data"].as_array().unwrap().len(), 0);
    let backwards = p.f.get("/api/productionschedules?fromDateTime=2026-11-25T00:00:00Z&toDateTime=2026-11-24T00:00:00Z").await;
    backwards.failed(StatusCode::BAD_REQUEST);
    assert!(!backwards.error("toDateTime").is_empty());
    p.f.get("/api/productionschedules?status=DONE")
        .await
        .failed(StatusCode::BAD_REQUEST);
    p.f.get("/api/productionschedules?fromDateTime=yesterday")
        .await
        .failed(StatusCode::BAD_REQUEST);
    let light =
        p.f.get(&format!("/api/productionschedulelist?lineId={}", p.line.id))
            .await;
    assert_eq!(light.ok()["data"][0]["orderNumber"], "PO-1");
    let by_recipe = p.f.get(&format!("/api/productionschedulesbyrecipe?recipeId={}&fromDateTime=2026-11-24T00:00:00Z&toDateTime=2026-11-25T00:00:00Z", recipe["recipeGroupId"].as_str().unwrap())).await;
    assert_eq!(by_recipe.ok()["data"].as_array().unwrap().len(), 2);
    let seen = p.f.get(&format!("/api/getallrecipebylineandtime?lineId={}&fromDateTime=2026-11-24T00:00:00Z&toDateTime=2026-11-25T00:00:00Z", p.line.id)).await;
    assert_eq!(seen.ok()["data"][0]["code"], "BRG-01");
    assert_eq!(seen.body["data"][0]["planned"], true);
    let statuses = p.f.get("/api/productionschedules/statuses").await;
    assert_eq!(statuses.ok()["data"].as_array().unwrap().len(), 7);

    // Released: pinned, frozen, not editable.
    let released = p.status(&oid, "RELEASED").await;
    assert_eq!(released.message(), "Order PO-1 is now Released");
    let r = released.ok()["data"].clone();
    assert_eq!(
        (r["status"].as_str(), r["pinned"].as_bool()),
        (Some("RELEASED"), Some(true))
    );
    assert_eq!(r["releasedBy"], "super@plant.test");
    let not_editable =
        p.f.post(&format!("/api/productionschedules/edit/{oid}"), edit)
            .await;
    not_editable.failed(StatusCode::CONFLICT);
    assert_eq!(
        not_editable.message(),
        "Only planned orders can be changed; this one is Released"
    );

    // A new master version released to production does not touch the released order.
    let v2 =
        p.f.post(
            "/api/recipes/createnewrecipeverison",
            json!({"id": recipe["_id"]}),
        )
        .await
        .ok()["data"]
            .clone();
    let mut body = p.f.body(&p.line, "BRG-01");
    body["weighingItems"][0]["setpoint"] = json!(590.0);
    body["weighingItems"][1]["setpoint"] = json!(400.0);
    p.f.post(&format!("/api/recipes/edit/{}", id(&v2)), body)
        .await
        .ok();
    p.f.release(&id(&v2), 1).await.ok();
    p.f.release(&id(&v2), 2).await.ok();
    let frozen = p.get(&oid).await;
    assert_eq!(frozen["recipeVersion"], 1);
    assert_eq!(frozen["controlRecipe"]["recipeVersion"], 1);
    assert_eq!(frozen["controlRecipe"]["weighings"][0]["setpointKg"], 480.0);
    // …while a planned order follows the production level.
    assert_eq!(p.get(&id(&second)).await["recipeVersion"], 2);

    // The plant runs it: RUNNING with the first batch, progress, COMPLETED after the last.
    p.batch(&oid, "B1", "RUNNING", 0.0).await;
    let running = p.get(&oid).await;
    assert_eq!(running["status"], "RUNNING");
    assert_eq!(running["transitions"], json!(["ON_HOLD", "ABORTED"]));
    // A running order cannot be deleted.
    let del =
        p.f.post(
            "/api/productionschedules/delete",
            json!({"id": oid, "deletedBy": "x"}),
        )
        .await;
    del.failed(StatusCode::CONFLICT);
    assert_eq!(del.message(), "Order PO-1 is running and cannot be deleted");
    for (n, b) in ["B1", "B2", "B3"].iter().enumerate() {
        p.batch(&oid, b, "COMPLETE", 801.0).await;
        assert_eq!(p.get(&oid).await["batchesDone"], n as i64 + 1);
    }
    assert_eq!(p.get(&oid).await["status"], "RUNNING");
    p.batch(&oid, "B4", "COMPLETE", 799.0).await;
    let done = p.get(&oid).await;
    assert_eq!(done["status"], "COMPLETED");
    assert_eq!(done["producedKg"], 3202.0);
    assert_eq!(done["progress"], 1.0);
    assert_eq!(done["producedBatches"].as_array().unwrap().len(), 4);
    // Every transition is in the history, the plant's too.
    let moves: Vec<(String, String)> = done["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["action"] == "status")
        .map(|h| {
            (
                h["toStatus"].as_str().unwrap().into(),
                h["actor"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(
        moves,
        [
            ("RELEASED".into(), "super@plant.test".into()),
            ("RUNNING".into(), "plant".into()),
            ("COMPLETED".into(), "plant".into())
        ]
    );
    // Finished is final.
    let again = p.status(&oid, "RELEASED").await;
    again.failed(StatusCode::CONFLICT);
    assert_eq!(
        again.message(),
        "The order is Completed; it cannot become Released"
    );

    // The recipe cannot be deleted while PO-2 is unfinished; PO-2 can be.
    let refused =
        p.f.post(
            "/api/recipes/deleterecipegroup",
            json!({"id": recipe["_id"]}),
        )
        .await;
    refused.failed(StatusCode::CONFLICT);
    assert!(refused.message().contains("PO-2"), "{refused:?}");
    let deleted =
        p.f.post(
            "/api/productionschedules/delete",
            json!({"id": id(&second)}),
        )
        .await;
    assert_eq!(deleted.ok()["message"], "Order PO-2 deleted");
    p.f.get(&format!("/api/productionschedules/{}", id(&second)))
        .await
        .failed(StatusCode::NOT_FOUND);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn every_transition_is_allowed_or_refused_as_the_life_cycle_says(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let p = Plan::new(&app).await;
    let recipe = p.recipe("BRG-01", "NONE").await;
    let statuses = [
        "PLANNED",
        "RELEASED",
        "RUNNING",
        "ON_HOLD",
        "COMPLETED",
        "CANCELLED",
        "ABORTED",
    ];
    let allowed = [
        ("PLANNED", "RELEASED"),
        ("PLANNED", "CANCELLED"),
        ("RELEASED", "ON_HOLD"),
        ("RELEASED", "CANCELLED"),
        ("RUNNING", "ON_HOLD"),
        ("RUNNING", "ABORTED"),
        ("ON_HOLD", "RELEASED"),
    ];
    let mut n = 0;
    for from in statuses {
        for to in statuses {
            n += 1;
            let number = format!("T-{n}");
            let oid = id(&p.add(p.order(&number, &recipe, 2)).await.ok()["data"]);
            // Bring the order to `from` the way it really gets there.
            let path: &[&str] = match from {
                "PLANNED" => &[],
                "RELEASED" => &["RELEASED"],
                "RUNNING" | "COMPLETED" => &["RELEASED", "+RUN"],
                "ON_HOLD" => &["RELEASED", "ON_HOLD"],
                "CANCELLED" => &["CANCELLED"],
                _ => &["RELEASED", "+RUN", "ABORTED"],
            };
            for step in path {
                if *step == "+RUN" {
                    p.batch(&oid, &format!("{number}-1"), "RUNNING", 0.0).await;
                } else {
                    p.status(&oid, step).await.ok();
                }
            }
            if from == "COMPLETED" {
                p.batch(&oid, &format!("{number}-1"), "COMPLETE", 1000.0)
                    .await;
                p.batch(&oid, &format!("{number}-2"), "COMPLETE", 1000.0)
                    .await;
            }
            assert_eq!(p.get(&oid).await["status"], from, "{number}");
            let answer = p.status(&oid, to).await;
            if allowed.contains(&(from, to)) {
                assert_eq!(answer.ok()["data"]["status"], to, "{from} → {to}");
            } else {
                answer.failed(StatusCode::CONFLICT);
                let name = p.f.get("/api/productionschedules/statuses").await.body["data"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|s| s["status"] == from)
                    .unwrap()["name"]
                    .as_str()
                    .unwrap()
                    .to_string();
                assert!(
                    answer.message().contains(&name),
                    "{from} → {to}: {answer:?}"
                );
            }
        }
    }
    p.status(
        &id(&p.add(p.order("X", &recipe, 1)).await.ok()["data"]),
        "LATER",
    )
    .await
    .failed(StatusCode::BAD_REQUEST);
}

/// Released orders whose planned start has passed are late, expected after the batches of the
/// orders before them at the line's recent batch time; an order whose version was replaced or
/// withdrawn at the production level says so, and is not released again from hold.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn late_orders_and_orders_whose_version_changed_are_flagged(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let p = Plan::new(&app).await;
    let recipe = p.recipe("BRG-01", "NONE").await;
    let first = id(&p.add(p.order("PO-1", &recipe, 3)).await.ok()["data"]);
    let second = id(&p.add(p.order("PO-2", &recipe, 2)).await.ok()["data"]);
    let mut later = p.order("PO-3", &recipe, 1);
    later["plannedStart"] = json!((chrono::Utc::now() + chrono::Duration::days(2)).to_rfc3339());
    let future = id(&p.add(later).await.ok()["data"]);
    let planned = p.get(&first).await;
    assert_eq!(
        (planned["late"].clone(), planned["expectedStart"].clone()),
        (json!(false), Value::Null),
        "a planned order is not late"
    );
    for o in [&first, &second, &future] {
        p.status(o, "RELEASED").await.ok();
    }
    // The line's last batches took ten minutes each.
    sqlx::query(
        "insert into production_batch (line_id, batch_id, recipe_id, recipe_version, started_at, ended_at, status, target_kg, actual_kg)
         select $1, 'B-' || n, 'r', 1, now() - make_interval(mins => 60 - 10 * n), now() - make_interval(mins => 50 - 10 * n),
                'COMPLETE', 1000, 1000 from generate_series(1, 4) n",
    )
    .bind(&p.line.id)
    .execute(&app.state.pool)
    .await
    .unwrap();
    let at = |v: &Value| {
        chrono::DateTime::parse_from_rfc3339(v.as_str().unwrap())
            .unwrap()
            .with_timezone(&chrono::Utc)
    };
    let now = chrono::Utc::now();
    let one = p.get(&first).await;
    assert_eq!(one["late"], true);
    assert!(
        (at(&one["expectedStart"]) - now).num_seconds().abs() < 60,
        "nothing before it: now"
    );
    let two = p.get(&second).await;
    assert_eq!(two["late"], true);
    let wait = (at(&two["expectedStart"]) - now).num_seconds();
    assert!(
        (1740..=1860).contains(&wait),
        "three batches of ten minutes before it: {wait} s"
    );
    let three = p.get(&future).await;
    assert_eq!(
        (three["late"].clone(), three["expectedStart"].clone()),
        (json!(false), Value::Null)
    );
    assert_eq!(one["recipeChange"], Value::Null);

    // Version 2 replaces version 1 at the production level.
    let v2 =
        p.f.post(
            "/api/recipes/createnewrecipeverison",
            json!({"id": id(&recipe)}),
        )
        .await
        .ok()["data"]
            .clone();
    p.f.release(&id(&v2), 1).await.ok();
    p.f.release(&id(&v2), 2).await.ok();
    let one = p.get(&first).await;
    assert_eq!(
        (
            one["recipeChange"].clone(),
            one["recipeVersion"].clone(),
            one["currentVersion"].clone()
        ),
        (json!("REPLACED"), json!(1), json!(2))
    );
    let listed =
        p.f.get(&format!("/api/productionschedules?lineId={}", p.line.id))
            .await
            .ok()["data"]
            .clone();
    let row = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["_id"] == first.as_str())
        .unwrap()
        .clone();
    assert_eq!(row["recipeChange"], "REPLACED", "the list says it too");
    p.status(&first, "ON_HOLD").await.ok();
    let again = p.status(&first, "RELEASED").await;
    again.failed(StatusCode::CONFLICT);
    assert_eq!(
        again.message(),
        "Order PO-1 runs version 1 of recipe BRG-01, which version 2 has replaced at the production level: cancel it and plan a new order"
    );
    // Withdrawn: no version holds production.
    p.f.post(
        "/api/recipes/revertlevelrelease",
        json!({"id": id(&v2), "level": 2}),
    )
    .await
    .ok();
    let one = p.get(&first).await;
    assert_eq!(
        (one["recipeChange"].clone(), one["currentVersion"].clone()),
        (json!("WITHDRAWN"), Value::Null)
    );
    let again = p.status(&first, "RELEASED").await;
    again.failed(StatusCode::CONFLICT);
    assert!(
        again.message().contains("withdrawn from production"),
        "{again:?}"
    );
}

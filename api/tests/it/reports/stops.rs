use axum::http::StatusCode;
use chrono::Duration;
use model::wire::{LineState, LineStateKind};
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use super::{History, at};
use crate::harness::TestApp;

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn stops_with_their_reasons_a_pareto_and_a_reason_given_afterwards(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    let line = h.line.id.clone();
    let create = |key: &'static str, body: serde_json::Value| {
        let state = app.state.clone();
        async move {
            let r = api::plant::create(&state, "super@plant.test", key, body)
                .await
                .unwrap();
            r["_id"].as_str().unwrap().to_string()
        }
    };
    let group = create(
        "stoptimereasongroup",
        json!({"lineId": line, "name": "Mechanical", "code": "MECH", "planned": false}),
    )
    .await;
    let blockage = create("stopreasons", json!({"lineId": line, "stopTimeGroupId": group, "name": "Conveyor blocked", "code": "SR-BLOCKAGE", "planned": false})).await;
    create("stopreasons", json!({"lineId": line, "stopTimeGroupId": group, "name": "Bin empty", "code": "SR-SHORTAGE", "planned": false})).await;
    let t0 = at("2026-11-02T08:00:00Z");
    let mut rows = db::ingest::Rows::default();
    // 08:00 run; 08:10 blocked 20 min; 09:00 stopped without a reason 5 min; 10:00 blocked 10 min;
    // 11:00 a fault with a code no reason has, 3 min; 12:00 stopped, still.
    for (min, state, reason) in [
        (0, LineStateKind::Running, None),
        (10, LineStateKind::Stopped, Some("SR-BLOCKAGE")),
        (30, LineStateKind::Running, None),
        (60, LineStateKind::Stopped, None),
        (65, LineStateKind::Running, None),
        (120, LineStateKind::Stopped, Some("SR-BLOCKAGE")),
        (130, LineStateKind::Running, None),
        (180, LineStateKind::Fault, Some("E-STOP-42")),
        (183, LineStateKind::Running, None),
        (240, LineStateKind::Stopped, Some("SR-SHORTAGE")),
    ] {
        rows.state.push((
            line.clone(),
            LineState {
                id: Uuid::now_v7(),
                time: t0 + Duration::minutes(min),
                state,
                stop_reason_id: reason.map(str::to_string),
            },
        ));
    }
    db::ingest::write::write(&app.state.pool, &rows)
        .await
        .unwrap();
    let report = |extra: &'static str| {
        h.report(
            "stoptimereport",
            &line,
            "2026-11-02T00:00:00Z",
            "2026-11-03T00:00:00Z",
            extra,
        )
    };
    let v = report("").await.ok()["data"].clone();
    assert_eq!(v["total"], 5);
    let stops = v["stops"].as_array().unwrap();
    assert_eq!(stops[0]["reasonName"], "Conveyor blocked");
    assert_eq!(stops[0]["groupName"], "Mechanical");
    assert_eq!(stops[0]["durationS"], 1200.0);
    assert_eq!(stops[1]["qualified"], false);
    assert_eq!(stops[3]["reasonId"], serde_json::Value::Null);
    assert_eq!(stops[3]["reportedReason"], "E-STOP-42");
    assert!(stops[4]["endedAt"].is_null(), "the last stop lasts");
    assert_eq!(v["totals"]["unqualified"], 1);
    assert_eq!(v["totals"]["unqualifiedS"], 300.0);
    // The last stop lasts until now: first in the Pareto, then the blockages (30 min).
    let pareto = v["pareto"].as_array().unwrap();
    assert_eq!(pareto[0]["key"], "SR-SHORTAGE");
    assert_eq!(pareto[1]["key"], "SR-BLOCKAGE");
    assert_eq!(pareto[1]["stops"], 2);
    assert_eq!(pareto[1]["durationS"], 1800.0);
    assert_eq!(pareto.last().unwrap()["cumulativePct"], 100.0);
    // A supervisor qualifies the 09:00 stop; a reader may not.
    let admin = app.super_token().await;
    let (_, reader) = app
        .user(&admin, "reader@plant.test", "PRIVILEGE", &["REPORTS_READ"])
        .await;
    let (_, supervisor) = app
        .user(
            &admin,
            "super.visor@plant.test",
            "PRIVILEGE",
            &["REPORTS_READ", "REPORTS_UPDATE"],
        )
        .await;
    let body =
        json!({"lineId": line, "startedAt": stops[1]["startedAt"], "stopReasonId": blockage});
    app.post(
        "/api/reports/stoptimereport/assignreason",
        body.clone(),
        Some(&reader),
    )
    .await
    .failed(StatusCode::FORBIDDEN);
    let a = app
        .post(
            "/api/reports/stoptimereport/assignreason",
            body,
            Some(&supervisor),
        )
        .await;
    let stop = a.ok()["data"].clone();
    assert_eq!(stop["qualified"], true);
    assert_eq!(stop["reasonName"], "Conveyor blocked");
    assert_eq!(stop["assignedBy"], "super.visor@plant.test");
    let v = report("").await.ok()["data"].clone();
    assert_eq!(v["totals"]["unqualified"], 0);
    let pareto = v["pareto"].as_array().unwrap();
    let blocked = pareto.iter().find(|r| r["key"] == "SR-BLOCKAGE").unwrap();
    assert_eq!(blocked["stops"], 3);
    assert_eq!(blocked["durationS"], 2100.0);
    let audited: i64 = sqlx::query_scalar("select count(*) from audit_log where entity = 'stop' and action = 'stopReasonAssigned' and actor = 'super.visor@plant.test'")
        .fetch_one(&app.state.pool).await.unwrap();
    assert_eq!(audited, 1);
    // No stop at that time; a reason of another line; nothing at all.
    let other = create(
        "stoptimereasongroup",
        json!({"lineId": h.other.id, "name": "Other", "code": "OTHER", "planned": true}),
    )
    .await;
    let foreign = create("stopreasons", json!({"lineId": h.other.id, "stopTimeGroupId": other, "name": "Cleaning", "code": "CLEAN", "planned": true})).await;
    let path = "/api/reports/stoptimereport/assignreason";
    app.post(
        path,
        json!({"lineId": line, "startedAt": "2026-11-02T08:01:00Z", "stopReasonId": blockage}),
        Some(&supervisor),
    )
    .await
    .failed(StatusCode::NOT_FOUND);
    let a = app
        .post(
            path,
            json!({"lineId": line, "startedAt": stops[0]["startedAt"], "stopReasonId": foreign}),
            Some(&supervisor),
        )
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert!(!a.error("stopReasonId").is_empty());
    let a = app.post(path, json!({}), Some(&supervisor)).await;
    assert!(!a.failed(StatusCode::BAD_REQUEST)["errors"]["lineId"].is_null());
    // Paging keeps the totals of every stop.
    let p = report("&limit=2&page=3").await.ok()["data"].clone();
    assert_eq!(p["stops"].as_array().unwrap().len(), 1);
    assert_eq!(p["totals"]["stops"], 5);
}

/// One reason configured on two lines (same code, in any case) is one Pareto row for all lines,
/// its stops and time the sum of both lines'.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn the_pareto_of_all_lines_groups_a_reason_across_lines(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    let mut rows = db::ingest::Rows::default();
    for (l, (line, code)) in [(&h.line.id, "MOTOR"), (&h.other.id, "motor")]
        .into_iter()
        .enumerate()
    {
        let group = api::plant::create(
            &app.state,
            "super@plant.test",
            "stoptimereasongroup",
            json!({"lineId": line, "name": "Mechanical", "code": "MECH", "planned": false}),
        )
        .await
        .unwrap();
        api::plant::create(&app.state, "super@plant.test", "stopreasons",
            json!({"lineId": line, "stopTimeGroupId": group["_id"], "name": "Motor overload", "code": code, "planned": false}))
            .await
            .unwrap();
        // Line 1: a 20-minute motor stop; line 2: two of 15; both: one unqualified of 20.
        let t0 = at("2026-11-02T08:00:00Z") + Duration::minutes(l as i64);
        let stops: &[(i64, Option<&str>, i64)] = if l == 0 {
            &[(0, Some("MOTOR"), 20), (60, None, 20)]
        } else {
            &[
                (0, Some("motor"), 15),
                (60, Some("MOTOR"), 15),
                (120, None, 20),
            ]
        };
        for &(min, reason, len) in stops {
            for (at_min, state, reason) in [
                (min, LineStateKind::Stopped, reason),
                (min + len, LineStateKind::Running, None),
            ] {
                rows.state.push((
                    line.clone(),
                    LineState {
                        id: Uuid::now_v7(),
                        time: t0 + Duration::minutes(at_min),
                        state,
                        stop_reason_id: reason.map(str::to_string),
                    },
                ));
            }
        }
    }
    db::ingest::write::write(&app.state.pool, &rows)
        .await
        .unwrap();
    let v = h
        .data(
            "stoptimereport",
            "ALL",
            "2026-11-02T00:00:00Z",
            "2026-11-03T00:00:00Z",
            "",
        )
        .await;
    let pareto = v["pareto"].as_array().unwrap();
    assert_eq!(pareto.len(), 2, "{pareto:?}");
    assert_eq!(
        (
            pareto[0]["name"].as_str(),
            pareto[0]["stops"].as_i64(),
            pareto[0]["durationS"].as_f64()
        ),
        (Some("Motor overload"), Some(3), Some(3000.0)),
        "50 minutes of motor stops over two lines rank above 40 minutes unqualified"
    );
    assert_eq!(
        (pareto[1]["key"].as_str(), pareto[1]["stops"].as_i64()),
        (Some(""), Some(2))
    );
    // The rows add up to the totals.
    let sum: f64 = pareto
        .iter()
        .map(|r| r["durationS"].as_f64().unwrap())
        .sum();
    assert_eq!(sum, v["totals"]["durationS"].as_f64().unwrap());
}

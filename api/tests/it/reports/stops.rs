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
    let group = h
        .create(
            "stoptimereasongroup",
            json!({"lineId": line, "name": "Mechanical", "code": "MECH", "planned": false}),
        )
        .await;
    let blockage = h.create("stopreasons", json!({"lineId": line, "stopTimeGroupId": group, "name": "Conveyor blocked", "code": "SR-BLOCKAGE", "planned": false})).await;
    h.create("stopreasons", json!({"lineId": line, "stopTimeGroupId": group, "name": "Bin empty", "code": "SR-SHORTAGE", "planned": false})).await;
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
    let other = h
        .create(
            "stoptimereasongroup",
            json!({"lineId": h.other.id, "name": "Other", "code": "OTHER", "planned": true}),
        )
        .await;
    let foreign = h.create("stopreasons", json!({"lineId": h.other.id, "stopTimeGroupId": other, "name": "Cleaning", "code": "CLEAN", "planned": true})).await;
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

/// A stop reason `code` of `line` in a new reason group: its `_id`.
async fn stop_reason(app: &TestApp, line: &str, name: &str, code: &str) -> String {
    let group = api::plant::create(
        &app.state,
        "super@plant.test",
        "stoptimereasongroup",
        json!({"lineId": line, "name": "Mechanical", "code": "MECH", "planned": false}),
    )
    .await
    .unwrap();
    let body = json!({"lineId": line, "stopTimeGroupId": group["_id"], "name": name, "code": code, "planned": false});
    api::plant::create(&app.state, "super@plant.test", "stopreasons", body)
        .await
        .unwrap()["_id"]
        .as_str()
        .unwrap()
        .to_string()
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
        stop_reason(&app, line, "Motor overload", code).await;
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

/// Whole local days and months are counted from the stop rollups and the rest from the states:
/// the same stops, totals and Pareto as counting every state, with states that arrive out of
/// order (moving the end of a stop already rolled), a summer-time change, a reason given to a stop
/// of a rolled month, and a stop still going.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn long_ranges_count_whole_days_and_months_from_the_rollups(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    let line = h.line.id.clone();
    let reason = stop_reason(&app, &line, "Conveyor blocked", "SR-A").await;
    // Every 5 h 17 min from 14 August to 19 November, stopped (reported SR-A, nothing or E-9)
    // and running by turns; the last one a stop still going.
    let t0 = at("2026-08-14T12:00:00Z");
    let mut states = Vec::new();
    let mut t = t0;
    let mut n = 0;
    while t < at("2026-11-19T10:00:00Z") || n % 2 == 0 {
        let (state, code) = match n % 6 {
            0 => (LineStateKind::Stopped, Some("SR-A")),
            2 => (LineStateKind::Stopped, None),
            4 => (LineStateKind::Fault, Some("E-9")),
            _ => (LineStateKind::Running, None),
        };
        let s = LineState {
            id: Uuid::now_v7(),
            time: t,
            state,
            stop_reason_id: code.map(str::to_string),
        };
        states.push((line.clone(), s));
        t += Duration::minutes(5 * 60 + 17);
        n += 1;
    }
    // The running states first, then the stops: each stop arrives after the state that ends it.
    let (runs, stops): (Vec<_>, Vec<_>) = states
        .into_iter()
        .partition(|(_, s)| s.state == LineStateKind::Running);
    for part in [runs, stops] {
        for chunk in part.chunks(40) {
            let mut rows = db::ingest::Rows::default();
            rows.state = chunk.to_vec();
            db::ingest::write::write(&app.state.pool, &rows)
                .await
                .unwrap();
        }
    }
    // Local days and months of Berlin: a range of 17 days, September, October (25 hours on
    // the 25th) and 19 days.
    let (from, to) = ("2026-08-14T22:00:00Z", "2026-11-19T23:00:00Z");
    let rolled: i64 = sqlx::query_scalar(
        "select count(*) from report_stop_lmonth where line_id = $1 and at in ($2, $3)",
    )
    .bind(&line)
    .bind(at("2026-08-31T22:00:00Z"))
    .bind(at("2026-09-30T22:00:00Z"))
    .fetch_one(&app.state.pool)
    .await
    .unwrap();
    assert!(rolled > 0, "September and October are rolled");
    let compare = || async {
        let v = h
            .report("stoptimereport", &line, from, to, "&limit=500")
            .await
            .ok()["data"]
            .clone();
        let raw =
            app::reports::stops::stops(&app.state, &[(line.clone(), at(from), at(to))], 500, 0)
                .await
                .unwrap();
        let raw = (
            serde_json::to_value(&raw.page).unwrap(),
            serde_json::to_value(&raw.totals).unwrap(),
            serde_json::to_value(&raw.pareto).unwrap(),
        );
        assert_eq!(v["total"], raw.1["stops"]);
        assert!(v["total"].as_i64().unwrap() > 200);
        let near = |a: &serde_json::Value, b: &serde_json::Value| {
            // The stop still going lasts until now, a moment apart in the two answers.
            (a.as_f64().unwrap() - b.as_f64().unwrap()).abs() < 60.0
        };
        for k in ["stops", "unqualified"] {
            assert_eq!(v["totals"][k], raw.1[k], "{k}");
        }
        for k in ["durationS", "unqualifiedS", "plannedS", "unplannedS"] {
            assert!(
                near(&v["totals"][k], &raw.1[k]),
                "{k}: {} against {}",
                v["totals"][k],
                raw.1[k]
            );
        }
        let (pareto, raw_pareto) = (v["pareto"].as_array().unwrap(), raw.2.as_array().unwrap());
        assert_eq!(pareto.len(), raw_pareto.len());
        for (a, b) in pareto.iter().zip(raw_pareto) {
            assert_eq!((&a["key"], &a["stops"]), (&b["key"], &b["stops"]));
            assert!(near(&a["durationS"], &b["durationS"]));
        }
        let (page, raw_page) = (v["stops"].as_array().unwrap(), raw.0.as_array().unwrap());
        assert_eq!(page.len(), raw_page.len());
        for (a, b) in page.iter().zip(raw_page) {
            for k in [
                "startedAt",
                "endedAt",
                "reasonId",
                "reportedReason",
                "qualified",
            ] {
                assert_eq!(a[k], b[k], "{k}");
            }
        }
        v
    };
    let v = compare().await;
    assert!(v["stops"].as_array().unwrap().last().unwrap()["endedAt"].is_null());
    // A reason given to an unqualified stop of September moves it in the rollup too.
    let stop = v["stops"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["qualified"] == false && s["startedAt"].as_str().unwrap() > "2026-09-10")
        .unwrap()
        .clone();
    let body = app::reports::stops::AssignReason {
        line_id: Some(line.clone()),
        started_at: stop["startedAt"].as_str().map(str::to_string),
        stop_reason_id: Some(reason),
    };
    app::reports::stops::assign(&app.state, "super@plant.test", &body)
        .await
        .unwrap();
    let after = compare().await;
    assert_eq!(
        after["totals"]["unqualified"].as_i64().unwrap(),
        v["totals"]["unqualified"].as_i64().unwrap() - 1
    );
}

//! The dashboard's POST calls: each line's local today by default, the same kilograms as the
//! reports and the raw rows, state times up to now, and any signed-in user may read them.

use axum::http::StatusCode;
use chrono::{DateTime, Duration, SecondsFormat, Utc};
use model::wire::{self, BatchEventKind, BatchStatus, LineState, LineStateKind};
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use super::{History, kg};
use crate::harness::TestApp;

fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn close(a: f64, b: f64, what: &str) {
    assert!(
        (a - b).abs() < 1e-6 * b.abs().max(1.0),
        "{what}: {a} vs {b}"
    );
}

async fn post(h: &History<'_>, call: &str, body: Value) -> Vec<Value> {
    let a =
        h.f.app
            .post(&format!("/api/dashboard/{call}"), body, Some(&h.f.token))
            .await;
    a.ok()["data"]
        .as_array()
        .unwrap_or_else(|| panic!("{call}: {:?}", a.ok()))
        .clone()
}

fn of<'v>(rows: &'v [Value], line: &str) -> &'v Value {
    rows.iter()
        .find(|r| r["lineId"] == line)
        .unwrap_or_else(|| panic!("no {line} in {rows:?}"))
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn todays_figures_per_line_agree_with_the_reports(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    let now = Utc::now();
    h.produce(now - Duration::hours(30), now - Duration::minutes(5))
        .await;
    let line = h.line.id.as_str();

    // Each line's own production day: in Berlin, from the end of a night shift (06:00) to the
    // next; the other line, without shifts, from midnight to midnight.
    let details = post(&h, "reportdashboarddetails", json!({})).await;
    assert_eq!(details.len(), 2);
    let d = of(&details, line);
    let (from, to) = (
        d["fromDateTime"].as_str().unwrap(),
        d["toDateTime"].as_str().unwrap(),
    );
    let midnight: bool = sqlx::query_scalar(
        "select ($1::timestamptz at time zone 'Europe/Berlin')::time = '06:00'
            and $1::timestamptz <= now() and now() < $2::timestamptz
            and $2::timestamptz - $1::timestamptz between interval '23 hours' and interval '25 hours'",
    )
    .bind(from)
    .bind(to)
    .fetch_one(&app.state.pool)
    .await
    .unwrap();
    assert!(
        midnight,
        "{from} .. {to} is not today's production day in Berlin"
    );
    let o = of(&details, &h.other.id);
    let other_midnight: bool = sqlx::query_scalar(
        "select ($1::timestamptz at time zone 'Europe/Berlin')::time = '00:00'
            and $1::timestamptz <= now() and now() < $2::timestamptz",
    )
    .bind(o["fromDateTime"].as_str().unwrap())
    .bind(o["toDateTime"].as_str().unwrap())
    .fetch_one(&app.state.pool)
    .await
    .unwrap();
    assert!(
        other_midnight,
        "a line without shifts: its calendar day, {o}"
    );
    let raw = h.raw_kg(Some(line), from, to).await;
    close(d["figures"]["actualKg"].as_f64().unwrap(), raw, "details");
    let report = h
        .data(
            "production/productionbytime",
            line,
            from,
            to,
            "&bucket=line",
        )
        .await;
    close(kg(&report), raw, "the report of the same range");
    assert_eq!(d["figures"]["batches"], report["totals"]["batches"]);

    for (call, what) in [
        ("reportdashboardbyshifts", "shifts"),
        ("dashboardproduction", "hours"),
    ] {
        let rows = post(&h, call, json!({"lineId": line})).await;
        assert_eq!(rows.len(), 1, "one line asked");
        let r = &rows[0];
        let sum: f64 = r["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["figures"]["actualKg"].as_f64().unwrap())
            .sum();
        close(sum, raw, what);
        close(kg(r), raw, what);
    }
    // A shift is one row: the night shift 22:00-06:00 is not cut at midnight.
    let shifts = post(&h, "reportdashboardbyshifts", json!({"lineId": line})).await;
    let rows = shifts[0]["rows"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Early", "Late", "Night"], "{rows:?}");
    let night: bool = sqlx::query_scalar(
        "select ($1::timestamptz at time zone 'Europe/Berlin')::time = '22:00'
            and $2::timestamptz - $1::timestamptz = interval '8 hours'",
    )
    .bind(rows[2]["from"].as_str().unwrap())
    .bind(rows[2]["to"].as_str().unwrap())
    .fetch_one(&app.state.pool)
    .await
    .unwrap();
    assert!(night, "the night shift whole: {}", rows[2]);
    let hours = post(&h, "dashboardproduction", json!({"lineId": line})).await;
    let n = hours[0]["rows"].as_array().unwrap().len();
    assert!((23..=25).contains(&n), "{n} hours in a day");

    // A range given in the body is used as it is, for every line.
    let (f, t) = (iso(now - Duration::hours(30)), iso(now));
    let ranged = post(
        &h,
        "reportdashboarddetails",
        json!({"lineId": "ALL", "fromDateTime": f, "toDateTime": t}),
    )
    .await;
    for l in [&h.line.id, &h.other.id] {
        close(
            of(&ranged, l)["figures"]["actualKg"].as_f64().unwrap(),
            h.raw_kg(Some(l), &f, &t).await,
            "a range",
        );
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn line_states_give_status_uptime_and_shift_utilisation(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let h = History::new(&app).await;
    let line = h.line.id.clone();
    let now = Utc::now();
    let mut rows = db::ingest::Rows::default();
    // Nothing known until 2 h ago; then running 90 min; stopped for the last 30 min.
    for (ago, state, reason) in [
        (120, LineStateKind::Running, None),
        (30, LineStateKind::Stopped, Some("SR-BLOCKAGE")),
    ] {
        rows.state.push((
            line.clone(),
            LineState {
                id: Uuid::now_v7(),
                time: now - Duration::minutes(ago),
                state,
                stop_reason_id: reason.map(str::to_string),
            },
        ));
    }
    rows.batch.push((
        line.clone(),
        wire::BatchEvent {
            id: Uuid::now_v7(),
            time: now - Duration::minutes(35),
            event: BatchEventKind::Started,
            batch_id: "PL1-RUN".into(),
            production_schedule_id: None,
            schedule_name: Some("Order 7".into()),
            recipe_id: "22222222-2222-7222-8222-222222222222".into(),
            recipe_code: Some("LAYER".into()),
            recipe_name: Some("Layer mash".into()),
            recipe_version: 1,
            status: BatchStatus::Running,
            target_kg: 1000.0,
            actual_kg: None,
            shift_id: None,
        },
    ));
    db::ingest::write::write(&app.state.pool, &rows)
        .await
        .unwrap();

    let status = post(&h, "linestatus", json!({})).await;
    let s = of(&status, &line);
    assert_eq!(
        (s["state"].as_str(), s["reason"].as_str()),
        (Some("STOPPED"), Some("SR-BLOCKAGE"))
    );
    assert_eq!(
        (s["batchId"].as_str(), s["recipeName"].as_str()),
        (Some("PL1-RUN"), Some("Layer mash"))
    );
    assert_eq!(
        (s["lineName"].as_str(), s["batchesToday"].as_i64()),
        (Some("Line PL1"), Some(0))
    );
    assert!(
        of(&status, &h.other.id)["state"].is_null(),
        "the other line never reported"
    );

    let body = json!({"lineId": line, "fromDateTime": iso(now - Duration::hours(3)), "toDateTime": iso(now + Duration::hours(1))});
    let up = post(&h, "lineuptimedowntime", body.clone()).await;
    let st = &up[0]["states"];
    let secs = |k: &str| st[k].as_f64().unwrap();
    assert!((secs("runningS") - 5400.0).abs() < 2.0, "{st}");
    assert!((secs("stoppedS") - 1800.0).abs() < 30.0, "{st}");
    assert!((secs("unknownS") - 3600.0).abs() < 2.0, "{st}");
    assert_eq!(st["downtimeS"], st["stoppedS"]);
    close(
        secs("uptimePct"),
        secs("runningS") / secs("elapsedS") * 100.0,
        "uptime",
    );

    // The shifts (Early, Late, Night) partition the day: their running time adds up to the line's.
    let shifts = post(&h, "shiftwiseutilization", body).await;
    assert!(!shifts.is_empty());
    let running: f64 = shifts
        .iter()
        .map(|r| r["states"]["runningS"].as_f64().unwrap())
        .sum();
    assert!(
        (running - secs("runningS")).abs() < 1.0,
        "{running} vs {}",
        secs("runningS")
    );
    assert!(
        shifts
            .iter()
            .all(|r| ["Early", "Late", "Night"].contains(&r["shiftName"].as_str().unwrap()))
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn any_signed_in_user_reads_the_dashboard_and_bad_input_is_a_400(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let admin = app.super_token().await;
    let (_, operator) = app
        .user(&admin, "operator@plant.test", "PRIVILEGE", &[])
        .await;
    for call in [
        "reportdashboarddetails",
        "reportdashboardbyshifts",
        "dashboardproduction",
        "linestatus",
        "lineuptimedowntime",
        "shiftwiseutilization",
    ] {
        let path = format!("/api/dashboard/{call}");
        app.post(&path, json!({}), None)
            .await
            .failed(StatusCode::UNAUTHORIZED);
        assert!(
            app.post(&path, json!({}), Some(&operator)).await.ok()["data"]
                .as_array()
                .unwrap()
                .is_empty(),
            "no lines yet"
        );
        let a = app
            .post(&path, json!({"lineId": "nope"}), Some(&operator))
            .await;
        assert!(!a.failed(StatusCode::BAD_REQUEST)["errors"]["lineId"].is_null());
        let a = app
            .post(&path, json!({"fromDateTime": "2026-11-02T00:00:00Z", "toDateTime": "2026-11-01T00:00:00Z"}), Some(&operator))
            .await;
        a.failed(StatusCode::BAD_REQUEST);
    }
}

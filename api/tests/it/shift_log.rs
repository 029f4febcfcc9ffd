//! The shift log (issue 34, item 4): an operator writes yesterday's early shift with notes and
//! open items; the summary is the reports' own figures; the one who wrote it cannot take the
//! handover, the next shift's operator does and the summary is kept; the late shift's entry
//! brings the open item left undone; the list searches; who may read and write; bad input.

use axum::http::StatusCode;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::harness::{TestApp, text_of};
use crate::reports::History;

/// The local date `days` from today in Berlin, and the instant of `hh:mm` on it.
async fn berlin(pool: &PgPool, days: i32, hm: &str) -> (NaiveDate, DateTime<Utc>) {
    sqlx::query_as(
        "select d, (d + $2::time) at time zone 'Europe/Berlin'
         from (select (now() at time zone 'Europe/Berlin')::date + $1 as d) x",
    )
    .bind(days)
    .bind(hm)
    .fetch_one(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_shift_is_logged_handed_over_and_its_open_items_carried(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let h = History::new(&app).await;
    let line = h.line.id.clone();
    let (early, late) = (h.shifts[0].clone(), h.shifts[1].clone());
    let admin = app.super_token().await;
    let (_, anna) = app
        .user(&admin, "anna@plant.test", "PRIVILEGE", &["SHIFTLOG_UPDATE"])
        .await;
    let (_, ben) = app
        .user(&admin, "ben@plant.test", "PRIVILEGE", &["SHIFTLOG_UPDATE"])
        .await;
    let (_, reader) = app
        .user(&admin, "qa@plant.test", "PRIVILEGE", &["SHIFTLOG_READ"])
        .await;

    // Yesterday's early shift, 06:00–14:00 in Berlin, made batches.
    let (yesterday, from) = berlin(&pool, -1, "06:00").await;
    let (_, to) = berlin(&pool, -1, "14:00").await;
    h.produce(from - Duration::hours(2), to + Duration::hours(3))
        .await;

    let add = |token: String, body: Value| {
        let app = &app;
        async move { app.post("/api/shiftlogs/add", body, Some(&token)).await }
    };
    let a = add(anna.clone(), json!({"lineId": line, "shiftId": early, "date": yesterday.to_string(), "notes": "Sieve of the hammer mill changed."})).await;
    let entry = a.ok()["data"].clone();
    assert_eq!(a.message(), "Shift log of Early written");
    let id = entry["id"].as_str().unwrap().to_string();
    assert_eq!(
        entry["startsAt"]
            .as_str()
            .map(|s| s.parse::<DateTime<Utc>>().unwrap()),
        Some(from)
    );
    assert_eq!(
        entry["endsAt"]
            .as_str()
            .map(|s| s.parse::<DateTime<Utc>>().unwrap()),
        Some(to)
    );
    assert_eq!(entry["openItems"], json!([]));
    // The summary is what the reports count for the shift.
    let batches: i64 = sqlx::query_scalar(
        "select count(*) from production_batch where line_id = $1 and ended_at >= $2 and ended_at < $3",
    )
    .bind(&line)
    .bind(from)
    .bind(to)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(batches > 5);
    let s = &entry["summary"];
    assert_eq!(s["batches"], batches, "{s}");
    let kg = h
        .raw_kg(Some(&line), &from.to_rfc3339(), &to.to_rfc3339())
        .await;
    assert!((s["actualKg"].as_f64().unwrap() - kg).abs() < 1e-6, "{s}");
    assert!((s["tonnes"].as_f64().unwrap() - kg / 1000.0).abs() < 1e-9);
    assert_eq!(entry["summaryFinal"], false);
    assert!(s["oee"].is_object());

    // The same shift again: 409 naming it; a shift to come, a bad date, an unknown shift: 400.
    let again = add(
        anna.clone(),
        json!({"lineId": line, "shiftId": early, "date": yesterday.to_string()}),
    )
    .await;
    again.failed(StatusCode::CONFLICT);
    assert!(again.message().contains("Early"), "{again:?}");
    let (next_week, _) = berlin(&pool, 7, "06:00").await;
    let future = add(
        anna.clone(),
        json!({"lineId": line, "shiftId": early, "date": next_week.to_string()}),
    )
    .await;
    assert_eq!(
        future.failed(StatusCode::BAD_REQUEST)["errors"]["date"],
        format!("The Early shift of {next_week} has not begun yet")
    );
    let ancient = add(
        anna.clone(),
        json!({"lineId": line, "shiftId": early, "date": "0001-01-01"}),
    )
    .await;
    assert_eq!(
        ancient.failed(StatusCode::BAD_REQUEST)["errors"]["date"],
        "A shift log is written for a shift of the last 31 days"
    );
    let bad = add(
        anna.clone(),
        json!({"lineId": line, "shiftId": early, "date": "yesterday"}),
    )
    .await;
    assert!(bad.failed(StatusCode::BAD_REQUEST)["errors"]["date"].is_string());
    let unknown = add(
        anna.clone(),
        json!({"lineId": line, "shiftId": h.other.id, "date": yesterday.to_string()}),
    )
    .await;
    assert!(unknown.failed(StatusCode::BAD_REQUEST)["errors"]["shiftId"].is_string());

    // Open items: one done, one to follow up; an empty text is refused.
    let edit_path = format!("/api/shiftlogs/edit/{id}");
    let edit = |token: String, body: Value| {
        let (app, path) = (&app, &edit_path);
        async move { app.post(path, body, Some(&token)).await }
    };
    let e = edit(anna.clone(), json!({"openItems": [{"text": "Level sensor of BIN-03 reads high", "done": false}, {"text": "Clean the sieve", "done": true}]})).await;
    let items = e.ok()["data"]["openItems"].clone();
    assert_eq!(items.as_array().unwrap().len(), 2);
    assert_eq!(e.body["data"]["notes"], "Sieve of the hammer mill changed.");
    let empty = edit(anna.clone(), json!({"openItems": [{"text": "  "}]})).await;
    assert!(empty.failed(StatusCode::BAD_REQUEST)["errors"]["openItems[0].text"].is_string());

    // Who wrote it cannot take the handover; the next shift's operator does.
    let handover_path = format!("/api/shiftlogs/handover/{id}");
    let handover = |token: String, body: Value| {
        let (app, path) = (&app, &handover_path);
        async move { app.post(path, body, Some(&token)).await }
    };
    let own = handover(anna.clone(), json!({})).await;
    own.failed(StatusCode::CONFLICT);
    assert!(own.message().contains("next shift"), "{own:?}");
    let taken = handover(
        ben.clone(),
        json!({"note": "Taken over, BIN-03 to be checked by maintenance"}),
    )
    .await;
    let taken = taken.ok()["data"].clone();
    assert_eq!(taken["handedOverBy"], "ben@plant.test");
    assert_eq!(taken["summaryFinal"], true);
    assert_eq!(taken["summary"]["batches"], batches);
    // Kept: batches stored later do not change what was handed over.
    h.produce_named(
        from + Duration::minutes(5),
        from + Duration::minutes(50),
        "LATE",
    )
    .await;
    let kept = app
        .get(&format!("/api/shiftlogs/{id}"), Some(&reader))
        .await;
    assert_eq!(kept.ok()["data"]["summary"]["batches"], batches);
    // Its PDF, in the reader's language: the shift in Berlin time, the kept summary, the notes,
    // the open items and who took the handover.
    let (status, kind, pdf) = app
        .download_post(
            "/api/shiftlogs/generatePdf",
            json!({"id": id}),
            &reader,
            "de",
        )
        .await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "application/pdf"));
    let text = text_of(&pdf)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for expected in [
        format!(
            "Schichtbuch: {}, Schicht Early am {yesterday}",
            taken["lineName"].as_str().unwrap()
        ),
        format!("Datum {yesterday}"),
        "Schichtzeit 06:00 – 14:00".to_string(),
        "Produktionsübersicht bei der Übergabe".to_string(),
        format!("Chargen {batches}"),
        "Sieve of the hammer mill changed.".to_string(),
        "Level sensor of BIN-03 reads high".to_string(),
        "ben@plant.test".to_string(),
        "Übernehmender Bediener".to_string(),
    ] {
        assert!(
            text.contains(&expected),
            "{expected} not in the PDF:\n{text}"
        );
    }
    app.download_post(
        "/api/shiftlogs/generatePdf",
        json!({"id": "nope"}),
        &reader,
        "en",
    )
    .await
    .0
    .eq(&StatusCode::NOT_FOUND)
    .then_some(())
    .expect("an unknown entry's PDF is 404");
    edit(anna.clone(), json!({"notes": "changed"}))
        .await
        .failed(StatusCode::CONFLICT);
    handover(ben.clone(), json!({}))
        .await
        .failed(StatusCode::CONFLICT);

    // The late shift's entry brings the item left undone.
    let l = add(
        ben.clone(),
        json!({"lineId": line, "shiftId": late, "date": yesterday.to_string()}),
    )
    .await;
    let carried = l.ok()["data"]["openItems"].clone();
    assert_eq!(carried.as_array().unwrap().len(), 1, "{carried}");
    assert_eq!(carried[0]["text"], "Level sensor of BIN-03 reads high");
    assert_eq!(carried[0]["carriedFrom"], id.as_str());
    assert_eq!(carried[0]["done"], false);

    // The list: newest first, searched, counted; the reader reads, cannot write.
    let (from_day, _) = berlin(&pool, -2, "00:00").await;
    let q = |extra: &str| {
        format!(
            "/api/shiftlogs?lineId={line}&fromDateTime={from_day}T00:00:00Z&toDateTime={}{extra}",
            (Utc::now() + Duration::days(1)).format("%Y-%m-%dT%H:%M:%SZ")
        )
    };
    let all = app.get(&q(""), Some(&reader)).await;
    assert_eq!(all.total(), 2);
    let rows = all.ok()["data"].as_array().unwrap().clone();
    assert_eq!(rows[0]["shiftName"], "Late");
    assert!(
        rows[1]["summary"].is_object(),
        "the handed-over entry lists its summary"
    );
    let found = app.get(&q("&search=HAMMER%20mill"), Some(&reader)).await;
    assert_eq!(found.total(), 1);
    assert_eq!(found.ok()["data"][0]["id"], id.as_str());
    let found = app.get(&q("&search=maintenance"), Some(&reader)).await;
    assert_eq!(found.total(), 1, "the handover note is searched");
    add(
        reader.clone(),
        json!({"lineId": line, "shiftId": early, "date": yesterday.to_string()}),
    )
    .await
    .failed(StatusCode::FORBIDDEN);
    app.get(
        &format!("/api/shiftlogs/{}", uuid::Uuid::now_v7()),
        Some(&reader),
    )
    .await
    .failed(StatusCode::NOT_FOUND);

    // Each move audited.
    let actions: Vec<String> = sqlx::query_scalar(
        "select action from audit_log where entity = 'shiftLog' and entity_id = $1 order by id",
    )
    .bind(&id)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(actions, ["create", "update", "handover"]);
}

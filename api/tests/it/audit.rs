//! The audit trail (issue 35, item 1): who changed what on which line, found by each filter,
//! newest first a page at a time, with the values that changed, named in the reader's
//! language; one entry; the filters' values; the trail as PDF, CSV and workbook; who may read
//! it; bad input.

use axum::http::{Method, StatusCode};
use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use crate::harness::{TestApp, text_of};
use crate::recipes::Fixture;

fn scale(line: &str, capacity: f64) -> Value {
    json!({"name": "Premix", "code": "S-PREMIX", "type": "MICRO", "capacityKg": capacity,
           "minWeighKg": 0.1, "lineId": line})
}

fn ids(a: &Value) -> Vec<i64> {
    a["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_i64().unwrap())
        .collect()
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn who_changed_what_on_a_line_is_found_by_every_filter(pool: sqlx::PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let f = Fixture::new(&app).await;
    let (one, two) = (f.line("AL1", &[]).await, f.line("AL2", &[]).await);
    let admin = app.super_token().await;
    let (_, carl) = app
        .user(
            &admin,
            "carl@plant.test",
            "PRIVILEGE",
            &["CONFIGURATOR_CREATE", "CONFIGURATOR_UPDATE"],
        )
        .await;
    let (_, eve) = app
        .user(&admin, "eve@plant.test", "PRIVILEGE", &["AUDIT_READ"])
        .await;

    // Carl adds a scale to line 2, then changes its capacity.
    let made = app
        .post("/api/scales/add", scale(&two.id, 20.0), Some(&carl))
        .await;
    let id = made.ok()["data"]["_id"].as_str().unwrap().to_string();
    let mut changed = made.body["data"].clone();
    changed["capacityKg"] = json!(25.0);
    let between: DateTime<Utc> = sqlx::query_scalar("select clock_timestamp()")
        .fetch_one(&pool)
        .await
        .unwrap();
    app.post(&format!("/api/scales/edit/{id}"), changed, Some(&carl))
        .await
        .ok();

    // Who may read it: AUDIT_READ, ADMIN and _SUPER by role; not a configurator.
    app.get("/api/audit", Some(&carl))
        .await
        .failed(StatusCode::FORBIDDEN);
    app.get("/api/audit", None)
        .await
        .failed(StatusCode::UNAUTHORIZED);
    let (_, boss) = app.user(&admin, "boss@plant.test", "ADMIN", &[]).await;
    app.get("/api/audit", Some(&boss)).await.ok();

    // Carl's work on line 2: the change, then the creation, newest first.
    let q = format!("/api/audit?lineId={}&user=CARL@plant.test", two.id);
    let a = app.get(&q, Some(&eve)).await;
    let rows = a.ok()["data"].as_array().unwrap().clone();
    assert_eq!(a.total(), 2);
    assert_eq!(
        rows.iter()
            .map(|r| r["action"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["update", "create"]
    );
    let update = &rows[0];
    assert_eq!(update["actor"], "carl@plant.test");
    assert_eq!(update["entity"], "scales");
    assert_eq!(update["entityId"], id.as_str());
    assert_eq!(update["lineId"], two.id.as_str());
    assert_eq!(update["lineCode"], "AL2");
    assert_eq!(update["actionLabel"], "Changed");
    assert_eq!(update["entityLabel"], "Scale");
    assert_eq!(update["before"]["capacityKg"], 20.0);
    assert_eq!(update["after"]["capacityKg"], 25.0);
    let paths: Vec<&str> = update["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["path"].as_str().unwrap())
        .collect();
    assert!(paths.contains(&"capacityKg"), "{paths:?}");
    let capacity = update["changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["path"] == "capacityKg")
        .unwrap();
    assert_eq!(
        (capacity["old"].clone(), capacity["new"].clone()),
        (json!(20), json!(25))
    );
    assert!(
        rows[1]["changes"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["old"].is_null()),
        "a creation lists its values as added"
    );
    // Nothing of Carl's on line 1; line 1 has the fixture's own records, each on it.
    let a = app
        .get(
            &format!("/api/audit?lineId={}&user=carl@plant.test", one.id),
            Some(&eve),
        )
        .await;
    assert_eq!(a.total(), 0);
    let a = app
        .get(
            &format!("/api/audit?lineId={}&limit=1000", one.id),
            Some(&eve),
        )
        .await;
    assert!(a.total() > 5);
    assert!(
        a.ok()["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["lineId"] == one.id.as_str())
    );
    // By record, by action, by time, by kind.
    let by_record = app
        .get(
            &format!("/api/audit?entity=scales&entityId={id}"),
            Some(&eve),
        )
        .await;
    assert_eq!(by_record.total(), 2);
    let by_action = app
        .get("/api/audit?action=update&user=carl@plant.test", Some(&eve))
        .await;
    assert_eq!(ids(by_action.ok()), [update["id"].as_i64().unwrap()]);
    let since = app
        .get(
            &format!(
                "/api/audit?user=carl@plant.test&fromDateTime={}",
                between.to_rfc3339().replace('+', "%2B")
            ),
            Some(&eve),
        )
        .await;
    assert_eq!(ids(since.ok()), [update["id"].as_i64().unwrap()]);
    let until = app
        .get(
            &format!(
                "/api/audit?user=carl@plant.test&entity=scales&toDateTime={}",
                between.to_rfc3339().replace('+', "%2B")
            ),
            Some(&eve),
        )
        .await;
    assert_eq!(ids(until.ok()), [rows[1]["id"].as_i64().unwrap()]);
    // Sign-ins belong to no line.
    let sessions = app
        .get("/api/audit?entity=session&user=carl@plant.test", Some(&eve))
        .await;
    let s = sessions.ok()["data"].as_array().unwrap();
    assert!(!s.is_empty());
    assert!(
        s.iter()
            .all(|r| r["action"] == "login" && r["lineId"].is_null())
    );
    assert_eq!(s[0]["entityLabel"], "Sign-in");
    // A page at a time.
    let page2 = app.get(&format!("{q}&limit=1&page=2"), Some(&eve)).await;
    assert_eq!(page2.total(), 2);
    assert_eq!(ids(page2.ok()), [rows[1]["id"].as_i64().unwrap()]);

    // One entry; the filters' values; in German.
    let one_entry = app
        .raw(
            Method::GET,
            &format!("/api/audit/{}", update["id"]),
            None,
            Some(&eve),
            Some("de"),
        )
        .await;
    assert_eq!(one_entry.ok()["data"]["actionLabel"], "Geändert");
    assert_eq!(one_entry.body["data"]["entityLabel"], "Waage");
    let nothing = app.get("/api/audit/99999999", Some(&eve)).await;
    assert_eq!(
        nothing.failed(StatusCode::NOT_FOUND)["message"],
        "There is no such audit entry."
    );
    app.get("/api/audit/abc", Some(&eve))
        .await
        .failed(StatusCode::NOT_FOUND);
    let facets = app.get("/api/audit/facets", Some(&eve)).await;
    let facets = &facets.ok()["data"];
    assert!(
        facets["actors"]
            .as_array()
            .unwrap()
            .contains(&json!("carl@plant.test")),
        "{facets}"
    );
    assert!(
        facets["actions"]
            .as_array()
            .unwrap()
            .contains(&json!({"value": "update", "label": "Changed"}))
    );
    assert!(
        facets["entities"]
            .as_array()
            .unwrap()
            .contains(&json!({"value": "scales", "label": "Scale"}))
    );

    // Bad input: the field and a clear message, never a 500.
    let bad = app.get("/api/audit?lineId=nope", Some(&eve)).await;
    assert_eq!(
        bad.failed(StatusCode::BAD_REQUEST)["errors"]["lineId"],
        "Line not found"
    );
    let bad = app
        .get("/api/audit?fromDateTime=yesterday", Some(&eve))
        .await;
    assert!(!bad.failed(StatusCode::BAD_REQUEST)["errors"]["fromDateTime"].is_null());
    let bad = app
        .get(
            "/api/audit?fromDateTime=2026-11-02T00:00:00Z&toDateTime=2026-11-01T00:00:00Z",
            Some(&eve),
        )
        .await;
    assert!(!bad.failed(StatusCode::BAD_REQUEST)["errors"]["toDateTime"].is_null());
    app.get("/api/audit?limit=0", Some(&eve))
        .await
        .failed(StatusCode::BAD_REQUEST);

    // The files: the same entries, times in the line's zone.
    let filter = json!({"lineId": two.id, "user": "carl@plant.test"});
    let (status, kind, csv) = app
        .download_post("/api/audit/generateCsv", filter.clone(), &eve, "en")
        .await;
    assert_eq!(
        (status, kind.as_str()),
        (StatusCode::OK, "text/csv; charset=utf-8")
    );
    let mut reader = csv::Reader::from_reader(csv.as_slice());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    assert_eq!(
        header[..6],
        ["No.", "Time", "Time zone", "User", "Action", "Record type"]
    );
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), 2);
    let first: Vec<&str> = records[0].iter().collect();
    assert_eq!(
        (first[2], first[3], first[4], first[5], first[7]),
        (
            "Europe/Berlin",
            "carl@plant.test",
            "Changed",
            "Scale",
            "AL2"
        )
    );
    assert!(
        first[8].lines().any(|l| l == "capacityKg: 20 → 25"),
        "{}",
        first[8]
    );
    let local: String = sqlx::query_scalar(
        "select to_char(at at time zone 'Europe/Berlin', 'YYYY-MM-DD HH24:MI:SS') from audit_log where id = $1",
    )
    .bind(update["id"].as_i64().unwrap())
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(first[1], local, "plant time");
    let (status, _, xlsx) = app
        .download_post("/api/audit/generateXlsx", filter.clone(), &eve, "en")
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(xlsx.starts_with(b"PK"), "a workbook is a zip");
    let (status, kind, pdf) = app
        .download_post("/api/audit/generatePdf", filter.clone(), &eve, "de")
        .await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "application/pdf"));
    let text = text_of(&pdf);
    for words in [
        "Audit-Trail",
        "carl@plant.test",
        "Geändert",
        "capacityKg",
        "AL2",
        "Europe/Berlin",
    ] {
        assert!(text.contains(words), "{words} in {text}");
    }
    app.download_post("/api/audit/generatePdf", filter, &carl, "en")
        .await
        .0
        .eq(&StatusCode::FORBIDDEN)
        .then_some(())
        .expect("403 for a configurator");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn each_kind_of_record_is_on_its_line_and_a_file_says_when_it_is_too_long(
    pool: sqlx::PgPool,
) {
    let app = TestApp::new(pool.clone()).await;
    let f = Fixture::new(&app).await;
    let line = f.line("AL1", &[]).await;
    let eve = app.super_token().await;
    // Entries that name their line by their id (a stop, the carry-over rules) or in the
    // record (an alarm's detail) are on it; a sign-in is on none.
    let stop = format!("{}/2026-11-01T06:00:00+00:00", line.id);
    for (entity, entity_id, detail) in [
        ("stop", stop.as_str(), Value::Null),
        ("carryOver", line.id.as_str(), Value::Null),
        (
            "alarm",
            "7c8e0a6e-0000-4000-8000-000000000001",
            json!({"lineId": line.id, "code": "A1"}),
        ),
        (
            "session",
            "7c8e0a6e-0000-4000-8000-000000000002",
            Value::Null,
        ),
    ] {
        sqlx::query(
            "insert into audit_log (actor, action, entity, entity_id, detail) values ('x@plant.test', 'probe', $1, $2, $3)",
        )
        .bind(entity)
        .bind(entity_id)
        .bind(if detail.is_null() { None } else { Some(detail) })
        .execute(&pool)
        .await
        .unwrap();
    }
    let lines: Vec<(String, Option<uuid::Uuid>)> =
        sqlx::query_as("select entity, line_id from audit_log where action = 'probe' order by id")
            .fetch_all(&pool)
            .await
            .unwrap();
    let on = uuid::Uuid::parse_str(&line.id).ok();
    assert_eq!(
        lines,
        [
            ("stop".into(), on),
            ("carryOver".into(), on),
            ("alarm".into(), on),
            ("session".into(), None)
        ]
    );
    // More entries than a PDF holds: 400 naming how many match.
    sqlx::query(
        "insert into audit_log (actor, action, entity) select 'bulk@plant.test', 'login', 'session' from generate_series(1, 2001)",
    )
    .execute(&pool)
    .await
    .unwrap();
    let (status, _, body) = app
        .download_post(
            "/api/audit/generatePdf",
            json!({"user": "bulk@plant.test"}),
            &eve,
            "en",
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let body: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(
        body["message"],
        "2001 entries match; a file holds at most 2000. Narrow the filters (a shorter time range, a line or a user)."
    );
    let (status, _, csv) = app
        .download_post(
            "/api/audit/generateCsv",
            json!({"user": "bulk@plant.test"}),
            &eve,
            "en",
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        csv::Reader::from_reader(csv.as_slice()).records().count(),
        2001
    );
}

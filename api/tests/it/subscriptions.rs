//! Scheduled reports (issue 35, item 3): a report user saves yesterday's consumption by
//! material as a daily subscription; bad input is refused field by field; only its owner (or an
//! administrator) changes it. Two api processes send at the same moment and the period goes out
//! once; a restart within the period sends nothing again; the next period goes out once. The
//! CSV's kilograms are the report's; a PDF and a workbook go out too; an owner who can no
//! longer sign in makes a delivery fail and be tried again later, with the reason kept.

use axum::http::StatusCode;
use chrono::{DateTime, Duration, Utc};
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::harness::TestApp;
use crate::reports::History;

fn layout() -> Value {
    json!({"heading": "Consumption by material", "headers": ["Material", "Actual (kg)"],
           "matchKeys": ["name", "figures.actualKg"], "data": "rows"})
}

fn subscription(line: &str, format: &str) -> Value {
    json!({"name": "Daily consumption", "report": "totalweightgroupedby",
           "filters": {"lineId": line, "groupBy": "material"}, "layout": layout(),
           "cadence": "DAILY", "at": "00:00", "format": format,
           "recipients": ["QA@plant.test", "plant.manager@plant.test"], "language": "en"})
}

/// Today's midnight in Berlin and the one before.
async fn yesterday(pool: &PgPool) -> (DateTime<Utc>, DateTime<Utc>) {
    sqlx::query_as(
        "select (d - interval '1 day') at time zone 'Europe/Berlin', d at time zone 'Europe/Berlin'
         from (select date_trunc('day', now() at time zone 'Europe/Berlin') as d) x",
    )
    .fetch_one(pool)
    .await
    .unwrap()
}

/// The outbox's mails: (file name, text).
fn outbox(app: &TestApp) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(app.data_dir.join("outbox"))
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| {
                    (
                        e.file_name().to_string_lossy().to_string(),
                        std::fs::read_to_string(e.path()).unwrap_or_default(),
                    )
                })
                .filter(|(n, _)| n.starts_with("report-"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// The attachment of a MIME mail, decoded (base64, or text as it is).
fn attachment(mail: &str) -> Vec<u8> {
    use base64::Engine;
    let part = mail
        .split("Content-Disposition: attachment")
        .nth(1)
        .expect("an attachment");
    let (headers, body) = part.split_once("\r\n\r\n").unwrap();
    let body = body.split("\r\n--").next().unwrap();
    if headers.contains("base64") {
        let b64: String = body.lines().collect::<Vec<_>>().concat();
        base64::engine::general_purpose::STANDARD
            .decode(b64.trim())
            .unwrap()
    } else {
        body.as_bytes().to_vec()
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_subscription_is_checked_and_changed_only_by_its_owner(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let h = History::new(&app).await;
    let admin = app.super_token().await;
    let (_, rita) = app
        .user(&admin, "rita@plant.test", "PRIVILEGE", &["REPORTS_READ"])
        .await;
    let (_, otto) = app
        .user(&admin, "otto@plant.test", "PRIVILEGE", &["REPORTS_READ"])
        .await;
    let (_, planner) = app
        .user(&admin, "pia@plant.test", "PRIVILEGE", &["SCHEDULE_READ"])
        .await;
    app.post(
        "/api/reportsubscriptions/add",
        subscription(&h.line.id, "CSV"),
        Some(&planner),
    )
    .await
    .failed(StatusCode::FORBIDDEN);
    let saved = app
        .post(
            "/api/reportsubscriptions/add",
            subscription(&h.line.id, "CSV"),
            Some(&rita),
        )
        .await;
    assert_eq!(saved.message(), "Subscription “Daily consumption” saved");
    let s = saved.ok()["data"].clone();
    assert_eq!(s["owner"], "rita@plant.test");
    assert_eq!(s["zone"], "Europe/Berlin");
    assert_eq!(
        s["recipients"],
        json!(["qa@plant.test", "plant.manager@plant.test"])
    );
    assert!(s["nextLocal"].as_str().unwrap().ends_with(" 00:00"), "{s}");
    let id = s["_id"].as_str().unwrap().to_string();

    // Bad input, field by field.
    let mut bad = subscription(&h.line.id, "CSV");
    bad["at"] = json!("25:00");
    bad["report"] = json!("nosuchreport");
    bad["recipients"] = json!(["nobody"]);
    bad["layout"] = Value::Null;
    let refused = app
        .post("/api/reportsubscriptions/add", bad, Some(&rita))
        .await;
    refused.failed(StatusCode::BAD_REQUEST);
    assert_eq!(refused.error("at"), "Enter a time as HH:MM");
    assert_eq!(
        refused.error("report"),
        "“nosuchreport” is not a report that can be delivered."
    );
    assert_eq!(
        refused.error("recipients"),
        "“nobody” is not an email address."
    );
    assert!(refused.error("layout").contains("columns"));
    let mut shift = subscription("ALL", "PDF");
    shift["cadence"] = json!("SHIFT_END");
    let refused = app
        .post("/api/reportsubscriptions/add", shift, Some(&rita))
        .await;
    assert_eq!(
        refused.error("cadence"),
        "Delivery at each shift's end needs one line (its shifts)."
    );
    let mut weekly = subscription(&h.line.id, "PDF");
    weekly["cadence"] = json!("WEEKLY");
    let refused = app
        .post("/api/reportsubscriptions/add", weekly, Some(&rita))
        .await;
    assert_eq!(refused.error("weekday"), "Enter a value from 1 to 7");

    // Only Rita or an administrator changes it.
    let mut changed = subscription(&h.line.id, "XLSX");
    changed["name"] = json!("Daily consumption (Excel)");
    app.post(
        &format!("/api/reportsubscriptions/edit/{id}"),
        changed.clone(),
        Some(&otto),
    )
    .await
    .failed(StatusCode::FORBIDDEN);
    let edited = app
        .post(
            &format!("/api/reportsubscriptions/edit/{id}"),
            changed,
            Some(&rita),
        )
        .await;
    assert_eq!(edited.ok()["data"]["format"], "XLSX");
    let list = app.get("/api/reportsubscriptions", Some(&otto)).await;
    assert_eq!(list.ok()["data"].as_array().unwrap().len(), 1);
    let audited: Vec<String> = sqlx::query_scalar(
        "select action from audit_log where entity = 'reportSubscription' order by id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(audited, ["created", "updated"]);
    app.post(
        "/api/reportsubscriptions/delete",
        json!({"id": id}),
        Some(&admin),
    )
    .await
    .ok();
    app.get(&format!("/api/reportsubscriptions/{id}"), Some(&rita))
        .await
        .failed(StatusCode::NOT_FOUND);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn each_period_is_delivered_once_across_processes_and_restarts(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let h = History::new(&app).await;
    let admin = app.super_token().await;
    let (_, rita) = app
        .user(&admin, "rita@plant.test", "PRIVILEGE", &["REPORTS_READ"])
        .await;
    let (from, to) = yesterday(&pool).await;
    h.produce(from - Duration::hours(2), to + Duration::hours(1))
        .await;
    let mut ids = Vec::new();
    for format in ["CSV", "PDF", "XLSX"] {
        let s = app
            .post(
                "/api/reportsubscriptions/add",
                subscription(&h.line.id, format),
                Some(&rita),
            )
            .await;
        ids.push(s.ok()["data"]["_id"].as_str().unwrap().to_string());
    }
    // Saved two days ago, so yesterday is its first period.
    sqlx::query("update report_subscription set created_at = now() - interval '2 days'")
        .execute(&pool)
        .await
        .unwrap();

    // Two api processes, each with its own pool, send at the same moment.
    let other_pool = sqlx::postgres::PgPoolOptions::new()
        .connect_with((*pool.connect_options()).clone())
        .await
        .unwrap();
    let other = TestApp::new(other_pool).await;
    let now = Utc::now();
    let (a, b) = tokio::join!(
        api::subscriptions::send::round(&app.state, now),
        api::subscriptions::send::round(&other.state, now)
    );
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(
        (a.added + b.added, a.sent + b.sent, a.failed + b.failed),
        (3, 3, 0),
        "{a:?} {b:?}"
    );
    let periods: Vec<(DateTime<Utc>, DateTime<Utc>, String, i32)> = sqlx::query_as(
        "select period_start, period_end, status, attempts from report_delivery order by id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(periods.len(), 3);
    assert!(
        periods
            .iter()
            .all(|p| (p.0, p.1, p.2.as_str(), p.3) == (from, to, "SENT", 1)),
        "{periods:?}"
    );
    // Mails of one process's outbox (both write to their own data dir): one per recipient and
    // delivery, in all.
    let mails: Vec<_> = outbox(&app).into_iter().chain(outbox(&other)).collect();
    assert_eq!(
        mails.len(),
        6,
        "{:?}",
        mails.iter().map(|m| &m.0).collect::<Vec<_>>()
    );

    // The CSV holds the report's kilograms.
    let csv_mail = mails
        .iter()
        .find(|(_, m)| m.contains("To: qa@plant.test") && m.contains(".csv"))
        .expect("the CSV to qa");
    assert!(
        csv_mail.1.contains("Subject: Daily consumption"),
        "{}",
        csv_mail.1
    );
    let csv = attachment(&csv_mail.1);
    let mut reader = csv::Reader::from_reader(csv.as_slice());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        ["Material", "Actual (kg)"]
    );
    let kg: f64 = reader
        .records()
        .map(|r| r.unwrap()[1].parse::<f64>().unwrap())
        .sum();
    let raw = h
        .raw_kg(Some(&h.line.id), &from.to_rfc3339(), &to.to_rfc3339())
        .await;
    assert!((kg - raw).abs() < 0.01, "{kg} vs {raw}");
    assert!(raw > 0.0);
    let pdf_mail = mails.iter().find(|(_, m)| m.contains(".pdf")).unwrap();
    assert!(attachment(&pdf_mail.1).starts_with(b"%PDF-"));
    let xlsx_mail = mails.iter().find(|(_, m)| m.contains(".xlsx")).unwrap();
    assert!(attachment(&xlsx_mail.1).starts_with(b"PK"));

    // The history, as the screen reads it.
    let history = app
        .get(
            &format!("/api/reportsubscriptions/{}/deliveries", ids[0]),
            Some(&rita),
        )
        .await;
    assert_eq!(history.total(), 1);
    let d = &history.ok()["data"][0];
    assert_eq!(d["status"], "SENT");
    assert!(d["fileName"].as_str().unwrap().ends_with(".csv"));
    assert!(d["periodLocal"].as_str().unwrap().ends_with(" 00:00"));

    // Restarted within the period (a moment later: three hours later crossed the plant's
    // midnight when the test ran after 21:00 in Amsterdam, and the next day was due): nothing
    // again.
    drop(other);
    let restarted = TestApp::new(pool.clone()).await;
    let again = api::subscriptions::send::round(&restarted.state, now + Duration::seconds(1))
        .await
        .unwrap();
    assert_eq!(again, api::subscriptions::send::Round::default());

    // The next period goes out once; an owner who can no longer sign in makes it fail, kept
    // to be tried again.
    sqlx::query("update app_user set status = 'inactive' where email = 'rita@plant.test'")
        .execute(&pool)
        .await
        .unwrap();
    let next = api::subscriptions::send::round(
        &restarted.state,
        to + Duration::days(1) + Duration::minutes(1),
    )
    .await
    .unwrap();
    assert_eq!((next.added, next.sent, next.failed), (3, 0, 3));
    let (status, attempts, error, retry): (String, i32, String, DateTime<Utc>) = sqlx::query_as(
        "select status, attempts, last_error, next_attempt_at from report_delivery where period_end > $1 order by id limit 1",
    )
    .bind(to)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!((status.as_str(), attempts), ("RETRY", 1));
    assert!(
        error.contains("rita@plant.test can no longer sign in"),
        "{error}"
    );
    assert!(retry > Utc::now());
    let total: i64 = sqlx::query_scalar("select count(*) from report_delivery")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(total, 6, "each period once");
}

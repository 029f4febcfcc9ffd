//! Timeouts and budgets (decision 94): a request past its time and one past the number
//! answered at once get a 503 in the envelope with the seconds to wait; a client that sends
//! its headers too slowly is cut off; connections past the cap are closed at once; the
//! dashboard's range for users without Reporting; a bulk add past its size; lists past their
//! maximum.

use std::time::Duration;

use axum::http::StatusCode;
use futures::future::join_all;
use serde_json::json;
use sqlx::PgPool;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::harness::*;

fn sign_in() -> serde_json::Value {
    json!({"email": SUPER_EMAIL, "password": SUPER_PASSWORD})
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_request_past_its_time_answers_503_with_the_seconds_to_wait(pool: PgPool) {
    // A sign-in reads the database and hashes a password: far more than a millisecond.
    let app = TestApp::with(pool, |s| s.request_timeout = Duration::from_millis(1)).await;
    let a = app.post("/auth/login", sign_in(), None).await;
    a.failed(StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        a.message()
            .starts_with("The server took too long to answer."),
        "{a:?}"
    );
    assert_eq!(a.body["retryAfter"], 5);
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn requests_past_the_number_answered_at_once_are_shed(pool: PgPool) {
    let app = TestApp::with(pool, |s| s.max_in_flight = 1).await;
    let answers = join_all((0..4).map(|_| app.post("/auth/login", sign_in(), None))).await;
    let shed: Vec<_> = answers
        .iter()
        .filter(|a| a.status == StatusCode::SERVICE_UNAVAILABLE)
        .collect();
    assert!(!shed.is_empty(), "one at a time: {answers:?}");
    assert!(answers.iter().any(|a| a.status == StatusCode::OK));
    for a in shed {
        assert!(
            a.message()
                .starts_with("The server is answering too many requests at once."),
            "{a:?}"
        );
        assert_eq!(a.body["retryAfter"], 2);
    }
}

/// A server on a loopback port with the given connection limits.
async fn listening(app: &TestApp, limits: api::serve::Connections) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(api::serve::serve_router(
        app.router.clone(),
        listener,
        limits,
        std::future::pending(),
    ));
    addr
}

/// Reads until the server closes the connection (or `within` passes: then `None`).
async fn closed_within(tcp: &mut tokio::net::TcpStream, within: Duration) -> Option<Vec<u8>> {
    let mut got = Vec::new();
    let read = async {
        let mut buf = [0u8; 1024];
        loop {
            match tcp.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    };
    tokio::time::timeout(within, read).await.ok().map(|_| got)
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn slow_headers_are_cut_off_and_connections_past_the_cap_closed(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let addr = listening(
        &app,
        api::serve::Connections {
            max: 2,
            header_read_timeout: Duration::from_millis(300),
        },
    )
    .await;
    // A whole request is answered, with the peer's address known to the handlers.
    let mut ok = tokio::net::TcpStream::connect(addr).await.unwrap();
    ok.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let answer = closed_within(&mut ok, Duration::from_secs(10))
        .await
        .unwrap();
    assert!(
        answer.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    // Headers that never end: the server hangs up after the header-read timeout.
    let mut slow = tokio::net::TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    assert!(
        closed_within(&mut slow, Duration::from_secs(10))
            .await
            .is_some(),
        "a slow client was not cut off"
    );
    // Two idle connections fill the cap; a third is closed at once, with nothing said.
    let mut first = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut second = tokio::net::TcpStream::connect(addr).await.unwrap();
    first.write_all(b"GET").await.unwrap();
    second.write_all(b"GET").await.unwrap();
    let mut third = tokio::net::TcpStream::connect(addr).await.unwrap();
    let said = closed_within(&mut third, Duration::from_millis(250)).await;
    assert_eq!(said, Some(Vec::new()), "the third connection was served");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn the_dashboard_covers_a_week_for_users_without_reporting(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let admin = app.super_token().await;
    let (_, viewer) = app
        .user(&admin, "viewer@plant.test", "PRIVILEGE", &["SCHEDULE_READ"])
        .await;
    let range = |days: i64| {
        let to = chrono::Utc::now();
        json!({"fromDateTime": (to - chrono::Duration::days(days)).to_rfc3339(), "toDateTime": to.to_rfc3339()})
    };
    let call = "/api/dashboard/reportdashboarddetails";
    app.post(call, range(7), Some(&viewer)).await.ok();
    let a = app.post(call, range(8), Some(&viewer)).await;
    assert_eq!(
        a.failed(StatusCode::BAD_REQUEST)["errors"]["toDateTime"],
        "Without access to Reporting the dashboard covers at most 7 days"
    );
    app.post(call, range(30), Some(&admin)).await.ok();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_bulk_add_writes_at_most_5000_records(pool: PgPool) {
    let app = TestApp::new(pool).await;
    let token = app.super_token().await;
    let rows: Vec<_> = (0..5001)
        .map(|i| json!({"code": format!("G{i}"), "name": format!("Group {i}")}))
        .collect();
    let a = app
        .post("/api/actionparameters/add/bulk", json!(rows), Some(&token))
        .await;
    assert_eq!(
        a.failed(StatusCode::BAD_REQUEST).clone()["message"],
        "At most 5000 records at once"
    );
}

/// A list answers at most its maximum (10,000 configuration records, 5,000 orders); past it,
/// 400 naming the maximum and the filters that narrow it, and the narrowed list still answers.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn lists_past_their_maximum_ask_for_a_narrower_filter(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let token = app.super_token().await;
    sqlx::query(
        "insert into line (id, name, code, timezone)
         select gen_random_uuid(), 'Line ' || n, 'L' || n, 'UTC' from generate_series(1, 10001) n",
    )
    .execute(&pool)
    .await
    .unwrap();
    let a = app.get("/api/lines", Some(&token)).await;
    assert!(
        a.failed(StatusCode::BAD_REQUEST).clone()["message"]
            .as_str()
            .unwrap()
            .starts_with("More than 10000 records match: narrow the list"),
        "{a:?}"
    );
    let line: uuid::Uuid = sqlx::query_scalar("select id from line where code = 'L1'")
        .fetch_one(&pool)
        .await
        .unwrap();
    let a = app
        .get(&format!("/api/scales?lineId={line}"), Some(&token))
        .await;
    a.ok();

    sqlx::query(
        "insert into production_schedule (id, line_id, kind, order_number, name, batch_size_kg, batches, planned_start, sequence)
         select gen_random_uuid(), $1, 'FLUSH', 'F-' || n, 'Flush', 100, 1, now(), n from generate_series(1, 5001) n",
    )
    .bind(line)
    .execute(&pool)
    .await
    .unwrap();
    let a = app
        .get(
            &format!("/api/productionschedules?lineId={line}"),
            Some(&token),
        )
        .await;
    assert!(
        a.failed(StatusCode::BAD_REQUEST).clone()["message"]
            .as_str()
            .unwrap()
            .starts_with("More than 5000 records match"),
        "{a:?}"
    );
    let a = app
        .get(
            &format!("/api/productionschedules?lineId={line}&status=RUNNING"),
            Some(&token),
        )
        .await;
    assert_eq!(a.ok()["data"], json!([]));
}

/// Every list that can grow reads a page at a time too: `page` and `limit` in the query (also
/// of a list whose filters are in the body) answer that page, and `X-Total-Count` says how many match in all; the pages together are the
/// whole list in its order; a page past the end is empty; a bad `limit` is a 400 on the field.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn long_lists_read_a_page_at_a_time_with_their_total(pool: PgPool) {
    let app = TestApp::new(pool.clone()).await;
    let token = app.super_token().await;
    sqlx::query(
        "insert into line (id, name, code, timezone)
         select gen_random_uuid(), 'Line ' || n, 'L' || lpad(n::text, 3, '0'), 'UTC'
         from generate_series(1, 250) n",
    )
    .execute(&pool)
    .await
    .unwrap();
    let codes = |a: &Answer| strings(a, "code");
    let whole = app.get("/api/lines", Some(&token)).await;
    assert_eq!((codes(&whole).len(), whole.total()), (250, 250));
    let mut paged = Vec::new();
    for page in 1..=3 {
        let a = app
            .get(&format!("/api/lines?page={page}&limit=100"), Some(&token))
            .await;
        assert_eq!(a.total(), 250, "{a:?}");
        paged.extend(codes(&a));
    }
    assert_eq!(
        paged,
        codes(&whole),
        "the pages together are the whole list"
    );
    let a = app
        .post("/api/lines?page=3&limit=100", json!({}), Some(&token))
        .await;
    assert_eq!((codes(&a).len(), a.total()), (50, 250));
    let a = app.get("/api/lines?page=9&limit=100", Some(&token)).await;
    assert_eq!((codes(&a).len(), a.total()), (0, 250));
    let a = app.get("/api/lines?page=2", Some(&token)).await;
    assert_eq!(codes(&a), codes(&whole)[100..200], "100 a page by default");
    let a = app.get("/api/lines?limit=0", Some(&token)).await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(a.error("limit"), "Enter a value from 1 to 1000");

    let line: uuid::Uuid = sqlx::query_scalar("select id from line where code = 'L001'")
        .fetch_one(&pool)
        .await
        .unwrap();
    sqlx::query(
        "insert into production_schedule (id, line_id, kind, order_number, name, batch_size_kg, batches, planned_start, sequence)
         select gen_random_uuid(), $1, 'FLUSH', 'F-' || n, 'Flush', 100, 1, now(), n from generate_series(1, 120) n",
    )
    .bind(line)
    .execute(&pool)
    .await
    .unwrap();
    let numbers = |a: &Answer| strings(a, "orderNumber");
    let a = app
        .get(
            &format!("/api/productionschedules?lineId={line}&page=2&limit=50"),
            Some(&token),
        )
        .await;
    let n = numbers(&a);
    assert_eq!((n.len(), a.total()), (50, 120), "{a:?}");
    assert_eq!((n[0].as_str(), n[49].as_str()), ("F-51", "F-100"));
    let a = app
        .post(
            "/api/productionschedules?page=3&limit=50",
            json!({"lineId": line}),
            Some(&token),
        )
        .await;
    assert_eq!((numbers(&a).len(), a.total()), (20, 120));
    let a = app
        .get(
            &format!("/api/productionschedulelist?lineId={line}&page=3&limit=50"),
            Some(&token),
        )
        .await;
    assert_eq!(
        (a.ok()["data"].as_array().unwrap().len(), a.total()),
        (20, 120)
    );
    let a = app
        .get(
            &format!("/api/productionschedules?lineId={line}&status=RUNNING&page=1"),
            Some(&token),
        )
        .await;
    assert_eq!((numbers(&a).len(), a.total()), (0, 0));
    let a = app
        .get("/api/productionschedules?page=0", Some(&token))
        .await;
    a.failed(StatusCode::BAD_REQUEST);
    assert_eq!(a.error("page"), "Enter a value from 1 to 1000000");

    let f = crate::recipes::Fixture::new(&app).await;
    let mill = f.line("MILL", &[]).await;
    for code in ["R-A", "R-B", "R-C", "R-D", "R-E"] {
        f.add(f.body(&mill, code)).await;
    }
    let recipe_codes = |a: &Answer| strings(a, "code");
    let a = f
        .get(&format!("/api/recipes?lineId={}&page=2&limit=2", mill.id))
        .await;
    assert_eq!(
        (recipe_codes(&a), a.total()),
        (vec!["R-C".into(), "R-D".into()], 5)
    );
    let a = f
        .post(
            "/api/unreleasedrecipes?page=3&limit=2",
            json!({"lineId": mill.id}),
        )
        .await;
    assert_eq!((recipe_codes(&a), a.total()), (vec!["R-E".to_string()], 5));
    let a = f.get("/api/recipes").await;
    assert_eq!((recipe_codes(&a).len(), a.total()), (5, 5));
}

/// `key` of every record of a list answer.
#[track_caller]
fn strings(a: &Answer, key: &str) -> Vec<String> {
    let records = a.ok()["data"].as_array().unwrap();
    records
        .iter()
        .map(|r| r[key].as_str().unwrap().to_string())
        .collect()
}

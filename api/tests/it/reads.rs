//! Reports read a hot standby (issue 36, decision 120): a real primary and a real standby by
//! streaming replication (`testkit::postgres::PgPair`). While the standby is current, reports
//! and exports read it — and every one of them runs on a read-only server; when its replay
//! falls behind by more than the allowed lag, or it is down, they read the primary; when it is
//! current again, the standby.

use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};
use db::replica::{ReadTarget, Reads};
use serde_json::json;

use crate::harness::TestApp;

/// Waits until `reads` sends reports to `want` (the watcher looks every 100 ms).
async fn wait_target(reads: &Reads, want: ReadTarget) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while reads.target().0 != want {
        assert!(
            Instant::now() < deadline,
            "reads never went to {want:?}: {:?}",
            reads.target()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn in_recovery(pool: &db::PgPool) -> bool {
    sqlx::query_scalar("select pg_is_in_recovery()")
        .fetch_one(pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn reports_read_the_standby_while_it_is_current_and_the_primary_otherwise() {
    let pair = testkit::postgres::PgPair::start().await;
    let primary = db::connect(&pair.primary_url(), 4).await.unwrap();
    db::migrate(&primary).await.unwrap();
    let standby = db::connect_api_lazy(&pair.standby_url(), 4, db::API_STATEMENT_TIMEOUT).unwrap();
    let reads = Reads::with_standby(primary.clone(), standby);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let watcher = {
        let reads = reads.clone();
        tokio::spawn(async move {
            let stopped = async {
                let _ = stopped.await;
            };
            reads
                .watch(Duration::from_secs(1), Duration::from_millis(100), stopped)
                .await
        })
    };
    let mut app = TestApp::new(primary.clone()).await;
    app.state.app = app.state.app.clone().with_reads(reads.clone());
    app.router = api::app(app.state.clone());
    let token = app.super_token().await;

    // Current: reports read the standby, and each runs there (none writes, none fails on a
    // read-only server).
    wait_target(&reads, ReadTarget::Standby).await;
    assert!(in_recovery(app.state.app.reads()).await);
    let ready = app.get("/readyz", None).await;
    assert_eq!(ready.body["reads"], "standby", "{ready:?}");
    assert!(
        ready.body["readLagSeconds"].as_f64().unwrap() < 1.0,
        "{ready:?}"
    );
    let range = "fromDateTime=2026-11-01T00:00:00Z&toDateTime=2026-11-30T00:00:00Z";
    let doc = serde_json::to_value(api::openapi()).unwrap();
    let mut answered = 0;
    for (path, ops) in doc["paths"].as_object().unwrap() {
        let report = path.starts_with("/api/reports/") || path == "/api/audit";
        if !report || path.contains('{') || ops.get("get").is_none() {
            continue;
        }
        let a = app.get(&format!("{path}?{range}"), Some(&token)).await;
        assert!(
            a.status.is_success() || a.status.is_client_error(),
            "{path} on the standby: {a:?}"
        );
        answered += usize::from(a.status == StatusCode::OK);
    }
    assert!(answered >= 20, "only {answered} reports answered 200");
    for path in ["/api/dashboard/linestatus", "/api/dashboard/oee"] {
        let a = app
            .raw(
                Method::POST,
                path,
                Some(json!({}).to_string()),
                Some(&token),
                None,
            )
            .await;
        assert!(!a.status.is_server_error(), "{path} on the standby: {a:?}");
    }

    // Replay paused while the primary writes: behind by more than a second, the primary
    // serves reports; replay resumed, the standby again.
    sqlx::query("select pg_wal_replay_pause()")
        .execute(&db::connect(&pair.standby_url(), 1).await.unwrap())
        .await
        .unwrap();
    let writes = {
        let primary = primary.clone();
        tokio::spawn(async move {
            loop {
                let _ = sqlx::query("select txid_current()").execute(&primary).await;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
    };
    wait_target(&reads, ReadTarget::Fallback).await;
    assert!(!in_recovery(app.state.app.reads()).await);
    let ready = app.get("/readyz", None).await;
    assert_eq!(ready.body["reads"], "fallback", "{ready:?}");
    assert!(
        ready.body["readLagSeconds"].as_f64().unwrap() >= 1.0,
        "{ready:?}"
    );
    writes.abort();
    sqlx::query("select pg_wal_replay_resume()")
        .execute(&db::connect(&pair.standby_url(), 1).await.unwrap())
        .await
        .unwrap();
    wait_target(&reads, ReadTarget::Standby).await;

    // The standby down: the primary; its lag unknown.
    pair.stop_standby();
    wait_target(&reads, ReadTarget::Fallback).await;
    assert_eq!(reads.target().1, None);
    assert!(!in_recovery(app.state.app.reads()).await);
    let a = app
        .get(
            &format!("/api/reports/alarms/performance?{range}"),
            Some(&token),
        )
        .await;
    assert!(!a.status.is_server_error(), "{a:?}");

    stop.send(()).unwrap();
    watcher.await.unwrap();
}

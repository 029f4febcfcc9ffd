//! A socket's budgets (decision 95): topics per connection capped, topics only of configured
//! lines (a line configured a moment ago included), nothing left behind by unsubscribing or
//! leaving, frames per second limited, and a database that cannot answer the periodic
//! re-check keeps the connection open.

use std::time::{Duration, Instant};

use serde_json::json;
use sqlx::PgPool;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::{close_code, configured_line, next_json, send, start};

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn topics_beyond_the_budget_and_of_unconfigured_lines_are_refused(pool: PgPool) {
    let mut topics = vec!["lines".to_string(), "alarms".into(), "unknown-lines".into()];
    for i in 0..22 {
        let id = configured_line(&pool, &format!("L{i}")).await;
        topics.extend([
            format!("line:{id}"),
            format!("line:{id}:diagnostics"),
            format!("line:{id}:spc"),
        ]);
    }
    let live = start(pool.clone(), |_| {}).await;
    let mut ws = live.client().await;
    send(&mut ws, json!({"type": "subscribe", "topics": topics})).await;
    let (mut snapshots, mut over): (usize, Vec<String>) = (0, Vec::new());
    while snapshots < stream::ws::MAX_TOPICS || over.is_empty() {
        let f = next_json(&mut ws).await;
        if f["kind"] == "snapshot" {
            snapshots += 1;
        } else {
            assert_eq!(f["code"], "tooManyTopics", "{f}");
            over = serde_json::from_value(f["topics"].clone()).unwrap();
        }
    }
    assert_eq!(snapshots, 64);
    assert_eq!(over, topics[64..].to_vec());

    // A line no configuration has: refused. A line configured a moment ago: served.
    let mut other = live.client().await;
    send(
        &mut other,
        json!({"type": "subscribe", "topics": ["line:NO-SUCH-LINE"]}),
    )
    .await;
    let f = next_json(&mut other).await;
    assert_eq!(
        (&f["code"], &f["topics"]),
        (&json!("unknownLine"), &json!(["line:NO-SUCH-LINE"]))
    );
    let fresh = configured_line(&pool, "NEW").await;
    send(
        &mut other,
        json!({"type": "subscribe", "topics": [format!("line:{fresh}")]}),
    )
    .await;
    let f = next_json(&mut other).await;
    assert_eq!(
        (&f["kind"], &f["topic"]),
        (&json!("snapshot"), &json!(format!("line:{fresh}"))),
        "{f}"
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn unsubscribing_and_leaving_leave_no_topic_behind(pool: PgPool) {
    let id = configured_line(&pool, "L1").await;
    let live = start(pool, |_| {}).await;
    let mut ws = live.client().await;
    let topic = format!("line:{id}");
    send(
        &mut ws,
        json!({"type": "subscribe", "topics": ["lines", &topic]}),
    )
    .await;
    next_json(&mut ws).await;
    next_json(&mut ws).await;
    assert_eq!(live.stream.hub.topic_count(), 2);
    send(&mut ws, json!({"type": "unsubscribe", "topics": [&topic]})).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while live.stream.hub.topic_count() != 1 {
        assert!(
            Instant::now() < deadline,
            "the topic stayed behind its last subscriber"
        );
        tokio::task::yield_now().await;
    }
    drop(ws);
    while live.stream.hub.topic_count() != 0 || live.stream.hub.clients() != 0 {
        assert!(
            Instant::now() < deadline,
            "a topic stayed behind a client that left"
        );
        tokio::task::yield_now().await;
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_client_sending_too_fast_is_told_then_closed(pool: PgPool) {
    let live = start(pool, |_| {}).await;
    let mut ws = live.client().await;
    for _ in 0..300 {
        send(&mut ws, json!({"type": "pong"})).await;
    }
    let f = next_json(&mut ws).await;
    assert_eq!(f["code"], "rateLimited", "{f}");
    assert_eq!(close_code(&mut ws).await, Some(CloseCode::Library(4400)));
}

/// The count of a counter of this process (the server runs in it), as `/metrics` says it.
async fn counter(_: std::net::SocketAddr, name: &str) -> f64 {
    api::ops::prometheus()
        .render()
        .lines()
        .filter(|l| l.starts_with(name))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_database_that_cannot_answer_the_recheck_keeps_the_wall_connected(pool: PgPool) {
    let id = configured_line(&pool, "L1").await;
    let live = start(pool.clone(), |c| {
        c.reauth_every = Duration::from_millis(200)
    })
    .await;
    let mut ws = live.client().await;
    let before = counter(live.addr, "stream_rights_unreadable_total").await;
    // The table the session check reads is gone: every re-check fails with a database error.
    sqlx::query("alter table revoked_jwt rename to revoked_jwt_away")
        .execute(&pool)
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while counter(live.addr, "stream_rights_unreadable_total").await < before + 2.0 {
        assert!(
            Instant::now() < deadline,
            "no re-check met the failing database"
        );
        tokio::task::yield_now().await;
    }
    sqlx::query("alter table revoked_jwt_away rename to revoked_jwt")
        .execute(&pool)
        .await
        .unwrap();
    // Still connected, and still served.
    send(
        &mut ws,
        json!({"type": "subscribe", "topics": [format!("line:{id}")]}),
    )
    .await;
    let f = next_json(&mut ws).await;
    assert_eq!(f["kind"], "snapshot", "{f}");
}

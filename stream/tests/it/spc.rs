//! Live SPC on real NATS: ingest judges each completed batch against the line's live saved
//! set, and a batch that breaks an enabled rule reaches a WebSocket client on `line:<id>:spc`
//! (and the line's tile on `lines`); an in-control batch and the old baseline batches do not.

use std::time::{Duration, Instant};

use chrono::Utc;
use model::wire::{self, BatchEventKind, Envelope, Sample};
use serde_json::{Value, json};
use sqlx::PgPool;
use testkit::samples::{batch, weighing};
use uuid::Uuid;

use super::{next_json, send, start};

/// 24 batches three days ago, one CORN dose each alternating ±0.1 kg: the baseline
/// (mean 0, σ = 0.2 / 1.128, so 3σ ≈ 0.53 kg).
async fn baseline(pool: &PgPool, line: &str) {
    let day = Utc::now() - chrono::Duration::days(3);
    let mut rows = db::ingest::Rows::default();
    for i in 0..24 {
        let t = day + chrono::Duration::hours(i);
        let id = format!("BASE-{i:02}");
        let mut start = batch(BatchEventKind::Started, &id, 600.0, None);
        start.time = t;
        let mut end = batch(BatchEventKind::Ended, &id, 600.0, Some(600.0));
        end.time = t + chrono::Duration::minutes(5);
        let d = if i % 2 == 0 { 0.1 } else { -0.1 };
        let w = wire::Weighing {
            time: t + chrono::Duration::minutes(1),
            actual_kg: 600.0 + d,
            deviation_kg: d,
            tolerance_kg: 1.5,
            ..weighing(&id, 600.0)
        };
        rows.batch.push((line.into(), start));
        rows.weighing.push((line.into(), w));
        rows.batch.push((line.into(), end));
    }
    db::ingest::write::write(pool, &rows).await.unwrap();
}

/// A batch through JetStream as the plant sends it: start, one CORN dose off by `d`, end.
async fn run_batch(js: &async_nats::jetstream::Context, line: &str, id: &str, d: f64) {
    async fn send<T: Sample>(js: &async_nats::jetstream::Context, line: &str, s: T) {
        let e = Envelope::new(line, vec![s]);
        js.publish(e.subject(), serde_json::to_vec(&e).unwrap().into())
            .await
            .unwrap()
            .await
            .unwrap();
    }
    send(js, line, batch(BatchEventKind::Started, id, 600.0, None)).await;
    let w = wire::Weighing {
        actual_kg: 600.0 + d,
        deviation_kg: d,
        tolerance_kg: 1.5,
        ..weighing(id, 600.0)
    };
    send(js, line, w).await;
    send(
        js,
        line,
        batch(BatchEventKind::Ended, id, 600.0, Some(600.0 + d)),
    )
    .await;
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_batch_that_breaks_a_live_rule_is_pushed_on_its_line_topic(pool: PgPool) {
    let live = start(pool.clone(), |_| {}).await;
    let line = Uuid::new_v4();
    let line_id = line.to_string();
    sqlx::query("insert into line (id, name, code, timezone) values ($1, 'Line 1', 'PL1', 'UTC')")
        .bind(line)
        .execute(&pool)
        .await
        .unwrap();
    baseline(&pool, &line_id).await;
    let now = Utc::now();
    let set = db::spc::Set {
        id: Uuid::new_v4(),
        kind: "BATCH".into(),
        line_id: line,
        name: "Corn dosing".into(),
        subject: "DOSING_ERROR".into(),
        material_code: Some("CORN".into()),
        scale_code: None,
        parameter_code: None,
        recipe_id: None,
        chart: model::spc::ChartKind::Individuals,
        subgroup: 5,
        baseline_from: now - chrono::Duration::days(4),
        baseline_to: now - chrono::Duration::days(2),
        rules: vec!["WE1".into()],
        live: true,
        created_at: now,
        created_by: None,
        updated_at: now,
        updated_by: None,
    };
    db::spc::save(&pool, &set, "test", true).await.unwrap();

    let js = async_nats::jetstream::new(live.nats.clone());
    let settings = ingest::StreamSettings::small();
    bus::plant::ensure_stream(&js, &settings).await.unwrap();
    let ingest = tokio::spawn(ingest::run(
        pool.clone(),
        js.clone(),
        ingest::Config {
            stream: settings,
            ..Default::default()
        },
        std::future::pending(),
    ));

    let topic = format!("line:{line_id}:spc");
    let mut ws = live.client().await;
    send(&mut ws, json!({"type": "subscribe", "topics": [topic]})).await;
    let snapshot = next_json(&mut ws).await;
    assert_eq!(snapshot["kind"], "snapshot", "{snapshot}");
    assert_eq!(snapshot["data"]["violations"], json!([]), "{snapshot}");

    // In control (0.05 kg), then beyond 3σ (1.0 kg): only the second is pushed.
    run_batch(&js, &line_id, "OK-1", 0.05).await;
    run_batch(&js, &line_id, "OFF-1", 1.0).await;
    let ended = Instant::now();
    let pushed = loop {
        let f = next_json(&mut ws).await;
        if f["topic"] == topic.as_str() && f["kind"] == "delta" {
            break f;
        }
    };
    println!(
        "SPC violation pushed {} ms after the batch's end was published",
        ended.elapsed().as_millis()
    );
    let v: &Value = &pushed["data"];
    assert_eq!(v["batchId"], "OFF-1", "{pushed}");
    assert_eq!(v["rule"], "WE1", "{pushed}");
    assert_eq!(v["setName"], "Corn dosing");
    assert_eq!(v["code"], "CORN");
    assert!((v["value"].as_f64().unwrap() - 1.0).abs() < 1e-9, "{v}");
    assert!(
        (v["sigma"].as_f64().unwrap() - 0.2 / 1.128).abs() < 1e-9,
        "{v}"
    );

    // Kept for the report, once; every batch judged or marked, the old ones without a finding.
    let kept: Vec<(String, String)> =
        sqlx::query_as("select batch_id, rule from spc_violation order by batch_id")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(kept, [("OFF-1".to_string(), "WE1".to_string())]);
    testkit::wait_count(
        &pool,
        "select count(*) from production_batch where spc_checked_at is null",
        |n| n == 0,
        Duration::from_secs(10),
    )
    .await;
    // The line's tile shows it; a client subscribing later gets it in the snapshot.
    let tile = live.stream.hub.line(&line_id).unwrap();
    assert_eq!(
        stream::views::summary(&tile)
            .last_spc_violation
            .map(|v| v.batch_id.as_str()),
        Some("OFF-1")
    );
    let mut late = live.client().await;
    send(&mut late, json!({"type": "subscribe", "topics": [topic]})).await;
    let snapshot = next_json(&mut late).await;
    assert_eq!(snapshot["data"]["violations"][0]["batchId"], "OFF-1");
    ingest.abort();
}

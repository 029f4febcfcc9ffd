//! Alarm handling live (issue 34): a raise shows at once, and an acknowledgement made in
//! Batchline reaches every viewer of `alarms` and the line's tile through the alarm board.

use std::time::{Duration, Instant};

use chrono::Utc;
use model::wire;
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use crate::{configured_line, next_json, send, start};

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn an_acknowledgement_reaches_the_alarm_viewers_and_the_tile_within_a_second(pool: PgPool) {
    let line = configured_line(&pool, "L1").await;
    let live = start(pool.clone(), |_| {}).await;
    let js = async_nats::jetstream::new(live.nats.clone());
    let stream = ingest::StreamSettings::small();
    bus::plant::ensure_stream(&js, &stream).await.unwrap();
    let ingest = tokio::spawn(ingest::run(
        pool.clone(),
        js.clone(),
        ingest::Config {
            stream,
            ..Default::default()
        },
        std::future::pending(),
    ));
    let mut ws = live.client().await;
    send(
        &mut ws,
        json!({"type": "subscribe", "topics": ["alarms", "lines"]}),
    )
    .await;
    let mut snaps = 0;
    while snaps < 2 {
        snaps += usize::from(next_json(&mut ws).await["kind"] == "snapshot");
    }

    let raised = wire::Alarm {
        id: Uuid::now_v7(),
        time: Utc::now(),
        batch_id: None,
        code: "MOTOR_OVERLOAD".into(),
        severity: wire::Severity::Critical,
        message: "Mixer motor overload tripped".into(),
        state: wire::AlarmState::Raised,
        cleared_at: None,
    };
    let e = wire::Envelope::new(&line, vec![raised.clone()]);
    bus::publish_once(&js, &e, Duration::from_secs(5))
        .await
        .unwrap();
    let d = loop {
        let d = next_json(&mut ws).await;
        if d["topic"] == "alarms" {
            break d;
        }
    };
    assert_eq!(d["data"]["state"], "RAISED", "{d}");
    assert_eq!(d["data"]["id"], raised.id.to_string());
    // Stored by ingest: on the board, with the same id.
    let db_pool = pool.clone();
    let deadline = Instant::now() + Duration::from_secs(10);
    while sqlx::query_scalar::<_, i64>("select count(*) from alarm_occurrence")
        .fetch_one(&db_pool)
        .await
        .unwrap()
        == 0
    {
        assert!(Instant::now() < deadline, "ingest never stored the alarm");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    let app = app::App::new(pool.clone(), Some(live.nats.clone()));
    let asked = Instant::now();
    let done = app::alarms::handling::ack(
        &app,
        "operator@plant.test",
        &app::alarms::handling::AckRequest {
            ids: Some(vec![raised.id]),
            line_id: None,
        },
    )
    .await
    .unwrap();
    assert_eq!(done.occurrences, 1);
    let (mut acked, mut tile) = (None, None);
    while acked.is_none() || tile.is_none() {
        let d = next_json(&mut ws).await;
        if d["topic"] == "alarms" && d["data"]["state"] == "ACKED" {
            acked = Some(asked.elapsed());
            assert_eq!(d["data"]["ackedBy"], "operator@plant.test");
        }
        if d["topic"] == "lines" && d["data"]["unacknowledgedAlarms"] == 0 {
            tile = Some(asked.elapsed());
            assert_eq!(
                d["data"]["criticalAlarm"]["code"], "MOTOR_OVERLOAD",
                "still active"
            );
        }
    }
    // Measured, not asserted (shared machines): the issue asks for within 1 s.
    println!("acknowledgement to viewers: alarms {acked:?}, tile {tile:?}");
    ingest.abort();
}

//! Poison messages: a message that decodes but holds what must not be stored (a NUL, a number
//! beyond its field's range, a time far from now) is refused at decode, and one that Postgres
//! still refuses is written apart from the rest; either way it is quarantined with its reason,
//! everything else is stored once, and the consumer's backlog drains.

use std::time::{Duration, Instant};

use chrono::Utc;
use model::wire::{self, Envelope};
use sqlx::PgPool;
use testkit::{NatsServer, Published, encoded};
use uuid::Uuid;

use super::{assert_rollups_match, process, start_ingest, stream, wait_for, weighing};

fn raw(subject: &str, payload: &[u8]) -> Published {
    (subject.into(), Uuid::now_v7().to_string(), payload.to_vec())
}

/// The poison messages of every kind, the reason each must be quarantined with, by turns.
fn poison(i: usize) -> (Published, &'static str) {
    let one = |w: wire::Weighing| encoded(&Envelope::new("L1", vec![w]));
    let value = |v: f64| {
        encoded(&Envelope::new(
            "L2",
            vec![wire::ProcessSample {
                value: v,
                ..process(1)
            }],
        ))
    };
    match i % 12 {
        0 => (one(wire::Weighing { material_id: "CORN\u{0}".into(), ..weighing(1) }), "materialId: a NUL character"),
        1 => (value(1e308), "value: 1e308 is outside"),
        2 => (one(wire::Weighing { actual_kg: -1e308, ..weighing(2) }), "actualKg:"),
        3 => (one(wire::Weighing { lot: Some("L".repeat(5_000)), ..weighing(3) }), "lot: 5000 characters"),
        4 => (one(wire::Weighing { time: Utc::now() - chrono::Duration::days(800), ..weighing(4) }), "days before now"),
        5 => (one(wire::Weighing { time: Utc::now() + chrono::Duration::days(1), ..weighing(5) }), "minutes after now"),
        6 => (raw("plant.L1.weighing", b"{\"v\":1,\"garbage"), "invalid weighing"),
        7 => (raw("plant.L2.process", br#"{"v":1,"id":"0193a0a0-0000-7000-8000-000000000000","lineId":"L2","kind":"process","samples":[{"id":"0193a0a0-0000-7000-8000-000000000001","time":"2026-11-26T00:00:00Z","batchId":null,"parameterCode":"X","value":1e400}]}"#), "invalid process"),
        8 => {
            let mut old = Envelope::new("L2", vec![process(1)]);
            old.v = 99;
            (encoded(&old), "unsupported version")
        }
        9 => {
            let e = Envelope::new("L2", vec![process(1)]);
            (raw("plant.L3.process", &serde_json::to_vec(&e).unwrap()), "does not match the subject")
        }
        10 => (encoded(&Envelope::<wire::ProcessSample>::new("L2", vec![])), "no samples"),
        // Within every limit of the wire, but refused by this database (the test's trigger):
        // found by writing the transaction apart.
        _ => (
            encoded(&Envelope::new("L2", vec![wire::ProcessSample { parameter_code: "REFUSED".into(), ..process(1) }])),
            "refused by the database",
        ),
    }
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn poison_messages_are_quarantined_and_every_good_sample_stored_once(pool: PgPool) {
    // What a database may refuse although the wire allows it (a constraint a plant added).
    sqlx::raw_sql(
        "create function refuse_marked() returns trigger language plpgsql as $$
         begin
           if new.parameter_code = 'REFUSED' then
             raise exception 'this plant refuses the parameter REFUSED' using errcode = '22023';
           end if;
           return new;
         end $$;
         create trigger refuse_marked before insert on process_sample
           for each row execute function refuse_marked();",
    )
    .execute(&pool)
    .await
    .unwrap();
    let nats = NatsServer::start().await;
    let js = stream(&nats).await;
    let ingest = start_ingest(&pool, &nats).await;

    // 100,000 good samples in 10,000 messages, a poison message after every 200th.
    const MESSAGES: usize = 5_000;
    let mut msgs = Vec::new();
    let mut expected = Vec::new();
    for m in 0..MESSAGES {
        let w = Envelope::new("L1", (0..10).map(|k| weighing(m * 10 + k)).collect());
        let p = Envelope::new("L2", (0..10).map(|k| process(m * 10 + k)).collect());
        msgs.push(encoded(&w));
        msgs.push(encoded(&p));
        if m % 100 == 99 {
            let (message, reason) = poison(m / 100);
            expected.push((message.0.clone(), message.2.clone(), reason));
            msgs.push(message);
        }
    }
    assert_eq!(expected.len(), 50);
    let count = msgs.len();
    let started = Instant::now();
    testkit::publish_all(&js, msgs).await;

    wait_for(&pool, "select count(*) from weighing", 50_000).await;
    wait_for(&pool, "select count(*) from process_sample", 50_000).await;
    wait_for(&pool, "select count(*) from ingest_quarantine", 50).await;
    let stored = started.elapsed();
    assert_eq!(
        super::count(&pool, "select count(distinct id) from weighing").await,
        50_000
    );
    assert_eq!(
        super::count(&pool, "select count(distinct id) from process_sample").await,
        50_000
    );
    assert_rollups_match(&pool).await;

    // Each poison message kept whole, with the reason it was refused.
    let kept: Vec<(String, Vec<u8>, String)> =
        sqlx::query_as("select subject, raw, reason from ingest_quarantine")
            .fetch_all(&pool)
            .await
            .unwrap();
    for (subject, payload, reason) in &expected {
        let found = kept
            .iter()
            .find(|(s, r, _)| s == subject && r == payload)
            .unwrap_or_else(|| panic!("{subject}: not quarantined ({reason})"));
        assert!(
            found.2.contains(reason),
            "{subject}: {:?} does not say {reason:?}",
            found.2
        );
        assert!(!found.2.contains('\u{0}'));
    }

    // The backlog drains: nothing pending, nothing waiting for an ack.
    let mut consumer: async_nats::jetstream::consumer::PullConsumer = js
        .get_stream(bus::subjects::PLANT_STREAM)
        .await
        .unwrap()
        .get_consumer(&bus::plant::StreamSettings::default().consumer)
        .await
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let info = consumer.info().await.unwrap();
        if info.num_pending == 0 && info.num_ack_pending == 0 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the backlog stayed at {} pending, {} unacknowledged",
            info.num_pending,
            info.num_ack_pending
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The figure of the closing note (`make abuse` shows it; a debug build, a shared machine).
    println!(
        "poison: {count} messages (100,000 good samples, 50 poison of 12 kinds) published, stored \
         and quarantined within {:.1} s of the first publish; backlog 0 after {:.1} s",
        stored.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    ingest.abort();
}

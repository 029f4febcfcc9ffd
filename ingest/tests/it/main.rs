//! Ingest on a real nats-server (private, per test) and a real Postgres (fresh database per
//! test): exactly-once storage across restarts, quarantine, and Postgres failures.

use std::time::{Duration, Instant};

use chrono::Utc;
use ingest::{Config, StreamSettings};
use model::wire::{self, Envelope};
use sqlx::PgPool;
use testkit::NatsServer;
use testkit::samples;
use tokio::task::JoinHandle;
use uuid::Uuid;

mod alarms;
mod poison;
mod ties;
mod trace;

fn config() -> Config {
    Config {
        batch_size: 500,
        flush_interval: Duration::from_millis(100),
        stream: StreamSettings {
            ack_wait: Duration::from_secs(2),
            max_bytes: 256 << 20,
            ..StreamSettings::default()
        },
        max_backoff: Duration::from_millis(300),
        writers: 2,
    }
}

async fn start_ingest(pool: &PgPool, nats: &NatsServer) -> JoinHandle<()> {
    let js = async_nats::jetstream::new(nats.client().await);
    let pool = pool.clone();
    tokio::spawn(async move {
        ingest::run(pool, js, config(), std::future::pending())
            .await
            .unwrap()
    })
}

/// Creates the stream as the ingest would, so publishing can start before ingest runs.
async fn stream(nats: &NatsServer) -> async_nats::jetstream::Context {
    let js = async_nats::jetstream::new(nats.client().await);
    bus::plant::ensure_stream(&js, &config().stream)
        .await
        .unwrap();
    js
}

fn weighing(i: usize) -> wire::Weighing {
    let setpoint = 100.0 + i as f64;
    wire::Weighing {
        bin_id: Some("BIN1".into()),
        material_id: format!("M{}", i % 3),
        actual_kg: setpoint + 0.5,
        deviation_kg: 0.5,
        tolerance_kg: 1.0,
        // Every seventh dose is out of tolerance.
        in_tolerance: !i.is_multiple_of(7),
        ..samples::weighing(&format!("B{}", i / 10), setpoint)
    }
}

/// Process samples, two of every three during a batch (some summed up per batch).
fn process(i: usize) -> wire::ProcessSample {
    wire::ProcessSample {
        batch_id: (!i.is_multiple_of(3)).then(|| format!("B{}", i / 10)),
        ..samples::process(
            if i.is_multiple_of(2) {
                "MIXER_POWER_KW"
            } else {
                "MIXER_TEMP_C"
            },
            i as f64,
        )
    }
}

/// `n` weighings, one per message, and `n` process samples, ten per message.
fn messages(n: usize) -> Vec<testkit::Published> {
    let mut out = Vec::new();
    for i in 0..n {
        out.push(testkit::encoded(&Envelope::new("L1", vec![weighing(i)])));
    }
    for chunk in (0..n).collect::<Vec<_>>().chunks(10) {
        let e = Envelope::new("L2", chunk.iter().map(|&i| process(i)).collect());
        out.push(testkit::encoded(&e));
    }
    out
}

async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string()))
        .fetch_one(pool)
        .await
        .unwrap()
}

/// Polls until `sql` counts `want`; more than `want` fails at once.
async fn wait_for(pool: &PgPool, sql: &'static str, want: i64) {
    let ok = |got: i64| {
        assert!(
            got <= want,
            "{sql}: {got} rows, more than the {want} published"
        );
        got == want
    };
    testkit::wait_count(pool, sql, ok, Duration::from_secs(60)).await;
}

async fn assert_stored_once(pool: &PgPool, n: i64) {
    assert_eq!(
        count(pool, "select count(distinct id) from weighing").await,
        n
    );
    assert_eq!(
        count(pool, "select count(distinct id) from process_sample").await,
        n
    );
    assert_rollups_match(pool).await;
}

/// The report rollups and batch summaries agree with the raw rows (`ingest::check`).
async fn assert_rollups_match(pool: &PgPool) {
    let failed = db::ingest::check::rollup_mismatches(pool).await.unwrap();
    assert!(failed.is_empty(), "{failed:#?}");
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn every_published_sample_is_stored_exactly_once(pool: PgPool) {
    let nats = NatsServer::start().await;
    let js = stream(&nats).await;
    let ingest = start_ingest(&pool, &nats).await;

    let msgs = messages(2_000);
    testkit::publish_all(&js, msgs.clone()).await;
    // The same messages again, as a publisher retrying within the duplicate window would.
    testkit::publish_all(&js, msgs).await;

    wait_for(&pool, "select count(*) from weighing", 2_000).await;
    wait_for(&pool, "select count(*) from process_sample", 2_000).await;
    assert_stored_once(&pool, 2_000).await;
    ingest.abort();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn samples_redelivered_under_new_message_ids_are_not_stored_twice(pool: PgPool) {
    let nats = NatsServer::start().await;
    let js = stream(&nats).await;
    let ingest = start_ingest(&pool, &nats).await;
    let msgs = messages(300);
    testkit::publish_all(&js, msgs.clone()).await;
    wait_for(&pool, "select count(*) from weighing", 300).await;

    // A gateway that lost its acks resends the same samples in new messages: JetStream cannot
    // de-duplicate them, the sample key must.
    let resent = msgs
        .into_iter()
        .map(|(s, _, p)| (s, Uuid::now_v7().to_string(), p))
        .collect();
    testkit::publish_all(&js, resent).await;
    // A marker published last: once it is stored, the resent messages have been processed.
    let marker = Envelope::new(
        "L9",
        vec![wire::LineState {
            id: Uuid::now_v7(),
            time: Utc::now(),
            state: wire::LineStateKind::Idle,
            stop_reason_id: None,
        }],
    );
    testkit::publish_all(
        &js,
        vec![(
            marker.subject(),
            marker.id.to_string(),
            serde_json::to_vec(&marker).unwrap(),
        )],
    )
    .await;
    wait_for(
        &pool,
        "select count(*) from line_state where line_id = 'L9'",
        1,
    )
    .await;

    assert_stored_once(&pool, 300).await;
    ingest.abort();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn killing_ingest_and_restarting_nats_mid_run_still_stores_everything_once(pool: PgPool) {
    let mut nats = NatsServer::start().await;
    let js = stream(&nats).await;
    let ingest = start_ingest(&pool, &nats).await;
    let msgs = messages(3_000);
    let (first, second) = msgs.split_at(3_000);

    let publisher = {
        let js = js.clone();
        let first = first.to_vec();
        tokio::spawn(async move { testkit::publish_all(&js, first).await })
    };
    // Kill ingest as soon as part of the data is in, while it is still consuming.
    wait_until(&pool, "select count(*) from weighing", |n| n > 0).await;
    ingest.abort();
    let _ = ingest.await;
    publisher.await.unwrap();

    // NATS crashes and comes back with its file store; a fresh ingest resumes the consumer.
    nats.restart().await;
    let js = async_nats::jetstream::new(nats.client().await);
    let ingest = start_ingest(&pool, &nats).await;
    testkit::publish_all(&js, second.to_vec()).await;

    wait_for(&pool, "select count(*) from weighing", 3_000).await;
    wait_for(&pool, "select count(*) from process_sample", 3_000).await;
    assert_stored_once(&pool, 3_000).await;
    ingest.abort();
}

async fn wait_until(pool: &PgPool, sql: &'static str, ok: impl Fn(i64) -> bool) {
    testkit::wait_count(pool, sql, ok, Duration::from_secs(60)).await;
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_malformed_message_is_quarantined_and_the_rest_continue(pool: PgPool) {
    let nats = NatsServer::start().await;
    let js = stream(&nats).await;
    let ingest = start_ingest(&pool, &nats).await;

    let mut msgs = messages(50);
    msgs.insert(
        10,
        (
            "plant.L1.weighing".into(),
            Uuid::now_v7().to_string(),
            b"{\"v\":1,\"garbage".to_vec(),
        ),
    );
    let mut old = Envelope::new("L1", vec![process(1)]);
    old.v = 99;
    msgs.insert(
        20,
        (
            old.subject(),
            old.id.to_string(),
            serde_json::to_vec(&old).unwrap(),
        ),
    );
    testkit::publish_all(&js, msgs).await;

    wait_for(&pool, "select count(*) from weighing", 50).await;
    wait_for(&pool, "select count(*) from ingest_quarantine", 2).await;
    let (raw, reason): (Vec<u8>, String) = sqlx::query_as(
        "select raw, reason from ingest_quarantine where subject = 'plant.L1.weighing'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(raw, b"{\"v\":1,\"garbage");
    assert!(reason.contains("invalid weighing"), "{reason}");
    let reason: String = sqlx::query_scalar(
        "select reason from ingest_quarantine where subject = 'plant.L1.process'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(reason.contains("version"), "{reason}");
    ingest.abort();
}

/// JetStream delivers a message again when its ack is lost or it waited in ingest's queue past
/// the ack wait: written twice, a poison message is still quarantined once.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_message_delivered_twice_is_quarantined_once(pool: PgPool) {
    let mut rows = db::ingest::rows::Rows::default();
    rows.add("plant.L1.weighing", Some(41), b"{\"v\":1,\"garbage");
    rows.add("plant.L1.weighing", Some(42), b"{\"v\":1,\"other");
    let first = db::ingest::write::write(&pool, &rows).await.unwrap();
    assert_eq!(first.quarantined, 2);
    // Again, and once more beside its own copy in one batch.
    rows.add("plant.L1.weighing", Some(41), b"{\"v\":1,\"garbage");
    let again = db::ingest::write::write(&pool, &rows).await.unwrap();
    assert_eq!(again.quarantined, 0);
    assert_eq!(
        count(&pool, "select count(*) from ingest_quarantine").await,
        2
    );
    // A different message under a sequence seen before (a stream recreated) is still kept.
    let mut other = db::ingest::rows::Rows::default();
    other.add("plant.L1.weighing", Some(41), b"{\"v\":1,\"third");
    assert_eq!(
        db::ingest::write::write(&pool, &other)
            .await
            .unwrap()
            .quarantined,
        1
    );
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn writes_that_fail_are_retried_and_nothing_is_acked_before_commit(pool: PgPool) {
    let nats = NatsServer::start().await;
    let js = stream(&nats).await;
    // The table is gone: every write fails until it is back.
    sqlx::query("alter table weighing rename to weighing_away")
        .execute(&pool)
        .await
        .unwrap();
    let ingest = start_ingest(&pool, &nats).await;
    testkit::publish_all(&js, messages(200)).await;

    // Failures are counted while messages stay unacknowledged in the stream.
    let mut info = js.get_stream(bus::subjects::PLANT_STREAM).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while info.info().await.unwrap().state.messages < 220 {
        assert!(
            Instant::now() < deadline,
            "messages vanished from the stream before they were stored"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        count(&pool, "select count(*) from process_sample").await,
        0,
        "one transaction per batch: nothing partial"
    );

    sqlx::query("alter table weighing_away rename to weighing")
        .execute(&pool)
        .await
        .unwrap();
    wait_for(&pool, "select count(*) from weighing", 200).await;
    wait_for(&pool, "select count(*) from process_sample", 200).await;
    assert_stored_once(&pool, 200).await;
    assert!(
        !ingest.is_finished(),
        "ingest kept running through the failures"
    );
    ingest.abort();
}

/// A database that stalls for several ack waits (a lock held by a long migration) keeps every
/// fetched batch in progress — the ones being written and the ones queued for a writer alike —
/// so JetStream delivers nothing twice.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn batches_waiting_for_a_stalled_database_are_not_delivered_again(pool: PgPool) {
    let nats = NatsServer::start().await;
    let js = stream(&nats).await;
    let mut lock = pool.begin().await.unwrap();
    sqlx::query("lock table weighing in access exclusive mode")
        .execute(&mut *lock)
        .await
        .unwrap();
    let ingest = start_ingest(&pool, &nats).await;
    testkit::publish_all(&js, messages(1_000)).await;

    let mut consumer: async_nats::jetstream::consumer::PullConsumer = js
        .get_stream(bus::subjects::PLANT_STREAM)
        .await
        .unwrap()
        .get_consumer(&config().stream.consumer)
        .await
        .unwrap();
    // Both writers blocked, a batch queued, the fetcher holding the next: ingest holds more
    // than one pull's worth of messages it cannot yet write.
    let deadline = Instant::now() + Duration::from_secs(30);
    while consumer.info().await.unwrap().num_ack_pending < 200 {
        assert!(Instant::now() < deadline, "ingest fetched nothing");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The scenario, not a synchronisation: the database stalls for three ack waits.
    tokio::time::sleep(config().stream.ack_wait * 3).await;
    lock.commit().await.unwrap();

    wait_for(&pool, "select count(*) from weighing", 1_000).await;
    wait_for(&pool, "select count(*) from process_sample", 1_000).await;
    // Each delivery, first or again, takes a consumer sequence: as many as messages, none twice.
    let delivered = consumer.info().await.unwrap().delivered;
    assert_eq!(
        delivered.consumer_sequence, delivered.stream_sequence,
        "messages were delivered again while they waited for the database"
    );
    assert_stored_once(&pool, 1_000).await;
    ingest.abort();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn batch_events_assemble_the_batch_and_its_rollups(pool: PgPool) {
    let nats = NatsServer::start().await;
    let js = stream(&nats).await;
    let ingest = start_ingest(&pool, &nats).await;
    let event = |event, status, actual| wire::BatchEvent {
        id: Uuid::now_v7(),
        time: Utc::now(),
        event,
        batch_id: "L1-0001".into(),
        production_schedule_id: None,
        schedule_name: None,
        recipe_id: "R1".into(),
        recipe_code: Some("BROILER".into()),
        recipe_name: Some("Broiler grower".into()),
        recipe_version: 1,
        status,
        target_kg: 2000.0,
        actual_kg: actual,
        shift_id: Some("MORNING".into()),
    };
    let started = Envelope::new(
        "L1",
        vec![event(
            wire::BatchEventKind::Started,
            wire::BatchStatus::Running,
            None,
        )],
    );
    let ended = Envelope::new(
        "L1",
        vec![event(
            wire::BatchEventKind::Ended,
            wire::BatchStatus::Complete,
            Some(1998.5),
        )],
    );
    let msgs: Vec<_> = [started, ended.clone(), ended]
        .iter()
        .map(|e| {
            (
                e.subject(),
                Uuid::now_v7().to_string(),
                serde_json::to_vec(e).unwrap(),
            )
        })
        .collect();
    testkit::publish_all(&js, msgs).await;

    wait_for(
        &pool,
        "select count(*) from production_batch where status = 'COMPLETE'",
        1,
    )
    .await;
    wait_for(&pool, "select count(*) from batch_event", 2).await;
    let (started_at, actual): (Option<chrono::DateTime<Utc>>, Option<f64>) =
        sqlx::query_as("select started_at, actual_kg from production_batch")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert!(started_at.is_some());
    assert_eq!(actual, Some(1998.5));
    assert_eq!(
        count(&pool, "select sum(batches)::int8 from report_batch_hour").await,
        1,
        "the repeated ENDED event counts once"
    );
    assert_rollups_match(&pool).await;
    ingest.abort();
}

/// The rows of `samples`, as ingest decodes them from line `line`'s messages.
fn rows_of<T: wire::Sample>(line: &str, samples: Vec<T>) -> db::ingest::Rows {
    let mut rows = db::ingest::Rows::default();
    let e = Envelope::new(line, samples);
    rows.add(&e.subject(), None, &serde_json::to_vec(&e).unwrap());
    rows
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn report_rollups_count_each_batch_at_its_end_whatever_the_order_of_writes(pool: PgPool) {
    use wire::BatchEventKind::{Ended, Started};
    // 40 batches; for each, writes in an order chosen by its number: weighings before and after
    // the end, the end before the start, everything written twice, all on 4 concurrent tasks.
    let mut writes: Vec<db::ingest::Rows> = Vec::new();
    for i in 0..40 {
        let id = format!("B{i:03}");
        let mut ended = samples::batch(Ended, &id, 100.0, Some(100.0));
        if i % 5 == 0 {
            ended.status = wire::BatchStatus::Aborted;
        }
        // Some batches have one or two doses out of tolerance, before or after their end.
        let doses: Vec<wire::Weighing> = (0..4)
            .map(|k| wire::Weighing {
                in_tolerance: (i + k) % 3 != 0 || i % 2 == 0,
                ..samples::weighing(&id, 20.0 + k as f64)
            })
            .collect();
        let (early, late) = doses.split_at(i % 5);
        let mut batch = vec![
            rows_of("L1", vec![samples::batch(Started, &id, 100.0, None)]),
            rows_of("L1", early.to_vec()),
            rows_of("L1", vec![ended.clone()]),
            rows_of("L1", late.to_vec()),
        ];
        if i % 2 == 1 {
            batch.reverse();
        }
        batch.push(rows_of("L1", doses.clone()));
        batch.push(rows_of("L1", vec![ended]));
        writes.extend(batch);
    }
    let writes = std::sync::Arc::new(tokio::sync::Mutex::new(writes.into_iter()));
    let tasks: Vec<_> = (0..4)
        .map(|_| {
            let (pool, writes) = (pool.clone(), writes.clone());
            tokio::spawn(async move {
                loop {
                    let Some(rows) = writes.lock().await.next() else {
                        break;
                    };
                    db::ingest::write::write(&pool, &rows).await.unwrap();
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    assert_eq!(count(&pool, "select count(*) from weighing").await, 160);
    assert_eq!(
        count(&pool, "select sum(batches)::int8 from report_batch_hour").await,
        40
    );
    assert_eq!(
        count(&pool, "select sum(aborted)::int8 from report_batch_hour").await,
        8
    );
    assert_eq!(
        count(&pool, "select sum(doses)::int8 from report_material_day").await,
        160
    );
    assert_eq!(
        count(&pool, "select sum(oot_batches)::int8 from report_batch_day").await,
        20,
        "each odd batch has a dose out of tolerance"
    );
    assert_rollups_match(&pool).await;
}

/// A consumer an older version made with a 30 s ack wait takes today's, so a killed ingest's
/// messages come back within seconds there too.
#[tokio::test]
async fn a_consumer_made_with_another_ack_wait_is_updated() {
    let nats = NatsServer::start().await;
    let js = async_nats::jetstream::new(nats.client().await);
    let old = StreamSettings {
        ack_wait: Duration::from_secs(30),
        ..StreamSettings::small()
    };
    let stream = bus::plant::ensure_stream(&js, &old).await.unwrap();
    bus::plant::ensure_consumer(&stream, &old).await.unwrap();
    let mut c = bus::plant::ensure_consumer(&stream, &StreamSettings::small())
        .await
        .unwrap();
    let info = c.info().await.unwrap();
    assert_eq!(info.config.ack_wait, StreamSettings::default().ack_wait);
    assert_eq!(info.config.durable_name.as_deref(), Some("ingest"));
}

/// A stream larger than JetStream can reserve (here a petabyte; a 16 GiB default on a disk
/// with less than ~22 GB free) is refused with what to change, not a bare "insufficient
/// resources" that ingest would repeat forever.
#[tokio::test]
async fn a_stream_larger_than_the_disk_says_what_to_set() {
    let nats = NatsServer::start().await;
    let js = async_nats::jetstream::new(nats.client().await);
    let huge = StreamSettings {
        max_bytes: 1 << 50,
        ..StreamSettings::small()
    };
    let err = bus::plant::ensure_stream(&js, &huge).await.unwrap_err();
    let text = format!("{err:#}");
    assert!(text.contains("insufficient"), "{text}");
    assert!(text.contains("PLANT_STREAM_MAX_BYTES lower"), "{text}");
    assert!(text.contains("1048576.0 GiB"), "{text}");
}

/// Issue 36: ingest logs each alarm and batch event it stores in the plant's event log
/// (`bus::events`) once, even when the same samples come again in new messages (a gateway
/// resending, or a batch redelivered after a crash between commit and acknowledgement: both
/// publish the events again, and the log keeps each id once).
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn stored_alarms_and_batch_events_are_logged_once_in_order(pool: PgPool) {
    use futures::StreamExt;
    let nats = NatsServer::start().await;
    let js = stream(&nats).await;
    let ingest = start_ingest(&pool, &nats).await;
    let started = Envelope::new(
        "L1",
        vec![testkit::samples::batch(
            wire::BatchEventKind::Started,
            "L1-7",
            2000.0,
            None,
        )],
    );
    let alarm = Envelope::new(
        "L1",
        vec![wire::Alarm {
            id: Uuid::now_v7(),
            time: Utc::now(),
            batch_id: Some("L1-7".into()),
            code: "MIXER_OVERLOAD".into(),
            severity: wire::Severity::Critical,
            message: "Mixer motor overload".into(),
            state: wire::AlarmState::Raised,
            cleared_at: None,
        }],
    );
    let message = |e: &dyn Fn() -> (String, Vec<u8>)| {
        let (subject, body) = e();
        (subject, Uuid::now_v7().to_string(), body)
    };
    let started_msg = || (started.subject(), serde_json::to_vec(&started).unwrap());
    let alarm_msg = || (alarm.subject(), serde_json::to_vec(&alarm).unwrap());
    testkit::publish_all(&js, vec![message(&started_msg), message(&alarm_msg)]).await;
    wait_for(&pool, "select count(*) from alarm_event", 1).await;
    // The same samples again, in new messages: stored once, logged once.
    testkit::publish_all(&js, vec![message(&started_msg), message(&alarm_msg)]).await;
    let log = bus::events::EventLog::open(&js).await.unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    // Work-queue retention: the stream is empty once ingest acknowledged them all, and it
    // logs a batch's events before acknowledging it.
    while js
        .get_stream("PLANT")
        .await
        .unwrap()
        .info()
        .await
        .unwrap()
        .state
        .messages
        > 0
    {
        assert!(
            std::time::Instant::now() < deadline,
            "ingest never took the resent messages"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let span = log.span().await.unwrap();
    assert_eq!(
        (span.first, span.last),
        (1, 2),
        "two events, logged once each"
    );
    let events: Vec<_> = log
        .follow(1)
        .await
        .unwrap()
        .take(2)
        .map(|e| e.unwrap().1)
        .collect()
        .await;
    assert!(
        matches!(&events[0], model::live::LiveEvent::Batch { batch, .. } if batch.batch_id == "L1-7"),
        "{events:?}"
    );
    assert!(
        matches!(&events[1], model::live::LiveEvent::Alarm { alarm, .. } if alarm.code == "MIXER_OVERLOAD"),
        "{events:?}"
    );
    ingest.abort();
}

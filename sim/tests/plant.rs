//! The simulated plant through the real pipeline: a private nats-server, ingest, a fresh
//! database. Batches complete, their weighings add up, and the rate mode keeps its rate.

use std::time::{Duration, Instant};

use sqlx::PgPool;
use testkit::NatsServer;

/// A private nats-server with its stream, and ingest into `pool`.
async fn pipeline(
    pool: &PgPool,
) -> (
    NatsServer,
    async_nats::jetstream::Context,
    tokio::task::JoinHandle<anyhow::Result<()>>,
) {
    let nats = NatsServer::start().await;
    let js = async_nats::jetstream::new(nats.client().await);
    ingest::setup::ensure_stream(&js, &ingest::StreamSettings::default())
        .await
        .unwrap();
    let ingest = tokio::spawn(ingest::run(
        pool.clone(),
        js.clone(),
        ingest::Config::default(),
        std::future::pending(),
    ));
    (nats, js, ingest)
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn the_simulated_mill_completes_batches_whose_weighings_add_up(pool: PgPool) {
    let (_nats, js, ingest) = pipeline(&pool).await;
    let config = sim::Config {
        lines: 2,
        speed: 400.0,
        seed: 7,
        ..Default::default()
    };
    let sim = tokio::spawn(sim::run(js, config, std::future::pending()));

    testkit::wait_count(
        &pool,
        "select count(*) from production_batch where status = 'COMPLETE'",
        |n| n >= 2,
        Duration::from_secs(120),
    )
    .await;
    sim.abort();
    // Every complete batch's actual weight is the sum of its weighings; it has a mixing step.
    let bad: i64 = sqlx::query_scalar(
        "select count(*) from production_batch b where b.status = 'COMPLETE' and ( \
           abs(b.actual_kg - (select sum(actual_kg) from weighing w where w.line_id = b.line_id and w.batch_id = b.batch_id)) > 0.1 \
           or not exists (select 1 from mixing m where m.line_id = b.line_id and m.batch_id = b.batch_id))",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(bad, 0);
    let lines: i64 = sqlx::query_scalar("select count(distinct line_id) from line_state")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(lines, 2);
    let curves: i64 = sqlx::query_scalar(
        "select count(*) from process_sample where parameter_code = 'MIXER_POWER_KW'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(curves > 50, "a mixing power curve was recorded");
    ingest.abort();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn rate_mode_publishes_the_requested_samples_per_second(pool: PgPool) {
    let (_nats, js, ingest) = pipeline(&pool).await;
    let config = sim::Config {
        lines: 4,
        rate: Some(2_000),
        ..Default::default()
    };
    let sim = tokio::spawn(sim::run(js, config, std::future::pending()));
    // Measure over a window after the first samples arrived. It must never overshoot; the
    // lower bound is loose because a debug build on a busy 2-core machine may fall behind.
    let from = testkit::wait_count(
        &pool,
        "select count(*) from process_sample",
        |n| n >= 1_000,
        Duration::from_secs(30),
    )
    .await;
    let started = Instant::now();
    let to = testkit::wait_count(
        &pool,
        "select count(*) from process_sample",
        |n| n >= from + 6_000,
        Duration::from_secs(30),
    )
    .await;
    let rate = (to - from) as f64 / started.elapsed().as_secs_f64();
    sim.abort();
    assert!(
        rate > 500.0 && rate < 2_600.0,
        "{rate:.0} samples/s for a requested 2000"
    );
    ingest.abort();
}

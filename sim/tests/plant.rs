//! The simulated plant through the real pipeline: a private nats-server, ingest, a fresh
//! database. Batches complete, their weighings add up, and the rate mode keeps its rate.

use std::time::Duration;

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
    // Each sample carries the time it was made, so the rate is counted over a window of sample
    // times (seconds 1 to 4 of the run), not over arrival in the database: ingest draining a
    // backlog after a slow start must not look like the simulator overshooting. The window is
    // complete once samples 3 s past its end are stored.
    testkit::wait_count(
        &pool,
        "select count(*) from process_sample \
         where time >= (select min(time) from process_sample) + interval '7 seconds'",
        |n| n > 0,
        Duration::from_secs(60),
    )
    .await;
    sim.abort();
    let in_window: i64 = sqlx::query_scalar(
        "select count(*) from process_sample, (select min(time) t0 from process_sample) s \
         where time >= t0 + interval '1 second' and time < t0 + interval '4 seconds'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    // It must never overshoot; the lower bound is loose because a debug build on a busy
    // 2-core machine may fall behind.
    let rate = in_window as f64 / 3.0;
    assert!(
        rate > 500.0 && rate < 2_600.0,
        "{rate:.0} samples/s for a requested 2000"
    );
    ingest.abort();
}

#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_line_with_released_recipes_doses_those_and_names_them(pool: PgPool) {
    let (_nats, js, ingest) = pipeline(&pool).await;
    let ingredient = |material: &str, kg: f64| sim::recipes::Ingredient {
        material: material.into(),
        scale: "S-MAJOR".into(),
        bin: format!("BIN-{material}"),
        setpoint_kg: kg,
        tolerance_kg: kg * 0.01,
    };
    let released = sim::recipes::Recipe {
        id: "0194c1d2-7a3b-7c00-8000-0000000000aa".into(),
        code: "TST-01".into(),
        name: "Test grower".into(),
        version: 7,
        batch_kg: 300.0,
        mix_s: 10.0,
        ingredients: vec![ingredient("WHEAT", 200.0), ingredient("OATS", 100.0)],
    };
    let config = sim::Config {
        configured: vec![sim::SimLine {
            id: "line-with-recipes".into(),
            code: "PL9".into(),
        }],
        speed: 400.0,
        ..Default::default()
    };
    config
        .book
        .write()
        .unwrap()
        .insert("line-with-recipes".into(), vec![released.clone()]);
    let sim = tokio::spawn(sim::run(js, config, std::future::pending()));
    testkit::wait_count(
        &pool,
        "select count(*) from production_batch where status = 'COMPLETE'",
        |n| n >= 1,
        Duration::from_secs(120),
    )
    .await;
    sim.abort();
    let (recipe, code, name, version): (String, String, String, i32) = sqlx::query_as(
        "select recipe_id, recipe_code, recipe_name, recipe_version from production_batch where status = 'COMPLETE' limit 1",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(
        (recipe.as_str(), code.as_str(), name.as_str(), version),
        (released.id.as_str(), "TST-01", "Test grower", 7)
    );
    let materials: Vec<String> =
        sqlx::query_scalar("select distinct material_id from weighing order by 1")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(materials, ["OATS", "WHEAT"]);
    ingest.abort();
}

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

/// A line controller needs only the documented board: an entry put under `<lineId>.<orderId>`
/// in the `ORDERS` bucket is run by the simulator (a line it had never heard of), batch after
/// batch from the entry's control recipe, and the line says IDLE when the order is done.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn an_order_put_on_the_board_is_run_from_its_control_recipe(pool: PgPool) {
    use model::schedule::board::BoardEntry;
    use model::schedule::control::{ControlRecipe, ControlWeighing};
    let (_nats, js, ingest) = pipeline(&pool).await;
    let weighing = |n: u32, material: &str, kg: f64| ControlWeighing {
        sequence: n,
        scale_id: None,
        scale_code: "S-MAJOR".into(),
        material_id: None,
        material_code: material.into(),
        material_name: material.into(),
        bin_id: None,
        bin_code: Some(format!("BIN-{material}")),
        setpoint_kg: kg,
        tolerance_kg: kg * 0.01,
        held_lot: None,
    };
    let order = uuid::Uuid::now_v7();
    let entry = BoardEntry {
        order_id: order,
        line_id: "line-from-the-board".into(),
        line_code: "PL9".into(),
        kind: model::schedule::Kind::Production,
        order_number: "PO-9".into(),
        name: "Test order".into(),
        sequence: 1,
        status: model::schedule::Status::Released,
        batches: 2,
        batches_done: 0,
        control_recipe: ControlRecipe {
            recipe_id: Some(uuid::Uuid::from_u128(0xaa)),
            recipe_code: "TST-01".into(),
            recipe_name: "Test grower".into(),
            recipe_version: 7,
            medication_class: "NONE".into(),
            batch_size_kg: 300.0,
            weighings: vec![weighing(1, "WHEAT", 200.0), weighing(2, "OATS", 100.0)],
            mixing: vec![],
            miscellaneous: vec![],
        },
        updated_at: chrono::Utc::now(),
    };
    let config = sim::Config {
        lines: 1,
        speed: 400.0,
        board: true,
        ..Default::default()
    };
    let sim = tokio::spawn(sim::run(js.clone(), config, std::future::pending()));
    let board = bus::board::Board::open(&js).await.unwrap();
    board.put(&entry).await.unwrap();
    testkit::wait_count(
        &pool,
        "select count(*) from line_state where line_id = 'line-from-the-board' and state = 'IDLE'",
        |n| n >= 1,
        Duration::from_secs(120),
    )
    .await;
    sim.abort();
    let batches: Vec<(String, String, Option<String>, String, i32)> = sqlx::query_as(
        "select status, production_schedule_id, schedule_name, recipe_id, recipe_version
         from production_batch where line_id = 'line-from-the-board' order by started_at",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let expected = (
        "COMPLETE".to_string(),
        order.to_string(),
        Some("Test order".to_string()),
        uuid::Uuid::from_u128(0xaa).to_string(),
        7,
    );
    assert_eq!(batches, [expected.clone(), expected]);
    let materials: Vec<String> = sqlx::query_scalar(
        "select distinct material_id from weighing where line_id = 'line-from-the-board' order by 1",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(materials, ["OATS", "WHEAT"]);
    ingest.abort();
}

/// A dose from a bin the board marks (it holds a lot not released, issue 33) is refused: the
/// line raises LOT_NOT_RELEASED and waits, dosing nothing from the bin, until the mark is gone.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn a_bin_marked_as_holding_a_lot_not_released_is_not_dosed_until_released(pool: PgPool) {
    use model::schedule::board::BoardEntry;
    use model::schedule::control::{ControlRecipe, ControlWeighing, HeldLot};
    use model::trace::LotStatus;
    let (_nats, js, ingest) = pipeline(&pool).await;
    let weighing = |n: u32, material: &str, kg: f64, held: bool| ControlWeighing {
        sequence: n,
        scale_id: None,
        scale_code: "S-MAJOR".into(),
        material_id: None,
        material_code: material.into(),
        material_name: material.into(),
        bin_id: None,
        bin_code: Some(format!("BIN-{material}")),
        setpoint_kg: kg,
        tolerance_kg: kg * 0.01,
        held_lot: held.then(|| HeldLot {
            lot_number: "W-17".into(),
            status: LotStatus::Quarantine,
        }),
    };
    let mut entry = BoardEntry {
        order_id: uuid::Uuid::now_v7(),
        line_id: "line-with-a-held-bin".into(),
        line_code: "PL8".into(),
        kind: model::schedule::Kind::Production,
        order_number: "PO-8".into(),
        name: "Held order".into(),
        sequence: 1,
        status: model::schedule::Status::Released,
        batches: 1,
        batches_done: 0,
        control_recipe: ControlRecipe {
            recipe_id: Some(uuid::Uuid::from_u128(0xbb)),
            recipe_code: "TST-02".into(),
            recipe_name: "Test finisher".into(),
            recipe_version: 1,
            medication_class: "NONE".into(),
            batch_size_kg: 300.0,
            weighings: vec![
                weighing(1, "OATS", 100.0, false),
                weighing(2, "WHEAT", 200.0, true),
            ],
            mixing: vec![],
            miscellaneous: vec![],
        },
        updated_at: chrono::Utc::now(),
    };
    let config = sim::Config {
        lines: 1,
        speed: 400.0,
        board: true,
        ..Default::default()
    };
    let sim = tokio::spawn(sim::run(js.clone(), config, std::future::pending()));
    let board = bus::board::Board::open(&js).await.unwrap();
    board.put(&entry).await.unwrap();
    testkit::wait_count(
        &pool,
        "select count(*) from alarm_event where line_id = 'line-with-a-held-bin' \
         and code = 'LOT_NOT_RELEASED' and state = 'RAISED' and message like 'Bin BIN-WHEAT holds lot W-17%'",
        |n| n == 1,
        Duration::from_secs(60),
    )
    .await;
    // Acknowledged in Batchline (issue 34): the controller applies it and says so.
    let app = app::App::new(pool.clone(), Some(js.client()));
    let raised: uuid::Uuid = sqlx::query_scalar(
        "select id from alarm_occurrence where line_id = 'line-with-a-held-bin' \
         and code = 'LOT_NOT_RELEASED'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let request = app::alarms::handling::AckRequest {
        ids: Some(vec![raised]),
        line_id: None,
    };
    app::alarms::handling::ack(&app, "operator@plant.test", &request)
        .await
        .unwrap();
    testkit::wait_count(
        &pool,
        "select count(*) from alarm_occurrence where line_id = 'line-with-a-held-bin' \
         and acked_by = 'operator@plant.test' and controller_acked_at is not null",
        |n| n == 1,
        Duration::from_secs(30),
    )
    .await;
    // The oats before it were dosed; nothing from the held bin.
    let dosed = |pool: PgPool| async move {
        sqlx::query_scalar::<_, String>(
            "select material_id from weighing where line_id = 'line-with-a-held-bin' order by time",
        )
        .fetch_all(&pool)
        .await
        .unwrap()
    };
    assert_eq!(dosed(pool.clone()).await, ["OATS"]);

    // The lot released: the mark goes, the alarm clears, the batch completes.
    entry.control_recipe.weighings[1].held_lot = None;
    board.put(&entry).await.unwrap();
    testkit::wait_count(
        &pool,
        "select count(*) from production_batch where line_id = 'line-with-a-held-bin' and status = 'COMPLETE'",
        |n| n == 1,
        Duration::from_secs(60),
    )
    .await;
    assert_eq!(dosed(pool.clone()).await, ["OATS", "WHEAT"]);
    let cleared: i64 = sqlx::query_scalar(
        "select count(*) from alarm_event where line_id = 'line-with-a-held-bin' \
         and code = 'LOT_NOT_RELEASED' and state = 'CLEARED'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(cleared, 1);
    sim.abort();
    ingest.abort();
}

/// The intake (issue 33): a line refills its bins with the lot the intake gives it, before the
/// dose, and its doses carry the lot really in the bin (oldest first); a fill recorded at the
/// intake and heard on the bus reaches the line's bin.
#[sqlx::test(migrator = "db::MIGRATOR")]
async fn bins_are_refilled_with_the_intakes_lots_and_take_the_fills_heard(pool: PgPool) {
    use model::schedule::board::BoardEntry;
    use model::schedule::control::{ControlRecipe, ControlWeighing};
    use model::wire::{BinMovement, BinMovementKind, Envelope};
    let (_nats, js, ingest) = pipeline(&pool).await;
    let line = "line-with-an-intake";
    let given = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
    let counter = given.clone();
    let config = sim::Config {
        configured: vec![sim::SimLine {
            id: line.into(),
            code: "PL7".into(),
            bins: vec![sim::bins::BinStart {
                code: "BIN-WHEAT".into(),
                capacity_kg: 1000.0,
                level_kg: Some(800.0),
                lots: vec![(Some("OLD-1".into()), 800.0)],
            }],
        }],
        speed: 400.0,
        board: true,
        upsets: false,
        intake: Some(sim::Intake(std::sync::Arc::new(move |_, material, _| {
            let n = counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
            Box::pin(async move { Some(format!("{material}-{n}")) })
        }))),
        ..Default::default()
    };
    let sim = tokio::spawn(sim::run(js.clone(), config, std::future::pending()));
    testkit::wait_count(
        &pool,
        "select count(*) from line_state where line_id = 'line-with-an-intake' and state = 'IDLE'",
        |n| n >= 1,
        Duration::from_secs(60),
    )
    .await;
    // A fill at the intake, on the bus while the line waits for an order.
    let mut out = bus::Publisher::new(js.clone(), 4);
    let fill = BinMovement {
        id: uuid::Uuid::now_v7(),
        time: chrono::Utc::now(),
        bin_id: "BIN-WHEAT".into(),
        material_id: "WHEAT".into(),
        lot: Some("EXT-9".into()),
        delta_kg: 100.0,
        level_kg: 900.0,
        kind: BinMovementKind::Fill,
    };
    out.send(&Envelope::new(line, vec![fill])).await;
    out.flush().await;
    testkit::wait_count(
        &pool,
        "select count(*) from bin_movement where line_id = 'line-with-an-intake' and lot = 'EXT-9'",
        |n| n == 1,
        Duration::from_secs(30),
    )
    .await;
    let dose = ControlWeighing {
        sequence: 1,
        scale_id: None,
        scale_code: "S-MAJOR".into(),
        material_id: None,
        material_code: "WHEAT".into(),
        material_name: "Wheat".into(),
        bin_id: None,
        bin_code: Some("BIN-WHEAT".into()),
        setpoint_kg: 300.0,
        tolerance_kg: 3.0,
        held_lot: None,
    };
    let entry = BoardEntry {
        order_id: uuid::Uuid::now_v7(),
        line_id: line.into(),
        line_code: "PL7".into(),
        kind: model::schedule::Kind::Production,
        order_number: "PO-7".into(),
        name: "Wheat run".into(),
        sequence: 1,
        status: model::schedule::Status::Released,
        batches: 4,
        batches_done: 0,
        control_recipe: ControlRecipe {
            recipe_id: Some(uuid::Uuid::from_u128(0xcc)),
            recipe_code: "TST-03".into(),
            recipe_name: "Wheat only".into(),
            recipe_version: 1,
            medication_class: "NONE".into(),
            batch_size_kg: 300.0,
            weighings: vec![dose],
            mixing: vec![],
            miscellaneous: vec![],
        },
        updated_at: chrono::Utc::now(),
    };
    bus::board::Board::open(&js)
        .await
        .unwrap()
        .put(&entry)
        .await
        .unwrap();
    testkit::wait_count(
        &pool,
        "select count(*) from production_batch where line_id = 'line-with-an-intake' and status = 'COMPLETE'",
        |n| n == 4,
        Duration::from_secs(120),
    )
    .await;
    sim.abort();
    // The fill heard was in the bin: the first dose left 900 − ~300, not 800 − ~300.
    let levels: Vec<(String, f64, Option<String>)> = sqlx::query_as(
        "select kind, level_kg, lot from bin_movement where line_id = $1 and lot is distinct from 'EXT-9' order by time",
    )
    .bind(line)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(levels[0].0, "DOSE", "{levels:?}");
    assert!((levels[0].1 - 600.0).abs() < 10.0, "{levels:?}");
    // Refilled before a dose with the intake's lot; the doses carry the lots in the bin.
    let fills: Vec<Option<String>> = levels
        .iter()
        .filter(|(k, _, _)| k == "FILL")
        .map(|(_, _, lot)| lot.clone())
        .collect();
    assert_eq!(fills, [Some("WHEAT-1".to_string())], "{levels:?}");
    let lots: Vec<Option<String>> =
        sqlx::query_scalar("select lot from weighing where line_id = $1 order by time")
            .bind(line)
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(lots[0].as_deref(), Some("OLD-1"), "{lots:?}");
    assert_eq!(lots.last().unwrap().as_deref(), Some("WHEAT-1"), "{lots:?}");
    assert_eq!(given.load(std::sync::atomic::Ordering::SeqCst), 1);
    ingest.abort();
}
